"""The deal generator: PRNG vectors, shuffle properties and pinned layouts for every game.

These vectors are the promise that a deal shared today is the same deal forever: a change that
alters any of them breaks every shared link and every leaderboard.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience.engine.cards import ONE_DECK, TWO_DECKS
from patience.engine.deal import (
    MAX_DEAL,
    SplitMix64,
    check_deal_number,
    derived_seed,
    forty_thieves_layout,
    gaps_layout,
    pyramid_layout,
    shuffled_deck,
)
from patience.engine.errors import InvalidDeal


def cards(text: str) -> list[str]:
    return text.split()


def test_splitmix64_reference_vectors() -> None:
    # The published reference outputs of SplitMix64 seeded with 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_is_in_range_and_covers_it() -> None:
    rng = SplitMix64(42)
    seen = Counter(rng.below(6) for _ in range(6000))
    assert set(seen) == set(range(6))
    assert min(seen.values()) > 800  # roughly uniform, no value starved


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        SplitMix64(1).below(0)


def test_canonical_deck_orders() -> None:
    assert [str(c) for c in ONE_DECK[:3]] == ["AS", "2S", "3S"]
    assert [str(c) for c in ONE_DECK[12:15]] == ["KS", "AH", "2H"]
    assert str(ONE_DECK[-1]) == "KC"
    assert TWO_DECKS == ONE_DECK + ONE_DECK


@given(st.integers(1, MAX_DEAL))
def test_shuffle_is_a_permutation(number: int) -> None:
    assert sorted(shuffled_deck(number), key=lambda c: c.index) == list(ONE_DECK)
    assert Counter(shuffled_deck(number, decks=2)) == Counter(TWO_DECKS)


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, 1.5, "7", True, None])
def test_deal_numbers_are_checked(bad: object) -> None:
    with pytest.raises(InvalidDeal):
        check_deal_number(bad)


def test_derived_seeds_do_not_collide() -> None:
    seeds = {derived_seed(seed, ordinal) for seed in range(50) for ordinal in range(1, 50)}
    assert len(seeds) == 49 * 50


PYRAMID = {
    1: (
        "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC TH 8C",
        "QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C",
    ),
    8153: (
        "8D 7C JS AS 2S 5S JD JC QH 5H 9S AD JH 6H 9C 9H 9D 3C 8C 7H 3D KH 4D TD KD 6C 4C AH",
        "3H 2H KS KC 7D QC TH 5C TS 4H 5D 8H 8S 3S QD QS TC AC 2D 2C 4S 6D 6S 7S",
    ),
    MAX_DEAL: (
        "6D 2H 8D 3C TS 5C 4D QS 3S JS 8S 5D JC KH 7C 9D 4H 5H 3H AH JH KC AS 4C 7S 8H 9S 2S",
        "9H 2D 2C JD QC 6S 6H 9C KD AC 4S 6C 7D 8C 5S QH TC TD 7H AD TH QD KS 3D",
    ),
}


@pytest.mark.parametrize("number", sorted(PYRAMID))
def test_pyramid_layout_vectors(number: int) -> None:
    pyramid, stock = pyramid_layout(number)
    assert [str(c) for c in pyramid] == cards(PYRAMID[number][0])
    assert [str(c) for c in stock] == cards(PYRAMID[number][1])


GAPS = {
    1: [
        "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S",
        "2H JD 5D 7D 4D 2S -- 6C KS KD TD TC JC",
        "TH 8C QS 4C 6S 7S -- 5S -- KC 6D QC QD",
        "QH 9H 3H 3C -- 4S 2D 8S TS 3D 2C 9D 7C",
    ],
    77: [
        "2D 7D KS 6D 9H JC 8S 3C KH 3D 6H 3S TC",
        "TD QD -- 7H 5D QS 2S JD 2H QC QH 6C 7C",
        "TH 4D 9D 9S 6S -- 4H -- 7S 8D 8H 5S KD",
        "4S 5C 3H JH 9C KC 2C JS TS -- 8C 4C 5H",
    ],
}


@pytest.mark.parametrize("number", sorted(GAPS))
def test_gaps_layout_vectors(number: int) -> None:
    grid = gaps_layout(number)
    assert [" ".join(str(c) if c else "--" for c in row) for row in grid] == GAPS[number]


FORTY_THIEVES = {
    1: (
        [
            "6D 5S JS 8H",
            "7D TD 9C 9H",
            "JS KH JC QH",
            "8S JD KS 3H",
            "KC AD 5C 6S",
            "7H QC 3C 7H",
            "6C TC 7C AC",
            "8S 4H AS AH",
            "6S 3S 8C AC",
            "9S 4S 9S 6H",
        ],
        "6D KD 3D KS JC",
    ),
    9001: (
        [
            "KC KC QD 5C",
            "5D AC JH QH",
            "7H 8C QC 7C",
            "3S 2H AS 6S",
            "JD QS QD AD",
            "6C AH 2D 3D",
            "4H 3C 3H 2S",
            "AD 2D 9C 5H",
            "TD KH TD 4S",
            "8C QC 3C TS",
        ],
        "9D 9H JS JC KS",
    ),
}


@pytest.mark.parametrize("number", sorted(FORTY_THIEVES))
def test_forty_thieves_layout_vectors(number: int) -> None:
    tableau, stock = forty_thieves_layout(number)
    columns, stock_head = FORTY_THIEVES[number]
    assert [" ".join(str(c) for c in column) for column in tableau] == columns
    assert [str(c) for c in stock[:5]] == cards(stock_head)
    assert len(stock) == 64

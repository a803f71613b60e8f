"""Forty Thieves behind the engine facade."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, ClassVar

from patience.engine.cards import Card, format_card
from patience.engine.deal import forty_thieves_cards, shuffled_deck
from patience.engine.errors import InvalidPosition
from patience.engine.forty_thieves.collect import collect_plan
from patience.engine.forty_thieves.moves import (
    COLUMNS,
    FOUNDATIONS,
    CardMove,
    FTMove,
    Pile,
    parse_move,
)
from patience.engine.forty_thieves.rules import apply_move, legal_moves
from patience.engine.forty_thieves.state import FTRules, FTState, is_useful, max_run, visible_cards
from patience.engine.game import Game, Json, check_card_counts, position_cards
from patience.engine.options import WINNABLE_ONLY, Options, OptionSpec


class FortyThievesGame(Game[FTState, FTMove]):
    """Forty Thieves behind the engine facade (rulesets ``classic`` and ``relaxed``)."""

    name: ClassVar[str] = "forty-thieves"
    progress_goal: ClassVar[int] = 104
    decks: ClassVar[int] = 2
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "rules",
            "classic",
            ("classic", "relaxed"),
            in_ruleset=True,
            doc="classic: one pass, runs through empty columns; relaxed: one redeal, free runs",
        ),
        OptionSpec(
            "auto_safe",
            True,
            (True, False),
            in_ruleset=False,
            doc="move cards no longer needed as building targets up after each action",
        ),
        WINNABLE_ONLY,
    )

    @cached_property
    def rules(self) -> FTRules:
        """The options that change play, parsed once."""
        return FTRules.of(self.options)

    @classmethod
    def ruleset_of(cls, options: Options) -> str:
        return str(options["rules"])

    @classmethod
    def deal_state(cls, number: int, options: Options) -> FTState:
        return cls.layout_state(shuffled_deck(number, decks=2), number, options)

    @classmethod
    def layout_state(cls, deck: list[Card], seed: int, options: Options) -> FTState:
        tableau, stock = forty_thieves_cards(deck)
        return FTState(
            tuple(map(tuple, tableau)),
            tuple(stock),
            (),
            ((),) * FOUNDATIONS,
            1 if FTRules.of(options).relaxed else 0,
        )

    @classmethod
    def parse_position(
        cls, position: Mapping[str, Any], options: Options
    ) -> tuple[FTState, list[Card]]:
        tableau = _position_piles(position, "tableau", COLUMNS)
        foundations = _position_piles(position, "foundations", FOUNDATIONS)
        for pile in foundations:
            if any(c.rank != i + 1 or c.suit != pile[0].suit for i, c in enumerate(pile)):
                raise InvalidPosition("a foundation pile runs A, 2, 3 … in one suit")
        stock = tuple(position_cards(position, "stock"))
        waste = tuple(position_cards(position, "waste"))
        start = 1 if FTRules.of(options).relaxed else 0  # classic has no redeal at all
        redeals = position.get("redeals_left", start)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= start:
            raise InvalidPosition(f"position field 'redeals_left' must be 0…{start} here")
        cards = [*stock, *waste]
        for pile in (*tableau, *foundations):
            cards += pile
        check_card_counts(cards, decks=2)
        seen = position_cards(position, "seen") if "seen" in position else []
        check_card_counts(seen, decks=2)
        return FTState(tableau, stock, waste, foundations, redeals), seen

    def parse_move(self, data: object) -> FTMove:
        return parse_move(data)

    def apply(self, state: FTState, move: FTMove) -> tuple[FTState, list[Json]]:
        return apply_move(state, move, self.rules)

    def legal(self, state: FTState) -> list[FTMove]:
        return legal_moves(state, self.rules)

    def is_won(self, state: FTState) -> bool:
        return state.is_won

    def _visible_cards(self, state: FTState) -> Iterable[Card]:
        return visible_cards(state)

    def progress(self) -> int:
        return sum(len(pile) for pile in self.state.foundations)

    def count_unseen(self) -> int:
        """Stock cards never face up. Nothing leaves the table in Forty Thieves, so the seen
        cards that are not face up now are exactly the seen cards back in the stock."""
        back_in_stock = self._seen - Counter(visible_cards(self.state))
        return max(0, len(self.state.stock) - sum(back_in_stock.values()))

    def extra_notices(self) -> list[str]:
        """``columns_have_moves`` while a column move is useful (:func:`is_useful`)."""
        state = self.state
        useful = any(
            isinstance(move, CardMove) and move.src < COLUMNS and is_useful(state, move)
            for move in self.legal_here()
        )
        return ["columns_have_moves"] if useful else []

    def board(self) -> Json:
        s = self.state
        to_card, to_empty = max_run(s, self.rules.relaxed)
        return {
            "tableau": [[str(card) for card in column] for column in s.tableau],
            "foundations": [
                {
                    "suit": pile[0].suit.symbol if pile else None,
                    "top": format_card(pile[-1] if pile else None),
                    "count": len(pile),
                }
                for pile in s.foundations
            ],
            "stock": {"count": len(s.stock)},
            "waste": {"count": len(s.waste), "cards": [str(card) for card in s.waste]},
            "redeals_left": s.redeals_left,
            "max_run": {"to_card": to_card, "to_empty": to_empty},
            "can_collect": collect_plan(s) is not None,
        }

    def position_of(self, state: FTState) -> Json:
        return {
            "game": self.name,
            "tableau": [[str(card) for card in column] for column in state.tableau],
            "stock": [str(card) for card in state.stock],
            "waste": [str(card) for card in state.waste],
            "foundations": [[str(card) for card in pile] for pile in state.foundations],
            "redeals_left": state.redeals_left,
            "seen": self.seen,
        }


def _position_piles(position: Mapping[str, Any], key: str, size: int) -> tuple[Pile, ...]:
    """Parse ``position[key]`` as exactly ``size`` lists of cards."""
    piles = position.get(key)
    if not isinstance(piles, list) or len(piles) != size:
        raise InvalidPosition(f"position field {key!r} must list {size} piles of cards")
    return tuple(
        tuple(position_cards({f"{key}[{i}]": pile}, f"{key}[{i}]")) for i, pile in enumerate(piles)
    )

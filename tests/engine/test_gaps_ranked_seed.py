"""A ranked Gaps deal's redeals: dealt from a 64-bit secret-derived seed, hashed per redeal,
so that neither a 2^32 search nor what one redeal showed gives the next one away."""

from __future__ import annotations

from patience.engine.deal import MAX_DEAL, derived_seed
from patience.engine.gaps import GapsState, redeal
from patience.games import game_class

KEY = bytes(range(32))


def test_a_ranked_gaps_deal_has_a_64_bit_seed_beyond_every_numbered_one() -> None:
    game = game_class("gaps").ranked(KEY)
    assert game.state.seed > MAX_DEAL
    assert game.fresh().position() == game.position()  # rebuilt from its stored start


def test_its_redeals_depend_on_all_64_bits_and_each_is_hashed_apart() -> None:
    state = game_class("gaps").ranked(KEY).state
    low = GapsState(state.grid, state.redeals_left, state.seed & MAX_DEAL, state.redeals_done)
    assert redeal(state).grid != redeal(low).grid  # a search over 32 bits finds another deal
    seed = state.seed
    # A numbered deal's two redeal states differ by a constant; a ranked deal's do not.
    assert derived_seed(seed, 2) - derived_seed(seed, 1) != 1 << 32
    assert derived_seed(77, 2) - derived_seed(77, 1) == 1 << 32

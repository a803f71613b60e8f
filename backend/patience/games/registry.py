"""The game registry: one entry per game holding what every layer needs from it.

A layer never names a game: it asks the registry for the entry of ``game.name`` (the engine
class, the solver's adapter, the hints, catalogue quirks, display names). The registry is the
top of the game stack — ``engine`` ← ``solver`` ← ``games`` — so the solver's modules never
import it: they receive what they need (an adapter factory, a par search, hints) as arguments,
and :mod:`patience.games.solving` hands them over by game name. The API's typed board and
move schemas are the API's own, by game name (``api/resources/games/boards.py``; a game
without them is served untyped). Adding a game is writing its parts and one :func:`register`
call (``docs/architecture/adding-a-game.md``); the built-in games register in
:mod:`patience.games.builtin`.

>>> from patience.games import get
>>> get("gaps").title, get("gaps").daily_ruleset
('Gaps', 'redeals-2')
>>> get("klondike")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
patience.engine.errors.UnknownGame: unknown game 'klondike' (expected one of pyramid, gaps, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from patience.engine import Game, InvalidPosition, UnknownGame
from patience.engine.deal import check_deal_number
from patience.record import GENERIC, Notation
from patience.solver import AdapterOf

AnyGame = Game[Any, Any]
Hint = dict[str, Any] | None


class GameHints(Protocol):
    """A game's hints, as each module of :mod:`patience.solver.hints` provides them."""

    NODES: int
    """A searched hint's node budget, calibrated on the core in use (the hint is a function
    of the position and these nodes; :class:`~patience.solver.hints.common.Effort`)."""

    def searched(self, game: AnyGame, effort: Any) -> tuple[Hint, list[dict[str, Any]] | None]:
        """The worker's hint, honest (it reads only what the player has seen) and new (never
        back to a position of the line), with a winning line when one was found."""

    def quick(self, game: AnyGame) -> Hint:
        """Search-free advice, served when the searched hint is not ready in time."""

    def public_key(self, state: Any) -> Hashable:
        """What the player sees of a state: the key of the no-cycle rule."""

    def reason(self, state: Any, move: Any) -> str:
        """Why a move is worth playing (one of the reason codes the client words)."""


def progress_value(game: AnyGame) -> float:
    """How far a finished playout got: the share of the goal reached, 1 for a win."""
    return 1.0 if game.status == "won" else game.progress() / game.progress_goal


@dataclass(frozen=True)
class GameEntry:
    """Everything the layers above the engine need from one game."""

    engine: type[AnyGame]
    """The rules: state, moves, options and rulesets, deal layout (:class:`Game`)."""
    title: str
    """The display name (the client words it in each language itself)."""
    summary: str
    """One line for the API's catalog and the CLI's help."""
    solver: AdapterOf
    """A search adapter and start state for a position (:mod:`patience.solver.core`)."""
    hints: GameHints
    """The game's hints (:mod:`patience.solver.hints`): searched, search-free, why."""
    no_shuffle: Callable[[Any], Any] | None = None
    """A search start that deals no further unseen shuffle, for a game that has them (Gaps:
    :func:`~patience.solver.gaps.no_redeals`): while one is pending, verdicts and rewinds
    search only for a win in sight (:func:`patience.games.solving.search_in_sight`)."""
    par: Callable[..., Any] | None = None
    """A proven-optimal par search, when the game has one (else the solver's shortest line)."""
    daily_ruleset: str | None = None
    """The ruleset of the game's daily deal (``None``: the game has no daily deal)."""
    same_catalogue: Mapping[str, str] = field(default_factory=dict)
    """Rulesets that are one game under two names, mapped to the one whose catalogue they
    share (Gaps without redeals: the aces option changes nothing)."""
    notation: Notation = GENERIC
    """The game's move notation in records (:mod:`patience.record`): its own, or the generic
    one (each move's JSON, compactly)."""
    votes: Callable[[AnyGame, Any], Mapping[str, int]] | None = None
    """The honest vote while cards are unseen (``votes(game, effort)``: canonical move JSON →
    samples voting for it), the "sighted" model of the fair-play statistic
    (:mod:`patience.games.fair_play`); ``None``: the game hides nothing a player could scout."""
    playout_value: Callable[[AnyGame], float] = progress_value
    """What a finished playout of the catalogue's difficulty measure scores, 0 to 1
    (:func:`progress_value` unless the game's progress says too little)."""

    @property
    def name(self) -> str:
        """The API name (``deal_id`` prefix), the engine's."""
        return self.engine.name


def weighed_for_fair_play(game: AnyGame) -> bool:
    """Whether ``game``'s wins get the fair-play statistic (:mod:`patience.games.fair_play`):
    the game has an honest vote and its deal hid something at the start — cards unseen, or a
    shuffle still to come (Gaps with redeals). A game set up from a position has no start to
    replay, and Gaps without redeals hides nothing: their wins are ``ok`` at once."""
    if get(game.name).votes is None or (game.deal is None and game.start is None):
        return False
    start = game.fresh()
    return start.unseen_count() > 0 or start.unseen_shuffle()


REGISTRY: dict[str, GameEntry] = {}
"""Every registered game, by API name, in registration order: the only list of games (the
layers below hold none; what they need of a game is handed to them)."""


def register(entry: GameEntry) -> GameEntry:
    """Add a game. A second registration of a name replaces the first (tests register toy
    games)."""
    REGISTRY[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (tests)."""
    REGISTRY.pop(name, None)


def get(name: object) -> GameEntry:
    """The entry of a game by API name (raise :class:`UnknownGame`)."""
    if not isinstance(name, str) or name not in REGISTRY:
        raise UnknownGame(f"unknown game {name!r} (expected one of {', '.join(REGISTRY)})")
    return REGISTRY[name]


def entries() -> list[GameEntry]:
    """Every game, in registration order."""
    return list(REGISTRY.values())


def game_class(name: object) -> type[AnyGame]:
    """The engine class of a game by API name (raise :class:`UnknownGame`)."""
    return get(name).engine


def new_game(name: str, *, deal: int, options: object = None) -> AnyGame:
    """A new game of ``name`` on deal number ``deal`` with ``options`` as in API.md."""
    return game_class(name).new(check_deal_number(deal), options)


def start_game(name: str, deal: int | Mapping[str, Any], options: object = None) -> AnyGame:
    """A new game of a deal: a deal number, or the stored starting position of a deal
    without one (a ranked deal, :meth:`Game.ranked`)."""
    if isinstance(deal, Mapping):
        return game_class(name).from_start(deal, options)
    return new_game(name, deal=deal, options=options)


def load_position(position: Mapping[str, Any], options: object = None) -> AnyGame:
    """A game from a full-information position; ``options`` supply the ruleset."""
    if not isinstance(position, Mapping):
        raise InvalidPosition("a position is a JSON object")
    return game_class(position.get("game")).from_position(position, options)

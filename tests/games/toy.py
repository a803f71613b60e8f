"""Climb: a toy game, one suit of 13 cards, registered only in the tests.

Its whole existence proves the list of docs/architecture/adding-a-game.md: the engine class
below and one :func:`patience.games.register` call, nothing else touched, and the API, the
solver, hints, replays and the catalogue serve it. The stock is face down (the honesty rule has
something to guard); draw turns its top onto the waste, ``up`` sends the waste top to the
foundation when it is the next rank, and the waste turns over as the stock twice.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from patience.engine.cards import Card, Suit
from patience.engine.deal import SplitMix64
from patience.engine.errors import IllegalMove, InvalidPosition
from patience.engine.game import Game, Json, move_type, position_cards, require_move_fields
from patience.engine.moves import Draw, Recycle
from patience.engine.options import WINNABLE_ONLY, Options, OptionSpec
from patience.games import GameEntry
from patience.solver.core import solve
from patience.solver.generic import EngineAdapter
from patience.solver.hints.common import Hint, Line, make_hint

SPADES = [Card(rank, Suit.SPADES) for rank in range(1, 14)]
RECYCLES = 2


@dataclass(frozen=True, slots=True)
class Up:
    """The waste top to the foundation."""

    def to_dict(self) -> Json:
        return {"type": "up"}


ClimbMove = Draw | Up | Recycle


@dataclass(frozen=True, slots=True)
class ClimbState:
    stock: tuple[Card, ...]  # top first
    waste: tuple[Card, ...]  # bottom first
    up: int  # cards on the foundation, A upwards
    recycles_left: int = RECYCLES


class ClimbGame(Game[ClimbState, ClimbMove]):
    name: ClassVar[str] = "climb"
    progress_goal: ClassVar[int] = 13
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (WINNABLE_ONLY,)

    @classmethod
    def ruleset_of(cls, options: Options) -> str:
        return "standard"

    @classmethod
    def deal_state(cls, number: int, options: Options) -> ClimbState:
        return ClimbState(tuple(SplitMix64(number).shuffle(SPADES)), (), 0)

    @classmethod
    def parse_position(
        cls, position: Mapping[str, Any], options: Options
    ) -> tuple[ClimbState, list[Card]]:
        stock = tuple(position_cards(position, "stock"))
        waste = tuple(position_cards(position, "waste"))
        up = position.get("up")
        if not isinstance(up, int) or sorted(c.rank for c in (*stock, *waste)) != list(
            range(up + 1, 14)
        ):
            raise InvalidPosition("stock, waste and foundation hold the 13 spades once")
        return ClimbState(stock, waste, up), []

    def parse_move(self, data: object) -> ClimbMove:
        kind = move_type(data, ("draw", "up", "recycle"))
        require_move_fields(data, ())
        return Draw() if kind == "draw" else Up() if kind == "up" else Recycle()

    def apply(self, state: ClimbState, move: ClimbMove) -> tuple[ClimbState, list[Json]]:
        if move not in self.legal(state):
            raise IllegalMove(f"{move.to_dict()['type']} is not possible now", reason="not_now")
        if isinstance(move, Draw):
            card = state.stock[0]
            after = replace(state, stock=state.stock[1:], waste=(*state.waste, card))
            return after, [{"type": "draw", "card": str(card)}]
        if isinstance(move, Up):
            return replace(state, waste=state.waste[:-1], up=state.up + 1), [{"type": "up"}]
        after = replace(state, stock=state.waste, waste=(), recycles_left=state.recycles_left - 1)
        return after, [{"type": "recycle"}]

    def legal(self, state: ClimbState) -> list[ClimbMove]:
        moves: list[ClimbMove] = []
        if state.waste and state.waste[-1].rank == state.up + 1:
            moves.append(Up())
        if state.stock:
            moves.append(Draw())
        elif state.waste and state.recycles_left:
            moves.append(Recycle())
        return moves

    def is_won(self, state: ClimbState) -> bool:
        return state.up == 13

    def board(self) -> Json:
        s = self.state
        top = str(s.waste[-1]) if s.waste else None
        return {
            "stock": {"count": len(s.stock)},
            "waste": {"count": len(s.waste), "top": top},
            "foundation": s.up,
            "recycles_left": s.recycles_left,
        }

    def position_of(self, state: ClimbState) -> Json:
        return {
            "game": self.name,
            "stock": [str(c) for c in state.stock],
            "waste": [str(c) for c in state.waste],
            "up": state.up,
        }

    def _visible_cards(self, state: ClimbState) -> Iterable[Card]:
        return state.waste

    def progress(self) -> int:
        return self.state.up

    def count_unseen(self) -> int:
        return sum(1 for card in self.state.stock if not self._seen[card])


class ClimbHints:
    """Climb's hints, as every game gives them (:class:`patience.games.registry.GameHints`):
    the searched hint is the exact solver's first move once no card is unseen, else the
    advice; the advice sends a card up when it can, else draws, never back to a position of
    the line."""

    NODES = 2_000

    @staticmethod
    def public_key(state: ClimbState) -> Hashable:
        return len(state.stock), state.waste, state.up, state.recycles_left

    @staticmethod
    def reason(state: ClimbState, move: ClimbMove) -> str:
        return "to_foundation" if isinstance(move, Up) else move.to_dict()["type"]

    def searched(self, game: Game[Any, Any], effort: Any) -> tuple[Hint, list[Json] | None]:
        if game.unseen_count():
            return self.quick(game), None
        result = solve(*EngineAdapter.from_game(game), effort.budget())
        if result.verdict != "winnable" or not result.solution:
            return self.quick(game), None
        first = game.parse_move(result.solution[0])
        return make_hint(first.to_dict(), self.reason(game.state, first), True), result.solution

    def quick(self, game: Game[Any, Any]) -> Hint:
        fresh = Line.of(game, self.public_key).fresh_moves()
        if not fresh:
            return None
        return make_hint(fresh[0].to_dict(), self.reason(game.state, fresh[0]), False)


CLIMB = GameEntry(
    engine=ClimbGame,
    title="Climb",
    summary="send one suit up from the ace, drawing through the stock three times",
    solver=EngineAdapter.from_game,
    hints=ClimbHints(),
)

"""The engine's JSON face: one facade shared by every game.

A :class:`Game` holds an immutable per-game state, the line of moves that led to it (a stack
of earlier states, so undo is a pop), and the multiset of cards the player has seen, which
never shrinks. Subclasses supply the rules through a few hooks; everything the API, the
worker and the CLI need is here, in API.md's JSON.

>>> from patience.games import new_game
>>> g = new_game("pyramid", deal=8153)
>>> g.status, len(g.legal_moves()) > 0
('playing', True)
>>> g.play({"type": "draw"})[0]["type"]
'draw'
>>> g.undo(); g.moves
[]
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from patience.engine.cards import ONE_DECK, TWO_DECKS, Card
from patience.engine.deal import KeyedStream, ranked_redeal_seed
from patience.engine.errors import CardError, IllegalMove, InvalidMove, InvalidPosition
from patience.engine.options import Options, OptionSpec, OptionValue, parse_options

Json = dict[str, Any]
Status = Literal["playing", "won"]


class Move(Protocol):
    """A typed move: a small immutable value that knows its JSON form."""

    def to_dict(self) -> Json: ...


S = TypeVar("S")
M = TypeVar("M", bound=Move)


class Game(ABC, Generic[S, M]):
    """A game in progress: state, move line, seen cards. See the module docstring."""

    name: ClassVar[str]
    progress_goal: ClassVar[int]
    """What :meth:`progress` reaches when the game is won."""
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    decks: ClassVar[int] = 1
    """How many 52-card decks a deal shuffles."""

    def __init__(
        self, state: S, options: Options, *, deal: int | None = None, seen: Iterable[Card] = ()
    ) -> None:
        self._state = state
        # The line: each earlier state with the JSON of the move played from it (kept, not
        # recomputed: the API serves and stores the whole line after every move).
        self._history: list[tuple[S, Json]] = []
        # The current state's legal moves, once computed (the view, the notices, the legal
        # move list and move checks all ask for them).
        self._legal_cache: tuple[S, list[M]] | None = None
        self.options: Options = dict(options)
        self.deal = deal
        self.start: Json | None = None
        """The full starting position of a deal without a number (a ranked deal, which no
        one can rebuild without the server's secret): what the game is rebuilt from."""
        self._seen: Counter[Card] = Counter(seen) | Counter(self._visible_cards(state))
        # Derived from the seen cards, once per change of them (every response asks).
        self._seen_sorted: list[str] | None = None
        self._unseen_cache: tuple[S, int] | None = None
        self._key_cache: tuple[S, str] | None = None

    # -- hooks for each game ----------------------------------------------------------------

    @classmethod
    @abstractmethod
    def ruleset_of(cls, options: Options) -> str:
        """The URL-safe ruleset name for validated ``options``."""

    @classmethod
    @abstractmethod
    def deal_state(cls, number: int, options: Options) -> S:
        """The starting state of deal ``number``."""

    @classmethod
    def layout_state(cls, deck: list[Card], seed: int, options: Options) -> S:
        """The starting state of a shuffled ``deck`` whose later random events (Gaps
        redeals) are seeded by ``seed``: how every deal is laid out, numbered or ranked. A
        game without it has numbered deals only (no daily)."""
        raise NotImplementedError(f"{cls.name} lays out numbered deals only")

    @classmethod
    @abstractmethod
    def parse_position(cls, position: Mapping[str, Any], options: Options) -> tuple[S, list[Card]]:
        """A state and the seen cards from a full-information position (raise InvalidPosition)."""

    @abstractmethod
    def parse_move(self, data: object) -> M:
        """A typed move from its JSON form (raise :class:`InvalidMove`)."""

    @abstractmethod
    def apply(self, state: S, move: M) -> tuple[S, list[Json]]:
        """Check ``move`` against the rules in ``state``; return the new state and events."""

    @abstractmethod
    def legal(self, state: S) -> list[M]:
        """Every legal move in ``state`` (empty once won)."""

    @abstractmethod
    def is_won(self, state: S) -> bool: ...

    @abstractmethod
    def board(self) -> Json:
        """The public board of API.md: nothing the player has not seen."""

    @abstractmethod
    def position_of(self, state: S) -> Json:
        """The full-information position of ``state`` (without ``seen``; hidden cards included)."""

    @abstractmethod
    def _visible_cards(self, state: S) -> Iterable[Card]:
        """Every card face up in ``state`` (with multiplicity)."""

    def progress(self) -> int:
        """Cards cleared so far, for results (Pyramid: removed; Gaps: cards in place in the
        rows' runs; Forty Thieves: cards on foundations)."""
        return 0

    def count_unseen(self) -> int:
        """How many hidden cards the player has never seen (the honesty rule: no verdict and
        no hint may depend on them). Games without hidden cards have none."""
        return 0

    def unseen_shuffle(self) -> bool:
        """Whether a move may still deal cards where an unseen shuffle puts them (Gaps: a
        redeal remains). Like unseen cards, no verdict and no hint may depend on where they
        will fall (the honesty rule); games whose only shuffle is the deal have none."""
        return False

    def shuffles_dealt(self) -> int:
        """How many unseen shuffles the line has dealt so far (Gaps: its redeals): along a
        line, the positions before a shuffle could not see what it dealt."""
        return 0

    def unseen_count(self) -> int:
        """:meth:`count_unseen`, computed once per state and seen set."""
        cached = self._unseen_cache
        if cached is None or cached[0] is not self._state:
            cached = self._unseen_cache = (self._state, self.count_unseen())
        return cached[1]

    def position_key(self) -> str:
        """A fingerprint of the game, its ruleset and the full position (hidden cards
        included, the seen cards not): what a verdict depends on, so analyses and solutions
        are kept under it. Computed once per state (a move asks several times).

        >>> from patience.games import new_game
        >>> a, b = new_game("pyramid", deal=1), new_game("pyramid", deal=1)
        >>> _ = a.play({"type": "draw"}); a.undo()
        >>> a.position_key() == b.position_key() != new_game("pyramid", deal=2).position_key()
        True
        """
        cached = self._key_cache
        if cached is None or cached[0] is not self._state:
            position = self.position_of(self._state)
            position.pop("seen", None)  # what the player saw changes hints, not verdicts
            text = json.dumps(
                [self.name, self.ruleset, position], sort_keys=True, separators=(",", ":")
            )
            digest = hashlib.sha256(text.encode()).hexdigest()[:40]
            cached = self._key_cache = (self._state, digest)
        return cached[1]

    def extra_notices(self) -> list[str]:
        """Game-specific notices beside ``stuck`` (e.g. ``redeal_available``)."""
        return []

    # -- the facade ---------------------------------------------------------------------------

    @classmethod
    def new(cls, deal: int, options: object = None) -> Game[S, M]:
        opts = parse_options(cls.option_specs, options)
        return cls(cls.deal_state(deal, opts), opts, deal=deal)

    @classmethod
    def ranked(cls, key: bytes, options: object = None) -> Game[S, M]:
        """A deal without a public number (a ranked deal): the canonical deck shuffled by
        :class:`~patience.engine.deal.KeyedStream` of the secret-derived ``key``, its later
        random events seeded by :func:`~patience.engine.deal.ranked_redeal_seed`. Its
        :attr:`start` is kept to rebuild it.

        >>> from patience.games import game_class
        >>> g = game_class("pyramid").ranked(bytes(32))
        >>> g.deal is None and g.fresh().position() == g.position() == g.start
        True
        """
        opts = parse_options(cls.option_specs, options)
        deck = KeyedStream(key).shuffle(ONE_DECK if cls.decks == 1 else TWO_DECKS)
        game = cls(cls.layout_state(deck, ranked_redeal_seed(key), opts), opts)
        game.start = game.position()
        return game

    @classmethod
    def from_start(cls, start: Mapping[str, Any], options: object = None) -> Game[S, M]:
        """The game at the stored starting position of a deal without a number."""
        game = cls.from_position(start, options)
        game.start = dict(start)
        return game

    def fresh(self) -> Game[S, M]:
        """A new game of this game's deal and options, at its start."""
        if self.deal is not None:
            return type(self).new(self.deal, self.options)
        if self.start is not None:
            return type(self).from_start(self.start, self.options)
        raise ValueError("a game from a position has no start to go back to")

    @classmethod
    def from_position(cls, position: Mapping[str, Any], options: object = None) -> Game[S, M]:
        opts = parse_options(cls.option_specs, options)
        if position.get("game") not in (None, cls.name):
            raise InvalidPosition(f"position is for {position.get('game')!r}, not {cls.name!r}")
        state, seen = cls.parse_position(position, opts)
        return cls(state, opts, seen=seen)

    @property
    def state(self) -> S:
        """The current typed state (immutable)."""
        return self._state

    @property
    def ruleset(self) -> str:
        return self.ruleset_of(self.options)

    @classmethod
    def ruleset_options(cls) -> dict[str, dict[str, OptionValue]]:
        """Every ruleset of the game, each with options that make it (the options that do
        not change play at their defaults), in name order.

        >>> from patience.games import game_class
        >>> game_class("forty-thieves").ruleset_options()["relaxed"]["rules"]
        'relaxed'
        """
        defaults = {spec.name: spec.default for spec in cls.option_specs}
        specs = [spec for spec in cls.option_specs if spec.in_ruleset]
        found: dict[str, dict[str, OptionValue]] = {}
        for combo in itertools.product(*[[(s.name, v) for v in s.allowed] for s in specs]):
            options = {**defaults, **dict(combo)}
            found.setdefault(cls.ruleset_of(options), options)
        return dict(sorted(found.items()))

    @property
    def status(self) -> Status:
        return "won" if self.is_won(self._state) else "playing"

    @property
    def moves(self) -> list[Json]:
        """The current move line (undone moves are not in it)."""
        return [dict(data) for _, data in self._history]

    @property
    def move_count(self) -> int:
        """The length of the move line."""
        return len(self._history)

    @property
    def last_move(self) -> Json | None:
        """The last move of the line (a copy), if any."""
        return dict(self._history[-1][1]) if self._history else None

    @property
    def seen(self) -> list[str]:
        """Every card the player has ever seen face up, with multiplicity, sorted (the same
        list until more cards are seen: do not change it)."""
        if self._seen_sorted is None:
            self._seen_sorted = sorted(str(c) for c in self._seen.elements())
        return self._seen_sorted

    def seen_counts(self) -> Counter[Card]:
        return Counter(self._seen)

    def add_seen(self, cards: Iterable[str | Card]) -> None:
        """Merge cards seen earlier (e.g. restored from storage after replaying a move line)."""
        counts = Counter(c if isinstance(c, Card) else Card.parse(c) for c in cards)
        self._see(counts)

    def _see(self, counts: Counter[Card]) -> None:
        """Merge ``counts`` into the seen cards (forgetting what was derived from them)."""
        if counts - self._seen:
            self._seen |= counts
            self._seen_sorted = None
            self._unseen_cache = None

    def play(self, data: object) -> list[Json]:
        """Apply a move given in JSON; return its events. Raises :class:`IllegalMove`
        (:class:`InvalidMove` when malformed) and then changes nothing."""
        events = self._advance(self.parse_move(data))
        self._see(Counter(self._visible_cards(self._state)))
        return events

    def _advance(self, move: M) -> list[Json]:
        """Apply a parsed move to the state and the line (not the seen cards)."""
        if self.status != "playing":
            raise IllegalMove("the game is over", reason="game_over")
        state, events = self.apply(self._state, move)
        self._history.append((self._state, move.to_dict()))
        self._state = state
        return events

    def replay(self, line: Iterable[object], seen: Iterable[str | Card]) -> None:
        """Restore a stored game: play ``line`` and merge ``seen``, the cards seen so far.

        Same result as :meth:`play` per move then :meth:`add_seen`, but the seen cards are not
        recomputed after every move (``seen`` already holds them all): rebuilding a game on
        each request stays cheap for long move lines.

        >>> from patience.games import new_game
        >>> g = new_game("pyramid", deal=8153); _ = g.play({"type": "draw"})
        >>> h = new_game("pyramid", deal=8153); h.replay(g.moves, g.seen)
        >>> (h.moves, h.seen, h.view()) == (g.moves, g.seen, g.view())
        True
        """
        for data in line:
            self._advance(self.parse_move(data))
        self.add_seen(seen)

    def copy(self) -> Game[S, M]:
        """An independent copy: states are immutable, so only the line and the seen cards
        are copied.

        >>> from patience.games import new_game
        >>> g = new_game("pyramid", deal=8153); h = g.copy(); _ = h.play({"type": "draw"})
        >>> len(g.moves), len(h.moves)
        (0, 1)
        """
        twin = copy.copy(self)
        twin._history = list(self._history)
        twin._seen = Counter(self._seen)
        twin.options = dict(self.options)
        return twin

    def undo(self) -> None:
        """Take back the last move of the line (the seen cards stay seen)."""
        if self.status != "playing":
            raise IllegalMove("the game is over", reason="game_over")
        if not self._history:
            raise IllegalMove("there is nothing to undo", reason="nothing_to_undo")
        self._state, _ = self._history.pop()

    def legal_here(self) -> list[M]:
        """The legal moves of the current state (computed once per state; do not mutate)."""
        cached = self._legal_cache
        if cached is None or cached[0] is not self._state:
            cached = self._legal_cache = (self._state, self.legal(self._state))
        return cached[1]

    def legal_moves(self) -> list[Json]:
        return [move.to_dict() for move in self.legal_here()]

    def notices(self) -> list[str]:
        if self.status != "playing":
            return []
        stuck = ["stuck"] if not self.legal_here() else []
        return stuck + self.extra_notices()

    def view(self) -> Json:
        """The public view: everything a player may see, nothing more."""
        return {
            "game": self.name,
            "ruleset": self.ruleset,
            "status": self.status,
            "notices": self.notices(),
            "board": self.board(),
        }

    def position(self) -> Json:
        """Full-information position (hidden cards included: never served to players)."""
        return self.position_of(self._state)

    def earlier_positions(self) -> Iterator[Json]:
        """The positions the game was in before this one, as :meth:`position`, the latest
        first."""
        for state, _ in reversed(self._history):
            yield self.position_of(state)


def require_move_fields(
    data: object, required: Iterable[str], optional: Iterable[str] = ()
) -> Json:
    """Check that ``data`` is a JSON object with exactly these fields besides ``type``."""
    if not isinstance(data, dict):
        raise InvalidMove("a move is a JSON object with a 'type'")
    allowed = {"type", *required, *optional}
    missing = [f for f in required if f not in data]
    if missing:
        raise InvalidMove(f"the move needs the field {missing[0]!r}", field=missing[0])
    extra = sorted(str(k) for k in data if k not in allowed)
    if extra:
        raise InvalidMove(f"unknown field {extra[0]!r} in the move", field=extra[0])
    return data


def move_type(data: object, types: Iterable[str]) -> str:
    """The ``type`` of a JSON move, checked against the game's move types."""
    if not isinstance(data, dict):
        raise InvalidMove("a move is a JSON object with a 'type'")
    kind = data.get("type")
    known = list(types)
    if not isinstance(kind, str) or kind not in known:
        raise InvalidMove(f"unknown move type {kind!r} (expected one of {', '.join(known)})")
    return kind


def indexed_location(text: object, prefix: str, size: int) -> int | None:
    """The index in ``prefix0`` … ``prefix<size-1>`` that ``text`` names (ASCII digits, no
    leading zero), else ``None`` — whatever ``text`` is, so no input can raise here.

    >>> indexed_location("p21", "p", 28), indexed_location("p021", "p", 28)
    (21, None)
    >>> indexed_location("t²", "t", 10), indexed_location("t" + "9" * 5000, "t", 10)
    (None, None)
    """
    if not isinstance(text, str) or not text.startswith(prefix):
        return None
    digits = text[len(prefix) :]
    if not (0 < len(digits) <= 3 and digits.isascii() and digits.isdigit()):
        return None
    index = int(digits)
    return index if index < size and digits == str(index) else None


def position_cards(position: Mapping[str, Any], key: str, *, nullable: bool = False) -> list[Any]:
    """Parse ``position[key]`` as a list of cards (``None`` allowed when ``nullable``)."""
    value = position.get(key)
    if not isinstance(value, list):
        raise InvalidPosition(f"position field {key!r} must be a list of cards")
    try:
        return [None if (nullable and v is None) else Card.parse(v) for v in value]
    except CardError as exc:
        raise InvalidPosition(f"position field {key!r}: {exc.message}") from exc


def check_card_counts(cards: Iterable[Card | None], decks: int) -> None:
    """Raise InvalidPosition when a card occurs more often than ``decks`` decks hold."""
    counts = Counter(c for c in cards if c is not None)
    for card, n in counts.items():
        if n > decks:
            raise InvalidPosition(f"{card} occurs {n} times; the deck holds {decks}")

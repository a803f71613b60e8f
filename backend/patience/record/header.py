"""The tag pairs of a record as one typed :class:`Header`, and back.

Tags are written in the order of :data:`ROSTER` (the first six always), unknown tags are kept
as they came, and each tag's value is read by its codec: a wrong value is
:class:`InvalidTag` at the tag's place.

>>> header = Header(game="gaps", deal_id="gaps-77", result="won", elapsed_ms=83_250)
>>> [pair for pair in header.tags() if pair[0] in ("DealId", "Result", "Time")]
[('DealId', 'gaps-77'), ('Result', 'won'), ('Time', '0:01:23.250')]
>>> Header.deal_number("gaps", "gaps-77"), Header.deal_number("gaps", "gaps-daily-2026-12-01")
(77, None)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from patience.engine import UnknownGame, game_class
from patience.engine.deal import MAX_DEAL
from patience.engine.options import OptionValue
from patience.record.errors import InvalidTag
from patience.record.text import Place, TagPair

Json = dict[str, Any]
Result = Literal["won", "resigned", "playing"]
RESULT_MARKS: dict[str, Result] = {"won": "won", "resigned": "resigned", "*": "playing"}
"""The result as the record writes it (``*``: in play) → the game's status."""

_NUMBER = re.compile(r"0|[1-9][0-9]{0,9}")
_TIME = re.compile(r"([0-9]{1,6}):([0-5][0-9]):([0-5][0-9])\.([0-9]{3})")
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DAILY = re.compile(r"daily-([0-9]{4}-[0-9]{2}-[0-9]{2})")
MAX_UNKNOWN_TAGS = 32
"""The most tags a record may hold that this format does not define (kept as they came)."""

_OPTION = re.compile(r"([a-z_][a-z0-9_]*)=([A-Za-z0-9_.-]+)")


@dataclass(frozen=True)
class Header:
    """What a record says about its game, besides the moves."""

    game: str
    deal_id: str
    """``<game>-<number>`` for a numbered deal, ``<game>-daily-<date>`` for a ranked one."""
    result: Result = "playing"
    ruleset: str | None = None
    options: Mapping[str, OptionValue] | None = None
    """The game's options (those that change play among them); ``None``: the defaults."""
    player: str | None = None
    date: dt.date | None = None
    """The UTC date the game was started."""
    daily: dt.date | None = None
    """The date whose daily deal the game was started as."""
    moves: int | None = None
    elapsed_ms: int | None = None
    undos: int | None = None
    hints: int | None = None
    solver_assisted: bool | None = None
    game_id: str | None = None
    layout: Json | None = None
    """The deal's starting position, for a deal that no number names (a ranked deal, once
    revealed): a record holds only what its player may see, so a numbered deal's record has
    none (its ID names its cards) and an unrevealed ranked deal's cannot have one."""
    extra: tuple[tuple[str, str], ...] = ()
    """Tags this format does not define, kept in their order."""
    places: Mapping[str, Place] = field(default_factory=dict, compare=False)
    """Where each tag was read (empty for a header not read from text)."""

    def tags(self) -> list[tuple[str, str]]:
        """The tag pairs, in :data:`ROSTER` order, then :attr:`extra`."""
        pairs = []
        for name, (attribute, _, write) in ROSTER.items():
            value = getattr(self, attribute)
            if value is not None:
                pairs.append((name, write(value)))
        return [*pairs, *self.extra]

    def place(self, tag: str) -> Place:
        """Where ``tag`` was read (the record's start when it was not)."""
        return self.places.get(tag, Place(1, 1))

    def number(self) -> int | None:
        """The deal number the ID names (``None``: a ranked deal)."""
        return self.deal_number(self.game, self.deal_id)

    @staticmethod
    def deal_number(game: str, deal_id: str) -> int | None:
        """The number of a numbered deal ID of ``game``; ``None`` for a ranked deal's ID;
        ``ValueError`` for anything else."""
        prefix = f"{game}-"
        rest = deal_id[len(prefix) :] if deal_id.startswith(prefix) else ""
        if _NUMBER.fullmatch(rest) and 1 <= int(rest) <= MAX_DEAL:
            return int(rest)
        if _DAILY.fullmatch(rest):
            _date(rest[len("daily-") :])
            return None
        raise ValueError(f"{deal_id!r} is not a deal of {game}: {prefix}<number 1…{MAX_DEAL}>")

    @classmethod
    def from_tags(cls, pairs: Sequence[TagPair]) -> Header:
        """The header of a record's tag pairs (raise :class:`InvalidTag`)."""
        by_name = {pair.name: pair for pair in pairs}
        values: Json = {}
        extra: list[tuple[str, str]] = []
        for pair in pairs:
            codec = ROSTER.get(pair.name)
            if codec is None:
                if len(extra) >= MAX_UNKNOWN_TAGS:
                    message = f"a record holds at most {MAX_UNKNOWN_TAGS} tags of its own"
                    raise _invalid(pair.place, message, "too_many_tags")
                extra.append((pair.name, pair.value))
                continue
            try:
                values[codec[0]] = codec[1](pair.value)
            except ValueError as exc:
                raise _invalid(pair.place, f"{pair.name}: {exc}") from None
        for required in ("Game", "DealId", "Result"):
            if required not in by_name:
                raise _invalid(Place(1, 1), f"the tag {required} is required", "missing_tag")
        places = {pair.name: pair.place for pair in pairs}
        header = cls(**values, extra=tuple(extra), places=places)
        try:
            header.number()
        except ValueError as exc:
            raise _invalid(by_name["DealId"].place, str(exc)) from None
        return header

    def replace(self, **changes: Any) -> Header:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)


def _invalid(place: Place, message: str, reason: str | None = None) -> InvalidTag:
    return InvalidTag(message, line=place.line, column=place.column, reason=reason)


# -- codecs: the text of each tag's value ------------------------------------------------------


def _game(text: str) -> str:
    try:
        return game_class(text).name
    except UnknownGame as exc:
        raise ValueError(exc.message) from None


def _count(text: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"{text!r} is not a count (0, 1, 2, …)")
    return int(text)


def _date(text: str) -> dt.date:
    try:
        if _ISO_DATE.fullmatch(text):
            return dt.date.fromisoformat(text)
    except ValueError:
        pass
    raise ValueError(f"{text!r} is not a date written YYYY-MM-DD")


def _result(text: str) -> Result:
    if text not in RESULT_MARKS:
        raise ValueError(f"{text!r} is not a result: won, resigned or *")
    return RESULT_MARKS[text]


def _result_text(result: Result) -> str:
    return next(mark for mark, status in RESULT_MARKS.items() if status == result)


def _time(text: str) -> int:
    match = _TIME.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a time written H:MM:SS.mmm")
    hours, minutes, seconds, millis = (int(part) for part in match.groups())
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis


def _time_text(ms: int) -> str:
    seconds, millis = divmod(ms, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def _yes_no(text: str) -> bool:
    if text not in ("yes", "no"):
        raise ValueError(f"{text!r} is not yes or no")
    return text == "yes"


def _options(text: str) -> dict[str, OptionValue]:
    """``name=value`` pairs separated by spaces (values ``true``, ``false``, integers,
    words)."""
    options: dict[str, OptionValue] = {}
    for item in text.split():
        match = _OPTION.fullmatch(item)
        if match is None or match[1] in options:
            raise ValueError(f"{item!r} is not a new option written name=value")
        value = match[2]
        options[match[1]] = (
            value == "true"
            if value in ("true", "false")
            else int(value)
            if _NUMBER.fullmatch(value)
            else value
        )
    return options


def _options_text(options: Mapping[str, OptionValue]) -> str:
    def text(value: OptionValue) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return " ".join(f"{name}={text(value)}" for name, value in sorted(options.items()))


def _layout(text: str) -> Json:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("the layout is a position in JSON (docs/record.md)") from None
    if not isinstance(value, dict):
        raise ValueError("the layout is a JSON object")
    return value


def _layout_text(layout: Json) -> str:
    return json.dumps(layout, separators=(",", ":"), sort_keys=True)


def _text(text: str) -> str:
    return text


Codec = tuple[str, Callable[[str], Any], Callable[[Any], str]]

ROSTER: dict[str, Codec] = {
    "Game": ("game", _game, str),
    "Ruleset": ("ruleset", _text, str),
    "DealId": ("deal_id", _text, str),
    "Player": ("player", _text, str),
    "Date": ("date", _date, dt.date.isoformat),
    "Result": ("result", _result, _result_text),
    "Daily": ("daily", _date, dt.date.isoformat),
    "Options": ("options", _options, _options_text),
    "Moves": ("moves", _count, str),
    "Time": ("elapsed_ms", _time, _time_text),
    "Undos": ("undos", _count, str),
    "Hints": ("hints", _count, str),
    "SolverAssisted": ("solver_assisted", _yes_no, lambda v: "yes" if v else "no"),
    "GameId": ("game_id", _text, str),
    "Layout": ("layout", _layout, _layout_text),
}
"""Each tag this format defines: the :class:`Header` attribute and how its value is read and
written, in the order tags are written."""

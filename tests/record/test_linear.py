"""Reading a record costs no more than its length: the reader's work, counted as the Python
lines it runs (never timed), grows linearly with the number of tag pairs; and the caps on tag
pairs turn a flood of tags into a typed error at its place."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

import pytest

from patience.record import InvalidTag, RecordSyntaxError, parse_record
from patience.record import text as record_text
from patience.record.header import MAX_UNKNOWN_TAGS
from patience.record.text import MAX_TAGS, read_text

READER = record_text.__file__


def tags(count: int) -> str:
    return "".join(f'[T{n} "v"]\n' for n in range(count)) + "*"


def lines_run(text: str) -> int:
    """The lines of the reader's module run while reading ``text``."""
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if frame.f_code.co_filename != READER:
            return None
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        read_text(text)
    finally:
        sys.settrace(None)
    return count


def test_the_readers_work_grows_linearly_with_the_tags(monkeypatch: pytest.MonkeyPatch) -> None:
    # The cap would stop the flood early; lifted, the reader's own cost per tag shows.
    monkeypatch.setattr(record_text, "MAX_TAGS", 1_000_000)
    base = lines_run(tags(1_000)) / 1_000
    for count in (10_000, 100_000):
        per_tag = lines_run(tags(count)) / count
        assert per_tag <= base * 1.05, (count, per_tag, base)


def test_too_many_tags_is_a_typed_error_at_its_place() -> None:
    with pytest.raises(RecordSyntaxError) as caught:
        parse_record(tags(32_000))
    assert caught.value.reason == "too_many_tags"
    assert (caught.value.line, caught.value.column) == (MAX_TAGS + 1, 1)


def test_too_many_unknown_tags_is_a_typed_error_at_its_place() -> None:
    head = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n'
    with pytest.raises(InvalidTag) as caught:
        parse_record(head + tags(MAX_UNKNOWN_TAGS + 1))
    assert caught.value.reason == "too_many_tags"
    assert (caught.value.line, caught.value.column) == (3 + MAX_UNKNOWN_TAGS + 1, 1)
    assert parse_record(head + tags(MAX_UNKNOWN_TAGS)).header.extra[-1][0] == "T31"

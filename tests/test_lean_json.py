"""`daemon.client.lean_json` reads and writes what `json` does (the hook and the CLI's fast path use it)."""

from __future__ import annotations

import datetime as dt
import json
import math
from typing import Any

import pytest

from daemon.client import lean_json

DOCUMENTS = [
    '{"a": [1, 2.5, -3e10, true, false, null, "x\\u00e9\\ud83d\\ude00", {"b": "c"}]}',
    " [] ",
    '"s"',
    "1",
    '  {"k":"\\n\\t\\"é"}\n',
    '{"big": 1e400, "neg": -0.0, "int": 123456789012345678901234567890}',
    '"\\ud800"',  # a lone surrogate, which `json` reads too
    "-Infinity",
]
BAD = ["", " ", "{", "[1,]", '{"a":1} x', '{"a":1}}', "nul", '{"a": 01}', '{"a" 1}', "[1] [2]"]
VALUES: list[Any] = [
    {"a": [1, 2.5, float("inf"), True, None, 'é😀\n"\x00', {"b": {}}], 1: "int key", None: 2, 2.5: "f"},
    "top",
    3,
    [],
    {"x": 1.0000000000000002, "y": -0.0, "z": 10**30},
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_reads_what_json_reads(document: str) -> None:
    expected = json.loads(document)
    for given in (document, document.encode("utf-8", "surrogatepass")):
        assert repr(lean_json.loads(given)) == repr(expected)  # repr: -0.0 and nan compare as json gives them


def test_a_utf8_byte_order_mark_in_bytes_is_skipped_as_json_skips_it() -> None:
    assert lean_json.loads(b'\xef\xbb\xbf{"a": 1}') == json.loads(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}


@pytest.mark.parametrize("document", BAD)
def test_bad_json_raises_the_same_error_at_the_same_place(document: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(document)
    with pytest.raises(json.JSONDecodeError) as got:
        lean_json.loads(document)
    assert (got.value.msg, got.value.pos) == (expected.value.msg, expected.value.pos)


def test_bytes_that_are_not_utf8_raise_a_value_error() -> None:
    with pytest.raises(ValueError):
        lean_json.loads(b'{"a": "\xff"}')


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_writes_what_json_writes(value: Any) -> None:
    assert lean_json.dumps(value) == json.dumps(value, ensure_ascii=False)
    assert lean_json.dumps(value, compact=True) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_default_is_used_for_what_json_cannot_write_and_its_absence_raises_typeerror() -> None:
    value = {"at": dt.date(2026, 11, 25), "n": [math.pi]}
    assert lean_json.dumps(value, default=str) == json.dumps(value, ensure_ascii=False, default=str)
    with pytest.raises(TypeError, match="date is not JSON serializable"):
        lean_json.dumps(value)
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        lean_json.dumps(loop)

"""A long replay parses its batches in a second process (`events/projections/read_ahead.py`): the rows, the
checkpoint and the quarantine must be what reading in-process gives, and a child that cannot start, dies or
sends garbage must only cost speed."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest

from events.log import EventLog
from events.projections import event_index, read_ahead, runner
from events.projections.runner import DEFAULT_PROJECTIONS, Projector
from events.sqlite import Database
from tests.test_projection_order import ARRIVALS, arrive, dump, history, segment_name

# A well-formed frame of a batch with no events whose event_index rows are staged in the file `name`.
_FRAME = (
    "import marshal, sys; p = marshal.dumps(([], {{}}, '', '', 0, {{}}, [], {name!r}, ['event_index']));"
    " sys.stdout.buffer.write(len(p).to_bytes(8, 'little') + p)"
)
BROKEN_CHILDREN = {
    "says nothing": ("-c", "pass"),
    "cannot start": ("-m", "no_such_module_here"),
    "exits at once": ("-c", "import sys; sys.exit(3)"),
    "garbage": ("-c", "import sys; sys.stdout.buffer.write(bytes(8) + b'x' * 99)"),
    "a huge length": ("-c", "import sys; sys.stdout.buffer.write(b'\\xff' * 99)"),
    "a batch cut short": ("-c", "import sys; sys.stdout.buffer.write((1000).to_bytes(8, 'little') + b'x')"),
    "names a scratch file it did not write": ("-c", _FRAME.format(name="batch-000000.db")),
    "names a file outside its scratch directory": ("-c", _FRAME.format(name="../index.db")),
}


def checkpoints(db_path: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db_path)
    try:
        state = conn.execute("SELECT name, last_id, applied FROM projection_state ORDER BY name").fetchall()
        return state + conn.execute("SELECT * FROM projection_offsets ORDER BY name, segment").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("child", sorted(BROKEN_CHILDREN))
async def test_a_replay_whose_reader_process_fails_reads_on_in_process_to_the_same_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, child: str
) -> None:
    lines = history(5, 700)
    monkeypatch.setattr(runner, "BATCH_SIZE", 41)  # many batches: the reader process is used
    good = await arrive(tmp_path / "good", lines, ARRIVALS["id order at once"], once=True)
    monkeypatch.setattr(read_ahead, "CHILD_ARGS", BROKEN_CHILDREN[child])
    broken = await arrive(tmp_path / "broken", lines, ARRIVALS["id order at once"], once=True)
    assert dump(broken) == dump(good)
    assert checkpoints(broken) == checkpoints(good)


async def test_rows_the_reader_process_stages_are_copied_and_their_scratch_files_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1. A replay of many batches with the reader process: event_index's rows come staged, batch by batch.
    2. The rows equal an in-process replay's, and no scratch file or directory is left behind."""
    lines = history(7, 700)
    monkeypatch.setattr(runner, "BATCH_SIZE", 41)
    scratch_root = tmp_path / "tmp"
    scratch_root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch_root))
    copied: list[str] = []
    copy = event_index.apply_staged
    monkeypatch.setattr(event_index, "apply_staged", lambda conn, table: (copied.append(table), copy(conn, table))[1])
    staged = await arrive(tmp_path / "staged", lines, ARRIVALS["id order at once"], once=True)
    assert len(copied) > 10
    assert list(scratch_root.iterdir()) == []
    monkeypatch.setattr(read_ahead, "CHILD_ARGS", BROKEN_CHILDREN["says nothing"])
    in_process = await arrive(tmp_path / "in_process", lines, ARRIVALS["id order at once"], once=True)
    assert dump(staged) == dump(in_process)
    assert checkpoints(staged) == checkpoints(in_process)


async def test_lines_the_reader_process_quarantines_are_known_here_and_recorded_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = history(6, 600)
    lines["beta"].insert(150, b'{"not": "an event"}\n')
    lines["gamma"].insert(10, b"{torn\n")
    monkeypatch.setattr(runner, "BATCH_SIZE", 29)
    events_dir = tmp_path / "events"
    events_dir.mkdir()
    for segment, segment_lines in lines.items():
        (events_dir / segment_name(segment)).write_bytes(b"".join(segment_lines))
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="alpha") as log:
        projector = Projector(db, log)
        await projector.setup()
        applied = await projector.catch_up()
        assert applied == sum(len(segment_lines) for segment_lines in lines.values()) - 2
        assert [(item.segment, item.length) for item in log.quarantined()] == [
            (segment_name("beta"), len(b'{"not": "an event"}')),
            (segment_name("gamma"), len(b"{torn")),
        ]
        assert await projector.rebuild() == applied  # read again: known, so not recorded again
    records = b"".join(path.read_bytes() for path in (events_dir / "quarantine").glob("*.jsonl"))
    assert records.count(b"\n") == 2
    assert dump(tmp_path / "index.db") == dump(await arrive(tmp_path / "same", _without_bad(lines), _ALL, True))


_ALL = ARRIVALS["id order at once"]


def _without_bad(lines: dict[str, list[bytes]]) -> dict[str, list[bytes]]:
    return {segment: [line for line in segment_lines if b'"id"' in line] for segment, segment_lines in lines.items()}


def test_every_projection_prepares_its_batches() -> None:
    """A projection without `prepare` would make the reader process send every event whole, and this process
    build them all again: the replay would still be right, but slower than before the reader process."""
    assert [p.NAME for p in DEFAULT_PROJECTIONS if not hasattr(p, "prepare")] == []

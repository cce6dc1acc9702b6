"""A batch of events is atomic across a crash, so a retried import never duplicates.

- On the log itself: a batch cut short by a crash (at a line boundary or inside a line) is never replayed, is
  reported like a torn tail, and every event appended after it reads back.
- On the real daemon: SIGKILL while a 100,000-line `*.events.jsonl` is being appended; after the restart the
  file's events are in the projections exactly once.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import orjson
import pytest

from events.log import EventLog
from tests.conftest import write_config


def drafts(tag: str, n: int) -> list[tuple[str, dict[str, Any]]]:
    return [("outcome", {"session_id": f"{tag}-{i}", "outcome": "success"}) for i in range(n)]


def _cut_points(whole: bytes, start: int) -> list[int]:
    """Offsets inside the batch that starts at `start`: after its first line, in the middle of its third line,
    and two bytes short of its end (inside its last line: one short would only lose the newline, and a batch
    whose every line is there is whole)."""
    first_end = whole.index(b"\n", start) + 1
    third_start = whole.index(b"\n", whole.index(b"\n", first_end) + 1) + 1
    return [first_end, third_start + 10, len(whole) - 2]


@pytest.mark.parametrize("cut", [0, 1, 2], ids=["line_boundary", "mid_line", "last_line"])
async def test_a_batch_cut_short_by_a_crash_is_never_replayed(tmp_path: Path, cut: int) -> None:
    """1. one acknowledged event, then a 10-event batch; 2. "crash": the segment is cut inside the batch;
    3. reopen (the writer fences the tail) and append more; 4. readers see the first event and the later ones,
    none of the cut batch, and the cut batch is reported as quarantined."""
    events_dir = tmp_path / "events"
    async with EventLog.open(events_dir, host="alpha") as log:
        first = await log.append(drafts("first", 1))
        start = (events_dir / log.segment_names()[0]).stat().st_size
        await log.append(drafts("batch", 10))
    segment = events_dir / log.segment_names()[0]
    whole = segment.read_bytes()
    cut_at = _cut_points(whole, start)[cut]
    with segment.open("r+b") as handle:
        handle.truncate(cut_at)
    async with EventLog.open(events_dir, host="alpha") as log:
        later = await log.append(drafts("later", 3))
        later += await log.append(drafts("single", 1))
        read = [item.event for item in log.read_all()]
        assert [e.id for e in read] == [e.id for e in first + later]
        assert not [e for e in read if e.data["session_id"].startswith("batch")]
        quarantined = log.quarantined()
        assert quarantined and all(q.offset >= start for q in quarantined)
        assert any("incomplete batch" in q.error for q in quarantined)
    async with EventLog.open(events_dir, host="alpha") as log:  # and again after another restart
        assert [item.event.id for item in log.read_all()] == [e.id for e in first + later]


async def test_a_batch_still_being_written_is_not_read_half(tmp_path: Path) -> None:
    """A reader that meets a batch whose end is not on disk yet waits for it (reads nothing of it), like an
    unterminated line."""
    events_dir = tmp_path / "events"
    async with EventLog.open(events_dir, host="alpha") as log:
        await log.append(drafts("a", 1))
        start = (events_dir / log.segment_names()[0]).stat().st_size
        await log.append(drafts("b", 5))
        segment = events_dir / log.segment_names()[0]
        whole = segment.read_bytes()
        with segment.open("r+b") as handle:
            handle.truncate(whole.index(b"\n", whole.index(b"\n", start) + 1) + 1)  # two complete lines of five
        reader = EventLog(events_dir, host="beta")  # another process reading alpha's segment
        assert [item.event.data["session_id"] for item in reader.read_all()] == ["a-0"]
        assert reader.quarantined() == []
        with segment.open("ab") as handle:
            handle.write(whole[segment.stat().st_size :])
        assert len(list(reader.read_all())) == 6


async def test_old_logs_without_batch_marks_read_as_before(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    events_dir.mkdir()
    lines = [
        {
            "v": 1,
            "id": f"01JAAAAAAAAAAAAAAAAAAAAAA{i}",
            "ts": "2026-01-01T00:00:00.000Z",
            "type": "outcome",
            "data": {"session_id": f"s{i}", "outcome": "success"},
        }
        for i in range(5)
    ]
    (events_dir / "2026-01.old.jsonl").write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    async with EventLog.open(events_dir, host="alpha") as log:
        assert [item.event.id for item in log.read_all()] == [line["id"] for line in lines]


def test_sigkill_while_a_large_events_file_is_appended_imports_it_exactly_once(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. a 30,000-line events file in the inbox (the issue saw it at 100,000; 30,000 keeps the test short and
    still spans several of the kernel's write steps); 2. SIGKILL as soon as the log starts to grow (the batch is
    being written); 3. restart; 4. once the inbox is empty, the file's events are counted exactly once."""
    write_config(memory_home, "[inbox]\npoll_ms = 50\nstable_ms = 100\n")
    daemon = daemon_factory().start()
    n = 30_000
    pad = "x" * 20
    body = b"".join(
        orjson.dumps({"type": "outcome", "data": {"session_id": f"bulk-{i}", "outcome": "success", "note": pad}})
        + b"\n"
        for i in range(n)
    )
    staging = memory_home / "inbox" / ".bulk.events.jsonl"
    staging.write_bytes(body)
    os.rename(staging, memory_home / "inbox" / "bulk.events.jsonl")
    events_dir = memory_home / "events"
    deadline = time.monotonic() + 120
    killed_at = 0
    while time.monotonic() < deadline:
        size = sum(p.stat().st_size for p in events_dir.glob("*.jsonl"))
        if size > 0:
            killed_at = size
            break
        time.sleep(0.0005)
    assert daemon.proc is not None
    daemon.proc.send_signal(signal.SIGKILL)
    daemon.proc.wait()
    daemon.proc = None
    assert killed_at, "the import never started"
    after_kill = sum(p.stat().st_size for p in events_dir.glob("*.jsonl"))

    daemon.start()
    daemon.wait_for(lambda: not (memory_home / "inbox" / "bulk.events.jsonl").exists(), timeout=180)
    count = daemon.call("status", timeout=60)["events"]["count"]
    imports = daemon.call("events", {"type": "inbox_import"})["events"]
    print(f"killed with {after_kill} bytes of {len(body)} in the log")
    assert count == n + 1, f"{count - n - 1} duplicates (killed with {after_kill} bytes in the log)"
    assert len(imports) == 1  # projections equal a replay: checked after every kill by test_chaos.py

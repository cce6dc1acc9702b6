"""The JSONL log on real files: durable appends, validation, torn lines, quarantine, segment order."""

from __future__ import annotations

import asyncio
from pathlib import Path

import orjson
import pytest

from events.log import EventLog
from events.schema import InvalidEvent


async def test_append_then_read_back_in_order(tmp_path: Path) -> None:
    async with EventLog.open(tmp_path / "events", host="alpha") as log:
        first = await log.append([("outcome", {"session_id": "s1", "outcome": "success"})])
        second = await log.append([("ref", {"session_id": "s1", "experience_id": "e1"})] * 3)
        read = list(log.read_all())
    assert [item.event.id for item in read] == [e.id for e in first + second]
    assert [p.name for p in (tmp_path / "events").glob("*.jsonl")] == [read[0].segment]
    assert read[0].segment.endswith(".alpha.jsonl") and read[0].segment[:7] == first[0].ts[:7]
    line = (tmp_path / "events" / read[0].segment).read_bytes().splitlines()[0]
    assert set(orjson.loads(line)) == {"v", "id", "ts", "type", "data"}


@pytest.mark.parametrize(
    ("event_type", "data", "field"),
    [
        ("outcome", {"session_id": "s1", "outcome": "maybe"}, "outcome.data.outcome"),
        ("outcome", {"outcome": "success"}, "outcome.data.session_id"),
        ("ref", {"session_id": "s", "experience_id": 7}, "ref.data.experience_id"),
        ("signal", {"session_id": "s", "kind": "typo", "key": "k"}, "signal.data.kind"),
        ("access", {"chunk_id": "c", "query_hash": "q", "rank": True, "score": 1.0}, "access.data.rank"),
        ("importance", {"content_hash": "h", "value": 1.5}, "importance.data.value"),
        ("forget", {"content_hashes": []}, "forget.data.content_hashes"),
        ("edit", {"files": ["a.py", 3]}, "edit.data.files"),
        ("edit", {"files": []}, "edit.data.files"),
        ("inbox_import", {"file": "x.md", "kind": "zip", "sha256": "ab"}, "inbox_import.data.kind"),
        ("session_summary", {"session_id": "s", "path": "sessions/s.md"}, "session_summary.data.transcript_sha256"),
        ("compaction", {"trigger": 5}, "compaction.data.trigger"),
        ("Bad Type", {}, "type"),
        ("outcome", ["not", "an", "object"], "outcome.data"),
    ],
)
async def test_bad_event_is_refused_naming_the_field(tmp_path: Path, event_type: str, data: object, field: str) -> None:
    async with EventLog.open(tmp_path / "events") as log:
        with pytest.raises(InvalidEvent, match=rf"^{field.replace('.', '[.]')}:"):
            await log.append([("outcome", {"session_id": "ok", "outcome": "success"}), (event_type, data)])
        assert list(log.read_all()) == []  # all-or-nothing: the good event was not written either


async def test_unknown_types_are_kept(tmp_path: Path) -> None:
    async with EventLog.open(tmp_path / "events") as log:
        await log.append([("custom.note", {"anything": [1, 2]})])
        assert [item.event.type for item in log.read_all()] == ["custom.note"]


async def test_torn_last_line_is_fenced_quarantined_and_never_replayed(tmp_path: Path) -> None:
    """1. append two events; 2. simulate a crash mid-write (half a line, no newline);
    3. reopen: the tail is fenced, the fragment quarantined with segment and offset; 4. appends go on."""
    events_dir = tmp_path / "events"
    async with EventLog.open(events_dir, host="alpha") as log:
        good = await log.append([("outcome", {"session_id": f"s{i}", "outcome": "success"}) for i in range(2)])
    segment = next(events_dir.glob("*.jsonl"))
    torn_offset = segment.stat().st_size
    with segment.open("ab") as handle:
        handle.write(b'{"v":1,"id":"01ZZZ","ts":"2026-')
    async with EventLog.open(events_dir, host="alpha") as log:
        later = await log.append([("outcome", {"session_id": "s9", "outcome": "failed"})])
        ids = [item.event.id for item in log.read_all()]
        quarantined = log.quarantined()
    assert ids == [e.id for e in good + later]
    assert len(quarantined) == 1
    assert (quarantined[0].segment, quarantined[0].offset) == (segment.name, torn_offset)
    quarantine_file = next((events_dir / "quarantine").glob("*.jsonl"))
    records = [orjson.loads(x) for x in quarantine_file.read_bytes().splitlines()]
    assert records[0]["offset"] == torn_offset and records[0]["raw_base64"]
    async with EventLog.open(events_dir, host="alpha") as log:  # quarantined once, not on every read
        list(log.read_all())
        list(log.read_all())
        assert len(log.quarantined()) == 1
    assert len((events_dir / "quarantine").glob("*.jsonl").__next__().read_bytes().splitlines()) == 1


async def test_garbage_lines_in_the_middle_are_skipped_and_reported(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    events_dir.mkdir()
    segment = events_dir / "2026-11.other.jsonl"
    good = (
        b'{"v":1,"id":"01A","ts":"2026-11-01T00:00:00.000Z","type":"outcome",'
        b'"data":{"session_id":"s","outcome":"success"}}\n'
    )
    segment.write_bytes(good + b"\xff\xfe not json\n" + b"[1,2]\n" + b'{"id":"01B"}\n' + good.replace(b"01A", b"01C"))
    async with EventLog.open(events_dir) as log:
        assert [item.event.id for item in log.read_all()] == ["01A", "01C"]
        assert len(log.quarantined()) == 3


async def test_segments_from_several_machines_merge_in_id_order(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    async with EventLog.open(events_dir, host="alpha") as alpha, EventLog.open(events_dir, host="beta") as beta:
        made = []
        for i in range(6):
            log = alpha if i % 2 else beta
            made += await log.append([("outcome", {"session_id": f"s{i}", "outcome": "success"})])
        assert [item.event.id for item in alpha.read_all()] == [e.id for e in made]
    assert len(list(events_dir.glob("*.jsonl"))) == 2


async def test_concurrent_appends_share_fsyncs_and_lose_nothing(tmp_path: Path) -> None:
    async with EventLog.open(tmp_path / "events") as log:
        results = await asyncio.gather(
            *(log.append([("outcome", {"session_id": f"s{i}", "outcome": "success"})]) for i in range(300))
        )
        ids = {e.id for batch in results for e in batch}
        assert ids == {item.event.id for item in log.read_all()}
        assert len(ids) == 300

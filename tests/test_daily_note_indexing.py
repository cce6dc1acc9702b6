"""The daily note, which the daemon rewrites on every agent edit, is indexed once it has been left alone
(`[index] daily_delay_ms`), not after each edit, and is searchable after that; other notes are not delayed."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from events.sqlite import Database
from pipeline.embedding.service import EmbeddingService
from pipeline.ingest.indexer import Indexer, IndexOptions
from pipeline.ingest.roots import MEMORY_ROOT, make_roots
from tests.conftest import write_config

DELAY_MS = 3000


def daily_hits(daemon: Any, word: str) -> list[str]:
    hits = daemon.call("search", {"query": word, "mode": "bm25"})["results"]
    return [hit["path"] for hit in hits if hit["path"].startswith("daily/")]


def test_a_burst_of_edits_indexes_the_daily_note_once_it_is_left_alone(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    write_config(memory_home, f"[index]\ndebounce_ms = 50\ndaily_delay_ms = {DELAY_MS}\n")
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["pending"] == 0)
    code = tmp_path / "code"
    code.mkdir()
    started = time.monotonic()
    for n in range(3):
        daemon.call("edit", {"files": [str(code / f"zebrafile{n}.py")], "cwd": str(code), "tool": "Edit"})
    # The watcher has seen the note: it waits (counted as pending), while a loose note saved now is indexed at once.
    # (A machine stalled past the delay may index it before a poll sees it waiting: then it proves nothing here.)
    daemon.wait_for(
        lambda: daemon.call("status")["index"]["deferred"] == 1 or daily_hits(daemon, "zebrafile2"), timeout=30
    )
    (memory_home / "okapi.md").write_text("# Okapi\n\nThe okapi note.\n", encoding="utf-8")
    daemon.wait_for(lambda: daemon.call("search", {"query": "okapi", "mode": "bm25"})["results"])
    status = daemon.call("status")["index"]
    waiting = daily_hits(daemon, "zebrafile2")
    # Read after both answers: when they came before the delay could end, the note cannot have been indexed yet
    if time.monotonic() - started < DELAY_MS / 1000 - 0.5:
        assert status["deferred"] == 1 and status["pending"] >= 1
        assert waiting == []
    daemon.wait_for(lambda: daemon.call("status")["index"]["pending"] == 0, timeout=30)
    assert time.monotonic() - started >= DELAY_MS / 1000 - 0.1
    assert daily_hits(daemon, "zebrafile2")  # the note as it was after the last edit of the burst
    assert daemon.call("status")["index"]["deferred"] == 0


def test_daily_delay_zero_indexes_the_daily_note_at_once(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    write_config(memory_home, "[index]\ndebounce_ms = 50\ndaily_delay_ms = 0\n")
    daemon = daemon_factory().start()
    daemon.call("edit", {"files": [str(tmp_path / "gnufile.py")], "cwd": str(tmp_path), "tool": "Write"})
    daemon.wait_for(lambda: daily_hits(daemon, "gnufile"), timeout=10)
    assert daemon.call("status")["index"]["deferred"] == 0


async def test_a_path_named_again_and_again_is_queued_within_its_longest_delay(tmp_path: Path) -> None:
    """Renewed every 50 ms, a path queued for later (0.2 s quiet, 0.6 s at most) is queued by 0.6 s."""
    async with Database.open(tmp_path / "index.db") as db:
        embedding = EmbeddingService("multilingual-e5-small", tmp_path / "models", enabled=False)
        indexer = Indexer(db, make_roots(tmp_path, []), embedding, IndexOptions())
        first = time.monotonic()
        queued_at = None
        while time.monotonic() - first < 1.0:
            indexer.enqueue_later(MEMORY_ROOT, "daily/2026-11-28.md", quiet_s=0.2, max_s=0.6)
            assert indexer.pending == 1
            await asyncio.sleep(0.05)
            indexer._queue_due()
            if indexer.deferred == 0:
                queued_at = time.monotonic() - first
                break
        assert queued_at is not None and 0.55 <= queued_at <= 0.8
        assert indexer.pending == 1  # now in the queue proper
        indexer.enqueue_later(MEMORY_ROOT, "daily/2026-11-28.md", quiet_s=0.2, max_s=0.6)
        assert indexer.deferred == 0  # already queued: not held back again

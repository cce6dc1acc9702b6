"""Retrieval features over the real daemon: ranking, filters, get confinement, context, forget, importance."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from daemon.client.socket_client import DaemonError
from pipeline.cjk import cjk_share
from pipeline.retrieval.search import Candidate, Searcher, rrf
from tests.conftest import Daemon
from tests.test_pipeline import paths_for, search, wait_indexed


@pytest.fixture
def stocked(memory_home: Path) -> Path:
    (memory_home / "MEMORY.md").write_text(
        "# Memory\n\n## Preferences\n- Use pnpm, never npm, in JavaScript projects.\n\n"
        "<private>\nMy bank PIN is 4321.\n</private>\n\n## Lessons\n- Never force-push to main.\n"
    )
    atlas = memory_home / "areas" / "projects" / "atlas"
    atlas.mkdir(parents=True)
    (atlas / "rules.md").write_text("# Atlas rules\n\n- Run `make lint` before every push.\n")
    (memory_home / "sessions").mkdir(exist_ok=True)
    (memory_home / "sessions" / "s1.md").write_text(
        "# Session s1\n\nThe release pipeline broke because the artifact cache was cold.\n"
    )
    (memory_home / "daily").mkdir(exist_ok=True)
    (memory_home / "daily" / "2026-11-01.md").write_text("# 2026-11-01\n\nEdited atlas/api.py: release notes.\n")
    (memory_home / "notes.md").write_text(
        "# Notes\n\n## Fox\n\nThe quick brown fox jumps over the lazy dog near the release pipeline.\n\n"
        "## Other\n\nA different paragraph mentions the quick fox and a dog separately from the jumps.\n"
    )
    return memory_home


@pytest.fixture
def ready(daemon_factory: Any, stocked: Path) -> Daemon:
    daemon = daemon_factory().start()
    daemon.wait_for(
        lambda: daemon.call("status")["index"]["files"] == 5 and not daemon.call("status")["index"]["pending"]
    )
    return daemon


def test_exact_phrase_ranks_first(ready: Daemon) -> None:
    hits = search(ready, "quick brown fox jumps over the lazy dog", mode="hybrid")
    assert hits[0]["path"] == "notes.md" and hits[0]["heading"] == "Notes > Fox"


def test_filters(ready: Daemon) -> None:
    assert set(paths_for(ready, "release")) >= {"sessions/s1.md", "daily/2026-11-01.md", "notes.md"}
    assert paths_for(ready, "release", source="sessions") == ["sessions/s1.md"]
    assert paths_for(ready, "release", source="daily") == ["daily/2026-11-01.md"]
    assert paths_for(ready, "lint", source="areas") == ["areas/projects/atlas/rules.md"]
    assert paths_for(ready, "pnpm", source="memory") == ["MEMORY.md"]
    assert paths_for(ready, "release", path="sessions/*") == ["sessions/s1.md"]
    assert paths_for(ready, "release", root="memory")
    assert paths_for(ready, "release", root="elsewhere") == []
    old = time.time() - 30 * 86400
    os.utime(ready.home / "notes.md", (old, old))
    ready.call("reindex", {"path": "notes.md"})
    wait_indexed(ready)
    assert "notes.md" not in paths_for(
        ready, "release", since=time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
    )
    assert "notes.md" in paths_for(ready, "release", since="2000-01-01")
    with pytest.raises(DaemonError, match="source"):
        ready.call("search", {"query": "x", "source": "nowhere"})


def test_explain_shows_every_component(ready: Daemon) -> None:
    hit = ready.call("search", {"query": "artifact cache", "mode": "bm25", "explain": True})["results"][0]
    assert {"R", "I", "T", "E", "final", "retrieval", "bm25", "bm25_rank"} <= set(hit["explain"])
    assert "explain:" in ready.cli("search", "artifact cache", "--explain", "--mode", "bm25").stdout


def test_rrf_explains_each_lists_share() -> None:
    lexical = [Candidate(1, bm25=3.0, bm25_rank=1), Candidate(2, bm25=2.0, bm25_rank=2)]
    semantic = [Candidate(2, cosine=0.9, vector_rank=1), Candidate(3, cosine=0.8, vector_rank=2)]
    fused = rrf([lexical, semantic], k=60, weights=(1.0, 0.5))
    assert [c.id for c in fused] == [2, 1, 3]  # 1/62 + 0.5/61 > 1/61 > 0.5/62
    shares = {c.id: c.components for c in fused}
    assert shares[2] == {"rrf_bm25": pytest.approx(1 / 62), "rrf_vector": pytest.approx(0.5 / 61)}
    assert shares[1] == {"rrf_bm25": pytest.approx(1 / 61)} and shares[3] == {"rrf_vector": pytest.approx(0.5 / 62)}
    assert all(c.score == pytest.approx(sum(c.components.values())) for c in fused)


def test_get_is_confined_to_the_roots(ready: Daemon, tmp_path: Path) -> None:
    got = ready.call("get", {"path": "notes.md", "from": 5, "lines": 1})
    assert got["text"].startswith("The quick brown fox") and got["total_lines"] == 9
    outside = tmp_path / "secret.md"
    outside.write_text("top secret\n")
    os.symlink(outside, ready.home / "link.md")
    for bad in ("../secret.md", str(outside), "/etc/passwd", "link.md", "sessions/../../secret.md"):
        with pytest.raises(DaemonError, match="outside"):
            ready.call("get", {"path": bad})
    result = ready.cli("get", "../secret.md")
    assert result.returncode == 1 and "outside" in result.stderr


def test_context_block(ready: Daemon) -> None:
    result = ready.call("context", {"query": "what broke the release pipeline", "project": "atlas"})
    text = result["markdown"]
    assert "pnpm" in text and "force-push" in text
    assert "make lint" in text
    assert "sessions/s1.md:1-3" in text and "artifact cache was cold" in text
    assert "4321" not in text and "private" not in text.lower()
    assert len(text) <= 4000 and result["used"] == len(text)
    injections = ready.call("injections")["injections"]
    assert injections[0]["paths"] == result["memories"]
    assert injections[0]["used"] == result["used"]
    detected = ready.call("context", {"query": "lint", "cwd": "/home/me/code/atlas/src"})
    assert detected["project"] == "atlas"
    with pytest.raises(DaemonError, match="no project"):
        ready.call("context", {"query": "x", "project": "nope"})
    assert "Relevant memories" in ready.cli("context", "release pipeline").stdout


def test_context_and_get_never_hand_out_a_secret(ready: Daemon) -> None:
    key = "sk-proj-" + "Ab3" * 12
    rules = ready.home / "areas" / "projects" / "atlas" / "rules.md"
    rules.write_text(f"# Atlas rules\n\n- Deploy with OPENAI_API_KEY={key} set.\n")
    text = ready.call("context", {"query": "deploy", "project": "atlas"})["markdown"]
    assert "Deploy with" in text and key not in text and "[REDACTED" in text
    got = ready.call("get", {"path": "areas/projects/atlas/rules.md"})
    assert key not in got["text"] and got["total_lines"] == 3
    # A working directory outside every project names no project (the root "/" is not one).
    assert ready.call("context", {"query": "deploy", "cwd": "/tmp/elsewhere"})["project"] is None


def lexical_mirrors_index(daemon: Daemon) -> bool:
    index = daemon.call("status")["index"]
    return bool(index["lexical"]["ready"] and index["lexical"]["rows"] == index["chunks"] and not index["pending"])


def test_forget_survives_reindex_and_rebuild(ready: Daemon) -> None:
    assert paths_for(ready, "artifact cache") == ["sessions/s1.md"]
    result = ready.cli("forget", "sessions/s1.md:3")  # any line inside the chunk
    assert result.returncode == 0, result.stderr
    assert paths_for(ready, "artifact cache") == []
    assert "artifact" not in ready.call("context", {"query": "artifact cache"})["markdown"]
    ready.call("reindex", {})
    wait_indexed(ready)
    assert paths_for(ready, "artifact cache") == []
    ready.call("rebuild", {})
    wait_indexed(ready)
    ready.wait_for(lambda: lexical_mirrors_index(ready))  # the BM25 mirror was reloaded and refilled
    assert paths_for(ready, "artifact cache") == []
    (ready.home / "copy.md").write_text((ready.home / "sessions" / "s1.md").read_text())
    wait_indexed(ready)
    assert paths_for(ready, "artifact cache") == []  # the same text elsewhere stays forgotten
    assert ready.call("rebuild", {"verify": True})["identical"]


def test_forget_by_id_and_purge(ready: Daemon) -> None:
    hit = search(ready, "different paragraph")[0]
    result = ready.call("forget", {"id": hit["chunk_id"], "purge": True})
    assert result["forgotten"] == 1
    text = (ready.home / "notes.md").read_text()
    assert "different paragraph" not in text and "quick brown fox" in text
    assert "different paragraph" in (ready.home / result["trash"]).read_text()
    with pytest.raises(DaemonError, match="exactly one"):
        ready.call("forget", {})


def test_access_events_and_importance(ready: Daemon) -> None:
    hits = search(ready, "pnpm")
    assert hits
    ready.wait_for(lambda: ready.call("events", {"type": "access"})["events"])
    access = ready.call("events", {"type": "access"})["events"]
    assert len(access) == 1  # one event per search, its hits in rank order
    assert len(access[0]["data"]["hashes"]) == len(hits) and access[0]["data"]["scores"][0] == hits[0]["score"]
    assert ready.cli("importance", "MEMORY.md", "0.9").returncode == 0
    imp = ready.call("events", {"type": "importance"})["events"]
    assert imp and all(e["data"]["value"] == 0.9 for e in imp)
    explained = ready.call("search", {"query": "pnpm", "mode": "bm25", "explain": True})["results"][0]["explain"]
    assert explained["I"] == pytest.approx(0.9, abs=0.02)
    with pytest.raises(DaemonError, match="between 0 and 1"):
        ready.call("importance", {"target": "MEMORY.md", "value": 3})


def test_fusion_weights_follow_the_query_language() -> None:
    searcher = Searcher(None, None, list_weights=(1.0, 0.5), cjk_list_weights=(0.3, 1.0))  # type: ignore[arg-type]
    assert searcher.weights_for("how do we keep the websocket alive") == (1.0, 0.5)
    assert searcher.weights_for("心跳间隔是多少") == (0.3, 1.0)
    assert searcher.weights_for("WebSocket 心跳间隔是多少秒") == (0.3, 1.0)  # mostly CJK
    assert searcher.weights_for("configure the WebSocket heartbeat 心跳") == (1.0, 0.5)  # mostly English
    assert cjk_share("") == 0.0 and cjk_share("心跳") == 1.0


def test_a_files_further_chunks_come_after_other_files(daemon_factory: Any, memory_home: Path) -> None:
    """One chunk per file first (`[search] chunks_per_file`, default 1): a note cut into sections no longer
    fills the top k with itself; its other chunks follow the other files' hits, and 0 turns it off."""
    notes = memory_home / "notes"
    notes.mkdir()
    (notes / "deploys.md").write_text(
        "# Deploys\n\n## Monday\n\nThe canary deploy of atlas failed on the database migration.\n\n"
        "## Tuesday\n\nThe canary deploy of atlas failed again on the database migration lock.\n"
    )
    (notes / "billing.md").write_text("# Billing\n\nA database migration for the billing service ran slowly.\n")
    query = "canary deploy atlas database migration"
    daemon = daemon_factory().start()
    wait_indexed(daemon)
    assert paths_for(daemon, query, k=2) == ["notes/deploys.md", "notes/billing.md"]
    assert paths_for(daemon, query, k=3) == ["notes/deploys.md", "notes/billing.md", "notes/deploys.md"]
    assert paths_for(daemon, query, path="notes/deploys.md") == ["notes/deploys.md", "notes/deploys.md"]
    assert daemon.stop() == 0
    (memory_home / "config.toml").write_text("[search]\nchunks_per_file = 0\n")
    daemon = daemon_factory().start()
    wait_indexed(daemon)
    assert paths_for(daemon, query, k=2) == ["notes/deploys.md", "notes/deploys.md"]

"""The indexing pipeline with the real watcher and the real daemon (BM25 path; the model has its own tests)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest

from pipeline.ingest.chunker import estimate_tokens
from tests.conftest import Daemon, write_config


def search(daemon: Daemon, query: str, **params: Any) -> list[dict[str, Any]]:
    return daemon.call("search", {"query": query, "mode": "bm25", **params})["results"]


def paths_for(daemon: Daemon, query: str, **params: Any) -> list[str]:
    return [r["path"] for r in search(daemon, query, **params)]


def wait_indexed(daemon: Daemon) -> dict[str, Any]:
    """Wait until the queue is empty and stays so (the watcher may still deliver a batch)."""

    def idle() -> Any:
        index = daemon.call("status")["index"]
        return index if index["pending"] == 0 else None

    return daemon.wait_for(idle)


@pytest.fixture
def home_with_notes(memory_home: Path) -> Path:
    (memory_home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Always run ruff before committing.\n")
    project = memory_home / "areas" / "projects" / "atlas"
    project.mkdir(parents=True)
    (project / "rules.md").write_text(
        "# Atlas rules\n\n## Deploy\n\n### Staging\n\nDeploy staging with `make deploy-staging` after the smoke tests.\n"
    )
    return memory_home


def test_create_edit_delete_rename_are_followed(daemon_factory: Any, home_with_notes: Path) -> None:
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: "MEMORY.md" in paths_for(daemon, "ruff"))
    hit = search(daemon, "staging smoke tests")[0]
    assert hit["path"] == "areas/projects/atlas/rules.md" and hit["root"] == "memory"
    assert hit["heading"] == "Atlas rules > Deploy > Staging"

    note = home_with_notes / "daily" / "2026-11-20.md"
    note.write_text("# 2026-11-20\n\nFixed the flaky kafka consumer by pinning librdkafka.\n")
    daemon.wait_for(lambda: paths_for(daemon, "librdkafka") == ["daily/2026-11-20.md"])

    note.write_text("# 2026-11-20\n\nReplaced kafka with nats jetstream.\n")
    daemon.wait_for(lambda: paths_for(daemon, "jetstream") == ["daily/2026-11-20.md"])
    assert paths_for(daemon, "librdkafka") == []

    moved = home_with_notes / "daily" / "2026-11-21.md"
    note.rename(moved)
    daemon.wait_for(lambda: paths_for(daemon, "jetstream") == ["daily/2026-11-21.md"])

    moved.unlink()
    daemon.wait_for(lambda: paths_for(daemon, "jetstream") == [])
    status = wait_indexed(daemon)
    assert status["files"] == 2
    daemon.wait_for(lambda: (i := daemon.call("status")["index"])["lexical"]["rows"] == i["chunks"])
    assert daemon.call("status")["index"]["lexical"]["ready"]


def test_editor_style_atomic_save_is_indexed(daemon: Daemon) -> None:
    target = daemon.home / "notes.md"
    temp = daemon.home / ".notes.md.swp"
    temp.write_text("# Notes\n\nThe zeppelin hangar key is in the blue box.\n")
    os.replace(temp, target)
    daemon.wait_for(lambda: paths_for(daemon, "zeppelin") == ["notes.md"])
    assert all(not s["path"].endswith(".swp") for s in daemon.call("status")["index"]["skipped"])


def test_changes_made_while_stopped_are_reconciled(daemon_factory: Any, home_with_notes: Path) -> None:
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: paths_for(daemon, "ruff") == ["MEMORY.md"])
    assert daemon.stop() == 0
    (home_with_notes / "MEMORY.md").write_text("# Memory\n\n- Prefer uv over pip-tools.\n")
    (home_with_notes / "areas" / "projects" / "atlas" / "rules.md").unlink()
    (home_with_notes / "sessions").mkdir(exist_ok=True)
    (home_with_notes / "sessions" / "abc.md").write_text("# Session abc\n\nDebugged the gRPC deadline.\n")
    daemon.start()
    daemon.wait_for(lambda: paths_for(daemon, "grpc deadline") == ["sessions/abc.md"])
    daemon.wait_for(lambda: paths_for(daemon, "staging") == [])
    assert paths_for(daemon, "ruff") == []
    assert paths_for(daemon, "uv") == ["MEMORY.md"]


def test_unchanged_files_cost_no_work_after_restart(daemon_factory: Any, home_with_notes: Path) -> None:
    daemon = daemon_factory().start()
    first = wait_indexed(daemon)
    daemon.wait_for(lambda: daemon.call("status")["index"]["files"] == 2)
    ids_before = {r["chunk_id"] for r in search(daemon, "staging")}
    assert daemon.stop() == 0
    daemon.start()
    again = wait_indexed(daemon)
    assert again["files"] == 2 and again["chunks"] == daemon.call("status")["index"]["chunks"]
    assert {r["chunk_id"] for r in search(daemon, "staging")} == ids_before
    assert first["skipped"] == again["skipped"] == []


def test_chinese_two_character_word_finds_its_chunk(daemon: Daemon) -> None:
    (daemon.home / "net.md").write_text("# 网络\n\n我们用 WebSocket 心跳保活，间隔三十秒。\n\n另一段：数据库连接池。\n")
    daemon.wait_for(lambda: paths_for(daemon, "心跳") == ["net.md"])
    assert "心跳" in search(daemon, "心跳")[0]["snippet"]
    assert paths_for(daemon, "保活") == ["net.md"]
    assert paths_for(daemon, "跳保活间") == ["net.md"]


NASTY = [
    '"',
    '""',
    "'",
    "(",
    ")",
    "NEAR(a b",
    "a AND",
    "OR OR",
    "*",
    "-x",
    "col:val",
    "{a b}",
    "a + b",
    "\x00",
    "🙂🙂",
    "NOT",
    "AND OR NOT",
    'unbalanced "quote',
    "^start",
    "a:b:c",
    "x" * 10_000,
    "中" * 5000,
    "deploy* OR (staging",
    "\\",
    "%_",
    "'; DROP TABLE chunks; --",
]


@pytest.mark.parametrize("query", NASTY, ids=range(len(NASTY)))
def test_any_user_string_is_a_safe_query(daemon: Daemon, query: str) -> None:
    for mode in ("bm25", "hybrid", "vector"):
        reply = daemon.call("search", {"query": query, "mode": mode})
        assert isinstance(reply["results"], list)


def test_chunk_line_ranges_match_the_file(daemon: Daemon) -> None:
    lines = ["# Guide", ""]
    for section in range(6):
        lines += [f"## Section {section}", ""]
        for para in range(5):
            lines += [f"Paragraph {section}-{para} about topic{section}x{para} " + "filler words " * 30, ""]
    path = daemon.home / "guide.md"
    path.write_text("\n".join(lines))
    file_lines = path.read_text().splitlines()
    daemon.wait_for(lambda: search(daemon, "topic3x4"))
    for section in range(6):
        for para in range(5):
            hit = search(daemon, f"topic{section}x{para}")[0]
            assert 1 <= hit["start_line"] <= hit["end_line"] <= len(file_lines)
            span = "\n".join(file_lines[hit["start_line"] - 1 : hit["end_line"]])
            assert f"topic{section}x{para}" in span
            assert file_lines[hit["start_line"] - 1].strip()  # a range starts on content, not a blank line


def test_bad_files_are_skipped_with_reasons(daemon_factory: Any, memory_home: Path) -> None:
    write_config(memory_home, "[index]\nmax_file_bytes = 20000\n")
    (memory_home / "good.md").write_text("# Good\n\nquokka habitat notes\n")
    (memory_home / "binary.md").write_bytes(b"# bin\x00\x01\x02" * 10)
    (memory_home / "latin1.md").write_bytes("# caf\xe9 au lait\n".encode("latin-1"))
    (memory_home / "huge.md").write_text("# huge\n" + "word " * 10_000)
    os.symlink("loop_b.md", memory_home / "loop_a.md")
    os.symlink("loop_a.md", memory_home / "loop_b.md")
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: paths_for(daemon, "quokka") == ["good.md"])
    reasons = {s["path"]: s["reason"] for s in wait_indexed(daemon)["skipped"]}
    assert "binary" in reasons["binary.md"]
    assert "UTF-8" in reasons["latin1.md"]
    assert "too large" in reasons["huge.md"]
    assert "loop_a.md" in reasons and "loop_b.md" in reasons
    text = daemon.cli("status").stdout
    assert "skipped binary.md" in text
    (memory_home / "latin1.md").write_text("# café au lait\n\nnow valid\n")
    daemon.wait_for(lambda: paths_for(daemon, "valid") == ["latin1.md"])
    assert "latin1.md" not in {s["path"] for s in daemon.call("status")["index"]["skipped"]}


def test_private_text_and_front_matter_are_not_indexed(daemon: Daemon) -> None:
    (daemon.home / "p.md").write_text(
        "---\ntags: [infra]\n---\n# Infra\n\nPublic: the bastion host is b1.\n\n"
        "<private>\nThe vault passphrase is zanzibar.\n</private>\n\nAfter the private part.\n"
    )
    daemon.wait_for(lambda: paths_for(daemon, "bastion") == ["p.md"])
    assert paths_for(daemon, "zanzibar") == []
    assert paths_for(daemon, "tags infra") in (["p.md"], [])  # front matter is metadata, not body text
    hit = search(daemon, "bastion")[0]
    assert "tags:" not in hit["snippet"]


def test_extra_roots_are_indexed_read_only(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "idea.md").write_text("# Idea\n\nA lighthouse keeper's log as a story.\n")
    (vault / ".obsidian").mkdir()
    (vault / ".obsidian" / "workspace.md").write_text("lighthouse internal\n")
    write_config(memory_home, f'[index]\nextra_roots = ["{vault}"]\n')
    before = sorted(p.name for p in vault.rglob("*"))
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: search(daemon, "lighthouse"))
    hits = search(daemon, "lighthouse")
    assert [(h["root"], h["path"]) for h in hits] == [("vault", "idea.md")]
    assert search(daemon, "lighthouse", source="extra")
    assert search(daemon, "lighthouse", root="memory") == []
    assert sorted(p.name for p in vault.rglob("*")) == before


def test_facts_json_indexes_active_facts_only(daemon: Daemon) -> None:
    facts = daemon.home / "areas" / "projects" / "atlas" / "facts.json"
    facts.parent.mkdir(parents=True)
    facts.write_text(
        '{"facts": [\n'
        '  {"id": "f1", "fact": "Atlas uses postgres 15", "status": "superseded", "supersededBy": "f2"},\n'
        '  {"id": "f2", "fact": "Atlas uses postgres 16 with pgvector", "status": "active"}\n'
        "]}\n"
    )
    daemon.wait_for(lambda: search(daemon, "pgvector"))
    assert [h["path"] for h in search(daemon, "postgres")] == ["areas/projects/atlas/facts.json"]
    assert "16" in search(daemon, "postgres")[0]["snippet"]


def test_index_wait_and_reindex(daemon: Daemon) -> None:
    for i in range(40):
        (daemon.home / "daily" if (daemon.home / "daily").exists() else daemon.home).joinpath(f"n{i}.md").write_text(
            f"# Note {i}\n\nmarmot{i} observation\n"
        )
    result = daemon.cli("index", "--wait", timeout=120)
    assert result.returncode == 0, result.stderr
    assert search(daemon, "marmot39")
    reindexed = daemon.call("reindex", {"path": "MEMORY.md"})
    assert reindexed["queued"] == 1
    with pytest.raises(Exception, match="not inside"):
        daemon.call("reindex", {"path": "/etc/passwd"})


def test_a_conversation_is_cut_at_its_own_size_and_a_note_at_the_default(daemon: Daemon) -> None:
    """Default settings: a file of `Speaker: text` turns is cut into ~256-token chunks without overlap, a prose
    note of the same size into ~400-token chunks that overlap (README, "Chunk size against the model's window")."""
    filler = "we talked about the bicycle trip and the weather in the hills before lunch"
    turns = [f"{('Maria', 'Joaquin')[n % 2]}: turn{n} {filler} again" for n in range(60)]
    prose = [f"Line{n} of the note says {filler} again" for n in range(60)]
    (daemon.home / "chat.md").write_text("# Chat, 8 May 2023\n\n" + "\n".join(turns) + "\n")
    (daemon.home / "note.md").write_text("# Trip notes\n\n" + "\n\n".join(prose) + "\n")
    daemon.wait_for(lambda: search(daemon, "turn59") and search(daemon, "line59"))
    wait_indexed(daemon)

    def ranges(path: str) -> list[tuple[int, int]]:
        hits = search(daemon, "bicycle", path=path, k=100)
        return sorted((h["start_line"], h["end_line"]) for h in hits)

    chat = ranges("chat.md")
    assert len(chat) >= 6
    assert all(end < start for (_, end), (start, _) in itertools.pairwise(chat)), chat  # no line in two chunks
    lines = (daemon.home / "chat.md").read_text().splitlines()
    assert all(estimate_tokens("\n".join(lines[s - 1 : e])) <= 256 for s, e in chat)
    note = ranges("note.md")
    assert 2 <= len(note) < len(chat)
    assert all(start <= end for (_, end), (start, _) in itertools.pairwise(note)), note  # the note's chunks overlap

"""The pipeline with the real offline model (multilingual-e5-small): cache hits, hybrid recall, fallbacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Daemon, write_config
from tests.test_pipeline import paths_for


def wait_vectors(daemon: Daemon) -> dict[str, Any]:
    def ready() -> Any:
        index = daemon.call("status")["index"]
        done = index["mode"] == "hybrid" and index["pending"] == 0 and index["embedded"] >= index["chunks"] > 0
        return index if done else None

    return daemon.wait_for(ready, timeout=180)


@pytest.fixture
def hybrid(daemon_factory: Any, memory_home: Path) -> Daemon:
    (memory_home / "pets.md").write_text(
        "# Pets\n\n## Cat\n\nOur cat refuses to eat dry food in the evening.\n\n"
        "## Garden\n\nThe tomatoes need staking before the summer storms.\n"
    )
    (memory_home / "ops.md").write_text(
        "# Ops\n\n## Certificates\n\nThe staging deploy failed because the TLS certificate had expired.\n\n"
        "## Network\n\n我们用 WebSocket 心跳保活，间隔三十秒。\n"
    )
    daemon = daemon_factory(embedding=True).start()
    wait_vectors(daemon)
    return daemon


def test_status_reports_the_model(hybrid: Daemon) -> None:
    index = hybrid.call("status")["index"]
    assert index["model"] == "multilingual-e5-small/fp32/512" and index["dim"] == 384 and index["mode"] == "hybrid"


def test_paraphrase_without_shared_words_is_found_by_hybrid_not_bm25(hybrid: Daemon) -> None:
    query = "feline won't touch kibble at night"
    assert hybrid.call("search", {"query": query, "mode": "bm25"})["results"] == []
    top = hybrid.call("search", {"query": query, "mode": "hybrid"})["results"][0]
    assert top["path"] == "pets.md" and top["heading"] == "Pets > Cat"
    cross = hybrid.call("search", {"query": "连接保活的间隔是多少", "mode": "vector"})["results"][0]
    assert cross["heading"] == "Ops > Network"


def test_identical_content_and_renames_embed_nothing(hybrid: Daemon) -> None:
    before = hybrid.call("status")["index"]["embedded_since_start"]
    assert before >= 4
    (hybrid.home / "copy.md").write_text((hybrid.home / "pets.md").read_text())
    hybrid.wait_for(lambda: "copy.md" in paths_for(hybrid, "tomatoes staking"))
    (hybrid.home / "ops.md").rename(hybrid.home / "ops-renamed.md")
    hybrid.wait_for(lambda: paths_for(hybrid, "certificate expired") == ["ops-renamed.md"])
    index = wait_vectors(hybrid)
    assert index["embedded_since_start"] == before  # every vector came from the cache
    assert index["embedded"] == index["chunks"]
    (hybrid.home / "new.md").write_text("# New\n\nA brand new sentence about lighthouses.\n")
    hybrid.wait_for(lambda: wait_vectors(hybrid)["embedded_since_start"] == before + 1)


def test_a_model_that_cannot_load_leaves_bm25_answering(daemon_factory: Any, memory_home: Path) -> None:
    write_config(memory_home, '[embedding]\nmodel = "no-such-model-anywhere"\n')
    (memory_home / "a.md").write_text("# A\n\nanteater facts\n")
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedding"]["state"] == "failed")
    index = daemon.call("status")["index"]
    assert index["mode"] == "bm25" and "no-such-model-anywhere" in index["mode_reason"]
    reply = daemon.call("search", {"query": "anteater", "mode": "hybrid"})
    assert reply["mode"] == "bm25" and "fallback" in reply and reply["results"]
    assert "no-such-model-anywhere" in daemon.cli("status").stdout

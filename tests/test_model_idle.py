"""The daemon sheds its embedding model when no agent works and takes it back when one starts, without ever
making a search wait for it (issue 24). The real daemon and the real local model; `idle_release_minutes` is cut
to about a second so the test does not wait a quarter of an hour."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.conftest import Daemon, write_config

IDLE = "[embedding]\nidle_release_minutes = 0.02\n"  # 1.2 s


def embedding_state(daemon: Daemon) -> dict[str, Any]:
    return dict(daemon.call("status")["index"]["embedding"])


def wait_state(daemon: Daemon, state: str, timeout: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = embedding_state(daemon)
        if found["state"] == state:
            return found
        time.sleep(0.05)
    raise AssertionError(f"embedding never {state}: {embedding_state(daemon)}")


def test_an_idle_model_is_released_and_a_search_or_a_session_brings_it_back(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. Once ready and unused, the model is released. 2. A hybrid search then answers at once in BM25 and says
    why, and the model loads in the background; the next searches are hybrid again. 3. Released once more, a
    SessionStart (`session_context`) brings it back too."""
    write_config(memory_home, IDLE)
    (memory_home / "deploys.md").write_text("# Deploys\n\nThe orders service ships after the canary.\n")
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["mode"] == "hybrid", timeout=120)

    released = wait_state(daemon, "released")
    assert released["releases"] == 1 and "idle" in released["reason"]
    started = time.monotonic()
    during = daemon.call("search", {"query": "when does the orders service ship?", "mode": "hybrid"})
    assert time.monotonic() - started < 1.0  # no wait for the model
    assert during["mode"] == "bm25" and "loading again" in during["fallback"]
    assert [hit["path"] for hit in during["results"]] == ["deploys.md"]

    back = wait_state(daemon, "ready", timeout=30)
    assert back["load_s"] is not None and back["load_s"] < 30
    after = daemon.call("search", {"query": "when does the orders service ship?", "mode": "hybrid"})
    assert after["mode"] == "hybrid" and "fallback" not in after

    wait_state(daemon, "released")
    daemon.call("session_context", {"cwd": str(memory_home), "session_id": "s-1"})
    assert embedding_state(daemon)["state"] in ("loading", "ready")
    assert wait_state(daemon, "ready", timeout=30)["releases"] == 2


def test_a_model_never_released_when_the_setting_is_0(daemon_factory: Any, memory_home: Path) -> None:
    write_config(memory_home, "[embedding]\nidle_release_minutes = 0\n")
    (memory_home / "deploys.md").write_text("# Deploys\n\nThe orders service ships after the canary.\n")
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["mode"] == "hybrid", timeout=120)
    time.sleep(2.0)
    state = embedding_state(daemon)
    assert (state["state"], state["releases"]) == ("ready", 0)

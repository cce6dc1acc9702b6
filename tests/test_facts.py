"""facts.json: add, supersede (with its chain), archive, list; stable unique ids; atomic, never clobbered."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from pipeline.learning.facts import FactsError, add_fact, archive_fact, facts_path, list_facts, supersede_fact

NOW = "2026-11-02T10:00:00.000Z"


@pytest.fixture(autouse=True)
def machine(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("MEMORYD_MACHINE", "lap")
    return "lap"


def test_facts_lifecycle(tmp_path: Path) -> None:
    """1. add two facts; 2. supersede the first; 3. archive the second; 4. list active / all; 5. ids never reused."""
    first, created = add_fact(tmp_path, "memoryd", "memoryd uses httpx", now=NOW, category="stack", evidence="s1.md")
    assert created and first.id == "memoryd-1@lap" and first.status == "active"
    second, _ = add_fact(tmp_path, "memoryd", "tests run with pytest", now=NOW)
    assert second.id == "memoryd-2@lap" and second.category == "general"

    old, new = supersede_fact(tmp_path, "memoryd-1@lap", "memoryd uses httpx 0.28", now=NOW)
    assert (old.status, old.superseded_by) == ("superseded", "memoryd-3@lap")
    assert (new.id, new.status, new.category) == ("memoryd-3@lap", "active", "stack")
    with pytest.raises(FactsError, match="only an active fact"):
        supersede_fact(tmp_path, "memoryd-1@lap", "again", now=NOW)

    assert archive_fact(tmp_path, "memoryd-2@lap").status == "archived"
    assert archive_fact(tmp_path, "memoryd-2@lap").status == "archived"  # idempotent

    assert [f.id for f in list_facts(tmp_path, "memoryd")] == ["memoryd-3@lap"]
    assert [(f.id, f.status) for f in list_facts(tmp_path, "memoryd", include_all=True)] == [
        ("memoryd-1@lap", "superseded"),
        ("memoryd-2@lap", "archived"),
        ("memoryd-3@lap", "active"),
    ]
    doc = orjson.loads(facts_path(tmp_path, "memoryd").read_bytes())
    assert set(doc) == {"facts"}
    assert doc["facts"][0] == {
        "id": "memoryd-1@lap",
        "fact": "memoryd uses httpx",
        "evidence": "s1.md",
        "timestamp": NOW,
        "status": "superseded",
        "category": "stack",
        "supersededBy": "memoryd-3@lap",
    }
    assert add_fact(tmp_path, "memoryd", "a fourth fact", now=NOW)[0].id == "memoryd-4@lap"
    assert not list(facts_path(tmp_path, "memoryd").parent.glob(".*"))  # no temp file left behind


def test_ids_are_unique_across_projects_and_names_with_dashes(tmp_path: Path) -> None:
    a, _ = add_fact(tmp_path, "web-app", "uses vite", now=NOW)
    b, _ = add_fact(tmp_path, "web", "uses webpack", now=NOW)
    assert (a.id, b.id) == ("web-app-1@lap", "web-1@lap")
    assert archive_fact(tmp_path, "web-app-1@lap").project == "web-app"
    assert [f.project for f in list_facts(tmp_path)] == ["web"]  # every project, active only


def test_duplicates_are_returned_not_added(tmp_path: Path) -> None:
    add_fact(tmp_path, "p", "The API uses JWT auth", now=NOW)
    again, created = add_fact(tmp_path, "p", "the api uses  JWT auth", now=NOW)
    assert not created and again.id == "p-1@lap"
    near, created = add_fact(tmp_path, "p", "The API uses JWT auth.", now=NOW, dedupe=(0.6, 0.8))
    assert not created and near.id == "p-1@lap"


@pytest.mark.parametrize("project", ["../etc", "a/b", "", ".hidden"])
def test_bad_project_names_are_refused(tmp_path: Path, project: str) -> None:
    with pytest.raises(FactsError):
        add_fact(tmp_path, project, "x", now=NOW)


def test_an_unreadable_facts_file_is_never_overwritten(tmp_path: Path) -> None:
    path = facts_path(tmp_path, "p")
    path.parent.mkdir(parents=True)
    path.write_text("{ hand-edited, broken", encoding="utf-8")
    with pytest.raises(FactsError, match="not valid JSON"):
        add_fact(tmp_path, "p", "x", now=NOW)
    assert path.read_text(encoding="utf-8") == "{ hand-edited, broken"


def test_unknown_ids_and_keys(tmp_path: Path) -> None:
    with pytest.raises(FactsError, match="PROJECT-N@MACHINE"):
        archive_fact(tmp_path, "nonsense")
    with pytest.raises(FactsError, match="no fact"):
        archive_fact(tmp_path, "p-9")
    path = facts_path(tmp_path, "p")
    path.parent.mkdir(parents=True)
    path.write_text('{"facts": [{"id": "p-1", "fact": "x", "status": "active", "mine": 1}], "owner": "ana"}')
    archive_fact(tmp_path, "p-1")
    doc = orjson.loads(path.read_bytes())
    assert doc["owner"] == "ana" and doc["facts"][0]["mine"] == 1  # keys we do not know are kept


def test_two_machines_never_make_the_same_id_and_old_ids_keep_working(tmp_path: Path) -> None:
    """Two homes that share facts.json through sync add a fact each from the same file: the ids differ by their
    machine; an id from before (`p-1`) is still found, archived and superseded, and never renumbered."""
    path = facts_path(tmp_path, "p")
    path.parent.mkdir(parents=True)
    path.write_text('{"facts": [{"id": "p-1", "fact": "old fact", "status": "active"}]}')
    laptop, _ = add_fact(tmp_path, "p", "uses postgres", now=NOW, machine="laptop")
    path.write_text('{"facts": [{"id": "p-1", "fact": "old fact", "status": "active"}]}')  # the desktop's copy
    desktop, _ = add_fact(tmp_path, "p", "uses redis", now=NOW, machine="desktop")
    assert (laptop.id, desktop.id) == ("p-2@laptop", "p-2@desktop")
    old, new = supersede_fact(tmp_path, "p-1", "older fact, corrected", now=NOW, machine="desktop")
    assert (old.id, old.superseded_by, new.id) == ("p-1", "p-3@desktop", "p-3@desktop")
    assert archive_fact(tmp_path, "p-3@desktop").status == "archived"
    assert [f.id for f in list_facts(tmp_path, "p", include_all=True)] == ["p-1", "p-2@desktop", "p-3@desktop"]

"""A project's facts in `areas/projects/PROJECT/facts.json`: add, supersede, archive, list. Never delete.

File format (DESIGN.md section 1): `{"facts": [{"id", "fact", "evidence", "timestamp", "status":
"active|superseded|archived", "category", "supersededBy"?}]}`. Keys this module does not know are kept.

Invariants:
- Ids are `PROJECT-N@MACHINE` with N one more than the highest N ever used in that file and MACHINE the id of
  the machine that added it, so they are unique even when two machines sharing the home through `memoryd sync`
  add facts at once, stable (never renumbered) and say where the fact lives. Older ids `PROJECT-N` stay valid.
  A superseded fact keeps its id and points at its successor through `supersededBy`, so the chain can be followed.
  `_next_id` is the one place ids are made.
- A fact that was archived or superseded is never added again by extraction (`dedupe`): it was retired on
  purpose. A person adding a near-duplicate by hand is warned (`similar_facts`), and a fact for a project
  with no folder under `areas/projects/` is refused unless the caller asks to create it.
- Every write is atomic (temp file + os.replace). An unreadable facts.json is never overwritten: the call
  fails with FactsError naming the file, and the person fixes it.
Blocking (file IO): call from a thread. The daemon serialises writers with one lock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from events.log import clean_machine_id, host_name
from pipeline.atomic_file import write_atomic
from pipeline.learning.lessons import is_near_duplicate, trigrams
from pipeline.redact import redact, strip_private
from pipeline.regular_file import read_regular

STATUSES = ("active", "superseded", "archived")
DEFAULT_CATEGORY = "general"
MAX_FACT_CHARS = 1000
_PROJECT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_ID = re.compile(
    r"(?P<project>[A-Za-z0-9][A-Za-z0-9._-]{0,99})-(?P<n>[0-9]{1,9})(?:@(?P<machine>[A-Za-z0-9_-]{1,64}))?"
)


class FactsError(ValueError):
    """A facts request that cannot be done; the message says why (unknown id, unreadable file, ...)."""


@dataclass(frozen=True, slots=True)
class Fact:
    id: str
    project: str
    fact: str
    evidence: str
    timestamp: str
    status: str
    category: str
    superseded_by: str | None = None

    def to_json_obj(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "id": self.id,
            "project": self.project,
            "fact": self.fact,
            "evidence": self.evidence,
            "timestamp": self.timestamp,
            "status": self.status,
            "category": self.category,
        }
        if self.superseded_by:
            obj["supersededBy"] = self.superseded_by
        return obj


def check_project(project: str) -> str:
    if not _PROJECT.fullmatch(project) or ".." in project:
        raise FactsError(f"project name {project!r}: use letters, digits, '.', '_' or '-' (no slashes)")
    return project


def facts_path(home: Path, project: str) -> Path:
    return home / "areas" / "projects" / check_project(project) / "facts.json"


def _clean(text: str, what: str, *, required: bool) -> str:
    cleaned = " ".join(redact(strip_private(text)).split())[:MAX_FACT_CHARS]
    if required and not cleaned:
        raise FactsError(f"{what} must not be empty")
    return cleaned


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"facts": []}
    try:
        doc = orjson.loads(read_regular(path))
    except orjson.JSONDecodeError as exc:
        raise FactsError(f"{path} is not valid JSON ({exc}); fix it by hand, memoryd will not overwrite it") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("facts", []), list):
        raise FactsError(f"{path} must be an object with a 'facts' list; memoryd will not overwrite it")
    doc.setdefault("facts", [])
    return doc


def _save(path: Path, doc: dict[str, Any]) -> None:
    write_atomic(path, orjson.dumps(doc, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE))


def _fact(project: str, raw: dict[str, Any]) -> Fact:
    return Fact(
        id=str(raw.get("id", "")),
        project=project,
        fact=str(raw.get("fact", "")),
        evidence=str(raw.get("evidence", "")),
        timestamp=str(raw.get("timestamp", "")),
        status=str(raw.get("status", "active")),
        category=str(raw.get("category", DEFAULT_CATEGORY)),
        superseded_by=raw.get("supersededBy"),
    )


def _next_id(project: str, doc: dict[str, Any], machine: str | None) -> str:
    """`PROJECT-N@MACHINE`: N after the highest N in the file (of any machine), so ids read in order of addition."""
    highest = 0
    for raw in doc["facts"]:
        match = _ID.fullmatch(str(raw.get("id", "")))
        if match and match.group("project") == project:
            highest = max(highest, int(match.group("n")))
    return f"{project}-{highest + 1}@{clean_machine_id(machine) if machine else host_name()}"


def _new_entry(
    doc: dict[str, Any], project: str, text: str, category: str, evidence: str, now: str, machine: str | None
) -> dict[str, Any]:
    entry = {
        "id": _next_id(project, doc, machine),
        "fact": text,
        "evidence": evidence,
        "timestamp": now,
        "status": "active",
        "category": category,
    }
    doc["facts"].append(entry)
    return entry


def known_projects(home: Path) -> list[str]:
    root = home / "areas" / "projects"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")) if root.is_dir() else []


def add_fact(
    home: Path,
    project: str,
    text: str,
    *,
    now: str,
    category: str = DEFAULT_CATEGORY,
    evidence: str = "",
    dedupe: tuple[float, float] | None = None,
    create: bool = True,
    machine: str | None = None,
) -> tuple[Fact, bool]:
    """Add an active fact; returns (fact, created). An active fact with the same text is returned instead,
    with created False; with `dedupe` = (jaccard, containment), so is a near-duplicate of any fact, archived
    and superseded ones included (extraction never brings back what was retired). `create=False` refuses a
    project that has no folder yet. `machine` goes into the new id (default: this machine's id)."""
    path = facts_path(home, project)
    if not create and not path.parent.is_dir():
        known = ", ".join(known_projects(home)) or "none yet"
        raise FactsError(f"unknown project {project!r} (known: {known}); pass --create to start it")
    text = _clean(text, "fact text", required=True)
    category = _clean(category, "category", required=False) or DEFAULT_CATEGORY
    doc = _load(path)
    active = [raw for raw in doc["facts"] if raw.get("status", "active") == "active"]
    for raw in active:
        if " ".join(str(raw.get("fact", "")).lower().split()) == text.lower():
            return _fact(project, raw), False
    if dedupe is not None:
        grams = trigrams(text)
        for raw in doc["facts"]:
            if is_near_duplicate(grams, [trigrams(str(raw.get("fact", "")))], jaccard=dedupe[0], containment=dedupe[1]):
                return _fact(project, raw), False
    entry = _new_entry(doc, project, text, category, _clean(evidence, "evidence", required=False), now, machine)
    _save(path, doc)
    return _fact(project, entry), True


def similar_facts(home: Path, project: str, text: str, *, jaccard: float, containment: float) -> list[Fact]:
    """The project's facts (any status) that are near-duplicates of `text`: what a person is warned about."""
    path = facts_path(home, project)
    if not path.exists():
        return []
    grams = trigrams(_clean(text, "fact text", required=True))
    return [
        _fact(project, raw)
        for raw in _load(path)["facts"]
        if isinstance(raw, dict)
        and is_near_duplicate(grams, [trigrams(str(raw.get("fact", "")))], jaccard=jaccard, containment=containment)
    ]


def _find(home: Path, fact_id: str) -> tuple[Path, dict[str, Any], dict[str, Any], str]:
    match = _ID.fullmatch(fact_id)
    if not match:
        raise FactsError(f"fact id {fact_id!r} should look like PROJECT-N@MACHINE or PROJECT-N (see `memoryd facts`)")
    project = match.group("project")
    path = facts_path(home, project)
    doc = _load(path)
    for raw in doc["facts"]:
        if raw.get("id") == fact_id:
            return path, doc, raw, project
    if match.group("machine") is None:  # `atlas-4` names `atlas-4@laptop` when no other machine has an atlas-4
        found = [raw for raw in doc["facts"] if str(raw.get("id", "")).startswith(f"{fact_id}@")]
        if len(found) == 1:
            return path, doc, found[0], project
        if found:
            choices = ", ".join(str(raw["id"]) for raw in found)
            raise FactsError(f"fact id {fact_id} is ambiguous ({choices}); give the whole id")
    raise FactsError(f"no fact {fact_id} in {path}")


def supersede_fact(
    home: Path, fact_id: str, text: str, *, now: str, evidence: str = "", machine: str | None = None
) -> tuple[Fact, Fact]:
    """Replace an active fact with a new one in the same project and category. Returns (old, new)."""
    path, doc, old, project = _find(home, fact_id)
    if old.get("status", "active") != "active":
        raise FactsError(f"fact {fact_id} is {old.get('status')}; only an active fact can be superseded")
    text = _clean(text, "new fact text", required=True)
    category = str(old.get("category", DEFAULT_CATEGORY))
    entry = _new_entry(doc, project, text, category, _clean(evidence, "evidence", required=False), now, machine)
    old["status"] = "superseded"
    old["supersededBy"] = entry["id"]
    _save(path, doc)
    return _fact(project, old), _fact(project, entry)


def archive_fact(home: Path, fact_id: str) -> Fact:
    """Mark a fact archived (kept in the file, no longer retrieved by default). Idempotent."""
    path, doc, raw, project = _find(home, fact_id)
    if raw.get("status", "active") != "archived":
        raw["status"] = "archived"
        _save(path, doc)
    return _fact(project, raw)


def list_facts(home: Path, project: str | None = None, *, include_all: bool = False) -> list[Fact]:
    """Facts of one project (or of every project), active only unless `include_all`. Sorted by project, id."""
    root = home / "areas" / "projects"
    if project is not None:
        paths = [facts_path(home, project)]
    else:
        paths = sorted(root.glob("*/facts.json")) if root.is_dir() else []
    out: list[Fact] = []
    for path in paths:
        name = path.parent.name
        for raw in _load(path)["facts"]:
            if isinstance(raw, dict) and (include_all or raw.get("status", "active") == "active"):
                out.append(_fact(name, raw))
    return sorted(out, key=lambda f: (f.project, _id_order(f.id)))


def _id_order(fact_id: str) -> tuple[int, str]:
    match = _ID.fullmatch(fact_id)
    return (int(match.group("n")), fact_id) if match else (0, fact_id)

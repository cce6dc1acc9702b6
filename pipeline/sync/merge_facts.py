"""Three-way merge of `facts.json` edited on two machines, fact by fact (by id), never losing one.

Rules, each the same whichever machine runs the merge (so two machines merging at once agree):
- a fact added on one side is kept; one changed on one side only takes that change;
- changed on both sides, field by field: a field changed on one side takes that side; changed differently on both,
  `status` takes the later stage of the life cycle (active < archived < superseded: a superseded fact's
  successor exists, so its chain must stay), other fields the larger value, and the other value is kept in
  the fact's `mergeAlternatives` (nothing is lost; a person can look);
- a fact deleted on one side and changed on the other is kept (facts are never deleted);
- the same text added as an active fact on both machines (consolidation of the same sessions) stays one active
  fact, the smaller id: the other is kept as `superseded` by it;
- one id added on both sides with different facts (only possible for `PROJECT-N` ids from before ids carried
  the machine, when two existing homes are joined): the larger one is kept under a new id `PROJECT-M@merged`.
Facts in the base keep their order; new facts follow in id order. Keys other than `facts` merge like fields.
Returns None for input that is not a facts document: the sync round then keeps both files.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

_ID = re.compile(
    r"(?P<project>[A-Za-z0-9][A-Za-z0-9._-]{0,99})-(?P<n>[0-9]{1,9})(?:@(?P<machine>[A-Za-z0-9_-]{1,64}))?"
)
_STAGE = {"active": 0, "archived": 1, "superseded": 2}
_MISSING = object()


def merge_facts(base: bytes, ours: bytes, theirs: bytes) -> bytes | None:
    docs = [_load(raw) for raw in (base, ours, theirs)]
    if any(doc is None for doc in docs):
        return None
    b, o, t = (doc for doc in docs if doc is not None)
    merged: dict[str, Any] = {}
    for key in _keys(b, o, t):
        if key == "facts":
            continue
        value = _merge_value(key, b.get(key, _MISSING), o.get(key, _MISSING), t.get(key, _MISSING), {})
        if value is not _MISSING:
            merged[key] = value
    merged["facts"] = _merge_list(b["facts"], o["facts"], t["facts"])
    return orjson.dumps(merged, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)


def _load(raw: bytes) -> dict[str, Any] | None:
    if not raw.strip():
        return {"facts": []}
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("facts", []), list):
        return None
    if not all(isinstance(f, dict) for f in doc.get("facts", [])):
        return None
    doc.setdefault("facts", [])
    return doc


def _keys(*docs: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys(key for doc in docs for key in doc))


def _by_id(facts: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Facts keyed by id (a fact without one by its own JSON, so it still merges as a unit)."""
    return {str(f.get("id") or orjson.dumps(f, option=orjson.OPT_SORT_KEYS).decode()): f for f in facts}


def _merge_list(base: list[dict[str, Any]], ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[Any]:
    b, o, t = _by_id(base), _by_id(ours), _by_id(theirs)
    out: dict[str, dict[str, Any]] = {}
    clashes: list[tuple[str, dict[str, Any]]] = []
    for fact_id in dict.fromkeys([*b, *o, *t]):
        bf, of, tf = b.get(fact_id), o.get(fact_id), t.get(fact_id)
        if of is None and tf is None:
            continue  # deleted on both sides (by hand): stays deleted
        if of is None or tf is None:
            kept = tf if of is None else of
            assert kept is not None
            if bf is None or kept != bf:
                out[fact_id] = kept  # added on one side, or changed there while the other deleted it
            continue
        if of == tf:
            out[fact_id] = of
        elif bf is None:  # one id, two different facts: keep the smaller, give the other a new id
            first, second = sorted((of, tf), key=_canonical)
            out[fact_id] = first
            clashes.append((fact_id, second))
        else:
            out[fact_id] = _merge_fact(bf, of, tf)
    for old_id, fact in clashes:
        new_id = _fresh_id(old_id, out)
        out[new_id] = {**fact, "id": new_id, "mergedFrom": old_id}
    _collapse_twins(out, set(b))
    base_order = [fact_id for fact_id in b if fact_id in out]
    added = sorted((fact_id for fact_id in out if fact_id not in b), key=_id_order)
    return [out[fact_id] for fact_id in [*base_order, *added]]


def _merge_fact(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    alternatives: dict[str, Any] = {}
    merged: dict[str, Any] = {}
    for key in _keys(base, ours, theirs):
        if key == "mergeAlternatives":
            continue
        value = _merge_value(
            key, base.get(key, _MISSING), ours.get(key, _MISSING), theirs.get(key, _MISSING), alternatives
        )
        if value is not _MISSING:
            merged[key] = value
    earlier = {
        **base.get("mergeAlternatives", {}),
        **ours.get("mergeAlternatives", {}),
        **theirs.get("mergeAlternatives", {}),
    }
    if earlier or alternatives:
        merged["mergeAlternatives"] = {**earlier, **alternatives}
    return merged


def _merge_value(key: str, base: Any, ours: Any, theirs: Any, alternatives: dict[str, Any]) -> Any:
    if ours == theirs:
        return ours
    if ours == base:
        return theirs
    if theirs == base:
        return ours
    if ours is _MISSING or theirs is _MISSING:
        return theirs if ours is _MISSING else ours  # removed on one side, changed on the other: keep the change
    if key == "status" and ours in _STAGE and theirs in _STAGE:
        return max(ours, theirs, key=lambda s: _STAGE[s])
    winner, loser = sorted((ours, theirs), key=_canonical, reverse=True)
    alternatives[key] = loser
    return winner


def _collapse_twins(facts: dict[str, dict[str, Any]], base_ids: set[str]) -> None:
    """The same text added as an active fact on both machines: keep the smaller id active, supersede the other."""
    groups: dict[tuple[str, str], list[str]] = {}
    for fact_id, fact in facts.items():
        if fact_id in base_ids or fact.get("status", "active") != "active":
            continue
        text = " ".join(str(fact.get("fact", "")).lower().split())
        project = m.group("project") if (m := _ID.fullmatch(fact_id)) else ""
        groups.setdefault((project, text), []).append(fact_id)
    for ids in groups.values():
        if len(ids) < 2:
            continue
        keep, *others = sorted(ids, key=_id_order)
        for other in others:
            facts[other] = {**facts[other], "status": "superseded", "supersededBy": keep}


def _fresh_id(old_id: str, taken: dict[str, Any]) -> str:
    match = _ID.fullmatch(old_id)
    if match is None:
        n = 2
        while f"{old_id}~{n}" in taken:
            n += 1
        return f"{old_id}~{n}"
    project = match.group("project")
    highest = max(
        (int(m.group("n")) for i in taken if (m := _ID.fullmatch(i)) and m.group("project") == project), default=0
    )
    return f"{project}-{highest + 1}@merged"


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _id_order(fact_id: str) -> tuple[int, str]:
    match = _ID.fullmatch(fact_id)
    return (int(match.group("n")), fact_id) if match else (1 << 40, fact_id)

"""Socket methods over memories: get (confined to the roots), context, forget, importance, injections."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import os
import time
from pathlib import Path
from typing import Any

import orjson

from daemon.app import App
from daemon.project_rules import project_for
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from daemon.skills_service import recommend_for, skills_lines
from pipeline.context_block import Memory, build_context, read_text
from pipeline.indexer import Indexer
from pipeline.roots import OutsideRoots, Root, confine
from pipeline.scrub import scrub
from pipeline.search import Filters, Searcher

MAX_GET_LINES = 2000


def query_hash(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8")).hexdigest()[:16]


def record_access(app: App, query: str, hits: list[Any]) -> None:
    """Append one `access` event per returned hit, in one batch, off the latency path."""
    if not hits:
        return
    qh = query_hash(query)
    drafts = [
        (
            "access",
            {
                "chunk_id": h.chunk_id,
                "content_hash": h.content_hash,
                "query_hash": qh,
                "rank": rank,
                "score": round(float(h.score), 6),
            },
        )
        for rank, h in enumerate(hits, 1)
    ]
    app.spawn(app.record(drafts), name="record_access")


def _roots(app: App) -> list[Root]:
    indexer: Indexer = app.components["indexer"]
    return list(indexer.roots.values())


def _confine(app: App, raw: str) -> tuple[Root, str, Path]:
    try:
        return confine(_roots(app), raw)
    except OutsideRoots as exc:
        raise BadParams(str(exc)) from exc


@method("get")
async def get(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("path", "from", "lines"))
    root, relative, real = _confine(app, p.str("path", required=True) or "")
    start = p.int("from", 1, minimum=1, maximum=10_000_000)
    count = p.int("lines", MAX_GET_LINES, minimum=1, maximum=MAX_GET_LINES)
    try:
        data = await asyncio.to_thread(real.read_bytes)
    except IsADirectoryError as exc:
        raise BadParams(f"{relative} is a directory") from exc
    except FileNotFoundError as exc:
        raise BadParams(f"{relative} does not exist") from exc
    except OSError as exc:
        raise BadParams(f"{relative} cannot be read: {exc.strerror}") from exc
    lines = data.decode("utf-8", errors="replace").splitlines()
    selected = lines[start - 1 : start - 1 + count]
    return {
        "path": relative,
        "root": root.name,
        "from": start,
        "to": start + len(selected) - 1,
        "total_lines": len(lines),
        "text": scrub("\n".join(selected), emails=bool(app.settings.get("redaction", "emails"))),
    }


@method("context")
async def context(app: App, params: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    p = Params(params, ("query", "budget", "project", "cwd", "k", "session_id"))
    query = p.str("query", required=True) or ""
    budget = p.int("budget", int(app.settings.get("context", "budget")), minimum=200, maximum=100_000)
    project = project_for(app, p.str("cwd"), p.str("project"))
    home = app.settings.home
    k = p.int("k", int(app.settings.get("context", "max_memories")), minimum=1, maximum=50)
    searcher: Searcher = app.components["searcher"]
    hits = []
    if query.strip():
        hits, _mode, _ = await searcher.search(query, k, "hybrid", Filters())
    memory_md, rules_md = await asyncio.to_thread(
        lambda: (
            read_text(home / "MEMORY.md"),
            read_text(home / "areas" / "projects" / project / "rules.md") if project else "",
        )
    )
    skip = {"MEMORY.md", f"areas/projects/{project}/rules.md"}  # already shown in full above
    memories = [
        Memory(h.path, h.start_line, h.end_line, h.score, h.text, h.chunk_id, h.content_hash)
        for h in hits
        if not (h.root == "memory" and h.path in skip)
    ]
    skills = await recommend_for(app, query)
    block = build_context(budget, memory_md, project, rules_md, memories, skills_lines(skills))
    # Why scrub here too: the index was redacted at chunking time, but MEMORY.md and rules.md are read raw.
    text = scrub(block.text, emails=bool(app.settings.get("redaction", "emails")))
    injected = {
        "query_hash": query_hash(query),
        "chunk_ids": [m.chunk_id for m in block.included],
        "scores": [round(m.score, 6) for m in block.included],
        "paths": [f"{m.path}:{m.start_line}-{m.end_line}" for m in block.included],
        "budget": budget,
        "used": len(text),
    }
    if session := p.str("session_id"):
        injected["session_id"] = session
    await app.record([("injection", injected)])
    record_access(app, query, [h for h in hits if h.chunk_id in set(injected["chunk_ids"])])
    return {
        "markdown": text,
        "project": project,
        "used": len(text),
        "budget": budget,
        "memories": injected["paths"],
        "skills": [{"name": s.name, "kind": s.kind, "score": s.score} for s in skills],
        "took_ms": round((time.perf_counter() - started) * 1000, 2),
    }


async def _chunks_at(app: App, root: Root, relative: str, lines: tuple[int, int] | None) -> list[Any]:
    sql = "SELECT chunk_id, content_hash, start_line, end_line, text FROM chunks WHERE root = ? AND path = ?"
    args: list[Any] = [root.name, relative]
    if lines:
        sql += " AND end_line >= ? AND start_line <= ?"
        args += [lines[0], lines[1]]
    return await app.db.fetchall(sql + " ORDER BY start_line", tuple(args))


def parse_target(raw: str) -> tuple[str, tuple[int, int] | None]:
    """`PATH`, `PATH:LINE` or `PATH:START-END`."""
    path, sep, tail = raw.rpartition(":")
    if not sep or not tail.replace("-", "").isdigit():
        return raw, None
    start, _, end = tail.partition("-")
    first, last = int(start), int(end or start)
    if first < 1 or last < first:
        raise BadParams(f"bad line range '{tail}' (use LINE or START-END, 1-based)")
    return path, (first, last)


@method("forget")
async def forget(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("target", "id", "purge", "reason"))
    target, chunk_id = p.str("target"), p.str("id")
    if bool(target) == bool(chunk_id):
        raise BadParams("give exactly one of 'target' (PATH[:LINES]) or 'id' (a chunk id)")
    if chunk_id:
        rows = await app.db.fetchall(
            "SELECT chunk_id, content_hash, start_line, end_line, text, root, path FROM chunks WHERE chunk_id = ?",
            (chunk_id,),
        )
        if not rows:
            raise BadParams(f"no chunk with id {chunk_id}")
        root, relative, _ = _confine(app, str(Path(_root_path(app, rows[0][5])) / rows[0][6]))
        lines = (rows[0][2], rows[0][3])
    else:
        raw, lines = parse_target(target or "")
        root, relative, _ = _confine(app, raw)
        rows = await _chunks_at(app, root, relative, lines)
        if not rows:
            raise BadParams(f"nothing indexed at {target}")
    hashes = sorted({r[1] for r in rows})
    data: dict[str, Any] = {"content_hashes": hashes, "path": f"{root.name}:{relative}"}
    if lines:
        data["lines"] = f"{lines[0]}-{lines[1]}"
    if reason := p.str("reason"):
        data["reason"] = reason
    ids = await app.record([("forget", data)])
    await app.projections_current()  # gone from search the moment the call returns
    result: dict[str, Any] = {"forgotten": len(hashes), "event_id": ids[0], "chunks": [r[0] for r in rows]}
    if p.bool("purge"):
        if not root.writable:
            raise BadParams(f"{root.name} is a read-only root; forgotten, but not purged")
        spans = sorted({(r[2], r[3]) for r in rows})
        result["trash"] = await asyncio.to_thread(_purge, app.settings.home, root, relative, spans)
    return result


def _root_path(app: App, name: str) -> Path:
    return next(r.path for r in _roots(app) if r.name == name)


def _purge(home: Path, root: Root, relative: str, spans: list[tuple[int, int]]) -> str:
    """Remove the given line spans from the file, keeping a copy of the original in state/trash/."""
    path = root.path / relative
    original = path.read_bytes()
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S")
    trash = home / "state" / "trash" / f"{stamp}-{relative.replace('/', '__')}"
    trash.parent.mkdir(parents=True, exist_ok=True)
    trash.write_bytes(original)
    lines = original.decode("utf-8", errors="surrogateescape").splitlines(keepends=True)
    drop = {n for start, end in spans for n in range(start, end + 1)}
    kept = "".join(line for n, line in enumerate(lines, 1) if n not in drop)
    temp = path.with_name(f".{path.name}.memoryd-tmp")
    temp.write_bytes(kept.encode("utf-8", errors="surrogateescape"))
    os.replace(temp, path)
    return str(trash.relative_to(home))


@method("importance")
async def importance(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("target", "value"))
    value = params.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise BadParams("param 'value' must be a number between 0 and 1")
    raw, lines = parse_target(p.str("target", required=True) or "")
    root, relative, _ = _confine(app, raw)
    rows = await _chunks_at(app, root, relative, lines)
    if not rows:
        raise BadParams(f"nothing indexed at {raw}")
    hashes = sorted({r[1] for r in rows})
    drafts = [
        ("importance", {"content_hash": h, "value": float(value), "path": f"{root.name}:{relative}"}) for h in hashes
    ]
    ids = await app.record(drafts)
    return {"updated": len(hashes), "event_ids": ids}


@method("injections")
async def injections(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("limit", "session_id"))
    limit = p.int("limit", 50, minimum=1, maximum=10_000)
    await app.projections_current()
    sql, args = "SELECT id, ts, data FROM event_index WHERE type = 'injection'", []
    if session := p.str("session_id"):
        sql += " AND session_id = ?"
        args.append(session)
    rows = await app.db.fetchall(sql + " ORDER BY id DESC LIMIT ?", (*args, limit))
    return {"injections": [{"id": r[0], "ts": r[1], **orjson.loads(r[2])} for r in rows]}

"""Socket methods over memories: get (confined to the roots), forget, importance."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
from pathlib import Path
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from daemon.services.skills import skill_dirs
from events.projections.effectiveness import SKILL_PREFIX
from pipeline.index_queries import StoredChunk, chunk_with_id, chunks_at
from pipeline.ingest.roots import Root
from pipeline.regular_file import NotRegularFile, read_regular
from pipeline.scrub import scrub

MAX_GET_LINES = 2000


@api.method("get")
async def get(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Lines of a file inside a root. With `session_id`, the read counts as that session referencing the file
    (a `ref` event; `experience_effectiveness` counts it once per session)."""
    p = Params(params, ("path", "from", "lines", "session_id"))
    root, relative, real = services.index.confine(p.str("path", required=True) or "")
    start = p.int("from", 1, minimum=1, maximum=10_000_000)
    count = p.int("lines", MAX_GET_LINES, minimum=1, maximum=MAX_GET_LINES)
    try:
        data = await asyncio.to_thread(read_regular, real)  # never blocks on a FIFO or a device
    except NotRegularFile as exc:
        raise BadParams(f"{relative}: {exc}") from exc
    except FileNotFoundError as exc:
        raise BadParams(f"{relative} does not exist") from exc
    except OSError as exc:
        raise BadParams(f"{relative} cannot be read: {exc.strerror}") from exc
    lines = data.decode("utf-8", errors="replace").splitlines()
    selected = lines[start - 1 : start - 1 + count]
    if session := p.str("session_id"):
        ref = {"experience_id": _experience_of(services, relative, real), "session_id": session, "context": "get"}
        await services.app.record([("ref", ref)])
    return {
        "path": relative,
        "root": root.name,
        "from": start,
        "to": start + len(selected) - 1,
        "total_lines": len(lines),
        "text": scrub("\n".join(selected), emails=services.app.redact_emails),
    }


def _experience_of(services: Services, relative: str, real: Path) -> str:
    """What a read references: a skill (`skill:NAME`) when it is a SKILL.md in a skills folder, else the file."""
    if real.name == "SKILL.md" and any(real.parent.parent == d.resolve() for d in skill_dirs(services.app.settings)):
        return f"{SKILL_PREFIX}{real.parent.name}"
    return relative


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


async def _chunks(services: Services, root: Root, relative: str, lines: tuple[int, int] | None) -> list[StoredChunk]:
    return await services.app.db.read(lambda conn: chunks_at(conn, root.name, relative, lines))


@api.method("forget")
async def forget(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("target", "id", "purge", "reason"))
    target, chunk_id = p.str("target"), p.str("id")
    if bool(target) == bool(chunk_id):
        raise BadParams("give exactly one of 'target' (PATH[:LINES]) or 'id' (a chunk id)")
    app, index = services.app, services.index
    if chunk_id:
        found = await app.db.read(lambda conn: chunk_with_id(conn, chunk_id))
        if found is None:
            raise BadParams(f"no chunk with id {chunk_id}")
        root, relative, _ = index.confine(str(index.root_named(found.root).path / found.path))
        lines: tuple[int, int] | None = (found.start_line, found.end_line)
        chunks = [found]
    else:
        raw, lines = parse_target(target or "")
        root, relative, _ = index.confine(raw)
        chunks = await _chunks(services, root, relative, lines)
        if not chunks:
            raise BadParams(f"nothing indexed at {target}")
    hashes = sorted({c.content_hash for c in chunks})
    data: dict[str, Any] = {"content_hashes": hashes, "path": f"{root.name}:{relative}"}
    if lines:
        data["lines"] = f"{lines[0]}-{lines[1]}"
    if reason := p.str("reason"):
        data["reason"] = reason
    ids = await app.record([("forget", data)])
    await app.projections_current()  # gone from search the moment the call returns
    result: dict[str, Any] = {"forgotten": len(hashes), "event_id": ids[0], "chunks": [c.chunk_id for c in chunks]}
    if p.bool("purge"):
        if not root.writable:
            raise BadParams(f"{root.name} is a read-only root; forgotten, but not purged")
        spans = sorted({(c.start_line, c.end_line) for c in chunks})
        result["trash"] = await asyncio.to_thread(_purge, app.settings.home, root, relative, spans)
    return result


def _purge(home: Path, root: Root, relative: str, spans: list[tuple[int, int]]) -> str:
    """Remove the given line spans from the file, keeping a copy of the original in state/trash/."""
    path = root.path / relative
    original = read_regular(path)
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


@api.method("importance")
async def importance(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("target", "value"))
    value = params.get("value")
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise BadParams("param 'value' must be a number between 0 and 1")
    raw, lines = parse_target(p.str("target", required=True) or "")
    root, relative, _ = services.index.confine(raw)
    chunks = await _chunks(services, root, relative, lines)
    if not chunks:
        raise BadParams(f"nothing indexed at {raw}")
    hashes = sorted({c.content_hash for c in chunks})
    drafts = [
        ("importance", {"content_hash": h, "value": float(value), "path": f"{root.name}:{relative}"}) for h in hashes
    ]
    ids = await services.app.record(drafts)
    return {"updated": len(hashes), "event_ids": ids}

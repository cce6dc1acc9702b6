"""Human-readable rendering of method results for the CLI (tables, key-value blocks).

Standard library only at import (orjson is imported by the two functions that write JSON): `memoryd search`
and `status` render through here on the CLI's quick path (`cli/quick.py`).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms of a quick command
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


def print_json(result: Any) -> None:
    import orjson

    sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")


def render_search(result: dict[str, Any], *, explain: bool, min_relevance: float | None) -> tuple[str, str]:
    """(stdout, stderr) of `memoryd search`: the hits, then a one-line note of the count, mode and time."""
    out: list[str] = []
    if not result["results"]:
        floor = f" at relevance {min_relevance:g} or more" if min_relevance is not None else ""
        out.append(f"no memory matches{floor}")
    for i, hit in enumerate(result["results"], 1):
        root = "" if hit["root"] == "memory" else f"[{hit['root']}] "
        heading = f"  § {hit['heading']}" if hit["heading"] else ""
        relevance = f"relevance {hit['relevance']:.2f}, " if hit.get("relevance") is not None else ""
        where = f"{hit['path']}:{hit['start_line']}-{hit['end_line']}"
        out.append(f"{i:>2}. {root}{where}  ({relevance}score {hit['score']:.4f}){heading}")
        out.append(f"    {hit['snippet']}")
        if explain and "explain" in hit:
            parts = ", ".join(f"{k}={v}" for k, v in hit["explain"].items() if v is not None)
            out.append(f"    explain: {parts}")
    notes = [f"note: {result['fallback']}"] if result.get("fallback") else []
    if result.get("rerank_note"):
        notes.append(f"note: {result['rerank_note']}")
    elif result.get("reranked"):
        notes.append("note: reranked by the cross-encoder ([search] rerank)")
    notes.append(f"-- {len(result['results'])} result(s), mode {result['mode']}, {result['took_ms']} ms")
    return "\n".join(out), "\n".join(notes)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *, max_width: int = 60) -> str:
    """A plain aligned table; long cells are cut with an ellipsis."""
    cells = [[_cell(v, max_width) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, value in enumerate(row):
            widths[i] = max(widths[i], len(value))
    lines = ["  ".join(h.ljust(widths[i]) for i, h in enumerate(headers)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines.extend("  ".join(v.ljust(widths[i]) for i, v in enumerate(row)).rstrip() for row in cells)
    return "\n".join(lines)


def _cell(value: Any, max_width: int) -> str:
    text = "" if value is None else str(value)
    text = text.replace("\n", " ")
    return text if len(text) <= max_width else text[: max_width - 1] + "…"


def render_status(s: dict[str, Any]) -> str:
    ev = s["events"]
    lines = [
        f"memoryd {s['version']}  pid {s['pid']}  up {s.get('uptime_s', 0)}s",
        f"home     {s['home']}",
        f"socket   {s['socket']}",
        f"events   {ev['count']} in {len(ev['segments'])} segment(s); quarantined lines: {ev['quarantined']}",
    ]
    for q in ev.get("quarantine", []):
        lines.append(f"         quarantined {q['segment']} @ {q['offset']} ({q['length']} bytes): {q['error']}")
    lines.append("projections")
    for name, info in s["projections"].items():
        cp = info["checkpoint"]
        lines.append(f"  {name:<26} v{info['version']}  applied {cp['applied']}  last {cp['last_id'] or '-'}")
    if idx := s.get("index"):
        lines.append(
            f"index    mode {idx.get('mode')}  files {idx.get('files')}  chunks {idx.get('chunks')}"
            f"  embedded {idx.get('embedded')}  model {idx.get('model') or '-'}"
        )
        if idx.get("mode_reason"):
            lines.append(f"         ({idx['mode_reason']})")
        lexical = idx.get("lexical") or {}
        lines.append(
            f"         bm25 in memory: {lexical.get('postings', 0)} postings, loaded in {lexical.get('load_s')}s"
            if lexical.get("ready")
            else "         bm25 in memory: loading (FTS5 answers meanwhile)"
        )
        rerank = idx.get("rerank") or {}
        if rerank.get("enabled"):
            why = f": {rerank['reason']}" if rerank.get("reason") else ""
            lines.append(f"         rerank {rerank.get('state')} (top {rerank.get('depth')}){why}")
        progress = idx.get("progress") or {}
        if idx.get("pending"):
            lines.append(
                f"         pending {idx['pending']}  done {progress.get('done')}/{progress.get('total')}"
                f"  {progress.get('chunks_per_s', 0)} chunks/s  eta {progress.get('eta_s', '-')}s"
            )
        for skipped in idx.get("skipped", [])[:20]:
            lines.append(f"         skipped {skipped['path']}: {skipped['reason']}")
    if learn := s.get("learning"):
        lines.append(
            f"learning llm {learn.get('llm') or 'off'}  last consolidation {learn.get('last_consolidation') or '-'}"
            f"  next {learn.get('next_consolidation') or '-'}"
            + ("  (running)" if learn.get("consolidation_running") else "")
        )
    if (sync := s.get("sync")) and sync.get("enabled"):
        lines.append(
            f"sync     machine {sync['machine']}  last round {sync.get('last_round_at') or '-'}"
            f" {'ok' if sync.get('last_round_ok') else 'FAILED' if sync.get('last_round_ok') is False else ''}"
        )
        if sync.get("error"):
            lines.append(f"         error: {sync['error']} (retry {sync.get('next_attempt_at')})")
        for path in sync.get("conflicts", []):
            lines.append(f"         conflict copy {path}: merge it by hand, then delete it")
    for name, loop in (s.get("supervisor") or {}).items():
        if loop.get("failures"):
            retry = f", retry in {loop['retry_in_s']}s" if loop.get("retry_in_s") is not None else ""
            lines.append(
                f"loop     {name}: {loop['state']}, {loop['failures']} failure(s), last {loop['last_error_at']}:"
                f" {loop['last_error']}{retry}"
            )
    for item in (s.get("inbox") or {}).get("deferred", []):
        lines.append(f"inbox    kept {item['file']}: {item['reason']} (retry in {item['retry_in_s']}s)")
    for warning in s.get("warnings", []):
        lines.append(f"warning  {warning}")
    for warning in s.get("config_warnings", []):
        lines.append(f"warning  {warning}")
    return "\n".join(lines)


def render_events(result: dict[str, Any]) -> str:
    import orjson

    rows = [(e["id"], e["ts"], e["type"], orjson.dumps(e["data"]).decode()) for e in result["events"]]
    return table(("id", "ts", "type", "data"), rows, max_width=70) if rows else "(no events)"


def render_effectiveness(result: dict[str, Any]) -> str:
    rows = [
        (
            e["kind"],
            e["label"],
            e["total_refs"],
            f"{e['success_refs']} ({e['success_credit']:g})",
            f"{e['fail_refs']} ({e['fail_credit']:g})",
            f"{e['p']:.3f}",
            f"{e['decay_value']:.3f}",
            e["flag"] or "",
            e["last_ref"],
        )
        for e in result["experiences"]
    ]
    headers = ("kind", "what", "sessions", "success (credit)", "fail (credit)", "p", "value", "flag", "last_ref")
    return table(headers, rows, max_width=60) if rows else "(no experiences referenced yet)"

"""Reads of the `access_stats` projection: importance and last access per content hash."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from events.projections.access_stats import key_of
from events.sqlite import select_in_named


@dataclass(frozen=True, slots=True)
class AccessStats:
    importance: float
    last_accessed_at: str | None


def for_hashes(conn: sqlite3.Connection, hashes: list[str]) -> dict[str, AccessStats]:
    """The content hashes among `hashes` that were ever accessed or given an importance (keyed as given)."""
    keys = {key_of(h): h for h in hashes}
    sql = "SELECT content_hash, importance, last_accessed_at FROM access_stats WHERE content_hash IN ({marks})"
    return {
        keys[row["content_hash"]]: AccessStats(float(row["importance"]), row["last_accessed_at"])
        for row in select_in_named(conn, sql, sorted(keys))
    }

"""A live projection database against a fresh rebuild of it, table by table (`runner.verify_rebuild`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


def differing_tables(live_path: Path, fresh_path: Path, projections: Sequence[ModuleType]) -> list[str]:
    """The projection tables whose rows differ between the live database and a fresh rebuild beside it (either
    side's rows the other lacks, or their counts). Blocking; the live file is opened read-only."""
    conn = sqlite3.connect(f"file:{live_path}?mode=ro", uri=True)
    try:
        conn.execute("ATTACH DATABASE ? AS fresh", (str(fresh_path),))
        differing = []
        for projection in projections:
            for table in projection.TABLES:
                only_live = conn.execute(
                    f'SELECT count(*) FROM (SELECT * FROM main."{table}" EXCEPT SELECT * FROM fresh."{table}")'
                ).fetchone()[0]
                only_fresh = conn.execute(
                    f'SELECT count(*) FROM (SELECT * FROM fresh."{table}" EXCEPT SELECT * FROM main."{table}")'
                ).fetchone()[0]
                counts = conn.execute(
                    f'SELECT (SELECT count(*) FROM main."{table}"), (SELECT count(*) FROM fresh."{table}")'
                ).fetchone()
                if only_live or only_fresh or counts[0] != counts[1]:
                    differing.append(table)
        return differing
    finally:
        conn.close()

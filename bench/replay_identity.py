"""Check that two versions of the code replay a log into the same projections, table by table, row by row.

Usage: `python bench/replay_identity.py OTHER_TREE [--events 100000] [--keep DIR]`. OTHER_TREE is a checkout of
the code to compare with (e.g. a `git worktree` of the commit before a change). A realistic log is written with
`bench/events.py`'s generator, then replayed from zero into a fresh database by each tree's own code (each in
its own process, `PYTHONPATH` set to the tree and checked), and every table of the two databases (checkpoints
included) and the schema are compared. Prints IDENTICAL or the differing tables; exits 1 when they differ.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import runpy
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Run in each tree's own process: replay HOME's log from zero with that tree's code (bench/events.py `replay`).
_REPLAY = """
import asyncio, logging, runpy, sys
from pathlib import Path
tree, home = sys.argv[1], Path(sys.argv[2])
import events.log
assert events.log.__file__.startswith(tree), events.log.__file__
import structlog
structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
bench = runpy.run_path(tree + "/bench/events.py", run_name="replay_identity")
seconds, cpu, applied, *_ = asyncio.run(bench["replay"](home))
print(f"{tree}: {applied:,} events replayed in {seconds:.2f} s ({cpu:.2f} s CPU)")
"""


def replay_with(tree: Path, home: Path) -> Path:
    subprocess.run(
        [sys.executable, "-c", _REPLAY, str(tree), str(home)],
        env=dict(os.environ, PYTHONPATH=str(tree)),
        cwd=tree,
        check=True,
    )
    return home / "state" / "index.db"


def digest(db_path: Path) -> dict[str, tuple[int, str]]:
    """Every table's row count and a hash of its rows (sorted), and the schema's."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        schema = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()
        out = {"(schema)": (len(schema), hashlib.sha256(repr(schema).encode()).hexdigest())}
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
            rows = sorted(conn.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
            out[table] = (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
        return out
    finally:
        conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other tree (a checkout of the code to compare with)")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="write the log and databases here instead of a temp dir")
    args = parser.parse_args()
    generate_log = runpy.run_path(str(REPO / "bench" / "events.py"), run_name="replay_identity")["generate_log"]
    with tempfile.TemporaryDirectory(prefix="memoryd-identity-") as tmp:
        root = args.keep or Path(tmp)
        homes = {"this": root / "this", "other": root / "other"}
        generate_log(homes["this"] / "events", args.events)
        shutil.copytree(homes["this"] / "events", homes["other"] / "events")
        this = digest(replay_with(REPO, homes["this"]))
        other = digest(replay_with(args.other.resolve(), homes["other"]))
    differing = [table for table in sorted(this.keys() | other.keys()) if this.get(table) != other.get(table)]
    rows = sum(count for table, (count, _) in this.items() if table != "(schema)")
    print(f"{len(this) - 1} tables, {rows:,} rows: {'IDENTICAL' if not differing else 'DIFFERENT'}")
    for table in differing:
        print(f"  {table}: this {this.get(table)}, other {other.get(table)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())

"""One table and one line of totals from several runs of `bench/learning.py --json`.

Usage: `python bench/learning_table.py RUN.json [RUN.json ...] [--later-wins] [--readme README.md]`

Running every corpus through the daemon takes about 90 minutes on one stream, so the corpora are split over two
(`bench/learning.py --corpus A --corpus C ... --json one.json` and `--corpus B ... --json two.json` beside it).
This puts the halves back together in the order of `bench/learning.py`'s CORPORA, with the labels README.md uses,
prints the totals of every "n/m" row over all corpora, and with `--readme` replaces the table under README.md's
"**Now**" paragraph with the new one (nothing else in README.md is touched).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.learning import CORPORA, SUMMARY_ROWS

_FRACTION = re.compile(r"^(\d+)/(\d+)")
_TOTALS = (  # what the totals line names, and the row it adds up
    ("outcomes", "outcomes"),
    ("problems", "problem_recall"),
    ("one pattern", "one_pattern"),
    ("sessions in a pattern that have its problem", "session_precision"),
    ("rules", "rule_recall"),
    ("lessons", "lesson_recall"),
    ("reversals", "reversals"),
    ("SessionStart", "session_start_new_only"),
    ("compatible", "compatible"),
    ("skills", "skills_resolved"),
    ("key step", "skills_key_step"),
    ("unrelated prompts given a skill", "recommend_unrelated"),
    ("injected experiences with a row", "effectiveness_rows"),
    ("links", "links"),
)


def merged(paths: list[Path], *, later_wins: bool = False) -> dict[str, dict[str, Any]]:
    """Every corpus's figures under its CORPORA label, in CORPORA order (a run made with `--corpus DIR` labels
    its corpora by folder name); with `later_wins` a corpus run again in a later file (after a change that moved
    only it) takes that run's figures."""
    by_folder = {folder.name: label for label, folder in CORPORA}
    labels = [label for label, _ in CORPORA]
    found: dict[str, dict[str, Any]] = {}
    for path in paths:
        for label, figures in orjson.loads(path.read_bytes()).items():
            name = by_folder.get(label, label)
            if name in found and not later_wins:
                raise SystemExit(f"{name} is in more than one run ({path}); --later-wins takes the last")
            found[name] = figures
    unknown = [name for name in found if name not in labels]
    if unknown:
        raise SystemExit(f"not in bench/learning.py's CORPORA: {', '.join(unknown)}")
    return {label: found[label] for label in labels if label in found}


def table(results: dict[str, dict[str, Any]]) -> str:
    labels = list(results)
    lines = ["| figure | " + " | ".join(labels) + " | target |", "|---|" + "---|" * len(labels) + "---|"]
    for title, key, target in SUMMARY_ROWS:
        cells = [str(results[label].get(key, "—")) for label in labels]
        lines.append(f"| {title} | " + " | ".join(cells) + f" | {target} |")
    return "\n".join(lines) + "\n"


def totals(results: dict[str, dict[str, Any]]) -> str:
    parts = []
    for name, key in _TOTALS:
        got = want = 0
        for figures in results.values():
            match = _FRACTION.match(str(figures.get(key, "")).replace(" of ", "/"))
            if match:
                got, want = got + int(match[1]), want + int(match[2])
        parts.append(f"{name} {got}/{want}")
    return f"over {len(results)} corpora: " + ", ".join(parts)


def write_readme(readme: Path, new_table: str) -> None:
    """Replace the first table after the "**Now**" paragraph's start."""
    text = readme.read_text(encoding="utf-8")
    start = text.index("\n| figure |", text.index("**Now**")) + 1
    end = text.index("\n\n", start) + 1
    readme.write_text(text[:start] + new_table + text[end:], encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="+", help="JSON files written by bench/learning.py --json")
    parser.add_argument("--readme", type=Path, help="replace the table under this README's **Now** paragraph")
    parser.add_argument("--later-wins", action="store_true", help="a corpus in several runs: the last run's figures")
    args = parser.parse_args()
    results = merged(args.runs, later_wins=args.later_wins)
    new_table = table(results)
    print(totals(results))
    print(new_table)
    if args.readme:
        write_readme(args.readme, new_table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

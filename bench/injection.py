"""What the UserPromptSubmit and SessionStart paths inject, measured through the real daemon's socket.

    python bench/injection.py [--homes DIR] [--sets locomo cmrc scifact] [--floors 0.1 0.2 ...]

Per development set (its indexed home from bench/retrieval.py, on a fresh copy per run):
- on-topic: each dev question in a session of its own through `prompt_context` (as the hook sends it): the
  share whose injected memories hold a gold document, beside the same with no floor (the ungated top k);
- off-topic: the other sets' questions (at most 300 of each), the coding prompts of bench/data and gibberish
  (bench/prompt_sets.py), each half reported apart (the relevance fit saw only the first): the share that got
  anything at all;
- characters per prompt; repeats: each of 100 questions asked twice in one session (memories given again the
  second time), and every question of one conversation in one session (memories given more than once);
- the floor's trade-off: the ungated run's top k filtered by relevance >= floor, for a range of floors.
Then SessionStart on a small home whose MEMORY.md holds 40 or 80 short lessons (under and over the 3,000
character budget): lessons kept and the share of the budget used; and the same session after a compaction.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path
from typing import Any

from harness import BenchDaemon
from prompt_sets import coding_prompts, gibberish, half
from retrieval import LOADERS, file_of

OFF_TOPIC_PER_SET = 300
REPEAT_QUESTIONS = 100
FLOORS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def ask(daemon: BenchDaemon, text: str, session: str, floor: float | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"query": text, "session_id": session}
    if floor is not None:
        params["min_relevance"] = floor
    return dict(daemon.call("prompt_context", params))


def copy_of(base: Path, tmp: str) -> Path:
    home = Path(tmp) / "home"
    shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))
    (home / "config.toml").unlink(missing_ok=True)
    return home


def prompt_sets(name: str, sets: dict[str, Any]) -> dict[str, list[str]]:
    """Off-topic prompt sets for the home of `name`, by label (each half apart)."""
    out: dict[str, list[str]] = {}
    for other in sets:
        if other != name:
            texts = [q[1] for q in sets[other][1] if q[1].strip()]
            for which in (0, 1):
                out[f"{other} questions, half {which + 1}"] = half(texts, which)[:OFF_TOPIC_PER_SET]
    for which in (0, 1):
        out[f"coding prompts, half {which + 1}"] = half(coding_prompts(), which)
        out[f"gibberish, half {which + 1}"] = half(gibberish(), which)
    return out


def run_prompts(
    daemon: BenchDaemon, name: str, sets: dict[str, Any], floor: float | None, tag: str
) -> dict[str, list[dict[str, Any]]]:
    """Every on- and off-topic prompt in a session of its own; the replies by prompt set."""
    docs, queries = sets[name]
    path_to_doc = {file_of(d[0]): d[0] for d in docs}
    out: dict[str, list[dict[str, Any]]] = {"on-topic": []}
    for n, (_, text, qrels) in enumerate(queries):
        if not text.strip():
            continue
        reply = ask(daemon, text, f"{tag}-on-{n}", floor)
        flags = [path_to_doc.get(ref.rsplit(":", 1)[0]) in qrels for ref in reply["memories"]]
        out["on-topic"].append({**reply, "gold_flags": flags, "gold": any(flags)})
    for label, texts in prompt_sets(name, sets).items():
        out[label] = [ask(daemon, text, f"{tag}-{label}-{n}", floor) for n, text in enumerate(texts)]
    return out


def share(rows: list[dict[str, Any]], test: Any) -> float:
    return sum(1 for r in rows if test(r)) / len(rows) if rows else 0.0


def mean_chars(rows: list[dict[str, Any]]) -> float:
    return sum(r["used"] for r in rows) / len(rows) if rows else 0.0


def given_hashes(daemon: BenchDaemon, session: str) -> list[list[str]]:
    """The content hashes of the memories each injection of `session` gave, in order (from the log: a
    reply names memories by FILE:LINES, and two chunks of one long line share that)."""
    found = daemon.call("injections", {"session_id": session, "all": True, "limit": 10_000})["injections"]
    return [list(e.get("content_hashes", [])) for e in sorted(found, key=lambda e: e["id"])]


def repeats(daemon: BenchDaemon, name: str, sets: dict[str, Any]) -> tuple[int, int, int, int]:
    """(memories given again when a question is asked twice, memories given the first time; memories given
    more than once in a session of many questions, memories given in it), by content hash."""
    _, queries = sets[name]
    texts = [q[1] for q in queries if q[1].strip()][:REPEAT_QUESTIONS]
    again = first_total = 0
    for n, text in enumerate(texts):
        ask(daemon, text, f"twice-{n}")
        ask(daemon, text, f"twice-{n}")
    for n in range(len(texts)):
        first, second = given_hashes(daemon, f"twice-{n}")
        first_total += len(first)
        again += len(set(first) & set(second))
    # One long session: LoCoMo's questions about one conversation, else the set's first questions.
    first_doc = queries[0][0].split("/")[0] if "/" in queries[0][0] else None
    session = [q[1] for q in queries if q[1].strip() and (first_doc is None or q[0].split("/")[0] == first_doc)]
    for text in session[:200]:
        ask(daemon, text, "one-long-session")
    given = [h for hashes in given_hashes(daemon, "one-long-session") for h in hashes]
    return again, first_total, len(given) - len(set(given)), len(given)


def bench_set(name: str, homes: Path, sets: dict[str, Any], floors: tuple[float, ...]) -> None:
    base = homes / name
    if not (base / "state" / "index.db").exists():
        raise SystemExit(f"no indexed home at {base}: run bench/retrieval.py --sets {name} first")
    print(f"\n== {name}: {len(sets[name][1]):,} questions in a home of {len(sets[name][0]):,} docs ==", flush=True)
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for run, floor in (("gated", None), ("ungated", 0.0)):
        with tempfile.TemporaryDirectory(prefix=f"inj-{name}-") as tmp:
            daemon = BenchDaemon(copy_of(base, tmp)).start()
            daemon.wait_indexed(vectors=True)
            runs[run] = run_prompts(daemon, name, sets, floor, run)
            if run == "gated":
                twice, first, repeated, given = repeats(daemon, name, sets)
            daemon.stop()
    gated, ungated = runs["gated"], runs["ungated"]
    on, base_on = gated["on-topic"], ungated["on-topic"]
    recall, base_recall = share(on, lambda r: r["gold"]), share(base_on, lambda r: r["gold"])
    print(
        f"  on-topic ({len(on)}): gold among injected {recall:.3f}, ungated top k {base_recall:.3f} "
        f"(ratio {recall / base_recall if base_recall else 0:.3f}); got anything {share(on, lambda r: r['used'] > 0):.3f}; "
        f"mean chars {mean_chars(on):.0f} (ungated {mean_chars(base_on):.0f})",
        flush=True,
    )
    print(f"  {'off-topic prompts':<40} {'n':>5} {'any':>7} {'chars':>7}")
    for label, rows in gated.items():
        if label != "on-topic":
            print(f"  {label:<40} {len(rows):>5} {share(rows, lambda r: r['used'] > 0):>7.3f} {mean_chars(rows):>7.0f}")
    print(
        f"  repeats: asked twice in one session, memories given again {twice} of {first} given the first time; "
        f"one session of up to 200 questions: {repeated} of {given} memories given more than once"
    )
    print("  floor trade-off (ungated top k, kept when relevance >= floor):")
    print(
        f"  {'floor':>6} {'on-topic recall':>16} {'vs ungated':>11} {'other sets':>11} {'coding':>7} {'gibberish':>10} {'chars/prompt':>13}"
    )
    off_other = [r for label, rows in ungated.items() if "questions" in label for r in rows]
    coding = [r for label, rows in ungated.items() if label.startswith("coding") for r in rows]
    noise = [r for label, rows in ungated.items() if label.startswith("gibberish") for r in rows]
    for floor in floors:

        def kept(r: dict[str, Any], floor: float = floor) -> list[int]:
            return [i for i, rel in enumerate(r["relevance"]) if rel is not None and rel >= floor]

        rec = share(base_on, lambda r: any(r["gold_flags"][i] for i in kept(r)))
        any_other = share(off_other, lambda r: bool(kept(r)))
        print(
            f"  {floor:>6.2f} {rec:>16.3f} {rec / base_recall if base_recall else 0:>11.3f} {any_other:>11.3f} "
            f"{share(coding, lambda r: bool(kept(r))):>7.3f} {share(noise, lambda r: bool(kept(r))):>10.3f} "
            f"{sum(_chars_kept(r, kept(r)) for r in base_on) / max(1, len(base_on)):>13.0f}",
            flush=True,
        )


def _chars_kept(reply: dict[str, Any], kept: list[int]) -> float:
    """The characters the reply would have had with only the kept memories (proportional estimate)."""
    n = len(reply["memories"])
    return reply["used"] * len(kept) / n if n else 0.0


def session_start_budget() -> None:
    """SessionStart with MEMORY.md under and over the 3,000 character budget, and after a compaction."""
    print("\n== SessionStart: MEMORY.md under and over budget ==")
    for lessons in (40, 80):
        with tempfile.TemporaryDirectory(prefix="inj-start-") as tmp:
            home = Path(tmp) / "home"
            home.mkdir()
            body = "\n".join(f"- Lesson {i}: check the {i}th migration before the deploy." for i in range(lessons))
            (home / "MEMORY.md").write_text(f"# Memory\n\n## Preferences\n- Use pnpm.\n\n## Lessons\n{body}\n")
            daemon = BenchDaemon(home, embedding=False).start()
            reply = daemon.call("session_context", {"session_id": "s1", "cwd": "/tmp"})
            kept = reply["markdown"].count("- Lesson ")
            again = daemon.call("session_context", {"session_id": "s1", "cwd": "/tmp"})
            daemon.call("record", {"type": "compaction", "data": {"session_id": "s1", "trigger": "auto"}})
            after = daemon.call("session_context", {"session_id": "s1", "source": "compact", "cwd": "/tmp"})
            daemon.stop()
            size = len(body) + 40
            print(
                f"  {lessons} lessons ({size:,} chars): {kept} lessons kept, {reply['used']:,} of "
                f"{reply['budget']:,} chars used ({reply['used'] / reply['budget']:.0%}); "
                f"pointer: {'yes' if 'more lessons' in reply['markdown'] else 'no'}; "
                f"SessionStart again in the session: {again['used']} chars; after a compaction: {after['markdown'].count('- Lesson ')} lessons"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="+", default=list(LOADERS), choices=list(LOADERS))
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    parser.add_argument("--floors", nargs="+", type=float, default=list(FLOORS))
    args = parser.parse_args()
    sets = {name: LOADERS[name]() for name in LOADERS}
    session_start_budget()
    for name in args.sets:
        bench_set(name, args.homes, sets, tuple(args.floors))


if __name__ == "__main__":
    main()

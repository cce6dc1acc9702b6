"""Replay a scenario corpus of Claude Code sessions through a real daemon's inbox and measure what it learned.

Usage: `python bench/learning.py [--corpus bench/learning_corpus] [--no-embedding] [--keep DIR]`.

The corpus (`bench/learning_corpus/`, see its README) is a project's sessions in Claude Code's transcript format
with a `truth.json`. Each session is dropped into the inbox of a `memoryd serve` on a temp memory home, in the
order the sessions happened, its subagent transcripts after it, and the next one only once the daemon took it
(a person's day: sessions end one after another). Capability generation runs when the daemon decides to (after
a session that resolved a problem); `[skills] min_hours_between = 0` because the replay packs 19 days into
minutes. Then it prints:
- outcome accuracy (every session and subagent, from the `session_summary` receipts);
- recurring problems found: precision and recall of the patterns seen in >= 2 sessions, and the fragments
  per problem (how many patterns hold the signals naming it);
- rule and lesson extraction precision and recall (the sessions' summaries against the truth's rules,
  restatements and lessons; the truth's non-rules must not appear), and the rules files: restatements kept
  out, reversals superseded;
- generated skills that contain their problem's fix, and skill recommendation precision on prompts that
  should and should not trigger each skill.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import BenchDaemon
from events.projections.signal_patterns import pattern_id
from pipeline.learning.lessons import current_bullets, superseded_bullets

CORPUS = Path(__file__).resolve().parent / "learning_corpus"
_WORD = re.compile(r"[a-z0-9]+")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--no-embedding", action="store_true", help="run the daemon without the embedding model")
    parser.add_argument("--keep", type=Path, help="keep the memory home here (default: a temp dir, removed)")
    args = parser.parse_args()
    truth = orjson.loads((args.corpus / "truth.json").read_bytes())
    home = args.keep or Path(tempfile.mkdtemp(prefix="memoryd-learning-"))
    if args.keep and home.exists():
        shutil.rmtree(home)
    project = str(truth["project"])
    (home / "areas" / "projects" / project).mkdir(parents=True)
    (home / "areas" / "projects" / project / "summary.md").write_text(f"# {project}\n", encoding="utf-8")
    config = (
        "[skills]\nmin_hours_between = 0.0\n"
        f'dirs = ["{home / "skills"}"]\nmcp_configs = ["{home / "no-mcp.json"}"]\n'
        "[consolidation]\nenabled = false\n"
    )
    daemon = BenchDaemon(home, embedding=not args.no_embedding, config=config).start()
    try:
        if not args.no_embedding:
            _wait(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready", 900, "embedding model")
        started = time.perf_counter()
        _replay(daemon, args.corpus, truth, home)
        took = time.perf_counter() - started
        report(daemon, truth, home, args.corpus, took, embedding=not args.no_embedding)
    finally:
        daemon.stop()
        if not args.keep:
            shutil.rmtree(home, ignore_errors=True)
    return 0


def _replay(daemon: BenchDaemon, corpus: Path, truth: dict[str, Any], home: Path) -> None:
    files = sorted(truth["sessions"].items(), key=lambda kv: kv[1]["started"])
    inbox = home / "inbox"
    for done, (name, _info) in enumerate(files, 1):
        source = corpus / "sessions" / name
        target = inbox / (name.replace("/subagents/", ".").replace("/", ".") if "/" in name else name)
        temp = inbox / f".{target.name}.tmp"
        shutil.copyfile(source, temp)
        temp.rename(target)
        _wait(lambda expected=done: _receipts(daemon) >= expected, 120, f"the daemon to take {name}")
        rejected = list((inbox / "rejected").glob("*.reason"))
        if rejected:
            raise SystemExit(f"rejected: {rejected[0].read_text()}")


def _receipts(daemon: BenchDaemon) -> int:
    return len(daemon.call("events", {"type": "session_summary", "limit": 100_000})["events"])


def _wait(ready: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


def report(
    daemon: BenchDaemon, truth: dict[str, Any], home: Path, corpus: Path, took: float, *, embedding: bool
) -> None:
    sessions = truth["sessions"]
    print(f"corpus: {len(sessions)} transcripts ({sum(1 for s in sessions.values() if s['parent'])} subagents)")
    print(f"embedding model: {'on' if embedding else 'off'}; replay took {took:.1f} s")
    print()
    session_of = _session_ids(corpus, sessions)
    _outcomes(daemon, sessions, session_of)
    _problems(daemon, truth, session_of, corpus)
    _knowledge(home, truth, corpus)
    _skills(daemon, truth, home, session_of)


def _session_ids(corpus: Path, sessions: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """file -> (session id, agent id) as the daemon names them."""
    out = {}
    for name in sessions:
        first = orjson.loads((corpus / "sessions" / name).read_bytes().splitlines()[-1])
        agent = str(first.get("agentId") or "") if first.get("isSidechain") else ""
        out[name] = (str(first.get("sessionId")), agent)
    return out


def _outcomes(daemon: BenchDaemon, sessions: dict[str, Any], session_of: dict[str, tuple[str, str]]) -> None:
    receipts = daemon.call("events", {"type": "session_summary", "limit": 100_000})["events"]
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for event in sorted(receipts, key=lambda e: e["id"]):
        latest[(event["data"]["session_id"], event["data"].get("agent_id", ""))] = event["data"]
    right, wrong = 0, []
    for name, info in sessions.items():
        got = latest.get(session_of[name], {})
        if got.get("outcome") == info["outcome"]:
            right += 1
        else:
            wrong.append(f"{name[:8]} truth {info['outcome']} got {got.get('outcome')} ({got.get('confidence')})")
    print(f"outcome accuracy: {right}/{len(sessions)} = {right / len(sessions):.1%}  (target >= 90%)")
    for line in wrong:
        print(f"  wrong: {line}")
    print()


def _problems(daemon: BenchDaemon, truth: dict[str, Any], session_of: dict[str, tuple[str, str]], corpus: Path) -> None:
    patterns = daemon.call("patterns", {"all": True})["patterns"]
    signals = daemon.call("events", {"type": "signal", "limit": 100_000})["events"]
    pattern_of_node = {m: p["id"] for p in patterns for m in p.get("members", [p["id"]])}
    sessions_of: dict[str, set[str]] = {}
    texts_of: dict[str, list[str]] = {}
    for event in signals:
        data = event["data"]
        pid = pattern_of_node.get(pattern_id(data["kind"], data["key"]))
        if pid is None:
            continue
        sessions_of.setdefault(pid, set()).add(data["session_id"])
        texts_of.setdefault(pid, []).append(" ".join([data.get("text", ""), data["key"], *data.get("anchors", [])]))
    recurring = {pid for pid, s in sessions_of.items() if len(s) >= 2}
    problem_sessions = {p["id"]: {session_of[f][0] for f in p["sessions"]} for p in truth["problems"]}
    restated = _restated_sessions(truth, corpus, session_of)
    correct: set[str] = set()
    found: dict[str, list[str]] = {}
    for pid in sorted(recurring):
        hits = {name: len(sessions_of[pid] & s) for name, s in problem_sessions.items()}
        best = max(hits, key=lambda n: hits[n])
        if hits[best] >= 2 and hits[best] * 2 >= len(sessions_of[pid]):
            correct.add(pid)
            found.setdefault(best, []).append(pid)
        elif any(len(sessions_of[pid] & group) >= 2 for group in restated):
            correct.add(pid)  # a correction the person gave again in other words: a real recurring pattern
    precision = len(correct) / len(recurring) if recurring else 0.0
    recall = sum(1 for p in problem_sessions if p in found) / len(problem_sessions)
    print(f"recurring patterns: {len(recurring)}; precision {precision:.2f}, problem recall {recall:.2f}")
    for pid in sorted(recurring - correct):
        print(f"  not a truth problem: {pid} sessions {len(sessions_of[pid])}: {texts_of[pid][0][:110]}")
    for problem in truth["problems"]:
        nouns = [n.lower() for n in problem["nouns"]]
        fragments = [pid for pid, texts in texts_of.items() if any(n in t.lower() for t in texts for n in nouns)]
        mine = problem_sessions[problem["id"]]
        covered = max((len(sessions_of[pid] & mine) for pid in fragments), default=0)
        print(
            f"  {problem['id']}: {len(fragments)} pattern(s) hold its signals (target 1); the biggest covers "
            f"{covered}/{len(mine)} of its sessions"
        )
    retries = [e for e in signals if e["data"]["kind"] == "retry"]
    print(f"  retry signals: {len(retries)} (truth: {len(truth['retries'])})")
    print()


def _restated_sessions(truth: dict[str, Any], corpus: Path, session_of: dict[str, tuple[str, str]]) -> list[set[str]]:
    """For each restated rule, the sessions whose transcript says one of its wordings."""
    texts = {name: (corpus / "sessions" / name).read_text(encoding="utf-8").lower() for name in truth["sessions"]}
    groups = []
    for group in truth["paraphrases"]:
        groups.append({session_of[name][0] for name, text in texts.items() for said in group if said.lower() in text})
    return groups


def _knowledge(home: Path, truth: dict[str, Any], corpus: Path) -> None:
    summaries = [p for p in (home / "sessions").glob("*.md") if "--agent-" not in p.name]
    rules, lessons, decisions = [], [], []
    for path in summaries:
        sections = _sections(path.read_text(encoding="utf-8"))
        rules += sections.get("rules", [])
        lessons += sections.get("lessons", [])
        decisions += sections.get("decisions", [])
    true_rules = [r["text"] for r in truth["rules"]] + [t for group in truth["paraphrases"] for t in group[1:]]
    true_lessons = [lesson["text"] for lesson in truth["lessons"]]
    non_rules = truth["non_rules"]
    for name, got, want in (("rules", rules, true_rules), ("lessons", lessons, true_lessons)):
        good = [g for g in got if any(_matches(g, w) for w in want)]
        bad = [g for g in got if g not in good]
        recalled = [w for w in want if any(_matches(g, w) for g in got)]
        precision = len(good) / len(got) if got else 0.0
        print(
            f"{name}: extracted {len(got)}, precision {precision:.2f}, recall {len(recalled)}/{len(want)} = "
            f"{len(recalled) / len(want):.2f}  (targets >= 0.9 / >= 0.8)"
        )
        for item in bad:
            print(f"  not in the truth: {item}")
        for item in sorted(set(want) - set(recalled)):
            print(f"  missed: {item}")
    true_decisions = [d["text"] for d in truth["decisions"]]
    good = [d for d in decisions if any(_matches(d, w) for w in true_decisions)]
    recalled = [w for w in true_decisions if any(_matches(d, w) for d in decisions)]
    print(
        f"decisions (not a target; they feed facts): extracted {len(decisions)}, precision "
        f"{len(good) / len(decisions) if decisions else 0:.2f}, recall {len(recalled)}/{len(true_decisions)}"
    )
    said_non_rules = [n for n in non_rules for g in rules if _matches(g, n)]
    print(f"non-rules taken as rules: {len(said_non_rules)} of {len(non_rules)}")
    rules_md = (home / "areas" / "projects" / truth["project"] / "rules.md").read_text(encoding="utf-8")
    current, superseded = current_bullets(rules_md), superseded_bullets(rules_md)
    reversals = [r for r in truth["rules"] if r["superseded_by"]]
    done = [
        r
        for r in reversals
        if any(_matches(s, r["text"]) for s in superseded) and any(_matches(c, r["superseded_by"]) for c in current)
    ]
    print(f"reversals superseded: {len(done)}/{len(reversals)}")
    restated_kept = sum(
        1
        for group in truth["paraphrases"]
        for said in group[1:]
        if any(c == said or (_matches(c, said) and not any(_matches(c, g) for g in group[:1])) for c in current)
    )
    print(
        f"rules.md: {len(current)} rules in force, {len(superseded)} superseded; restatements added as new rules: "
        f"{restated_kept} of {sum(len(g) - 1 for g in truth['paraphrases'])}"
    )
    for line in current:
        print(f"  in force: {line[:110]}")
    for line in superseded:
        print(f"  superseded: {line[:110]}")
    print()


def _sections(markdown: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    for line in markdown.splitlines():
        if line.startswith("## "):
            current = line[3:].strip().lower()
            out[current] = []
        elif current and line.startswith("- "):
            out[current].append(line[2:])
    return out


def _matches(got: str, want: str) -> bool:
    """The extracted text states the truth's: it contains it, or they share most of their words."""
    g, w = " ".join(_WORD.findall(got.lower())), " ".join(_WORD.findall(want.lower()))
    if w and w in g:
        return True
    gw, ww = set(g.split()), set(w.split())
    if not gw or not ww:
        return False
    common = len(gw & ww)
    return common / len(ww) >= 0.8 and common / len(gw) >= 0.5


def _skills(daemon: BenchDaemon, truth: dict[str, Any], home: Path, session_of: dict[str, tuple[str, str]]) -> None:
    generations = daemon.call("events", {"type": "generation", "limit": 1000})["events"]
    patterns = daemon.call("patterns", {"all": True})["patterns"]
    members = {p["id"]: set(p.get("members", [p["id"]])) for p in patterns}
    problem_sessions = {p["id"]: {session_of[f][0] for f in p["sessions"]} for p in truth["problems"]}
    signals = daemon.call("events", {"type": "signal", "limit": 100_000})["events"]
    skill_of: dict[str, str] = {}
    contains = 0
    for event in generations:
        data = event["data"]
        text = Path(data["path"]).read_text(encoding="utf-8")
        nodes = next((m for pid, m in members.items() if data.get("pattern_id") in m), {data.get("pattern_id")})
        hit = {e["data"]["session_id"] for e in signals if pattern_id(e["data"]["kind"], e["data"]["key"]) in nodes}
        problem = max(problem_sessions, key=lambda p: len(problem_sessions[p] & hit))
        if not problem_sessions[problem] & hit:
            print(f"skill {data['capability_name']}: no truth problem")
            continue
        skill_of[data["capability_name"]] = problem
        fix = next(p["fix"] for p in truth["problems"] if p["id"] == problem)
        missing = [phrase for phrase in fix if phrase.lower() not in text.lower()]
        contains += not missing
        print(
            f"skill {data['capability_name']} ({problem}): fix {'contained' if not missing else f'MISSING {missing}'}"
        )
    print(f"generated skills containing their fix: {contains}/{len(generations)} (problems: {len(truth['problems'])})")
    prompts = truth["skill_prompts"]
    should = [(p, problem) for problem, items in prompts["should"].items() for p in items]
    right = wrong = 0
    misses = []
    for prompt, problem in should:
        names = [r["name"] for r in daemon.call("skills", {"query": prompt})["recommended"]]
        wanted = [n for n, p in skill_of.items() if p == problem]
        right += bool(set(names) & set(wanted))
        wrong += sum(1 for n in names if n not in wanted)
        if wanted and not set(names) & set(wanted):
            misses.append(f"{prompt!r} -> {names}")
    unrelated = 0
    for prompt in prompts["should_not"]:
        names = [r["name"] for r in daemon.call("skills", {"query": prompt})["recommended"]]
        unrelated += bool(names)
        wrong += len(names)
        if names:
            print(f"  recommended for an unrelated prompt: {prompt!r} -> {names}")
    recommended = right + wrong
    with_skill = sum(1 for _, problem in should if problem in skill_of.values())
    print(
        f"skill recommendations: precision {right / recommended if recommended else 0:.2f} ({right} right, {wrong} "
        f"wrong); should-prompts answered {right}/{with_skill} (of those whose problem has a skill); "
        f"unrelated prompts with a recommendation: {unrelated}/{len(prompts['should_not'])} (target 0)"
    )
    for line in misses:
        print(f"  missed: {line}")


if __name__ == "__main__":
    raise SystemExit(main())

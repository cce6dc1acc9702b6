"""What `bench/learning.py` measures on a replayed corpus: each figure against the corpus's `truth.json`.

A truth text matches an extracted one as `bench/learning_matching.py` says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from bench.harness import BenchDaemon
from bench.learning_matching import matches
from events.projections.signal_patterns import node_of
from pipeline.learning.lessons import current_bullets, superseded_bullets


@dataclass
class Corpus:
    folder: Path
    truth: dict[str, Any]
    sessions: dict[str, dict[str, Any]]
    projects: dict[str, str]  # name -> cwd
    ids: dict[str, tuple[str, str]] = field(default_factory=dict)  # file -> (session id, agent id)

    @classmethod
    def load(cls, folder: Path) -> Corpus:
        truth = orjson.loads((folder / "truth.json").read_bytes())
        projects = dict(truth.get("projects") or {truth["project"]: truth["cwd"]})
        corpus = cls(folder, truth, truth["sessions"], projects)
        for name in corpus.sessions:
            last = orjson.loads((folder / "sessions" / name).read_bytes().splitlines()[-1])
            agent = str(last.get("agentId") or "") if last.get("isSidechain") else ""
            corpus.ids[name] = (str(last.get("sessionId")), agent)
        return corpus

    @property
    def subagents(self) -> int:
        return sum(1 for s in self.sessions.values() if s.get("parent"))

    def in_order(self) -> list[str]:
        return sorted(self.sessions, key=lambda name: (self.sessions[name]["started"], name))

    def project_of(self, name: str) -> str:
        info = self.sessions[name]
        if info.get("project"):
            return str(info["project"])
        parent = info.get("parent")
        if parent and self.sessions[parent].get("project"):
            return str(self.sessions[parent]["project"])
        return next(iter(self.projects))

    def cwd_of(self, name: str) -> str:
        return self.projects[self.project_of(name)]

    def first_prompt(self, name: str) -> str:
        """The first thing the person typed in the session (what UserPromptSubmit would see)."""
        for raw in (self.folder / "sessions" / name).read_bytes().splitlines():
            line = orjson.loads(raw)
            if line.get("type") != "user" or line.get("isMeta") or line.get("isSidechain"):
                continue
            content = (line.get("message") or {}).get("content")
            texts = (
                [content]
                if isinstance(content, str)
                else [b.get("text", "") for b in content or () if isinstance(b, dict) and b.get("type") == "text"]
            )
            for text in texts:
                if text.strip() and not text.lstrip().startswith("<"):
                    return str(text)
        return ""

    def session_ids_of(self, files: list[str]) -> set[str]:
        return {self.ids[f][0] for f in files}


def measure(daemon: BenchDaemon, corpus: Corpus, home: Path) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    figures.update(_outcomes(daemon, corpus))
    figures.update(_problems(daemon, corpus))
    figures.update(_knowledge(daemon, corpus, home))
    figures.update(_skills(daemon, corpus))
    figures.update(_effectiveness(daemon))
    figures.update(_links(daemon))
    return figures


def _ratio(good: int, total: int) -> str:
    return f"{good}/{total}" if total else "—"


def _events(daemon: BenchDaemon, kind: str) -> list[dict[str, Any]]:
    return list(daemon.call("events", {"type": kind, "limit": 100_000})["events"])


def _outcomes(daemon: BenchDaemon, corpus: Corpus) -> dict[str, Any]:
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for event in sorted(_events(daemon, "session_summary"), key=lambda e: e["id"]):
        latest[(event["data"]["session_id"], event["data"].get("agent_id", ""))] = event["data"]
    right, confusion = 0, {}
    for name, info in corpus.sessions.items():
        got = latest.get(corpus.ids[name], {}).get("outcome")
        pair = (info["outcome"], got)
        confusion[pair] = confusion.get(pair, 0) + 1
        right += got == info["outcome"]
        if got != info["outcome"]:
            print(f"  outcome wrong: {name[:8]} truth {info['outcome']} got {got}: {info.get('why', '')[:90]}")
    total = len(corpus.sessions)
    print(f"outcome accuracy: {right}/{total} = {right / total:.1%}  (target >= 90%)")
    print("  truth -> got: " + ", ".join(f"{a}->{b}: {n}" for (a, b), n in sorted(confusion.items(), key=str)))
    print()
    return {"outcomes": f"{right}/{total} = {right / total:.0%}"}


def _problems(daemon: BenchDaemon, corpus: Corpus) -> dict[str, Any]:
    return problem_figures(daemon.call("patterns", {"all": True})["patterns"], _events(daemon, "signal"), corpus)


def problem_figures(patterns: list[dict[str, Any]], signals: list[dict[str, Any]], corpus: Corpus) -> dict[str, Any]:
    """Recurring problems against the truth, from the daemon's `patterns` (each with its `id` and `members`) and
    its `signal` events (also what `bench/problem_replay.py` measures offline)."""
    pattern_of_node = {m: p["id"] for p in patterns for m in p.get("members", [p["id"]])}
    sessions_of: dict[str, set[str]] = {}
    texts_of: dict[str, list[str]] = {}
    for event in signals:
        data = event["data"]
        pid = pattern_of_node.get(node_of(data))
        if pid is None:
            continue
        sessions_of.setdefault(pid, set()).add(data["session_id"])
        texts_of.setdefault(pid, []).append(" ".join([data.get("text", ""), data["key"], *data.get("anchors", [])]))
    recurring = {pid for pid, s in sessions_of.items() if len(s) >= 2}
    problems = corpus.truth["problems"]
    problem_sessions = {p["id"]: corpus.session_ids_of(p["sessions"]) for p in problems}
    restated = _restated_sessions(corpus)
    correct: set[str] = set()
    found: dict[str, list[str]] = {}
    for pid in sorted(recurring):
        hits = {name: len(sessions_of[pid] & s) for name, s in problem_sessions.items()}
        best = max(hits, key=lambda n: hits[n]) if hits else ""
        if best and hits[best] >= 2 and hits[best] * 2 >= len(sessions_of[pid]):
            correct.add(pid)
            found.setdefault(best, []).append(pid)
        elif any(len(sessions_of[pid] & group) >= 2 for group in restated):
            correct.add(pid)  # a correction the person gave again in other words: a real recurring pattern
    precision = len(correct) / len(recurring) if recurring else 0.0
    recall = sum(1 for p in problem_sessions if p in found)
    print(f"recurring patterns: {len(recurring)}; precision {precision:.2f}, problem recall {recall}/{len(problems)}")
    for pid in sorted(recurring - correct):
        print(f"  not a truth problem: {pid} in {len(sessions_of[pid])} sessions: {texts_of[pid][0][:100]}")
    one = wrong_sessions = joined_sessions = 0
    for problem in problems:
        nouns = [n.lower() for n in problem["nouns"]]
        mine = problem_sessions[problem["id"]]
        holding = [
            pid
            for pid in recurring
            if sessions_of[pid] & mine and any(n in t.lower() for t in texts_of[pid] for n in nouns)
        ]
        covered = max((len(sessions_of[pid] & mine) for pid in holding), default=0)
        one += len(holding) == 1
        foreign = sorted({s for pid in found.get(problem["id"], []) for s in sessions_of[pid] - mine})
        wrong_sessions += len(foreign)
        joined_sessions += sum(len(sessions_of[pid]) for pid in found.get(problem["id"], []))
        print(
            f"  {problem['id']}: {len(holding)} recurring pattern(s) hold its signals (target 1); the biggest "
            f"covers {covered}/{len(mine)} of its sessions"
            + (f"; {len(foreign)} session(s) of other problems joined: {', '.join(foreign)}" if foreign else "")
        )
    retries = [e for e in signals if e["data"]["kind"] == "retry"]
    print(f"  retry signals: {len(retries)} (truth: {len(corpus.truth.get('retries', []))})")
    print()
    return {
        "problem_precision": f"{precision:.2f}",
        "problem_recall": _ratio(recall, len(problems)),
        "one_pattern": _ratio(one, len(problems)),
        "session_precision": _ratio(joined_sessions - wrong_sessions, joined_sessions),
    }


def _restated_sessions(corpus: Corpus) -> list[set[str]]:
    """For each restated rule, the sessions whose transcript says one of its wordings."""
    texts = {name: (corpus.folder / "sessions" / name).read_text(encoding="utf-8").lower() for name in corpus.sessions}
    groups = []
    for group in corpus.truth.get("paraphrases", []):
        groups.append({corpus.ids[n][0] for n, text in texts.items() for said in group if _json_lower(said) in text})
    return groups


def _json_lower(text: str) -> str:
    """The text as it stands inside a JSON string in the transcript (non-ASCII escaped or not)."""
    return orjson.dumps(text.lower()).decode()[1:-1]


def _knowledge(daemon: BenchDaemon, corpus: Corpus, home: Path) -> dict[str, Any]:
    rules, lessons, decisions = [], [], []
    for path in (home / "sessions").glob("*.md"):
        if "--agent-" in path.name:
            continue
        sections = _sections(path.read_text(encoding="utf-8"))
        rules += sections.get("rules", [])
        lessons += sections.get("lessons", [])
        decisions += sections.get("decisions", [])
    truth = corpus.truth
    true_rules = [r["text"] for r in truth["rules"]] + [t for group in truth.get("paraphrases", []) for t in group[1:]]
    true_lessons = [item["text"] for item in truth.get("lessons", [])]
    out: dict[str, Any] = {}
    for name, got, want in (("rules", rules, true_rules), ("lessons", lessons, true_lessons)):
        good = [g for g in got if any(matches(g, w) for w in want)]
        recalled = [w for w in want if any(matches(g, w) for g in got)]
        precision = len(good) / len(got) if got else 0.0
        print(
            f"{name}: extracted {len(got)}, precision {precision:.2f}, recall {len(recalled)}/{len(want)}  "
            "(targets >= 0.9 / >= 0.8)"
        )
        for item in got:
            if item not in good:
                print(f"  not in the truth: {item[:110]}")
        for item in sorted(set(want) - set(recalled)):
            print(f"  missed: {item[:110]}")
        out[f"{name[:-1]}_precision"] = f"{precision:.2f}"
        out[f"{name[:-1]}_recall"] = _ratio(len(recalled), len(want))
    true_decisions = [d["text"] for d in truth.get("decisions", [])]
    recalled = [w for w in true_decisions if any(matches(d, w) for d in decisions)]
    print(
        f"decisions (not a target; they feed facts): extracted {len(decisions)}, recall {len(recalled)}/"
        f"{len(true_decisions)}"
    )
    files = {p: (home / "areas" / "projects" / p / "rules.md") for p in corpus.projects}
    texts = {p: path.read_text(encoding="utf-8") if path.exists() else "" for p, path in files.items()}
    memory = (home / "MEMORY.md").read_text(encoding="utf-8") if (home / "MEMORY.md").exists() else ""
    current = {p: current_bullets(t) for p, t in texts.items()}
    superseded = {p: superseded_bullets(t) for p, t in texts.items()}
    everywhere = [b for bullets in current.values() for b in bullets] + current_bullets(memory)
    not_person = [item["text"] for item in truth.get("not_person_rules", [])]
    # Why the person's own are left out: an assistant's summary often repeats a rule the person said ("Run ktlintCheck
    # and detekt before committing." after "run ktlintCheck and detekt before you commit"), and what the person said
    # is theirs, whoever repeated it
    theirs = [*true_rules, *true_lessons]
    kept = [g for g in [*rules, *lessons, *everywhere] if not any(matches(g, w) for w in theirs)]
    taken = [n for n in not_person if any(matches(g, n) for g in kept)]
    for text in taken:
        print(f"  NOT the person's, taken as a rule or lesson: {text[:100]}")
    non_rules = [n for n in truth.get("non_rules", []) if any(matches(g, n) for g in rules)]
    print(
        f"not the person's rules taken: {len(taken)} of {len(not_person)}; person's non-rules taken as rules: "
        f"{len(non_rules)} of {len(truth.get('non_rules', []))}"
    )
    out["not_person_rules"] = f"{len(taken)} of {len(not_person)}"
    reversals = [r for r in truth["rules"] if r.get("superseded_by")]
    done = new_only = 0
    for number, rule in enumerate(reversals):
        project = rule.get("project")
        if project:
            # the project's file, and MEMORY.md, where memoryd keeps the person's ways of working in every project
            # (commit messages, pushing, …) whichever project they were said in; the project's SessionStart gives both
            olds = superseded.get(project, []) + superseded_bullets(memory)
            news = current.get(project, []) + current_bullets(memory)
        else:
            # the person's own way of working in every project: MEMORY.md (where memoryd keeps those), or a project's
            # file; and every project's SessionStart must give the new rule and not the old
            olds = superseded_bullets(memory) + [b for bullets in superseded.values() for b in bullets]
            news = everywhere
        ok = any(matches(s, rule["text"]) for s in olds) and any(matches(c, rule["superseded_by"]) for c in news)
        done += ok
        only_new = True
        for where in [project] if project else list(corpus.projects):
            given = daemon.call(
                "session_context", {"cwd": corpus.projects[where], "session_id": f"bench-check-{number}-{where}"}
            )["markdown"]
            lines = [line[2:] for line in given.splitlines() if line.startswith("- ")]
            only_new = only_new and (
                any(matches(line, rule["superseded_by"]) for line in lines)
                and not any(matches(line, rule["text"]) for line in lines)
            )
        new_only += only_new
        print(
            f"  reversal {'superseded' if ok else 'NOT superseded'}, SessionStart "
            f"{'gives only the new rule' if only_new else 'WRONG'}: {rule['text'][:50]} -> {rule['superseded_by'][:50]}"
        )
    print(
        f"reversals superseded: {done}/{len(reversals)}; only the new rule at SessionStart: {new_only}/{len(reversals)}"
    )
    pairs = truth.get("compatible_rules", [])
    both = sum(1 for a, b in pairs if all(any(matches(c, t) for c in everywhere) for t in (a, b)))
    print(f"compatible rules both in force: {both}/{len(pairs)}")
    for project, bullets in current.items():
        print(f"  {project} rules.md: {len(bullets)} in force, {len(superseded[project])} superseded")
        for line in bullets:
            print(f"    in force: {line[:110]}")
        for line in superseded[project]:
            print(f"    superseded: {line[:110]}")
    print()
    out.update(
        reversals=_ratio(done, len(reversals)),
        session_start_new_only=_ratio(new_only, len(reversals)),
        compatible=_ratio(both, len(pairs)),
    )
    return out


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


def _skills(daemon: BenchDaemon, corpus: Corpus) -> dict[str, Any]:
    generations = _events(daemon, "generation")
    patterns = daemon.call("patterns", {"all": True})["patterns"]
    members = {p["id"]: set(p.get("members", [p["id"]])) for p in patterns}
    problems = {p["id"]: p for p in corpus.truth["problems"]}
    problem_sessions = {pid: corpus.session_ids_of(p["sessions"]) for pid, p in problems.items()}
    signals = _events(daemon, "signal")
    latest: dict[str, dict[str, Any]] = {}
    for event in generations:
        latest[event["data"]["capability_name"]] = event["data"]
    skill_of: dict[str, str] = {}
    resolved = key_step = 0
    updated: list[bool] = []
    for name, data in latest.items():
        path = Path(data["path"])
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        nodes = next((m for m in members.values() if data.get("pattern_id") in m), {data.get("pattern_id")})
        hit = {e["data"]["session_id"] for e in signals if node_of(e["data"]) in nodes}
        problem = max(problem_sessions, key=lambda p: len(problem_sessions[p] & hit), default="")
        if not problem or len(problem_sessions[problem] & hit) < 2 or not problems[problem].get("fixed_in"):
            print(f"skill {name}: no resolved truth problem")
            continue
        skill_of[name] = problem
        resolved += 1
        truth = problems[problem]
        has_key = _contains(text, truth.get("key_step") or truth["fix"][0])
        key_step += has_key
        missing = [phrase for phrase in truth["fix"] if not _contains(text, phrase)]
        line = f"skill {name} ({problem}): key step {'in it' if has_key else 'MISSING'}"
        if missing:
            line += f"; fix phrases missing: {missing}"
        if second := truth.get("second_fix"):
            ok = all(_contains(text, phrase) for phrase in second["fix"])
            updated.append(ok)
            line += f"; second resolution {'in it' if ok else 'MISSING'}"
        print(line)
    with_second = [p for p in problems.values() if p.get("second_fix")]
    print(
        f"skills: {len(latest)} written, {resolved} for a resolved truth problem, {key_step} with the key step; "
        f"problems: {len(problems)} ({sum(1 for p in problems.values() if p.get('fixed_in'))} resolved)"
    )
    out = {
        "skills_resolved": _ratio(resolved, len(latest)),
        "skills_key_step": _ratio(key_step, len(latest)),
        "skills_updated": _ratio(sum(updated), len(with_second)),
    }
    out.update(_recommendations(daemon, corpus, skill_of))
    print()
    return out


def _contains(text: str, phrase: str) -> bool:
    return " ".join(phrase.lower().split()) in " ".join(text.lower().split())


def _recommendations(daemon: BenchDaemon, corpus: Corpus, skill_of: dict[str, str]) -> dict[str, Any]:
    prompts = corpus.truth.get("skill_prompts", {"should": {}, "should_not": []})
    should = [(p, problem) for problem, items in prompts["should"].items() for p in items]
    right = wrong = 0
    for prompt, problem in should:
        names = [r["name"] for r in daemon.call("skills", {"query": prompt})["recommended"]]
        wanted = [n for n, p in skill_of.items() if p == problem]
        right += bool(set(names) & set(wanted))
        wrong += sum(1 for n in names if n not in wanted)
        if wanted and not set(names) & set(wanted):
            print(f"  recommendation missed: {prompt!r} -> {names}")
    unrelated = 0
    for prompt in prompts["should_not"]:
        names = [r["name"] for r in daemon.call("skills", {"query": prompt})["recommended"]]
        unrelated += bool(names)
        wrong += len(names)
        if names:
            print(f"  recommended for an unrelated prompt: {prompt!r} -> {names}")
    with_skill = sum(1 for _, problem in should if problem in skill_of.values())
    print(
        f"skill recommendations: {right} right, {wrong} wrong; should-prompts answered {right}/{with_skill}; "
        f"unrelated prompts given one: {unrelated}/{len(prompts['should_not'])}"
    )
    total = right + wrong
    return {
        "recommend_precision": f"{right / total:.2f}" if total else "—",
        "recommend_unrelated": _ratio(unrelated, len(prompts["should_not"])),
    }


def _effectiveness(daemon: BenchDaemon) -> dict[str, Any]:
    outcomes = {e["data"]["session_id"] for e in _events(daemon, "outcome")}
    expected: set[str] = set()
    for event in _events(daemon, "injection"):
        data = event["data"]
        if data.get("session_id") not in outcomes:
            continue
        expected |= {str(c) for c in data.get("chunk_ids") or ()}
        expected |= {f"item:{k}" for k in data.get("items") or ()}
        expected |= {f"skill:{s}" for s in data.get("skills") or ()}
    rows = {r["experience_id"] for r in daemon.call("effectiveness", {"limit": 1_000_000})["experiences"]}
    have = len(expected & rows)
    kinds: dict[str, int] = {}
    for key in expected:
        kind = key.split(":", 1)[0] if ":" in key else "memory"
        kinds[kind] = kinds.get(kind, 0) + 1
    print(
        f"effectiveness: {have}/{len(expected)} experiences injected into sessions with an outcome have a row "
        f"({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})"
    )
    print()
    return {"effectiveness_rows": _ratio(have, len(expected))}


def _links(daemon: BenchDaemon) -> dict[str, Any]:
    try:
        explained = daemon.call("patterns", {"all": True, "explain": True})["patterns"]
    except Exception as exc:  # an older daemon without `explain`
        print(f"links: patterns cannot explain themselves ({exc})")
        return {"links": "—"}
    recurring = [p for p in explained if len(p.get("sessions", [])) >= 2 or p.get("session_total", 0) >= 2]
    linked = sum(1 for p in recurring if p.get("explain") and all(e.get("session_id") for e in p["explain"]))
    skills = _events(daemon, "generation")
    skill_linked = sum(1 for g in skills if g["data"].get("resolved_in") and g["data"].get("sessions"))
    changes = _events(daemon, "knowledge")
    change_linked = sum(1 for c in changes if c["data"].get("session_id") and c["data"].get("line"))
    total = len(recurring) + len(skills) + len(changes)
    print(
        f"links: patterns {linked}/{len(recurring)}, skills {skill_linked}/{len(skills)}, rule and lesson changes "
        f"{change_linked}/{len(changes)} name their sessions and lines"
    )
    return {"links": _ratio(linked + skill_linked + change_linked, total)}

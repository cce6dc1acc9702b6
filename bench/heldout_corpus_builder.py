"""What the held-out learning corpora (bench/learning_corpus_heldout*/) share beyond the transcript builder: the
truth builder, the validator and the `make_corpus.py` command line. Each corpus's make_corpus.py declares only what
is its own (projects, problems, skill prompts, the person's other language and the ranges its validator wants) in a
Corpus and calls main(); the corpora were once copies of each other, and one copy keeps their checks from drifting.

Standard library only, deterministic: every id is a uuid5/sha256 of a fixed key, every time comes from the
scenarios, and jitter comes from random.Random seeded with the session key, so running a make_corpus.py twice gives
identical bytes. The corpora were written without looking at memoryd's learning code, so that they can judge it as
held-out data.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from heldout_transcript_kit import Session, sentences


@dataclass(frozen=True)
class Corpus:
    """One held-out corpus: where it lives, what it holds, and what its validator demands of it."""

    here: Path  # the corpus folder (sessions/ and truth.json go there)
    scenario_modules: Sequence[ModuleType]  # each has SESSIONS, a list of functions that build a Session
    projects: dict[str, str]  # project name -> working directory
    global_rules: set[str]  # rule ids said in one project but meant for all
    compatible: list[tuple[str, str]]  # rule ids on one subject that both hold
    problems: dict[str, dict]  # recurring problem id -> its declaration
    skill_prompts: dict
    knowledge_words: re.Pattern[str]  # what looks like knowledge in the person's words (must be declared)
    lang: str  # the code of the person's other language ("pt")
    lang_of: Callable[[str], str]  # the corpus's language guess
    language_checks: Callable[[Corpus, Problems, dict], None]  # what truth.json must hold in that language
    share_check: Callable[[Corpus, Problems, list[str]], None]  # how much of what was typed is in that language
    is_lang: Callable[[str], bool] | None = None  # a text in that language (default: lang_of(text) == lang)
    # What the validator asks differs between the first two corpora and the later ones, which were built to
    # harder specs (shorter sessions allowed, more rules, a one-off and a late fix in each project); the defaults
    # are the later corpora's, and the first two set theirs.
    min_session_lines: int = 6
    rules_range: tuple[int, int] = (12, 16)
    want_second_fix: bool = False  # a problem fixed a second way
    one_off_in_each_project: bool = True
    fix_after_seen_twice: bool = True  # a problem's fix comes after its first two sightings
    show_typed: bool = True  # the summary line counts the typed messages

    @property
    def out(self) -> Path:
        """sessions/, which write() replaces whole."""
        return self.here / "sessions"

    @property
    def truth_path(self) -> Path:
        """truth.json, what the learning bench scores against."""
        return self.here / "truth.json"

    def in_lang(self, text: str) -> bool:
        """Whether a text counts as the other language where the validator asks for one (a skill prompt)."""
        return self.is_lang(text) if self.is_lang else self.lang_of(text) == self.lang


def standard_language_checks(name: str, min_rules: int, *, decision: bool = True) -> Callable:
    """The checks of corpora whose language guess is a word count: enough rules, a lesson (and a decision), a
    reversal across languages and one within, a paraphrase and a non-rule in that language, and every declared
    text tagged with the language the guess gives it."""

    def check(c: Corpus, errs: Problems, t: dict) -> None:
        errs.need(sum(r["lang"] == c.lang for r in t["rules"]) >= min_rules, f"fewer than {min_rules} {name} rules")
        errs.need(
            all(
                x["lang"] == c.lang_of(x["text"])
                for k in ("rules", "lessons", "decisions", "non_rule_sessions")
                for x in t[k]
            ),
            "a declared text has the wrong lang",
        )
        errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
        errs.need(any(x["lang"] == c.lang for x in t["lessons"]), f"no {name} lesson")
        if decision:
            errs.need(any(x["lang"] == c.lang for x in t["decisions"]), f"no {name} decision")
        lang_change = any(
            r["superseded_by"] and c.lang_of(r["superseded_by"]) != r["lang"] for r in t["rules"]
        ) and any(r["superseded_by"] and c.lang_of(r["superseded_by"]) == r["lang"] for r in t["rules"])
        errs.need(lang_change, "want one reversal across languages and one in the same language, in other words")
        errs.need(any(any(c.lang_of(x) == c.lang for x in g[1:]) for g in t["paraphrases"]), f"no {name} paraphrase")
        errs.need(any(c.lang_of(x) == c.lang for x in t["non_rules"]), f"no {name} non-rule")

    return check


def share_between(name: str, lo: int, hi: int) -> Callable:
    """A share check for a person who writes lo-hi % of messages in the other language (by the language guess)."""

    def check(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
        n = sum(1 for x in all_typed if c.lang_of(x) == c.lang)
        errs.need(
            len(all_typed) * lo <= n * 100 <= len(all_typed) * hi,
            f"{n}/{len(all_typed)} of the person's messages are {name} (want {lo}-{hi}%)",
        )

    return check


def share_at_least_quarter(name: str, mostly: Callable[[str], bool]) -> Callable:
    """A share check for the first corpora, which only asked that a quarter of the messages be mostly that language."""

    def check(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
        n = sum(1 for x in all_typed if mostly(x))
        errs.need(n * 4 >= len(all_typed), f"only {n}/{len(all_typed)} of the person's messages are {name}")

    return check


def build(c: Corpus) -> list[Session]:
    """Every session of the corpus, in the scenario modules' order; ids must be unique or files would collide."""
    sessions = [f() for m in c.scenario_modules for f in m.SESSIONS]
    ids = [s.id for s in sessions]
    assert len(set(ids)) == len(ids), "duplicate session ids"
    return sessions


def file_of(s: Session) -> str:
    """The transcript's path under sessions/, as Claude Code names it."""
    return f"{s.id}.jsonl"


def sub_file_of(parent: Session, child: Session) -> str:
    """A subagent transcript's path under sessions/, beside its parent as Claude Code stores it."""
    return f"{parent.id}/subagents/agent-{child.agent_id}.jsonl"


def write(c: Corpus, sessions: list[Session]) -> None:
    """Rewrite sessions/ from scratch, so that a renamed or dropped session leaves no stale file behind."""
    if c.out.exists():
        shutil.rmtree(c.out)
    c.out.mkdir(parents=True)
    for s in sessions:
        (c.out / file_of(s)).write_text(s.jsonl(), encoding="utf-8")
        for child, spec, tool_id in s.children:
            path = c.out / sub_file_of(s, child)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(child.jsonl(), encoding="utf-8")
            meta = {"agentType": spec.subagent_type, "description": spec.description, "toolUseId": tool_id}
            path.with_suffix(".meta.json").write_text(json.dumps(meta) + "\n", encoding="utf-8")


def bash_failures(lines: list[dict]) -> Counter:
    """(command) -> how many times a Bash call with exactly that command exited non-zero."""
    commands: dict[str, str] = {}
    fails: Counter = Counter()
    for line in lines:
        content = (line.get("message") or {}).get("content")
        if not isinstance(content, list):
            continue
        for b in content:
            if b.get("type") == "tool_use" and b.get("name") == "Bash":
                commands[b["id"]] = b["input"]["command"]
            elif (
                b.get("type") == "tool_result"
                and b.get("is_error")
                and b.get("tool_use_id") in commands
                and isinstance(b.get("content"), str)
                and b["content"].startswith("Exit code")
            ):
                fails[commands[b["tool_use_id"]]] += 1
    return fails


def truth(c: Corpus, sessions: list[Session]) -> dict:
    """truth.json: what each session, problem and person's text is, gathered from the scenarios' declarations."""
    by_time = sorted(sessions, key=lambda s: s.started)
    out: dict = {
        "projects": c.projects,
        "sessions": {},
        "problems": [],
        "one_off_problems": [],
        "rules": [],
        "compatible_rules": [],
        "paraphrases": [],
        "lessons": [],
        "decisions": [],
        "non_rules": [],
        "non_rule_sessions": [],
        "not_person_rules": [],
        "retries": [],
        "skill_prompts": c.skill_prompts,
    }
    for s in by_time:
        out["sessions"][file_of(s)] = {
            "outcome": s.truth.outcome,
            "why": s.truth.why,
            "started": s.started,
            "parent": None,
            "project": s.project,
        }
        for child, _spec, _ in s.children:
            out["sessions"][sub_file_of(s, child)] = {
                "outcome": child.truth.outcome,
                "why": child.truth.why,
                "started": child.started,
                "parent": file_of(s),
                "project": s.project,
            }
    for pid, p in c.problems.items():
        hits = [file_of(s) for s in by_time if pid in s.truth.problems]
        fixed = [file_of(s) for s in by_time if pid in s.truth.fixes]
        second = [file_of(s) for s in by_time if pid in s.truth.second_fixes]
        entry = {
            "id": pid,
            "project": p["project"],
            "description": p["description"],
            "sessions": hits,
            "nouns": p["nouns"],
            "fix": p["fix"],
            "key_step": p["key_step"],
            "fixed_in": fixed[0] if fixed else None,
        }
        if second:
            entry["second_fix"] = {"session": second[0], "fix": p["second_fix"]}
        out["problems"].append(entry)
    rules: dict[str, dict] = {}
    groups: dict[str, list[str]] = defaultdict(list)
    for s in by_time:
        for rid, text, supersedes in s.truth.rules:
            if rid not in rules:
                rules[rid] = {
                    "text": text,
                    "project": None if rid in c.global_rules else s.project,
                    "session": file_of(s),
                    "superseded_by": None,
                    "lang": c.lang_of(text),
                }
            if text not in groups[rid]:
                groups[rid].append(text)
            if supersedes:
                rules[supersedes]["superseded_by"] = rules[rid]["text"]
        out["one_off_problems"] += [{"description": d, "session": file_of(s)} for d in s.truth.one_offs]
        out["lessons"] += [{"text": t, "session": file_of(s), "lang": c.lang_of(t)} for t in s.truth.lessons]
        out["decisions"] += [{"text": t, "session": file_of(s), "lang": c.lang_of(t)} for t in s.truth.decisions]
        out["non_rules"] += s.truth.non_rules
        out["non_rule_sessions"] += [
            {"text": t, "session": file_of(s), "lang": c.lang_of(t)} for t in s.truth.non_rules
        ]
        out["not_person_rules"] += [{"text": t, "where": w, "session": file_of(s)} for t, w in s.truth.not_person]
        for command, n in bash_failures(s.lines).items():
            if n >= 3:
                out["retries"].append({"session": file_of(s), "command": command, "failures": n})
    out["rules"] = list(rules.values())
    out["compatible_rules"] = [[rules[a]["text"], rules[b]["text"]] for a, b in c.compatible]
    out["paraphrases"] = [g for g in groups.values() if len(g) > 1]
    return out


# ------------------------------------------------------------------------------------------------------------------
# validation (reads what is on disk)


class Problems(list):
    """The validator's findings; need() reads like the requirement it checks."""

    def need(self, ok: bool, msg: str) -> None:
        if not ok:
            self.append(msg)


def typed_texts(path: Path) -> list[str]:
    """What the person typed in a main transcript: user lines with a string (or text blocks) that are not tool
    results, harness notices, compaction summaries, meta lines, local commands or interruptions."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = json.loads(raw)
        if line.get("type") != "user" or line.get("isMeta") or line.get("isCompactSummary"):
            continue
        content = line["message"]["content"]
        texts = [content] if isinstance(content, str) else [b["text"] for b in content if b.get("type") == "text"]
        for t in texts:
            if t.startswith(("<task-notification>", "<command-", "<local-command", "<bash-", "[Request interrupted")):
                continue
            out.append(t)
    return out


@dataclass
class _Check:
    """What the validator's stages share: the corpus, truth.json as read, the findings so far, and (once the
    person's words are checked) what the person typed in each main transcript."""

    c: Corpus
    t: dict
    errs: Problems
    typed: dict[str, list[str]] = field(default_factory=dict)

    def body(self, f: str) -> str:
        """A transcript's text, where phrases are looked for as they appear JSON-escaped."""
        return (self.c.out / f).read_text(encoding="utf-8")

    def said(self, text: str, f: str) -> bool:
        """Whether the person typed the text (case aside) in that main transcript."""
        return any(text.lower() in x.lower() for x in self.typed.get(f, []))


def _has(phrase: str, text: str) -> bool:
    """Whether a phrase stands in a transcript's JSON text (escaped as json.dumps escapes it)."""
    return json.dumps(phrase, ensure_ascii=False)[1:-1] in text


def validate(c: Corpus, sessions: list[Session] | None = None) -> list[str]:
    """Everything wrong with what is on disk (sessions/ and truth.json); with the built sessions also checks that
    restatements were typed and that every knowledge-looking sentence the person typed is declared."""
    errs = Problems()
    t = json.loads(c.truth_path.read_text())
    files = _check_transcripts(c, errs)
    _check_truth_files(c, errs, t, files)
    ck = _Check(c, t, errs)
    _check_problems(ck)
    # the person's words: every declared text is in what the person typed in that session
    ck.typed = {f: typed_texts(c.out / f) for f, v in t["sessions"].items() if v["parent"] is None}
    _check_person_words(ck, sessions)
    _check_not_person(ck)
    _check_mix(ck)
    if sessions is not None:
        _check_complete(ck, sessions)
    return list(errs)


def _check_transcripts(c: Corpus, errs: Problems) -> list[Path]:
    """Each transcript is well formed the way Claude Code writes them, and subagents link to their parents;
    returns the transcript files found (main ones, then subagents')."""
    main_files = sorted(p for p in c.out.glob("*.jsonl"))
    sub_files = sorted(c.out.glob("*/subagents/agent-*.jsonl"))
    errs.need(26 <= len(main_files) <= 32, f"{len(main_files)} sessions (want 26-32)")
    errs.need(3 <= len(sub_files) <= 5, f"{len(sub_files)} subagent transcripts (want 3-5)")
    uses_by_file: dict[Path, dict[str, dict]] = {}
    results_by_file: dict[Path, list[tuple[dict, dict]]] = {}
    compactions = 0
    for path in [*main_files, *sub_files]:
        uses_by_file[path], results_by_file[path], n = _check_transcript(c, errs, path, path in sub_files)
        compactions += n
    errs.need(compactions >= 2, f"only {compactions} compactions")
    _check_subagent_links(c, errs, sub_files, uses_by_file, results_by_file)
    return [*main_files, *sub_files]


def _check_transcript(c: Corpus, errs: Problems, path: Path, is_sub: bool) -> tuple[dict, list, int]:
    """One transcript's chain of uuids, session id, tool calls and results; returns its tool uses by id, its
    tool results with their lines, and how many compactions it holds."""
    rel = str(path.relative_to(c.out))
    compactions = 0
    raw_lines = path.read_text(encoding="utf-8").splitlines()
    if not is_sub:
        lo = c.min_session_lines
        errs.need(lo <= len(raw_lines) <= 80, f"{rel}: {len(raw_lines)} lines (want {lo}-80)")
    seen_uuids: set[str] = set()
    tool_uses: dict[str, dict] = {}
    results: list[tuple[dict, dict]] = []
    first_msg = None
    sid = None
    for i, raw in enumerate(raw_lines, 1):
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            errs.append(f"{rel}:{i}: not JSON ({exc})")
            continue
        typ = line.get("type")
        if typ in ("queue-operation", "file-history-snapshot", "ai-title"):
            continue
        sid = sid or line.get("sessionId")
        errs.need(line.get("sessionId") == sid, f"{rel}:{i}: sessionId changes")
        u = line.get("uuid")
        errs.need(bool(u) and u not in seen_uuids, f"{rel}:{i}: missing or repeated uuid")
        parent = line.get("parentUuid")
        if first_msg is None:
            first_msg = line
            errs.need(parent is None, f"{rel}:{i}: first message has a parent")
        elif parent is None:
            ok = (
                typ == "system"
                and line.get("subtype") == "compact_boundary"
                and line.get("logicalParentUuid") in seen_uuids
            )
            errs.need(ok, f"{rel}:{i}: unexpected root")
            compactions += ok
        else:
            errs.need(parent in seen_uuids, f"{rel}:{i}: parentUuid {parent} not an earlier line")
        seen_uuids.add(u)
        errs.need(line.get("isSidechain") is is_sub, f"{rel}:{i}: isSidechain should be {is_sub}")
        if is_sub:
            errs.need(line.get("agentId") == path.stem[len("agent-") :], f"{rel}:{i}: agentId mismatch")
        content = (line.get("message") or {}).get("content")
        for b in content if isinstance(content, list) else []:
            if b.get("type") == "tool_use":
                errs.need(b["id"] not in tool_uses, f"{rel}:{i}: repeated tool_use id")
                tool_uses[b["id"]] = b
            elif b.get("type") == "tool_result":
                errs.need(b["tool_use_id"] in tool_uses, f"{rel}:{i}: tool_result for unknown/later tool_use")
                src = line.get("sourceToolAssistantUUID")
                errs.need(src in seen_uuids, f"{rel}:{i}: sourceToolAssistantUUID not an earlier line")
                results.append((b, line))
    answered = {b["tool_use_id"] for b, _ in results}
    errs.need(answered == set(tool_uses), f"{rel}: tool_use without result: {set(tool_uses) - answered}")
    if is_sub:
        parent_id = path.parent.parent.name
        errs.need(sid == parent_id, f"{rel}: sessionId {sid} is not the parent's {parent_id}")
        errs.need(first_msg is not None and first_msg.get("type") == "user", f"{rel}: first line is not user")
    else:
        errs.need(sid == path.stem, f"{rel}: sessionId {sid} differs from the file name")
    return tool_uses, results, compactions


def _check_subagent_links(
    c: Corpus,
    errs: Problems,
    sub_files: list[Path],
    uses_by_file: dict[Path, dict[str, dict]],
    results_by_file: dict[Path, list[tuple[dict, dict]]],
) -> None:
    """Each subagent transcript is named by exactly one Agent result in its parent, with its meta.json and prompt."""
    for path in sub_files:
        rel = str(path.relative_to(c.out))
        aid = path.stem[len("agent-") :]
        parent = c.out / f"{path.parent.parent.name}.jsonl"
        errs.need(parent.exists(), f"{rel}: parent transcript missing")
        if not parent.exists():
            continue
        linked = [
            (b, line)
            for b, line in results_by_file[parent]
            if isinstance(line.get("toolUseResult"), dict) and line["toolUseResult"].get("agentId") == aid
        ]
        errs.need(len(linked) == 1, f"{rel}: no single parent tool_result with toolUseResult.agentId")
        if linked:
            b, _ = linked[0]
            use = uses_by_file[parent][b["tool_use_id"]]
            errs.need(use["name"] in ("Agent", "Task"), f"{rel}: linked tool_use is {use['name']}")
            errs.need(f"agentId: {aid}" in json.dumps(b["content"]), f"{rel}: parent result does not name the agentId")
            meta = path.with_suffix(".meta.json")
            errs.need(meta.exists(), f"{rel}: meta.json missing")
            if meta.exists():
                errs.need(json.loads(meta.read_text())["toolUseId"] == use["id"], f"{rel}: meta.json toolUseId")
            first = json.loads(path.read_text().splitlines()[0])
            errs.need(first["message"]["content"] == use["input"]["prompt"], f"{rel}: first line is not the prompt")


def _check_truth_files(c: Corpus, errs: Problems, t: dict, files: list[Path]) -> None:
    """truth.json and sessions/ name the same files, and each main transcript runs in its project's directory."""
    for f, info in t["sessions"].items():
        errs.need((c.out / f).exists(), f"truth session {f} missing")
        errs.need(info["outcome"] in ("success", "failed", "unknown") and info["why"], f"truth session {f}: outcome")
        errs.need(info["project"] in t["projects"], f"truth session {f}: project")
        if info["parent"]:
            errs.need((c.out / info["parent"]).exists(), f"truth session {f}: parent missing")
    on_disk = {str(p.relative_to(c.out)) for p in files}
    errs.need(on_disk == set(t["sessions"]), f"files not in truth: {on_disk ^ set(t['sessions'])}")
    for f, info in t["sessions"].items():
        if info["parent"] is None and (c.out / f).exists():
            cwd = t["projects"][info["project"]]
            first = next(json.loads(x) for x in (c.out / f).read_text().splitlines() if '"cwd"' in x)
            errs.need(first["cwd"] == cwd, f"{f}: cwd {first['cwd']} is not {cwd}")


def _check_problems(ck: _Check) -> None:
    """Recurring problems are seen in several sessions of their project, by their nouns, and fixed in a successful
    session whose edits or commands hold the key step; one-offs stand apart from them."""
    c, t, errs = ck.c, ck.t, ck.errs
    for p in t["problems"]:
        errs.need(3 <= len(p["sessions"]) <= 8, f"problem {p['id']} in {len(p['sessions'])} sessions")
        errs.need(p["fixed_in"] in p["sessions"], f"problem {p['id']}: fixed_in not among its sessions")
        errs.need(
            p["fixed_in"] and t["sessions"][p["fixed_in"]]["outcome"] == "success",
            f"problem {p['id']}: fix session is not a success",
        )
        errs.need(p["key_step"] in p["fix"], f"problem {p['id']}: key_step not among the fix phrases")
        for phrase in p["fix"]:
            errs.need(
                _has(phrase, ck.body(p["fixed_in"])), f"problem {p['id']}: fix phrase {phrase!r} not in fix session"
            )
        steps = [
            json.dumps(b["input"], ensure_ascii=False)
            for x in map(json.loads, ck.body(p["fixed_in"]).splitlines())
            if x.get("type") == "assistant"
            for b in x["message"]["content"]
            if b.get("type") == "tool_use" and b["name"] in ("Edit", "Write", "Bash")
        ]
        errs.need(
            any(_has(p["key_step"], st) for st in steps), f"problem {p['id']}: key step is not in an edit or command"
        )
        sf = p.get("second_fix")
        if sf:
            errs.need(sf["session"] in p["sessions"], f"problem {p['id']}: second fix not among its sessions")
            errs.need(t["sessions"][sf["session"]]["outcome"] == "success", f"problem {p['id']}: second fix failed")
            for phrase in sf["fix"]:
                errs.need(_has(phrase, ck.body(sf["session"])), f"problem {p['id']}: second fix phrase {phrase!r}")
                errs.need(not _has(phrase, ck.body(p["fixed_in"])), f"problem {p['id']}: second fix is not different")
        for f in p["sessions"]:
            errs.need(any(_has(n, ck.body(f)) for n in p["nouns"]), f"problem {p['id']}: no noun in {f}")
            errs.need(t["sessions"][f]["project"] == p["project"], f"problem {p['id']}: {f} in another project")
        for other in t["problems"]:
            if other is not p:
                errs.need(
                    not set(p["sessions"]) & set(other["sessions"]),
                    f"problems {p['id']} and {other['id']} share a session",
                )
    if c.want_second_fix:
        errs.need(sum(1 for p in t["problems"] if p.get("second_fix")) >= 1, "no second fix")
    errs.need({p["project"] for p in t["problems"]} == set(t["projects"]), "a project without a recurring problem")
    errs.need(len(t["one_off_problems"]) >= 5, "fewer than 5 one-off problems")
    if c.one_off_in_each_project:
        one_off_sessions = {o["session"] for o in t["one_off_problems"]}
        errs.need(
            all(one_off_sessions & {s for s, v in t["sessions"].items() if v["project"] == pr} for pr in t["projects"]),
            "a project without a one-off problem",
        )
    problem_sessions = {f for p in t["problems"] for f in p["sessions"]}
    for o in t["one_off_problems"]:
        errs.need(o["session"] in t["sessions"], f"one-off session {o['session']} missing")
        errs.need(o["session"] not in problem_sessions, f"one-off in a recurring problem's session {o['session']}")


def _check_person_words(ck: _Check, sessions: list[Session] | None) -> None:
    """Every declared rule, restatement, lesson, decision and non-rule was typed by the person in its session,
    in the numbers and languages the corpus wants."""
    c, t, errs = ck.c, ck.t, ck.errs
    rule_texts = [r["text"] for r in t["rules"]]
    lo, hi = c.rules_range
    errs.need(lo <= len(t["rules"]) <= hi, f"{len(t['rules'])} rules (want {lo}-{hi})")
    for r in t["rules"]:
        errs.need(ck.said(r["text"], r["session"]), f"rule not typed in its session: {r['text']!r}")
        errs.need(r["superseded_by"] is None or r["superseded_by"] in rule_texts, f"rule {r['text']}: bad supersede")
        errs.need(r["project"] is None or r["project"] in t["projects"], f"rule {r['text']}: project")
    reversals = [r for r in t["rules"] if r["superseded_by"]]
    errs.need(len(reversals) >= 2, "fewer than 2 reversals")
    for a, b in t["compatible_rules"]:
        errs.need(a in rule_texts and b in rule_texts, f"compatible pair not rules: {a!r} / {b!r}")
        errs.need(
            not any(r["superseded_by"] in (a, b) for r in t["rules"] if r["text"] in (a, b)), "compatible superseded"
        )
    for group in t["paraphrases"]:
        errs.need(group[0] in rule_texts, f"paraphrase group does not start with a rule: {group[0]!r}")
    para_sessions = {}
    if sessions is not None:
        for s in sessions:
            for _rid, text, _sup in s.truth.rules:
                para_sessions.setdefault(text, file_of(s))
        for text, f in para_sessions.items():
            errs.need(ck.said(text, f), f"restatement not typed: {text!r}")
    errs.need(t["non_rules"] == [x["text"] for x in t["non_rule_sessions"]], "non_rules and non_rule_sessions differ")
    for kind in ("lessons", "decisions", "non_rule_sessions"):
        for x in t[kind]:
            errs.need(ck.said(x["text"], x["session"]), f"{kind[:-1]} not typed in its session: {x['text']!r}")
    errs.need(4 <= len(t["lessons"]) <= 6, f"{len(t['lessons'])} lessons (want 4-6)")
    errs.need(4 <= len(t["decisions"]) <= 6, f"{len(t['decisions'])} decisions (want 4-6)")
    c.language_checks(c, errs, t)


def _check_not_person(ck: _Check) -> None:
    """Rule-like text that is not the person's stands verbatim in the named place (assistant text, tool output,
    pasted log, subagent prompt, compaction summary) and was not typed by the person, in all five places."""
    c, t, errs = ck.c, ck.t, ck.errs
    wheres = Counter()
    for n in t["not_person_rules"]:
        f, text, where = n["session"], n["text"], n["where"]
        wheres[where] += 1
        lines = [json.loads(x) for x in ck.body(f).splitlines()]
        subs = [
            json.loads(x)
            for p in (c.out / f.replace(".jsonl", "")).glob("subagents/*.jsonl")
            for x in p.read_text().splitlines()
        ]
        if where == "assistant_text":
            place = [b.get("text", "") for x in lines if x.get("type") == "assistant" for b in x["message"]["content"]]
        elif where == "tool_output":
            place = [
                json.dumps(b.get("content"), ensure_ascii=False)
                for x in lines
                if x.get("type") == "user" and isinstance(x["message"]["content"], list)
                for b in x["message"]["content"]
                if b.get("type") == "tool_result"
            ]
            place = [json.loads(f'"{p[1:-1]}"') if p.startswith('"') else p for p in place]
        elif where == "pasted_log":
            place = ck.typed[f]
        elif where == "subagent_prompt":
            place = [x["message"]["content"] for x in subs[:1]] + [
                b["input"].get("prompt", "")
                for x in lines
                if x.get("type") == "assistant"
                for b in x["message"]["content"]
                if b.get("type") == "tool_use" and b["name"] == "Agent"
            ]
        else:
            place = [x["message"]["content"] for x in lines if x.get("isCompactSummary")]
        errs.need(any(text in p for p in place), f"not-person text not in {where} of {f}: {text!r}")
        if where != "pasted_log":
            errs.need(not ck.said(text, f), f"not-person text was typed by the person: {text!r}")
    errs.need(len(wheres) == 5, f"not-person rules cover only {sorted(wheres)}")


def _check_mix(ck: _Check) -> None:
    """The corpus as a whole: a retry, enough skill prompts, a mix of outcomes, the share of the other language,
    and (where asked) no fix before a problem was seen twice."""
    c, t, errs = ck.c, ck.t, ck.errs
    errs.need(len(t["retries"]) >= 1, "no retry")
    errs.need(len(t["skill_prompts"]["should_not"]) >= 15, "too few should_not prompts")
    for pid in c.problems:
        prompts = t["skill_prompts"]["should"].get(pid, [])
        errs.need(len(prompts) == 3 and any(c.in_lang(x) for x in prompts), f"skill prompts for {pid}")
    outcomes = Counter(v["outcome"] for v in t["sessions"].values() if v["parent"] is None)
    errs.need(
        outcomes["failed"] >= 5 and outcomes["success"] >= 12 and outcomes["unknown"] >= 3, f"outcome mix {outcomes}"
    )
    all_typed = [x for f in ck.typed for x in ck.typed[f] if not x.startswith("<ide_opened_file>")]
    c.share_check(c, errs, all_typed)
    if c.fix_after_seen_twice:
        # each project has a recurring problem shown once only in words, and the fix is in a later session
        for p in t["problems"]:
            errs.need(
                all(t["sessions"][f]["started"] <= t["sessions"][p["fixed_in"]]["started"] for f in p["sessions"][:2]),
                f"problem {p['id']}: fixed before it was seen twice",
            )


def _check_complete(ck: _Check, sessions: list[Session]) -> None:
    """Every knowledge-looking sentence the person typed is declared (truth is complete)."""
    c, t, errs = ck.c, ck.t, ck.errs
    rule_texts = [r["text"] for r in t["rules"]]
    declared_all = [
        *rule_texts,
        *(x for g in t["paraphrases"] for x in g),
        *(x["text"] for x in t["lessons"]),
        *(x["text"] for x in t["decisions"]),
        *t["non_rules"],
        *(x["text"] for x in t["not_person_rules"] if x["where"] == "pasted_log"),
    ]
    for s in sessions:
        for text in s.typed:
            for sent in sentences(text):
                if c.knowledge_words.search(sent):
                    ok = any(d.lower() in sent.lower() or sent.lower() in d.lower() for d in declared_all)
                    errs.need(ok, f"{s.key}: undeclared knowledge-like sentence: {sent!r}")


def lang_share(c: Corpus, mains: list[str]) -> int:
    """How many of the person's messages in the main transcripts are mostly in the corpus's other language."""
    return sum(1 for f in mains for x in typed_texts(c.out / f) if not x.startswith("<ide") and c.lang_of(x) == c.lang)


def index(sessions: list[Session]) -> str:
    """A Markdown table of the sessions (for the README)."""
    rows = [
        "| started (UTC) | key | project | file | ver | outcome | problem | lines |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for s in sorted(sessions, key=lambda x: x.started):
        prob = (
            ", ".join(
                p + (" (fix)" if p in s.truth.fixes else "") + (" (2nd fix)" if p in s.truth.second_fixes else "")
                for p in s.truth.problems
            )
            or "—"
        )
        rows.append(
            f"| {s.started[:16]} | {s.key} | {s.project} | `{s.id[:8]}…` | {s.version} | {s.truth.outcome} | "
            f"{prob} | {len(s.lines)} |"
        )
        for child, spec, _ in s.children:
            rows.append(
                f"| {child.started[:16]} | ↳ subagent ({spec.subagent_type}{', background' if spec.background else ''}) "
                f"| | `{s.id[:8]}…/subagents/agent-{child.agent_id}` | | {child.truth.outcome} | — | "
                f"{len(child.lines)} |"
            )
    return "\n".join(rows)


def summary(c: Corpus) -> str:
    """One line of counts from truth.json, so that a change to the scenarios shows in what it prints."""
    t = json.loads(c.truth_path.read_text())
    mains = [f for f, v in t["sessions"].items() if v["parent"] is None]
    outcomes = Counter(t["sessions"][f]["outcome"] for f in mains)
    typed = (
        f"typed: {sum(1 for f in mains for _ in typed_texts(c.out / f))} ({lang_share(c, mains)} mostly {c.lang})  "
        if c.show_typed
        else ""
    )
    return (
        f"sessions: {len(mains)} ({', '.join(f'{k} {v}' for k, v in sorted(outcomes.items()))})  subagents: "
        f"{len(t['sessions']) - len(mains)}  problems: {len(t['problems'])}  one-offs: {len(t['one_off_problems'])}  "
        f"rules: {len(t['rules'])} ({sum(r['lang'] == c.lang for r in t['rules'])} {c.lang})  reversals: "
        f"{sum(1 for r in t['rules'] if r['superseded_by'])}  compatible: {len(t['compatible_rules'])}  "
        f"paraphrase groups: {len(t['paraphrases'])}  lessons: {len(t['lessons'])}  decisions: "
        f"{len(t['decisions'])}  non-rules: {len(t['non_rules'])}  not-person: {len(t['not_person_rules'])}  "
        f"{typed}retries: {len(t['retries'])}  prompts: {sum(len(v) for v in t['skill_prompts']['should'].values())} "
        f"should / {len(t['skill_prompts']['should_not'])} should-not"
    )


def main(c: Corpus, argv: list[str]) -> int:
    """The CLI every make_corpus.py shares: --index prints the README table, --check only validates what is on
    disk, and no flag regenerates sessions/ and truth.json before validating."""
    if "--index" in argv:
        print(index(build(c)))
        return 0
    sessions = None
    if "--check" not in argv:
        sessions = build(c)
        write(c, sessions)
        c.truth_path.write_text(json.dumps(truth(c, sessions), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    errs = validate(c, sessions)
    print(summary(c))
    for e in errs:
        print("INVALID:", e)
    print("valid" if not errs else f"{len(errs)} problem(s)")
    return 1 if errs else 0

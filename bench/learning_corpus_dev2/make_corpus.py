#!/usr/bin/env python3
"""Generate the `slotbook` learning corpus (dev2): Claude Code v2.1.x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Standard library only, deterministic: every id is a uuid5/sha256 of a fixed key, every time comes from the
scenarios, and jitter comes from random.Random seeded with the session key. Running it twice gives identical bytes.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_week1  # noqa: E402
import scenarios_week2  # noqa: E402
import scenarios_week3  # noqa: E402
from problems import COMPATIBLE_RULES, PROBLEMS, SKILL_PROMPTS  # noqa: E402
from transcript_kit import PROJECTS, Session, sentences, vtuple  # noqa: E402

OUT = HERE / "sessions"
TRUTH = HERE / "truth.json"
META_JSON_SINCE = (2, 1, 173)  # agent-<id>.meta.json seen from this build on

# What a person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember (?:that|:)|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bplease stop\b|\bturns out\b|"
    r"\b(?:immer|nie|niemals|ab jetzt|ab sofort|bitte kein\w*|entscheidung|gut zu wissen|merk dir)\b",
    re.IGNORECASE,
)


def build() -> list[Session]:
    sessions = [f() for f in (*scenarios_week1.SESSIONS, *scenarios_week2.SESSIONS, *scenarios_week3.SESSIONS)]
    ids = [s.id for s in sessions]
    assert len(set(ids)) == len(ids), "duplicate session ids"
    return sessions


def file_of(s: Session) -> str:
    return f"{s.id}.jsonl"


def sub_file_of(parent: Session, child: Session) -> str:
    return f"{parent.id}/subagents/agent-{child.agent_id}.jsonl"


def write(sessions: list[Session]) -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    for s in sessions:
        (OUT / file_of(s)).write_text(s.jsonl(), encoding="utf-8")
        for child, spec, tool_id in s.children:
            path = OUT / sub_file_of(s, child)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(child.jsonl(), encoding="utf-8")
            if vtuple(s.version) >= META_JSON_SINCE:
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


def truth(sessions: list[Session]) -> dict:
    by_time = sorted(sessions, key=lambda s: s.started)
    out: dict = {
        "project": "slotbook",
        "cwd": PROJECTS["slotbook-api"],
        "projects": PROJECTS,
        "sessions": {},
        "problems": [],
        "one_off_problems": [],
        "rules": [],
        "compatible_rules": COMPATIBLE_RULES,
        "paraphrases": [],
        "lessons": [],
        "decisions": [],
        "non_rules": [],
        "non_rule_sessions": [],
        "not_person_rules": [],
        "retries": [],
        "skill_prompts": SKILL_PROMPTS,
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
    for pid, p in PROBLEMS.items():
        hits = [file_of(s) for s in by_time if pid in s.truth.problems]
        fixed = [file_of(s) for s in by_time if pid in s.truth.fixes]
        again = [file_of(s) for s in by_time if f"{pid}#2" in s.truth.fixes]
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
        if "second_fix" in p:
            entry["second_fix"] = {"session": again[0] if again else None, **p["second_fix"]}
        out["problems"].append(entry)
    rules: dict[str, dict] = {}
    groups: dict[str, list[str]] = defaultdict(list)
    for s in by_time:
        for rid, text, supersedes in s.truth.rules:
            if rid not in rules:
                lang, project = s.truth.rule_meta[text]
                rules[rid] = {
                    "text": text,
                    "project": project,
                    "session": file_of(s),
                    "superseded_by": None,
                    "lang": lang,
                }
            if text not in groups[rid]:
                groups[rid].append(text)
            if supersedes:
                rules[supersedes]["superseded_by"] = rules[rid]["text"]
        out["one_off_problems"] += [{"description": d, "session": file_of(s)} for d in s.truth.one_offs]
        out["lessons"] += [{"text": t, "session": file_of(s), "lang": s.truth.lesson_langs[t]} for t in s.truth.lessons]
        out["decisions"] += [
            {"text": t, "session": file_of(s), "lang": s.truth.lesson_langs[t]} for t in s.truth.decisions
        ]
        out["non_rules"] += s.truth.non_rules
        out["non_rule_sessions"] += [file_of(s)] * len(s.truth.non_rules)
        for text, where in s.truth.not_person:
            out["not_person_rules"].append({"text": text, "where": where, "session": file_of(s)})
        for child, _spec, _ in s.children:
            for text, where in child.truth.not_person:
                out["not_person_rules"].append({"text": text, "where": where, "session": sub_file_of(s, child)})
        for command, n in bash_failures(s.lines).items():
            if n >= 3:
                out["retries"].append({"session": file_of(s), "command": command, "failures": n})
    out["rules"] = list(rules.values())
    out["paraphrases"] = [g for g in groups.values() if len(g) > 1]
    return out


# ------------------------------------------------------------------------------------------------------------------
# validation (reads what is on disk)


def typed_text(path: Path) -> str:
    """Lower-cased text of what the person typed in a transcript (string prompts and text blocks of user lines
    that are not tool results, harness notices, compaction summaries or local-command echoes)."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = json.loads(raw)
        if line.get("type") != "user" or line.get("isMeta") or line.get("isCompactSummary"):
            continue
        content = line["message"]["content"]
        texts = [content] if isinstance(content, str) else [b.get("text", "") for b in content if b["type"] == "text"]
        for text in texts:
            if text.startswith(("<task-notification>", "<command-name>", "<local-command-stdout>", "<bash-")):
                continue
            if text.startswith(("<system-reminder>", "<ide_opened_file>", "[Request interrupted")):
                continue
            out.append(text)
    return "\n".join(out).lower()


class Problems(list):
    def need(self, ok: bool, msg: str) -> None:
        if not ok:
            self.append(msg)


def validate(sessions: list[Session] | None = None) -> list[str]:
    errs = Problems()
    t = json.loads(TRUTH.read_text())
    main_files = sorted(p for p in OUT.glob("*.jsonl"))
    sub_files = sorted(OUT.glob("*/subagents/agent-*.jsonl"))
    errs.need(len(main_files) >= 22, f"only {len(main_files)} sessions")
    errs.need(len(sub_files) >= 3, f"only {len(sub_files)} subagent transcripts")
    uses_by_file: dict[Path, dict[str, dict]] = {}
    results_by_file: dict[Path, list[tuple[dict, dict]]] = {}
    for path in [*main_files, *sub_files]:
        rel = str(path.relative_to(OUT))
        is_sub = path in sub_files
        raw_lines = path.read_text(encoding="utf-8").splitlines()
        if not is_sub:
            errs.need(16 <= len(raw_lines) <= 80, f"{rel}: {len(raw_lines)} lines (want 16-80)")
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
                errs.need(
                    typ == "system"
                    and line.get("subtype") == "compact_boundary"
                    and line.get("logicalParentUuid") in seen_uuids,
                    f"{rel}:{i}: unexpected root",
                )
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
        uses_by_file[path] = tool_uses
        results_by_file[path] = results
    # subagent links
    for path in sub_files:
        rel = str(path.relative_to(OUT))
        aid = path.stem[len("agent-") :]
        parent = OUT / f"{path.parent.parent.name}.jsonl"
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
            text = json.dumps(b["content"])
            errs.need(f"agentId: {aid}" in text, f"{rel}: parent result does not name the agentId")
            meta = path.with_suffix(".meta.json")
            if meta.exists():
                m = json.loads(meta.read_text())
                errs.need(m.get("toolUseId") == use["id"], f"{rel}: meta.json toolUseId mismatch")
            first = json.loads(path.read_text().splitlines()[0])
            errs.need(first["message"]["content"] == use["input"]["prompt"], f"{rel}: first line is not the prompt")
    # truth refers to real files
    for f, info in t["sessions"].items():
        errs.need((OUT / f).exists(), f"truth session {f} missing")
        errs.need(
            info["outcome"] in ("success", "failed", "unknown") and info["why"], f"truth session {f}: outcome/why"
        )
        errs.need(info["project"] in t["projects"], f"truth session {f}: unknown project")
        if info["parent"]:
            errs.need((OUT / info["parent"]).exists(), f"truth session {f}: parent missing")
    on_disk = {str(p.relative_to(OUT)) for p in [*main_files, *sub_files]}
    errs.need(on_disk == set(t["sessions"]), f"files not in truth: {on_disk ^ set(t['sessions'])}")
    for p in t["problems"]:
        errs.need(len(p["sessions"]) >= 3, f"problem {p['id']} in {len(p['sessions'])} sessions")
        errs.need(p["fixed_in"] in p["sessions"], f"problem {p['id']}: fixed_in not among its sessions")
        errs.need(
            p["fixed_in"] and t["sessions"][p["fixed_in"]]["outcome"] == "success",
            f"problem {p['id']}: fix session is not a success",
        )
        errs.need(p["project"] in t["projects"], f"problem {p['id']}: unknown project")
        errs.need(p["key_step"] in p["fix"], f"problem {p['id']}: key_step is not one of the fix phrases")
        fix_text = (OUT / p["fixed_in"]).read_text() if p["fixed_in"] else ""
        if p.get("second_fix"):
            sf = p["second_fix"]
            errs.need(sf["session"] in p["sessions"], f"problem {p['id']}: second_fix session not among its sessions")
            errs.need(
                sf["session"]
                and t["sessions"][sf["session"]]["outcome"] == "success"
                and t["sessions"][sf["session"]]["started"] > t["sessions"][p["fixed_in"]]["started"],
                f"problem {p['id']}: second fix is not a later success",
            )
            second_text = (OUT / sf["session"]).read_text() if sf["session"] else ""
            for phrase in sf["fix"]:
                errs.need(json.dumps(phrase)[1:-1] in second_text, f"problem {p['id']}: second fix phrase {phrase!r}")
        for phrase in p["fix"]:
            errs.need(
                json.dumps(phrase)[1:-1] in fix_text, f"problem {p['id']}: fix phrase {phrase!r} not in fix session"
            )
        for f in p["sessions"]:
            body = (OUT / f).read_text()
            errs.need(any(json.dumps(n)[1:-1] in body for n in p["nouns"]), f"problem {p['id']}: no noun in {f}")
        for other in t["problems"]:
            if other is not p:
                errs.need(
                    not set(p["sessions"]) & set(other["sessions"]),
                    f"problems {p['id']} and {other['id']} share a session",
                )
    for o in t["one_off_problems"]:
        errs.need(o["session"] in t["sessions"], f"one-off session {o['session']} missing")
    rule_texts = [r["text"] for r in t["rules"]]
    for r in t["rules"]:
        errs.need(r["superseded_by"] is None or r["superseded_by"] in rule_texts, f"rule {r['text']}: bad supersede")
    errs.need(sum(1 for r in t["rules"] if r["superseded_by"]) >= 2, "fewer than 2 rule reversals")
    for r in t["rules"]:
        errs.need(r["lang"] in ("en", "de") and (r["project"] is None or r["project"] in t["projects"]), f"rule {r}")
        typed = typed_text(OUT / r["session"])
        errs.need(r["text"].lower() in typed, f"rule not typed in its session: {r['text']!r}")
    for a, b in t["compatible_rules"]:
        errs.need(a in rule_texts and b in rule_texts, f"compatible pair not rules: {a!r} / {b!r}")
    for group in t["paraphrases"]:
        errs.need(group[0] in rule_texts, f"paraphrase group does not start with a rule: {group[0]!r}")
        errs.need(
            any(x.lower() in typed_text(OUT / f) for f in t["sessions"] for x in group[1:]),
            f"paraphrase not typed: {group[1:]}",
        )
    for kind in ("lessons", "decisions"):
        for x in t[kind]:
            errs.need(x["text"].lower() in typed_text(OUT / x["session"]), f"{kind}: not typed: {x['text']!r}")
            errs.need(x["lang"] in ("en", "de"), f"{kind}: lang {x}")
    for text, f in zip(t["non_rules"], t["non_rule_sessions"], strict=True):
        errs.need(text.lower() in typed_text(OUT / f), f"non-rule not typed: {text!r}")
    for x in t["not_person_rules"]:
        body = (OUT / x["session"]).read_text()
        errs.need(
            json.dumps(x["text"], ensure_ascii=False)[1:-1] in body, f"not_person_rule not in file: {x['text']!r}"
        )
        if x["where"] != "pasted_log":
            errs.need(x["text"].lower() not in typed_text(OUT / x["session"]), f"not_person_rule typed: {x['text']!r}")
    wheres = {x["where"] for x in t["not_person_rules"]}
    kinds = {"assistant_text", "tool_output", "pasted_log", "subagent_prompt", "compaction_summary"}
    errs.need(wheres >= kinds, f"not_person_rules miss kinds: {kinds - wheres}")
    errs.need(len(t["retries"]) >= 1, "no retry")
    errs.need(len(t["skill_prompts"]["should_not"]) >= 15, "too few should_not prompts")
    for pid in PROBLEMS:
        errs.need(pid in t["skill_prompts"]["should"], f"no skill prompts for {pid}")
    outcomes = Counter(v["outcome"] for v in t["sessions"].values() if v["parent"] is None)
    errs.need(
        outcomes["failed"] >= 4 and outcomes["success"] >= 10 and outcomes["unknown"] >= 3, f"outcome mix {outcomes}"
    )
    for pid, prompts in t["skill_prompts"]["should"].items():
        errs.need(len(prompts) == 3, f"skill prompts for {pid}")
    # every knowledge-looking sentence the person typed is declared (truth is complete)
    if sessions is not None:
        declared_all = [
            *rule_texts,
            *(x for g in t["paraphrases"] for x in g),
            *(x["text"] for x in t["lessons"]),
            *(x["text"] for x in t["decisions"]),
            *t["non_rules"],
            *(x["text"] for x in t["not_person_rules"] if x["where"] == "pasted_log"),
        ]
        for s in sessions:
            for typed in s.typed:
                for sent in sentences(typed):
                    if KNOWLEDGE_WORDS.search(sent):
                        ok = any(d.lower() in sent.lower() or sent.lower() in d.lower() for d in declared_all)
                        errs.need(ok, f"{s.key}: undeclared knowledge-like sentence: {sent!r}")
    return list(errs)


def index(sessions: list[Session]) -> str:
    """A Markdown table of the sessions (for the README)."""
    rows = [
        "| started (UTC) | key | project | file | ver | branch | outcome | problem | lines |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in sorted(sessions, key=lambda x: x.started):
        prob = (
            ", ".join(
                p + (" (fix)" if p in s.truth.fixes else "") + (" (2nd fix)" if f"{p}#2" in s.truth.fixes else "")
                for p in s.truth.problems
            )
            or "—"
        )
        rows.append(
            f"| {s.started[:16]} | {s.key} | {s.project} | `{s.id[:8]}…` | {s.version} | {s.branch} | {s.truth.outcome} | "
            f"{prob} | {len(s.lines)} |"
        )
        for child, spec, _ in s.children:
            rows.append(
                f"| {child.started[:16]} | ↳ subagent ({spec.subagent_type}{', background' if spec.background else ''}) "
                f"| {s.project} | `{s.id[:8]}…/subagents/agent-{child.agent_id}` | | | {child.truth.outcome} | — | "
                f"{len(child.lines)} |"
            )
    return "\n".join(rows)


def main() -> int:
    if "--index" in sys.argv:
        print(index(build()))
        return 0
    sessions = None
    if "--check" not in sys.argv:
        sessions = build()
        write(sessions)
        TRUTH.write_text(json.dumps(truth(sessions), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    errs = validate(sessions)
    t = json.loads(TRUTH.read_text())
    mains = [f for f, v in t["sessions"].items() if v["parent"] is None]
    print(
        f"sessions: {len(mains)}  subagents: {len(t['sessions']) - len(mains)}  problems: {len(t['problems'])}  "
        f"one-offs: {len(t['one_off_problems'])}  rules: {len(t['rules'])}  "
        f"reversals: {sum(1 for r in t['rules'] if r['superseded_by'])}  paraphrase groups: "
        f"{len(t['paraphrases'])}  lessons: {len(t['lessons'])}  decisions: {len(t['decisions'])}  "
        f"non-rules: {len(t['non_rules'])}  retries: {len(t['retries'])}  prompts: "
        f"{sum(len(v) for v in t['skill_prompts']['should'].values())} should / "
        f"{len(t['skill_prompts']['should_not'])} should-not"
    )
    for e in errs:
        print("INVALID:", e)
    print("valid" if not errs else f"{len(errs)} problem(s)")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())

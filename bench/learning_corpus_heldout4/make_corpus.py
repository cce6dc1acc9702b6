#!/usr/bin/env python3
"""Generate the fourth held-out learning corpus (Camille's `libsensa` and `atelier-resa`): Claude Code v2.1.x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Standard library only, deterministic: every id is a uuid5/sha256 of a fixed key, every time comes from the
scenarios, and jitter comes from random.Random seeded with the session key. Running it twice gives identical bytes.
It was written without looking at memoryd's learning code, so that it can judge it as held-out data.
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

import scenarios_cpp  # noqa: E402
import scenarios_rails  # noqa: E402
from fake_output import CPP, RAILS  # noqa: E402
from transcript_kit import Session, lang_of, sentences  # noqa: E402

OUT = HERE / "sessions"
TRUTH = HERE / "truth.json"
PROJECTS = {"libsensa": CPP, "atelier-resa": RAILS}
GLOBAL_RULES = {"no-push-main", "no-sudo"}  # said in one repository, meant for every repository Camille works in
COMPATIBLE = [("migrations-reversible", "data-migrations-separate")]  # same subject (migrations), both hold

PROBLEMS = {
    "ringbuffer-use-after-free": {
        "project": "libsensa",
        "description": "FrameReader keeps a std::span (view_) on the RingBuffer's storage, taken once in its "
        "constructor; Acquisition::poll() calls RingBuffer::resize() when the buffer is full, which reallocates, "
        "so the reader goes on reading freed memory. Seen as a SIGSEGV in FrameReader::next on the armv7 board "
        "(gdb backtrace, after a few minutes of acquisition), as FrameReaderTest.ManyFrames hitting the 60 s ctest "
        "timeout in the debug build on CI, and as an ASan heap-use-after-free (freed by RingBuffer::resize).",
        "nouns": ["FrameReader", "SIGSEGV", "heap-use-after-free", "FrameReaderTest", "Timeout", "segfault"],
        "fix": ["ring_.pop_copy()", "ResizeWhileReading", "ctest --preset asan --output-on-failure"],
        "key_step": "ring_.pop_copy()",
    },
    "armv7-libatomic-link": {
        "project": "libsensa",
        "description": "Since Stats' counters became std::atomic<std::uint64_t>, linking for the armv7hf board "
        "fails: the target has no native 64-bit atomics, GCC emits calls to __atomic_fetch_add_8/__atomic_load_8 "
        "that live in libatomic, which is not linked. Seen in a local Conan/CMake cross build (undefined reference "
        "to `__atomic_fetch_add_8'), in a pasted GitHub Actions log of the cross-armv7 job, and described in "
        "French ('La compilation ARM casse encore au moment du link depuis les compteurs 64 bits').",
        "nouns": ["__atomic_fetch_add_8", "__atomic_load_8", "casse encore au moment du link", "libatomic"],
        "fix": [
            "target_link_libraries(sensa PRIVATE atomic)",
            "SENSA_HAVE_NATIVE_ATOMIC64",
            "check_cxx_source_compiles",
        ],
        "key_step": "target_link_libraries(sensa PRIVATE atomic)",
    },
    "flaky-booking-system-spec": {
        "project": "atelier-resa",
        "description": "The Capybara system spec spec/system/booking_checkout_spec.rb fails on CI about one run in "
        "three, each time differently: spec/support/sidekiq.rb sets Sidekiq::Testing.inline!, so SeatReleaseJob "
        "runs synchronously inside the Puma thread of the system spec, locks the workshop row and re-renders the "
        "seats with a Turbo Stream while the browser clicks. Seen as a have_content timeout ('expected to find text "
        "\"Réservation confirmée\"'), as Selenium's StaleElementReferenceError, as PG::TRDeadlockDetected, and "
        "described in French ('le test de réservation est rouge une fois sur trois sur la CI').",
        "nouns": [
            "booking_checkout_spec",
            "Réservation confirmée",
            "StaleElementReferenceError",
            "deadlock detected",
            "test de réservation",
        ],
        "fix": ["Sidekiq::Testing.fake!", "SeatReleaseJob.drain", "seq 30"],
        "key_step": "Sidekiq::Testing.fake!",
    },
}

SKILL_PROMPTS = {
    "should": {
        "ringbuffer-use-after-free": [
            "ASan reports heap-use-after-free in a reader after the ring buffer is resized",
            "the tool segfaults on the ARM board after a few minutes, gdb shows the crash reading a std::span member",
            "ça plante sur la carte au bout de quelques minutes et le test du lecteur de trames part en timeout",
        ],
        "armv7-libatomic-link": [
            "undefined reference to __atomic_fetch_add_8 when cross-compiling for armv7",
            "std::atomic<uint64_t> does not link on a 32-bit ARM target",
            "le link pour la carte ARM échoue depuis qu'on utilise des compteurs atomiques 64 bits",
        ],
        "flaky-booking-system-spec": [
            "Capybara system spec fails randomly on CI with a stale element or a timeout",
            "PG::TRDeadlockDetected in a system spec while a Sidekiq job runs",
            "le test système de réservation échoue une fois sur trois sur la CI, avec une erreur différente à chaque fois",
        ],
    },
    "should_not": [
        "add a dark mode to the booking pages",
        "write a Stimulus controller for the seat picker",
        "translate the workshop descriptions into English",
        "add an iCal export of my bookings",
        "add a CMake install target and a pkg-config file",
        "write Doxygen comments for the public headers",
        "add a --json flag to sensa-dump",
        "set up Dependabot for the Gemfile",
        "ajoute une page de FAQ pour les ateliers",
        "écris un script Python qui trace les données du capteur",
        "how do I center a div in CSS",
        "explain what a Python dataclass is",
        "write a bash script that renames photos by date",
        "set up a Django project with PostgreSQL",
        "configure ESLint for a TypeScript monorepo",
        "explique-moi la différence entre une goroutine et un thread",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|\bteam agreed\b|"
    r"\btoujours\b|\bjamais\b|désormais|dorénavant|à partir de maintenant|\brègles?\b|leçon|à retenir|"
    r"note pour moi|\bdécid|\bdécision|oublie ce que",
    re.IGNORECASE,
)


def build() -> list[Session]:
    sessions = [f() for f in (*scenarios_cpp.SESSIONS, *scenarios_rails.SESSIONS)]
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
        "projects": PROJECTS,
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
                    "project": None if rid in GLOBAL_RULES else s.project,
                    "session": file_of(s),
                    "superseded_by": None,
                    "lang": lang_of(text),
                }
            if text not in groups[rid]:
                groups[rid].append(text)
            if supersedes:
                rules[supersedes]["superseded_by"] = rules[rid]["text"]
        out["one_off_problems"] += [{"description": d, "session": file_of(s)} for d in s.truth.one_offs]
        out["lessons"] += [{"text": t, "session": file_of(s), "lang": lang_of(t)} for t in s.truth.lessons]
        out["decisions"] += [{"text": t, "session": file_of(s), "lang": lang_of(t)} for t in s.truth.decisions]
        out["non_rules"] += s.truth.non_rules
        out["non_rule_sessions"] += [{"text": t, "session": file_of(s), "lang": lang_of(t)} for t in s.truth.non_rules]
        out["not_person_rules"] += [{"text": t, "where": w, "session": file_of(s)} for t, w in s.truth.not_person]
        for command, n in bash_failures(s.lines).items():
            if n >= 3:
                out["retries"].append({"session": file_of(s), "command": command, "failures": n})
    out["rules"] = list(rules.values())
    out["compatible_rules"] = [[rules[a]["text"], rules[b]["text"]] for a, b in COMPATIBLE]
    out["paraphrases"] = [g for g in groups.values() if len(g) > 1]
    return out


# ------------------------------------------------------------------------------------------------------------------
# validation (reads what is on disk)


class Problems(list):
    def need(self, ok: bool, msg: str) -> None:
        if not ok:
            self.append(msg)


def _typed_texts(path: Path) -> list[str]:
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


def validate(sessions: list[Session] | None = None) -> list[str]:
    errs = Problems()
    t = json.loads(TRUTH.read_text())
    main_files = sorted(p for p in OUT.glob("*.jsonl"))
    sub_files = sorted(OUT.glob("*/subagents/agent-*.jsonl"))
    errs.need(26 <= len(main_files) <= 32, f"{len(main_files)} sessions (want 26-32)")
    errs.need(3 <= len(sub_files) <= 5, f"{len(sub_files)} subagent transcripts (want 3-5)")
    uses_by_file: dict[Path, dict[str, dict]] = {}
    results_by_file: dict[Path, list[tuple[dict, dict]]] = {}
    compactions = 0
    for path in [*main_files, *sub_files]:
        rel = str(path.relative_to(OUT))
        is_sub = path in sub_files
        raw_lines = path.read_text(encoding="utf-8").splitlines()
        if not is_sub:
            errs.need(6 <= len(raw_lines) <= 80, f"{rel}: {len(raw_lines)} lines (want 6-80)")
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
        uses_by_file[path] = tool_uses
        results_by_file[path] = results
    errs.need(compactions >= 2, f"only {compactions} compactions")
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
            errs.need(f"agentId: {aid}" in json.dumps(b["content"]), f"{rel}: parent result does not name the agentId")
            meta = path.with_suffix(".meta.json")
            errs.need(meta.exists(), f"{rel}: meta.json missing")
            if meta.exists():
                errs.need(json.loads(meta.read_text())["toolUseId"] == use["id"], f"{rel}: meta.json toolUseId")
            first = json.loads(path.read_text().splitlines()[0])
            errs.need(first["message"]["content"] == use["input"]["prompt"], f"{rel}: first line is not the prompt")
    # truth refers to real files
    for f, info in t["sessions"].items():
        errs.need((OUT / f).exists(), f"truth session {f} missing")
        errs.need(info["outcome"] in ("success", "failed", "unknown") and info["why"], f"truth session {f}: outcome")
        errs.need(info["project"] in t["projects"], f"truth session {f}: project")
        if info["parent"]:
            errs.need((OUT / info["parent"]).exists(), f"truth session {f}: parent missing")
    on_disk = {str(p.relative_to(OUT)) for p in [*main_files, *sub_files]}
    errs.need(on_disk == set(t["sessions"]), f"files not in truth: {on_disk ^ set(t['sessions'])}")
    for f, info in t["sessions"].items():
        if info["parent"] is None and (OUT / f).exists():
            cwd = t["projects"][info["project"]]
            first = next(json.loads(x) for x in (OUT / f).read_text().splitlines() if '"cwd"' in x)
            errs.need(first["cwd"] == cwd, f"{f}: cwd {first['cwd']} is not {cwd}")

    def body(f: str) -> str:
        return (OUT / f).read_text(encoding="utf-8")

    def has(phrase: str, text: str) -> bool:
        return json.dumps(phrase, ensure_ascii=False)[1:-1] in text

    for p in t["problems"]:
        errs.need(3 <= len(p["sessions"]) <= 8, f"problem {p['id']} in {len(p['sessions'])} sessions")
        errs.need(p["fixed_in"] in p["sessions"], f"problem {p['id']}: fixed_in not among its sessions")
        errs.need(
            p["fixed_in"] and t["sessions"][p["fixed_in"]]["outcome"] == "success",
            f"problem {p['id']}: fix session is not a success",
        )
        errs.need(p["key_step"] in p["fix"], f"problem {p['id']}: key_step not among the fix phrases")
        for phrase in p["fix"]:
            errs.need(has(phrase, body(p["fixed_in"])), f"problem {p['id']}: fix phrase {phrase!r} not in fix session")
        steps = [
            json.dumps(b["input"], ensure_ascii=False)
            for x in map(json.loads, body(p["fixed_in"]).splitlines())
            if x.get("type") == "assistant"
            for b in x["message"]["content"]
            if b.get("type") == "tool_use" and b["name"] in ("Edit", "Write", "Bash")
        ]
        errs.need(
            any(has(p["key_step"], st) for st in steps), f"problem {p['id']}: key step is not in an edit or command"
        )
        sf = p.get("second_fix")
        if sf:
            errs.need(sf["session"] in p["sessions"], f"problem {p['id']}: second fix not among its sessions")
            errs.need(t["sessions"][sf["session"]]["outcome"] == "success", f"problem {p['id']}: second fix failed")
            for phrase in sf["fix"]:
                errs.need(has(phrase, body(sf["session"])), f"problem {p['id']}: second fix phrase {phrase!r}")
                errs.need(not has(phrase, body(p["fixed_in"])), f"problem {p['id']}: second fix is not different")
        for f in p["sessions"]:
            errs.need(any(has(n, body(f)) for n in p["nouns"]), f"problem {p['id']}: no noun in {f}")
            errs.need(t["sessions"][f]["project"] == p["project"], f"problem {p['id']}: {f} in another project")
        for other in t["problems"]:
            if other is not p:
                errs.need(
                    not set(p["sessions"]) & set(other["sessions"]),
                    f"problems {p['id']} and {other['id']} share a session",
                )
        errs.need({p["project"] for p in t["problems"]} == set(t["projects"]), "a project without a recurring problem")
    errs.need(len(t["one_off_problems"]) >= 5, "fewer than 5 one-off problems")
    errs.need(
        {o["session"] for o in t["one_off_problems"]}
        & {s for s, v in t["sessions"].items() if v["project"] == "atelier-resa"}
        and {o["session"] for o in t["one_off_problems"]}
        & {s for s, v in t["sessions"].items() if v["project"] == "libsensa"},
        "a project without a one-off problem",
    )
    problem_sessions = {f for p in t["problems"] for f in p["sessions"]}
    for o in t["one_off_problems"]:
        errs.need(o["session"] in t["sessions"], f"one-off session {o['session']} missing")
        errs.need(o["session"] not in problem_sessions, f"one-off in a recurring problem's session {o['session']}")
    # the person's words: every declared text is in what the person typed in that session
    typed = {f: _typed_texts(OUT / f) for f, v in t["sessions"].items() if v["parent"] is None}

    def said(text: str, f: str) -> bool:
        return any(text.lower() in x.lower() for x in typed.get(f, []))

    rule_texts = [r["text"] for r in t["rules"]]
    errs.need(12 <= len(t["rules"]) <= 16, f"{len(t['rules'])} rules (want 12-16)")
    for r in t["rules"]:
        errs.need(said(r["text"], r["session"]), f"rule not typed in its session: {r['text']!r}")
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
            errs.need(said(text, f), f"restatement not typed: {text!r}")
    errs.need(t["non_rules"] == [x["text"] for x in t["non_rule_sessions"]], "non_rules and non_rule_sessions differ")
    for kind in ("lessons", "decisions", "non_rule_sessions"):
        for x in t[kind]:
            errs.need(said(x["text"], x["session"]), f"{kind[:-1]} not typed in its session: {x['text']!r}")
    errs.need(4 <= len(t["lessons"]) <= 6, f"{len(t['lessons'])} lessons (want 4-6)")
    errs.need(4 <= len(t["decisions"]) <= 6, f"{len(t['decisions'])} decisions (want 4-6)")
    errs.need(sum(r["lang"] == "fr" for r in t["rules"]) >= 5, "fewer than 5 French rules")
    errs.need(
        all(
            x["lang"] == lang_of(x["text"])
            for k in ("rules", "lessons", "decisions", "non_rule_sessions")
            for x in t[k]
        ),
        "a declared text has the wrong lang",
    )
    errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
    errs.need(any(x["lang"] == "fr" for x in t["lessons"]), "no French lesson")
    errs.need(any(x["lang"] == "fr" for x in t["decisions"]), "no French decision")
    lang_change = any(r["superseded_by"] and lang_of(r["superseded_by"]) != r["lang"] for r in t["rules"]) and any(
        r["superseded_by"] and lang_of(r["superseded_by"]) == r["lang"] for r in t["rules"]
    )
    errs.need(lang_change, "want one reversal across languages and one in the same language, in other words")
    errs.need(any(any(lang_of(x) == "fr" for x in g[1:]) for g in t["paraphrases"]), "no French paraphrase")
    errs.need(any(lang_of(x) == "fr" for x in t["non_rules"]), "no French non-rule")
    # rule-like text that is not the person's: verbatim in the named place, and never typed by the person
    wheres = Counter()
    for n in t["not_person_rules"]:
        f, text, where = n["session"], n["text"], n["where"]
        wheres[where] += 1
        lines = [json.loads(x) for x in body(f).splitlines()]
        subs = [
            json.loads(x)
            for p in (OUT / f.replace(".jsonl", "")).glob("subagents/*.jsonl")
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
            place = typed[f]
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
            errs.need(not said(text, f), f"not-person text was typed by the person: {text!r}")
    errs.need(len(wheres) == 5, f"not-person rules cover only {sorted(wheres)}")
    errs.need(len(t["retries"]) >= 1, "no retry")
    errs.need(len(t["skill_prompts"]["should_not"]) >= 15, "too few should_not prompts")
    for pid in PROBLEMS:
        prompts = t["skill_prompts"]["should"].get(pid, [])
        errs.need(len(prompts) == 3 and any(lang_of(x) == "fr" for x in prompts), f"skill prompts for {pid}")
    outcomes = Counter(v["outcome"] for v in t["sessions"].values() if v["parent"] is None)
    errs.need(
        outcomes["failed"] >= 5 and outcomes["success"] >= 12 and outcomes["unknown"] >= 3, f"outcome mix {outcomes}"
    )
    # about 40 % of what the person typed is mostly French
    all_typed = [x for f in typed for x in typed[f] if not x.startswith("<ide_opened_file>")]
    fr = sum(1 for x in all_typed if lang_of(x) == "fr")
    errs.need(
        len(all_typed) * 33 <= fr * 100 <= len(all_typed) * 50,
        f"{fr}/{len(all_typed)} of the person's messages are French (want 33-50%)",
    )
    # each project has a recurring problem shown once only in words, and the fix is in a later session
    for p in t["problems"]:
        errs.need(
            all(t["sessions"][f]["started"] <= t["sessions"][p["fixed_in"]]["started"] for f in p["sessions"][:2]),
            f"problem {p['id']}: fixed before it was seen twice",
        )
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
            for text in s.typed:
                for sent in sentences(text):
                    if KNOWLEDGE_WORDS.search(sent):
                        ok = any(d.lower() in sent.lower() or sent.lower() in d.lower() for d in declared_all)
                        errs.need(ok, f"{s.key}: undeclared knowledge-like sentence: {sent!r}")
    return list(errs)


def _french_share(mains: list[str]) -> int:
    return sum(1 for f in mains for x in _typed_texts(OUT / f) if not x.startswith("<ide") and lang_of(x) == "fr")


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
    outcomes = Counter(t["sessions"][f]["outcome"] for f in mains)
    print(
        f"sessions: {len(mains)} ({', '.join(f'{k} {v}' for k, v in sorted(outcomes.items()))})  subagents: "
        f"{len(t['sessions']) - len(mains)}  problems: {len(t['problems'])}  one-offs: {len(t['one_off_problems'])}  "
        f"rules: {len(t['rules'])} ({sum(r['lang'] == 'fr' for r in t['rules'])} fr)  reversals: "
        f"{sum(1 for r in t['rules'] if r['superseded_by'])}  compatible: {len(t['compatible_rules'])}  "
        f"paraphrase groups: {len(t['paraphrases'])}  lessons: {len(t['lessons'])}  decisions: "
        f"{len(t['decisions'])}  non-rules: {len(t['non_rules'])}  not-person: {len(t['not_person_rules'])}  "
        f"typed: {sum(1 for f in mains for _ in _typed_texts(OUT / f))} ({_french_share(mains)} mostly fr)  "
        f"retries: {len(t['retries'])}  prompts: {sum(len(v) for v in t['skill_prompts']['should'].values())} "
        f"should / {len(t['skill_prompts']['should_not'])} should-not"
    )
    for e in errs:
        print("INVALID:", e)
    print("valid" if not errs else f"{len(errs)} problem(s)")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())

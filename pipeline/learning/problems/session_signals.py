"""The signals of one session, read from its transcript rather than from text: what failed, what the person
said, and what was retried.

- A real failure (a tool result the transcript reader marked `failed`: `Exit code N`, a test run reporting
  failures) gives one signal, keyed by the line that names the problem and carrying its anchors
  (`failure_evidence.py`). Claude Code's own errors (a declined permission, a cancelled sibling call, a read
  too large) give none, and neither does a failure whose output names nothing (a `grep` that found nothing).
- The person's words give signals by the text rules (`signals.py`), with the identifiers they name (a test,
  an exception) as anchors; sentences that talk about a problem without matching a rule ("three different
  failures in ten days: …") are kept as `problem_talk` for the daemon to match against known problems.
- The same command failing RETRY_AT times or more gives a `retry` signal carrying those failures' anchors.
Each signal remembers the step where it was first seen, so the fix that followed can be found
(`fix_steps.py`). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from pipeline.agent.check_commands import CI_LOG, is_check
from pipeline.agent.failure_line import error_line, says_nothing
from pipeline.agent.speech import cues
from pipeline.agent.speech.knowledge import decision_in, lesson_in, rule_in, sentences
from pipeline.agent.speech.languages import FOLDED as _FOLDED_LANGUAGES
from pipeline.agent.speech.languages import UNFOLDED as _UNFOLDED_LANGUAGES
from pipeline.agent.speech.marks import CJK_SENTENCE, fold, has_cjk
from pipeline.agent.speech.pasted_text import typed_and_pasted
from pipeline.agent.transcript import Step, Transcript
from pipeline.learning.problems.failure_cause import explanation
from pipeline.learning.problems.failure_evidence import (
    GENERIC_EXCEPTIONS,
    MAX_TESTS_FOR_ANCHORS,
    collects_errors,
    failure_evidence,
    flaky_tests,
)
from pipeline.learning.problems.problem_identity import identifier_words
from pipeline.learning.signals import Signal, evidence, extract_signals, normalise_key

RETRY_AT = 3
_PROBLEM_CUE = re.compile(
    r"\b(?:again|still|same|keeps?|fail\w*|errors?|broken|breaks?|bug\w*|red|hang\w*|hung|timeouts?|timing out|"
    r"times out|flak\w*|crash\w*|panic\w*|blows? up|blowing up|exceptions?|traceback|regress\w*|not working|"
    r"stopped working|mess|issue|problem|wrong|thing)\b",
    re.IGNORECASE,
)
_INTRODUCES = re.compile(
    r"^(?!.*\b(?:again|still|same|another|wieder|encore|otra vez|de novo|ancora|znowu|nadal|lai|lại|tekrar)\b)"
    r"(?!.*(?:又|また|또|再次)).*[:：]\s*$",
    re.IGNORECASE,
)
# "let's finally fix the flaky sync test properly", "这次彻底修掉", "arreglarlo de una vez": the person comes back
# to a problem they had before to fix it for good, often without one word of how it fails
_FOR_GOOD = re.compile(
    r"\b(?:fix|solve|sort out|deal with|get rid of|repair)\b.{0,80}?\b(?:properly|for good|for real|once and for all|"
    r"the right way|at the root|at its root)\b|\bfinally (?:fix|solve|sort out|deal with)\b|彻底|根治|一劳永逸|"
    r"\bde una vez\b|\bcomo (?:es )?debido\b|\b(?:arreglar|solucionar)\w*\b.{0,60}?\bde verdad\b|"
    r"\bendlich (?:richtig|sauber|ordentlich)\b|\bein für alle ?mal\b|\bpour de bon\b|\bune bonne fois\b",
    re.IGNORECASE,
)
MAX_FOR_GOOD_CHARS = 300
_COMPLAINTS = ("performance_issue", "recurring_issue", "error")
# Japanese talk about a failure: "また落ちた", "TestFlightに上げるのがコケてる", "まだnanになる", "同じエラー",
# "起動直後にクラッシュする", "再現した" (never "また明日", "see you tomorrow": a failure word is needed)
_PROBLEM_CUE_JA = re.compile(
    r"落ち(?:る|た|て|ます)|コケ|こけ(?:る|た|て)|クラッシュ|エラー|失敗|動かない|動かなく|壊れ|死ぬ|死ん|"
    r"再現(?:する|した|して|しない)|(?<![A-Za-z])(?:nan|NaN|OOM)(?![A-Za-z])"
)
# A crash in a command's output that exited 0 anyway (see `_crash_signal`)
_CRASHED = re.compile(
    r"^Traceback \(most recent call last\):?\s*$(?=[\s\S]*^\s*(?:[a-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception)\b)|"
    r"\bFatal error: \S|^thread '[^']*' panicked at|^panic: \S|\bSegmentation fault\b|\bcore dumped\b|"
    r"\bCUDA out of memory\b|\bOut of memory: Killed process\b|"
    # a container that cannot run, as `kubectl logs` / `kubectl get pods` / `docker ps` show it (they exit 0)
    r"\bexec format error\b|\b(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|OOMKilled)\b|"
    r"^Guru Meditation Error\b",  # an ESP32 crashing under `idf.py monitor`
    re.MULTILINE,
)
# What hides a command's exit code: a pipe into another program, a loop, "; true" / "|| true"
_MASKING = re.compile(r"\|(?!\|)|;\s*done\b|\|\|\s*(?:true|:)|;\s*(?:true|exit 0)\b")
# A CI log that shows a failure: `gh pr checks` with every check at "pass" (after `git commit … && gh pr create`)
# shows none, and its first line (the commit's) is no failure
_SHOWS_FAILURE = re.compile(r"\b(?:fail(?:ed|ure|ures|ing|s)?|errors?|FAIL(?:ED)?|ERROR)\b|[✗×]", re.IGNORECASE)
# A test runner's own report of a failure (RSpec, pytest, go test, cargo test, ctest, googletest)
_RUNNER_FAILED = re.compile(
    r"^\s*Failure/Error:|^Failures:\s*$|^FAILED\s+\S+::|^\s*--- FAIL:|^test result: FAILED|\*{3}(?:Failed|Timeout)\b|"
    r"^\[  FAILED  \]|^\s*\d+ examples?, [1-9]\d* failures?|^=+ .*\b[1-9]\d* failed\b",
    re.MULTILINE,
)
# A question asks for something ("whats the command to dump the config again", "设置在哪里来着", "って何だっけ");
# its "again" or "same" is about asking again, not a problem come back. Only a failure word makes it problem talk.
# Not every "?": "ci red again, it's the report snapshot not my importer??" asks nothing.
_QUESTION = re.compile(
    r"^(?:(?:so|and|btw|ok|hey|also)[,\s]+)?(?:what(?:'?s| is| was| were| are)?|"
    r"how(?:'?s| do| to| can| did)?|where|which|when|who|whom|whose|is there|are there|do you|"
    r"can you (?:remind|tell)|remind me)\b|"
    r"(?:何|なん)(?:だっけ|でしたっけ|ですか|だった)|だっけ\s*$|(?:是什么|怎么|哪里|哪个|什么)|"
    r"\bwie (?:war|geht|heißt)\b|^(?:cómo|qué|cuál|dónde)\b|"
    # a yes-no question ("did it keep all 3 platforms in the lock files?"): "keep" asks, it does not complain
    r"^(?:did|does|do|is|are|was|were|has|have|will|would|should|could|can)\s+(?:it|you|we|they|this|that|these|"
    r"those|the|i|he|she|there)\b.*\?\s*$",
    re.IGNORECASE,
)
_FAILURE_WORD = re.compile(
    r"\b(?:fail\w*|errors?|broken|breaks?|crash\w*|hang\w*|hung|timeouts?|timing out|times out|flak\w*|panic\w*|"
    r"exceptions?|traceback|regress\w*|not working|stopped working|nan)\b",
    re.IGNORECASE,
)
_RESOLVED = re.compile(
    r"\b(?:went green|is green|all green|passes now|works now|fixed now|no longer (?:fails|hangs|times out))\b", re.I
)
# "TestFlight 1.3 crashes" names a product, not a Go test: products named like tests are no test
_TEST_NAME = re.compile(
    r"\b(test_\w{4,}|(?!(?:TestFlight|TestCafe|TestRail|TestNG|TestLink|TestComplete|Testcontainers)\b)"
    r"Test[A-Z]\w{3,})\b"
)
_EXCEPTION = re.compile(r"\b([A-Z]\w*(?:Error|Exception))\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


@dataclass(frozen=True, slots=True)
class SessionSignal:
    signal: Signal
    step: int  # index into the transcript's steps where it was first seen
    source: str  # tool | user | retry | pasted (a failure the person pasted) | flaky (passed only on a retry)
    command: str = ""  # the failing command (tool, retry)


@dataclass(frozen=True, slots=True)
class SessionSignals:
    signals: tuple[SessionSignal, ...]
    problem_talk: tuple[tuple[int, str], ...]  # (step, sentence): the person talking about a problem
    # (step, sentence): a sentence naming a name from code (`Search_IgnoresAccents`) and no cue word; it names
    # a problem only by that problem's own words, in any language, never by meaning
    naming: tuple[tuple[int, str], ...] = ()
    # step -> what the agent said after it (`failure_cause.explanation`), for each signal and each problem talk
    causes: Mapping[int, str] = field(default_factory=dict)


def session_signals(t: Transcript) -> SessionSignals:
    found: list[SessionSignal] = []
    failures: dict[str, list[SessionSignal]] = {}
    talk: list[tuple[int, str]] = []
    naming: list[tuple[int, str]] = []
    for index, step in enumerate(t.steps):
        if step.kind == "tool" and step.status == "failed" and step.call is not None:
            signal = _output_signal(step.output, t.cwd)
            if signal is not None:
                item = SessionSignal(signal, index, "tool", _command_key(step))
                found.append(item)
                failures.setdefault(item.command, []).append(item)
        elif step.kind == "tool" and step.status == "ok" and step.call is not None:
            if (flaky := _flaky_signal(step.output, t.cwd)) is not None:
                found.append(SessionSignal(flaky, index, "flaky", _command_key(step)))
            elif step.call.command and (crashed := _crash_signal(step.output, t.cwd) or _masked_failure(step, t.cwd)):
                item = SessionSignal(crashed, index, "tool", _command_key(step))
                found.append(item)
                failures.setdefault(item.command, []).append(item)
            # A failed CI run's log the agent fetched ("gh run view 9143870215 --log-failed"): the command succeeds,
            # its output is the failure, read as a pasted one is (a log that shows none gives nothing)
            elif (
                CI_LOG.search(step.call.command)
                and _SHOWS_FAILURE.search(step.output)
                and (shown := _output_signal(step.output, t.cwd, pasted=True))
            ):
                found.append(SessionSignal(shown, index, "tool", _command_key(step)))
        elif step.kind == "user":
            typed, pasted = typed_and_pasted(step.text)
            said = "\n".join(typed)
            # A failure the person pasted (a CI log, a terminal) is evidence like a tool's own output
            shown = _output_signal(_with_continuations(step.text, pasted), t.cwd, pasted=True) if pasted else None
            # Why not the words that only introduce it ("The nightly run failed last night, this is the end of the
            # log:"): the log says which failure; said alone they matched another problem's introduction by meaning
            # and joined two problems of one project
            users = [s for s in _user_signals(said) if shown is None or not _INTRODUCES.search(s.text)]
            found += [SessionSignal(s, index, "user") for s in users]
            if shown is not None:
                found.append(SessionSignal(shown, index, "pasted"))
            # Why no sentence that only introduces a pasted failure ("on the Airflow UI it shows Broken DAG:"): the
            # log says more; vague, it had joined an unrelated DAG failure by meaning ("… red again:" is kept)
            talked = [x for x in _problem_sentences(said) if shown is None or not _INTRODUCES.search(x)]
            talk += [(index, sentence) for sentence in talked]
            naming += [(index, sentence) for sentence in _naming_sentences(said) if sentence not in talked]
            if _FOR_GOOD.search(said):
                # Why the whole message: "the month report shuffles the categories… can we fix that properly
                # now": the problem is named in one sentence, the intent in the next
                talk.append((index, " ".join(said.split())[:MAX_FOR_GOOD_CHARS]))
    found += _retries(failures)
    signals = tuple(_first_of_each(found))
    steps = sorted({i.step for i in signals} | {step for step, _ in talk})
    causes = {step: said for step in steps if (said := explanation(t, step))}
    return SessionSignals(signals, tuple(talk), tuple(naming), causes)


def _output_signal(output: str, cwd: str, *, pasted: bool = False) -> Signal | None:
    """The signal a failed command's output gives (a tool's, or one the person pasted), or None when it says
    nothing about what went wrong."""
    line = error_line(output, pasted=pasted)
    if not line or says_nothing(line):
        return None  # "Exit code 1", "Process completed with exit code 1" alone: nothing said about what went wrong
    classified = extract_signals(line)
    kind = classified[0].kind if classified else "error"
    if kind in ("correction", "capability_gap", "recurring_issue"):
        kind = "error"  # a tool's output is no person correcting, and no missing capability
    found = failure_evidence(output, cwd)
    basis = classified[0].key if classified else normalise_key(line)
    if not basis:
        return None
    # Why the failing test (or file) in the key: "assertion left == right failed" or "Received: 1" in two tests
    # are two problems, and a key is a node.
    if 0 < len(found.tests) <= 4:
        subject = " ".join(identifier_words(found.tests[0]).split()[-3:])
    else:
        subject = identifier_words(next(iter(found.project_files), "").rsplit("/", 1)[-1].split(".")[0])
    key = normalise_key(f"{subject} {basis}") if subject else basis
    return Signal(kind=kind, key=key, text=evidence(line), anchors=found.anchors(), facts=found.facts())


def _with_continuations(message: str, pasted: list[str]) -> str:
    """The pasted lines, each header that ends in ':' followed by the line after it in the message ("thread
    'main' panicked at src/x.rs:77:28:" + its message, which reads like prose and was not taken as pasted):
    without it two different panics of one program read alike."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    out: list[str] = []
    for line in pasted:
        out.append(line)
        stripped = line.strip()
        if stripped.endswith(":") and stripped in lines:
            after = lines.index(stripped) + 1
            if after < len(lines) and lines[after] not in pasted:
                out.append(lines[after])
    return "\n".join(out)


def _crash_signal(output: str, cwd: str) -> Signal | None:
    """A crash inside a command that exited 0: a run in tmux or nohup followed with `tail`, a simulator launch,
    a script piped into `tee`. The exit code says nothing there; a traceback that ends in an exception, a
    fatal error, a panic or an out-of-memory kill in its output does."""
    crash = next((m for m in _CRASHED.finditer(output)), None)
    if crash is None:
        return None
    # Why from the crash on: what ran before it (progress bars, a build's own lines) is not the failure
    return _output_signal(output[output.rfind("\n", 0, crash.start()) + 1 :], cwd)


def _masked_failure(step: Step, cwd: str) -> Signal | None:
    """A test run whose failure a pipe or a loop hid from the exit code (`rspec … | tail -n 25`, `for i in …;
    do go test … || break; done`, `pytest … ; true`): the runner's own failure report in the output is the failure."""
    command = step.call.command if step.call is not None else ""
    if not command or not _MASKING.search(command) or not is_check(step):
        return None
    found = _RUNNER_FAILED.search(step.output)
    if found is None:
        return None
    return _output_signal(step.output[step.output.rfind("\n", 0, found.start()) + 1 :], cwd)


def _flaky_signal(output: str, cwd: str) -> Signal | None:
    """A green run that passed only because the runner retried a failing test: the problem is there, hidden
    by the retry. Its tests are its anchors, as they would be had the retry failed too."""
    tests = flaky_tests(output)
    if not tests:
        return None
    found = failure_evidence(output, cwd)
    names = ", ".join(tests[:3])
    subject = " ".join(identifier_words(tests[0]).split()[-3:])
    key = normalise_key(f"{subject} flaky test passed only on retry")
    text = evidence(f"flaky: {names} failed, then passed on a retry")
    anchors = tuple(f"test:{name}" for name in tests[:MAX_TESTS_FOR_ANCHORS])
    return Signal(kind="error", key=key, text=text, anchors=anchors, facts=found.facts())


def _user_signals(text: str) -> list[Signal]:
    signals = []
    for signal in extract_signals(text):
        if signal.kind in _COMPLAINTS and _RESOLVED.search(signal.text):
            continue  # "went green in 4 minutes instead of timing out": the problem's end, not the problem
        if signal.kind == "recurring_issue" and _only_in_a_rule(signal.text):
            continue  # "…, never get_parent() chains, they break every time we move a node": a rule's reason
        anchors = mentioned_anchors(signal.text)
        signals.append(replace(signal, anchors=anchors) if anchors else signal)
    return signals


def _only_in_a_rule(text: str) -> bool:
    """Every sentence that reads as a recurring problem states a rule or a choice (its reason says "every
    time"): no problem seen."""
    flagged = [s for s in sentences([text]) if extract_signals(s)]
    return bool(flagged) and all(_states_a_choice(s) for s in flagged)


def mentioned_anchors(text: str) -> tuple[str, ...]:
    """Anchors a person's sentence names literally: a test (`test_x`), a specific exception type."""
    tests = [] if collects_errors(text) else [f"test:{name}" for name in _TEST_NAME.findall(text)]
    errors = [f"exc:{name}" for name in _EXCEPTION.findall(text) if name not in GENERIC_EXCEPTIONS]
    return tuple(dict.fromkeys([*tests, *errors]))


def _problem_sentences(text: str) -> list[str]:
    """Sentences where the person talks about a problem (a cue word) and no text rule found a signal."""
    out = []
    for line in text.splitlines():
        for part in _SENTENCE.split(line.strip()):
            for sentence in CJK_SENTENCE.split(part):
                long_enough = len(sentence) >= (6 if has_cjk(sentence) else 12)
                cue = _talks_of_a_problem(sentence)
                said = cue and not extract_signals(sentence) and not _states_a_choice(sentence)
                if long_enough and said and not _states_a_lesson(sentence):
                    out.append(sentence.strip())
    return out


# A name from code as people type it in prose: `Search_IgnoresAccents`, `send_welcome_email`, `retryBudget`
_CODE_NAME = re.compile(r"(?<![\w./])(?:[A-Za-z][a-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)(?![\w(])")
MIN_CODE_NAME = 8


def code_names(sentence: str) -> list[str]:
    """The names from code a sentence names (`Search_IgnoresAccents`, `retryBudget`), MIN_CODE_NAME or longer."""
    return [name for name in _CODE_NAME.findall(sentence) if len(name) >= MIN_CODE_NAME]


def _naming_sentences(text: str) -> list[str]:
    """Sentences that name a name from code (see `SessionSignals.naming`); the language they are in is no
    matter: "riprendiamo la storia degli accenti. Search_IgnoresAccents, …" comes back to a failing test."""
    out = []
    for line in text.splitlines():
        for sentence in _SENTENCE.split(line.strip()):
            if code_names(sentence):
                out.append(sentence.strip())
    return out


def _talks_of_a_problem(sentence: str) -> bool:
    """A cue word of problem talk, in a sentence that is not a question asking for something else."""
    failure = bool(
        _FAILURE_WORD.search(sentence) or cues.PROBLEM_TALK.search(sentence) or _PROBLEM_CUE_JA.search(sentence)
    ) or any(language.PROBLEM_TALK.search(fold(sentence)) for language in _FOLDED_LANGUAGES)
    failure = failure or any(language.PROBLEM_TALK.search(sentence) for language in _UNFOLDED_LANGUAGES)
    if _QUESTION.search(sentence.strip()):
        return failure
    return failure or bool(_PROBLEM_CUE.search(sentence))


def _states_a_choice(sentence: str) -> bool:
    """ "we go with the row lock for now, the constraint only if it bites again": a decision or a rule, whose
    "again" is a condition, not a problem come back."""
    english = not has_cjk(sentence)
    said = (english and (decision_in(sentence) or rule_in(sentence))) or cues.decision_in(sentence)
    return bool(said or cues.rule_in(sentence))


def _states_a_lesson(sentence: str) -> bool:
    """ "TIL mosquitto silently kicks the older connection when a second client connects with the same client id":
    what was learned about a cause, not a problem seen; its words ("same", "connection") had named another problem
    of the project (a refused database connection)."""
    return bool((not has_cjk(sentence) and lesson_in(sentence)) or cues.lesson_in(sentence))


def _retries(failures: dict[str, list[SessionSignal]]) -> list[SessionSignal]:
    out = []
    for command, items in failures.items():
        if len(items) < RETRY_AT or not command:
            continue
        anchors = tuple(dict.fromkeys(a for item in items for a in item.signal.anchors))
        # Why the failure's key in the retry's: two sessions retrying `pytest -q` for unrelated reasons are
        # two problems; the retry must join the problem it retried, not every retry of that command.
        key = " ".join(f"{normalise_key(command)} {items[0].signal.key}".split()[:16])
        text = evidence(f"`{command}` failed {len(items)} times: {items[-1].signal.text}")
        out.append(SessionSignal(Signal("retry", key, text, anchors), items[RETRY_AT - 1].step, "retry", command))
    return out


def _command_key(step: Step) -> str:
    call = step.call
    if call is None:
        return ""
    return " ".join((call.command or f"{call.name} {' '.join(call.files)}").split())[:300]


def _first_of_each(items: list[SessionSignal]) -> list[SessionSignal]:
    """One signal per (kind, key), the first seen, with the anchors of every repeat folded in."""
    merged: dict[tuple[str, str], SessionSignal] = {}
    for item in sorted(items, key=lambda i: i.step):
        key = (item.signal.kind, item.signal.key)
        if key not in merged:
            merged[key] = item
            continue
        first = merged[key]
        anchors = tuple(dict.fromkeys([*first.signal.anchors, *item.signal.anchors]))
        merged[key] = replace(first, signal=replace(first.signal, anchors=anchors))
    return list(merged.values())

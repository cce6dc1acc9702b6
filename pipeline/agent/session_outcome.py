"""A session's outcome from the evidence at its end, with a confidence and the reasons.

The last tool result alone never decides: a session that ends "yes, everything is pushed and clean, thanks"
after a `grep` that found nothing succeeded; one whose tests passed but whose user says "still broken on
staging, I'll look tomorrow" failed. The evidence, strongest first:
1. the person's last words, when they come after some work (not the opening request): "thanks", "perfect",
   "went green", "merging 🎉" vs "still broken", "I'll pick it up another day", "don't commit" (and in other
   languages: "好了，谢谢", "passt", "还是不行", "morgen weiter", "норм", below); being called away ("gotta run",
   "muss los, Termin") says nothing of the work, leaving it for later ("meeting now, stopping here") does;
   when more work follows them, they judge the work before and weigh half;
2. the final state of the work: the last check (tests, type check, lint, CI) passing or failing, unless the
   person spoke after it without complaint (an acknowledged failure: "that one's known, ignore it");
   a commit, push or PR after the last failure; a session that stops on a failure, or on a change the person
   declined (the fix proposed was not wanted), or is interrupted and left; a command declined and answered with a
   standing rule ("always ask me before flashing") weighs half, its interrupt and the rule's words nothing: the
   person drew a line for the agent's actions, not against the work.
The person's words are read by each language's own cues in `speech/verdicts.py`.
A subagent's run (no person in it) succeeded when it came back with an answer, weighed against its checks.
Each piece adds to a score; the sign gives the outcome, its size the confidence (0.5 = a coin toss); a session
with no evidence either way (a question answered, code read, nothing checked) is `unknown`.
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pipeline.agent.check_commands import CI_LOG, changes_something, is_check
from pipeline.agent.failure_line import error_line
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import LEFT_FOR_LATER, acknowledges, closing_cue, left_for_later, only_thanks
from pipeline.agent.transcript import Step, Transcript

_CLAIMS_PASS = re.compile(
    r"\b(?:tests?|specs?|suite|lint(?:er)?|rubocop|eslint|vitest|jest|pytest|rspec|build|type ?check|tsc|clippy|"
    r"mypy|ci|checks?)\b[^.\n]{0,40}?\b(?:pass(?:es|ed)?|(?:is |are )?green|(?:is |are )?clean|succeed(?:s|ed)?)\b",
    re.IGNORECASE,
)
# Asking to undo the session's work: a check after it checks the undoing, not the work
_UNDO = re.compile(
    r"\b(?:revert|undo|roll ?back|discard|throw away|drop) (?:it|this|that|them|the|my|your|all|everything)\b|"
    r"\bgit (?:checkout|restore|reset)\b|\b(?:revertir|deshaz|descarta)\w*\b|\brückgängig\b|\bannule\b|撤销|回滚|还原|"
    # Indonesian "balikin (semua)", Hinglish "yeh file hatao", "wapas karo"
    r"\bbalikin\b|\b(?:hatao|hata do|wapas karo|revert karo|undo karo)\b",
    re.I,
)
# Throwing the session's changes away ("git checkout -- src", "git restore .", "git reset --hard", "git stash")
_REVERTS = re.compile(
    r"\bgit (?:checkout (?:\S+ )?--(?:\s|$)|restore\b|reset --hard\b|revert\b|stash(?!\s+(?:pop|apply|list|show)))"
)
_EDITS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
_NOTES = re.compile(r"\.(?:md|markdown|rst|txt|adoc)$", re.I)
# The person's own look at the result ("works on device too", "работает", "funciona aqui"), not thanks for a
# claim: it stands even when the assistant claimed checks it never ran
_FIRST_HAND = re.compile(
    r"\b(?:works|worked|working|runs|passes|passed|green|confirmed|verified|checked|tested|works on|"
    r"работает|заработало|проверил|funciona|funcionou|marche|fonctionne|läuft|klappt|funziona)\b|好使|能用了|通过了|動いた",
    re.I,
)
# Below a cue's 3: a meaning read from a few words is less sure than a known phrase; and below a passing last check
# and committed work together (1.5 + 1.0), which a reading by meaning alone does not cancel out ("ok, pushnu to sama",
# "ok, I'll push it myself", read as failed, had left such a session unknown)
HEARD_WEIGHT = 2.4
# An edit that puts back what an earlier one changed, as the last change (`_last_change_undoes`): less than a revert
# by git, which throws away everything; the person's words, when read, outweigh it
UNDO_WEIGHT = -1.0

# a commit, a push, a merge, or a deploy that went through ("terragrunt apply tfplan", "helm upgrade …", "fly deploy")
_SHIPPED = re.compile(
    r"\bgit (?:commit|push|merge)\b|\bgh pr (?:create|merge)\b|"
    r"\b(?:terraform|terragrunt|tofu|pulumi) (?:apply|up)\b|\bkubectl apply\b|\bhelm (?:upgrade|install)\b|"
    r"\b(?:fly|flyctl|wrangler|vercel|netlify|kamal|dep|cap) deploy\b"
)
_READ_ONLY = re.compile(
    r"^\s*(?:git (?:status|log|diff|show|branch|fetch)|ls|cat|head|tail|grep|rg|find|wc|echo|date|pwd|which|whoami|"
    r"uname|printenv|env)\b"
)


@dataclass(frozen=True, slots=True)
class Outcome:
    outcome: str  # success | failed | unknown (no evidence either way)
    confidence: float  # 0.5 (no evidence either way) .. 0.99
    evidence: tuple[str, ...]  # short reasons, strongest first


def closing_words(t: Transcript) -> str | None:
    """The person's last words when they judge the work (they follow some work) and no cue of any language
    this module knows reads them: what the caller may read by meaning and hand back as `heard`."""
    steps = _steps(t)
    users = [i for i, s in enumerate(steps) if s.kind == "user"]
    words = _closing(steps, users)[0]
    return words if words and closing_cue(words) is None else None


def session_outcome(t: Transcript, heard: str | None = None) -> Outcome:
    """The outcome of a session (or a subagent's run) from its end; see the module docstring. `heard`: what
    the person's closing words mean when no cue reads them (`closing_words`), "success", "failed" or "later"
    (not done, as failed, unless the work was committed after them), as the caller judged by meaning
    (`pipeline/learning/verdict_meaning.py`)."""
    steps = _steps(t)
    users = [i for i, s in enumerate(steps) if s.kind == "user"]
    evidence: list[tuple[float, str]] = []
    last_user = users[-1] if users else None
    words, weight = _closing(steps, users)
    declined = _last(steps, lambda s: s.kind == "tool" and s.status == "denied" and _changes(s))
    boundary = declined is not None and _sets_a_boundary(steps, declined)
    spoke_against = False  # the person's own words (a cue, not a reading by meaning) say the work is not right
    if words:
        cue = closing_cue(words)
        if cue is not None and cue[1] == LEFT_FOR_LATER and _answers_an_offer(steps, last_user):
            cue = None  # "Want me to move the others too?" "tomorrow, with the rest": the offer waits, not the work
        if cue is not None and cue[1] == LEFT_FOR_LATER and not _attempted(steps):
            cue = None  # "gotta run, later" after an explanation: no work was tried, so none went well or badly
        spoke_against = cue is not None and cue[0] < 0
        if cue is not None and (cue[0] < 0 or _did_work(steps)):
            # Why only after work: thanks for an answer to a question say nothing of work that went well
            value, reason = cue
            if value > 0 and _claimed_unchecked(steps) and not _FIRST_HAND.search(words):
                value, reason = 0.0, "thanks for checks the assistant said passed but never ran"
            evidence.append((value * weight, f"{reason}: {_quote(words)}"))
        elif (
            heard in ("success", "failed", "later")
            and _did_work(steps)
            and not (heard == "success" and _claimed_unchecked(steps))
            # Why: "nem kell, hétfőn flashelem. commit és kész, köszi": what waits is a next step; the work itself
            # was committed after the words, as they asked
            and not (heard == "later" and _committed_after(steps, last_user))
            # Why: words that answer a declined command with a rule ("never run migrations against prod") judge
            # the command, and read by meaning alone their "never" sounds like a complaint about the work
            and not (boundary and last_user is not None and _first_words_after(steps, declined) == last_user)
        ):
            value = HEARD_WEIGHT if heard == "success" else -HEARD_WEIGHT
            evidence.append((value * weight, f"the user's last words, by their meaning: {_quote(words)}"))
    check = _last(steps, is_check)
    reverted = _last(steps, lambda s: s.kind == "tool" and s.status == "ok" and bool(_REVERTS.search(_command(s))))
    thrown_away = reverted is not None and last_user is not None and reverted > last_user
    undone = last_user is not None and bool(_UNDO.search(steps[last_user].text))
    undoing = _last_change_undoes(steps)
    # Why: a check that passed on work thrown away (by git, or by a last edit that puts the text back), or after an
    # undo the person asked for, says nothing of the work
    passed_on_nothing = (
        check is not None
        and steps[check].status == "ok"
        and (
            (undone and last_user is not None and check > last_user)
            or (thrown_away and reverted is not None and reverted >= check)
            or undoing is not None
        )
    )
    if check is not None and not passed_on_nothing:
        acknowledged = (last_user is not None and last_user > check and not any(v < 0 for v, _ in evidence)) or (
            _seen_and_accepted(steps, users, check)
        )
        # Why: "tests green but it still crashes on the phone": a pass the person saw and spoke against after it
        overruled = spoke_against and last_user is not None and last_user > check
        if _passed(steps[check]) and not overruled:
            evidence.append((1.5, f"the last check passed: `{_command(steps[check])}`"))
        elif not acknowledged:
            # (a pass the person's words then spoke against or put off counts as one that did not settle the work,
            # and says so: "the last check failed" would misreport what the check printed)
            said = "passed, but the user's words after it weigh against it" if _passed(steps[check]) else "failed"
            evidence.append((-1.5, f"the last check {said}: `{_command(steps[check])}`"))
    failure = _last(steps, lambda s: s.kind == "tool" and s.status == "failed")
    shipped = _last(steps, _ships)
    if shipped is not None and (failure is None or shipped > failure):
        evidence.append((1.0, f"the work was committed or pushed: `{_command(steps[shipped])}`"))
    answered = t.is_subagent and bool(steps) and steps[-1].kind == "assistant"
    ending = [s for s in steps if s.kind != "assistant"]
    if (
        ending
        and ending[-1].kind == "tool"
        and ending[-1].status == "failed"
        and not answered
        and not _seen_and_accepted(steps, users, steps.index(ending[-1]))
    ):
        evidence.append((-2.0, f"the session stopped on a failure: `{_command(ending[-1])}`"))
    # Why: "no, not against staging" … "ok, works": what the person says last, about the work, outweighs a
    # command they stopped on the way
    approved_after = last_user is not None and words == steps[last_user].text and any(v > 0 for v, _ in evidence)
    if (
        declined is not None
        and not (approved_after and last_user is not None and last_user > declined)
        and not any(s.kind == "tool" and s.status == "ok" and _changes(s) for s in steps[declined:])
    ):
        if boundary:
            # Why less: the person stopped one action of the agent's, not the work: what was done before stands
            evidence.append((-1.0, f"the user declined a command and set a rule for it: `{_command(steps[declined])}`"))
        else:
            evidence.append((-2.0, f"the user declined the last change: `{_command(steps[declined])}`"))
    if _left_after_interrupt(steps) and not approved_after and not (boundary and _interrupt_of(steps, declined)):
        evidence.append((-1.0, "the user interrupted and left"))
    if answered:
        # Why: nobody judges a subagent's run; it did its job when it came back with an answer (a test it
        # wrote may fail on purpose, exposing the bug it was sent to find).
        evidence.append((2.0, "the subagent finished with an answer"))
    if thrown_away and reverted is not None:
        evidence.append((-1.5, f"the work was reverted: `{_command(steps[reverted])}`"))
    elif undoing is not None:
        evidence.append((UNDO_WEIGHT, f"the last change put back what an earlier one changed: `{_command(undoing)}`"))
    score = sum(value for value, _ in evidence)
    # Why unknown and not a default: an idle, trivial or read-only session says nothing about what it was
    # given, and crediting it as a success would make every injected memory look useful.
    outcome = "unknown" if score == 0 else "success" if score > 0 else "failed"
    confidence = round(min(0.99, 0.5 + abs(score) / 8), 2)
    ordered = sorted(evidence, key=lambda item: -abs(item[0]))
    return Outcome(outcome, confidence, tuple(reason for _, reason in ordered) or ("no evidence either way",))


# The assistant offering more work at its end ("Preman and Jagoan still read Config: want me to move them too?")
_OFFER = re.compile(
    r"\b(?:want me to|shall I|should I|do you want me to|would you like me to|I can (?:also )?\w+[^.?!]{0,80}if you)\b"
    r"[^?]{0,160}\?\s*$",
    re.IGNORECASE,
)


def _ships(step: Step) -> bool:
    """A commit, push, merge or PR that went through (a pushed revert ships nothing)."""
    command = _command(step)
    shipped = bool(_SHIPPED.search(command)) and not _REVERTS.search(command)
    return step.kind == "tool" and step.status == "ok" and shipped


def _committed_after(steps: list[Step], last_user: int | None) -> bool:
    """The work was committed or pushed after the person's last words."""
    return last_user is not None and any(_ships(s) for s in steps[last_user + 1 :])


def _attempted(steps: list[Step]) -> bool:
    """Something was changed or checked: work the person's "later" can leave unfinished."""
    return any(s.kind == "tool" and s.status in ("ok", "failed") and (_changes(s) or is_check(s)) for s in steps)


def _answers_an_offer(steps: list[Step], last_user: int | None) -> bool:
    """The person's closing words answer the assistant's offer of more work, made last before them."""
    if last_user is None:
        return False
    said = [s for s in steps[:last_user] if s.kind != "tool" or s.status not in ("ok", "failed")]
    return bool(said) and said[-1].kind == "assistant" and _OFFER.search(said[-1].text) is not None


def _claimed_unchecked(steps: list[Step]) -> bool:
    """The assistant's last words after the last change say a check passed ("All PriceTag tests pass now",
    "rubocop is clean and the suite is green") though no check ran after that change: the person's thanks
    take the claim on trust, they verify nothing."""
    edits = [
        i
        for i, s in enumerate(steps)
        if s.kind == "tool" and s.status == "ok" and _changes(s) and not is_check(s) and not _notes_only(s)
    ]
    if not edits:
        return False
    after = steps[edits[-1] + 1 :]
    if any(is_check(s) for s in after):
        return False
    said = [s.text for s in after if s.kind == "assistant"]
    return bool(said) and bool(_CLAIMS_PASS.search(said[-1]))


def _notes_only(step: Step) -> bool:
    """An edit of notes (CLAUDE.md, a README, a changelog): no check it follows is made stale by it."""
    call = step.call
    return call is not None and call.name in _EDITS and bool(call.files) and all(_NOTES.search(f) for f in call.files)


def _did_work(steps: list[Step]) -> bool:
    """Files were changed, something was checked, deployed or failed, or a command changed a machine or a service
    (`check_commands.changes_something`): there is work for the person's words to judge (a question answered and a
    decision taken are no work that went well or badly; a deploy the person asked for is: "go ahead and deploy" …
    "draait weer, dank je")."""
    return any(
        s.kind == "tool"
        and (
            (s.status == "ok" and s.call is not None and (s.call.name in _EDITS or changes_something(_command(s))))
            or s.status == "failed"
            or is_check(s)
        )
        for s in steps
    )


def _steps(t: Transcript) -> list[Step]:
    return [s for s in t.steps if s.kind != "tool" or s.status not in ("harness", "pending")]


def _closing(steps: list[Step], users: list[int]) -> tuple[str, float]:
    """The words that judge the work and their weight: the last message when it follows some work (half when
    more work follows it, unless that work only undoes the session's changes as asked), or the deferral before
    a closing "thanks"; ("", 0) when the person never spoke after the opening request."""
    last_user = users[-1] if users else None
    if last_user is None or not (len(users) > 1 or _work_before(steps, last_user)):
        return "", 0.0
    if (deferred := _deferred_before_thanks(steps, users)) is not None:
        # "no time today, write it up as an issue" … "thx": the thanks are for the write-up
        return steps[deferred].text, 1.0
    after = [s for s in steps[last_user + 1 :] if _substantive(s) and not _REVERTS.search(_command(s))]
    return steps[last_user].text, 0.5 if after else 1.0


def _deferred_before_thanks(steps: list[Step], users: list[int]) -> int | None:
    """The person's earlier message that left the work for later, when all they said since is thanks and
    nothing was changed in between (the session was spent on a write-up or an explanation)."""
    if len(users) < 2 or not only_thanks(steps[users[-1]].text):
        return None
    before = users[-2]
    words = steps[before].text
    if not left_for_later(words):
        return None
    return None if any(_changes(s) and s.status == "ok" for s in steps[before : users[-1]]) else before


def _seen_and_accepted(steps: list[Step], users: list[int], failed: int) -> bool:
    """The failure at `failed` is one the person already saw and waved through ("the gocyclo finding in legacy/
    is old, ignore it. commit"): the same error line failed before a message of theirs that accepted it."""
    if steps[failed].status != "failed":
        return False
    line = _error_key(steps[failed].output)
    if not line:
        return False
    for index in users:
        if index > failed or not acknowledges(steps[index].text):
            continue
        if any(s.kind == "tool" and s.status == "failed" and _error_key(s.output) == line for s in steps[:index]):
            return True
    return False


def _error_key(output: str) -> str:
    return re.sub(r"\d+", "N", error_line(output)) if output else ""


def _last_change_undoes(steps: list[Step]) -> Step | None:
    """The session's last change when it is an edit that puts back the very text an earlier edit of the same file
    replaced ("Reverted to five minutes; nothing else changed"): what was tried was taken out again, in any
    language the person asked for it."""
    changed = [s for s in steps if s.kind == "tool" and s.status == "ok" and _changes(s) and not is_check(s)]
    last = changed[-1].call if changed else None
    if last is None or not last.swap:
        return None
    undone = (last.files, (last.swap[1], last.swap[0]))
    earlier = [s for s in changed[:-1] if s.call and (s.call.files, s.call.swap) == undone]
    # Why not when other changes stay and a check passes after it: "why did you take fvm out of the Fastfile?" puts
    # one edit back, keeps the track change the session was for, and the tests then pass on it
    kept = [s for s in changed[:-1] if s not in earlier]
    after = steps[steps.index(changed[-1]) + 1 :]
    checked = any(is_check(s) and _passed(s) for s in after)
    return changed[-1] if earlier and not (kept and checked) else None


def _changes(step: Step) -> bool:
    """A tool call that changes something (an edit, a write, a command that is no read-only look)."""
    call = step.call
    if call is None:
        return False
    if call.name in _EDITS:
        return True
    return bool(call.command) and not _READ_ONLY.search(call.command)


def _work_before(steps: list[Step], index: int) -> bool:
    return any(s.kind == "tool" for s in steps[:index])


def _substantive(step: Step) -> bool:
    return (
        step.kind == "tool"
        and step.call is not None
        and not (step.call.command and _READ_ONLY.match(step.call.command))
    )


def _passed(check: Step) -> bool:
    """A check that passed: it finished without failing, and when it only fetched a CI log, the log holds no
    failure (`gh run view --log-failed` exits 0 printing the failed tests)."""
    if check.status != "ok":
        return False
    command = check.call.command if check.call is not None else ""
    return not (command and CI_LOG.search(command) and error_line(check.output, pasted=True))


def _command(step: Step) -> str:
    call = step.call
    if call is None:
        return ""
    return " ".join((call.command or call.task or call.name).split())[:120]


def _sets_a_boundary(steps: list[Step], declined: int) -> bool:
    """The person declined a command (not an edit: a declined edit is the work itself, not wanted) and, in their
    next words, said a standing rule about it ("never run migrations against prod from a laptop", "flashelés
    előtt mindig kérdezz meg"): they drew a line for the agent's actions, which says less of the work."""
    call = steps[declined].call
    if call is None or call.name in _EDITS:
        return False
    for step in steps[declined + 1 :]:
        if step.kind == "tool":
            return False
        if step.kind == "user":
            return bool(extract_knowledge([step.text]).rules)
    return False


def _first_words_after(steps: list[Step], index: int | None) -> int | None:
    if index is None:
        return None
    return next((i for i in range(index + 1, len(steps)) if steps[i].kind == "user"), None)


def _interrupt_of(steps: list[Step], declined: int | None) -> bool:
    """The last interrupt is the one Claude Code writes for the declined call itself (nothing between them)."""
    last = _last(steps, lambda s: s.kind == "interrupt")
    if declined is None or last is None or last < declined:
        return False
    return all(s.kind == "assistant" for s in steps[declined + 1 : last])


def _left_after_interrupt(steps: list[Step]) -> bool:
    """An interrupt with nothing after it but the person's words (no more work)."""
    last = _last(steps, lambda s: s.kind == "interrupt")
    return last is not None and not any(s.kind == "tool" for s in steps[last + 1 :])


def _last(steps: list[Step], test: Callable[[Step], bool]) -> int | None:
    for index in range(len(steps) - 1, -1, -1):
        if test(steps[index]):
            return index
    return None


def _quote(text: str) -> str:
    line = " ".join(text.split())
    return f'"{line[:120]}{"…" if len(line) > 120 else ""}"'

"""Lessons and decisions said in English. A **lesson** is tagged (`lesson:`, `lesson learned:`, `TIL`, `note to
self:`, `note for next time:`, `for future reference,`, `remember that …`, "turns out …"); a **decision** is
tagged (`Decision:`, `we decided`) or phrased as one ("let's go with …", "we'll keep … for now", "we stay on X,
not Y", "… can live in … for now", "X become Y", one named thing that stays as it is). The assistant's text gives
decisions only. Rules are `english.py`'s. Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.sentence_parts import clauses, tidy

FIRST_PERSON = re.compile(r"^(?:I|I'm|I'll|I've|I'd|me|my)\b")
# "optimizer stays AdamW, we're not trying Lion", "RDS stays on Postgres 16": one named thing kept as it is is a
# choice made (a decision); a kind of thing that stays some way ("error bodies stay plain text") is a norm.
_STAYS_ONE = re.compile(
    r"^(?!(?:i|we|you|they|he|she|it|this|that|my|everything|nothing|something)\b)(?:the |our )?"
    r"(?:[\w./-]+ ){0,2}[\w./-]+(?<!s) (?:stays|remains) "
    r"(?!(?:up|down|home|late|open|quiet|calm|safe|positive|focused|motivated|the same|there|here|put|with|"
    r"in touch)\b)\S.{2,}",
    re.IGNORECASE,
)
REMEMBER = re.compile(r"^\s*(?:please\s+)?remember\s*[:,]\s*(.{6,})", re.IGNORECASE)
_LESSON = re.compile(
    # "lesson for me: …", "lesson for next time - …", "lesson learned this month: …": whom or when it is for, then
    # what was learned
    r"\b(?:lessons?(?: learned| learnt)?(?: for (?:me|myself|us|the team|next time|the future)|"
    r"(?: (?:this|last) (?:week|month|sprint|quarter|time)| today| the hard way))?|TIL|gotcha|pitfall)"
    r"\s*[:,-]\s*(.{6,})|"
    # "lesson learned the runner has no import cache so …": typed without its colon, the lesson follows at once (not
    # "lessons learned from the outage are in the doc", "lesson learned the hard way that …", read above or not one)
    r"\blessons? learn(?:ed|t)\s+(?!(?:the hard way|from|in|about|here|so far|is|are|was|were|this|last|today|for|"
    r"and|but)\b)(?=(?:\S+\s+){2}\S)(.{12,})|"
    # "note to self the CI token needs D1 edit as well": nothing else follows "note to self" but what to note
    # ("I left a note to self yesterday" names a note: not one)
    r"(?<!\ba )(?<!\bmy )\bnote (?:to self|for next time)\s*[:,-]?\s+(?=(?:\S+\s+){2}\S)(.{6,})|"
    r"^TIL\s+(.{6,})|\bgood to know(?: that|:)\s*(.{6,})|\bthe (?:root cause|culprit|real fix) was(?: that)?\s+(.{8,})|"
    r"\bfor future reference\s*[:,]?\s*(.{6,})|\bremember that\s+(.{6,})|\bturns out(?: that)?\s+(.{12,})|"
    # "learnt the hard way that testflight bounces the build if …", "learned today that …"
    r"\blearn(?:ed|t) (?:the hard way|today)(?: that|,)?\s+(.{12,})|"
    # "learned that an un-closed PrismaClient keeps jest from exiting": said first, what was learned follows
    r"(?:^|(?<=[,:;] ))(?:(?:i|we) )?(?:just )?learn(?:ed|t) that\s+(.{12,})",
    re.IGNORECASE,
)
# "turns out the context doesn't keep the container alive so if nothing holds it, it gets freed": what follows "so
# if" is what came of it, not the lesson ("…, so when every test errors at setup check docker info first" is advice
# that belongs to it)
_CONSEQUENCE_TAIL = re.compile(r",?\s+so if\b.*$", re.IGNORECASE)
# "decision: …", "decided: …", and "decided, …" opening a clause ("haan aur ek cheez: decided, money is stored as
# integer paisa"; not "we haven't decided, let me think")
DECISION_TAG = re.compile(r"\b(?:decision|decided)\s*:\s*(.{6,})|(?:^|[:;]\s*)decided,\s+(.{6,})", re.IGNORECASE)
# "decided to keep session auth, no JWT": chat drops the "we" before a decision as it does before a report
_BARE_DECIDED = r"(?:just |finally |so )?decided"
WE_DECIDED = re.compile(
    rf"(?:(?:we|the team)(?: have|'ve)? decided|{_BARE_DECIDED}) (?:to|that|on|against)\b", re.IGNORECASE
)
DECISION = re.compile(
    rf"^{_BARE_DECIDED} (?:to|on|that)\b|"
    r"\b(?:we(?:'ve| have)? (?:just |finally )?decided\b(?! (?:not|against)\b)|"
    r"let's (?:go with|use|keep|switch to|stick with|stay on)|"
    r"we(?:'ll| will) (?:go with|use|keep|switch to|stick with|stay on|stay with|do it|do the \w+ in)|"
    r"we (?:stay|stick|go) (?:on|with)|"
    r"going with|opted (?:for|to)|settled on|chose to|we chose)\b",
    re.IGNORECASE,
)
# What the assistant states as the session's choice ("We'll use a guard clause that ..."); not its "I'll".
_WE_DECIDE = re.compile(
    r"^(?:so,? )?(?:we(?:'ll| will) (?:use|go with|keep|switch to|stick with)|let's (?:go with|use|keep|switch to))\b",
    re.IGNORECASE,
)
_FOR_NOW = re.compile(r"^(?:the |our |this )?[\w-]+(?: [\w-]+){0,3} (?:can|will|should|stays?) .{3,}\bfor now\b", re.I)
_BECOME = re.compile(r"^(?:the |our |all )?[\w./*-]+(?: [\w./*-]+){0,3} (?:become|becomes|are now|is now) \S", re.I)


# "turns out fish doesn't do heredocs at all, goed om te weten": the remark after a lesson is no part of it
_GOOD_TO_KNOW_TAIL = re.compile(
    r",\s*(?:good to know|goed om te weten|gut zu wissen|bon à savoir|bueno saberlo|bom saber|buono a sapersi)\W*$",
    re.IGNORECASE,
)


def lesson_in(sentence: str) -> str | None:
    if REMEMBER.match(sentence):
        return None  # "Remember: no direct pushes" is a rule; "remember that X" is a lesson
    match = _LESSON.search(sentence)
    if not match:
        return None
    said = next(group for group in match.groups() if group)
    return tidy(_CONSEQUENCE_TAIL.sub("", _GOOD_TO_KNOW_TAIL.sub("", said)))


def decision_in(sentence: str) -> str | None:
    """The decision a sentence states, from the clause that makes it to the sentence's end (what follows a
    decision is usually its condition: "… for now — if it ever gets slow we move it to a job")."""
    if sentence.rstrip().endswith("?"):
        return None
    if tagged := DECISION_TAG.search(sentence):
        return tidy(tagged.group(1) or tagged.group(2))
    parts = clauses(sentence)
    for index, clause in enumerate(parts):
        if FIRST_PERSON.match(clause):
            continue
        if DECISION.search(clause) or _FOR_NOW.match(clause) or _BECOME.match(clause) or _STAYS_ONE.match(clause):
            return tidy(" — ".join(parts[index:]))
    return None


def assistant_decision(sentence: str) -> str | None:
    """A decision in the assistant's text: tagged ("Decision: …") or opening a sentence with "we'll use / go with
    / keep …"; the assistant's text gives nothing else."""
    if tagged := DECISION_TAG.search(sentence):
        return tidy(tagged.group(1) or tagged.group(2))
    if _WE_DECIDE.search(sentence) and not sentence.rstrip().endswith("?"):
        return tidy(sentence)
    return None

"""Rules said in English, wherever in a sentence they are said (lessons and decisions: `english_decisions.py`).

People correct an agent in passing: "No, always use Decimal for money — floats are how we …", "push it to a
branch — we never push straight to main.", "looks good. rule: tests never hit the real Stripe API". A sentence
is cut into clauses (at dashes, semicolons and leading interjections); a clause is a **rule** when it is
normative: tagged (`rule:`, `from now on`, `Remember:`), an imperative with always/never/don't ever, a
generic subject (we, you, a plural noun) with always/never and a base verb ("tests never hit …"), or a
copular norm ("money is Decimal, never float", "no direct pushes to main, always a PR", "no X anywhere").
What reads like a report is not a rule: questions, "I always forget …", "it never finishes", "the report
always looks right", "never mind"; a decision is no rule either (it records a choice, not a norm). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech import english_forms as form
from pipeline.agent.speech import english_habits as habits
from pipeline.agent.speech.cues import RETRACTION
from pipeline.agent.speech.english_decisions import DECISION, DECISION_TAG, FIRST_PERSON, REMEMBER, WE_DECIDED
from pipeline.agent.speech.rule_changes import LIFTED
from pipeline.agent.speech.sentence_parts import LEAD as _LEAD
from pipeline.agent.speech.sentence_parts import REASON_TAIL, clauses, tidy

_LATER_ON = (
    r"(?:from now on|going forward|in future|in the future|from here on(?: out)?|from this point on(?:wards?)?|"
    r"from today on|starting (?:today|now))"
)
_FROM_NOW_ON = re.compile(rf"\b{_LATER_ON}\b(?:,?\s*(.{{6,}})|(?=\s*[.!;]?\s*$))", re.IGNORECASE)
# (a bracket after the marker names what the rule is about: "… go on 2nd gen from now on (firebase-functions/v2), …")
_CLOSES_CLAUSE = re.compile(rf"{_LATER_ON}(?:\s*\([^()]{{1,60}}\))?(?=\s*(?:[,;.!]|$))", re.IGNORECASE)
# "let's keep running the tests with nextest from now on": a way of working asked for, not a choice recorded
_LETS = re.compile(r"^(?:please,?\s+)?let'?s\b", re.IGNORECASE)
# What may follow the clause the marker closes and still be the rule: a second order ("…, stop adding v1 triggers")
_ORDER_AFTER = re.compile(r"^[,;]\s*(?:and\s+)?(?:stop|don'?t|do not|never|no more|always|only)\b", re.IGNORECASE)
# A question typed without its question mark: an auxiliary, then who or what it asks about
_ASKED = re.compile(
    r"^(?:do|does|did|should|shall|can|could|would|will|is|are|was|were|have|has)\s+"
    r"(?:we|i|you|it|they|he|she|the|this|that|these|those|there)\b",
    re.IGNORECASE,
)
_IMPERATIVE = re.compile(
    r"^(?:please\s+|make sure (?:to |you )?|be sure to |remember to )?"
    r"(?:always|never(?! mind)|don'?t ever|do not ever|never ever)\s+(\S+)",
    re.IGNORECASE,
)
_GENERIC = re.compile(
    r"^(?:we|you|all|every|each|[a-z][\w-]*s|(?:all|our) [a-z][\w-]*s)\s+"
    r"(?:always|never|must(?: always| never)?|should (?:always|never)|must not|shall not|are not to)\s+(\S+)",
    re.IGNORECASE,
)
_NORM_TAIL = re.compile(
    r",\s*(?:never|not|no)\s+(?!mind\b)[\w-]+(?:\s+\w+)?\s*[.!]?$|"
    # "data fetching stays in server components, no useEffect fetch, we talked about it": "no X" before a remark
    r",\s*no\s+(?!(?:idea|clue|luck|worries|problem|way|need|rush|doubt|wonder|time|hurry|chance)\b)[\w-]+(?:\s+\w+)?,|"
    r",\s*always\s+(?:a |an |the )?[\w-]+(?:\s+\w+)?\s*[.!]?$|"
    r"\bno\s+(?!(?:errors?|warnings?|crash(?:es)?|logs?|output|trace)\b)[\w-]+\s+anywhere\b|"
    r"\b[\w-]+ only(?:,\s*even (?:in|for|on|when|if) [^,]{3,40})?\s*[.!]?$|,\s*[\w./-]+ stays? out\s*[.!]?$",
    re.IGNORECASE,
)
_COPULA = re.compile(
    r"\b(?:is|are|must be|should be|stays?|goes|go)\b|^no\s|^(?:use|prefer|keep|put|write|run|call|send|store|stick|"
    r"test|deploy|build)\b|"
    r"^(?:the |all |our )?(?:[\w-]+ ){0,2}[\w-]+s (?!\w+ed\b)(?:run|go|live|use|talk|hit|need|get)\b",
    re.IGNORECASE,
)
_NOT_VERB_WORDS = (
    "is was has does gets seems looks works fails breaks happens finishes passes runs got had did been be "
    "forget forgot remember remembered know knew saw said thought felt heard went came "
    "here there up good great happy glad fun full nice ready able down in on about so too a an the my your our"
)
_NOT_VERB = frozenset(_NOT_VERB_WORDS.split())
_NOT_SUBJECT_WORDS = (
    "this its it's that's what's there's here's he's she's was has does is as us yes perhaps thus less "
    "unless sometimes always"
)
_NOT_SUBJECT = frozenset(_NOT_SUBJECT_WORDS.split())
_ABOUT_ME = re.compile(r"^(?:I|I'm|I'll|I've|I'd|me|my|there's|there is|it's|it is)\b", re.IGNORECASE)


# What is already so, said after a rule as its ground ("…, the column is already numeric(10,2)", "…,
# test/support/factory.ex hai already")
_ALREADY_TAIL = re.compile(
    r",\s*(?:(?:the|our|this|that|it)\b[^,]{0,40}?\b(?:(?:is|are|has|have)\s+already|already\s+(?:is|are|has|have|"
    r"exists?|uses?|does|do))|[^,]{1,40}?\b(?:hai|hain) already|"
    r"[^,]{1,40}?\balready (?:hai|hain))\b.*$",
    re.IGNORECASE,
)


# A way of working, said as one clause: "we wrap errors with %w", "pnpm only in here", "no force pushes"
_PRACTICES = (
    form.WE_PRACTICE,
    form.WE_DONT,
    form.USE_AVOID,
    form.ALWAYS_HOW,
    form.ONLY,
    form.NO_SHORT,
    form.STAYS,
    form.ANY_KIND_GOES,
    form.EVEN_WHEN,
    form.ALL_THROUGH,
    form.NOTHING_WITHOUT,
    form.IN_LANGUAGE,
    form.USE_FOR_KIND,
    form.EVERY_NEW,
    form.AVOID_USE,
    form.YOURSELF,
    form.STORE_AS,
    form.NOT_YOURSELF,
    form.NAME_LIKE,
    form.SAME_WAY_NOT,
    form.PLACE_EVERY,
    form.ONE_PER,
    habits.KIND_HERE,
    habits.NOWHERE_ELSE,
    habits.DONE_ONLY_IN,
    habits.HANDS_OFF,
    habits.KEEP_AT,
    habits.BEFORE_A,
    habits.NEVER_PLACE,
    habits.NEVER_DONE_TO,
    habits.ALWAYS_IN_FORM,
    habits.SETTING_ON_EVERY,
    habits.STAYS_OUT_OF,
    habits.LEAVE_ALL_AS_IS,
)


_GOING_WITH = re.compile(r"^(?:we(?:'re| are)? (?:go|going|stick|sticking) with|going with|let's go with)\b", re.I)
_DONT = re.compile(r"\b(?:don'?t|do not|never)\b", re.IGNORECASE)
# opening an order ("please no println! in the service code, …": "no" only after "please", else it reports)
_PROHIBITION = re.compile(r"^(?:please\s+|pls\s+)?(?:don'?t|do not|never)\s+\w+|^(?:please|pls),?\s+no\s+\w+", re.I)
_INSTEAD = re.compile(r"^[;,]\s*(?:and\s+|but\s+)?instead\b", re.IGNORECASE)
# what is used instead, named only ("plain testing and go-cmp"): a few words, one of them from code
_NAMES_ONLY = re.compile(r"^(?=[^,;]*[\w][-_./+][\w])[\w.+/@-]+(?: [\w.+/@-]+){0,5}$")
# "last time two jest workers truncated each other's tables, so run the e2e suite with --runInBand": what went
# wrong before, then what is to be done so it does not again, is a standing order however plain its grammar ("last
# season a unit flashed with a debug build drained its battery, so field units only get --release builds")
_LAST_TIME_SO = re.compile(
    r"^(?:\w+\s*:\s*|also,?\s+|and\s+|oh,?\s+)?(?:the\s+)?"
    r"last (?:time|season|week|month|year|release|sprint|quarter|winter|spring|summer|autumn|fall)\b"
    r".{6,}?,\s*so\s+(?P<r>\S.{8,})$",
    re.IGNORECASE,
)
# "…, every time" after an order ("lint first, then commit. every time.", its own sentence joined to the order by
# `sentence_parts.sentences`)
_EVERY_TIME_TAIL = re.compile(r",\s*(?:every (?:single )?time|each time|always)\s*[.!]?$", re.IGNORECASE)
# a verb first that reports rather than orders ("fails, every time", "crashed again, each time")
_REPORTED_ORDER = re.compile(r"^\w*[^\Ws]s\b|^\w+(?:ed|ing)\b", re.IGNORECASE)
_ONE_OFF = re.compile(r"\b(?:again|now|today|tonight|this time|for now|right away|first)\b|\?", re.IGNORECASE)
# an order in its bare grammar: a verb first, no subject ("run the e2e suite with --runInBand")
_BARE_ORDER = re.compile(
    r"^(?!(?:i|we|you|it|they|he|she|the|a|an|this|that|these|those|there|my|our|his|her|their|everything|"
    r"nothing|something|all|both|no|not|just|maybe)\b)"
    # (a subject and its verb: "everything is fine", "prod was down")
    r"(?![a-z]+\s+(?:is|was|are|were|has|had|will|would|can|could|got|gets)\b)[a-z]+\s+\S",
    re.IGNORECASE,
)
# "…, not strings_az.dart" after "X goes into Y": what it is not done with, one short phrase, is the rule's other
# half (a lead before the rule, "now that we have gen-l10n, …", had left it behind)
_NOT_THAT = re.compile(r"^,\s*(?:not|never|no)\s+[^\s,;!?]+(?:\s+[^\s,;!?]+){0,3}$", re.IGNORECASE)
_SO_THAT = re.compile(r",?\s+so (?:that )?\S.*$", re.IGNORECASE)
_NEVER_CLAUSE = re.compile(r",\s*(?=never\s+\w)")
_ACTS_ON = re.compile(r"[-_./`=:]|\d|\b(?:the|a|an|your|our|every|each|it|them|all)\b", re.IGNORECASE)
_ALWAYS_CLAUSE = re.compile(
    r",\s*(?=always\s+(?!(?:at|in|on|the|a|an|with|after|before|when|during|for|from|same|by)\b)[a-z]+\s+\S)"
)
# An example the person points at, then the rule it shows: "see app/Http/Resources/OrderResource.php, every response
# goes through a Resource like that", "look at how tests/cart_test.dart does it, do it like that always"
_SEE_EXAMPLE = re.compile(r"^(?:please\s+)?(?:see|look at|check|follow)\b[^,;]{3,120}?[,;]\s*", re.IGNORECASE)
_LIKE_IT = re.compile(r"\b(?:like|same as|the same way as) (?:that|this|it)\b", re.IGNORECASE)
_DO_LIKE_IT = re.compile(
    r"^(?:and\s+)?(?:do|write|make|build|structure|name) (?:it |them |the new ones |the rest )?"
    r"(?:like|the same (?:way )?as) (?:that|this|it)\b.*\b(?:always|every time|everywhere|from now on)\b",
    re.IGNORECASE,
)
# what happened, not how it is done: "it crashed again, never saw that before"
_HAPPENED = re.compile(r"\b(?:\w+ed|was|were|did|had|went|came|broke|ran|saw|got)\b", re.IGNORECASE)
# An operating system's or a tool's error message that opens with "No" ("No space left on device", "No such file or
# directory", "No module named …"): what failed, quoted, not a "no X" the person asks for
_ERROR_NO = re.compile(
    r"\bNo (?:space left on device|such (?:file or directory|host|device|process|container|image|table|column|key|"
    r"option|command)|route to host|module named|matching distribution|matching version|healthy upstream|"
    r"active connection|buffer space available|data available|medium found)\b",
    re.IGNORECASE,
)


def rule_in(sentence: str) -> str | None:
    """The rule a sentence states, or None (a decision is not a rule: it records a choice, not a norm); without
    the reason said after it ("…, it's what the platform team ships dashboards for")."""
    if (story := _LAST_TIME_SO.match(sentence.strip())) and not _ONE_OFF.search(story["r"]):
        order = story["r"].rstrip(" .!")
        return _rule_in(order) or (tidy(order) if _BARE_ORDER.match(order) else None)
    example = _SEE_EXAMPLE.match(sentence.strip())
    if example and _DO_LIKE_IT.match(sentence.strip()[example.end() :]):
        return tidy(sentence)  # "see how it's done in X, do like that always": the example is the rule's content
    found = _rule_in(_ALREADY_TAIL.sub("", sentence.rstrip(" .!"))) or _rule_in(sentence)
    if found and _LIKE_IT.search(found) and example and sentence.strip()[example.end() :].startswith(found):
        return tidy(sentence)  # what "like that" points at belongs to the rule
    if not found and (reason := form.BECAUSE_TAIL.search(sentence)) and reason.start() > 0:
        found = _rule_in(sentence[: reason.start()])  # "…, never ActiveRecord objects, because the args …"
    if not found and (never := _NEVER_CLAUSE.search(sentence)) and not _HAPPENED.search(sentence[: never.start()]):
        # "sensor colors come from SENSOR_COLORS in theme.py, never hardcode hex colors in the figure": how it is
        # done, then an order not to do it otherwise, itself a rule
        found = tidy(sentence) if _rule_in(sentence[never.end() :]) else None
    if not found and (always := _ALWAYS_CLAUSE.search(sentence)) and not _HAPPENED.search(sentence[: always.start()]):
        # "the DK has an on-board J-Link, always flash with west flash --runner nrfjprog": a fact, then the order
        # it calls for
        order = sentence[always.end() :].rstrip(" .!")
        found = _rule_in(order) if _ACTS_ON.search(order) else None  # ("…, always calm and peaceful": no order)
    if not found:
        return None
    found = REASON_TAIL.sub("", found) or found
    # "nothing gets pushed to main, everything goes via a PR": the way it goes instead is the same rule
    at = sentence.find(found)
    rest = sentence[at + len(found) :] if at >= 0 else ""
    if rest.startswith(", ") and form.ANY_KIND_GOES.match(rest[2:].rstrip(" .!")):
        return tidy(found + rest)
    # "let's not keep the base address in Constants.cs anymore; instead, please read it from appsettings.json":
    # what replaces it is the rule's other half
    if _INSTEAD.match(rest):
        return tidy(found + REASON_TAIL.sub("", _SO_THAT.sub("", rest)))
    if _NOT_THAT.match(rest.rstrip(" .!")):
        return tidy(found + rest.rstrip(" .!"))
    return found


def _rule_in(sentence: str) -> str | None:
    if asked_always := form.ASKED_ALWAYS.search(sentence.strip()):
        return tidy(asked_always.group(0))
    if sentence.rstrip().rstrip(".!").endswith("?") or DECISION_TAG.search(sentence) or _ERROR_NO.search(sentence):
        return None
    if _ASKED.match(_LEAD.sub("", sentence.strip())):
        return None  # "do we always need to reimport after changing a png or does the editor do it": asked, no "?"
    if WE_DECIDED.match(_LEAD.sub("", sentence.strip())) or _GOING_WITH.match(_LEAD.sub("", sentence.strip())):
        # "we decided to stay on Traefik, no ingress-nginx", "we go with Angular Material, no PrimeNG": a choice
        # recorded (decision_in) with the option it passed over, no norm
        return None
    if tagged := form.RULE_TAG.search(sentence):
        return tidy(tagged.group(1))
    if changed := form.CHANGED_TO.search(sentence):
        return tidy(changed.group(0))
    if (before := form.THAT_WAS_BEFORE.search(sentence)) and not before["r"].rstrip().endswith("?"):
        return tidy(REASON_TAIL.sub("", before["r"]))
    if (again := form.SAID_BEFORE.match(sentence.strip())) and not _ABOUT_ME.match(again["r"]):
        return tidy(again["r"])
    if form.SHOULD_NEVER.match(sentence.strip()) or form.SAME_AS_PLACE.match(sentence.strip()):
        return tidy(sentence)
    if habits.KEEP_AS_IS.match(sentence.strip()):
        return tidy(sentence)  # how a thing is, with the order to keep it so
    if (preferred := habits.PREFERRED.match(sentence.strip())) and (
        form.EVERY_DOES.match(preferred["r"]) or form.ANY_KIND_GOES.match(preferred["r"])
    ):
        # "I'd prefer every schema change goes through …": the preference is the norm, up to the clause after it
        return tidy(re.split(r"\s*;\s*", sentence.strip(), maxsplit=1)[0])
    if form.DO_NEVER.match(sentence.strip()) or form.HOLDS_BEFORE.match(_LEAD.sub("", sentence.strip())):
        return tidy(_LEAD.sub("", sentence.strip()))
    if dropped := form.DROP_FROM_EVERY.match(_LEAD.sub("", sentence.strip())):
        # (read whole: "feat:/fix:" would cut it into clauses at its colons)
        whole = dropped.string
        cut = whole.find(", ", dropped.end())
        return tidy(whole[: cut if cut >= 0 else len(whole)])
    if asked := form.ASK_FIRST.search(_LEAD.sub("", sentence.strip())):
        return tidy(asked["r"])
    if kept := form.IS_MINE.match(_LEAD.sub("", sentence.strip())):
        return tidy(kept["r"])
    if (same := form.SAME_RULE_AS.match(sentence.strip())) and not _ABOUT_ME.match(same["r"]):
        return tidy(sentence)  # where else it holds is part of it, as "same as the existing suite" is
    if (practice := form.EVERYWHERE.match(sentence.strip())) and not form.REPORTED.search(practice.group(0)):
        return tidy(sentence)
    if later := _FROM_NOW_ON.search(sentence):
        closing = _CLOSES_CLAUSE.match(sentence, later.start())
        if closing and sentence[: later.start()].strip():
            # "We decided the board build ships with -fno-exceptions from now on, the binary is too big": the
            # marker closes what comes before it; what follows is the reason
            said = clauses(sentence[: closing.end()])
            claim = _LEAD.sub("", said[-1]) if said else ""
            decided = DECISION.search(claim) and not _LETS.match(claim)
            if not claim or decided or len(claim.split()) <= 3 or _ABOUT_ME.match(claim):
                # a decision taken ("we decided … from now on", read by decision_in), the speaker's own plans
                # ("I'll start writing them down from now on"), or no rule; but "let's keep running the tests
                # with nextest from now on" asks for a way of working that lasts: a rule
                return None
            if _ORDER_AFTER.match(sentence[closing.end() :].strip()) and len(said) == 1:
                return tidy(_LEAD.sub("", sentence.strip()))  # the order after it is part of the rule
            return tidy(said[-1])
        # Why the marker stays: "from now on" says the rule replaces how it was done (rule_changes.REPLACES);
        # why from a retraction before it: "forget the X defines, from now on …" names the rule it replaces
        taken_back = RETRACTION.search(sentence, 0, later.start())
        return tidy(sentence[taken_back.start() if taken_back else later.start() :]) if later.group(1) else None
    parts = clauses(sentence)
    for index, clause in enumerate(parts):
        kept_by_me = form.RATHER.match(clause) or form.MYSELF.search(clause) or form.TOLD_YOU.match(clause)
        kept_by_me = kept_by_me or habits.I_DO_IT_MYSELF.match(clause)
        # "please don't push anything, I push myself after I look at the diff": the same, after a comma
        first, *after = clause.split(", ")
        told_first = bool(_DONT.search(first)) and any(habits.I_DO_IT_MYSELF.match(p) for p in after)
        if (kept_by_me or told_first) and not clause.rstrip().endswith("?"):
            # "do not push to any remote; I push myself after review": what is kept, and what the agent must not do
            told_not = told_first or (index > 0 and _DONT.search(parts[index - 1]))
            return tidy(_LEAD.sub("", sentence.strip()) if told_not else clause)
        if FIRST_PERSON.match(clause):
            continue
        if LIFTED.match(clause) and not clause.rstrip().endswith("?"):
            return tidy(clause)  # a rule only where it lifts one (`rule_changes.LIFTED`)
        kind_wide = form.FOR_KIND.match(clause) or form.FORGET.match(clause) or form.EVERY_DOES.match(clause)
        kind_wide = kind_wide or form.HELD_AS.match(clause)
        if kind_wide and not clause.rstrip().endswith("?"):
            return tidy(clause)
        if form.ONLY_THIS.match(clause):
            return tidy(clause)
        if usual := form.AS_USUAL.match(clause):
            return tidy(usual.group("r"))
        if form.SAME_AS_REST.match(clause):
            return tidy(clause)  # "…, same as the existing suite": why this way is part of the rule
        if conforming := form.CONFORMING.match(clause) or form.HOW_IT_IS_DONE.match(clause):
            return tidy(conforming.group("rule"))
        if form.SO_IT_STAYS.match(clause):
            return tidy(clause)  # the property kept is part of the rule
        if switching := form.SWITCHING.match(clause):
            return tidy(switching.group(0))
        if agreed := form.AGREED.match(clause):
            return tidy(agreed.group(1))
        if stop := form.STOP_DOING.match(clause):
            # "stop committing build/; the release workflow runs npm run build": what does it now, said after it
            then = parts[index + 1] if index + 1 < len(parts) and f"; {parts[index + 1]}" in sentence else ""
            told = then and (_normative(then) or FIRST_PERSON.match(then))
            return tidy(f"stop {stop.group(1)}; {then}" if then and not told else f"stop {stop.group(1)}")
        if here := form.HERE.match(clause):
            after = parts[index + 1 :]
            if form.POINTS_ON.search(clause) and after:
                return tidy(" — ".join(after))  # "we don't do that here: ViewModels get …": the rule is what follows
            return tidy(here.group(1) or clause)
        if form.NO_MORE.search(clause) or form.NO_EXCEPTIONS.search(clause) or form.NO_X_IN.match(clause):
            return tidy(clause)
        if _EVERY_TIME_TAIL.search(clause) and _BARE_ORDER.match(clause) and not _REPORTED_ORDER.match(clause):
            return tidy(clause)  # "lint first, then commit, every time": an order for every time
        if form.NO_ANYWHERE.match(clause):
            return tidy(sentence) if index == 0 else tidy(clause)  # what instead is part of it
        a_practice = any(p.match(clause) for p in _PRACTICES) or bool(form.THIS_NOT_THAT.match(clause.rstrip(".!")))
        # "write a Grafana dashboard JSON: one row per well, …": after a thing to make and its colon, what it is
        # to be like, this once
        a_practice = a_practice and not (index and form.MAKE_THIS.match(parts[0]))
        before = form.BEFORE_EVERY.match(clause) or habits.BEFORE_DONE.match(clause)
        if (a_practice or before) and not clause.rstrip().endswith("?"):
            return tidy(clause)
        if (form.KIND_NORM.match(clause) or form.PREFER.match(clause)) and not clause.rstrip().endswith("?"):
            return tidy(clause)
        # A norm after a comma: "switch it, anything big goes through COPY", "lepas siap tu, run sail pint
        # --dirty before every commit" (what comes first is when to start, in any language)
        # ("don't run cargo update, the lockfile changes go through me": a prohibition before it is the rule, and
        # the norm says why)
        tails = clause.split(", ")
        for at, tail in enumerate(tails[1:], start=1):
            norm = form.ANY_KIND_GOES.match(tail) or form.KIND_NORM.match(tail) or form.BEFORE_EVERY.match(tail)
            if norm and not tail.rstrip().endswith("?"):
                return tidy(clause if _PROHIBITION.match(clause) else tail)
            if form.WE_DONT.match(tail) and not tail.rstrip().endswith("?"):
                # "write a unit test for decode too, we don't use testify here, plain testing and go-cmp": what the
                # team does not use, said after the task, with what it uses instead when that follows as a name
                instead = ", ".join(tails[at + 1 :])
                return tidy(f"{tail}, {instead}" if _NAMES_ONLY.match(instead.rstrip(" .!")) else tail)
    if remembered := REMEMBER.match(sentence):
        normative = [c for c in clauses(remembered.group(1)) if _normative(c)]
        if not normative and form.EACH_TIME.search(remembered.group(1)):
            return tidy(remembered.group(1))  # "remember, ormolu on the changed files before every commit"
        return tidy(" — ".join(normative)) if normative else None
    for clause in clauses(sentence):
        if _normative(clause):
            return tidy(clause)
    return None


def _normative(clause: str) -> bool:
    if clause.rstrip().endswith("?") or FIRST_PERSON.match(clause):
        return False
    generic = _GENERIC.match(clause)
    if generic and clause.split()[0].lower() in _NOT_SUBJECT:
        generic = None
    if (imperative := _IMPERATIVE.match(clause) or generic) is not None:
        verb = imperative.group(1).lower().strip(",.")
        if re.match(r"(?:must|should) (?:have|be|feel|love|really|enjoy|know)\b", clause.split(" ", 1)[-1], re.I):
            return False  # "you must have been elated": what the speaker supposes, not what anyone must do
        return verb not in _NOT_VERB and not (verb.endswith(("ed", "ing")) and len(verb) > 4)
    return bool(_NORM_TAIL.search(clause) and _COPULA.search(clause))

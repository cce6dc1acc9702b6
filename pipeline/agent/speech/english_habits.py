"""Forms of an English rule about how the agent works day to day, as the blind corpora of the fifteenth round showed
them missing (`english_forms.py` holds the older forms; `english.py` reads a sentence with both): what to check
before saying the work is done, where a kind of thing lives or sits (or a kind of work is done), a thing not to
touch, a value to hold, what to run before each step of a kind, and what the person keeps doing themselves. Pure.
"""

from __future__ import annotations

import re

# "run verify before you tell me it's done", "clippy w -D warnings before u say done": what to check each time before
# the work is reported finished
BEFORE_DONE = re.compile(
    r"^(?:please\s+)?(?!(?:i|we|it|this|that|they|he|she|wait|hold)\b)\S.{2,80}?\s+before (?:you|u) "
    r"(?:say|tell me|report|claim|call it|mark it|announce)\b.{0,30}?\b(?:done|finished|ready|fixed|complete|works?)\b|"
    # "run dart analyze and fix every warning before you commit", "run the whole Detox suite on the emulator before
    # you open a PR": a step before any commit, push or PR, the sentence ending there (not "… before you commit
    # this" or "… before you open the PR", which are about one)
    r"^(?:please\s+)?(?:always\s+)?(?:run|check|format|lint|fix|test|update|rebase|squash|build)\s.{2,80}?\s+"
    r"before (?:(?:you|u) (?:commit|push)|committing|pushing|(?:(?:you|u|we) (?:open|create|merge|push|tag|cut|make) |"
    r"(?:opening|creating|merging|pushing|tagging|cutting|making) )?an? (?:PR|pull request|MR|merge request|"
    r"commit|push|release|deploy))\s*[.!]?\s*$",
    re.IGNORECASE,
)

# "migrations are reversible here", "commits are signed in this repo": a property every one of a kind has in this
# project, said as a fact about the place (not "tests are slow here", which reports)
KIND_HERE = re.compile(
    r"^(?:all |our |the )?(?:[a-z][\w.-]* ){0,2}[a-z][\w.-]*s (?:are|stay|must be|should be|have to be) (?:always )?"
    r"(?!(?:broken|failed|failing|stuck|skipped|missing|outdated|wrong|disabled|deprecated)\b)"
    r"(?:[\w-]+ )?[\w-]+(?:ible|able|ed|-only)\s+(?:here|in this (?:repo|project|codebase))\b",
    re.IGNORECASE,
)

# "formatting to euro happens only in the UI, with Intl.NumberFormat", "validation happens only at the API
# boundary": where a kind of work is done, and nowhere else; the work named by its -ing or -tion (not what goes wrong:
# "the freezing happens only on Android", "the exception happens only in CI" report a failure)
DONE_ONLY_IN = re.compile(
    r"^(?:all |the )?(?:[\w.'-]+ ){0,2}?"
    r"(?!(?:exception|connection|function|session|version|option|question|action|transaction|crash|fail|hang|"
    r"freez|flicker|blink|lagg|stutter|leak|break|error|throttl|loop|spinn|timing|flak)\w*\b)"
    r"[a-z][\w-]*(?:ing|tion|sion)(?: (?:to|of|for|in) [\w.'-]+(?: [\w.'-]+)?)? "
    r"(?:happens|is done|gets done|lives|belongs|runs) only (?:in|at|on|inside|through|within) \S",
    re.IGNORECASE,
)
# "keep the API base address in Constants.cs and nowhere else": the one place a kind of thing lives
NOWHERE_ELSE = re.compile(
    r"^(?:please\s+)?(?:keep|put|store|define|set|configure|read)\s+\S.{3,80}?\b(?:and |but )?nowhere else\b", re.I
)

# "hands off the signing settings", "keep the iOS deployment target at 16", "before a commit just run the unit tests":
# a thing not to touch, a value to hold, what to run before each of a kind of step
HANDS_OFF = re.compile(r"^(?:please\s+)?hands off (?:the |my |our |all )?\S{3,}", re.IGNORECASE)

KEEP_AT = re.compile(
    r"^(?!.*\b(?:for now|for the moment|today|this time)\b)(?:please\s+)?keep (?!(?:it|this|that|them|these|those)\b)"
    r"(?:the |our )?[\w.-]+(?: [\w.-]+){0,3} (?:at|on|to) (?:v|version |api |level )?\d[\w.]*\b",
    re.IGNORECASE,
)

BEFORE_A = re.compile(
    r"^before (?:a|any|every|each) (?:commit|push|merge|pr|pull request|release|deploy)\b,?\s+(?:just |always |only )?"
    r"(?:run|do|check|build|lint|format|test)\b",
    re.IGNORECASE,
)

# "run the instrumented tests on the Pixel emulator, never on my own phone": where (or with what) a task is done,
# and where never
NEVER_PLACE = re.compile(
    r"^(?:please\s+)?(?:run|use|test|build|deploy|debug|install)\s+\S.{3,80}?,\s*never (?:on|in|with|against|from|"
    r"via|through) \S",
    re.IGNORECASE,
)

# "applied migrations are never edited, always add a new V file", "secrets must never be committed", "the main branch
# is never force-pushed": a kind of thing and what is never (or always) done to it, said in the passive. The verbs are
# the ones work is done with (edit, commit, push, deploy, merge …), not the ones a bug report uses ("the callback is
# never called", "the event is never fired", "the promise is never resolved": what fails to happen)
NEVER_DONE_TO = re.compile(
    r"^(?!(?:it|its|it's|this|that|these|those|there|here|i|he|she|they|what|why|how|when|where|which|who|if)\b)"
    r"(?:all |any |our |the |every |each )?(?:[\w./@'-]+ ){0,3}[\w./@'-]+ "
    r"(?:(?:is|are|gets?) (?:never|always|not ever)|(?:must|should|may|can|shall) (?:never|not|always) be|"
    r"(?:is|are) (?:never|not) to be) "
    r"(?:directly |manually |by hand |ever )?"
    r"(?:edited|modified|changed|touched|rewritten|amended|committed|pushed|force-pushed|merged|deployed|released|"
    r"deleted|removed|dropped|renamed|hardcoded|hard-coded|logged|printed|exposed|shared|copied|reused|squashed|"
    r"rebased|skipped|disabled|mocked|stubbed|published|tagged|pinned|checked in|written by hand|edited by hand|"
    r"stored|kept|applied|reverted|signed)\b",
    re.IGNORECASE,
)

# "dates in the views are always d.m.Y", "timestamps are always UTC", "ids are always UUIDv7": the form every one of a
# kind is written in, named as code or an acronym is (not "the tests are always flaky", "builds are always slow")
ALWAYS_IN_FORM = re.compile(
    r"^(?:all |our |the )?(?:[\w.-]+ ){0,4}?[\w.-]+s (?:are|stay) always (?:in |as |an? )?"
    r"(?:[\w-]*[._/:%][\w._/:%-]*[\w%]|[A-Z][A-Z0-9]+\w*|\w*[A-Za-z]\w*\d\w*)(?:\s*[,.;!]|\s*$)"
)
# "catchup=False on every DAG please", "retries: 3 in every job": one setting on every one of a kind
SETTING_ON_EVERY = re.compile(
    r"^(?:please\s+)?`?[\w.-]+\s*(?:=|: ?)\s*[\w.\"'-]+`? (?:on|in|for) (?:every|each|all) [\w-]+", re.IGNORECASE
)

# "the .godot folder stays out of git", "node_modules stays out of the image": a thing kept out of the repository or
# an artefact, whatever it is
STAYS_OUT_OF = re.compile(
    r"^(?!(?:it|its|it's|this|that|he|she|they|i|we|you)\b)(?:the |our |all |any )?[\w./@*-]+(?: [\w./@*-]+){0,2} "
    r"(?:stays?|remains?|goes?|is kept|are kept) out of (?:git|the repo(?:sitory)?|version control|source control|"
    r"the (?:docker )?image|the bundle|the build)\b",
    re.IGNORECASE,
)
# "please leave everything under data/raw exactly as Agmarknet gave it": all of a place kept as it is (not "leave it
# as it is", this one thing, now)
LEAVE_ALL_AS_IS = re.compile(
    r"^(?:please\s+|pls\s+)?(?:leave|keep) (?:everything|anything|all (?:the )?(?:files?|of it)|every file) "
    r"(?:under|in|inside) \S+ (?:exactly |just )?"
    r"(?:as (?:it is|is|they are|(?:the )?[\w-]+ (?:gave|sent|made|wrote|left) (?:it|them))|alone|untouched|as-is)\b",
    re.IGNORECASE,
)
# "I'd prefer every schema change goes through prisma migrate dev": a preference whose content is a norm for every
# one of a kind (`english_forms.EVERY_DOES`, `ANY_KIND_GOES` read what follows it)
PREFERRED = re.compile(
    r"^(?:i'?d|i would) (?:prefer|rather|like)(?: it if| if| that)? (?P<r>(?:every|each|all|any)\b.{8,})", re.I
)

# "prod migrations are mine", "the fly prod upgrade is mine, just give me the command", "deploying is my job": work
# the person keeps for themselves, so the agent leaves it alone (not "the mistake is mine", "this one is mine", "the
# pleasure is mine")
# "I push myself after I have reviewed it", "i apply staging myself w terragrunt now": what the person keeps doing
# themselves from now on (not "I fixed it myself", what they did once, nor "I'll do it myself", this time)
I_DO_IT_MYSELF = re.compile(
    r"^i (?:always |usually )?(?!(?:did|was|had|tried|went|ran|made|wrote|just|also|can|could|would|will)\b|\w+ed\b)"
    r"[a-z]+ (?:\S+ ){0,3}myself\b(?: \S+){0,8}? ?(?<!just )(?:now|from now on|going forward|after|once|when|whenever|"
    r"always)\b",
    re.IGNORECASE,
)

# "the image is built on python:3.12-slim-bookworm, don't change that", "we're on Node 20 here, do not bump it": how
# a thing is, and the order to keep it so (not "fixed the import, don't change that", the speaker's own work, nor
# "the layout looks good now, don't touch it", this work as it is now)
KEEP_AS_IS = re.compile(
    r"^(?!(?:i|i'?ve|i'?m|my|we|we'?ve|you|just|ok|okay|this|that|these|those|it|it'?s|everything|the rest)\b|"
    r"\w+ed\b|.*\b(?:looks?|now)\b)(?P<r>\S.{8,}?),\s*(?:please\s+)?(?:don'?t|do not|never)\s+"
    r"(?:change|touch|bump|upgrade|downgrade|switch|swap) (?:that|it|this|them)(?: again| ever)?\s*[.!]?$",
    re.IGNORECASE,
)

"""The forms an English rule takes, one pattern each, with an example of each: what `english.py` reads a
sentence or a clause against. A form says a norm (how a kind of thing is always done, or never), not a report or
a request for now; `english.py` decides the order they are tried in and what of the sentence is the rule. Pure
data.
"""

from __future__ import annotations

import re

RULE_TAG = re.compile(r"\b(?:rule|convention|policy)\s*:\s*(.{6,})", re.IGNORECASE)
# "after the discussion on Sardor's PR we changed it: the best checkpoint of each run gets dvc add …": what follows
# the colon is how it is done now, replacing how it was (the words stay in the rule: `rule_changes.REPLACES`)
CHANGED_TO = re.compile(
    r"\b(?:we|i)(?:'ve| have)? (?:changed|switched) (?:it|this|that|the rule|how we do (?:it|this|that))\s*:\s*"
    r"(?=(?:\S+\s+){4}\S).{6,}",
    re.IGNORECASE,
)
# "write a Grafana dashboard JSON: one row per well, …": a thing to make, and after its colon what it is to be like,
# this once (no label to read past, no convention)
MAKE_THIS = re.compile(
    r"^(?:please\s+|can you\s+|could you\s+|now\s+)?(?:write|build|create|make|add|generate|draft|set up|design)\s+"
    r"(?:me\s+)?(?:a|an|the|one|two|three|some)\s+[^,;:]{2,60}$",
    re.IGNORECASE,
)
# "no no, that was before, now we deploy from the release branch": the old way named as past, then the new one,
# said with its "now" (which `rule_changes.REPLACES` reads as replacing a rule)
THAT_WAS_BEFORE = re.compile(
    r"\b(?:that was (?:before|earlier|the old (?:way|rule|setup))|that'?s (?:old|outdated|the old (?:way|rule)))"
    r"\s*[,;:.!-]+\s*(?P<r>now,?\s+(?=(?:\S+\s+){3}\S).{8,})",
    re.IGNORECASE,
)
# "The team agreed that every resource gets the owner tags", "we agreed with Dawit that …": a convention the team
# set, stated as agreed
AGREED = re.compile(
    r"^(?:the team|we all|we|the whole team) (?:have |had )?agreed (?:that|to|with [\w'.-]+(?: [\w'.-]+){0,3}? that)\s+"
    r"(.{8,}?)(?:,\s+(?:so|then)\s.*)?$",
    re.I,
)
STOP_DOING = re.compile(r"^(?:please\s+|pls\s+|plz\s+)?stop\s+(\w+ing\b.{4,})", re.IGNORECASE)
HERE = re.compile(
    r"^(?:we|you)\s+(?:use|do|write|keep|put|run|prefer|don'?t|do not|never|always)\b.{3,}\b"
    r"(?:here|in this (?:repo|project|codebase|team|file tree))\b|^in this (?:repo|project|codebase|team),?\s+(.{6,})",
    re.IGNORECASE,
)
# Norms stated as facts about a whole kind of thing: "all timestamps are stored in UTC", "commit messages follow
# conventional commits", "every new endpoint needs a test", "no console.log in committed code".
# The people a product serves ("couriers need to attach a photo URL", "users need to see their orders"): what the
# product must let them do is a feature asked for, not how the agent works
PRODUCTS_PEOPLE = (
    r"(?:the |our )?(?:users?|customers?|couriers?|drivers?|riders?|clients?|buyers?|sellers?|shoppers?|patients?|"
    r"students?|members?|visitors?|guests?|players?|merchants?|vendors?|tenants?|subscribers?|admins?) "
    r"(?:need|needs|want|wants|have to|has to|must be able|should be able)\b"
)
KIND_NORM = re.compile(
    rf"^(?!{PRODUCTS_PEOPLE})"
    r"(?!(?:if|when|because|since|as|so|this|that|it|its|everything|nothing|something|anything|there|here)\b)"
    r"(?:(?:all|every|each|any) (?:[a-z][\w.-]* ){0,2}[a-z][\w.-]*|(?:[a-z][\w.-]* ){0,2}[a-z][\w.-]*s|"
    # a mass noun of code is a kind too ("API data goes in Redux slices", "checkout and refund code lives in …")
    r"(?:[a-z][\w.-]* ){0,2}(?:(?:and|or) [a-z][\w.-]* )?(?:data|code|config|configuration|logic|state|styling|copy|"
    r"output|input|traffic))"
    r"(?: (?:in|of|on|for|from) (?:the )?[\w.'-]+(?: [\w.'-]+)?)? "
    r"(?:(?:are|is|get|gets) (?!being\b)(?:always )?"
    r"(?!(?:broken|failed|stuck|gone|done|fixed|missing|flaky|red|green|slow|wrong|ok|fine)\b)"
    r"(?:\w+(?:ed|en|wn|pt|ut)|made|built|run|kept|held|set|sent|written|shipped)\b"
    r"|(?:follow|follows|live|lives|belong|belongs|need|needs|require|requires)\b"
    # "list endpoints use limit and offset", not "these functions use too much memory" (a report)
    r"|(?:use|uses)\b(?! (?:the wrong|wrong|too|a lot|lots|more|less|much|most|all the|an old|the old|outdated)\b)"
    r"|(?:go|goes|sit|sits) (?:through|into|in|to|under|via|behind|next to|alongside)\b)",
    re.IGNORECASE,
)
ANY_KIND_GOES = re.compile(
    r"^(?:anything|everything|all) (?!(?:else|that|which|is|was|we|you|i)\b)[\w-]+(?: [\w-]+)? "
    r"(?:goes|go|has to go|must go|should go) (?:through|into|in|to|via|under)\b.{2,}",
    re.IGNORECASE,
)
# "no luck", "no idea", "no time for this now": a "no" that names nothing to leave out, in every "no X" form below
_NO_IDIOM = (
    r"such|luck|idea|clue|change|changes|difference|problem|problems|worries|way|need|rush|time|errors?|warnings?|"
    r"crash(?:es)?|output|logs?"
)
NO_X_IN = re.compile(
    rf"^(?:please,? |pls,? )?no (?!(?:{_NO_IDIOM}|results?|rows?)\b)[\w.()!-]+"
    # ("no heavy imports or API calls at the top level of a DAG file": two kinds of thing, a place in any file; "no
    # new type: ignore without a comment": a name from code with its colon)
    r"(?: [\w.()-]+:?){0,2}(?: or [\w.()-]+(?: [\w.()-]+){0,2})? (?:in|on|for|before|after|outside|inside|without|"
    r"at (?:the )?[\w-]+(?: [\w-]+)? (?:of|in) (?:a|an|any|every))\b.{3,}",
    re.IGNORECASE,
)
PREFER = re.compile(
    r"^(?:please )?(?:(?:prefer|avoid|keep|use|put|write|store|save|name|format|log|mock)\s+"
    r"(?!the |this |that |it |them |these |those |my |our )"
    r"[\w.-]+(?: [\w.-]+){0,4}(?:\s+over\s+|\s+instead of\s+|,?\s+not\s+|\s+under\s+\d|"
    r"\s+(?:in|for) (?:all|every|any|new)\b)|"
    r"keep (?:the |our |all )?[\w.-]+(?: [\w.-]+){0,3} (?:under|below|within) \d|"
    r"keep (?:the |our |all |your )?[\w-]+s (?:small|short|focused|tiny|minimal)\b)",
    re.IGNORECASE,
)
# "put the logic on the model, fat models thin views, as usual": a request said to be the usual way is how the
# work is always done (the "as usual" is no part of the rule)
AS_USUAL = re.compile(
    r"^(?P<r>(?:please )?(?:put|use|keep|write|run|add|store|name|mock|log|format|follow|wrap|prefix|test|make|"
    r"deploy|push|squash|rebase|go|validate|check|lint|handle|return|pass|call|build|cache|split|sort|tag|pin|"
    r"document|review|merge|release|ship|open|branch|commit)\s+(?!(?:it|this|that|them|these|those|me|home)\b)\S.{3,}?),?\s+"
    r"(?:as usual|as always|like always|like usual|same as always|as we always do)\s*[.!]?$",
    re.IGNORECASE,
)
# Conventions people state about how the team or repo works: "we wrap errors with fmt.Errorf and %w",
# "we keep everything the API returns in the store"; present tense, a verb of practice, an object (not "it").
WE_PRACTICE = re.compile(
    # "we deploy to Render from main only": where the team ships to, and from what
    r"^(?:we|the team)\s+(?:deploy|ship|release|publish)\s+to\s+\S+(?:\s+\S+){2,}|"
    r"^(?:we|the team)\s+(?:use|keep|wrap|write|put|run|deploy|store|name|prefix|log|tag|follow|squash|rebase|pin|"
    r"format|lint|vendor|version|document|validate|return|send|handle|target|build|mock|stub|release|ship|test|"
    r"squash-merge|merge|review|encode|serialize|hash|sign|cache)\s+(?!(?:it|this|that|them|these|those|him|her|"
    r"you|me|to|up|out|off|back|in|on|into|a bit|some)\b)\S+(?:\s+\S+){2,}",
    re.IGNORECASE,
)
# "we don't use GameObject.Find at runtime", "we never mock the database": what the team does not do, anywhere
WE_DONT = re.compile(
    r"^(?:we|the team)\s+(?:don'?t|do not|never)\s+(?:use|write|put|run|commit|push|merge|deploy|call|add|touch|edit|"
    r"mock|hardcode|store|log|ship|catch|import)\s+(?!(?:it|this|that|them|these|those|him|her|you|me)\b)\S+.{2,}",
    re.IGNORECASE,
)
# "I told you not to use GameObject.Find at runtime": a rule the person already gave, reminded
TOLD_YOU = re.compile(r"^I (?:told|asked) you (?:not to|never to|to never|to always|always to)\s+\S.{4,}", re.I)
# "I told you already: new tables get RLS …", "like I said, …": a rule the person gave before, said again
# (after "good," / "ok," / "and"; chat drops the comma before a rule that opens with its own word: "like I said no
# flashing without asking me first")
SAID_BEFORE = re.compile(
    r"^(?:(?:ok(?:ay)?|good|right|yes|yeah|sure|again|and|also)[,!.]?\s+)?"
    r"(?:I (?:already )?(?:told you|said(?: (?:it|this|that))?)(?: already| before| twice)?|"
    r"as I (?:said|told you|mentioned)(?: before| earlier)?|like I (?:said|mentioned)(?: before| earlier)?|"
    r"as mentioned(?: before| earlier)?)"
    r"(?:\s*[:,—–]\s*|\s+(?=(?:no|never|don'?t|do not|always|only|every|use|keep|avoid)\b))(?P<r>\S.{8,})",
    re.IGNORECASE,
)
# "go test always with -race", "timestamps always in UTC": a thing and how it always goes, said without a verb (a
# report has one: "the build always fails on CI")
ALWAYS_HOW = re.compile(
    r"^(?!(?:i|it|this|that|he|she|there|you|we|they|my|our|your)\b)[\w./+-]+(?: [\w./+-]+){0,3} always "
    r"(?:with|in|as|on|via|through|behind|under|from|against)\s+\S",
    re.IGNORECASE,
)
# "could you always run the Playwright suite before we deploy?": a standing instruction asked politely; "can you
# always reproduce it?" asks what is possible, so "can" only with "please"
ASKED_ALWAYS = re.compile(
    r"(?:^|(?<=\s))(?:could you|can you please|could you please|would you please) (?:always|never|from now on)\b"
    r".{8,}",
    re.I,
)
# "xpath should anchor on a field name, never on a position": how a thing must be done, against another way
SHOULD_NEVER = re.compile(
    r"^(?!(?:i|it|this|that|he|she|there|you)\b)[\w.-]+(?: [\w.-]+){0,2} (?:should|must) [^,]{3,60}, (?:never|not) \S",
    re.IGNORECASE,
)
# "same as rider-app: no force pushing": a rule said to hold here as it does elsewhere, where included
SAME_AS_PLACE = re.compile(
    r"^(?:same as(?: in| on| for)?|like in|as in) (?:the )?[\w.-]+(?: repo)?\s*:\s*\S.{4,}", re.IGNORECASE
)
# "no sudo here either, same rule as kisan-app": the person says it is a rule, one that holds elsewhere too
SAME_RULE_AS = re.compile(r"^(?P<r>\S.{3,80}?),\s*(?:the )?same (?:rule|convention|policy|thing) as\b", re.I)
# "Static typing everywhere in GDScript: typed vars …": a practice named with where it holds (not "errors
# everywhere", a report)
EVERYWHERE = re.compile(
    r"^(?!(?:the|a|an|this|that|it|there|same|these|those|my|I|we|you)\b)(?:[\w-]+ ){0,3}[\w-]+ everywhere"
    r"(?: in (?:the |our )?[\w.#+/-]+)?\s*(?::|$)",
    re.IGNORECASE,
)
REPORTED = re.compile(
    r"\b(?:errors?|bugs?|warnings?|crash(?:es)?|problems?|issues?|failures?|exceptions?|leaks?|mess|typos?)\b", re.I
)
# "use DOTween for UI animations, avoid hand-rolled lerps": one way for a kind of work, and what not to do instead
USE_AVOID = re.compile(
    r"^(?:please\s+)?(?:use|prefer|keep|go with)\s+(?!(?:it|this|that|them|the|these|those|my|your|our)\b)"
    r"\S.{2,60}?,\s*"
    r"(?:avoid|no|not|never|don'?t|instead of)\b.{3,}",
    re.IGNORECASE,
)
# "don't use inplace=True, just reassign the dataframe": the same, the way not to do it first
AVOID_USE = re.compile(
    r"^(?:please\s+)?(?:don'?t|do not|never|avoid)\s+(?:use|using|call|calling|write|writing)\s+"
    r"(?!(?:it|this|that|them|the|these|those|my|your|our)\b)\S.{2,60}?,\s*(?:just |instead |rather )?"
    r"(?:use|reassign|write|call|go with|prefer|do|return|pass)\b.{3,}",
    re.IGNORECASE,
)
# "you can update deno.lock yourself when you add a dependency": a task the person hands over for good
# "you can update deno.lock yourself when …", "you may push your feature branches to origin yourself once …": a
# standing permission
YOURSELF = re.compile(
    r"^(?:btw,?\s+)?(?:you can|you may|you're allowed to|you are allowed to|feel free to) (?:\w+ ){1,6}(?:\S+ )?"
    r"yourself\b.{3,}",
    re.IGNORECASE,
)
# "use Moq for the test doubles, it's what the rest of the suite uses": one way, because it is the house's way
CONFORMING = re.compile(
    r"^(?:please\s+)?(?P<rule>(?:use|keep|put|write|go with|stick (?:to|with))\s+"
    r"(?!(?:it|this|that|them|these|those|my|your)\b)\S.{2,60}?),\s*(?:it'?s|that'?s|this is|which is) what "
    r"(?:we|the rest of|everyone|everybody|the team|the codebase|all (?:the|our)|every)\b",
    re.IGNORECASE,
)
# "new tests use XCTest, same as the existing suite", "use snake_case, like the rest of the schema": a kind of
# thing done one way, because that is how the rest is done
SAME_AS_REST = re.compile(
    r"^(?:please\s+)?(?:(?:(?:all |every |new |our )?(?:[\w-]+ )?[\w-]+s (?:use|go|live|follow|stay)|"
    r"(?:use|keep|put|write|go with|stick (?:to|with)))\s+"
    r"(?!(?:it|this|that|them|these|those|my|your)\b)\S.{1,60}?),\s*"
    r"(?:the )?(?:same as|just like|like|as in|as with|consistent with|matching) (?:the |all |our )?"
    r"(?:existing|rest|other|old|current)\b",
    re.IGNORECASE,
)
# "Use @SpringBootTest with the full context for the controller tests": one way for a whole kind of thing
USE_FOR_KIND = re.compile(
    r"^(?:please\s+|just\s+)?(?:use|run|write|put|keep)\s+(?!(?:it|this|that|them|these|those)\b)\S.{2,80}?\s+"
    r"for (?:(?:the |all |our |every |new )(?:[\w-]+ )?[\w-]+s|"
    # a kind of thing in a kind of place: "use testify/require for assertions in tests"
    r"[\w-]+s (?:in|across) (?:all |our |the )?[\w-]+s|"
    # or a kind of work named without an article: "just use printk for debug output, keep it simple"
    r"(?:[\w-]+ )?(?:output|logging|debugging|validation|formatting|config|configuration|styling|state))"
    r"\b(?=\s*(?:[,.;!]|$))",
    re.IGNORECASE,
)
# "in LiveView tests find elements by data-role, not by text": a way of doing a kind of thing against another way,
# the same preposition said twice (a thing done once is asked with "it", "this", "that")
SAME_WAY_NOT = re.compile(
    r"^(?:(?:in|for) (?:all |every |any |new |our )?(?:[\w-]+ ){0,2}[\w-]+s,? )?(?:please\s+|just\s+)?"
    r"(?:find|query|select|locate|match|put|use|keep|write|store|save|name|mock|stub|log|format|wrap|pass|call|"
    r"validate|handle|return|test|assert|build|deploy|ship|release|route|send|import|load|read|configure|sort|group|"
    r"key|index|cache|pin|install|sign|tag|style|compare|identify|reference|link|inject|mount|serve|fetch)\s+"
    r"(?!(?:it|this|that|them)\b)[\w.+/@:-]+(?:\s+[\w.+/@:-]+){0,4}\s+(?P<p>by|with|in|on|through|via|from|into|under)\s+[\w.+/@:'-]+(?:\s+[\w.+/@:-]+){0,3},"
    r"\s*not\s+(?P=p)\s+[\w.+/@:'-]+(?:\s+[\w.+/@:-]+){0,3}\s*[.!]?$",
    re.IGNORECASE,
)
# "put every Oban job in the default queue, one queue is plenty for us": where or how every thing of a kind goes
# (not "run every test", "fix all the warnings": what to do once)
PLACE_EVERY = re.compile(
    r"^(?:please\s+|just\s+)?(?:put|keep|send|route|wrap|write|log|name|tag|store|pin|prefix|mark|place|register)\s+"
    r"(?:every|each|all)\s+(?!(?:the|of|time|one|other|these|those|this|that|my|your)\b)(?:[\w./-]+ ){0,2}[\w./-]+\s+"
    r"(?:in|into|through|via|under|behind|as|with|on|to)\b.{3,}",
    re.IGNORECASE,
)
# "one component per file", "one migration per pull request", "one file per IPC domain under src/main/ipc/": how
# many of a thing go with each of a kind, a convention for every case
ONE_PER = re.compile(r"^(?:and\s+|also\s+|please\s+|just\s+)?one\s+[\w./-]+(?:\s+[\w./-]+)?\s+per\s+[\w./-]+", re.I)
# "drop the feat:/fix: prefixes from commit messages": what every commit message (PR title, branch name) no longer
# has, a convention of each one to come (not "drop the debug prints from the handler": one place, once)
DROP_FROM_EVERY = re.compile(
    r"^(?:and\s+|also\s+|please\s+|just\s+)?(?:drop|remove|leave out|stop adding|stop putting) (?:the |any |all )?"
    r"\S+(?: \S+){0,3} (?:from|in|to) (?:(?:the |our |my |all )?(?:commit messages|commits|commit subjects|"
    r"PR titles|pull request titles|branch names)|every (?:commit message|commit|PR title|branch name))\b",
    re.IGNORECASE,
)
# "commit messages in English, conventional commits": a kind of text, written in one language
IN_LANGUAGE = re.compile(
    r"^(?:all |our |the )?(?:[\w-]+ ){0,2}[\w-]+s (?:are |stay |always |only )*(?:in|written in) "
    r"(?:English|German|French|Spanish|Italian|Portuguese|Russian|Chinese|Japanese|Korean|Vietnamese|Turkish|"
    r"Polish|Dutch)(?=\s*(?:[,.;!]|$))",
    re.IGNORECASE,
)
# "run the tests with pytest -n auto, it's faster": how a recurring task is done, and why that way is better
HOW_IT_IS_DONE = re.compile(
    r"^(?:please\s+)?(?P<rule>(?:run|build|start|deploy|test|lint|format)\s+(?:the |all |our )?"
    r"(?:[\w-]+ )?(?:(?:unit |integration |e2e )?tests?|test suite|suite|specs?|linters?|checks|builds?|"
    r"benchmarks?|app|"
    r"dev server|server|containers?|stack)\s+(?:\S+\s+){0,3}?"
    r"(?:with|against|using|via|through|on|in)\s+\S.{2,60}?),\s*(?:it'?s|that'?s|this is|which is)\s+"
    r"(?:much |a lot |way )?(?:faster|quicker|safer|cleaner|simpler|easier|more reliable|how we|what CI)\b",
    re.IGNORECASE,
)
# "tag the container tests with the integration build tag so go test ./... stays fast", "commit the built assets
# in build/ so the zip works without npm": how a kind of thing is marked, kept or shipped, for a property that
# must hold from now on
SO_IT_STAYS = re.compile(
    r"^(?:please\s+)?(?:tag|mark|label|name|prefix|put|keep|group|commit|check in|vendor)\s+"
    r"(?!(?:it|this|that|them)\b)(?:the |all |our |every |any )?\S.{3,80}?"
    r",?\s+so (?:that )?\S.{0,40}?\b(?:stays?|remains?|keeps? (?:being|working)|never \w+|"
    r"(?:works?|builds?|runs?|installs?) without)\b",
    re.IGNORECASE,
)
# "we're dropping Moq, new tests use NSubstitute instead": a convention replaced, said as the team's move
SWITCHING = re.compile(
    r"^(?:we'?re|we are|the team is)\s+(?:dropping|ditching|phasing out|retiring|moving (?:away )?(?:off|from)|"
    r"switching (?:away )?from)\s+\S.{0,60}?,\s*\S.{2,}?\b(?:use|uses|go|goes|get|gets|are|is) .{0,40}?\binstead\b",
    re.IGNORECASE,
)
# "error bodies stay plain text for now", "secrets remain in the vault": how a kind of thing is kept.
STAYS = re.compile(
    r"^(?!(?:i|we|you|they|he|she|it|this|that|everything|nothing|something)\b)(?:the |our |all )?"
    r"(?:(?!(?:and|or|to|us|me|him|her|them|help|helps|keep|gotta|have|is|are|be)\b)[\w./-]+ ){0,2}"
    r"(?:[\w./-]+s stay|[\w./-]+s remain) "
    r"(?!(?:up|down|home|late|open|quiet|calm|safe|positive|focused|motivated|the same|there|here|put|with|"
    r"in touch)\b)\S.{3,}",
    re.IGNORECASE,
)
# "commit msg in english pls, even when i write to you in japanese": asked for every case, the one at hand too
EVEN_WHEN = re.compile(r"^(?!(?:i|we|it|this|that)\b)\S.{4,}\b(?:pls|plz|please),? even (?:when|if|for|in|on)\b", re.I)
# "pass anything as an override", "route every request through the gateway": a way for a whole kind of thing
ALL_THROUGH = re.compile(
    r"^(?:pass|route|send|store|put|keep|log|write|read|inject|load)\s+(?:anything|everything|all (?:the )?[\w-]+|"
    r"every [\w-]+|each [\w-]+)\s+(?:as an?|through|via)\s+\S",
    re.IGNORECASE,
)
# "pnpm only in here", "staging only, never prod": a thing and "only", as the clause's opening.
ONLY = re.compile(
    r"^(?!(?:i|it|this|that|the one|not|been|was|were|is|are|am|if|and|but|we|you|they|he|she|my|your|our|me)\b)"
    r"[\w.+/@-]+(?: [\w.+/@-]+)? only\s*(?:[,.;!]|$|(?:in|for|on|at|from) (?:here|this|the|our|all|every|any)\b)",
    re.I,
)
# "no Co-Authored-By trailer", "no force pushes": a short "no X" said on its own.
NO_SHORT = re.compile(
    rf"^no (?!(?:{_NO_IDIOM}|code changes|edits|thanks|kidding|doubt|wonder|offense|pressure|one|more|longer|matter|"
    r"comment|hurry|chance|reply|response|answer|prob|probs|biggie|sweat|big deal|drama|shame|harm|fun|"
    # Malay and Singlish particles: "no lah", "no la" (a plain no)
    r"lah|la|leh|meh|"
    # Finnish interjections typed before the next sentence ("no niin.", "no nyt", "no joo": well then, well now)
    r"niin|nyt|joo|"
    # Nigerian Pidgin's "is not" ("no be so!": that's not it; "the code na the wahala, no be the test")
    r"be)\b)"
    # (what happened: "no tests fail on CI", "no jobs ran overnight")
    r"(?![^,]*\b(?:fail(?:s|ed)?|break(?:s)?|broke|work(?:s|ed)?|pass(?:es|ed)?|ran|runs|crash(?:es|ed)?|happen(?:s|ed)?|"
    r"show(?:s|ed)?|came|left)\b)"
    # (Spanish and Portuguese "no"/"não" before a verb report: "no funciona el build", "no compila", "no jala")
    r"(?!(?:funciona|funcionan|funcion[oó]|anda|andan|jala|jalan|compila|compilan|carga|cargan|sirve|sirven|arranca|"
    r"corre|corren|pasa|pasan|abre|responde|conecta|encuentra|aparece|aparecen|sale|salen|llega|llegan|jal[oó]|"
    r"roda|rodam|carrega|sobe|passa|passam|consigo|puedo|entiendo|s[eé])\b)"
    # ("no inplace=True, reassign it": and what to do instead, said after it)
    r"[\w.()/=-]+(?: [\w.()/=-]+){0,2}(?: (?:to|on|in|into) [\w./-]+)?"
    r"(?:,\s*(?:just |instead )?[a-z]+ (?:it|them|that|instead)\b[^,]{0,30})?"
    # a remark after it: "no direct pushes to main, told you", "no force pushing here either"
    r"(?:,?\s*(?:(?:i )?told you|i said|remember|as usual|as always|again|please|pls)"
    r"(?: (?:that|it|so|this))?(?: (?:before|already|twice))?|(?: here| there)? either)?"
    r"\s*[.!]?$",
    re.IGNORECASE,
)
# "nothing gets merged without a green pipeline", "nobody deploys without a review": a gate on a whole kind of act
NOTHING_WITHOUT = re.compile(
    r"^(?:nothing|no code|no change|no PR|no commit)\s+(?:gets|goes|is|should be|may be|can be)\s+\w+(?:ed|en)\b"
    r".{0,40}?\bwithout\s+\S|"
    r"^(?:no one|nobody)\s+(?:deploys|merges|pushes|ships|releases|commits|touches|applies)\b.{0,40}?\bwithout\s+\S|"
    # "nothing gets pushed to main", "nothing goes straight onto main": a gate on where work goes
    r"^nothing\s+(?:gets\s+\w+(?:ed|en)|goes)\s+(?:straight\s+|directly\s+)?(?:to|into|onto|on)\s+\S",
    re.IGNORECASE,
)
# "I'd rather we never use sleep in specs", "I prefer we don't mock the database": a preference for how work is
# done, said with a norm word (never/always/not/avoid); "I'd rather look at it tomorrow" is a plan, not a norm.
RATHER = re.compile(
    r"^i(?:'d| would)? (?:rather|prefer|really prefer) (?:we|you|that we|that you|if we|if you) "
    r"(?:never|always|not|don'?t|didn'?t|avoided|avoid|stick|stuck|kept|keep)\b.{4,}",
    re.IGNORECASE,
)
# "the version, I bump it myself at release time", "la version, je la change moi-même": a task the person keeps
# for themselves is one the agent must leave alone, every time ("I'll fix it myself" is one time: not here, nor
# "just tell me the command and I edit it myself", what follows this one answer)
MYSELF = re.compile(
    r"(?<!\band )(?<!\bthen )\bI (?:always |usually )?"
    r"(?:do|handle|bump|change|update|write|manage|edit|set|make|tag|cut) "
    r"(?:it|them|that|those|the [\w./ -]{2,30}?|my [\w./ -]{2,30}?) (?:myself|by hand)\b|"
    r"\bje (?:le |la |les |l')?(?:change|fais|gère|mets à jour|écris|modifie|tague|monte)s? moi-même\b|"
    r"\b(?:das|die|den) (?:mache|ändere|pflege|setze) ich (?:immer )?selbst\b|\blo (?:hago|cambio|gestiono) yo\b",
    re.IGNORECASE,
)
# What was said before, named by what it was about: "ignore the old deploy-from-main thing, …" (not "ignore the old
# logs, …"), "forget that full-e2e-on-every-PR talk, …"; a rule taken back here and in `cues.RETRACTION`
OLD_ONE_NAMED = (
    r"ignore (?:the|my) old (?:[\w.-]+[ -]){0,4}(?:thing|rule|way|approach|advice|convention|setup|policy)|"
    r"forget (?:that|this|the|my|all that) (?:[\w.@-]+[ -]){0,5}(?:thing|talk|rule|idea|business|advice)\b"
)
# "ok forget chromium-only, run the e2e on webkit too": a rule taken back and what replaces it (the marker stays:
# rule_lifecycle reads it as a replacement)
FORGET = re.compile(
    r"^(?:(?:forget|scrap|ditch) (?!(?:it|that|this|them|about it)\b)"
    r"(?:about |what I said about )?(?:the )?[\w.-]+(?:[ -][\w.-]+){0,5}|"
    rf"{OLD_ONE_NAMED})"
    r",\s*\S.{5,}",
    re.IGNORECASE,
)
# "every call to the payment provider sends an idempotency key", "each test runs inside a transaction": what a
# whole kind of thing does, stated as how it is (not "every time I run it": a report)
EVERY_DOES = re.compile(
    r"^(?!.*\b(?:now|today|tonight|yet|this time|for now)\b)"  # what must hold today is a task, not a norm
    r"(?:each|every|all|any) (?!(?:time|day|morning|night|week|run|once|other|of)\b)(?:new )?[\w./-]+"
    r"(?: [\w./-]+){0,6}? "
    r"(?:runs|gets|goes|needs|sends|uses|lives|calls|returns|writes|logs|checks|imports|extends|implements|follows|"
    r"belongs|takes|reads|keeps|creates|owns|wraps|validates|handles|exposes|emits|publishes|declares|"
    r"paginates|sorts|accepts|stores|caches|retries|ships|pins|defines|registers|"
    # or what it must be: "every Oban job that mails a customer has to be unique"
    r"has to|must|should|needs to)\b.{3,}",
    re.IGNORECASE,
)
# "money is stored as Decimal in reais", "timestamps are kept in UTC": how a kind of data is held, everywhere
# (not "the file is stored in S3" or "it is saved as json": one thing, described)
HELD_AS = re.compile(
    r"^(?!(?:the|this|that|it|its|my|your|his|her|their|which|what|everything|nothing)\b)[a-z][\w-]*(?: [a-z][\w-]*)? "
    r"(?:is|are) (?:always )?(?:stored|kept|saved|persisted|formatted|represented|serialized|encoded|handled) "
    r"(?:as|in)\b.{3,}",
    re.IGNORECASE,
)
# "store the times in the sqlite as unix seconds UTC": how a kind of data is held, said as what to do (a plural or a
# kind, never "save it as a draft")
STORE_AS = re.compile(
    r"^(?:please\s+)?(?:store|keep|save|persist|write|serialize|encode)\s+(?!(?:it|this|that|them|these|those)\b)"
    r"(?:the |all |our |every |any )?(?:[\w-]+ ){0,2}[\w-]+s\b.{0,40}?\bas\s+\S.{2,}",
    re.IGNORECASE,
)
# "don't run migrations against remote yourself": a task the person keeps for themselves, every time
NOT_YOURSELF = re.compile(
    r"^(?:please\s+)?(?:don'?t|do not|never)\s+\w+\s+(?!(?:that|this|it|them|those|these)\b).{3,60}\byourself\b",
    re.IGNORECASE,
)
# "name them like 0009_add_index, snake case saying what it does": how a kind of thing is named
NAME_LIKE = re.compile(
    r"^(?:please\s+)?name (?:them|all of them|every \w+|each \w+|all \w+|(?:the |our |new )?[\w-]+s) "
    r"(?:like|as|after|in|with)\b.{3,}",
    re.IGNORECASE,
)
# "Keep the e2e suite on chromium only, webkit is too slow": one way only for a kind of thing, a reason after it
ONLY_THIS = re.compile(
    r"^(?:keep|use|run|test|deploy|build|target|ship)\b.{3,60}?\bonly\b(?=\s*(?:[,.;!]|$))", re.IGNORECASE
)
# "For background jobs we stay on Sidekiq": a choice for a whole kind of thing holds for every later one
FOR_KIND = re.compile(
    r"^for (?:all |new |every |our )?(?:[\w-]+ )?[\w-]+s,? (?:we|you) "
    r"(?:stay|stick|keep|use|go|run|put|write|deploy)\b.{3,}",
    re.IGNORECASE,
)
# The acts a team's habits hang on, each one of a kind ("before a push", "before a release": HOLDS_BEFORE)
UNIT_OF_WORK = r"(?:PR|pull request|MR|merge request|commit|push|merge|release|deploy(?:ment)?)s?\b"
# "run golangci-lint before every push", "rebase on main before each PR", "let's keep mix format --check-formatted
# before every commit" (not "… for all of this": that is the work in front of them)
BEFORE_EVERY = re.compile(
    r"^(?:please\s+|let'?s\s+|let us\s+)?(?:(?:run|use|keep|check|format|lint|rebase|squash|test|update|regenerate|"
    r"bump|tag|sign|build)\s.{3,}"
    r"\b(?:before|after|on|for|with|in|to) "
    r"(?:every|each|all(?!\s*(?:[.,;!]|$)| of (?:this|that|these|those|it|them)\b)|any)\b|"
    # "add a line to CHANGELOG.md in every PR": what goes with each unit of the work (not "add a hitstop on every hit",
    # a feature)
    r"(?:add|write|include|attach|link|mention)\s.{3,}\b(?:in|to|with|for|on) (?:every|each|any) "
    r"(?:PR|pull request|MR|merge request|commit|push|release|migration|changeset|deploy)s?\b)",
    re.IGNORECASE,
)
# "pin every new dependency with a ^>= bound", "add each new endpoint to the OpenAPI file": a verb over every new one
# of a kind, each one yet to come
EVERY_NEW = re.compile(
    r"^(?:please\s+)?(?!(?:i|we|you|it|this|that|there|they|he|she)\b)[a-z]+\s+(?:every|each|any) new\s+[\w./-]+\b"
    r".{3,}",
    re.IGNORECASE,
)
# "Pass ids to Sidekiq jobs, never ActiveRecord objects", "use UTC everywhere, never local time": what to do, and
# what never, said as one instruction
DO_NEVER = re.compile(
    r"^(?:please\s+)?(?!(?:i|we|you|it|this|that|there|they|he|she|just|only|maybe|also|the|a|an|my|our)\b)"
    r"[a-z]+\s+[\w.+/@:-]+(?:\s+[\w.+/@:-]+){0,5},\s*never\s+(?!mind\b)[\w.+/@:-]+(?:\s+[\w.+/@:-]+){0,3}\s*[.!]?$",
    re.IGNORECASE,
)
# "tidy has to be clean before anything gets committed", "the build must be green before anyone merges", "sqlfluff
# lint has to be clean before a push", "the unit tests have to pass before a merge", "ruff check and ruff format must
# be clean before a push": what has to hold before any act of a kind ("a push" is any one of them; "the push" would
# be this one)
HOLDS_BEFORE = re.compile(
    r"^(?:also,?\s+|and\s+)?(?!(?:i|we|you|it|this|that|there|they)\b)[\w.+/-]+(?:\s+[\w.+/-]+){0,5}\s+"
    r"(?:has to|have to|must|needs to|need to|should)\s+(?:be\s+[\w-]+(?:\s+[\w-]+)?|pass|succeed|go green)"
    r"\s+before\s+(?:(?:anything|anyone|anybody|any|every|each|we|you)\b.{3,}|"
    rf"an? {UNIT_OF_WORK}\s*[.!]?$)",
    re.IGNORECASE,
)
# "ask me before adding any new package", "check with me before you add any package", "like i said check with me
# before any new package", "…, and check with me before you add any package": a line the agent never crosses alone,
# said of a kind of thing (any, new, every), opening a sentence or a clause; "ask me before you push" may be about
# this one task
ASK_FIRST = re.compile(
    r"(?:^|[,;]\s+(?:and\s+)?|\blike i (?:said|told you)[,:]?\s+|^(?:i )?told (?:you|u)[,:]?\s+)"
    r"(?P<r>(?:always\s+)?(?:ask|check with)(?: me)?"
    r"(?: first)?\s+before\s+(?:you\s+)?(?:[\w-]+\s+){0,2}?(?:any|anything|new|a new|another|every|"
    # "ask me before adding a dependency": any one of a kind ("a", not "this" or "the"), or all of them ("ask before
    # pulling in packages")
    r"a (?=dependency|package|library|migration|table|service|column|endpoint|env|secret|new)|"
    r"(?:packages|dependencies|deps|libraries|libs|crates|gems|modules|plugins|migrations)\b)\b"
    r"(?:(?!,\s+(?:so|i|because|since|as|it|we)\b).)*)",
    re.IGNORECASE,
)
IS_MINE = re.compile(
    r"^(?:(?:and\s+)?remember,?\s+|(?:i\s+)?told you,?\s+|like i said,?\s+)?"
    r"(?!(?:this|that|these|those|they|it|which|what|who|one|all|both)\b)"
    r"(?!(?:the\s+)?(?:mistake|fault|bad|error|pleasure|honou?r|loss|blame|choice|turn|call|money|car|house|idea|"
    r"life|heart|love|family|kid|dog|cat|time|place|room|seat|book|bike|phone|favou?rite)s?\b)"
    r"(?P<r>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,5}\s+(?:is|are)\s+(?:mine|my (?:job|call|responsibility))\b"
    r"(?:,\s+(?:just\s+)?(?:give|tell|send|show)\s+me\b[^,.;]*)?)",
    re.IGNORECASE,
)
# "No raw new/delete anywhere, unique_ptr or the stack": a thing banned everywhere, and what instead
NO_ANYWHERE = re.compile(
    rf"^no\s+(?!(?:{_NO_IDIOM}|trace)\b)[\w./+-]+(?:\s+[\w./+-]+){{0,2}}"
    r"\s+anywhere\b",
    re.IGNORECASE,
)
BECAUSE_TAIL = re.compile(r",?\s+(?:because|since|as)\s+.*$", re.IGNORECASE)
EACH_TIME = re.compile(r"\b(?:before|after) (?:every|each|any)\b", re.IGNORECASE)
POINTS_ON = re.compile(r"\b(?:do|does|doing|did) (?:that|this|it)(?: (?:here|in this \w+))?\s*[.!]?$", re.I)
NO_EXCEPTIONS = re.compile(r",\s*no exceptions\s*[.!]?$|^only ever\b", re.IGNORECASE)
NO_MORE = re.compile(
    r"\b(?:don'?t|do not|stop|no more|let'?s not|let us not)\b.{3,}\b(?:anymore|any more|ever again)(?:\s*[.!]?$|,)",
    re.IGNORECASE,
)
# "nextest, not cargo test", "UTC, not local time": a terse preference said on its own (a few words each side)
THIS_NOT_THAT = re.compile(
    r"^(?!(?:i|me|you|we|it|this|that|he|she|they|him|her|them|us|yes|no|ok|okay|sure|now|today|tomorrow|later|"
    r"here|there|thanks|sorry|anyway|well|maybe|probably|actually|sadly|honestly|fine|good|great|nice)\b)"
    r"[\w.+/@:-]+(?: [\w.+/@:-]+){0,2}, not (?!(?:now|today|yet|tomorrow|tonight|here|there|really|quite|exactly|"
    r"much|bad|great|ok|sure|me|you|us|them|this|that|again|anymore)\b)(?:the |a |an )?"
    r"[\w.+/@:-]+(?: [\w.+/@:-]+){0,2}$",
    re.IGNORECASE,
)

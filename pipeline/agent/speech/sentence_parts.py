"""A person's messages cut into sentences and clauses, as rules, lessons and decisions are read from them.

A sentence ends at ". ", "! ", "? " (or another script's full stop) or an emoji, never at the "!" that ends a
name from code; Chinese and Japanese end theirs with "。！？；". A clause is cut at dashes, semicolons and colons
(not inside brackets), each without the interjections that lead it ("No, ", "ok. "), and a clause that opens a
quotation is what the quotation says. Code fences, quoted lines and pasted output are no sentences
(`pasted_text.py`). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pipeline.agent.speech.marks import CJK_SENTENCE, DISCOURSE
from pipeline.agent.speech.pasted_text import typed_and_pasted

MAX_ITEM_CHARS = 300

# an emoji ends a sentence too; Go's package pattern ("go test ./...") does not
# Thai ends a polite sentence with "ครับ" / "ค่ะ" and no stop: the particle is its end. The full stops of scripts
# that have their own: Armenian "։", Ethiopic "።" (and its question mark "፧"), Burmese "။", Khmer "។", Tibetan "།"
# A "?" standing alone between words is code ("don't bother with ? there": Rust's operator, a ternary), not a
# question's end; French spaces its "?" too, and starts the next sentence with a capital.
_SENTENCE = re.compile(
    r"(?:(?<=[.!?؟।॥۔։።፧။។།\U0001F300-\U0001FAFF\u2600-\u27BF])|(?<=ครับ)|(?<=ค่ะ))(?<!/\.\.\.)"
    r"(?!(?<=\s\?)\s+[a-z])\s+(?=\S)"
)
# (and a Rust macro by its name: "going w plain sqlx query! macros")
_CODE_BANG = re.compile(
    r"(?:[\w`]+(?:\.|::|_)[\w`]*|`[^`\s]+|\b(?:query|query_as|query_scalar|println|eprintln|format|vec|assert|"
    r"assert_eq|assert_ne|dbg|json|include_str|matches|macro_rules|writeln|todo|unimplemented))!`?$"
)
# (not the "--" before a command's own flags: "cargo clippy --all-targets -- -D warnings")
# Not a colon of code: a keyword argument whose value is a symbol ("Oban in testing: :inline", "adapter: :sidekiq")
# nor Python's "# type: ignore"
_CLAUSE = re.compile(
    r"\s+[—–]\s+|\s+-{1,2}\s+(?!-)|[;፤]\s+|(?<=\w):\s+(?=[^\s:])(?!(?<=type: )ignore\b)|\s+[:;]\s+(?=\S)"
)  # "texte : suite"
# the last of a list of prefixes written as one token ("drop the feat:/fix: prefixes"): its colon cuts nothing
_PREFIX_LIST = re.compile(r"\w:[:/]\w+$")
LEAD = re.compile(
    r"^(?:#+\s+|[-*•]\s+|(?:no|nope|careful|right|hm+|well|oh|ah|look|listen|wait|actually|important|fyi|note|again|"
    r"remember)\s*[,.!:]\s*|"
    # Dutch and Scandinavian "no", "whoa" before English ("nee, never add …"; languages with a reader have theirs)
    r"(?:nee|nej|ho|hé)\s*[,.!:]\s*|"
    # what the rule is like, said before it: "same as tidewatch, nothing goes straight onto main here either",
    # "like in the api repo, …", "same as before, …"
    r"(?:the )?same (?:as|like) (?:in |with |for |on )?(?:the |my |our )?[\w.-]+(?: [\w.-]+){0,2}\s*,\s*|"
    r"(?:just )?(?:like|as) (?:in|with|for|on) (?:the |my |our )?[\w.-]+(?: [\w.-]+){0,2}\s*,\s*|"
    r"(?:ok|okay|alright|yes|yeah|yep)\b[,.!:]?\s*|(?:and|also|but|so|please|btw|fyi|ps|heads up|oh and),?\s+|"
    r"(?:just )?to be clear,\s*)+",
    re.IGNORECASE,
)
# Why a rule is kept, said after it ("…, it's what the platform team ships dashboards for", "…, that's faster"):
# not part of what it asks
REASON_TAIL = re.compile(
    r",\s*(?:it'?s|that'?s|this is)\s+(?:what|how|why|because|much |way |a lot )?\s*(?:\w+er|what|how|why)\b.*$|"
    # "because" in the language the person slips into after an English rule ("…, bo w kwietniu dochodzi …")
    r",\s*(?:bo|ponieważ|weil|porque|parce que|perché|потому что|vì|çünkü)\s.*$|"
    # what holds of the thing, said after the rule as why ("…, the django-allauth version we use doesn't support
    # 5.2 yet", "…, the driver positions only live in memory right now")
    r",\s*the\s+[\w.-]+(?:\s+[\w.-]+){0,4}?\s+(?:doesn'?t|don'?t|can'?t|cannot|isn'?t|aren'?t|won'?t|only|gets|"
    r"breaks|is too|are too)\s.*$",
    re.IGNORECASE,
)


# A remark in brackets at the end ("(for now)", "(as discussed)", "(classes with Acme_)") is no part of the rule;
# one name from code alone ("(firebase-functions/v1)", "(`--atomic`)", "(v2)") says which thing it is about, and stays
_PARENTHETICAL = re.compile(r"\s*\((?![^()\s]*(?:[/_.=`:]|\d|[a-z][A-Z])[^()\s]*\))[^()]*\)\s*$")


# "every time.", "always!", "no exceptions.": a sentence of its own that only says how often the one before holds
_HOW_OFTEN_ALONE = re.compile(
    r"^(?:every (?:single )?time|each time|always|every commit|every push|no exceptions?)[.!]*$", re.IGNORECASE
)


# "no, that was before. now we deploy from the release branch": the old way named as past is said of what follows,
# the new way (in the languages where people were seen to say it so)
_WAS_BEFORE_ALONE = re.compile(
    r"^(?:(?:no|nope|не|ne)[,.!]?\s+)*(?:that was before|that'?s old|that was the old way|това беше преди|"
    r"tova beshe predi|això era abans|aixo era abans|eso era antes|c'était avant|das war (?:vorher|früher))[.!]*$",
    re.IGNORECASE,
)


def sentences(texts: Iterable[str]) -> list[str]:
    """Sentences of the texts, line by line, code fences, quoted and pasted lines left out (pasted, not said).
    A "!" that ends a name from code ("Sidekiq::Testing.inline!", "save!") ends no sentence; "every time." is said
    of the sentence before it, and "no, that was before." of the one after it."""
    out: list[str] = []
    for text in texts:
        for line in typed_and_pasted(text)[0]:
            pieces: list[str] = []
            for piece in _SENTENCE.split(line):
                if pieces and _CODE_BANG.search(pieces[-1]):
                    pieces[-1] += f" {piece}"
                else:
                    pieces.append(piece)
            said = [s.strip() for sentence in pieces for s in CJK_SENTENCE.split(sentence) if s.strip()]
            for index, sentence in enumerate(said):
                if index and _HOW_OFTEN_ALONE.match(sentence):
                    # "lint first, then commit. every time.": how often is said of the sentence before it
                    out[-1] = f"{out[-1].rstrip(' .!')}, {sentence}"
                elif index and _WAS_BEFORE_ALONE.match(said[index - 1]):
                    out[-1] = f"{out[-1]} {sentence}"
                else:
                    out.append(sentence)
    return out


def clauses(sentence: str) -> list[str]:
    """The sentence cut at dashes, semicolons and colons (not inside brackets: "(feat:, fix:)" is one list, nor
    after prefixes written as one token: "feat:/fix: prefixes"), each without leading interjections ("No, ", "ok. ")."""
    parts: list[str] = []
    for part in _cut(sentence):
        if parts and parts[-1].count("(") > parts[-1].count(")"):
            parts[-1] += f": {part}"  # the colon was inside brackets: not a clause boundary
        else:
            parts.append(part)
    parts = [LEAD.sub("", _unquoted(part.strip())).strip() for part in parts]
    return [part for part in parts if len(part) >= 6]


def _cut(sentence: str) -> list[str]:
    parts, start = [], 0
    for boundary in _CLAUSE.finditer(sentence):
        if boundary.group().startswith(":") and _PREFIX_LIST.search(sentence, 0, boundary.start()):
            continue
        parts.append(sentence[start : boundary.start()])
        start = boundary.end()
    return [*parts, sentence[start:]]


def _unquoted(part: str) -> str:
    """A clause that opens a quotation is what the quotation says ('"every new component gets a story", so you
    don't forget' -> 'every new component gets a story')."""
    if part[:1] in '"“«„' and (end := re.search(r"[\"”»“]", part[1:])):
        return part[1 : end.start() + 1]
    return part


def tidy(text: str) -> str:
    text = DISCOURSE.sub("", " ".join(text.split())).strip(" ,;:—–-")
    text = _PARENTHETICAL.sub("", text).rstrip(".!")
    return text if len(text) <= MAX_ITEM_CHARS else text[: MAX_ITEM_CHARS - 1] + "…"

"""English typed in chat shorthand, read as the words it stands for: "clippy w -D warnings before u say done",
"going w terragrunt dirs per env", "commit msgs conventional style pls", "thats hiding it".

People who type fast drop letters and apostrophes, and the English reader (`english.py`) matches whole words:
"going w X" was no decision and "no thats hiding it" read as a "no X" rule. `expanded` gives the sentence with
each shorthand word spelled out and a way back: what the reader finds in the expanded sentence is returned in
the person's own words, so a rule reads as they typed it. Only lowercase words of a sentence that has English
words count ("w kodzie" is Polish for "in the code"; "W" and "U" may be names). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Each word stands for one thing wherever it is typed; nothing here is also a common English word ("its", "were",
# "ill", "wed" are left alone), or a word of a language typed in Latin letters beside English.
SHORTHAND = {
    "w": "with",
    "w/": "with",
    "w/o": "without",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "thru": "through",
    "msg": "message",
    "msgs": "messages",
    "b4": "before",
    "bc": "because",
    "cuz": "because",
    "bcoz": "because",
    "abt": "about",
    "smth": "something",
    "sth": "something",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "wont": "won't",
    "isnt": "isn't",
    "arent": "aren't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "thats": "that's",
    "theres": "there's",
    "whats": "what's",
    "youre": "you're",
    "ive": "I've",
    "im": "I'm",
    "lets": "let's",
}
_TOKEN = re.compile(r"\S+")
_CORE = re.compile(r"^([(\"'`]*)(.*?)([.,;:!?)\"'`]*)$")
_ENGLISH = re.compile(
    r"\b(?:the|a|an|is|are|to|of|for|in|on|before|after|and|not|no|never|always|only|say|do|go|going|use|run|"
    r"please|pls|with|from|here|now|my|me|it|that|this|we)\b",
    re.IGNORECASE,
)
_END = ".,;:!?"


def expanded(sentence: str) -> tuple[str, Callable[[str], str]]:
    """The sentence with its shorthand spelled out, and a function that gives a text found in it back in the
    person's words (itself when nothing was spelled out, or the text cannot be placed)."""
    pieces: list[str] = []
    spans: list[tuple[int, int, int, int]] = []  # per word: its span in the sentence, then in the expanded text
    changed = False
    plain_words: list[str] = []  # the words that are no shorthand: English or not, they say which language it is
    at = 0
    for token in _TOKEN.finditer(sentence):
        lead, core, trail = _CORE.match(token.group()).groups()  # type: ignore[union-attr]
        spelled = _spelled(core)
        word = f"{lead}{spelled}{trail}" if spelled else token.group()
        changed = changed or spelled is not None
        if spelled is None:
            plain_words.append(token.group())
        if pieces:
            pieces.append(" ")
            at += 1
        spans.append((token.start(), token.end(), at, at + len(word)))
        pieces.append(word)
        at += len(word)
    text = "".join(pieces)
    if not changed or not _ENGLISH.search(" ".join(plain_words)):
        return sentence, _same
    return text, lambda found: _in_own_words(found, sentence, text, spans)


def _spelled(core: str) -> str | None:
    if core == core.lower():
        return SHORTHAND.get(core)
    # "Dont push to main": a contraction opening a sentence (not "W", "U", "Im": names and initials)
    spelled = SHORTHAND.get(core.lower(), "")
    if core[:1].isupper() and core[1:] == core[1:].lower() and "'" in spelled and core.lower() != "im":
        return spelled[:1].upper() + spelled[1:]
    return None


def _same(found: str) -> str:
    return found


def _in_own_words(found: str, sentence: str, text: str, spans: list[tuple[int, int, int, int]]) -> str:
    start = text.find(found)
    if start < 0:
        start = text.lower().find(found.lower())
    if start < 0 or not found:
        return found
    end = start + len(found)
    words = [(a, b) for a, b, x, y in spans if x < end and y > start]
    own = sentence[words[0][0] : words[-1][1]]
    if found[-1] not in _END:
        own = own.rstrip(_END)
    return own


def own_words(found: str | None, own: Callable[[str], str]) -> str | None:
    """`found` (a reading of the expanded sentence) in the person's words, None when nothing was found."""
    return own(found) if found else None

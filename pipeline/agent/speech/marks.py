"""What every language's reading of a person's sentences shares: which script a text is written in, where a
Chinese or Japanese sentence ends, what makes a sentence a question, what opens a message without being part of
what it says, and an item tidied for a file. Pure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# Sentence ends that need no space after them (Chinese and Japanese punctuation).
CJK_SENTENCE = re.compile(r"(?<=[。！？；])")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
KANA = re.compile(r"[\u3040-\u30ff]")

# The marks Uzbek's o' and g' are typed with: ', its official ʻ, ‘, ’ and a backtick (a regex class)
UZBEK_APOSTROPHE = "['ʻ‘’`]"
# Armenian puts its question mark on the stressed word, anywhere in the sentence ("միշտ պե՞տք ա …")
ARMENIAN_QUESTION_MARK = "\u055e"
QUESTION = re.compile(
    rf"[?？؟፧]\s*$|{ARMENIAN_QUESTION_MARK}|(?:吗|么|呢)[\s。]*$|"
    r"^(?:为什么|怎么|如何|warum|wieso|por qué|pourquoi|почему|зачем)\b"
)


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


def has_kana(text: str) -> bool:
    """Japanese kana: a sentence with them is not English even without a kanji ("もういらない")."""
    return bool(KANA.search(text))


# What opens a message without being part of what it says ("no no, …", "no aspetta, …", "e un'altra cosa: …",
# "warte, …"): kept out of an item, whose words the rule lifecycle compares
DISCOURSE = re.compile(
    r"^(?:(?:no|nein|non|nope|ah|oh|eh|ok|okay)\s*[,.!:](?=\s|$)\s*)*(?:(?:no|ah|oh|ok)\s+)?"
    r"(?:(?:wait|hold on|stop|aspetta|espera|warte|moment|attends|подожди|погоди|czekaj)\s*[,.!:](?=\s|$)\s*|"
    r"(?:(?:and|e|y|und|et|и)\s+)?(?:one more thing|another thing|un'altra cosa|otra cosa|noch (?:was|etwas|eins)|"
    r"autre chose|ещё одно|еще одно)\s*[,.!:](?=\s|$)\s*|(?:no\s+no|nein\s+nein|non\s+non)\s*[,.!:](?=\s|$)\s*)+",
    re.IGNORECASE,
)


def tidy(text: str) -> str:
    return DISCOURSE.sub("", " ".join(text.split())).strip(" ,，;；:：。.!！")


def after_last_label(text: str, markers: Sequence[re.Pattern[str]]) -> int:
    """Where a rule starts that comes after a label or a story and its colon ("…, o sea: els deploys només a partir
    de les vuit", "вдигнаха лимита: realtime feed-а вече …"): after the last colon whose rest still holds one of a
    reader's `markers`; 0 when none does."""
    for colon in reversed([m.end() for m in re.finditer(r":\s+", text)]):
        if any(marker.search(text[colon:]) for marker in markers):
            return colon
    return 0


def to_its_end(text: str, after: int, goes_on: re.Pattern[str], start: int = 0, *, folded: bool = False) -> str:
    """`text[start:]` up to the first comma after `after` whose clause does not go on with the rule before it (what
    `goes_on` matches at the clause's start: "όχι …", "walang …", "גם …"); `folded`: `goes_on` reads folded text."""
    read = fold(text) if folded else text
    at = after
    while (comma := text.find(",", at)) != -1:
        if not goes_on.match(read[comma + 1 :].lstrip()):
            return text[start:comma]
        at = comma + 1
    return text[start:]


def whole_words(words: str, letters: str) -> str:
    """`words` (an alternation) as a pattern of whole words in a script whose words can end on a vowel sign, which
    \\b does not see as a letter (Gujarati, Devanagari): `letters` is the script's block ("\\u0900-\\u097f")."""
    return rf"(?<![{letters}\w])(?:{words})(?![{letters}\w])"


def typed_in_latin(words: list[str], vocabulary: frozenset[str], own: set[str]) -> bool:
    """Whether a language typed in Latin letters (Greeklish, Finglish, Arabizi) wrote these words: two of its
    words (`vocabulary`, or `own`), one of them its own (`own`: those found that no other language also writes)."""
    return len({*own, *(w for w in words if w in vocabulary)}) >= 2 and bool(own)


def fold(text: str) -> str:
    """`text` with each letter reduced to its base letter, character for character ("đừng" -> "dung", "żadnego"
    -> "zadnego", "łam" -> "lam"), so one set of markers reads a language typed with or without its diacritics
    and a match's span in the folded text is the span in the original."""
    return "".join(_base(ch) for ch in text)


_NO_DECOMPOSITION = {"đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "s"}


def _base(ch: str) -> str:
    if ord(ch) < 0x80:
        return ch
    return _NO_DECOMPOSITION.get(ch) or unicodedata.normalize("NFD", ch)[0]

"""Whether a text the daemon extracted states a truth text of a learning corpus (bench/learning_measures.py):
containment of the folded texts, or most tokens shared (words, and CJK character bigrams), after the marker
that made a rule a rule is taken off both sides."""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text.lower())
    words = _WORD.findall(text)
    cjk = "".join(_CJK.findall(text))
    return words + [cjk[i : i + 2] for i in range(len(cjk) - 1)]


def _folded(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text.lower()) if ch.isalnum())


# What extraction takes off a rule as the marker that made it one ("rule: X", "from now on X", "以后X"):
# a truth text may keep it, the extracted one never has it.
_LEAD_MARKER = re.compile(
    r"^\s*(?:(?:rule|convention|policy|regel|规则|约定|lesson|lesson learned|TIL|note for next time|gut zu wissen|"
    r"教训)\s*[:：]?\s*|(?:I told you already|as I said|like I said|maine pehle bola tha|"
    r"from now on|going forward|in future|"
    r"ab jetzt|ab sofort|künftig|以后|今后|从现在(?:开始|起))[,，:：]?\s*)",
    re.IGNORECASE,
)


def matches(got: str, want: str) -> bool:
    """The extracted text states the truth's: it contains it, or they share most of their tokens."""
    got, want = _LEAD_MARKER.sub("", got), _LEAD_MARKER.sub("", want)
    g, w = _folded(got), _folded(want)
    if w and w in g:
        return True
    gw, ww = set(_tokens(got)), set(_tokens(want))
    if not gw or not ww:
        return False
    common = len(gw & ww)
    if g and g in w and common / len(ww) >= 0.6:
        return True  # the truth runs on into a second sentence the extraction left out
    return common / len(ww) >= 0.8 and common / len(gw) >= 0.5

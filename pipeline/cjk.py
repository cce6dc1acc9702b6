"""CJK-aware text for the one FTS5 table: runs of Chinese, Japanese and Korean become character bigrams.

Why: FTS5's `unicode61` tokenizer splits only on separators, so `我们用WebSocket心跳保活` would be one or two
giant tokens and `心跳` could never match. Indexing overlapping bigrams (the classic CJK IR answer, see DESIGN.md
section 3) makes every two-character word a token, with no dictionary and no dependency.

Invariant: `fts_text` (index side) and `fts_query.build_match` (query side) cut text with the same `CJK_RUN`
pattern and the same `normalize_for_fts`, so a query bigram is always spelled like the indexed one.
"""

from __future__ import annotations

import re
import unicodedata

# Characters that form CJK words. 々 〆 〇 (U+3005-3007) sit in the punctuation block but are letters.
_CJK_CHARS = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3005-\u3007"  # 々 〆 〇
    "\u3040-\u309f"  # Hiragana
    "\u30a0-\u30ff"  # Katakana (incl. the prolonged sound mark ー)
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\ua960-\ua97f"  # Hangul Jamo extended A
    "\uac00-\ud7af"  # Hangul syllables
    "\ud7b0-\ud7ff"  # Hangul Jamo extended B
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # halfwidth Katakana (NFKC folds these, but be safe)
    "\U00020000-\U0003134f"  # CJK extensions B-H
)
# CJK punctuation separates runs and is never a token: ideographic space, 。、「」【】, fullwidth ，！？ etc.
# (Fullwidth letters and digits are not punctuation: NFKC folds them to ASCII instead.)
_CJK_PUNCT = (
    "\u3000-\u3004\u3008-\u303f\u30fb\ufe10-\ufe1f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)

CJK_CHAR = re.compile(f"[{_CJK_CHARS}]")
CJK_RUN = re.compile(f"[{_CJK_CHARS}]+")
CJK_PUNCT = re.compile(f"[{_CJK_PUNCT}]")


def normalize_for_fts(text: str) -> str:
    """NFKC-fold text so fullwidth `ＡＰＩ１２` matches `API12` (unicode61 does not fold width) and drop NUL.

    Why NUL: inside a quoted FTS5 term it ends the string early and the query fails with "unterminated string".
    """
    return unicodedata.normalize("NFKC", text).replace("\x00", " ")


def cjk_bigrams(run: str) -> list[str]:
    """Overlapping character bigrams of one CJK run; a run of one character is its own unigram."""
    if len(run) <= 1:
        return [run] if run else []
    return [run[i : i + 2] for i in range(len(run) - 1)]


def _index_tokens(match: re.Match[str]) -> str:
    run = match.group()
    tokens = cjk_bigrams(run)
    if len(run) > 1:
        # Why: a one-character query becomes the prefix term `"活"*`, which only matches tokens that START with
        # that character. Every character of a run starts some bigram except the last, so the last is also
        # indexed alone: then `活` finds `保活` too. Cost: one extra token per run.
        tokens.append(run[-1])
    return " " + " ".join(tokens) + " "


def fts_text(text: str) -> str:
    """Text to store in the FTS5 column: CJK runs become space-separated bigrams, other text is unchanged.

    Pure and linear. Spaces are put around each run so `WebSocket心跳` yields the token `websocket` plus CJK
    tokens instead of one mixed token. The result is for the index only; snippets come from the chunk text.
    """
    text = CJK_PUNCT.sub(" ", normalize_for_fts(text))
    return CJK_RUN.sub(_index_tokens, text)


def cjk_share(text: str) -> float:
    """The share of CJK characters among the text's word characters (0.0 for none, 1.0 for all)."""
    cjk = len(CJK_CHAR.findall(text))
    words = sum(1 for ch in text if ch.isalnum())
    return cjk / words if words else 0.0


def has_cjk(text: str, share: float = 0.3) -> bool:
    """Whether a query is mostly CJK (at least `share` of its word characters)."""
    return cjk_share(text) >= share

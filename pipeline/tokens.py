"""A token estimate for text handed to an agent, without a tokenizer: what `injections --stats` reports.

Why this rule: BPE tokenizers of current models average about 4 characters per token on English prose and
code, and about one token per CJK character; the estimate is for showing the cost of memory, not billing.
"""

from __future__ import annotations

from pipeline.cjk import CJK_CHAR


def estimate_tokens(text: str) -> int:
    cjk = len(CJK_CHAR.findall(text))
    return cjk + (len(text) - cjk + 3) // 4

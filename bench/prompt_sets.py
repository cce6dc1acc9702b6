"""Prompt sets for judging relevance and injection: the development questions (on-topic in their own home),
the same questions against another set's home (off-topic), coding prompts and gibberish.

Halves: the relevance fit (bench/relevance_fit.py) uses only the first half of each off-topic set (even
positions); bench/injection.py reports both halves, so a fit that only learned its own prompts would show.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

HERE = Path(__file__).resolve().parent


def coding_prompts() -> list[str]:
    lines = (HERE / "data" / "coding_prompts.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def gibberish(count: int = 120, seed: int = 14) -> list[str]:
    """Strings that mean nothing: consonant runs like "xkqzv bnrtw", keyboard mash, rare CJK characters."""
    rng = random.Random(seed)
    letters = "bcdfghjklmnpqrstvwxz"
    out: list[str] = []
    for i in range(count):
        kind = i % 6
        if kind in (0, 1, 2):
            words = ["".join(rng.choice(letters) for _ in range(rng.randint(4, 8))) for _ in range(rng.randint(1, 4))]
            out.append(" ".join(words))
        elif kind == 3:
            out.append("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(8, 20))))
        elif kind == 4:  # keyboard mash (consonants only, so it never spells a word like "flag")
            rows = ("qwrtyp", "sdfghjkl", "zxcvbnm")
            out.append(" ".join("".join(rng.sample(rng.choice(rows), 4)) for _ in range(rng.randint(2, 3))))
        else:  # CJK characters from the rarely used end of the unified block
            out.append("".join(chr(rng.randint(0x9A00, 0x9FA0)) for _ in range(rng.randint(3, 6))))
    return out


def half(items: list[str], which: int) -> list[str]:
    """`which` 0: even positions (the fit's); 1: odd positions (held back from the fit)."""
    return items[which::2]

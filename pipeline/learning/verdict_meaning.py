"""What a person's closing words say about the session's work, by meaning, when no known phrase reads them.

`session_outcome.py` knows how people close a session in English, Chinese, German, Spanish and French ("thanks",
"still broken", "morgen weiter", "还是不行"); people close in other words and other languages ("ok を押した、
いい感じ", "ainda quebrado", "내일 계속하자"), and an unread closing leaves the session `unknown`, which credits and
blames nothing. What the words mean carries over: the multilingual model the daemon already loads places them
near other verdicts of their kind. So the closing words are compared with examples of four kinds, in many
languages (`EXAMPLES`): the work went well, it did not (still failing, given up, thrown away), it was left for
later (tomorrow, a meeting, no time), and words that judge nothing (a request, a question, a remark). Each kind
scores the mean of its NEAREST closest examples (centred cosines, as `rule_meaning.py` does); the best kind
wins when it leads the next by VERDICT_AT, and only a verdict is returned (`neutral` gives None).
VERDICT_AT was chosen on the development corpora (bench/learning_corpus, _dev2, _heldout, _heldout2: the
closings no cue read); the examples are generic, never a corpus's words. Pure: vectors come from the caller.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pipeline.learning.meaning import centred, centroid, nearest_mean

VERDICT_AT = 0.05
NEAREST = 3

EXAMPLES: dict[str, tuple[str, ...]] = {
    "success": (
        "thanks, that works",
        "perfect, ship it",
        "great, merged",
        "looks good to me",
        "nice, all green now",
        "cool, that did it",
        "awesome, it runs fine now",
        "genial, ya funciona",
        "perfecto, gracias",
        "super, läuft jetzt",
        "parfait, ça marche",
        "ótimo, funcionou",
        "valeu, deu certo",
        "perfetto, funziona",
        "好了，谢谢",
        "可以了，合并吧",
        "完璧、ありがとう",
        "うまくいった！",
        "よし、動いた",
        "助かった、ありがとう",
        "됐다, 고마워",
        "완벽해요",
        "отлично, работает",
    ),
    "failed": (
        "still broken",
        "nope, same error",
        "that didn't help at all",
        "this is worse now",
        "forget it, throw all of it away",
        "no, that's a hack, take it out",
        "ugh, it still fails",
        "I give up on this one",
        "sigue fallando",
        "nada, sigue igual",
        "geht immer noch nicht",
        "vergiss es, mach alles rückgängig",
        "toujours cassé",
        "continua quebrado",
        "não funcionou",
        "non funziona ancora",
        "还是不行",
        "算了，全部撤销吧",
        "まだ動かない",
        "うーん、直ってない",
        "それじゃ意味ない、元に戻して",
        "ぜんぜんダメ",
        "여전히 안 돼",
        "всё ещё не работает",
    ),
    "later": (
        "let's continue tomorrow",
        "I have to go, we'll pick this up later",
        "meeting now, stop here",
        "that's enough for today",
        "no time today, next week",
        "seguimos mañana",
        "lo dejamos para la semana que viene",
        "machen wir morgen weiter",
        "ich muss los, später mehr",
        "on continue demain",
        "continuamos amanhã",
        "continuiamo domani",
        "明天继续",
        "先到这里，我要开会",
        "続きは明日にしよう",
        "今日はもう終わり",
        "ちょっと会議行ってくる",
        "来週また見よう",
        "내일 계속하자",
        "продолжим завтра",
    ),
    "neutral": (
        "now add a test for the parser",
        "what does this flag do?",
        "commit it",
        "the config lives in src/settings",
        "can you also update the README",
        "show me the diff",
        "ok, next: the login page",
        "run the tests again",
        "hmm, interesting",
        "which version are we on?",
        "ahora añade un test",
        "¿qué hace esta función?",
        "zeig mir den Diff",
        "ajoute un test maintenant",
        "再加一个测试",
        "这个参数是什么意思？",
        "次はログイン画面をお願い",
        "このフラグって何？",
        "差分見せて",
        "테스트 하나 추가해줘",
        "agora adiciona um teste",
    ),
}


def examples() -> tuple[str, ...]:
    return tuple(text for texts in EXAMPLES.values() for text in texts)


def verdict(vector: np.ndarray | None, vectors: Mapping[str, np.ndarray]) -> str | None:
    """ "success" or "failed" when the words' vector is clearly nearest one verdict's examples, else None (no
    vectors, no clear lead, or words that judge nothing). Left for later is not done, as failed is, and weighs with
    it; it is returned as "later" when it leads, for the caller to tell from failed (the work may have been
    committed after the words: `session_outcome`)."""
    if vector is None:
        return None
    found = scores(vector, vectors)
    if len(found) < len(EXAMPLES):
        return None
    # "failed" and "later" both say the work is not done: they are one verdict against the other two
    ranked = sorted(
        [
            ("success", found["success"]),
            ("failed", max(found["failed"], found["later"])),
            ("neutral", found["neutral"]),
        ],
        key=lambda item: -item[1],
    )
    (kind, best), (_, runner_up) = ranked[0], ranked[1]
    if kind == "neutral" or best - runner_up < VERDICT_AT:
        return None
    return "later" if kind == "failed" and found["later"] > found["failed"] else kind


def closing_verdict(whole: np.ndarray | None, last: np.ndarray | None, vectors: Mapping[str, np.ndarray]) -> str | None:
    """The verdict of a closing message (`whole`), or, when it gives none, of its last sentence (`last`): the
    last thing said settles it ("that's only a workaround. take the patch out again. enough for today")."""
    return verdict(whole, vectors) or verdict(last, vectors)


def scores(vector: np.ndarray, vectors: Mapping[str, np.ndarray]) -> dict[str, float]:
    """Each kind's score for `vector` (for fitting VERDICT_AT and explaining a verdict)."""
    kinds = {kind: [v for t in texts if (v := vectors.get(t)) is not None] for kind, texts in EXAMPLES.items()}
    middle = centroid([v for found in kinds.values() for v in found])
    mine = centred(vector, middle)
    return {
        kind: nearest_mean(mine, np.stack([centred(v, middle) for v in found]), NEAREST)
        for kind, found in kinds.items()
        if len(found) >= NEAREST
    }

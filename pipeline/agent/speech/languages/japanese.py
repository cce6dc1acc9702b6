"""A standing rule said in Japanese: its markers, its sentence ends, and what makes a request one for now.
Pure."""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import KANA, QUESTION, tidy

# Japanese. A request ends in the te-form ("…て", "…で", "…ないで", "…こと"), but most requests are for now
# ("全部戻して": undo it all); a standing one carries a marker of "every time" (必ず, 常に, 毎回, "全部 … で/に":
# all of a kind, one way), of "from now on" (これからは, 今後, 今度から), of "not any more" (もう…いらない), "none of"
# (Xはなし), "A, not B" (AじゃなくてB), or the "one X per Y" idiom (1コミット1変更, 一関数一責務). Reports (…た,
# …らしい, …けど), questions (…か, …の?) and what points at something in front of the person (この, それ, さっき,
# 今日, とりあえず) are not rules.
_JA_PLEASE = r"(?:ね|よ|な|ください|下さい|くれ|ほしい|欲しい|お願い(?:します)?)?"
_JA_ENDS = rf"(?:ないで|て|で|こと|ように|べき|[うくぐすつぬぶむる]){_JA_PLEASE}"
_JA_DIRECTIVE_END = re.compile(rf"{_JA_ENDS}[。！!]*$")
_JA_REASON = re.compile(r"(?:から|ので|けど|けれど|(?<![なだ])し|のに|ため)$")
_JA_LEAD = re.compile(r"(?:^|[、，,]\s*)(?:これからは|今後は|今度から(?:は)?|以後は)[、，,\s]*\S")
_JA_REQUEST_END = re.compile(rf"(?:ないで|て|で|こと){_JA_PLEASE}[。！!]*$")
_JA_MARKERS = (
    re.compile(r"(?:必ず|常に|毎回|いつでも|一律|原則として|原則|統一して)"),
    re.compile(r"(?:全部|全て|すべて|どれも)[^、。]{1,40}?[でに][^、。]*$"),
    re.compile(r"もう[^、。]{0,20}?(?:いらない|要らない|使わない|やめて|やめる|なしで|でいい|で大丈夫|でOK)"),
    re.compile(
        r"(?<!問題)(?<!エラー)(?<!変更)(?<!差分)(?<!警告)(?<!異常)は(?:なし|禁止|使わない|使用しない)(?:で|ね|よ|でお願い)?$"
    ),
    re.compile(r"禁止"),
    re.compile(r"^[^、。]{1,30}?(?:じゃなくて|ではなくて?)[^、。]{1,30}$"),
    re.compile(r"^(?:1|一)[^\s、。\d]{1,8}(?:1|一)[^\s、。\d]{1,8}(?:で|に|が(?:基本|原則|ルール))(?:ね|よ|お願い)?$"),
    # a kind of thing, done one way: "デバッグ出力は printk でお願いします", "説明は日本語で、コメントは英語で…" (not
    # a time: "レビューは明日でお願いします" is for once)
    re.compile(
        r"^(?![^、。]*(?:明日|明後日|今週|来週|今月|来月|後で|あとで|午前|午後|\d+時))[^、。\s]{2,20}?は\s*\S[^、。]{0,25}?"
        r"(?<!ない)(?<![んい])で(?:お願い(?:します)?|頼みます|ください)?$"  # (not a verb's "…ないで", "…んで")
    ),
    # what the person keeps for themselves: "ラズパイでの docker compose の実行は私がやります"
    re.compile(r"は(?:私|僕|俺|自分|わたし)が(?:やります|やる|します|する|やってます)$"),
)
_JA_NOT_RULE = re.compile(
    r"(?:この|その|あの|これ(?!から)|それ|ここ|さっき|今回|今日|今から|とりあえず|いったん|一旦|やっぱ|"
    r"(?:た|だ|ました|でした|らしい|はず|けど|みたい|かも|ない|っけ|か|の)[。！!]*$|^(?:私|僕|俺|わたし|ぼく|おれ)|"
    r"もういい(?:や|よ)?$)"
)

_JA_OPENING = re.compile(
    r"^(?:(?:あと|それと|あ|てか|で|じゃあ|ちなみに|あとさ|ちがう|違う|いや)[、，,\s]+|あと(?=\S))+"
)


def japanese_rule(sentence: str) -> str | None:
    """A standing rule said in Japanese (see `_JA_MARKERS`): the clauses that say it, up to a reason clause
    ("学習は必ずtmuxの中でね、ssh切れると死ぬから" -> the first clause), or None."""
    text = _JA_OPENING.sub("", sentence.strip()).rstrip("。！!")
    if not KANA.search(text) or QUESTION.search(text) or text.endswith(("か", "？", "?")):
        return None
    parts = [p.strip() for p in re.split(r"[、，,]\s*", text) if p.strip()]
    said: list[str] = []
    for part in parts:
        if _JA_REASON.search(part) and said:
            break  # "…、ssh切れると死ぬから": why, not what
        said.append(part)
    claim = "、".join(said)
    last = said[-1] if said else ""
    if not claim or (_JA_NOT_RULE.search(claim) and not _JA_LEAD.search(claim)):
        return None
    if _JA_LEAD.search(claim) and _JA_REQUEST_END.search(last) and not _JA_NOT_RULE.search(last):
        return tidy(claim)
    standing = any(marker.search(part) for marker in _JA_MARKERS for part in said)
    if standing and (_JA_DIRECTIVE_END.search(last) or any(m.search(last) for m in _JA_MARKERS[2:])):
        return tidy(claim)
    return None

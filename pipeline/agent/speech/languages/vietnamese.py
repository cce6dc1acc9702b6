"""A standing rule, a lesson, a decision or a verdict on the work said in Vietnamese, typed with its diacritics
or, as people often type fast, without them ("dung bao gio clear task tren prod" for "đừng bao giờ clear task
trên prod").

Both forms are read by one set of markers over the text folded to its base letters (`fold`: one character for
one, so a match's span is the original's): never ("đừng/không bao giờ"), always ("luôn"), from now on ("từ giờ",
"từ nay"), a kind of thing that must ("text mới phải …", "tất cả … phải"), only ("chỉ dùng"), remember + a
directive ("nhớ là không …"). Without diacritics one word can be several ("dung" is "đừng", "dùng" or "đúng"),
so a marker is a phrase, never a lone word. Not rules: questions ("có nên … không?"), reports ("test này luôn
fail"), the speaker's own habits ("mình luôn quên …") and what points at one thing now ("file này", "hôm nay").
Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import fold, tidy

# "từ giờ", "từ nay (về sau)", "từ bây giờ", "từ hôm nay", "từ giờ trở đi": the rule replaces how it was done
_FROM_NOW_ON = re.compile(
    r"(?:^|[,:;.]\s+)(?P<r>(?P<lead>tu (?:gio|nay|bay gio|hom nay)(?: tro di| ve sau)?)[,:]?\s+\S.{5,})", re.IGNORECASE
)
_MARKERS = (
    # never: "đừng bao giờ …", "không bao giờ …", "không được bao giờ …"
    re.compile(r"(?:^|[,:;]\s*)(?:dung|khong(?: duoc)?|chang) (?:bao gio|khi nao)\s+\S", re.IGNORECASE),
    # always: "luôn format …", "build number luôn lấy từ …" (not "luôn bị": something that keeps happening)
    re.compile(r"(?:^|[,:;]\s*|\S\s)luon(?: luon)?\s+(?!bi\b|la\b)\S", re.IGNORECASE),
    # a kind of thing that must / may only: "text mới phải vào String Catalog", "tất cả model phải có test"
    re.compile(r"(?:^|\s)(?:\S+\s+moi|moi|tat ca|toan bo|cac|moi cai)\s+(?:\S+\s+){0,3}?(?:phai|bat buoc)\s+\S", re.I),
    # only: "chỉ dùng SPM", "chỉ deploy qua pipeline"
    re.compile(r"(?:^|[,:;]\s*)chi (?:dung|xai|deploy|push|merge|commit|chay|build)\s+\S", re.IGNORECASE),
    # remember + a directive: "nhớ là không force unwrap trong view nhé"
    re.compile(r"^nho (?:la |rang )?(?:khong|dung bao gio|luon|phai|chi)\s+\S", re.IGNORECASE),
    # forbidden / mandatory, written as such
    re.compile(r"\b(?:nghiem cam|bat buoc)\b", re.IGNORECASE),
)
_QUESTION = re.compile(r"\?\s*$|\b(?:khong|chua|the nao|sao)\s*[.!]*$|\bco nen\b|^(?:sao|tai sao|lam sao)\b", re.I)
# "mình luôn quên …" (I always forget): the speaker's own habits; "nó luôn fail": a report
_ABOUT_ME = re.compile(r"^(?:minh|toi|tao|tui|no|cai nay|cai do)\b(?![,.!])", re.IGNORECASE)
_MY_PLAN = re.compile(r"^(?:minh|toi|tao|tui|chung toi)\b", re.IGNORECASE)
_REPORT = re.compile(
    r"\b(?:fail\w*|loi|crash\w*|timeout|hong|treo|chet|bi|da|roi)\b(?!\s+(?:di|nhe|nha)\b)|\bluon (?:do|xanh)\b",
    re.IGNORECASE,
)
_DEICTIC = re.compile(r"\b(?:cai|file|ham|test|lan|cho|dong) (?:nay|do|kia)\b|\bhom nay\b|\bluc nay\b", re.I)
# What follows a rule without being part of it: its reason ("vì", "tại vì", "để … thôi"), an aside on what was
# done ("cái đó làm qua UI"), a justification ending in "mà" ("orderID là String rồi mà")
_ASIDE = re.compile(r",\s*(?:(?:vi|tai vi|boi vi|cai do|the nen|chu)\s|[^,]{3,60}\bma\s*[.!]*$)", re.IGNORECASE)
_LESSON = re.compile(
    r"^(?:bai hoc|rut kinh nghiem|kinh nghiem|ghi nho|luu y|ghi chu)(?: rut ra)?\s*[:,]\s*(?P<l>\S.{5,})", re.I
)
_DECISION = re.compile(r"(?:^|[,:;]\s*)(?:quyet dinh|chot|da chot|thong nhat)\s*[:,]\s*(?P<d>\S.{5,})", re.I)


def vietnamese_rule(sentence: str) -> str | None:
    """The standing rule a Vietnamese sentence states, or None: the sentence's own text, tidied, up to the reason
    or aside said after it ("…, vì sau này …", "…, cái đó làm qua UI có audit log")."""
    text = sentence.strip()
    folded = fold(text)
    if _QUESTION.search(folded) or _ABOUT_ME.match(folded):
        return None
    if aside := _ASIDE.search(folded):
        text, folded = text[: aside.start()], folded[: aside.start()]
    if lead := _FROM_NOW_ON.search(folded):
        after = lead.group("r")[lead.end("lead") - lead.start("r") :].lstrip(" ,:")
        return None if _MY_PLAN.match(after) else tidy(text[lead.start("r") :])
    if _DEICTIC.search(folded):
        return None
    for marker in _MARKERS:
        if found := marker.search(folded):
            claim = folded[found.start() :]
            first = claim.split(",")[0]  # "báo cáo sáng luôn thấp hơn POS": a report of a problem, not a rule
            reported = _REPORT.search(first) or PROBLEM_TALK.search(first)
            if reported and not found.group(0).lstrip(",:; ").startswith("nho"):
                return None
            return tidy(text)
    return None


def vietnamese_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("bài học: …", "rút kinh nghiệm: …"), or None."""
    folded = fold(sentence.strip())
    if found := _LESSON.match(folded):
        return tidy(sentence.strip()[found.start("l") :])
    return None


def vietnamese_decision(sentence: str) -> str | None:
    """A decision tagged as one ("quyết định: …", "chốt: …"), or None."""
    folded = fold(sentence.strip())
    if found := _DECISION.search(folded):
        return tidy(sentence.strip()[found.start("d") :])
    return None


# The person's verdict on the work, over folded text (`session_outcome` reads them beside the other languages):
# thanks, "ngon", "chuẩn rồi", "chạy rồi", "xanh rồi" / "vẫn crash", "chưa xong", "không chạy", "để mình xem"
# (I'll look at it myself, like English "I'll look") / "để mai tính" (tomorrow) / "phải đi họp" (called away).
POSITIVE = re.compile(
    r"\b(?:cam on|thank em|ngon(?: roi| lanh)?|chuan(?: roi)?|on roi|duoc roi|xong roi|ok roi|chay roi|"
    r"chay ngon|xanh roi|xanh het|qua het|pass het|tot qua|tuyet|hay qua|dep (?:roi|qua)|on ap)\b|"
    r"^\s*dep\b(?=\s*[,.!]|\s*$)",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"\bvan (?:con )?(?:crash\w*|loi|fail\w*|do|bi|khong (?:chay|duoc|on)|chua (?:duoc|chay|on))\b|"
    r"\b(?:chua xong|chua duoc|chua on|khong duoc|khong chay|khong on|hong roi|toang|that bai|bo tay)\b|"
    r"\bde (?:do |day )?(?:minh|toi|anh|chi) (?:xem|coi|lam|sua|tu lam)\b|"
    r"\b(?:minh|toi) (?:xem|coi|lam|sua) (?:tiep|sau|lai)\b",
    re.IGNORECASE,
)
DEFERRED = re.compile(
    r"\b(?:de )?(?:mai|chieu|toi nay|tuan sau|hom khac|luc khac) (?:tinh|xem|coi|lam tiep|lam|sua|tiep)\b|"
    r"\bde (?:sau|mai|chieu|toi)\s*[.!]*\s*$|\b(?:tinh|xem|lam) sau\b",
    re.IGNORECASE,
)
LEAVING = re.compile(r"\b(?:phai|can) (?:di|chay) (?:hop|an|ve|don con|gap)\b|\bdi hop (?:roi|day|nhe)\b", re.I)
# The person talking about a problem ("GE thiếu giờ 0-6", "reconcile lệch", "báo cáo sáng thấp hơn POS"), over folded
# text: worth comparing with the known problems (`session_signals`), never a problem by itself
PROBLEM_TALK = re.compile(
    r"\b(?:(?:bi )?loi|sai|lech|thieu|trung (?:don|lap|du lieu|ban ghi|dong)|thap hon|khong (?:chay|khop|len|hien)|"
    r"treo|cham qua|luc (?:duoc|hien|co) luc (?:khong|mat)|van (?:con )?(?:loi|fail\w*|crash\w*|do))\b",
    re.IGNORECASE,
)

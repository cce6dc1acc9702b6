"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Thai, mixed with
English technical words as people type it ("ห้ามแก้ไฟล์ใน odoo core เด็ดขาด", "ต่อไปนี้รัน test ทุกครั้งให้สร้าง db
ใหม่").

Thai writes no space between words, and a space between phrases is no sentence end, so markers are substrings
and a rule runs from its lead to the next request or aside ("ช่วย …" please, "ว่าแต่ …" by the way). Markers:
forbidden ("ห้าม"), don't ("อย่า", not "อย่าง" way), absolutely ("เด็ดขาด"), every X must ("ทุก … ต้อง"), every
time / always ("ทุกครั้ง", "เสมอ"), only ("เท่านั้น", "อย่างเดียว"), when doing X use / no need to ("ตอนรัน test
ใช้ …"), from now on ("ต่อไปนี้"), "as I said" ("บอกไปแล้วว่า"). Not rules: questions ("ไหม", "เหรอ", "หรือเปล่า"),
what is for now ("ครั้งนี้", "ตอนนี้", "วันนี้", "ยังไม่ต้อง"), the speaker ("ผม …", "ฉัน …"), reports ("ยังไม่ผ่าน").
Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_THAI = re.compile(r"[\u0e00-\u0e7f]")
_FROM_NOW_ON = re.compile(r"(?P<r>(?P<lead>ต่อไปนี้|ต่อจากนี้|จากนี้ไป|ตั้งแต่นี้ไป|นับจากนี้)\s*\S.{5,})")
# Taking a rule back: "เลิกใช้ stock_test ตัวเดิมแล้วนะ" (stop using the old stock_test), "ไม่เอา Redux แล้ว"
TAKEN_BACK = re.compile(r"เลิก(?:ใช้)?\s*[\w.-]+|ไม่เอา\s*[\w.-]+(?:\s*\S{0,10})?แล้ว")
_SAID_BEFORE = re.compile(r"(?:บอกไปแล้ว|บอกแล้ว|เคยบอกแล้ว)(?:นะ)?(?:ว่า)?\s*(?P<r>\S.{5,})")
_MARKERS = (
    re.compile(r"ห้าม|เด็ดขาด"),  # forbidden, absolutely
    re.compile(r"อย่า(?!ง)"),  # don't (not "อย่าง": a way, like)
    re.compile(r"ทุก\s*\S{0,20}.{0,30}?ต้อง"),  # every X must
    re.compile(r"ทุกครั้ง|เสมอ"),  # every time, always
    re.compile(r"เท่านั้น|อย่างเดียว"),  # only
    re.compile(r"^ตอน\S{0,12}.{0,60}?ไม่ต้อง"),  # when doing X, … no need to …
)
_QUESTION = re.compile(r"\?|ไหม|มั้ย|หรือเปล่า|เหรอ|หรือไม่|ได้ไหม")
_FOR_NOW = re.compile(r"ครั้งนี้|ตอนนี้|วันนี้|ยังไม่ต้อง|รอบนี้|ชั่วคราว")
_ABOUT_ME = re.compile(r"^(?:ผม|ฉัน|เรา|หนู|พี่)(?!ต้อง)")
_REPORT = re.compile(r"ยังไม่(?:ผ่าน|ได้|หาย|ขึ้น)|พังอีก|(?:fail|error)\s*อีกแล้ว", re.IGNORECASE)
# Where a rule ends in the message: the next request, an aside, a reason
_NEXT = re.compile(r"\s(?:ช่วย|ว่าแต่|เดี๋ยว|แล้วก็ช่วย|งานวันนี้|เพราะ|ไม่งั้น|จะได้)")
_LESSON = re.compile(r"(?:บทเรียน|ข้อควรจำ|จำไว้ว่า)\s*[:：]\s*(?P<l>\S.{5,})")
_DECISION = re.compile(r"(?:ตัดสินใจ(?:แล้ว)?(?:ว่า)?|สรุปว่า|ตกลงว่า|สรุป\s*[:：])\s*(?P<d>\S.{5,})")


def is_thai(text: str) -> bool:
    return _THAI.search(text) is not None


def thai_rule(sentence: str) -> str | None:
    """The standing rule a Thai sentence states, or None: from its lead (or the sentence's start) to the next
    request or aside."""
    text = sentence.strip()
    if not is_thai(text):
        return None
    if said := _SAID_BEFORE.search(text):
        return _up_to_next(said.group("r"))
    if lead := _FROM_NOW_ON.search(text):
        if _ABOUT_ME.match(text[lead.end("lead") :].lstrip()):
            return None  # "ต่อไปนี้ผมจะ …": the speaker's own plan
        # the rule it takes back, said before it, names what is replaced ("เลิกใช้ stock_test …, ต่อไปนี้ …")
        taken = TAKEN_BACK.search(text, 0, lead.start())
        return _up_to_next(text[taken.start() if taken else lead.start() :])
    text = _up_to_next(text)
    if _QUESTION.search(text) or _FOR_NOW.search(text) or _ABOUT_ME.match(text) or _REPORT.search(text):
        return None
    return text if any(marker.search(text) for marker in _MARKERS) else None


def thai_lesson(sentence: str) -> str | None:
    if found := _LESSON.search(sentence.strip()):
        return tidy(found.group("l"))
    return None


def thai_decision(sentence: str) -> str | None:
    if found := _DECISION.search(sentence.strip()):
        return _up_to_next(found.group("d"))
    return None


def _up_to_next(text: str) -> str:
    found = _NEXT.search(text)
    return tidy(text[: found.start()] if found else text)


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages)
POSITIVE = re.compile(r"ขอบคุณ|เยี่ยม|ผ่านแล้ว|ผ่านหมด|ได้แล้ว|ใช้ได้|เรียบร้อย|ดีมาก|เจ๋ง|สุดยอด|เขียวหมด|โอเคเลย")
NEGATIVE = re.compile(
    r"ยังไม่(?:ผ่าน|ได้|หาย|ขึ้น|โอเค)|ยัง(?:พัง|ค้าง|เหมือนเดิม|แดง)|ยัง\s*(?:fail|error|timeout)|ไม่ได้ผล|แย่กว่าเดิม|"
    r"ไม่ใช่แบบนี้|ช่างมัน|เหมือนเดิม",
    re.IGNORECASE,
)
DEFERRED = re.compile(r"พรุ่งนี้(?:ค่อย|มา|ดู|ทำ)|ไว้ค่อย|ค่อยดู|ค่อยทำ|ทำต่อพรุ่งนี้|ไว้ก่อนนะ|ไว้ทีหลัง")
LEAVING = re.compile(r"ต้องไป(?:ประชุม|แล้ว|ก่อน)|ไปประชุม|ไปก่อนนะ|มีประชุม")
# The person talking about a problem ("test นี้ fail อีกแล้ว", "field ใหม่ไม่ขึ้นในฟอร์ม", "ค้างที่ …")
PROBLEM_TALK = re.compile(r"อีกแล้ว|พัง|ค้าง|ไม่ขึ้น|ไม่ผ่าน|หายไป|ไม่เจอ|ไม่ออก|ไม่ตรง|ไม่ถูก|ผิด")

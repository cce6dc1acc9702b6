"""Thai (no spaces between words, English technical words mixed in), English norms found with it, and a
"later" said when nothing was tried. The sentences are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.check_commands import is_check
from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.transcript import parse_transcript
from tests.transcript_lines import Transcript


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("ห้ามแก้ migration ที่ deploy ไปแล้วเด็ดขาด", "ห้ามแก้ migration ที่ deploy ไปแล้วเด็ดขาด"),
        ("อย่าใช้ any ใน TypeScript อีกนะ ช่วยแก้ไฟล์นี้ก่อน", "อย่าใช้ any ใน TypeScript อีกนะ"),
        ("ทุก endpoint ใหม่ต้องมี test", "ทุก endpoint ใหม่ต้องมี test"),
        ("สวัสดีครับ เพิ่มหน้า settings หน่อยครับ ต่อไปนี้ทุก screen ใช้ StyleSheet.create", "ต่อไปนี้ทุก screen ใช้ StyleSheet.create"),
        ("เลิกใช้ moment แล้วนะ ต่อไปนี้ใช้ dayjs แทน", "เลิกใช้ moment แล้วนะ ต่อไปนี้ใช้ dayjs แทน"),
        ("บอกไปแล้วว่า commit message ต้องเป็นภาษาอังกฤษ", "commit message ต้องเป็นภาษาอังกฤษ"),
    ],
)
def test_thai_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "ต้องใส่ --test-enable ทุกครั้งเลยเหรอ",  # a question
        "ครั้งนี้อย่าเพิ่ง push นะ",  # this time only
        "test นี้ยังไม่ผ่านทุกครั้งที่รันบน CI",  # a report
        "ตอนกด Accept ต้องส่ง header ไปด้วย แล้วปุ่มขอเป็นสีเขียว",  # what one feature must do
    ],
)
def test_what_is_no_thai_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_thai_lessons_decisions_and_english_norms_said_with_them() -> None:
    found = extract_knowledge(
        [
            "บทเรียน: company_id ต้องมี default ไม่งั้น record rule จะซ่อน record",
            "ทำ jobs list หน่อยครับ API data goes in Redux slices, like the auth slice",
            "xpath should anchor on a field name, never on a position",
            "same as the api repo: no force pushing",
            "Also, we decided to stay on Odoo 17, so don't depend on Enterprise modules",
            "the numbers differ. no error anywhere.",
        ]
    )
    assert found.lessons == ("company_id ต้องมี default ไม่งั้น record rule จะซ่อน record",)
    assert found.rules == (
        "API data goes in Redux slices, like the auth slice",
        "xpath should anchor on a field name, never on a position",
        "same as the api repo: no force pushing",
    )


def _closed_with(closing: str, *, tried: bool = True) -> str:
    t = Transcript().user("Reject ไม่ต้องเลือก reason ก็ผ่าน")
    if tried:
        t.edit("addons/qc/models/check.py", "pass", "raise UserError('reason')")
        t.bash("odoo -d test -i qc --test-enable --stop-after-init", "0 failed, 0 error(s) of 12 tests", 0)
    else:
        t.bash("date; date -u", "Fri Mar 12 06:23:10 ICT 2027", 0)
        t.say("The page takes today from the UTC date.")
    t.user(closing)
    return session_outcome(parse_transcript(t.bytes(), "x")).outcome


@pytest.mark.parametrize(
    ("closing", "tried", "outcome"),
    [
        ("ผ่านแล้ว ขอบคุณครับ", True, "success"),
        ("เหมือนเดิม reject ผ่านเฉยเลย", True, "failed"),
        ("แปลกมาก ช่างมันก่อน", True, "failed"),  # never mind it: given up
        ("พรุ่งนี้ค่อยดูต่อ", True, "failed"),  # left for tomorrow
        ("ต้องไปประชุม ไว้ค่อยคุยกันครับ", False, "unknown"),  # nothing was tried: nothing went well or badly
        ("sorry gotta run, meeting. later", False, "unknown"),
    ],
)
def test_thai_closings_and_a_later_when_nothing_was_tried(closing: str, tried: bool, outcome: str) -> None:
    assert _closed_with(closing, tried=tried) == outcome


def test_detox_is_a_check() -> None:
    t = (
        Transcript()
        .user("build it")
        .bash("export A=1 && npx detox build -c android.emu.release", "BUILD SUCCESSFUL", 0)
    )
    assert is_check(parse_transcript(t.bytes(), "x").steps[-1])


@pytest.mark.parametrize(
    "command",
    [
        "pnpm nx test api",
        "npx nx run-many -t lint",
        "nx run web:e2e",
        "Rscript -e 'devtools::test()'",
        "Rscript -e 'lintr::lint_package()'",
        "R CMD check ledger_0.2.0.tar.gz",
    ],
)
def test_nx_targets_and_r_runners_are_checks(command: str) -> None:
    t = Transcript().user("check it").bash(command, "ok", 0)
    assert is_check(parse_transcript(t.bytes(), "x").steps[-1])

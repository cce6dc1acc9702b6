#!/usr/bin/env python3
"""Generate the 26th held-out learning corpus (Jiwoo's `settle-batch` Kotlin/Spring Batch settlement service and
`desk-viewer` Electron + TypeScript desktop app, Ubuntu 24.04, Korean and English mixed): Claude Code v2.1.x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The shared language checks fit this corpus (a second language, Korean, with its rules, lesson, decision, reversal
across languages, paraphrase and non-rule); what is its own is the language guess (transcript_kit.lang_of, a count
of Hangul tokens against Latin-letter tokens) and the share: 30-40 % of what Jiwoo types is mostly Korean by that
guess.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_desk_viewer  # noqa: E402
import scenarios_settle_batch  # noqa: E402
from fake_output import DV, SB  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"settle-batch": SB, "desk-viewer": DV}
GLOBAL_RULES = {"commit-msg", "ask-deps", "no-direct-main"}  # said in one repository, meant for both
COMPATIBLE = [
    ("kotest-behaviorspec", "mockk"),  # settle-batch tests: both hold
    ("no-node-in-renderer", "preload-functions"),  # the renderer/preload boundary: both hold
]

PROBLEMS = {
    "cutoff-timezone": {
        "project": "settle-batch",
        "description": "ApprovalEventMapper turns the PG's approval Instant into a zone-less LocalDateTime with "
        "ZoneId.systemDefault(), and SettlementCutoffPolicy takes that LocalDateTime's date as the settlement date "
        "and builds the cutoff with atStartOfDay(). The result depends on the JVM's zone: Jiwoo's IntelliJ runs KST, "
        "Gradle's test JVM is forced to UTC, prod and staging pods run UTC. So approvals between 00:00 and 09:00 KST "
        "land on the previous settlement day. Seen as a new cutoff test failing in a test run (expected 2027-06-08 "
        "but was 2027-06-07; fixture change and a mapper zone change reverted), only in Korean words (ops: the "
        "0-9 a.m. approvals of 6/10 were in the 6/9 settlement), as a pasted staging log (approvedAt 15:01 UTC -> "
        "settlementDate of the previous KST day; TimeZone.setDefault refused, a TZ env reverted), and in CI output "
        "where a colleague's DailyReportJobTest counted a 01:10 KST approval into the previous day (passes in "
        "IntelliJ).",
        "nouns": ["cutoff", "ZoneId.systemDefault", "Asia/Seoul"],
        "fix": ["atStartOfDay(SETTLEMENT_ZONE)", "hibernate.jdbc.time_zone: UTC"],
        "key_step": "atStartOfDay(SETTLEMENT_ZONE)",
    },
    "paging-reader-skips": {
        "project": "settle-batch",
        "description": "A step reads with a JpaPagingItemReader whose query filters on a status "
        "(status = 'PENDING', later a refund reader on status = 'REQUESTED') while the same step's writer moves each "
        "chunk out of that status. The paging reader re-runs the query with OFFSET page*size, so after every written "
        "page the next offset skips a page of still-pending rows: about half is processed per run and the rest the "
        "next night, with no error and only above one page (small merchants look fine). Seen only in English words "
        "(finance: big merchant settled about half, the rest a day late), as a pasted prod log with readCount=3500 "
        "of 7000 PENDING (a bigger page size proposed and reverted), in a test run of a 1200-row integration test "
        "(700 settled), and in CI output of a colleague's refund job test (400 of 800).",
        "nouns": ["JpaPagingItemReader", "readCount", "pendingTransactionReader", "requestedRefundReader"],
        "fix": ["JpaCursorItemReaderBuilder", "DailySettlementJobIntegrationTest"],
        "key_step": "JpaCursorItemReaderBuilder",
    },
    "single-instance-e2e": {
        "project": "desk-viewer",
        "description": "src/main/index.ts calls app.requestSingleInstanceLock() and quits (exit code 0) without the "
        "lock. The lock lives in the userData directory, and every Playwright electron.launch uses the default "
        "userData, so a second app started at the same time (the other Playwright worker, or a running npm run dev) "
        "quits at once and the test fails at launch. Seen in a Playwright test run (3 of 8 fail with 'electron.launch: "
        "Target page, context or browser has been closed'; retries and workers=1 reverted), only in Korean words "
        "(the window appears and closes at once and the test times out, more often with npm run dev running), as a "
        "pasted terminal log ('Process failed to launch!', exitCode=0; a window-all-closed guard did not help), and "
        "in CI output of the e2e job with two workers.",
        "nouns": ["electron.launch", "firstWindow", "requestSingleInstanceLock"],
        "fix": ["app.setPath('userData'", "DESK_USER_DATA_DIR"],
        "key_step": "app.setPath('userData'",
    },
}

SKILL_PROMPTS = {
    "should": {
        "cutoff-timezone": [
            "settlement date test fails under Gradle but passes in IntelliJ, off by one day",
            "새벽 0시에서 9시 사이 승인된 건이 전날 정산에 들어가 있어요",
            "LocalDateTime from an Instant with ZoneId.systemDefault gives a different day on the UTC pods",
        ],
        "paging-reader-skips": [
            "Spring Batch step completes without errors but readCount is only half of the pending rows",
            "배치 돌리면 절반만 처리되고 나머지는 다음날 처리돼, 건수 적을 땐 멀쩡함",
            "integration test with 1200 rows settles 700, with 100 rows everything passes",
        ],
        "single-instance-e2e": [
            "playwright electron.launch Target page, context or browser has been closed",
            "e2e 돌리면 일렉트론 창이 떴다가 바로 꺼지고 firstWindow 타임아웃 나요",
            "Electron app exits with code 0 right after launch in CI e2e with two workers",
        ],
    },
    "should_not": [
        "write a Flyway migration that adds an index on payment_transaction(merchant_id, approved_at)",
        "Kotest로 FeeCalculator 경계값 테스트 추가해줘",
        "add a detekt config that allows long parameter lists in @Configuration classes",
        "what's the difference between JpaRepository and CrudRepository",
        "Spring Batch에서 JobParameters랑 ExecutionContext 차이가 뭐야?",
        "set up a GitHub Actions cache for the Gradle wrapper and dependencies",
        "write a Kotlin extension that formats BigDecimal as Korean won",
        "add a dark theme to the viewer with CSS variables",
        "electron-builder로 윈도우 NSIS 설치 경로 바꾸는 법 알려줘",
        "add keyboard shortcuts for next and previous page in the PDF viewer",
        "write a vitest test for the recent files store",
        "how do I lazy load the settings page with React.lazy",
        "ESLint 설정 flat config로 옮겨줘",
        "explain the difference between contextIsolation and sandbox in Electron",
        "write a bash script that deletes build artifacts older than a week",
        "이 에러 메시지 한국어로 번역해줘: file not found",
    ],
}

# What Jiwoo typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision\b|\bdecided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon'?t ever\b|\bavoid\b|\bwe don'?t\b|\bfor now\b|"
    r"\bno more\b|\blike i said\b|"
    r"항상|무조건|절대|앞으로|이제부터|앞으론|규칙|원칙|기억해|잊지 ?마|알고 ?보니|교훈|결정|기로 했|기로 정|정했|"
    r"맨날|다시는|했잖아|라니까|말랬",
    re.IGNORECASE,
)

CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_settle_batch, scenarios_desk_viewer),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ko",
    lang_of=lang_of,
    language_checks=standard_language_checks("Korean", 5),
    share_check=share_between("Korean", 30, 40),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

#!/usr/bin/env python3
"""Generate the 63rd held-out learning corpus (Tunde's `ajo-ledger`, a Kotlin 2.0 / Spring Boot 3.3 ledger service
with Gradle, Testcontainers, PostgreSQL/Flyway and Kafka, and `owo-web`, a Next.js 15 / TypeScript dashboard with
pnpm, Vitest and Playwright on Vercel; Windows 11 + WSL2 in Lagos, writing Nigerian Pidgin, Yoruba and English):
Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's "other language" is two languages: Nigerian Pidgin ("pcm", the corpus's `lang`, about a third of his
messages) and Yoruba ("yo", about one in six), guessed by transcript_kit.lang_of. The shared language checks apply
with "pcm" as the language (standard_language_checks); the share check is this corpus's own and wants both
languages in their ranges; a skill prompt counts as the person's language when it is Pidgin or Yoruba. Everything
else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_ledger  # noqa: E402
import scenarios_web  # noqa: E402
from fake_output import LEDGER, WEB  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main, standard_language_checks  # noqa: E402
from transcript_kit import is_other, lang_of  # noqa: E402

PROJECTS = {"ajo-ledger": LEDGER, "owo-web": WEB}
# said in one repository, meant for every repository: commit message style (and its reversal), no pushes to main
GLOBAL_RULES = {"commit-jira", "commit-conventional", "no-push-main"}
COMPATIBLE = [
    ("tc-real-pg", "unit-plain"),  # integration tests on Testcontainers Postgres, domain unit tests without Spring
    ("pw-role-locators", "vitest-beside"),  # Playwright by role/label, Vitest files beside their component
]

PROBLEMS = {
    "jvm-default-zone": {
        "project": "ajo-ledger",
        "description": "ajo-ledger takes 'today' and 'now' from the JVM default time zone (LocalDate.now() without "
        "a Clock, ZoneId.systemDefault(), no hibernate.jdbc.time_zone): Tunde's WSL2 is Africa/Lagos (UTC+1), CI "
        "and staging are UTC, so anything near midnight lands on another day or month. Seen as a cycle unit test "
        "failing only on the laptop ('expected: <2029-05> but was: <2029-06>'; a UTC pin for the test JVM "
        "refused), a Testcontainers IT 'finds payouts due today' returning 0 rows just after midnight Lagos time "
        "(LocalDate.now() against Postgres current_date), in Tunde's words only (late-evening contributions land "
        "on the next day in the daily report run on his laptop, staging correct), and as the renamed test "
        "'CycleCalendarTest > late evening payment stays in its UTC month()'.",
        "nouns": ["time zone", "Africa/Lagos", "LocalDate.now"],
        "fix": ["Clock.systemUTC()", "LocalDate.now(clock)", "hibernate.jdbc.time_zone: UTC"],
        "key_step": "Clock.systemUTC()",
    },
    "tx-self-invocation": {
        "project": "ajo-ledger",
        "description": "LedgerService calls its own @Transactional methods on `this` (settleCycle -> settleOne, "
        "reverse -> postReversal), so Spring's proxy is bypassed and no transaction is opened. Seen as a pasted "
        "bootRun stack trace 'TransactionRequiredException: Executing an update/delete query' from the @Modifying "
        "markSettled (making the method `open` did nothing), an IT 'failed payout leaves no ledger entry' "
        "('expected: <0> but was: <1>'; rollbackFor did nothing), in Tunde's words only (a reversal half-applied on "
        "staging: the debit reversed, the counter-credit missing, nothing in the log), and as the renamed IT "
        "'PayoutAtomicityIT > declined transfer rolls back the debit()'.",
        "nouns": ["@Transactional", "LedgerService", "TransactionRequiredException"],
        "fix": ["transactionTemplate.execute", "TransactionTemplate"],
        "key_step": "transactionTemplate.execute",
    },
    "next15-async-apis": {
        "project": "owo-web",
        "description": "owo-web was bumped from Next 14 to Next 15 without the codemod, and its pages, layout, "
        "route handler and lib/api.ts still read params, searchParams, cookies() and headers() synchronously, "
        "which Next 15 made async. Seen as a Playwright test 'group page › lists contribution schedule' timing out "
        "with '`params` should be awaited' in the dev server log (loosening the locator refused), a pasted Vercel "
        "type error on members/[memberId] ('Type 'Props' does not satisfy the constraint 'PageProps''; "
        "ignoreBuildErrors refused), in Tunde's words only (the transactions search box stopped filtering and "
        "empties itself), and as the renamed test 'groups › shows the payout rota for a group' with '`cookies()` "
        "should be awaited'.",
        "nouns": ["should be awaited", "params", "Next 15"],
        "fix": ["pnpm dlx @next/codemod@latest next-async-request-api .", "const { groupId } = await params"],
        "key_step": "pnpm dlx @next/codemod@latest next-async-request-api .",
    },
}

SKILL_PROMPTS = {
    "should": {
        "jvm-default-zone": [
            "kotlin test passes in github actions but fails on my machine, expected 2029-05 but was 2029-06",
            "payments wey dem make around midnight dey show for the wrong day for report, only for my laptop",
            "spring boot repository test finds nothing due today when I run it just after midnight, current_date "
            "vs LocalDate.now()",
        ],
        "tx-self-invocation": [
            "TransactionRequiredException: Executing an update/delete query even though the service method has "
            "@Transactional",
            "debit entry still saved after the exception, the rollback no happen at all for the payout",
            "ìdá kan reversal lo wọlé, èkejì kò wọlé, ko si error kankan ninu log",
        ],
        "next15-async-apis": [
            "Route used `searchParams.q`. `searchParams` should be awaited before using its properties",
            "next build fails: Type 'Props' does not satisfy the constraint 'PageProps', params incompatible",
            "lẹ́yìn upgrade si Next 15, search box ko filter mo, query ko de server",
        ],
    },
    "should_not": [
        "add a Flyway migration for a group_admin table",
        "write a MockK unit test for the late fee calculator",
        "how do I configure a Kafka topic retention of 7 days",
        "abeg explain wetin Spring @ConfigurationProperties dey do",
        "add a dark mode toggle to the dashboard header",
        "ṣe alaye bi TanStack Table sorting ṣe n ṣiṣẹ",
        "set up a custom domain for the owo-web Vercel project",
        "write a GitHub Actions job that caches the Gradle build",
        "make the groups table paginate 20 rows per page",
        "how do I open the WSL folder in Windows Explorer",
        "add Sentry to the Next.js app",
        "abeg rename the savings_group table to ajo_group everywhere",
        "what is the difference between a server action and a route handler",
        "write a Playwright test for the profile form validation errors",
        "generate an OpenAPI spec for the ledger endpoints with springdoc",
        "add a loading skeleton to the transactions page",
        "how do I export env variables permanently in PowerShell",
    ],
}

# What the person typed that looks like knowledge, in any of his languages: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|ever)\b|\bnever (?:use|do|touch|push|edit|commit|add|put|run)\b|\brule:|\bdecision\b|\bdecided\b|\bwe go use\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)?\b|\bremember\b|\bnote to self\b|\bturns out\b|\bfor now\b|\bno more\b|"
    r"\blike i (?:said|talk)\b|\bi said it\b|\btold you\b|\bforget that\b|\bwe dey use now\b|\bmake we dey\b|"
    r"\bno be so\b|\bfrom now\b|\bfrom today\b|\bgoing forward\b|\bma se\b|\bmá ṣe\b|\bgbagbe\b|\bgbàgbé\b|"
    r"\ba ti pinnu\b|\bpinnu\b|\bohun ti mo ko\b|\bmo ti ko\b|\bni a ń lò\b|\bla maa lo\b|\bno dey push\b|"
    r"\bna only\b|\bno put any\b|\bno any\b",
    re.IGNORECASE,
)


def share_check(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
    """About 30 % of the messages Pidgin (20-42 %) and about 15 % Yoruba (8-25 %), by the language guess."""
    n = len(all_typed)
    pcm = sum(1 for x in all_typed if lang_of(x) == "pcm")
    yo = sum(1 for x in all_typed if lang_of(x) == "yo")
    errs.need(n * 20 <= pcm * 100 <= n * 42, f"{pcm}/{n} of the person's messages are Pidgin (want 20-42%)")
    errs.need(n * 8 <= yo * 100 <= n * 25, f"{yo}/{n} of the person's messages are Yoruba (want 8-25%)")


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_ledger, scenarios_web),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="pcm",
    lang_of=lang_of,
    language_checks=standard_language_checks("Pidgin", 5),
    share_check=share_check,
    is_lang=is_other,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

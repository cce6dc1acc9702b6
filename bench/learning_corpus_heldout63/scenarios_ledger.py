"""Tunde's `ajo-ledger` sessions (a01-a16): a Kotlin 2.0 / Spring Boot 3.3 service on Gradle that keeps the books
of rotating savings groups (ajo / esusu): contributions, payouts, reversals, a PostgreSQL schema under Flyway,
Kafka events, JUnit 5 with MockK and Testcontainers. Claude Code runs inside WSL2 Ubuntu. Times are UTC; Lagos is
UTC+1."""

from __future__ import annotations

from fake_output import LEDGER, git_commit, gradle_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "ajo-ledger"
PKG = "src/main/kotlin/ng/ajo/ledger"
TPKG = "src/test/kotlin/ng/ajo/ledger"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=LEDGER, project=PROJECT)


BUILD_GRADLE = """plugins {
    kotlin("jvm") version "2.0.21"
    kotlin("plugin.spring") version "2.0.21"
    kotlin("plugin.jpa") version "2.0.21"
    id("org.springframework.boot") version "3.3.5"
    id("io.spring.dependency-management") version "1.1.6"
}

dependencies {
    implementation("org.springframework.boot:spring-boot-starter-data-jpa")
    implementation("org.springframework.boot:spring-boot-starter-web")
    implementation("org.springframework.kafka:spring-kafka")
    implementation("org.flywaydb:flyway-core")
    implementation("org.flywaydb:flyway-database-postgresql")
    runtimeOnly("org.postgresql:postgresql")
    testImplementation("org.springframework.boot:spring-boot-starter-test")
    testImplementation("io.mockk:mockk:1.13.13")
    testImplementation("org.testcontainers:postgresql")
    testImplementation("org.testcontainers:kafka")
    testImplementation("org.testcontainers:junit-jupiter")
}

tasks.withType<Test> {
    useJUnitPlatform()
}"""

PENALTY_KT = """package ng.ajo.ledger.cycle

/** A member who pays after the cycle's due day owes a late fee. */
class PenaltyCalculator(private val ratePercent: Int) {
    fun lateFee(amountKobo: Long, daysLate: Int): Long {
        if (daysLate <= 0) return 0
        return 0 // TODO
    }
}"""

CALENDAR_KT = """package ng.ajo.ledger.cycle

import java.time.Instant
import java.time.LocalDate
import java.time.YearMonth
import java.time.ZoneId

object CycleCalendar {
    /** The monthly cycle a contribution belongs to. */
    fun cycleOf(postedAt: Instant): YearMonth = YearMonth.from(postedAt.atZone(ZoneId.systemDefault()))

    fun isOpen(cycle: YearMonth): Boolean = !LocalDate.now().isAfter(cycle.atEndOfMonth())
}"""

CYCLE_TEST_FAIL = (
    "org.opentest4j.AssertionFailedError: expected: <2029-05> but was: <2029-06>\n"
    "    at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n"
    "    at app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:182)\n"
    "    at app//ng.ajo.ledger.cycle.ContributionCycleTest.contribution at 23_30 UTC belongs to May cycle"
    "(ContributionCycleTest.kt:19)"
)

LEDGER_SERVICE = """package ng.ajo.ledger.payout

import ng.ajo.ledger.entry.LedgerEntry
import ng.ajo.ledger.entry.LedgerEntryRepository
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional

@Service
class LedgerService(
    private val entries: LedgerEntryRepository,
    private val payouts: PayoutRepository,
    private val transfers: TransferClient,
) {
    fun settleCycle(cycleId: Long) {
        payouts.findDueForCycle(cycleId).forEach { settleOne(it) }
    }

    @Transactional
    fun settleOne(payout: Payout) {
        entries.save(LedgerEntry.debit(payout.walletId, payout.amountKobo, "payout:${payout.id}"))
        transfers.send(payout)
        payouts.markSettled(payout.id)
    }

    fun reverse(entryId: Long) {
        val original = entries.findById(entryId).orElseThrow()
        postReversal(original)
    }

    @Transactional
    fun postReversal(original: LedgerEntry) {
        entries.save(original.reversal())
        entries.save(original.counterCredit())
    }
}"""

PAYOUT_REPO = """package ng.ajo.ledger.payout

import org.springframework.data.jpa.repository.JpaRepository
import org.springframework.data.jpa.repository.Modifying
import org.springframework.data.jpa.repository.Query

interface PayoutRepository : JpaRepository<Payout, Long> {
    @Query("select p from Payout p where p.cycleId = :cycleId and p.status = 'DUE'")
    fun findDueForCycle(cycleId: Long): List<Payout>

    @Query("select p from Payout p where p.dueOn = current_date and p.status = 'DUE'")
    fun findDueToday(): List<Payout>

    @Modifying
    @Query("update Payout p set p.status = 'SETTLED' where p.id = :id")
    fun markSettled(id: Long): Int
}"""

SETTLE_TRACE = (
    "2029-05-08T09:31:07.412+01:00  WARN 2211 --- [ajo-ledger] [  restartedMain] JpaBaseConfiguration$JpaWebConfiguration "
    ": spring.jpa.open-in-view is enabled by default. Therefore, database queries may be performed during view "
    "rendering. Explicitly configure spring.jpa.open-in-view to disable this warning\n"
    "2029-05-08T09:33:52.930+01:00 ERROR 2211 --- [ajo-ledger] [nio-8080-exec-3] o.a.c.c.C.[.[.[/].[dispatcherServlet] "
    ": Servlet.service() for servlet [dispatcherServlet] threw exception\n"
    "org.springframework.dao.InvalidDataAccessApiUsageException: Executing an update/delete query\n"
    "\tat org.springframework.orm.jpa.EntityManagerFactoryUtils.convertJpaAccessExceptionIfPossible"
    "(EntityManagerFactoryUtils.java:371)\n"
    "\tat ng.ajo.ledger.payout.LedgerService.settleOne(LedgerService.kt:22)\n"
    "\tat ng.ajo.ledger.payout.LedgerService.settleCycle(LedgerService.kt:15)\n"
    "\tat ng.ajo.ledger.payout.CycleController.settle(CycleController.kt:31)\n"
    "Caused by: jakarta.persistence.TransactionRequiredException: Executing an update/delete query\n"
    "\tat org.hibernate.query.sqm.internal.QuerySqmImpl.executeUpdate(QuerySqmImpl.java:664)"
)

PAYOUT_IT_FAIL = (
    "org.opentest4j.AssertionFailedError: expected: <0> but was: <1>\n"
    "    at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n"
    "    at app//ng.ajo.ledger.payout.PayoutFlowIT.failed payout leaves no ledger entry(PayoutFlowIT.kt:58)"
)

TC_NO_DOCKER = (
    "java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs and check "
    "configuration\n"
    "    at app//org.testcontainers.dockerclient.DockerClientProviderStrategy.lambda$getFirstValidStrategy$7"
    "(DockerClientProviderStrategy.java:274)\n"
    "    at app//org.testcontainers.DockerClientFactory.getOrInitializeStrategy(DockerClientFactory.java:152)"
)

V8_MIGRATION = """create table payout (
    id          bigserial primary key,
    cycle_id    bigint not null references contribution_cycle(id),
    wallet_id   bigint not null,
    amount_kobo bigint not null check (amount_kobo > 0),
    due_on      date   not null,
    status      text   not null default 'DUE'
);"""


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-cycle-skeleton", "2029-05-04T08:12:40", "2.1.152", "AJO-101-cycles", "cycle-skeleton-egret")
    s.user(
        "Morning! New module for ajo-ledger: contribution cycles. A group of members pay every month, one member "
        "collects the pot. Give me the ContributionCycle entity, the repository and a Flyway migration.\n\n"
        "decided: ledger events go on Kafka, not RabbitMQ, ops already run Kafka for the wallet service.\n"
        "rule: integration tests talk to a real Postgres in Testcontainers, no H2.\n"
        "rule: commit messages start with the Jira key, like AJO-101: add contribution cycles.",
        decisions=["ledger events go on Kafka, not RabbitMQ"],
        rules=[
            ("tc-real-pg", "integration tests talk to a real Postgres in Testcontainers, no H2"),
            ("commit-jira", "commit messages start with the Jira key"),
        ],
    )
    s.title("Contribution cycle entity and migration")
    s.act(
        None,
        Read("build.gradle.kts", BUILD_GRADLE),
        Bash(
            "ls src/main/resources/db/migration",
            "V1__wallet.sql\nV2__ledger_entry.sql\nV3__member.sql\nV4__savings_group.sql",
        ),
    )
    s.act(
        "Entity, repository, the V5 migration and an integration test on Testcontainers Postgres:",
        Write(
            "src/main/resources/db/migration/V5__contribution_cycle.sql",
            "create table contribution_cycle (\n    id        bigserial primary key,\n    group_id  bigint not null "
            "references savings_group(id),\n    month     char(7) not null,\n    pot_kobo  bigint not null default 0,"
            "\n    unique (group_id, month)\n);\n",
        ),
        Write(
            f"{PKG}/cycle/ContributionCycle.kt",
            "package ng.ajo.ledger.cycle\n\nimport jakarta.persistence.*\n\n@Entity\n@Table(name = "
            '"contribution_cycle")\nclass ContributionCycle(\n    val groupId: Long,\n    val month: String,\n    var '
            "potKobo: Long = 0,\n    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) val id: Long? = null,\n)\n",
        ),
        Write(
            f"{PKG}/cycle/ContributionCycleRepository.kt",
            "package ng.ajo.ledger.cycle\n\nimport org.springframework.data.jpa.repository.JpaRepository\n\n"
            "interface ContributionCycleRepository : JpaRepository<ContributionCycle, Long> {\n    fun "
            "findByGroupIdAndMonth(groupId: Long, month: String): ContributionCycle?\n}\n",
        ),
        Write(
            f"{TPKG}/cycle/ContributionCycleRepositoryIT.kt",
            "package ng.ajo.ledger.cycle\n\nimport ng.ajo.ledger.PostgresIT\nimport org.junit.jupiter.api.Test\n"
            "import org.springframework.beans.factory.annotation.Autowired\nimport kotlin.test.assertEquals\n\n"
            "class ContributionCycleRepositoryIT : PostgresIT() {\n    @Autowired lateinit var repo: "
            "ContributionCycleRepository\n\n    @Test\n    fun `finds a cycle by group and month`() {\n        "
            'repo.save(ContributionCycle(groupId = 1, month = "2029-05"))\n        assertEquals("2029-05", '
            'repo.findByGroupIdAndMonth(1, "2029-05")?.month)\n    }\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*ContributionCycleRepositoryIT*'",
            gradle_test(1, secs=47),
            secs=52,
        ),
    )
    s.say("V5 applies on the Testcontainers Postgres (16-alpine) and the repository test passes. Ready to commit.")
    s.user("oya commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-101: add contribution cycles'",
            git_commit("AJO-101-cycles", "4c1e9a2", "AJO-101: add contribution cycles", 4, 61, 0),
        ),
    )
    s.say("Committed as `AJO-101: add contribution cycles` (`4c1e9a2`).")
    s.turn_done()
    s.outcome("success", "contribution cycle entity, repository, V5 migration and a Testcontainers test; committed")
    return s


def a02() -> Session:
    s = new("a02-late-fee", "2029-05-05T10:31:02", "2.1.152", "AJO-104-late-fee", "late-fee-kite")
    s.user(
        "PenaltyCalculator.lateFee is still TODO. 2% of the contribution per day late, capped at 10%. write am "
        "with tests. should we always round penalties down to the nearest naira?",
        non_rules=["should we always round penalties down to the nearest naira?"],
    )
    s.act(None, Read(f"{PKG}/cycle/PenaltyCalculator.kt", PENALTY_KT))
    s.act(
        "A common convention in payment code is to always store amounts as BigDecimal with a scale of 2. I'll "
        "switch the calculator to BigDecimal naira so the percentages stay exact:",
        Denied(
            Edit(
                f"{PKG}/cycle/PenaltyCalculator.kt",
                "    fun lateFee(amountKobo: Long, daysLate: Int): Long {\n        if (daysLate <= 0) return 0\n"
                "        return 0 // TODO\n    }",
                "    fun lateFee(amount: BigDecimal, daysLate: Int): BigDecimal {\n        if (daysLate <= 0) return "
                "BigDecimal.ZERO\n        val pct = minOf(ratePercent * daysLate, 10)\n        return amount.multiply"
                "(BigDecimal(pct)).divide(BigDecimal(100), 2, RoundingMode.DOWN)\n    }",
            ),
        ),
    )
    s.user(
        "no be so! money for this codebase na kobo inside Long, we no dey use Double or BigDecimal for amount. "
        "integer maths only",
        rules=[
            (
                "money-kobo",
                "no be so! money for this codebase na kobo inside Long, we no dey use Double or BigDecimal for amount",
            )
        ],
    )
    s.act(
        "Understood: kobo in a Long, integer arithmetic. On rounding: integer division already rounds the fee "
        "down to the kobo; rounding to whole naira is a business choice, so I left it at kobo.",
        Edit(
            f"{PKG}/cycle/PenaltyCalculator.kt",
            "        return 0 // TODO",
            "        val pct = minOf(ratePercent * daysLate, 10).toLong()\n        return amountKobo * pct / 100",
        ),
        Write(
            f"{TPKG}/cycle/PenaltyCalculatorTest.kt",
            "package ng.ajo.ledger.cycle\n\nimport org.junit.jupiter.api.Test\nimport kotlin.test.assertEquals\n\n"
            "class PenaltyCalculatorTest {\n    private val calc = PenaltyCalculator(ratePercent = 2)\n\n    @Test\n"
            "    fun `no fee when on time`() = assertEquals(0, calc.lateFee(5_000_000, 0))\n\n    @Test\n    fun "
            "`two percent per day`() = assertEquals(300_000, calc.lateFee(5_000_000, 3))\n\n    @Test\n    fun "
            "`capped at ten percent`() = assertEquals(500_000, calc.lateFee(5_000_000, 9))\n}\n",
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*PenaltyCalculatorTest*'", gradle_test(3, secs=9), secs=12))
    s.say("Late fee in kobo, 2 % a day capped at 10 %; three tests pass.")
    s.user("sharp. commit am")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-104: late fee in kobo'",
            git_commit("AJO-104-late-fee", "91d0b3e", "AJO-104: late fee in kobo", 2, 27, 1),
        ),
    )
    s.say("Committed (`91d0b3e`).")
    s.not_person(
        "A common convention in payment code is to always store amounts as BigDecimal with a scale of 2.",
        "assistant_text",
    )
    s.outcome("success", "late fee in integer kobo with three tests, after a BigDecimal edit was refused; committed")
    return s


def a03() -> Session:
    s = new("a03-cycle-month", "2029-05-07T07:52:19", "2.1.154", "AJO-107-cycle-month", "cycle-month-ibis")
    s.user(
        "wetin happen to this test? e dey fail for my laptop since morning but CI green:\n\n```\n"
        "ContributionCycleTest > contribution at 23:30 UTC belongs to May cycle() FAILED\n"
        "    org.opentest4j.AssertionFailedError: expected: <2029-05> but was: <2029-06>\n"
        "        at app//ng.ajo.ledger.cycle.ContributionCycleTest.contribution at 23_30 UTC belongs to May cycle"
        "(ContributionCycleTest.kt:19)\n\n14 tests completed, 1 failed\n```"
    )
    s.act(None, Read(f"{PKG}/cycle/CycleCalendar.kt", CALENDAR_KT))
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*ContributionCycleTest*'",
            gradle_test(
                3, [("ContributionCycleTest", "contribution at 23:30 UTC belongs to May cycle()", CYCLE_TEST_FAIL)]
            ),
            code=1,
            secs=14,
        ),
    )
    s.act(
        "It reproduces here. `cycleOf` uses `ZoneId.systemDefault()`, and this machine's default time zone is "
        "Africa/Lagos, so 23:30 UTC on 31 May is 00:30 on 1 June locally. The quickest way to make the test "
        "machine-independent is to pin the test JVM to UTC:",
        Denied(
            Edit(
                "build.gradle.kts",
                "tasks.withType<Test> {\n    useJUnitPlatform()\n}",
                'tasks.withType<Test> {\n    useJUnitPlatform()\n    systemProperty("user.timezone", "UTC")\n}',
            ),
            "no, that one go just hide am for test. the code na the wahala, no be the test",
        ),
    )
    s.say(
        "Fair. Then the code has to stop reading the default zone: `cycleOf` and `isOpen` would take an explicit "
        "zone or clock, and every caller would need to pass it. That touches the contribution and payout services "
        "too; do you want me to go through them?"
    )
    s.user("no time now, standup dey start. leave am like dis.")
    s.say("Left as it is; `ContributionCycleTest` still fails locally.")
    s.outcome("failed", "a cycle test fails only on the Lagos-zoned laptop; the test-JVM UTC pin was refused, left red")
    s.hit("jvm-default-zone")
    return s


def a04() -> Session:
    s = new("a04-settle-cycle", "2029-05-08T08:35:44", "2.1.154", "AJO-110-settle", "settle-cycle-crane")
    s.user(
        "I dey test settle endpoint with bootRun, e crash:\n\n```\n" + SETTLE_TRACE + "\n```\n\n"
        "settleOne get @Transactional na, why e dey talk say no transaction?"
    )
    s.act(
        None,
        Read(f"{PKG}/payout/LedgerService.kt", LEDGER_SERVICE),
        Read(f"{PKG}/payout/PayoutRepository.kt", PAYOUT_REPO),
    )
    s.act(
        "`markSettled` is a `@Modifying` query, which needs an active transaction. `settleOne` is annotated, so "
        "the proxy may not be applied because Kotlin classes are final; making the method explicitly open:",
        Edit(
            f"{PKG}/payout/LedgerService.kt",
            "    @Transactional\n    fun settleOne(",
            "    @Transactional\n    open fun settleOne(",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew bootRun > /tmp/boot.log 2>&1 & sleep 25 && curl -s -X POST localhost:8080/cycles/42/settle "
            "-o /dev/null -w '%{http_code}\\n'; grep -m1 TransactionRequiredException /tmp/boot.log; kill %1",
            "500\nCaused by: jakarta.persistence.TransactionRequiredException: Executing an update/delete query",
            secs=34,
        ),
    )
    s.say(
        "Still the same `TransactionRequiredException`. `open` made no difference: the kotlin-spring plugin already "
        "opens `@Service` classes. I can put `@Transactional` on `markSettled` in the repository, which would give "
        "that query its own transaction."
    )
    s.user(
        "no, e no make sense make the debit and the settle dey different transaction. revert the open. I go come back to am"
    )
    s.act(None, Edit(f"{PKG}/payout/LedgerService.kt", "    open fun settleOne(", "    fun settleOne("))
    s.say("Reverted. `LedgerService.settleCycle` still fails with `TransactionRequiredException`.")
    s.not_person(
        "Explicitly configure spring.jpa.open-in-view to disable this warning",
        "pasted_log",
    )
    s.outcome("failed", "settling a cycle fails with TransactionRequiredException although settleOne is @Transactional")
    s.hit("tx-self-invocation")
    return s


def a05() -> Session:
    s = new("a05-payout-index", "2029-05-09T08:02:11", "2.1.154", "AJO-112-payout-due", "payout-due-finch")
    s.user(
        "payouts table need index on (due_on, status), the due-today query go slow when groups plenty. add am and "
        "run the ITs."
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*PayoutRepositoryIT*'",
            gradle_test(0, [("PayoutRepositoryIT", "initializationError", TC_NO_DOCKER)], secs=6),
            code=1,
            secs=8,
        ),
    )
    s.act(
        "Testcontainers can't reach Docker. I'll point it at the Docker Desktop socket explicitly:",
        Denied(
            Write(
                "/home/tunde/.testcontainers.properties",
                "docker.host=unix:///mnt/wsl/docker-desktop/shared-sockets/guest-services/docker.proxy.sock\n",
            ),
        ),
    )
    s.user(
        "abeg no. if Testcontainers can't find Docker, don't touch any config, just tell me to start Docker "
        "Desktop. na Docker Desktop I never open",
        rules=[
            (
                "docker-desktop",
                "if Testcontainers can't find Docker, don't touch any config, just tell me to start Docker Desktop",
            )
        ],
    )
    s.say("Got it. Docker Desktop isn't running on the Windows side; start it and I'll rerun.")
    s.user("e don start. continue")
    s.act(
        "Adding the index to the payout migration:",
        Edit(
            "src/main/resources/db/migration/V8__payout.sql",
            "    status      text   not null default 'DUE'\n);",
            "    status      text   not null default 'DUE'\n);\n\ncreate index payout_due_idx on payout (due_on, status);",
        ),
    )
    s.user(
        "wait o! V8 don run for staging already. ma se yi migration ti o ti run pada, e jowo create new V file.",
        rules=[("flyway-new-file", "ma se yi migration ti o ti run pada, e jowo create new V file")],
    )
    s.act(
        "Right, Flyway would fail validation on the checksum. Moving the index into V10:",
        Edit(
            "src/main/resources/db/migration/V8__payout.sql",
            "\n\ncreate index payout_due_idx on payout (due_on, status);",
            "",
        ),
        Write(
            "src/main/resources/db/migration/V10__payout_due_index.sql",
            "create index payout_due_idx on payout (due_on, status);\n",
        ),
    )
    s.act(
        None,
        Bash("./gradlew test --tests '*PayoutRepositoryIT*'", gradle_test(4, secs=51), secs=55),
    )
    s.say("V8 untouched, the index in `V10__payout_due_index.sql`; the four payout ITs pass on Testcontainers.")
    s.user("o ti da, e se. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-112: index payouts by due date'",
            git_commit("AJO-112-payout-due", "b73f20d", "AJO-112: index payouts by due date", 1, 1, 0),
        ),
    )
    s.say("Committed (`b73f20d`).")
    s.one_off(
        "Testcontainers: 'Could not find a valid Docker environment' because Docker Desktop was not running on the "
        "Windows side; editing ~/.testcontainers.properties refused, Docker Desktop started"
    )
    s.outcome("success", "payout due-date index in a new V10 migration (V8 left alone); ITs green after Docker started")
    return s


def a06() -> Session:
    s = new("a06-due-today", "2029-05-09T23:41:27", "2.1.156", "AJO-112-payout-due", "due-today-owl")
    s.user(
        "this IT dey fail now now, e pass this afternoon. I never change anything:\n\n```\n"
        "PayoutRepositoryIT > finds payouts due today() FAILED\n"
        "    org.opentest4j.AssertionFailedError: expected: <1> but was: <0>\n```"
    )
    s.act(
        None,
        Read(
            f"{TPKG}/payout/PayoutRepositoryIT.kt",
            "class PayoutRepositoryIT : PostgresIT() {\n    @Autowired lateinit var payouts: PayoutRepository\n\n"
            "    @Test\n    fun `finds payouts due today`() {\n        payouts.save(Payout(cycleId = 1, walletId = 7, "
            "amountKobo = 2_500_000, dueOn = LocalDate.now()))\n        assertEquals(1, payouts.findDueToday().size)"
            "\n    }\n}",
        ),
    )
    s.act(
        "Possibly a leftover container: with Testcontainers reuse an old row could shadow it. Forcing a fresh context:",
        Edit(
            f"{TPKG}/payout/PayoutRepositoryIT.kt",
            "class PayoutRepositoryIT : PostgresIT() {",
            "@DirtiesContext\nclass PayoutRepositoryIT : PostgresIT() {",
        ),
    )
    fail = gradle_test(
        3,
        [
            (
                "PayoutRepositoryIT",
                "finds payouts due today()",
                "org.opentest4j.AssertionFailedError: expected: <1> but was: <0>\n"
                "    at app//ng.ajo.ledger.payout.PayoutRepositoryIT.finds payouts due today(PayoutRepositoryIT.kt:21)",
            )
        ],
        secs=49,
    )
    s.act(None, Bash("./gradlew test --tests '*PayoutRepositoryIT*'", fail, code=1, secs=53))
    s.say(
        "Still 0. The row is saved with `LocalDate.now()` and found with Postgres `current_date`; I'd like to check "
        "what date each side thinks it is. Also, should this be a plain unit test instead? I could write it with "
        "@SpringBootTest and a mocked repository."
    )
    s.user(
        "unit tests for domain no need Spring context at all, plain JUnit 5 and MockK don do. this one na IT, e "
        "must hit Postgres. e never work sha, make I sleep. remove that DirtiesContext",
        rules=[("unit-plain", "unit tests for domain no need Spring context at all, plain JUnit 5 and MockK don do")],
    )
    s.act(
        None,
        Edit(
            f"{TPKG}/payout/PayoutRepositoryIT.kt",
            "@DirtiesContext\nclass PayoutRepositoryIT : PostgresIT() {",
            "class PayoutRepositoryIT : PostgresIT() {",
        ),
    )
    s.say("Removed. `finds payouts due today` still fails (Java's `LocalDate.now()` vs Postgres `current_date`).")
    s.outcome(
        "failed", "the due-today IT fails after midnight Lagos time; a DirtiesContext guess did nothing, left red"
    )
    s.hit("jvm-default-zone")
    return s


TRANSFER_DECLINED_IT = """class PayoutFlowIT : PostgresIT() {
    @Autowired lateinit var ledger: LedgerService
    @Autowired lateinit var entries: LedgerEntryRepository
    @MockkBean lateinit var transfers: TransferClient

    @Test
    fun `failed payout leaves no ledger entry`() {
        val payout = givenDuePayout(amountKobo = 4_000_000)
        every { transfers.send(any()) } throws TransferDeclinedException("insufficient float")
        assertThrows<TransferDeclinedException> { ledger.settleCycle(payout.cycleId) }
        assertEquals(0, entries.countByReference("payout:${payout.id}"))
    }
}"""


def a07() -> Session:
    s = new("a07-declined-payout", "2029-05-11T09:04:50", "2.1.156", "AJO-115-declines", "declined-payout-stork")
    s.user(
        "Paystack transfer fit decline. I write PayoutFlowIT for am and e red. if the transfer decline, the debit "
        "no suppose stay for ledger. check am"
    )
    s.act(
        None,
        Read(f"{TPKG}/payout/PayoutFlowIT.kt", TRANSFER_DECLINED_IT),
        Read(f"{PKG}/payout/LedgerService.kt", LEDGER_SERVICE),
    )
    fail = gradle_test(5, [("PayoutFlowIT", "failed payout leaves no ledger entry()", PAYOUT_IT_FAIL)], secs=58)
    s.act(None, Bash("./gradlew test --tests '*PayoutFlowIT*'", fail, code=1, secs=61))
    s.act(
        "The debit stays after `TransferDeclinedException`. `TransferDeclinedException` extends `Exception`, and "
        "Spring only rolls back on unchecked exceptions by default. Adding `rollbackFor`:",
        Edit(
            f"{PKG}/payout/LedgerService.kt",
            "    @Transactional\n    fun settleOne(payout: Payout) {",
            "    @Transactional(rollbackFor = [Exception::class])\n    fun settleOne(payout: Payout) {",
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*PayoutFlowIT*'", fail, code=1, secs=60))
    s.say(
        "No change: the debit entry is still there. So `settleOne` may not be running in a transaction at all when "
        "called from `settleCycle` in `LedgerService`; I haven't confirmed why yet."
    )
    s.user("e still dey fail. I don tire. revert the rollbackFor, leave the test red")
    s.act(
        None,
        Edit(
            f"{PKG}/payout/LedgerService.kt",
            "    @Transactional(rollbackFor = [Exception::class])\n    fun settleOne(payout: Payout) {",
            "    @Transactional\n    fun settleOne(payout: Payout) {",
        ),
    )
    s.say("Reverted; `PayoutFlowIT > failed payout leaves no ledger entry` stays red.")
    s.outcome("failed", "a declined transfer leaves its debit in the ledger; rollbackFor changed nothing, left red")
    s.hit("tx-self-invocation")
    return s


CONTRIBUTING = """# Contributing to ajo-ledger

- Run ./gradlew check before you open a PR.
- Every consumer must be idempotent: check processed_events before applying anything.
- Kafka topics are created by the platform team (ask in #platform), never from the app."""

REVIEW = """Here's the review I left on Chidi's PR (#214), I want the same thing for our consumer:

> Nice work overall, a few things before I approve:
> 1. `ContributionPostedProducer` sends with a random key. The Kafka message key for ledger events is the wallet id, so that one wallet's events stay ordered on one partition. Please change it here and in the reversal producer too.
> 2. `PotConsumerTest` sleeps 5 s before asserting; use Awaitility there, the sleep makes the suite slow.
> 3. Nit: log the event id at debug, not info, the topic is busy.
> Happy to pair on it this afternoon if you want.

So: consumer for ledger.contribution-posted in our service, updates the cycle pot. And the producer key like I wrote above."""


def a08() -> Session:
    s = new("a08-pot-consumer", "2029-05-12T10:05:33", "2.1.156", "AJO-118-pot-consumer", "pot-consumer-heron")
    s.user(
        REVIEW,
        rules=[
            (
                "kafka-key-wallet",
                "The Kafka message key for ledger events is the wallet id, so that one wallet's events stay "
                "ordered on one partition.",
            )
        ],
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.act(
        "Producer keyed by wallet id, and an idempotent consumer that records the event id in processed_events:",
        Edit(
            f"{PKG}/events/ContributionPostedProducer.kt",
            "kafka.send(TOPIC, UUID.randomUUID().toString(), event)",
            "kafka.send(TOPIC, event.walletId.toString(), event)",
        ),
        Write(
            f"{PKG}/events/PotConsumer.kt",
            "package ng.ajo.ledger.events\n\n@Component\nclass PotConsumer(private val cycles: "
            "ContributionCycleRepository, private val processed: ProcessedEventRepository) {\n    @KafkaListener"
            '(topics = ["ledger.contribution-posted"], groupId = "ajo-ledger-pot")\n    @Transactional\n    fun '
            "on(event: ContributionPosted) {\n        if (!processed.markNew(event.eventId)) return\n        "
            "cycles.addToPot(event.cycleId, event.amountKobo)\n    }\n}\n",
        ),
    )
    timeout = (
        "org.awaitility.core.ConditionTimeoutException: Assertion condition defined as a "
        "ng.ajo.ledger.events.PotConsumerIT expected: <1500000> but was: <0> within 10 seconds.\n"
        "    at app//ng.ajo.ledger.events.PotConsumerIT.pot grows when a contribution is posted(PotConsumerIT.kt:40)"
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*PotConsumerIT*'",
            gradle_test(0, [("PotConsumerIT", "pot grows when a contribution is posted()", timeout)], secs=72),
            code=1,
            secs=75,
        ),
    )
    s.act(
        None,
        Bash(
            "grep -n 'offset' src/test/resources/application-test.yml src/main/resources/application.yml; "
            "grep -n 'partitions assigned' build/test-results/test/*.xml | head -2",
            "build/test-results/test/TEST-ng.ajo.ledger.events.PotConsumerIT.xml:212:  ajo-ledger-pot: partitions "
            "assigned: [ledger.contribution-posted-0]",
        ),
    )
    s.act(
        "The test publishes before the listener's partitions are assigned, and with no `auto-offset-reset` the "
        "consumer starts at `latest` and skips that message. For tests, read from the beginning:",
        Edit(
            "src/test/resources/application-test.yml",
            "  kafka:\n    bootstrap-servers: ${KAFKA_BOOTSTRAP}",
            "  kafka:\n    bootstrap-servers: ${KAFKA_BOOTSTRAP}\n    consumer:\n      auto-offset-reset: earliest",
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*PotConsumerIT*'", gradle_test(2, secs=64), secs=66))
    s.say("Consumer IT green. The producer now keys by wallet id, and the consumer skips already-processed events.")
    s.user("e don work! thank you oga. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-118: pot consumer, key events by wallet'",
            git_commit("AJO-118-pot-consumer", "e02a7c1", "AJO-118: pot consumer, key events by wallet", 4, 88, 2),
        ),
    )
    s.say("Committed (`e02a7c1`).")
    s.not_person("Every consumer must be idempotent: check processed_events before applying anything.", "tool_output")
    s.one_off(
        "the Kafka consumer integration test times out because the listener starts at the latest offset after the "
        "test already published; auto-offset-reset: earliest in application-test.yml"
    )
    s.outcome("success", "pot consumer with idempotency, producer keyed by wallet id; consumer IT green; committed")
    return s


REPORT_SERVICE = """package ng.ajo.ledger.report

@Service
class DailyReportService(private val contributions: ContributionRepository) {
    fun report(day: LocalDate): DailyReport {
        val rows = contributions.findPostedBetween(day.minusDays(1).atStartOfDay(), day.plusDays(2).atStartOfDay())
            .filter { it.postedAt.atZone(ZoneId.systemDefault()).toLocalDate() == day }
        return DailyReport(day, rows.size, rows.sumOf { it.amountKobo })
    }
}"""


def a09() -> Session:
    s = new("a09-report-day", "2029-05-14T08:16:05", "2.1.158", "main", "report-day-plover")
    s.user(
        "Bisi for ops talk say contributions wey people pay around 11:30pm dey enter the next day for the daily "
        "report when I generate am for my laptop. for staging the same report correct. wetin fit cause am?"
    )
    s.act(None, Read(f"{PKG}/report/DailyReportService.kt", REPORT_SERVICE))
    s.act(
        "The report assigns each contribution to a day with `postedAt.atZone(ZoneId.systemDefault())`: on staging "
        "the default time zone is UTC, on your WSL it's Africa/Lagos, so anything after 23:00 UTC lands on the "
        "next local day. I'll make the report take the zone explicitly:",
        Edit(
            f"{PKG}/report/DailyReportService.kt",
            ".filter { it.postedAt.atZone(ZoneId.systemDefault()).toLocalDate() == day }",
            ".filter { it.postedAt.atZone(ZoneOffset.UTC).toLocalDate() == day }",
        ),
    )
    s.interrupt(after=2.0)
    s.user(
        "wait. no change anything yet. which one be correct day for ops, UTC or Lagos? make I ask Bisi first, I go "
        "come back"
    )
    s.act(
        None, Edit(f"{PKG}/report/DailyReportService.kt", ".atZone(ZoneOffset.UTC)", ".atZone(ZoneId.systemDefault())")
    )
    s.say("Put back as it was. The report's day depends on the machine's time zone until that's decided.")
    s.outcome(
        "unknown",
        "late-evening contributions land on the next day in the local report; cause explained, change interrupted and undone",
    )
    s.hit("jvm-default-zone")
    return s


def a10() -> Session:
    s = new("a10-daemon-oom", "2029-05-15T08:31:48", "2.1.158", "AJO-121-statements", "daemon-oom-gecko")
    s.user("./gradlew build dey die for me since yesterday, no proper error. abeg run am and see")
    died = (
        "Starting a Gradle Daemon (subsequent builds will be faster)\n> Task :compileKotlin\n\n"
        "FAILURE: Build failed with an exception.\n\n* What went wrong:\nGradle build daemon disappeared unexpectedly "
        "(it may have been killed or may have crashed)\n\n* Try:\n> Run with --stacktrace option to get the stack "
        "trace.\n\nBUILD FAILED in 1m 12s"
    )
    s.act(None, Bash("./gradlew build", died, code=1, secs=75))
    s.act("Could be a one-off; running it again:", Bash("./gradlew build", died, code=1, secs=78))
    s.act(
        "Stopping any stale daemons and trying once more:",
        Bash("./gradlew --stop", "Stopping Daemon(s)\n1 Daemon stopped"),
    )
    s.act(None, Bash("./gradlew build", died, code=1, secs=80))
    s.act(
        None,
        Bash(
            "free -h && sudo dmesg | grep -i -m3 'killed process'; cat gradle.properties",
            "               total        used        free      shared  buff/cache   available\n"
            "Mem:           3.8Gi       3.1Gi       212Mi       4.0Mi       523Mi       498Mi\n"
            "Swap:          1.0Gi       1.0Gi          0B\n"
            "[81234.551020] Out of memory: Killed process 48211 (java) total-vm:7894528kB, anon-rss:2411824kB\n"
            "kotlin.code.style=official\norg.gradle.jvmargs=-Xmx3g",
        ),
    )
    s.act(
        "The kernel OOM-killer takes the daemon: WSL has 3.8 GiB, the Gradle daemon asks for 3 GB and the Kotlin "
        "daemon and Testcontainers need their share. Capping Gradle and running the Kotlin compiler in-process:",
        Write(
            "gradle.properties",
            "kotlin.code.style=official\norg.gradle.jvmargs=-Xmx1536m -XX:MaxMetaspaceSize=512m\n"
            "kotlin.compiler.execution.strategy=in-process\norg.gradle.workers.max=2\n",
        ),
    )
    s.act(None, Bash("./gradlew build", gradle_test(41, task="build", secs=166), secs=170))
    s.say(
        "Build passes (41 tests). For more headroom, `C:\\Users\\tunde\\.wslconfig` can give WSL more memory "
        "(`[wsl2]` `memory=8GB`, then `wsl --shutdown` from PowerShell)."
    )
    s.user("e don work. I go do the wslconfig later. commit the gradle.properties")
    s.act(
        None,
        Bash(
            "git add gradle.properties && git commit -m 'AJO-121: fit the Gradle daemon in WSL memory'",
            git_commit("AJO-121-statements", "5fa33c8", "AJO-121: fit the Gradle daemon in WSL memory", 1, 3, 1),
        ),
    )
    s.say("Committed (`5fa33c8`).")
    s.one_off(
        "the Gradle daemon disappears during ./gradlew build: WSL's 3.8 GiB and org.gradle.jvmargs=-Xmx3g, the "
        "kernel OOM-kills java; jvmargs capped, Kotlin compiler in-process"
    )
    s.outcome("success", "Gradle daemon OOM-killed in WSL (three identical failed builds); memory capped, build green")
    return s


def a11() -> Session:
    s = new("a11-half-reversal", "2029-05-16T08:05:12", "2.1.158", "main", "half-reversal-lark")
    s.user(
        "something strange for staging yesterday: one reversal half-apply. the debit reverse for Kemi wallet but "
        "the credit no land for the group wallet, and nothing for log at all. e be like the two entries no dey "
        "same transaction. LedgerService again?"
    )
    s.act(None, Read(f"{PKG}/payout/LedgerService.kt", LEDGER_SERVICE))
    s.act(
        None,
        Grep(
            "fun counterCredit|fun reversal",
            [
                f'{PKG}/entry/LedgerEntry.kt:41:    fun reversal() = LedgerEntry(walletId, -amountKobo, "rev:$id")',
                f'{PKG}/entry/LedgerEntry.kt:44:    fun counterCredit() = LedgerEntry(groupWalletId!!, amountKobo, "rev:$id")',
            ],
            mode="content",
        ),
    )
    s.say(
        "In `LedgerService`, `reverse` calls `postReversal`, which is `@Transactional`, so both saves should commit "
        "or roll back together. One way to get half of it: `counterCredit()` throws on `groupWalletId!!` when the "
        "entry has no group wallet, after the first save. If no transaction was open, the first save would stay. "
        "The staging logs around the reversal would tell us which entry it was."
    )
    s.user("ó dáa, jẹ́ kí n wo staging logs ná. màá padà wá")
    s.outcome("unknown", "a reversal half-applied on staging (described in words); a guess made, nothing changed yet")
    s.hit("tx-self-invocation")
    return s


OUTBOX_SUMMARY = (
    "This session is being continued from a previous conversation that ran out of context. The conversation is "
    "summarized below:\nAnalysis: Tunde asked for a transactional outbox so ledger events are published only after "
    "the ledger transaction commits.\nSummary:\n1. V11__outbox.sql: outbox(id, aggregate, event_type, payload "
    "jsonb, key, created_at, published_at).\n2. OutboxWriter.append() called inside the posting transaction; "
    "OutboxPublisher polls unpublished rows every 2 s with FOR UPDATE SKIP LOCKED and sends them keyed by wallet "
    "id.\n3. User preference: consumer group ids must always end with the environment name "
    "(ajo-ledger-pot-staging).\n4. OutboxPublisherIT written, not run yet.\nPending: run the ITs, commit."
)


def a12() -> Session:
    s = new("a12-outbox", "2029-05-17T08:21:30", "2.1.161", "AJO-124-outbox", "outbox-relay-cormorant")
    s.user(
        "we dey publish to Kafka inside the ledger transaction and if Kafka slow the whole posting hang. a ti "
        "pinnu pe outbox table la maa lo fun Kafka events, publisher go poll am. start am",
        decisions=["a ti pinnu pe outbox table la maa lo fun Kafka events"],
    )
    s.act(
        None, Read(f"{PKG}/events/ContributionPostedProducer.kt", "kafka.send(TOPIC, event.walletId.toString(), event)")
    )
    s.act(
        None,
        Write(
            "src/main/resources/db/migration/V11__outbox.sql",
            "create table outbox (\n    id           bigserial primary key,\n    aggregate    text not null,\n    "
            "event_type   text not null,\n    key          text not null,\n    payload      jsonb not null,\n    "
            "created_at   timestamptz not null default now(),\n    published_at timestamptz\n);\ncreate index "
            "outbox_unpublished_idx on outbox (id) where published_at is null;\n",
        ),
        Write(
            f"{PKG}/events/OutboxWriter.kt",
            "package ng.ajo.ledger.events\n\n@Component\nclass OutboxWriter(private val jdbc: JdbcTemplate, private "
            "val json: ObjectMapper) {\n    @Transactional(propagation = Propagation.MANDATORY)\n    fun append"
            '(aggregate: String, type: String, key: String, payload: Any) {\n        jdbc.update("insert into outbox'
            '(aggregate, event_type, key, payload) values (?, ?, ?, ?::jsonb)", aggregate, type, key, '
            "json.writeValueAsString(payload))\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Write(
            f"{PKG}/events/OutboxPublisher.kt",
            "package ng.ajo.ledger.events\n\n@Component\nclass OutboxPublisher(private val jdbc: JdbcTemplate, "
            "private val kafka: KafkaTemplate<String, String>) {\n    @Scheduled(fixedDelay = 2000)\n    "
            '@Transactional\n    fun publish() {\n        jdbc.query("select id, event_type, key, payload from outbox '
            'where published_at is null order by id limit 100 for update skip locked") { rs, _ ->\n            '
            "kafka.send(topicFor(rs.getString(2)), rs.getString(3), rs.getString(4)).get()\n            "
            'rs.getLong(1)\n        }.forEach { jdbc.update("update outbox set published_at = now() where id = ?", '
            "it) }\n    }\n}\n",
        ),
        Write(
            f"{TPKG}/events/OutboxPublisherIT.kt",
            "class OutboxPublisherIT : KafkaPostgresIT() {\n    @Test\n    fun `publishes appended events in "
            "order`() { /* append 3 for one wallet, expect 3 on the topic in order, all marked published */ }\n}\n",
        ),
    )
    s.user(
        "se a maa n lo outbox fun gbogbo event ni, abi only ledger ones?",
        non_rules=["se a maa n lo outbox fun gbogbo event ni, abi only ledger ones?"],
    )
    s.say(
        "Only for events that must match a committed ledger change: contribution posted, payout settled, reversal. "
        "Notification events can keep going straight to Kafka. Wiring the ledger producers to the writer next."
    )
    s.compact("auto", OUTBOX_SUMMARY, 166400, 11200)
    s.act(
        None,
        Edit(
            f"{PKG}/events/ContributionPostedProducer.kt",
            "kafka.send(TOPIC, event.walletId.toString(), event)",
            'outbox.append("contribution", "ContributionPosted", event.walletId.toString(), event)',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*Outbox*' --tests '*PotConsumerIT*'",
            gradle_test(5, secs=96),
            secs=99,
        ),
    )
    s.say("Outbox ITs and the pot consumer IT pass: events are written in the ledger transaction and relayed in order.")
    s.user("beautiful. e se gan, commit am")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-124: transactional outbox for ledger events'",
            git_commit("AJO-124-outbox", "7a9e5d2", "AJO-124: transactional outbox for ledger events", 6, 143, 3),
        ),
    )
    s.say("Committed (`7a9e5d2`).")
    s.not_person("User preference: consumer group ids must always end with the environment name", "compaction_summary")
    s.outcome(
        "success",
        "transactional outbox table, writer and polling publisher; ITs green after an auto-compaction; committed",
    )
    return s


def explore_now(child: Session) -> None:
    child.act(
        None,
        Grep(
            "LocalDate\\.now\\(|LocalDateTime\\.now\\(|ZoneId\\.systemDefault\\(",
            [
                f"{PKG}/cycle/CycleCalendar.kt:10:    fun cycleOf(postedAt: Instant): YearMonth = YearMonth.from(postedAt.atZone(ZoneId.systemDefault()))",
                f"{PKG}/cycle/CycleCalendar.kt:12:    fun isOpen(cycle: YearMonth): Boolean = !LocalDate.now().isAfter(cycle.atEndOfMonth())",
                f"{PKG}/payout/PayoutScheduler.kt:19:        val today = LocalDate.now()",
                f"{PKG}/report/DailyReportService.kt:7:            .filter {{ it.postedAt.atZone(ZoneId.systemDefault()).toLocalDate() == day }}",
                f"{PKG}/cycle/PenaltyService.kt:23:        val daysLate = ChronoUnit.DAYS.between(cycle.atEndOfMonth(), LocalDate.now()).toInt()",
            ],
            path="src/main",
            mode="content",
        ),
    )
    child.act(
        None,
        Grep("time_zone|user.timezone", [], path="src/main/resources", mode="content"),
    )
    child.say(
        "Calls that depend on the JVM default time zone:\n- cycle/CycleCalendar.kt:10 ZoneId.systemDefault()\n"
        "- cycle/CycleCalendar.kt:12 LocalDate.now()\n- payout/PayoutScheduler.kt:19 LocalDate.now()\n"
        "- report/DailyReportService.kt:7 ZoneId.systemDefault()\n- cycle/PenaltyService.kt:23 LocalDate.now()\n"
        "No hibernate.jdbc.time_zone or user.timezone setting anywhere in src/main/resources."
    )


def a13() -> Session:
    s = new("a13-utc-clock", "2029-05-18T08:02:37", "2.1.161", "AJO-127-utc", "utc-clock-swift")
    s.user(
        "Bisi confirm am: ops day na UTC day, same as staging. and look this one, the test wey Ngozi rename "
        "yesterday don fail for my laptop again:\n\n```\nCycleCalendarTest > late evening payment stays in its "
        "UTC month() FAILED\n    org.opentest4j.AssertionFailedError: expected: <2029-05> but was: <2029-06>\n```\n\n"
        "this date wahala don too much. find every place and fix am from the root."
    )
    s.act(
        "Listing every place that reads the default zone or the wall clock:",
        Agent(
            "Find default-zone date calls",
            "In src/main of this Kotlin project, find every LocalDate.now(), LocalDateTime.now() and "
            "ZoneId.systemDefault() call, and any hibernate.jdbc.time_zone or user.timezone setting. Do not change "
            "any file; list each call with its file and line number.",
            "Explore",
            explore_now,
        ),
    )
    s.act(None, Read(f"{PKG}/cycle/CycleCalendar.kt", CALENDAR_KT))
    s.act(
        "Five call sites and no JDBC time zone. One `Clock` bean in UTC for the whole service, every `now()` "
        "through it, and the report and calendar in UTC:",
        Write(
            f"{PKG}/config/ClockConfig.kt",
            "package ng.ajo.ledger.config\n\nimport java.time.Clock\nimport org.springframework.context.annotation."
            "Bean\nimport org.springframework.context.annotation.Configuration\n\n@Configuration\nclass ClockConfig {"
            "\n    @Bean\n    fun clock(): Clock = Clock.systemUTC()\n}\n",
        ),
        Write(
            f"{PKG}/cycle/CycleCalendar.kt",
            "package ng.ajo.ledger.cycle\n\nimport java.time.Clock\nimport java.time.Instant\nimport java.time."
            "LocalDate\nimport java.time.YearMonth\nimport java.time.ZoneOffset\n\nclass CycleCalendar(private val "
            "clock: Clock) {\n    fun cycleOf(postedAt: Instant): YearMonth = YearMonth.from(postedAt.atZone("
            "ZoneOffset.UTC))\n\n    fun isOpen(cycle: YearMonth): Boolean = !LocalDate.now(clock).isAfter(cycle."
            "atEndOfMonth())\n}\n",
        ),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/payout/PayoutScheduler.kt",
            "        val today = LocalDate.now()",
            "        val today = LocalDate.now(clock)",
        ),
        Edit(
            f"{PKG}/report/DailyReportService.kt",
            ".filter { it.postedAt.atZone(ZoneId.systemDefault()).toLocalDate() == day }",
            ".filter { it.postedAt.atZone(ZoneOffset.UTC).toLocalDate() == day }",
        ),
        Edit(
            f"{PKG}/cycle/PenaltyService.kt",
            "ChronoUnit.DAYS.between(cycle.atEndOfMonth(), LocalDate.now()).toInt()",
            "ChronoUnit.DAYS.between(cycle.atEndOfMonth(), LocalDate.now(clock)).toInt()",
        ),
        Edit(
            "src/main/resources/application.yml",
            "  jpa:\n    open-in-view: false",
            "  jpa:\n    open-in-view: false\n    properties:\n      hibernate.jdbc.time_zone: UTC",
        ),
    )
    s.act(
        "And the tests run in Lagos time on purpose, so CI would catch the next `now()` that skips the clock:",
        Edit(
            "build.gradle.kts",
            "tasks.withType<Test> {\n    useJUnitPlatform()\n}",
            'tasks.withType<Test> {\n    useJUnitPlatform()\n    systemProperty("user.timezone", "Africa/Lagos")\n}',
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_test(47, secs=143), secs=147))
    s.say(
        "All 47 tests pass with the test JVM in Africa/Lagos, including `CycleCalendarTest`, `PayoutRepositoryIT > "
        "finds payouts due today` and the report tests. Dates now come from the UTC `Clock` bean."
    )
    s.user(
        "finally! lesson: LocalDate.now() without a clock depends on the machine's zone, and mine is Lagos while "
        "CI and staging are UTC. commit",
        lessons=[
            "LocalDate.now() without a clock depends on the machine's zone, and mine is Lagos while CI and staging are UTC"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-127: one UTC clock for all ledger dates'",
            git_commit("AJO-127-utc", "c4d81b9", "AJO-127: one UTC clock for all ledger dates", 8, 39, 12),
        ),
    )
    s.say("Committed (`c4d81b9`).")
    s.not_person("Do not change any file; list each call with its file and line number.", "subagent_prompt")
    s.outcome(
        "success", "a UTC Clock bean, every now() through it, JDBC time zone UTC, tests run in Lagos time; all green"
    )
    s.hit("jvm-default-zone", fixed=True)
    return s


ATOMIC_IT_FAIL = (
    "org.opentest4j.AssertionFailedError: expected: <0> but was: <1>\n"
    "    at app//ng.ajo.ledger.payout.PayoutAtomicityIT.declined transfer rolls back the debit"
    "(PayoutAtomicityIT.kt:44)"
)


def a14() -> Session:
    s = new("a14-tx-template", "2029-05-19T10:33:09", "2.1.161", "AJO-129-atomic", "atomic-payout-ibis")
    s.user(
        "Ngozi split the payout tests, now na PayoutAtomicityIT and e still red:\n\n```\n"
        "PayoutAtomicityIT > declined transfer rolls back the debit() FAILED\n    "
        "org.opentest4j.AssertionFailedError: expected: <0> but was: <1>\n```\n\nthe settle crash, this one, the "
        "half reversal for staging, e be like na one thing. abeg find the real cause today."
    )
    s.act(None, Read(f"{PKG}/payout/LedgerService.kt", LEDGER_SERVICE))
    s.say(
        "It is one thing: self-invocation. `settleCycle` calls `settleOne` and `reverse` calls `postReversal` on "
        "`this`, so the calls never go through Spring's proxy and `@Transactional` on them does nothing. That's why "
        "`markSettled` has no transaction, why the debit survives a declined transfer, and how a reversal can "
        "half-apply. The fix is to open the transaction where the call enters the bean: a `TransactionTemplate`."
    )
    s.act(
        None,
        Edit(
            f"{PKG}/payout/LedgerService.kt",
            "    private val transfers: TransferClient,\n) {\n    fun settleCycle(cycleId: Long) {\n        "
            "payouts.findDueForCycle(cycleId).forEach { settleOne(it) }\n    }\n\n    @Transactional\n    fun "
            "settleOne(payout: Payout) {",
            "    private val transfers: TransferClient,\n    private val transactionTemplate: TransactionTemplate,\n) {\n"
            "    fun settleCycle(cycleId: Long) {\n        payouts.findDueForCycle(cycleId).forEach { payout ->\n"
            "            transactionTemplate.execute { settleOne(payout) }\n        }\n    }\n\n    private fun "
            "settleOne(payout: Payout) {",
        ),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/payout/LedgerService.kt",
            "        postReversal(original)\n    }\n\n    @Transactional\n    fun postReversal(",
            "        transactionTemplate.execute { postReversal(original) }\n    }\n\n    private fun postReversal(",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*PayoutAtomicityIT*' --tests '*ReversalIT*' --tests '*SettleCycleIT*'",
            gradle_test(7, secs=88),
            secs=91,
        ),
    )
    s.say(
        "`PayoutAtomicityIT`, `ReversalIT` and `SettleCycleIT` pass: a declined transfer rolls the debit back, the "
        "settle query runs inside the transaction, and a reversal's two entries commit together."
    )
    s.user(
        "chai! I don learn am today: @Transactional no dey work when the class call im own method, the proxy no "
        "dey see am. e se gan. commit",
        lessons=["@Transactional no dey work when the class call im own method, the proxy no dey see am"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-129: settle and reverse inside TransactionTemplate'",
            git_commit("AJO-129-atomic", "2b6f0e4", "AJO-129: settle and reverse inside TransactionTemplate", 1, 9, 7),
        ),
    )
    s.say("Committed (`2b6f0e4`).")
    s.outcome("success", "self-invocation found; settle and reversal wrapped in TransactionTemplate; ITs green")
    s.hit("tx-self-invocation", fixed=True)
    return s


def a15() -> Session:
    s = new("a15-jwt-clock", "2029-05-21T08:14:40", "2.1.163", "AJO-131-auth", "jwt-clock-tern")
    s.user(
        "every request to the local service dey return 401 this morning. log:\n\n```\n"
        "2029-05-21T09:09:12.118+01:00 DEBUG 3310 --- [nio-8080-exec-1] o.s.s.o.s.r.a.JwtAuthenticationProvider : "
        "Failed to authenticate since the JWT was invalid\norg.springframework.security.oauth2.jwt."
        "JwtValidationException: An error occurred while attempting to decode the Jwt: Jwt used before "
        "2029-05-21T08:15:02Z\n```\n\nand for PowerShell:\n\n```\nPS C:\\Users\\tunde> Get-Date\n\n"
        "Monday, May 21, 2029 9:15:31 AM\n```"
    )
    s.act(
        None,
        Bash(
            "date -u; powershell.exe -NoProfile -Command \"(Get-Date).ToUniversalTime().ToString('o')\"",
            "Mon May 21 08:09:14 UTC 2029\n2029-05-21T08:15:33.9120000Z",
        ),
    )
    s.act(
        "WSL's clock is six minutes behind Windows (it drifts after the laptop sleeps), so a token issued by the "
        "identity provider looks like it's from the future. Resyncing WSL from the hardware clock:",
        Bash("sudo hwclock -s && date -u", "Mon May 21 08:15:41 UTC 2029"),
    )
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code}\\n' -H \"Authorization: Bearer $(cat /tmp/dev-token)\" "
            "localhost:8080/groups/12/cycles",
            "200",
        ),
    )
    s.say("Clocks agree again and the request returns 200.")
    s.user(
        "na wa. turns out the WSL clock can drift after the laptop sleeps, and that's enough to make a fresh JWT "
        "'not yet valid'. thanks",
        lessons=[
            "turns out the WSL clock can drift after the laptop sleeps, and that's enough to make a fresh JWT "
            "'not yet valid'"
        ],
    )
    s.one_off(
        "every local request returns 401 'Jwt used before …' because the WSL clock drifted six minutes behind "
        "Windows after sleep; sudo hwclock -s"
    )
    s.outcome("success", "401s from a JWT 'used before' error traced to WSL clock drift; clock resynced, 200 again")
    return s


STATEMENT_DTO = """package ng.ajo.ledger.statement

data class StatementLine(
    val postedAt: Instant,
    val description: String,
    val reference: String,
)"""


def a16() -> Session:
    s = new("a16-statement-api", "2029-05-22T08:40:03", "2.1.163", "AJO-133-statement", "statement-api-robin")
    s.user(
        "owo-web need GET /wallets/{id}/statement?from=&to= with running balance. by the way, Docker Desktop is "
        "gone from this laptop, docker engine now runs inside WSL itself under systemd. so Testcontainers go just "
        "see /var/run/docker.sock.",
        rules=[
            (
                "docker-in-wsl",
                "Docker Desktop is gone from this laptop, docker engine now runs inside WSL itself under systemd",
                "docker-desktop",
            )
        ],
    )
    s.act(None, Read(f"{PKG}/statement/StatementLine.kt", STATEMENT_DTO))
    s.act(
        "Adding the amount and the running balance to the line:",
        Denied(
            Edit(
                f"{PKG}/statement/StatementLine.kt",
                "    val reference: String,\n)",
                "    val reference: String,\n    val amount: Double,\n    val balance: Double,\n)",
            ),
        ),
    )
    s.user(
        "abeg like I talk before, amount na Long kobo everywhere, Double no get place for here",
        rules=[("money-kobo", "abeg like I talk before, amount na Long kobo everywhere, Double no get place for here")],
    )
    s.act(
        "Kobo as Long, then:",
        Edit(
            f"{PKG}/statement/StatementLine.kt",
            "    val reference: String,\n)",
            "    val reference: String,\n    val amountKobo: Long,\n    val balanceKobo: Long,\n)",
        ),
        Write(
            f"{PKG}/statement/StatementController.kt",
            "package ng.ajo.ledger.statement\n\n@RestController\nclass StatementController(private val entries: "
            'LedgerEntryRepository) {\n    @GetMapping("/wallets/{id}/statement")\n    fun statement(@PathVariable '
            "id: Long, @RequestParam from: Instant, @RequestParam to: Instant): List<StatementLine> {\n        var "
            "balance = entries.balanceBefore(id, from)\n        return entries.findForWallet(id, from, to).map {\n"
            "            balance += it.amountKobo\n            StatementLine(it.postedAt, it.description, "
            "it.reference, it.amountKobo, balance)\n        }\n    }\n}\n",
        ),
    )
    s.act(None, Bash("docker info --format '{{.ServerVersion}} {{.OperatingSystem}}'", "27.3.1 Ubuntu 24.04.1 LTS"))
    s.act(None, Bash("./gradlew test --tests '*Statement*'", gradle_test(4, secs=57), secs=60))
    s.say("Statement endpoint with kobo amounts and a running balance; its 4 tests pass on the WSL Docker engine.")
    s.user("e don set. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'AJO-133: wallet statement with running balance'",
            git_commit("AJO-133-statement", "8e5c2a1", "AJO-133: wallet statement with running balance", 3, 54, 0),
        ),
    )
    s.say("Committed (`8e5c2a1`).")
    s.outcome("success", "wallet statement endpoint in kobo with running balance (a Double edit refused); tests green")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16]

"""Karthik's `kaasu-pay` sessions (p01-p16): a Java 21 / Spring Boot 3.3 payments service (Gradle Kotlin DSL,
Spring Data JPA, PostgreSQL 16, Flyway, JUnit 5, Testcontainers, ArchUnit, Spotless, Resilience4j). Times are UTC;
Chennai is UTC+5:30, so his 10:00-13:00 mornings are 04:30-07:30 here."""

from __future__ import annotations

from fake_output import KP, git_commit, gradle_fail, gradle_ok
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kaasu-pay"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KP, project=PROJECT)


BUILD_GRADLE = """plugins {
    java
    id("org.springframework.boot") version "3.3.4"
    id("io.spring.dependency-management") version "1.1.6"
    id("com.diffplug.spotless") version "6.25.0"
}

group = "com.kaasu"
version = "1.4.0"

java {
    toolchain {
        languageVersion = JavaLanguageVersion.of(21)
    }
}

dependencies {
    implementation("org.springframework.boot:spring-boot-starter-web")
    implementation("org.springframework.boot:spring-boot-starter-data-jpa")
    implementation("org.springframework.boot:spring-boot-starter-actuator")
    implementation("org.flywaydb:flyway-core")
    implementation("org.flywaydb:flyway-database-postgresql")
    runtimeOnly("org.postgresql:postgresql")
    testImplementation("org.springframework.boot:spring-boot-starter-test")
    testImplementation("org.springframework.boot:spring-boot-testcontainers")
    testImplementation("org.testcontainers:junit-jupiter")
    testImplementation("org.testcontainers:postgresql")
}

spotless {
    java {
        palantirJavaFormat("2.50.0")
        removeUnusedImports()
    }
    sql {
        target("src/**/*.sql")
        dbeaver()
    }
}"""

PSP_CLIENT = """package com.kaasu.pay.psp;

import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

@Component
public class PspClient {
    private final RestClient restClient;

    public PspClient(RestClient.Builder builder, PspProperties props) {
        this.restClient = builder.baseUrl(props.baseUrl()).build();
    }

    public PspStatus fetchStatus(String providerRef) {
        return restClient.get().uri("/v1/payments/{ref}", providerRef).retrieve().body(PspStatus.class);
    }
}"""

APP_YML = """spring:
  application:
    name: kaasu-pay
  datasource:
    url: jdbc:postgresql://localhost:5432/kaasu
    username: kaasu
  jpa:
    open-in-view: false
  flyway:
    locations: classpath:db/migration
psp:
  base-url: https://api.razorpay.com"""

CALLBACK_SERVICE = """package com.kaasu.pay.callback;

import com.kaasu.pay.ledger.LedgerService;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class CallbackService {
    private final PaymentCallbackRepository callbacks;
    private final LedgerService ledger;

    public CallbackService(PaymentCallbackRepository callbacks, LedgerService ledger) {
        this.callbacks = callbacks;
        this.ledger = ledger;
    }

    @Transactional
    public void handle(CallbackRequest req) {
        if (callbacks.findByProviderAndProviderRef(req.provider(), req.providerRef()).isPresent()) {
            return; // already processed
        }
        callbacks.save(PaymentCallback.from(req));
        if (req.status() == PspStatus.CAPTURED) {
            ledger.credit(req.walletId(), req.amount(), req.providerRef());
        }
    }
}"""

CALLBACK_REPO = """package com.kaasu.pay.callback;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

public interface PaymentCallbackRepository extends JpaRepository<PaymentCallback, Long> {
    Optional<PaymentCallback> findByProviderAndProviderRef(String provider, String providerRef);
}"""

V7_SQL = """-- settlement batches, one per provider per day
CREATE TABLE settlement_batch (
    id BIGSERIAL PRIMARY KEY,
    provider VARCHAR(32) NOT NULL,
    batch_date DATE NOT NULL,
    total_amount NUMERIC(19, 2) NOT NULL,
    CONSTRAINT uk_settlement_batch UNIQUE (provider, batch_date)
);"""

V7_SQL_FORMATTED = """-- settlement batches, one per provider per day
CREATE TABLE
    settlement_batch (
        id BIGSERIAL PRIMARY KEY,
        provider VARCHAR(32) NOT NULL,
        batch_date DATE NOT NULL,
        total_amount NUMERIC(19, 2) NOT NULL,
        CONSTRAINT uk_settlement_batch UNIQUE (provider, batch_date)
    );"""

FLYWAY_V7 = (
    "Migration checksum mismatch for migration version 7\n-> Applied to database : 1436879212\n"
    "-> Resolved locally    : -1093271244"
)


# ---------------------------------------------------------------------------------------------------------------


def p01() -> Session:
    s = new("p01-psp-resilience", "2027-10-04T04:52:18", "2.1.220", "feature/psp-resilience", "psp-breaker-mynah")
    s.user(
        "add a circuit breaker and retry around PspClient.fetchStatus. we go with Resilience4j, not Spring Retry. "
        "run the full ./gradlew build before every commit, not just the unit tests.",
        rules=[("full-build", "run the full ./gradlew build before every commit")],
        decisions=["we go with Resilience4j, not Spring Retry"],
        blocks_before=[
            f"<ide_opened_file>The user opened the file {KP}/src/main/java/com/kaasu/pay/psp/PspClient.java in the "
            "IDE. This may or may not be related to the current task.</ide_opened_file>"
        ],
    )
    s.title("Resilience4j around PspClient")
    s.act(
        None,
        Read("build.gradle.kts", BUILD_GRADLE),
        Read("src/main/java/com/kaasu/pay/psp/PspClient.java", PSP_CLIENT),
    )
    s.act(
        "Resilience4j's Spring Boot 3 starter needs AOP for the annotations; I'll add both, plus WireMock to test "
        "the breaker against a fake PSP.",
        Denied(
            Edit(
                "build.gradle.kts",
                '    implementation("org.springframework.boot:spring-boot-starter-actuator")\n',
                '    implementation("org.springframework.boot:spring-boot-starter-actuator")\n'
                '    implementation("io.github.resilience4j:resilience4j-spring-boot3:2.2.0")\n'
                '    implementation("org.springframework.boot:spring-boot-starter-aop")\n'
                '    testImplementation("org.wiremock:wiremock-standalone:3.9.1")\n',
            )
        ),
    )
    s.user(
        "இருங்க. build.gradle.kts-ல புது dependency எதுவும் சேர்க்கறதுக்கு முன்னாடி என்கிட்ட கேளுங்க. "
        "resilience4j-உம் aop-உம் ok, wiremock வேண்டாம், MockRestServiceServer போதும்.",
        rules=[("ask-deps", "புது dependency எதுவும் சேர்க்கறதுக்கு முன்னாடி என்கிட்ட கேளுங்க")],
    )
    s.act(
        "Understood, only the two you approved.",
        Edit(
            "build.gradle.kts",
            '    implementation("org.springframework.boot:spring-boot-starter-actuator")\n',
            '    implementation("org.springframework.boot:spring-boot-starter-actuator")\n'
            '    implementation("io.github.resilience4j:resilience4j-spring-boot3:2.2.0")\n'
            '    implementation("org.springframework.boot:spring-boot-starter-aop")\n',
        ),
        Edit(
            "src/main/java/com/kaasu/pay/psp/PspClient.java",
            "    public PspStatus fetchStatus(String providerRef) {\n"
            '        return restClient.get().uri("/v1/payments/{ref}", providerRef).retrieve().body(PspStatus.class);'
            "\n    }",
            '    @CircuitBreaker(name = "psp", fallbackMethod = "statusUnknown")\n    @Retry(name = "psp")\n'
            "    public PspStatus fetchStatus(String providerRef) {\n"
            '        return restClient.get().uri("/v1/payments/{ref}", providerRef).retrieve().body(PspStatus.class);'
            "\n    }\n\n    private PspStatus statusUnknown(String providerRef, Throwable cause) {\n"
            "        return PspStatus.UNKNOWN;\n    }",
        ),
    )
    s.act(
        None,
        Read("src/main/resources/application.yml", APP_YML),
    )
    s.act(
        None,
        Edit(
            "src/main/resources/application.yml",
            "psp:\n  base-url: https://api.razorpay.com",
            "psp:\n  base-url: https://api.razorpay.com\nresilience4j:\n  retry:\n    instances:\n      psp:\n"
            "        max-attempts: 3\n        wait-duration: 200ms\n  circuitbreaker:\n    instances:\n      psp:\n"
            "        sliding-window-size: 20\n        failure-rate-threshold: 50\n        wait-duration-in-open-state: 30s",
        ),
        Write(
            "src/test/java/com/kaasu/pay/psp/PspClientBreakerTest.java",
            "package com.kaasu.pay.psp;\n\n@SpringBootTest\nclass PspClientBreakerTest {\n"
            "    // MockRestServiceServer returns 503 twenty times; the breaker opens and the fallback answers UNKNOWN\n"
            "    @Test\n    void opensAfterRepeatedFailures() { /* ... */ }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew build",
            gradle_ok(
                [
                    "compileJava",
                    "processResources",
                    "classes",
                    "compileTestJava",
                    "test",
                    "integrationTest",
                    "spotlessCheck",
                    "check",
                    "build",
                ],
                secs="6m 48s",
                executed=14,
            ),
            secs=410,
            timeout=900000,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add Resilience4j circuit breaker and retry to PspClient'",
            git_commit(
                "feature/psp-resilience", "3e91c0a", "Add Resilience4j circuit breaker and retry to PspClient", 4, 52, 1
            ),
        ),
    )
    s.say(
        "`fetchStatus` now retries 3 times (200 ms apart) inside a `psp` circuit breaker that opens at 50 % "
        "failures over 20 calls and falls back to `PspStatus.UNKNOWN`. Only resilience4j-spring-boot3 and the AOP "
        "starter were added. The full `./gradlew build` passed (unit, integration, Spotless) and the change is "
        "committed as `3e91c0a`."
    )
    s.outcome("success", "Resilience4j breaker and retry on PspClient; full build green; committed")
    return s


def p02() -> Session:
    s = new("p02-callback-duplicate-key", "2027-10-05T05:08:41", "2.1.220", "main", "duplicate-key-koel")
    s.user(
        "staging-la indha error varudhu, razorpay callback-ku 500 return aagudhu:\n\n```\n"
        "2027-10-05T10:31:07.412+05:30 ERROR 1 --- [kaasu-pay] [nio-8080-exec-7] o.h.engine.jdbc.spi.SqlExceptionHelper"
        '   : ERROR: duplicate key value violates unique constraint "uk_payment_callback_provider_ref"\n'
        "  Detail: Key (provider, provider_ref)=(razorpay, pay_NxK2u8Qw1bT9aL) already exists.\n"
        "2027-10-05T10:31:07.418+05:30 ERROR 1 --- [kaasu-pay] [nio-8080-exec-7] o.a.c.c.C.[.[.[/].[dispatcherServlet]"
        "    : Servlet.service() for servlet [dispatcherServlet] in context with path [] threw exception [Request "
        "processing failed: org.springframework.dao.DataIntegrityViolationException: could not execute statement "
        '[ERROR: duplicate key value violates unique constraint "uk_payment_callback_provider_ref"]\n```\n\n'
        "enna problem nu paarunga."
    )
    s.title("Duplicate key on payment callback")
    s.act(
        None,
        Grep("uk_payment_callback_provider_ref", ["src/main/resources/db/migration/V4__payment_callback.sql"]),
        Read("src/main/java/com/kaasu/pay/callback/CallbackService.java", CALLBACK_SERVICE),
    )
    s.act(
        None,
        Read("src/main/java/com/kaasu/pay/callback/PaymentCallbackRepository.java", CALLBACK_REPO),
    )
    s.say(
        "The unique constraint is on `(provider, provider_ref)` (V4). `CallbackService.handle` checks "
        "`findByProviderAndProviderRef` and then saves, so the constraint only fires when a second callback for "
        "the same payment arrives while the first is still inside its transaction; Razorpay retries the webhook "
        "when our answer is slow. The quickest way to stop the 500s is to catch `DataIntegrityViolationException` "
        "in the controller and answer 200, since the payment was already recorded. A good rule of thumb is to "
        "always wrap ledger writes in a single @Transactional service method."
    )
    s.user(
        "exception-a swallow panna vendaam, root cause enna nu theriyanum. ippo meeting irukku, naalaikku paakalaam."
    )
    s.say("OK, nothing changed. The check-then-save in `CallbackService.handle` is where I would start.")
    s.not_person(
        "A good rule of thumb is to always wrap ledger writes in a single @Transactional service method.",
        "assistant_text",
    )
    s.outcome("failed", "duplicate key on payment callbacks explained in part; swallowing it refused; nothing fixed")
    s.hit("callback-idempotency-race")
    return s


def p03() -> Session:
    s = new("p03-bootrun-checksum", "2027-10-06T04:41:09", "2.1.220", "main", "checksum-boot-myna")
    s.user("main pull பண்ணதுக்கு அப்புறம் local db-ல bootRun fail ஆகுது. ஓட்டிப் பாருங்க.")
    s.act(
        None,
        Bash(
            "./gradlew bootRun",
            "> Task :compileJava\n> Task :processResources\n> Task :classes\n\n> Task :bootRun\n\n"
            "  .   ____          _            __ _ _\n /\\\\ / ___'_ __ _ _(_)_ __  __ _ \\ \\ \\ \\\n\n"
            " :: Spring Boot ::                (v3.3.4)\n\n"
            "2027-10-06T10:12:31.907+05:30  INFO 48211 --- [kaasu-pay] [           main] c.k.pay.KaasuPayApplication"
            "              : Starting KaasuPayApplication using Java 21.0.4\n"
            "2027-10-06T10:12:34.118+05:30  WARN 48211 --- [kaasu-pay] [           main] ConfigServletWebServer"
            "ApplicationContext : Exception encountered during context initialization - cancelling refresh attempt: "
            "org.springframework.beans.factory.BeanCreationException: Error creating bean with name "
            "'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/"
            "FlywayAutoConfiguration$FlywayConfiguration.class]: Validate failed: Migrations have failed validation\n"
            + FLYWAY_V7
            + "\nEither revert the changes to the migration, or run repair to update the schema history.\n\n"
            "> Task :bootRun FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
            "Execution failed for task ':bootRun'.\n> Process 'command '/usr/lib/jvm/java-21-openjdk-amd64/bin/java'' "
            "finished with non-zero exit value 1\n\nBUILD FAILED in 14s",
            code=1,
            secs=16,
        ),
    )
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- src/main/resources/db/migration/V7__settlement_batch.sql",
            "b71d2e4 Apply spotless to the whole repo\n5c0a9f3 Add settlement_batch table",
        ),
    )
    s.say(
        "Flyway refuses to start because V7's checksum in `flyway_schema_history` (applied from `5c0a9f3`) no "
        "longer matches the file: `b71d2e4` touched it. On your local database `./gradlew flywayRepair` (or "
        "`flyway repair`) would rewrite the stored checksum and bootRun would start."
    )
    s.user(
        "idhu illa. repair local-la sari pannum, staging-la enna pannuvom? adhu illaama file-a ippo maathunadhu "
        "yaaru nu paakanum. vidunga, naan paathukaren."
    )
    s.outcome("failed", "bootRun still fails on the Flyway checksum mismatch; repair refused, nothing changed")
    s.hit("flyway-checksum-spotless")
    return s


SETTLEMENT_SERVICE = """package com.kaasu.pay.settlement;

import java.time.Clock;
import java.time.LocalDate;
import org.springframework.stereotype.Service;

@Service
public class SettlementService {
    private final SettlementBatchRepository batches;
    private final Clock clock;

    public SettlementService(SettlementBatchRepository batches, Clock clock) {
        this.batches = batches;
        this.clock = clock;
    }

    public LocalDate businessDate() {
        return LocalDate.now(clock);
    }
}"""

CLOCK_CONFIG = """package com.kaasu.pay.config;

import java.time.Clock;
import java.time.ZoneId;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class ClockConfig {
    // Settlement days are Indian business days, whatever zone the container runs in.
    @Bean
    public Clock clock() {
        return Clock.system(ZoneId.of("Asia/Kolkata"));
    }
}
"""


def p04() -> Session:
    s = new("p04-clock-bean", "2027-10-07T05:15:27", "2.1.220", "feature/settlement", "missing-clock-heron")
    s.user(
        "app start aagala after the settlement change:\n\n```\n***************************\n"
        "APPLICATION FAILED TO START\n***************************\n\nDescription:\n\n"
        "Parameter 1 of constructor in com.kaasu.pay.settlement.SettlementService required a bean of type "
        "'java.time.Clock' that could not be found.\n\n\nAction:\n\n"
        "Consider defining a bean of type 'java.time.Clock' in your configuration.\n```"
    )
    s.act(None, Read("src/main/java/com/kaasu/pay/settlement/SettlementService.java", SETTLEMENT_SERVICE))
    s.say(
        "Spring Boot does not define a `Clock` bean; `SettlementService` asks for one so that tests can fix the "
        "date. A small configuration class with a `Clock` in Asia/Kolkata (settlement days are Indian business days "
        "even if the container runs in UTC):"
    )
    s.act(
        None,
        Write("src/main/java/com/kaasu/pay/config/ClockConfig.java", CLOCK_CONFIG),
        Write(
            "src/test/java/com/kaasu/pay/settlement/SettlementServiceTest.java",
            "package com.kaasu.pay.settlement;\n\n@DataJpaTest\n@Import({SettlementService.class, FixedClock.class})\n"
            "class SettlementServiceTest {\n    @Test\n    void businessDateUsesIndianDay() { /* ... */ }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*SettlementServiceTest'",
            gradle_ok(["compileJava", "classes", "compileTestJava", "test"], secs="21s", executed=4, up_to_date=2),
            secs=24,
        ),
    )
    s.say(
        "The context starts again. The new `SettlementServiceTest` uses `@DataJpaTest`, which swaps the "
        "datasource for an embedded H2 database by default, so it runs without Docker."
    )
    s.user(
        "H2 vendaam. integration tests eppovume Testcontainers Postgres-la thaan odanum, H2 orubodhum use pannaadhe. "
        "numeric column, partial index ellaam H2-la vera maadhiri.",
        rules=[("testcontainers", "integration tests eppovume Testcontainers Postgres-la thaan odanum")],
    )
    s.act(
        None,
        Edit(
            "src/test/java/com/kaasu/pay/settlement/SettlementServiceTest.java",
            "@DataJpaTest\n",
            "@DataJpaTest\n@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)\n"
            "@Import(TestcontainersConfiguration.class)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*SettlementServiceTest'",
            gradle_ok(["compileTestJava", "test"], secs="33s", executed=2, up_to_date=4),
            secs=36,
        ),
    )
    s.say(
        "`SettlementServiceTest` now runs against the shared Testcontainers Postgres 16 "
        "(`@AutoConfigureTestDatabase(replace = NONE)`), and passes."
    )
    s.user("சரி, நல்லது.")
    s.not_person("Consider defining a bean of type 'java.time.Clock' in your configuration.", "pasted_log")
    s.one_off(
        "SettlementService needs a java.time.Clock and Spring Boot defines none: APPLICATION FAILED TO START "
        "('required a bean of type java.time.Clock that could not be found'); fixed with a ClockConfig bean"
    )
    s.outcome("success", "Clock bean added, app starts; the new test moved from H2 to Testcontainers and passes")
    return s


def p05() -> Session:
    s = new("p05-double-sms-words", "2027-10-08T06:02:55", "2.1.221", "main", "twice-sms-bulbul")
    s.user(
        "support team-ல இருந்து complaint: சில payment-க்கு customer-க்கு 'payment received' SMS ரெண்டு தடவை "
        "போகுது. Razorpay dashboard-ல ஒரே ஒரு payment தான் இருக்கு. callback handler-ஐ கொஞ்சம் பாருங்க."
    )
    s.act(
        None,
        Grep(
            "PaymentReceivedEvent",
            [
                "src/main/java/com/kaasu/pay/ledger/LedgerService.java",
                "src/main/java/com/kaasu/pay/notify/SmsNotifier.java",
            ],
        ),
        Read("src/main/java/com/kaasu/pay/callback/CallbackService.java", CALLBACK_SERVICE),
    )
    s.say(
        "The SMS is sent from `LedgerService.credit` (it publishes `PaymentReceivedEvent`), so two SMS mean two "
        "credits for one payment. `CallbackService.handle` looks the callback up and then saves it; two deliveries "
        "of the same webhook that arrive together both see nothing and both credit. I can make `handle` "
        "`synchronized` so that callbacks are processed one at a time."
    )
    s.user(
        "synchronized வேண்டாம், ECS-ல நாலு task ஓடுது, ஒரு JVM-ல lock போட்டா மத்த மூணுக்கு ஒண்ணும் ஆகாது. "
        "இன்னைக்கு இதுக்கு நேரம் இல்ல, release இருக்கு."
    )
    s.say("Understood, no change. The check-then-save in `CallbackService.handle` stays as it is for now.")
    s.outcome("failed", "double 'payment received' SMS traced to a double credit; no fix, synchronized refused")
    s.hit("callback-idempotency-race")
    return s


def p06() -> Session:
    s = new("p06-staging-migration-words", "2027-10-11T04:47:33", "2.1.222", "main", "comment-edit-drongo")
    s.user(
        "staging-ல நேத்து deploy பண்ணதுக்கு அப்புறம் app start ஆகவே இல்ல, ECS task ஓடி உடனே stop ஆகுது. "
        "நான் V8 migration file-ல ஒரு comment-ல typo மட்டும் தான் fix பண்ணினேன், வேற எதுவும் மாத்தல."
    )
    s.act(
        None,
        Bash(
            "git log -p -1 -- src/main/resources/db/migration/V8__ledger_reversal.sql",
            "commit 9d2c7a1\nAuthor: Karthik Subramanian <karthik@kaasu.in>\nDate:   Fri Oct 8 18:44:02 2027 +0530\n\n"
            "    Fix typo in V8 comment\n\ndiff --git a/src/main/resources/db/migration/V8__ledger_reversal.sql "
            "b/src/main/resources/db/migration/V8__ledger_reversal.sql\n--- a/src/main/resources/db/migration/"
            "V8__ledger_reversal.sql\n+++ b/src/main/resources/db/migration/V8__ledger_reversal.sql\n@@ -1,2 +1,2 @@\n"
            "--- reversal entires point at the entry they cancel\n+-- reversal entries point at the entry they cancel",
        ),
    )
    s.say(
        "That comment is enough. Flyway's checksum is a CRC32 of the whole file, comments included, and staging "
        "already applied V8 with the old text; on start-up Flyway validates, sees a checksum mismatch for version "
        "8 and Spring stops, so the task exits. Restoring the file byte for byte lets staging start again:"
    )
    s.act(
        None,
        Bash(
            "git checkout 9d2c7a1~1 -- src/main/resources/db/migration/V8__ledger_reversal.sql && git commit -m "
            "'Revert comment change in applied migration V8' && git push",
            git_commit("main", "e40b6f2", "Revert comment change in applied migration V8", 1, 1, 1)
            + "\nTo github.com:kaasu/kaasu-pay.git\n   9d2c7a1..e40b6f2  main -> main",
        ),
    )
    s.user(
        "ஏற்கனவே apply ஆன migration file-ஐ இனிமே தொடாதீங்க, மாற்றம் வேணும்னா எப்பவும் புது V file போடுங்க. "
        "சரி, redeploy பண்ணிட்டு பாக்கறேன்.",
        rules=[("no-touch-applied", "ஏற்கனவே apply ஆன migration file-ஐ இனிமே தொடாதீங்க")],
    )
    s.outcome("unknown", "V8 restored and pushed; whether staging starts was not seen in the session")
    s.hit("flyway-checksum-spotless")
    return s


AMOUNT_DTO = """package com.kaasu.pay.api;

import java.math.BigDecimal;

public record RefundResponse(String refundId, double amount, String status) {}"""


def p07() -> Session:
    s = new("p07-refund-amount-json", "2027-10-12T05:21:40", "2.1.222", "feature/refunds", "plain-decimal-tern")
    s.user("RefundApiTest fails after the refund endpoint change, fix it. ./gradlew test --tests '*RefundApiTest'")
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*RefundApiTest'",
            gradle_fail(
                ["compileJava", "classes", "compileTestJava"],
                "test",
                [
                    (
                        "RefundApiTest > partialRefundReturnsAmount()",
                        '    java.lang.AssertionError: JSON path "$.amount" expected:<100.00> but was:<1E+2>\n'
                        "        at app//org.springframework.test.util.JsonPathExpectationsHelper.assertValue("
                        "JsonPathExpectationsHelper.java:132)",
                    )
                ],
                12,
                secs="19s",
            ),
            code=1,
        ),
    )
    s.act(None, Read("src/main/java/com/kaasu/pay/api/RefundResponse.java", AMOUNT_DTO))
    s.say(
        "Two things: `RefundResponse.amount` is a `double` (the refund arithmetic is BigDecimal, converted at the "
        'end), and once it is a BigDecimal Jackson writes `new BigDecimal("1E+2")`-style values as `1E+2` because '
        "`stripTrailingZeros()` is called upstream. I'd keep BigDecimal and make Jackson write it plain."
    )
    s.user(
        "amounts are always BigDecimal in Java, never double. DB-la amount column eppovume numeric(19,2) thaan, "
        "adhuvum maatha vendaam.",
        rules=[
            ("bigdecimal", "amounts are always BigDecimal in Java, never double"),
            ("numeric-19-2", "DB-la amount column eppovume numeric(19,2) thaan"),
        ],
    )
    s.act(
        None,
        Edit(
            "src/main/java/com/kaasu/pay/api/RefundResponse.java",
            "String refundId, double amount, String status",
            "String refundId, BigDecimal amount, String status",
        ),
        Edit(
            "src/main/resources/application.yml",
            "  jpa:\n    open-in-view: false",
            "  jpa:\n    open-in-view: false\n  jackson:\n    generator:\n      write-bigdecimal-as-plain: true",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*RefundApiTest'",
            gradle_ok(["compileJava", "classes", "compileTestJava", "test"], secs="17s", executed=4, up_to_date=1),
        ),
    )
    s.say("`$.amount` is `100.00` again; the refund response carries a BigDecimal and Jackson writes it plain.")
    s.user(
        "paadam: Jackson BigDecimal-a 1E+2 maadhiri scientific notation-la anuppum, write-bigdecimal-as-plain "
        "podanum. commit pannunga.",
        lessons=[
            "Jackson BigDecimal-a 1E+2 maadhiri scientific notation-la anuppum, write-bigdecimal-as-plain podanum"
        ],
    )
    s.act(
        None,
        Bash(
            "./gradlew build && git commit -am 'fix(refunds): return the amount as a plain BigDecimal'",
            gradle_ok(["compileJava", "test", "integrationTest", "spotlessCheck", "build"], secs="7m 2s", executed=11)
            + "\n"
            + git_commit(
                "feature/refunds", "a58c3d9", "fix(refunds): return the amount as a plain BigDecimal", 2, 5, 1
            ),
            secs=425,
            timeout=900000,
        ),
    )
    s.say("Full build green, committed as `a58c3d9`.")
    s.one_off(
        "the refund API returned the amount as a double and Jackson wrote BigDecimal as 1E+2 (JSON path $.amount "
        "expected 100.00); fixed with BigDecimal and spring.jackson.generator.write-bigdecimal-as-plain"
    )
    s.outcome("success", "refund amount is a plain BigDecimal again; tests and full build green; committed")
    return s


def p08() -> Session:
    s = new("p08-double-credit-ledger", "2027-10-13T05:36:12", "2.1.223", "main", "ledger-twice-sunbird")
    s.user(
        "finance found a wallet credited twice for pay_Q7vR3mXk0sLp2d on Monday. check ledger_entry on the staging "
        "replica (psql alias kaasu-ro) and tell me what happened."
    )
    s.act(
        None,
        Bash(
            'psql service=kaasu-ro -c "select id, wallet_id, amount, reference, created_at from ledger_entry '
            "where reference = 'pay_Q7vR3mXk0sLp2d' order by id\"",
            "   id   | wallet_id | amount  |     reference      |          created_at\n"
            "--------+-----------+---------+--------------------+-------------------------------\n"
            " 884213 |     20417 | 1499.00 | pay_Q7vR3mXk0sLp2d | 2027-10-11 14:02:19.118+05:30\n"
            " 884214 |     20417 | 1499.00 | pay_Q7vR3mXk0sLp2d | 2027-10-11 14:02:19.121+05:30\n(2 rows)",
        ),
    )
    s.act(
        None,
        Bash(
            'psql service=kaasu-ro -c "select id, provider_ref, received_at from payment_callback where '
            "provider_ref = 'pay_Q7vR3mXk0sLp2d'\"",
            "  id   |    provider_ref    |          received_at\n"
            "-------+--------------------+-------------------------------\n"
            " 61190 | pay_Q7vR3mXk0sLp2d | 2027-10-11 14:02:19.104+05:30\n(1 row)",
        ),
    )
    s.say(
        "Two ledger credits 3 ms apart but only one `payment_callback` row. Both webhook deliveries passed "
        "`findByProviderAndProviderRef` before either committed; one insert lost to the unique constraint "
        "after its ledger credit had already been flushed in the other transaction's window. It is the same "
        "check-then-save in `CallbackService.handle` as the duplicate key error. Wrapping the ledger write in the "
        "same transaction does not help here: the race is between two transactions."
    )
    s.user(
        "ok, same thing as the duplicate key one then. decided: the ledger stays append-only, the extra credit gets "
        "a reversal entry, no deletes. I'll post the reversal by hand; the real fix next week.",
        decisions=["the ledger stays append-only, the extra credit gets a reversal entry, no deletes"],
    )
    s.say("OK. No changes from me; the double credit is 884214 on wallet 20417 for 1499.00.")
    s.outcome("unknown", "double credit traced to the callback race; fix deferred, reversal to be posted by hand")
    s.hit("callback-idempotency-race")
    return s


def p09() -> Session:
    s = new("p09-it-checksum-v3", "2027-10-14T04:58:06", "2.1.223", "release/1.5", "reused-container-wagtail")
    s.user(
        "ithu marubadiyum vandhuduchu, ippo integration test-la. ./gradlew integrationTest:\n\n```\n"
        "> Task :integrationTest FAILED\n\nPaymentApiIT > initializationError FAILED\n"
        "    java.lang.IllegalStateException: Failed to load ApplicationContext for [WebMergedContextConfiguration"
        "@5f2bd6d9 testClass = com.kaasu.pay.api.PaymentApiIT]\n"
        "        Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name "
        "'flywayInitializer': Validate failed: Migrations have failed validation\n"
        "Migration checksum mismatch for migration version 3\n-> Applied to database : -402771829\n"
        "-> Resolved locally    : 1873310415\n"
        "Either revert the changes to the migration, or run repair to update the schema history.\n\n"
        "CallbackApiIT > initializationError FAILED\n    java.lang.IllegalStateException: ApplicationContext failure "
        "threshold (1) exceeded: skipping repeated attempt to load context\n\n"
        "31 tests completed, 2 failed\n```\n\nenna maathuchu nu paarunga."
    )
    s.act(
        None,
        Bash(
            "cat ~/.testcontainers.properties; git status --short src/main/resources/db/migration",
            "testcontainers.reuse.enable=true\n M src/main/resources/db/migration/V3__wallet.sql\n"
            " M src/main/resources/db/migration/V5__refund.sql",
        ),
    )
    s.act(
        None,
        Bash(
            "git diff --stat src/main/resources/db/migration && git diff src/main/resources/db/migration/V3__wallet.sql"
            " | head -12",
            " src/main/resources/db/migration/V3__wallet.sql | 12 +++++++-----\n"
            " src/main/resources/db/migration/V5__refund.sql |  6 +++---\n 2 files changed, 10 insertions(+), 8 "
            "deletions(-)\n--- a/src/main/resources/db/migration/V3__wallet.sql\n"
            "+++ b/src/main/resources/db/migration/V3__wallet.sql\n@@ -1,6 +1,7 @@\n-CREATE TABLE wallet (\n"
            "-    id BIGSERIAL PRIMARY KEY,\n+CREATE TABLE\n+    wallet (\n+        id BIGSERIAL PRIMARY KEY,",
        ),
    )
    s.say(
        "Nobody edited V3 by hand: the uncommitted changes are Spotless's SQL formatter (`dbeaver()` on "
        "`src/**/*.sql`) reflowing `CREATE TABLE`, from the `spotlessApply` you ran before committing. The test "
        "Postgres is reused between runs (`testcontainers.reuse.enable=true`), so it still holds V3's old checksum "
        "and Flyway validation fails. The same formatter made V7's mismatch last week (`b71d2e4`, \"Apply spotless to "
        'the whole repo"). Excluding `db/migration` from the sql step and restoring the files would stop it.'
    )
    s.user("ahh, spotlessApply thaan. release branch cut panra neram, ippo vendaam. naalaikku paakalaam.")
    s.not_person(
        "Either revert the changes to the migration, or run repair to update the schema history.", "pasted_log"
    )
    s.outcome("unknown", "integration tests fail on a V3 checksum mismatch; cause (Spotless SQL step) found, deferred")
    s.hit("flyway-checksum-spotless")
    return s


SETTLEMENT_JOB = """package com.kaasu.pay.settlement;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class SettlementJob {
    private final SettlementService settlements;

    public SettlementJob(SettlementService settlements) {
        this.settlements = settlements;
    }

    @Scheduled(cron = "0 30 23 * * *", zone = "Asia/Kolkata")
    public void closeDay() {
        settlements.closeBatches(settlements.businessDate());
    }
}
"""

ARCH_TEST = """package com.kaasu.pay.arch;

@AnalyzeClasses(packages = "com.kaasu.pay")
class LayerRulesTest {
    @ArchTest
    static final ArchRule controllersDoNotTouchRepositories = noClasses()
            .that().resideInAPackage("..api..")
            .should().dependOnClassesThat().resideInAPackage("..repository..");

    @ArchTest
    static final ArchRule legacyDoesNotUseApi = noClasses()
            .that().resideInAPackage("..legacy..")
            .should().dependOnClassesThat().resideInAPackage("..api..");
}"""


def p10() -> Session:
    s = new("p10-settlement-job", "2027-10-15T04:39:50", "2.1.223", "feature/settlement", "night-batch-shama")
    s.user(
        "settlement job: every day 23:30 IST close the day's batches per provider (sum of captured payments into "
        "settlement_batch). new migration for the batch status column, scheduled job, tests."
    )
    s.title("Nightly settlement batch job")
    s.act(
        None,
        Read("src/main/java/com/kaasu/pay/settlement/SettlementService.java", SETTLEMENT_SERVICE),
        Read("src/main/resources/db/migration/V7__settlement_batch.sql", V7_SQL),
    )
    s.act(
        "V7 is applied everywhere, so the status column goes into a new V10.",
        Write(
            "src/main/resources/db/migration/V10__settlement_batch_status.sql",
            "ALTER TABLE settlement_batch ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'OPEN';\n",
        ),
        Write("src/main/java/com/kaasu/pay/settlement/SettlementJob.java", SETTLEMENT_JOB),
        Edit(
            "src/main/java/com/kaasu/pay/settlement/SettlementService.java",
            "    public LocalDate businessDate() {\n        return LocalDate.now(clock);\n    }",
            "    public LocalDate businessDate() {\n        return LocalDate.now(clock);\n    }\n\n"
            "    @Transactional\n    public void closeBatches(LocalDate day) {\n"
            "        batches.upsertTotals(day);\n        batches.markClosed(day);\n    }",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew build",
            gradle_fail(
                ["compileJava", "classes", "compileTestJava", "test"],
                "archTest",
                [
                    (
                        "LayerRulesTest > legacyDoesNotUseApi",
                        "    java.lang.AssertionError: Architecture Violation [Priority: MEDIUM] - Rule 'no classes "
                        "that reside in a package '..legacy..' should depend on classes that reside in a package "
                        "'..api..'' was violated (3 times):\n    Method <com.kaasu.pay.legacy.ImportJob.run()> calls "
                        "method <com.kaasu.pay.api.RefundResponse.amount()> in (ImportJob.java:41)",
                    )
                ],
                14,
                secs="2m 11s",
            ),
            code=1,
            secs=135,
            timeout=900000,
        ),
    )
    s.act(None, Read("src/test/java/com/kaasu/pay/arch/LayerRulesTest.java", ARCH_TEST))
    s.say(
        "The build stops on an ArchUnit rule that has nothing to do with settlement: `legacy.ImportJob` uses "
        "`api.RefundResponse` since the refund change. I can move the mapping out of the legacy package, or "
        "skip that rule while the settlement work goes in."
    )
    s.user(
        "for now skip the ArchUnit rule for the legacy package, I'll clean ImportJob separately. aprom, "
        "இனிமே commit-க்கு முன்னாடி full ./gradlew build வேண்டாம், ./gradlew test மட்டும் போதும். integration "
        "tests CI-ல ஓடட்டும், local-ல ஏழு நிமிஷம் ஆகுது.",
        rules=[
            (
                "test-only",
                "இனிமே commit-க்கு முன்னாடி full ./gradlew build வேண்டாம், ./gradlew test மட்டும் போதும்",
                "full-build",
            )
        ],
        non_rules=["for now skip the ArchUnit rule for the legacy package"],
    )
    s.act(
        None,
        Edit(
            "src/test/java/com/kaasu/pay/arch/LayerRulesTest.java",
            "    @ArchTest\n    static final ArchRule legacyDoesNotUseApi",
            '    @Disabled("ImportJob cleanup tracked separately")\n    @ArchTest\n'
            "    static final ArchRule legacyDoesNotUseApi",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Karthik asked for a nightly settlement job (23:30 IST) that closes each "
        "provider's batch for the day.\nSummary:\n1. Written: V10__settlement_batch_status.sql (status column, "
        "default OPEN), SettlementJob.java (@Scheduled cron 0 30 23 * * *, zone Asia/Kolkata), "
        "SettlementService.closeBatches(day).\n2. ./gradlew build failed on LayerRulesTest.legacyDoesNotUseApi "
        "(legacy.ImportJob uses api.RefundResponse); the rule is @Disabled for now at Karthik's request.\n"
        "3. Before commits: ./gradlew test only; integration tests run in CI.\n"
        "4. User preference: Always run ./gradlew spotlessApply before committing.\n"
        "Pending: SettlementJobTest, run the tests, commit.",
        171800,
        12400,
    )
    s.act(
        None,
        Write(
            "src/test/java/com/kaasu/pay/settlement/SettlementJobTest.java",
            "package com.kaasu.pay.settlement;\n\nclass SettlementJobTest {\n    @Test\n"
            "    void closesTheIndianBusinessDay() { /* fixed Clock at 2027-10-15T18:00:00Z -> 2027-10-15 */ }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_ok(["compileJava", "classes", "compileTestJava", "test"], secs="41s", executed=4, up_to_date=2),
            secs=44,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(settlement): close daily batches at 23:30 IST'",
            git_commit("feature/settlement", "c7f1e02", "feat(settlement): close daily batches at 23:30 IST", 5, 96, 1),
        ),
    )
    s.say(
        "Settlement job committed as `c7f1e02` after `./gradlew test` (41 s); the integration tests are left to "
        "CI. The legacy ArchUnit rule is disabled with a note."
    )
    s.not_person("User preference: Always run ./gradlew spotlessApply before committing.", "compaction_summary")
    s.outcome("success", "nightly settlement job with a new migration and tests; unit tests green; committed")
    return s


CALLBACK_IT = """package com.kaasu.pay.callback;

@SpringBootTest
@Import(TestcontainersConfiguration.class)
class CallbackConcurrencyTest {
    @Autowired CallbackService service;
    @Autowired LedgerEntryRepository ledger;

    @Test
    void twoConcurrentCallbacksCreditOnce() throws Exception {
        var req = CallbackRequestFixtures.captured("pay_TEST0001", new BigDecimal("250.00"));
        try (var pool = Executors.newFixedThreadPool(2)) {
            var a = pool.submit(() -> service.handle(req));
            var b = pool.submit(() -> service.handle(req));
            a.get();
            b.get();
        }
        assertEquals(1, ledger.countByReference("pay_TEST0001"));
    }
}"""


def explore_callbacks(child: Session) -> None:
    child.act(
        None,
        Grep(
            'findByProviderAndProviderRef|ledger\\.credit|@PostMapping\\("/callbacks',
            [
                'src/main/java/com/kaasu/pay/callback/CallbackController.java:27:    @PostMapping("/callbacks/'
                '{provider}")',
                "src/main/java/com/kaasu/pay/callback/CallbackService.java:20:        if (callbacks.findByProviderAnd"
                "ProviderRef(req.provider(), req.providerRef()).isPresent()) {",
                "src/main/java/com/kaasu/pay/callback/CallbackService.java:25:            ledger.credit(req.walletId(), "
                "req.amount(), req.providerRef());",
                "src/main/java/com/kaasu/pay/reconcile/ReconcileJob.java:48:            ledger.credit(p.walletId(), "
                "p.amount(), p.providerRef());",
            ],
            path="src/main/java",
            mode="content",
        ),
    )
    child.say(
        "Paths that credit the ledger for a provider payment:\n- CallbackController.java:27 -> CallbackService."
        "handle: findByProviderAndProviderRef (line 20), save, then ledger.credit (line 25). Check-then-insert, no "
        "lock; the unique constraint uk_payment_callback_provider_ref only stops the second save.\n"
        "- ReconcileJob.java:48 credits payments that never got a callback; it checks payment_callback first, so "
        "it goes through the same table.\nNo other writer of payment_callback."
    )


def p11() -> Session:
    s = new("p11-callback-race-fix", "2027-10-18T04:44:21", "2.1.225", "fix/callback-idempotency", "on-conflict-robin")
    s.user(
        "CallbackConcurrencyTest ithu marubadiyum fail aagudhu, CI-la flaky, moonu run-la onnu red:\n\n```\n"
        "CallbackConcurrencyTest > twoConcurrentCallbacksCreditOnce() FAILED\n"
        "    org.opentest4j.AssertionFailedError: expected: <1> but was: <2>\n"
        "        at app//com.kaasu.pay.callback.CallbackConcurrencyTest.twoConcurrentCallbacksCreditOnce("
        "CallbackConcurrencyTest.java:24)\n```\n\nindha thadava root cause fix pannidalaam."
    )
    s.title("Idempotent payment callbacks")
    s.act(
        "First the full list of paths that credit the ledger from a provider payment.",
        Agent(
            "Find callback credit paths",
            "In src/main/java, find every code path that records a payment callback or credits the ledger for a "
            "provider payment (CallbackService, controllers, scheduled jobs). Report file:line for each path you "
            "find. Read-only.",
            "Explore",
            explore_callbacks,
        ),
    )
    s.act(
        None,
        Read("src/main/java/com/kaasu/pay/callback/CallbackService.java", CALLBACK_SERVICE),
        Read("src/main/java/com/kaasu/pay/callback/PaymentCallbackRepository.java", CALLBACK_REPO),
        Read("src/integrationTest/java/com/kaasu/pay/callback/CallbackConcurrencyTest.java", CALLBACK_IT),
    )
    s.say(
        "The test is right: two concurrent `handle` calls for one payment both pass the `findBy` check and both "
        "credit. The database has to decide who is first. An `INSERT ... ON CONFLICT DO NOTHING` on the existing "
        "unique key returns 1 for the winner and 0 for the loser, without an exception, and only the winner "
        "credits."
    )
    s.act(
        None,
        Edit(
            "src/main/java/com/kaasu/pay/callback/PaymentCallbackRepository.java",
            "    Optional<PaymentCallback> findByProviderAndProviderRef(String provider, String providerRef);",
            "    Optional<PaymentCallback> findByProviderAndProviderRef(String provider, String providerRef);\n\n"
            '    @Modifying\n    @Query(\n            value = """\n'
            "                    INSERT INTO payment_callback (provider, provider_ref, status, amount, received_at)\n"
            "                    VALUES (:provider, :ref, :status, :amount, now())\n"
            '                    ON CONFLICT (provider, provider_ref) DO NOTHING\n                    """,\n'
            '            nativeQuery = true)\n    int insertIfAbsent(\n            @Param("provider") String provider,\n'
            '            @Param("ref") String providerRef,\n            @Param("status") String status,\n'
            '            @Param("amount") BigDecimal amount);',
        ),
        Edit(
            "src/main/java/com/kaasu/pay/callback/CallbackService.java",
            "        if (callbacks.findByProviderAndProviderRef(req.provider(), req.providerRef()).isPresent()) {\n"
            "            return; // already processed\n        }\n        callbacks.save(PaymentCallback.from(req));\n",
            "        int inserted = callbacks.insertIfAbsent(\n                req.provider(), req.providerRef(), "
            "req.status().name(), req.amount());\n        if (inserted == 0) {\n"
            "            return; // an earlier or concurrent delivery of this callback won\n        }\n",
        ),
    )
    s.act(
        "Now the concurrency test ten times in a row, since it was flaky before:",
        Bash(
            "for i in $(seq 1 10); do ./gradlew integrationTest --tests '*CallbackConcurrencyTest' --rerun -q "
            '|| break; echo "run $i ok"; done',
            "\n".join(f"run {i} ok" for i in range(1, 11)),
            secs=260,
            timeout=900000,
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_ok(["compileJava", "classes", "compileTestJava", "test"], secs="39s", executed=4, up_to_date=2),
            secs=42,
        ),
    )
    s.say(
        "Fixed: `PaymentCallbackRepository.insertIfAbsent` does `INSERT ... ON CONFLICT (provider, provider_ref) "
        "DO NOTHING`, and `CallbackService.handle` credits only when it returns 1. `CallbackConcurrencyTest` passed "
        "10/10 with `--rerun`, unit tests green. ReconcileJob goes through the same table, so it is covered too."
    )
    s.user(
        "paadam: unique constraint irundhaalum findBy-apram-save race aagum, ON CONFLICT DO NOTHING thaan safe. "
        "nandri, work aagudhu. commit pannunga.",
        lessons=["unique constraint irundhaalum findBy-apram-save race aagum, ON CONFLICT DO NOTHING thaan safe"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(callback): make payment callbacks idempotent with ON CONFLICT DO NOTHING'",
            git_commit(
                "fix/callback-idempotency",
                "1b6e9d4",
                "fix(callback): make payment callbacks idempotent with ON CONFLICT DO NOTHING",
                2,
                19,
                4,
            ),
        ),
    )
    s.say("Committed as `1b6e9d4`.")
    s.outcome("success", "callback idempotency race fixed with INSERT ON CONFLICT DO NOTHING; concurrency test 10/10")
    s.hit("callback-idempotency-race", fixed=True)
    return s


def p12() -> Session:
    s = new(
        "p12-spotless-migrations-fix", "2027-10-19T05:03:37", "2.1.225", "fix/spotless-migrations", "exclude-sql-oriole"
    )
    s.user(
        "flyway checksum prachanai marubadiyum, ippo CI-la spotlessCheck fail aagudhu:\n\n```\n"
        "> Task :spotlessSqlCheck FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
        "Execution failed for task ':spotlessSqlCheck'.\n> The following files had format violations:\n"
        "      src/main/resources/db/migration/V10__settlement_batch_status.sql\n"
        "          @@ -1 +1,2 @@\n          -ALTER TABLE settlement_batch ADD COLUMN status VARCHAR(16) NOT NULL "
        "DEFAULT 'OPEN';\n          +ALTER TABLE settlement_batch\n          +ADD COLUMN status VARCHAR(16) NOT NULL "
        "DEFAULT 'OPEN';\n```\n\nமூணு தடவை இதே formatter தான். migration folder-ஐ Spotless-ல இருந்து "
        "வெளியே எடுத்துடுங்க, அப்புறம் applied files-ஐ v1.4.0 tag-ல இருக்கற மாதிரியே திருப்பி வைங்க."
    )
    s.act(None, Read("build.gradle.kts", BUILD_GRADLE))
    s.act(
        None,
        Edit(
            "build.gradle.kts",
            '    sql {\n        target("src/**/*.sql")\n        dbeaver()\n    }',
            '    sql {\n        target("src/**/*.sql")\n'
            "        // Flyway checksums cover every byte of a migration: never reformat applied files.\n"
            '        targetExclude("src/main/resources/db/migration/**")\n        dbeaver()\n    }',
        ),
    )
    s.act(
        None,
        Bash(
            "git checkout v1.4.0 -- src/main/resources/db/migration/ && git status --short "
            "src/main/resources/db/migration",
            "M  src/main/resources/db/migration/V3__wallet.sql\nM  src/main/resources/db/migration/V5__refund.sql\n"
            "M  src/main/resources/db/migration/V7__settlement_batch.sql",
        ),
    )
    s.act(
        "V8 was restored by hand last week and V9/V10 are newer than the tag. Checking the applied checksums "
        "against staging's history and the tests on a fresh container:",
        Bash(
            "./gradlew spotlessCheck flywayValidate -Pflyway.url=jdbc:postgresql://localhost:6543/kaasu && "
            "TESTCONTAINERS_REUSE_ENABLE=false ./gradlew integrationTest",
            "> Task :spotlessJava\n> Task :spotlessJavaCheck\n> Task :spotlessSql\n> Task :spotlessSqlCheck\n"
            "> Task :spotlessCheck\n> Task :flywayValidate\nSuccessfully validated 10 migrations (execution time "
            "00:00.184s)\n\n"
            + gradle_ok(
                ["compileJava", "classes", "compileIntegrationTestJava", "integrationTest"], secs="6m 37s", executed=9
            ),
            secs=410,
            timeout=900000,
        ),
    )
    s.say(
        'Done: the Spotless `sql` step now has `targetExclude("src/main/resources/db/migration/**")`, V3, V5 and '
        "V7 are byte-identical to `v1.4.0` again, `flywayValidate` against the staging tunnel validates all 10 "
        "migrations, and the integration tests pass on a fresh (non-reused) container."
    )
    s.user(
        "பாடம்: Spotless SQL formatter migration file-ஐ reformat பண்ணா Flyway checksum மாறிடும். "
        "நன்றி, சரியாகிடுச்சு. commit பண்ணுங்க.",
        lessons=["Spotless SQL formatter migration file-ஐ reformat பண்ணா Flyway checksum மாறிடும்"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(build): keep Spotless away from Flyway migrations'",
            git_commit(
                "fix/spotless-migrations", "6a02f7e", "fix(build): keep Spotless away from Flyway migrations", 4, 18, 21
            ),
        ),
    )
    s.say("Committed as `6a02f7e`.")
    s.outcome("success", "migrations excluded from Spotless and restored from v1.4.0; flywayValidate and ITs green")
    s.hit("flyway-checksum-spotless", fixed=True)
    return s


def p13() -> Session:
    s = new("p13-testcontainers-docker", "2027-10-20T05:12:48", "2.1.226", "feature/payouts", "docker-socket-pitta")
    s.user("புது laptop. எல்லா Testcontainers test-உம் fail ஆகுது, ./gradlew test ஓட்டுங்க")
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*SettlementServiceTest'",
            gradle_fail(
                ["compileJava", "classes", "compileTestJava"],
                "test",
                [
                    (
                        "SettlementServiceTest > initializationError",
                        "    java.lang.IllegalStateException: Could not find a valid Docker environment. Please see "
                        "logs and check configuration\n        at org.testcontainers.dockerclient."
                        "DockerClientProviderStrategy.lambda$getFirstValidStrategy$7(DockerClientProviderStrategy."
                        "java:274)",
                    )
                ],
                1,
                secs="12s",
            ),
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "ls -l /var/run/docker.sock; id -nG; docker context ls",
            "srw-rw---- 1 root docker 0 Oct 20 10:31 /var/run/docker.sock\nkarthik adm cdrom sudo dip plugdev\n"
            "NAME              DESCRIPTION                               DOCKER ENDPOINT\n"
            "default *         Current DOCKER_HOST based configuration   unix:///var/run/docker.sock",
        ),
    )
    s.say(
        "Docker is running, but `karthik` is not in the `docker` group, so the socket (`root:docker`, 660) is "
        "closed to Testcontainers. This needs sudo, which I can't run here:\n\n"
        "```\nsudo usermod -aG docker karthik\n```\n\nthen log out and in (or `newgrp docker`)."
    )
    s.shell_escape("newgrp docker <<< 'id -nG'", "karthik adm cdrom sudo dip plugdev docker")
    s.user("group சேர்த்துட்டேன். மறுபடியும் ஓட்டிட்டு branch-ஐ push பண்ணுங்க.")
    s.act(
        None,
        Bash(
            'sg docker -c "./gradlew test" && git push',
            gradle_ok(["compileJava", "classes", "compileTestJava", "test"], secs="58s", executed=4, up_to_date=2)
            + "\nTo github.com:kaasu/kaasu-pay.git\n ! [rejected]        feature/payouts -> feature/payouts "
            "(non-fast-forward)\nerror: failed to push some refs to 'github.com:kaasu/kaasu-pay.git'\nhint: Updates "
            "were rejected because the tip of your current branch is behind\nhint: its remote counterpart.",
            code=1,
            secs=64,
        ),
    )
    s.act(
        "Tests are green. The push was rejected because the remote branch moved (your other machine, probably). "
        "Rebasing would need a force push:",
        Denied(Bash("git pull --rebase && git push --force-with-lease")),
    )
    s.user(
        "force push eppovume vendaam nu sonnen la. merge pannunga.",
        rules=[("no-force-push", "force push eppovume vendaam")],
    )
    s.act(
        None,
        Bash(
            "git pull --no-rebase && git push",
            "Merge made by the 'ort' strategy.\n src/main/java/com/kaasu/pay/payout/PayoutService.java | 14 "
            "++++++++++----\n 1 file changed, 10 insertions(+), 4 deletions(-)\nTo github.com:kaasu/kaasu-pay.git\n"
            "   4d81c2a..f03b9e7  feature/payouts -> feature/payouts",
        ),
    )
    s.say("Merged and pushed (`f03b9e7`), no force push.")
    s.one_off(
        "on a new Ubuntu laptop every Testcontainers test fails with 'Could not find a valid Docker environment' "
        "because the user is not in the docker group (socket root:docker 660)"
    )
    s.outcome("success", "Testcontainers works after adding the docker group; tests green; branch merged and pushed")
    return s


def archunit_tests(child: Session) -> None:
    child.act(None, Read("src/test/java/com/kaasu/pay/arch/LayerRulesTest.java", ARCH_TEST))
    child.act(
        None,
        Write(
            "src/test/java/com/kaasu/pay/arch/TransactionRulesTest.java",
            'package com.kaasu.pay.arch;\n\n@AnalyzeClasses(packages = "com.kaasu.pay")\nclass TransactionRulesTest {'
            "\n    @ArchTest\n    static final ArchRule noTransactionalInControllers = noMethods()\n"
            '            .that().areDeclaredInClassesThat().resideInAPackage("..api..")\n'
            "            .should().beAnnotatedWith(Transactional.class);\n\n    @ArchTest\n"
            "    static final ArchRule ledgerOnlyFromServices = noClasses()\n"
            '            .that().resideOutsideOfPackages("..ledger..", "..callback..", "..settlement..")\n'
            '            .should().dependOnClassesThat().haveSimpleName("LedgerService");\n}\n',
        ),
    )
    child.act(
        None,
        Bash(
            "./gradlew test --tests 'com.kaasu.pay.arch.*'",
            gradle_ok(["compileTestJava", "test"], secs="23s", executed=2, up_to_date=3),
        ),
    )
    child.say(
        "Added src/test/java/com/kaasu/pay/arch/TransactionRulesTest.java with two rules: no @Transactional on "
        "methods in ..api.., and LedgerService used only from ledger, callback and settlement. Both pass."
    )


def p14() -> Session:
    s = new("p14-archunit-rules", "2027-10-21T05:27:03", "2.1.226", "chore/arch-rules", "layer-check-iora")
    s.user(
        "add ArchUnit rules: no @Transactional in controllers, and only ledger/callback/settlement may call "
        "LedgerService. archunit-junit5 is already on the test classpath? check first"
    )
    s.act(
        None,
        Bash(
            "./gradlew dependencies --configuration testRuntimeClasspath | grep -i archunit",
            "+--- com.tngtech.archunit:archunit-junit5:1.3.0\n|    +--- com.tngtech.archunit:archunit-junit5-api:1.3.0\n"
            "|    \\--- com.tngtech.archunit:archunit-junit5-engine:1.3.0",
        ),
    )
    s.say(
        "archunit-junit5 1.3.0 is already there, so nothing to add. I'll have a subagent write the rules next to "
        "`LayerRulesTest`."
    )
    s.user(
        "good. like I said, ask me before adding any dependency. go ahead.",
        rules=[("ask-deps", "ask me before adding any dependency")],
    )
    s.act(
        None,
        Agent(
            "Write ArchUnit transaction rules",
            "In kaasu-pay, add src/test/java/com/kaasu/pay/arch/TransactionRulesTest.java with two ArchUnit rules: "
            "no method in ..api.. annotated @Transactional; LedgerService used only from the ledger, callback and "
            "settlement packages. Follow LayerRulesTest's style, run ./gradlew test --tests 'com.kaasu.pay.arch.*' "
            "and report the result.",
            "general-purpose",
            archunit_tests,
        ),
    )
    s.say("The subagent added `TransactionRulesTest` (two rules); both pass, so nothing in the code breaks them today.")
    s.user(
        "oru doubt: eppovume ./gradlew clean build pannanuma, illa incremental build podhumaa?",
        non_rules=["eppovume ./gradlew clean build pannanuma, illa incremental build podhumaa?"],
    )
    s.say(
        "Incremental is enough almost always: Gradle's up-to-date checks and the build cache are reliable. "
        "`clean` is worth it after changing annotation processors, generated sources or the toolchain, or when a "
        "stale class file is suspected."
    )
    s.user("seri, commit pannunga.")
    s.act(
        None,
        Bash(
            "./gradlew test && git add -A && git commit -m 'test(arch): transaction and ledger access rules'",
            gradle_ok(["compileTestJava", "test"], secs="37s", executed=2, up_to_date=4)
            + "\n"
            + git_commit("chore/arch-rules", "8c4a1f5", "test(arch): transaction and ledger access rules", 1, 21, 0),
        ),
    )
    s.say("Committed as `8c4a1f5`.")
    s.outcome("success", "ArchUnit transaction and ledger-access rules added by a subagent; tests green; committed")
    return s


SETTINGS_GRADLE = """rootProject.name = "kaasu-pay\""""


def p15() -> Session:
    s = new("p15-toolchain-foojay", "2027-10-22T04:36:15", "2.1.227", "main", "toolchain-minivet")
    s.user(
        "fresh clone on the build box:\n\n```\n* What went wrong:\nCould not determine the dependencies of task "
        "':compileJava'.\n> Could not resolve all dependencies for configuration ':compileClasspath'.\n"
        "   > Failed to calculate the value of task ':compileJava' property 'javaCompiler'.\n"
        "      > Cannot find a Java installation on your machine matching this tasks requirements: "
        "{languageVersion=21, vendor=any vendor, implementation=vendor-specific} for LINUX on x86_64.\n"
        "         > No locally installed toolchains match and toolchain download repositories have not been "
        "configured.\n```\n\nthe box only has java 17."
    )
    s.act(None, Read("settings.gradle.kts", SETTINGS_GRADLE))
    s.say(
        "Gradle can download the JDK 21 toolchain itself if a toolchain resolver is configured; the usual one is "
        "the Foojay resolver convention plugin (`org.gradle.toolchains.foojay-resolver-convention` 0.8.0) in "
        "`settings.gradle.kts`. It is a new build plugin, so: may I add it? The alternative is installing "
        "`openjdk-21-jdk` on the box with apt."
    )
    s.user("add the foojay plugin, ok.")
    s.act(
        None,
        Edit(
            "settings.gradle.kts",
            'rootProject.name = "kaasu-pay"',
            'plugins {\n    id("org.gradle.toolchains.foojay-resolver-convention") version "0.8.0"\n}\n\n'
            'rootProject.name = "kaasu-pay"',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew compileJava",
            "Downloading https://api.foojay.io/disco/v3.0/ids/9d5f1c2e6a3b/redirect\n"
            "> Task :compileJava\n\nBUILD SUCCESSFUL in 1m 2s\n1 actionable task: 1 executed",
            secs=66,
        ),
    )
    s.say("Gradle downloaded a JDK 21 into `~/.gradle/jdks` and `compileJava` passes.")
    s.user("super!")
    s.one_off(
        "a fresh clone on a box with only Java 17: 'Cannot find a Java installation on your machine matching this "
        "tasks requirements: {languageVersion=21 ...}' because no toolchain download repository is configured; fixed "
        "with the foojay resolver plugin"
    )
    s.outcome("success", "JDK 21 toolchain resolved through the foojay plugin; compile passes on the build box")
    return s


def p16() -> Session:
    s = new("p16-virtual-threads-question", "2027-10-22T09:48:32", "2.1.227", "main", "virtual-thread-prinia")
    s.queued_start("Spring Boot 3.3-ல virtual threads on பண்ண எந்த property போடணும்?")
    s.user("Spring Boot 3.3-ல virtual threads on பண்ண எந்த property போடணும்?", after=0.4)
    s.say(
        "`spring.threads.virtual.enabled=true` (Java 21+). Tomcat's request threads, `@Async` and scheduled tasks "
        "then run on virtual threads."
    )
    s.turn_done()
    s.title("Virtual threads property")
    s.user("நன்றி, புரிஞ்சுது.")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


SESSIONS = [p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16]

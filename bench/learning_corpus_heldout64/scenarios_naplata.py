"""Miloš's `naplata-api` sessions (n01-n15): a Java 21 / Quarkus 3 billing service on Maven, JUnit 5, RestAssured and
Testcontainers, PostgreSQL with Liquibase, Redis, deployed to Kubernetes with Helm. Times are UTC; Novi Sad is on
CEST (UTC+2) in June."""

from __future__ import annotations

from fake_output import NAP, git_commit, mvn_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "naplata-api"
PKG = "src/main/java/rs/kasa/naplata"
TPKG = "src/test/java/rs/kasa/naplata"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=NAP, project=PROJECT)


INVOICE_RESOURCE = """package rs.kasa.naplata.invoice;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

@Path("/v1/invoices")
public class InvoiceResource {

    @Inject
    InvoiceService invoices;

    @GET
    @Path("/{id}")
    public InvoiceView get(@PathParam("id") long id) {
        return invoices.find(id).map(InvoiceView::of).orElseThrow(NotFoundException::new);
    }
}"""

REFUND = """package rs.kasa.naplata.refund;

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.math.BigDecimal;

@Entity
@Table(name = "refunds")
public class Refund extends PanacheEntity {
    public long invoiceId;
    public BigDecimal amount;
    public String status = "PENDING";
}
"""

REFUND_RESOURCE = """package rs.kasa.naplata.refund;

import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.net.URI;

@Path("/v1/refunds")
public class RefundResource {

    public record CreateRefund(long invoiceId, BigDecimal amount) {}

    public record RefundView(long id, long invoiceId, BigDecimal amount, String status) {
        static RefundView of(Refund r) {
            return new RefundView(r.id, r.invoiceId, r.amount, r.status);
        }
    }

    @POST
    @Transactional
    public Response create(CreateRefund body) {
        Refund r = new Refund();
        r.invoiceId = body.invoiceId();
        r.amount = body.amount();
        r.persist();
        return Response.created(URI.create("/v1/refunds/" + r.id)).entity(RefundView.of(r)).build();
    }

    @GET
    @Path("/{id}")
    public RefundView get(@PathParam("id") long id) {
        return Refund.<Refund>findByIdOptional(id).map(RefundView::of).orElseThrow(NotFoundException::new);
    }
}
"""

REFUND_TEST = """package rs.kasa.naplata.refund;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RefundResourceTest {

    @Test
    void createsAndReadsRefund() {
        String location = given().contentType("application/json")
                .body("{\\"invoiceId\\": 1001, \\"amount\\": 1200.00}")
                .when().post("/v1/refunds")
                .then().statusCode(201).extract().header("Location");
        given().when().get(location).then().statusCode(200).body("status", equalTo("PENDING"));
    }
}
"""


def n01() -> Session:
    s = new("n01-refunds-resource", "2029-06-04T06:32:18", "2.1.152", "refunds", "refund-resource-otter")
    s.user(
        "Novi resurs za povrate novca. decided: refunds get their own /refunds resource and table, not a status "
        "flag on invoices. POST /v1/refunds sa invoiceId i iznosom, GET /v1/refunds/{id}. no Lombok in this "
        "project, records for DTOs. resource tests are @QuarkusTest with RestAssured, like InvoiceResourceTest.",
        rules=[
            ("no-lombok", "no Lombok in this project, records for DTOs"),
            ("quarkustest-restassured", "resource tests are @QuarkusTest with RestAssured"),
        ],
        decisions=["refunds get their own /refunds resource and table, not a status flag on invoices"],
    )
    s.title("Refunds resource")
    s.act(None, Read(f"{PKG}/invoice/InvoiceResource.java", INVOICE_RESOURCE))
    s.act(
        "A Panache entity, the resource with record DTOs, and a RestAssured test:",
        Write(f"{PKG}/refund/Refund.java", REFUND),
        Write(f"{PKG}/refund/RefundResource.java", REFUND_RESOURCE),
        Write(f"{TPKG}/refund/RefundResourceTest.java", REFUND_TEST),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q test -Dtest=RefundResourceTest",
            mvn_run([("rs.kasa.naplata.refund.RefundResourceTest", 1, 7.912)], when="2029-06-04T08:36:02+02:00"),
            secs=31,
        ),
    )
    s.say(
        "`POST /v1/refunds` creates a refund (201 with `Location`), `GET /v1/refunds/{id}` reads it; DTOs are "
        "records, no Lombok. The `@QuarkusTest` passes. The table itself still needs a Liquibase changeset."
    )
    s.user("ok, može. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add refunds resource'",
            git_commit("refunds", "4c1e9a2", "Add refunds resource", 3, 96, 0),
        ),
    )
    s.say("Committed (`4c1e9a2`).")
    s.outcome("success", "refunds resource with record DTOs and a passing @QuarkusTest; committed")
    return s


INVOICE_SERVICE = """    public Invoice issue(long customerId, YearMonth period, BigDecimal amount) {
        Invoice inv = new Invoice();
        inv.customerId = customerId;
        inv.amount = amount;
        inv.issuedAt = LocalDateTime.now();
        inv.dueAt = period.atEndOfMonth().atTime(23, 59, 59);
        inv.persist();
        return inv;
    }"""

INVOICE_VIEW = """public record InvoiceView(long id, BigDecimal amount, OffsetDateTime issuedAt, OffsetDateTime dueAt) {
    static InvoiceView of(Invoice i) {
        return new InvoiceView(i.id, i.amount, at(i.issuedAt), at(i.dueAt));
    }

    private static OffsetDateTime at(LocalDateTime t) {
        return t.atZone(ZoneId.systemDefault()).toOffsetDateTime().withOffsetSameInstant(ZoneOffset.UTC);
    }
}"""

DUE_FAIL = (
    "java.lang.AssertionError: 1 expectation failed.\nJSON path dueAt doesn't match.\n"
    "Expected: 2029-06-30T23:59:59Z\n  Actual: 2029-06-30T21:59:59Z\n\n"
    "\tat rs.kasa.naplata.invoice.InvoiceResourceTest.dueDateIsEndOfMonth(InvoiceResourceTest.java:61)"
)


def n02() -> Session:
    s = new("n02-due-date-test", "2029-06-05T06:48:40", "2.1.152", "main", "due-date-heron")
    s.user("pulled Jelena's PR, InvoiceResourceTest fails for me locally, but CI is green. pogledaj")
    s.act(
        None,
        Bash(
            "./mvnw -q test -Dtest=InvoiceResourceTest",
            mvn_run(
                [("rs.kasa.naplata.invoice.InvoiceResourceTest", 4, 9.204)],
                [("rs.kasa.naplata.invoice.InvoiceResourceTest", "dueDateIsEndOfMonth", DUE_FAIL)],
                when="2029-06-05T08:49:55+02:00",
            ),
            code=1,
            secs=34,
        ),
    )
    s.act(
        None,
        Read(f"{PKG}/invoice/InvoiceService.java", INVOICE_SERVICE, offset=31, total=58),
        Read(f"{PKG}/invoice/InvoiceView.java", INVOICE_VIEW),
    )
    s.act(
        "`dueAt` is built as a `LocalDateTime` (23:59:59 on the last day) and turned into an instant with "
        "`ZoneId.systemDefault()`. Your JVM runs in Europe/Belgrade (UTC+2 in June), CI runs in UTC, so the same "
        "code gives 21:59:59Z here and 23:59:59Z there. The test hard-codes the CI value; I'll make it compute the "
        "expectation with the system time zone so it passes on both:",
        Edit(
            f"{TPKG}/invoice/InvoiceResourceTest.java",
            '            .body("dueAt", equalTo("2029-06-30T23:59:59Z"));',
            '            .body("dueAt", equalTo(LocalDateTime.of(2029, 6, 30, 23, 59, 59)\n'
            "                    .atZone(ZoneId.systemDefault()).toInstant().toString()));",
        ),
    )
    s.interrupt()
    s.user("stani. test je dobar, na CI prolazi. vrati to.")
    s.act(
        None,
        Edit(
            f"{TPKG}/invoice/InvoiceResourceTest.java",
            '            .body("dueAt", equalTo(LocalDateTime.of(2029, 6, 30, 23, 59, 59)\n'
            "                    .atZone(ZoneId.systemDefault()).toInstant().toString()));",
            '            .body("dueAt", equalTo("2029-06-30T23:59:59Z"));',
        ),
    )
    s.say("Reverted; the test is as Jelena wrote it and still fails on your machine (21:59:59Z vs 23:59:59Z).")
    s.user("no time for this now, it is still red. idem na sastanak.")
    s.outcome("failed", "InvoiceResourceTest fails locally by two hours (JVM default time zone); change stopped, red")
    s.hit("jvm-timezone")
    return s


CONTRIBUTING = """# Contributing to naplata-api

- Build with the Maven wrapper (`./mvnw`), Java 21.
- Database changes only through Liquibase, included from `db/changelog/db.changelog-master.yaml`.
- Never put business logic or data fixes in Liquibase changesets; fix data from the application.
- Every endpoint gets a test."""

MASTER = """databaseChangeLog:
  - include:
      file: db/changelog/changes/2029-05-12-invoices.yaml
  - include:
      file: db/changelog/changes/2029-06-04-refunds.yaml"""

GITLAB_CI = """stages: [build, test, deploy]

build:
  stage: build
  image: maven:3.9-eclipse-temurin-21
  script:
    - ./mvnw -B -q package -DskipTests

test:
  stage: test
  image: maven:3.9-eclipse-temurin-21
  services: [docker:27-dind]
  script:
    - ./mvnw -B verify"""

REASON_YAML = """databaseChangeLog:
  - changeSet:
      id: 2029-06-06-refund-reason
      author: milos
      changes:
        - addColumn:
            tableName: refunds
            columns:
              - column:
                  name: reason
                  type: varchar(32)
                  constraints:
                    nullable: false
                  defaultValue: CUSTOMER_REQUEST
        - sql:
            sql: alter table refunds add constraint refunds_reason_chk check (reason in ('DUPLICATE', 'FRAUD', 'CUSTOMER_REQUEST'))
"""


def n03() -> Session:
    s = new("n03-refund-reason", "2029-06-06T06:35:09", "2.1.154", "refund-reason", "reason-column-lynx")
    s.user(
        "Dodaj kolonu reason u refunds, enum DUPLICATE, FRAUD, CUSTOMER_REQUEST. Liquibase changesetove piši u "
        "YAML-u, jedan fajl po promeni, pod db/changelog/changes. i dodaj proveru da liquibase validate prolazi: "
        "every new check goes into .gitlab-ci.yml as its own job, not into the Maven build.",
        rules=[
            ("liquibase-yaml", "Liquibase changesetove piši u YAML-u, jedan fajl po promeni"),
            ("ci-gitlab-job", "every new check goes into .gitlab-ci.yml as its own job, not into the Maven build"),
        ],
    )
    s.act(
        None,
        Read("CONTRIBUTING.md", CONTRIBUTING),
        Read("src/main/resources/db/changelog/db.changelog-master.yaml", MASTER),
    )
    s.act(
        "A YAML changeset with the column and a check constraint, included from the master changelog, and the enum "
        "on the entity:",
        Write("src/main/resources/db/changelog/changes/2029-06-06-refund-reason.yaml", REASON_YAML),
        Edit(
            "src/main/resources/db/changelog/db.changelog-master.yaml",
            "      file: db/changelog/changes/2029-06-04-refunds.yaml",
            "      file: db/changelog/changes/2029-06-04-refunds.yaml\n  - include:\n"
            "      file: db/changelog/changes/2029-06-06-refund-reason.yaml",
        ),
        Edit(
            f"{PKG}/refund/Refund.java",
            '    public String status = "PENDING";',
            '    public String status = "PENDING";\n\n    @Enumerated(EnumType.STRING)\n'
            "    public RefundReason reason = RefundReason.CUSTOMER_REQUEST;",
        ),
    )
    s.act(
        "And a separate `liquibase-validate` job in GitLab CI:",
        Read(".gitlab-ci.yml", GITLAB_CI),
    )
    s.act(
        None,
        Edit(
            ".gitlab-ci.yml",
            "  script:\n    - ./mvnw -B verify",
            "  script:\n    - ./mvnw -B verify\n\nliquibase-validate:\n  stage: test\n"
            "  image: maven:3.9-eclipse-temurin-21\n  script:\n"
            "    - ./mvnw -B -q liquibase:validate -Dliquibase.changeLogFile=db/changelog/db.changelog-master.yaml",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q liquibase:validate -Dliquibase.changeLogFile=db/changelog/db.changelog-master.yaml && "
            "./mvnw -q test",
            "[INFO] Liquibase Community 4.29.2 by Liquibase\n[INFO] No validation errors found.\n"
            + mvn_run(
                [
                    ("rs.kasa.naplata.invoice.InvoiceResourceTest", 4, 8.77),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 2, 1.31),
                ],
                [("rs.kasa.naplata.invoice.InvoiceResourceTest", "dueDateIsEndOfMonth", DUE_FAIL)],
                when="2029-06-06T08:41:30+02:00",
            ),
            code=1,
            secs=48,
        ),
    )
    s.say(
        "The changelog validates and the refund tests pass; the only red test is `dueDateIsEndOfMonth` from "
        "yesterday (the two-hour time zone difference on your machine), unrelated to this change."
    )
    s.user("знам за тај. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add refund reason column and liquibase-validate job'",
            git_commit("refund-reason", "b7d20f1", "Add refund reason column and liquibase-validate job", 5, 41, 1),
        ),
    )
    s.say("Committed (`b7d20f1`).")
    s.not_person(
        "Never put business logic or data fixes in Liquibase changesets; fix data from the application.", "tool_output"
    )
    s.outcome("success", "refund reason column as a YAML changeset, liquibase-validate job in GitLab CI; committed")
    return s


TC_FAIL = """13:02:11.402 [main] ERROR org.testcontainers.dockerclient.DockerClientProviderStrategy -- Could not find a valid Docker environment. Please check configuration. Attempted configurations were:
	UnixSocketClientProviderStrategy: failed with exception InvalidConfigurationException (Could not find unix domain socket). Root cause NoSuchFileException (/var/run/docker.sock)
	DockerDesktopClientProviderStrategy: failed with exception NullPointerException (Cannot invoke "java.nio.file.Path.toString()" because "dockerSocketPath" is null)As no valid configuration was found, execution cannot continue.
java.lang.RuntimeException: java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs and check configuration
	at io.quarkus.test.junit.QuarkusTestExtension.throwBootFailureException(QuarkusTestExtension.java:643)"""


def n04() -> Session:
    s = new("n04-intellij-docker", "2029-06-07T07:05:51", "2.1.154", "refund-reason", "docker-env-badger")
    s.user(
        "IntelliJ, Run 'RefundResourceTest':\n\n```\n" + TC_FAIL + "\n```\n\niz terminala (./mvnw test) sve "
        "prolazi. sta je sad ovo"
    )
    s.act(
        None,
        Bash(
            "docker context ls && ls -la /var/run/docker.sock; grep -n DOCKER_HOST ~/.zshrc",
            "NAME       DESCRIPTION                               DOCKER ENDPOINT                                  ERROR\n"
            "colima *   colima                                    unix:///Users/milos/.colima/default/docker.sock\n"
            "default    Current DOCKER_HOST based configuration   unix:///var/run/docker.sock\n"
            "ls: /var/run/docker.sock: No such file or directory\n"
            '14:export DOCKER_HOST="unix://$HOME/.colima/default/docker.sock"',
        ),
    )
    s.act(
        "You run Docker through Colima, whose socket is `~/.colima/default/docker.sock`; there is no "
        "`/var/run/docker.sock`. Your terminal finds Colima through `DOCKER_HOST` from `~/.zshrc`, but IntelliJ "
        "started from the Dock never reads `.zshrc`, so Testcontainers falls back to `/var/run/docker.sock` and "
        "gives up. The quickest way is a symlink at the default path:",
        Denied(
            Bash("sudo ln -sf /Users/milos/.colima/default/docker.sock /var/run/docker.sock"),
            "bez sudo na mom laptopu",
        ),
    )
    s.say(
        "Understood, no sudo. The other option is to put `DOCKER_HOST=unix:///Users/milos/.colima/default/"
        "docker.sock` into IntelliJ's JUnit run configuration template (Run > Edit Configurations > Edit "
        "configuration templates > JUnit > Environment variables)."
    )
    s.user("neću da klikćem po run konfiguracijama. pustiću iz terminala, nemam sad vremena.")
    s.outcome("failed", "tests from IntelliJ cannot find Colima's Docker socket; sudo symlink refused, not solved")
    s.hit("colima-testcontainers")
    return s


DEPLOYMENT = """          readinessProbe:
            httpGet:
              path: /health/ready
              port: http
            initialDelaySeconds: 5
          livenessProbe:
            httpGet:
              path: /health/live
              port: http"""


def n05() -> Session:
    s = new("n05-readiness-probe", "2029-06-08T06:40:27", "2.1.155", "quarkus-3-17", "probe-path-stoat")
    s.user(
        "after the Quarkus 3.17 upgrade the pods on staging don't get Ready:\n\n```\n"
        "$ kubectl -n naplata-staging describe pod naplata-api-7c9f6d8b5-q2xkt | tail -4\n"
        "  Warning  Unhealthy  12s (x31 over 5m2s)  kubelet  Readiness probe failed: HTTP probe failed with "
        "statuscode: 404\n```"
    )
    s.act(
        None,
        Grep("health", ["charts/naplata-api/templates/deployment.yaml", "src/main/resources/application.properties"]),
        Bash(
            "git log --oneline -3 -- src/main/java/rs/kasa/naplata/health",
            "e02b7c4 Quarkus 3.17, drop the hand-written health resource\n9a1f0d2 Health endpoint for k8s",
        ),
    )
    s.act(None, Read("charts/naplata-api/templates/deployment.yaml", DEPLOYMENT, offset=38, total=71))
    s.act(
        "The upgrade commit removed the hand-written `/health` resource; SmallRye Health serves "
        "`/q/health/ready` and `/q/health/live`, but the chart still probes `/health/ready`, so every probe is a "
        "404. As a general rule, always point readiness at /q/health/ready and liveness at /q/health/live.",
        Edit(
            "charts/naplata-api/templates/deployment.yaml",
            "              path: /health/ready",
            "              path: /q/health/ready",
        ),
        Edit(
            "charts/naplata-api/templates/deployment.yaml",
            "              path: /health/live",
            "              path: /q/health/live",
        ),
    )
    s.act(
        None,
        Bash(
            "helm upgrade naplata-api charts/naplata-api -n naplata-staging --reuse-values && "
            "kubectl -n naplata-staging rollout status deployment/naplata-api --timeout=180s",
            'Release "naplata-api" has been upgraded. Happy Helming!\nNAME: naplata-api\nNAMESPACE: naplata-staging\n'
            'STATUS: deployed\nREVISION: 37\nWaiting for deployment "naplata-api" rollout to finish: 1 of 2 updated '
            'replicas are available...\ndeployment "naplata-api" successfully rolled out',
            secs=64,
        ),
    )
    s.say("Both pods are Ready on staging; the probes now hit `/q/health/ready` and `/q/health/live`.")
    s.user(
        "radi. ispostavilo se da Quarkus health nije na /health nego na /q/health/ready. commit chart.",
        lessons=["ispostavilo se da Quarkus health nije na /health nego na /q/health/ready"],
    )
    s.act(
        None,
        Bash(
            "git add charts && git commit -m 'Probe /q/health endpoints'",
            git_commit("quarkus-3-17", "51be0c3", "Probe /q/health endpoints", 1, 2, 2),
        ),
    )
    s.say("Committed (`51be0c3`).")
    s.not_person(
        "As a general rule, always point readiness at /q/health/ready and liveness at /q/health/live.", "assistant_text"
    )
    s.one_off(
        "after the Quarkus 3.17 upgrade the staging pods never become Ready: readiness probe on /health/ready returns 404 (SmallRye Health is under /q/health)"
    )
    s.outcome("success", "chart probes moved to /q/health/ready and /q/health/live; pods Ready on staging")
    return s


RECONCILE = """    @Scheduled(cron = "{reconcile.cron}", timeZone = "Europe/Belgrade")
    void run() {
        LocalDate day = LocalDate.now().minusDays(1);
        log.infof("Reconciling payments for %s", day);
        Result r = reconciler.reconcile(day);
        log.infof("%d new matches, %d already reconciled", r.matched(), r.already());
    }"""

CRONJOB = """spec:
  schedule: "15 22 * * *"   # 00:15 Belgrade (CEST)
  concurrencyPolicy: Forbid"""


def n06() -> Session:
    s = new("n06-reconcile-sunday", "2029-06-11T06:30:14", "2.1.155", "main", "reconcile-day-puffin")
    s.user(
        "jutros izvod od Payspot-a za nedelju nije uparen. log od reconcile CronJob-a:\n\n```\n"
        "2029-06-10 22:15:02,114 INFO  [rs.kas.nap.rec.ReconcileJob] (main) Reconciling payments for 2029-06-09\n"
        "2029-06-10 22:15:02,388 INFO  [rs.kas.nap.rec.ReconcileJob] (main) 0 new matches, 412 already reconciled\n"
        "2029-06-10 22:15:02,390 INFO  [rs.kas.nap.rec.ReconcileJob] (main) Done in 276 ms\n```\n\n"
        "CronJob je na 00:15 po našem vremenu. zašto je opet radio subotu?"
    )
    s.act(
        None,
        Read(f"{PKG}/reconcile/ReconcileJob.java", RECONCILE, offset=22, total=40),
        Read("charts/naplata-api/templates/cronjob-reconcile.yaml", CRONJOB, offset=6, total=30),
    )
    s.act(
        "The CronJob fires at 22:15 UTC, which is 00:15 Monday in Belgrade, but the pod's JVM runs in UTC: there "
        "`LocalDate.now()` is still Sunday 06-10, and minus one day gives Saturday 06-09 again, so Sunday was never "
        "reconciled. Moving the schedule past midnight UTC avoids it:",
        Denied(
            Edit(
                "charts/naplata-api/templates/cronjob-reconcile.yaml",
                '  schedule: "15 22 * * *"   # 00:15 Belgrade (CEST)',
                '  schedule: "30 0 * * *"    # 02:30 Belgrade (CEST), past midnight UTC',
            ),
            "ne, ne pomeraj cron, to je flaster. ista stvar će nas ujesti na drugom mestu",
        ),
    )
    s.say(
        "Agreed, the schedule only hides it: the job depends on the JVM default time zone. A proper fix would take "
        "the day from an explicit `ZoneId` (or a `Clock`) instead of `LocalDate.now()`. Shall I do that?"
    )
    s.user("not now. I'll run the reconcile for Sunday by hand, this stays open.")
    s.outcome("failed", "Sunday's payments not reconciled (job's day computed in the pod's UTC); cron move refused")
    s.hit("jvm-timezone")
    return s


REFUND_IT = """package rs.kasa.naplata.refund;

import static io.restassured.RestAssured.given;

import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;

@QuarkusIntegrationTest
class RefundResourceIT {

    @Test
    void refundIsStoredAndCached() {
        given().contentType("application/json")
                .body("{\\"invoiceId\\": 1001, \\"amount\\": 500.00, \\"reason\\": \\"DUPLICATE\\"}")
                .when().post("/v1/refunds")
                .then().statusCode(201);
    }
}
"""

RYUK_FAIL = (
    mvn_run(
        [("rs.kasa.naplata.refund.RefundResourceIT", 1, 0.0)],
        goal="verify",
        secs=19.8,
        when="2029-06-12T08:53:10+02:00",
    )
    .replace(
        "[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.000 s -- in rs.kasa.naplata.refund.RefundResourceIT",
        "[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.004 s <<< FAILURE! -- in "
        "rs.kasa.naplata.refund.RefundResourceIT\n[ERROR] rs.kasa.naplata.refund.RefundResourceIT -- Time elapsed: "
        "0.004 s <<< ERROR!\njava.lang.RuntimeException: org.testcontainers.containers.ContainerLaunchException: "
        "Container startup failed for image testcontainers/ryuk:0.11.0\nCaused by: com.github.dockerjava.api."
        'exception.InternalServerErrorException: Status 500: {"message":"error while creating mount source path '
        "'/Users/milos/.colima/default/docker.sock': mkdir /Users/milos/.colima/default/docker.sock: operation not "
        'supported"}',
    )
    .replace(
        "[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0\n[INFO] \n[INFO] ---",
        "[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0\n[INFO] \n[INFO] ---",
    )
    .replace("BUILD SUCCESS", "BUILD FAILURE")
)

POM_FAILSAFE = """        <artifactId>maven-failsafe-plugin</artifactId>
        <version>3.5.2</version>
        <configuration>
          <systemPropertyVariables>
            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>
          </systemPropertyVariables>
        </configuration>"""


def n07() -> Session:
    s = new("n07-refund-it", "2029-06-12T06:45:33", "2.1.157", "refund-it", "ryuk-mount-kestrel")
    s.user(
        "write a RefundResourceIT that goes through the real Postgres and Redis (Testcontainers via Dev Services) and run it"
    )
    s.act(None, Write(f"{TPKG}/refund/RefundResourceIT.java", REFUND_IT))
    cmd = "./mvnw -q verify -Dit.test=RefundResourceIT -Dtest=skip -Dsurefire.failIfNoSpecifiedTests=false"
    s.act(None, Bash(cmd, RYUK_FAIL, code=1, secs=40))
    s.act(
        "Ryuk (Testcontainers' cleanup container) could not mount the Colima socket. Colima may be in a bad state; "
        "restarting it:",
        Bash(
            "colima restart",
            "INFO[0000] stopping colima\nINFO[0004] done\nINFO[0004] starting colima\nINFO[0021] starting ... "
            "context=docker\nINFO[0023] done",
            secs=25,
        ),
    )
    s.act(None, Bash(cmd, RYUK_FAIL, code=1, secs=38))
    s.act(
        "Same error. Making sure the docker CLI and the JVM talk to the same context:",
        Bash("docker context use colima && docker info --format '{{.OperatingSystem}}'", "colima\nUbuntu 24.04.1 LTS"),
    )
    s.act(None, Bash(cmd, RYUK_FAIL, code=1, secs=37))
    s.act(
        "Still the same: Ryuk asks Docker to mount the socket path as the host sees it, and inside the Colima VM "
        "that path does not exist. Turning Ryuk off for the integration tests gets them running:",
        Denied(
            Edit(
                "pom.xml",
                "            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>\n"
                "          </systemPropertyVariables>",
                "            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>\n"
                "          </systemPropertyVariables>\n          <environmentVariables>\n"
                "            <TESTCONTAINERS_RYUK_DISABLED>true</TESTCONTAINERS_RYUK_DISABLED>\n"
                "          </environmentVariables>",
            )
        ),
    )
    s.user("ne. bez gašenja Ryuk-a, posle ostaju kontejneri da vise. ostavi, idem na nešto drugo.")
    s.say("OK. RefundResourceIT is written but does not run on this machine: Ryuk fails to mount the Colima socket.")
    s.outcome("failed", "RefundResourceIT fails three times: Ryuk cannot mount Colima's socket; disabling Ryuk refused")
    s.hit("colima-testcontainers")
    return s


VALUES_STAGING = """replicaCount: 2
image:
  repository: registry.gitlab.com/kasa/naplata-api
  tag: 1.13.4-b7d20f1
resources:
  requests:
    cpu: 250m
    memory: 384Mi"""


def n08() -> Session:
    s = new("n08-liquibase-lock", "2029-06-13T06:38:02", "2.1.157", "main", "changelog-lock-grebe")
    s.user(
        "deploy na staging visi. pod loguje samo ovo:\n\n```\n"
        "2029-06-13 06:31:40,902 INFO  [liquibase.lockservice] (main) Waiting for changelog lock....\n"
        "2029-06-13 06:31:50,911 INFO  [liquibase.lockservice] (main) Waiting for changelog lock....\n"
        "2029-06-13 06:32:00,917 INFO  [liquibase.lockservice] (main) Waiting for changelog lock....\n```\n\n"
        "juče sam ubio pod usred migracije."
    )
    s.act(
        None,
        Bash(
            "kubectl -n naplata-staging exec deploy/postgres -- psql -U naplata -c "
            '"select id, locked, lockgranted, lockedby from databasechangeloglock"',
            " id | locked |       lockgranted       |              lockedby\n----+--------+-------------------------+"
            "-----------------------------------\n  1 | t      | 2029-06-12 14:02:17.311 | naplata-api-6b7d9c5f4-hx8vp "
            "(10.42.1.57)\n(1 row)",
        ),
    )
    s.act(
        "The lock is still held by the pod you killed yesterday (`naplata-api-6b7d9c5f4-hx8vp`), so every new pod "
        "waits for it. I'll release it and bump the image tag in the staging values to roll out again:",
        Read("charts/naplata-api/values-staging.yaml", VALUES_STAGING),
    )
    s.act(
        None,
        Edit(
            "charts/naplata-api/values-staging.yaml",
            "  tag: 1.13.4-b7d20f1",
            "  tag: 1.13.5-b7d20f1",
        ),
    )
    s.user(
        "ne, ne tako, tag slike u values.yaml ne diraš, njega postavlja pipeline. vrati to i samo oslobodi lock.",
        rules=[("helm-image-tag", "tag slike u values.yaml ne diraš, njega postavlja pipeline")],
    )
    s.act(
        None,
        Edit("charts/naplata-api/values-staging.yaml", "  tag: 1.13.5-b7d20f1", "  tag: 1.13.4-b7d20f1"),
    )
    s.act(
        None,
        Bash(
            "kubectl -n naplata-staging exec deploy/postgres -- psql -U naplata -c "
            '"update databasechangeloglock set locked = false, lockgranted = null, lockedby = null where id = 1" && '
            "kubectl -n naplata-staging rollout restart deployment/naplata-api && "
            "kubectl -n naplata-staging rollout status deployment/naplata-api --timeout=180s",
            'UPDATE 1\ndeployment.apps/naplata-api restarted\nWaiting for deployment "naplata-api" rollout to '
            'finish: 1 of 2 updated replicas are available...\ndeployment "naplata-api" successfully rolled out',
            secs=58,
        ),
    )
    s.say("values-staging.yaml is back as it was. The lock is released, the migration ran and both pods are up.")
    s.user(
        "super. запамти: Liquibase лок остаје заглављен кад убијеш под усред миграције.",
        lessons=["Liquibase лок остаје заглављен кад убијеш под усред миграције"],
    )
    s.one_off(
        "staging deploy hangs on 'Waiting for changelog lock' after a pod was killed mid-migration; lock row released by hand"
    )
    s.outcome("success", "stale Liquibase lock released, staging rolled out; image tag edit reverted on request")
    return s


FX_SERVICE = """package rs.kasa.naplata.fx;

import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.redis.datasource.value.ValueCommands;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import org.jboss.logging.Logger;

@ApplicationScoped
public class ExchangeRateService {
    private static final Logger log = Logger.getLogger(ExchangeRateService.class);
    private static final long TTL_SECONDS = 600;

    private final ValueCommands<String, String> values;
    private final NbsClient nbs;

    public ExchangeRateService(RedisDataSource redis, NbsClient nbs) {
        this.values = redis.value(String.class);
        this.nbs = nbs;
    }

    public BigDecimal middleRate(String currency) {
        String key = "fx:" + currency;
        String cached = values.get(key);
        if (cached != null) {
            return new BigDecimal(cached);
        }
        String raw = nbs.middleRateRaw(currency);
        log.infof("NBS response for %s: %s", currency, raw);
        BigDecimal rate = NbsClient.parseMiddle(raw);
        values.setex(key, TTL_SECONDS, rate.toPlainString());
        return rate;
    }
}
"""

FX_TEST = """package rs.kasa.naplata.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class NbsClientTest {

    @Test
    void parsesMiddleRate() {
        String raw = "{\\"code\\":\\"EUR\\",\\"exchange_middle\\":117.1523,\\"date\\":\\"14.06.2029.\\"}";
        assertEquals(new BigDecimal("117.1523"), NbsClient.parseMiddle(raw));
    }
}
"""


def n09() -> Session:
    s = new("n09-fx-rates", "2029-06-14T06:35:47", "2.1.158", "fx-rates", "middle-rate-heron")
    s.user(
        "treba nam srednji kurs NBS za EUR, za fakture u evrima. odlučili smo da kursevi stoje u Redisu 10 minuta, "
        "NBS ih ionako menja jednom dnevno. for now just log the raw NBS response too, we'll trim it later.\n"
        "pravilo: unit testovi idu bez Quarkusa, čist JUnit, da budu brzi.",
        rules=[("plain-junit-units", "unit testovi idu bez Quarkusa, čist JUnit, da budu brzi")],
        decisions=["odlučili smo da kursevi stoje u Redisu 10 minuta"],
        non_rules=["for now just log the raw NBS response too"],
    )
    s.act(
        "The service caches the middle rate in Redis for 600 s and logs the raw response; the parser gets a plain "
        "JUnit test, no `@QuarkusTest`:",
        Write(f"{PKG}/fx/ExchangeRateService.java", FX_SERVICE),
        Write(f"{TPKG}/fx/NbsClientTest.java", FX_TEST),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q test -Dtest=NbsClientTest",
            mvn_run([("rs.kasa.naplata.fx.NbsClientTest", 1, 0.041)], secs=6.2, when="2029-06-14T08:39:12+02:00"),
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s localhost:8080/v1/fx/EUR",
            '{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"WRONGTYPE Operation '
            'against a key holding the wrong kind of value"}',
        ),
    )
    s.act(
        None,
        Bash(
            "redis-cli TYPE fx:EUR && redis-cli HGETALL fx:EUR | head -4",
            "hash\nrate\n117.1498\nupdated\n2029-06-13 07:00",
        ),
    )
    s.act(
        "`fx:EUR` already exists in this Redis as a hash, written by the old kasa backend that shares it; `GET` on "
        "a hash gives WRONGTYPE. Giving our keys their own prefix:",
        Edit(
            f"{PKG}/fx/ExchangeRateService.java",
            '        String key = "fx:" + currency;',
            '        String key = "naplata:fx:v1:" + currency;',
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q compile && sleep 3 && curl -s localhost:8080/v1/fx/EUR",
            '{"currency":"EUR","middle":117.1523}',
            secs=9,
        ),
    )
    s.say(
        "`GET /v1/fx/EUR` returns 117.1523, cached under `naplata:fx:v1:EUR` for 10 minutes; the raw NBS response is logged."
    )
    s.user("ok, može. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'NBS middle rate with Redis cache'",
            git_commit("fx-rates", "8e03d5a", "NBS middle rate with Redis cache", 4, 118, 0),
        ),
    )
    s.say("Committed (`8e03d5a`).")
    s.one_off(
        "Redis WRONGTYPE on GET fx:EUR: the key is a hash written by the old kasa backend sharing the Redis; own key prefix"
    )
    s.outcome(
        "success", "NBS middle rate cached in Redis (10 min), plain JUnit test; WRONGTYPE fixed with a key prefix"
    )
    return s


PDF_RENDERER = """    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd.MM.yyyy.");

    String issuedLine(Invoice invoice) {
        return "Datum izdavanja: " + invoice.issuedAt.toLocalDate().format(DATE);
    }"""


def n10() -> Session:
    s = new("n10-pdf-date", "2029-06-15T07:10:22", "2.1.158", "main", "pdf-date-marmot")
    s.user(
        "fakture izdate između ponoći i dva ujutru imaju jučerašnji datum na PDF-u. u bazi issued_at deluje ok. "
        "pogledaj PdfRenderer kad stigneš, ništa ne menjaj još."
    )
    s.act(
        None,
        Read(f"{PKG}/pdf/PdfRenderer.java", PDF_RENDERER, offset=18, total=77),
        Grep(
            "issuedAt = ",
            [f"{PKG}/invoice/InvoiceService.java:35:        inv.issuedAt = LocalDateTime.now();"],
            mode="content",
        ),
    )
    s.say(
        "`issued_at` is a `timestamp` without time zone, filled with `LocalDateTime.now()` in the pod, whose JVM "
        "runs in UTC. An invoice issued at 00:40 in Belgrade is stored as 22:40 of the previous day, and the PDF "
        "prints `issuedAt.toLocalDate()`, so it shows yesterday. It looks right in the database only if you read "
        "it as UTC. Nothing changed."
    )
    s.user("aha. ok, later, I have to switch to another task now.")
    s.outcome("unknown", "PDF issue dates a day early explained (issued_at in the pod's UTC); nothing changed")
    s.hit("jvm-timezone")
    return s


def n11() -> Session:
    s = new("n11-quarkus-dev-hangs", "2029-06-18T06:40:11", "2.1.160", "main", "dev-services-lynx")
    s.user(
        "kad pokrenem quarkus dev iz IntelliJ-a, visi na Dev Services za Postgres oko minut pa pukne. iz iTerm-a "
        "isti projekat radi normalno. sta se desava"
    )
    s.act(
        None,
        Bash(
            'launchctl getenv DOCKER_HOST; echo "launchctl: $?"; grep -n DOCKER_HOST ~/.zshrc; ls ~/.testcontainers.properties',
            'launchctl: 1\n14:export DOCKER_HOST="unix://$HOME/.colima/default/docker.sock"\n'
            "ls: /Users/milos/.testcontainers.properties: No such file or directory",
            code=0,
        ),
    )
    s.say(
        "Dev Services start Postgres through Testcontainers. The only place that knows about the Colima socket is "
        "`DOCKER_HOST` in `~/.zshrc`; iTerm runs zsh and has it, IntelliJ launched from the Dock does not (launchd "
        "has no `DOCKER_HOST`), and there is no `~/.testcontainers.properties`. So from IntelliJ Testcontainers "
        "looks for `/var/run/docker.sock`, times out, and Dev Services give up. It is the same thing as the "
        "IntelliJ test run on the 7th."
    )
    s.user("ок, јасно. немам сад времена, гледаћу после.")
    s.outcome(
        "unknown", "quarkus dev from IntelliJ hangs on Dev Services; Colima socket cause explained, nothing changed"
    )
    s.hit("colima-testcontainers")
    return s


def explore_tc(child: Session) -> None:
    child.act(
        None,
        Bash(
            "cat .git/hooks/pre-push; grep -n DOCKER ~/.zshrc; ls -la ~/.testcontainers.properties "
            "~/.colima/default/docker.sock",
            "#!/bin/sh\n./mvnw -q verify -Dit.test=RefundResourceIT -Dtest=skip -Dsurefire.failIfNoSpecifiedTests=false\n"
            '14:export DOCKER_HOST="unix://$HOME/.colima/default/docker.sock"\n'
            "ls: /Users/milos/.testcontainers.properties: No such file or directory\n"
            "srw-------  1 milos  staff  0 Jun 19 08:12 /Users/milos/.colima/default/docker.sock",
        ),
    )
    child.act(
        None,
        Grep(
            "testcontainers|devservices",
            [
                "src/main/resources/application.properties:18:quarkus.datasource.devservices.image-name=postgres:16-alpine"
            ],
            mode="content",
        ),
    )
    child.say(
        "Findings:\n- .git/hooks/pre-push:2 runs ./mvnw verify with RefundResourceIT (Testcontainers via Dev "
        "Services).\n- ~/.zshrc:14 is the only place DOCKER_HOST (the Colima socket) is set.\n- "
        "~/.testcontainers.properties does not exist.\n- The socket /Users/milos/.colima/default/docker.sock exists.\n"
        "- application.properties:18 sets the Dev Services Postgres image; nothing configures the Docker host."
    )


TC_PROPERTIES = """# Colima instead of Docker Desktop: read by Testcontainers (and Quarkus Dev Services) from any process,
# not only from shells that source ~/.zshrc.
docker.host=unix:///Users/milos/.colima/default/docker.sock
# Ryuk mounts the socket inside the Colima VM, where it lives at the default path.
docker.socket.override=/var/run/docker.sock
"""


def n12() -> Session:
    s = new("n12-testcontainers-colima", "2029-06-19T06:35:40", "2.1.160", "refund-it", "colima-socket-otter")
    s.user(
        "push from IntelliJ fails on the pre-push hook:\n\n```\n[ERROR] RefundResourceIT » Runtime "
        "java.lang.IllegalStateException: Previous attempts to find a Docker environment failed. Will not retry. "
        "Please see logs and check configuration\n[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0\n"
        "error: failed to push some refs to 'gitlab.com:kasa/naplata-api.git'\n```\n\nlet's fix this once and for all. "
        "Colima stays, no Docker Desktop and no sudo."
    )
    s.act(
        "First, where the Docker host is configured for each way the tests get started:",
        Agent(
            "Find Docker/Testcontainers config",
            "Find how Testcontainers in this project gets its Docker host: the git pre-push hook, ~/.zshrc, "
            "~/.testcontainers.properties, and application.properties (Dev Services). Only read, never edit, and "
            "always give file:line.",
            "Explore",
            explore_tc,
        ),
    )
    s.act(
        "One cause behind the IntelliJ test run, the hanging `quarkus dev`, Ryuk's mount error and now the hook: "
        "Testcontainers learns about Colima only from `DOCKER_HOST` in `~/.zshrc`, and Ryuk mounts the host path "
        "of the socket, which does not exist inside the Colima VM. `~/.testcontainers.properties` is read by every "
        "JVM whoever starts it, so both go there:",
        Write("/Users/milos/.testcontainers.properties", TC_PROPERTIES),
    )
    s.act(
        None,
        Bash(
            "env -u DOCKER_HOST ./mvnw -q verify -Dit.test=RefundResourceIT -Dtest=skip "
            "-Dsurefire.failIfNoSpecifiedTests=false",
            mvn_run(
                [("rs.kasa.naplata.refund.RefundResourceIT", 1, 11.482)],
                goal="verify",
                secs=47.3,
                when="2029-06-19T08:41:05+02:00",
            ),
            secs=52,
        ),
    )
    s.act(
        None,
        Bash(
            "git push",
            "To gitlab.com:kasa/naplata-api.git\n   8e03d5a..c2f71b8  refund-it -> refund-it",
            secs=55,
        ),
    )
    s.say(
        "RefundResourceIT passes even without `DOCKER_HOST` in the environment (as IntelliJ sees it), Ryuk "
        "included, and the push went through the hook. The fix lives in `~/.testcontainers.properties`, outside "
        "the repository."
    )
    s.user(
        "radi i iz IntelliJ-a, i quarkus dev. note to self: anything not started from zsh never sees what .zshrc "
        "exports, so Testcontainers config goes in ~/.testcontainers.properties",
        lessons=[
            "anything not started from zsh never sees what .zshrc exports, so Testcontainers config goes in "
            "~/.testcontainers.properties"
        ],
    )
    s.not_person("Only read, never edit, and always give file:line.", "subagent_prompt")
    s.outcome("success", "~/.testcontainers.properties with the Colima docker.host and socket override; IT and push OK")
    s.hit("colima-testcontainers", fixed=True)
    return s


DUE_TEST_CI = (
    "Run ./mvnw -B verify\n"
    "Warning: Node.js 16 actions are deprecated. Please update the following actions to use Node.js 20: "
    "actions/checkout@v3\n"
    "[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.418 s <<< FAILURE! -- in "
    "rs.kasa.naplata.invoice.InvoiceDueDateTest\n"
    "[ERROR] rs.kasa.naplata.invoice.InvoiceDueDateTest.dueAtIsLastSecondOfMonth -- Time elapsed: 0.061 s <<< FAILURE!\n"
    "org.opentest4j.AssertionFailedError: expected: <2029-06-30T21:59:59Z> but was: <2029-06-30T23:59:59Z>\n"
    "Error: Process completed with exit code 1."
)

INVOICE_ENTITY = """    public BigDecimal amount;

    @Column(name = "issued_at", nullable = false)
    public LocalDateTime issuedAt;

    @Column(name = "due_at", nullable = false)
    public LocalDateTime dueAt;"""

APP_PROPERTIES = """quarkus.datasource.db-kind=postgresql
quarkus.liquibase.migrate-at-start=true
quarkus.liquibase.change-log=db/changelog/db.changelog-master.yaml
quarkus.datasource.devservices.image-name=postgres:16-alpine"""

TIMESTAMPTZ_YAML = """databaseChangeLog:
  - changeSet:
      id: 2029-06-20-invoice-timestamptz
      author: milos
      changes:
        - sql:
            sql: >
              alter table invoices
                alter column issued_at type timestamp with time zone using issued_at at time zone 'UTC',
                alter column due_at type timestamp with time zone using due_at at time zone 'UTC'
"""

BILLING_CLOCK = """package rs.kasa.naplata.time;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneId;

/** Business dates (billing periods, reconciliation days) are Belgrade dates, whatever zone the JVM runs in. */
@ApplicationScoped
public class BillingClock {
    public static final ZoneId BELGRADE = ZoneId.of("Europe/Belgrade");

    private final Clock clock;

    public BillingClock() {
        this(Clock.systemUTC());
    }

    BillingClock(Clock clock) {
        this.clock = clock;
    }

    public OffsetDateTime now() {
        return OffsetDateTime.now(clock);
    }

    public LocalDate today() {
        return LocalDate.now(clock.withZone(BELGRADE));
    }

    public OffsetDateTime endOfMonth(YearMonth period) {
        return period.atEndOfMonth().atTime(23, 59, 59).atZone(BELGRADE).toOffsetDateTime();
    }
}
"""


def n13() -> Session:
    s = new("n13-utc-timestamps", "2029-06-20T06:30:25", "2.1.161", "utc-timestamps", "timestamptz-kestrel")
    s.user(
        "Jelena je prebacila CI na GitHub Actions, nove provere idu u .github/workflows/ci.yml. i odmah prvi run "
        "crven, a lokalno zeleno:\n\n```\n" + DUE_TEST_CI + "\n```\n\nisti test kao onaj od pre dve nedelje, samo "
        "ga je preimenovala. ajmo sad to da rešimo kako treba: vreme u bazi u UTC, poslovni datumi po Beogradu.",
        rules=[
            (
                "ci-github-actions",
                "Jelena je prebacila CI na GitHub Actions, nove provere idu u .github/workflows/ci.yml",
                "ci-gitlab-job",
            )
        ],
    )
    s.act(
        None,
        Read(f"{PKG}/invoice/Invoice.java", INVOICE_ENTITY, offset=19, total=44),
        Read("src/main/resources/application.properties", APP_PROPERTIES),
        Grep(
            "LocalDate(Time)?\\.now\\(",
            [
                f"{PKG}/invoice/InvoiceService.java:35:        inv.issuedAt = LocalDateTime.now();",
                f"{PKG}/reconcile/ReconcileJob.java:26:        LocalDate day = LocalDate.now().minusDays(1);",
            ],
            mode="content",
        ),
    )
    s.act(
        "Every symptom so far (the due date two hours off on your Mac, Sunday's reconciliation, the PDF dates, and "
        "this renamed test) comes from code that leans on the JVM default time zone: `LocalDateTime` columns "
        "without a zone and `LocalDate.now()`. The fix: store instants as `timestamp with time zone`, pin "
        "Hibernate's JDBC time zone to UTC, and compute business dates with an explicit `ZoneId.of(\"Europe/"
        'Belgrade")`. The changeset is YAML, as the changelog is:',
        Write("src/main/resources/db/changelog/changes/2029-06-20-invoice-timestamptz.yaml", TIMESTAMPTZ_YAML),
        Edit(
            "src/main/resources/application.properties",
            "quarkus.liquibase.migrate-at-start=true",
            "quarkus.liquibase.migrate-at-start=true\nquarkus.hibernate-orm.jdbc.timezone=UTC",
        ),
        Write(f"{PKG}/time/BillingClock.java", BILLING_CLOCK),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/invoice/Invoice.java",
            "    public LocalDateTime issuedAt;",
            "    public OffsetDateTime issuedAt;",
        ),
        Edit(f"{PKG}/invoice/Invoice.java", "    public LocalDateTime dueAt;", "    public OffsetDateTime dueAt;"),
        Edit(
            f"{PKG}/invoice/InvoiceService.java",
            "        inv.issuedAt = LocalDateTime.now();\n        inv.dueAt = period.atEndOfMonth().atTime(23, 59, 59);",
            "        inv.issuedAt = clock.now();\n        inv.dueAt = clock.endOfMonth(period);",
        ),
        Edit(
            f"{PKG}/reconcile/ReconcileJob.java",
            "        LocalDate day = LocalDate.now().minusDays(1);",
            "        LocalDate day = clock.today().minusDays(1);",
        ),
    )
    s.act(
        "Running the suite twice, in UTC as on GitHub Actions and in your zone:",
        Bash(
            "TZ=UTC ./mvnw -q test -Duser.timezone=UTC && ./mvnw -q test",
            mvn_run(
                [
                    ("rs.kasa.naplata.invoice.InvoiceDueDateTest", 3, 2.114),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 2, 1.402),
                    ("rs.kasa.naplata.fx.NbsClientTest", 1, 0.038),
                ],
                when="2029-06-20T06:44:51Z",
            )
            + "\n"
            + mvn_run(
                [
                    ("rs.kasa.naplata.invoice.InvoiceDueDateTest", 3, 2.087),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 2, 1.377),
                    ("rs.kasa.naplata.fx.NbsClientTest", 1, 0.036),
                ],
                when="2029-06-20T08:46:02+02:00",
            ),
            secs=88,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Store invoice times as timestamptz in UTC, business dates in Belgrade' && git push -u origin utc-timestamps",
            git_commit(
                "utc-timestamps",
                "f4a92d0",
                "Store invoice times as timestamptz in UTC, business dates in Belgrade",
                7,
                88,
                9,
            )
            + "\nTo github.com:kasa-rs/naplata-api.git\n * [new branch]      utc-timestamps -> utc-timestamps",
        ),
    )
    s.say("Green in UTC and in Europe/Belgrade; pushed `utc-timestamps` (`f4a92d0`) for the Actions run.")
    s.user(
        "zeleno na Actions. lekcija: LocalDateTime ne zna za zonu, čim pod radi u UTC-u sve se pomeri za dva sata.",
        lessons=["LocalDateTime ne zna za zonu, čim pod radi u UTC-u sve se pomeri za dva sata"],
    )
    s.not_person("Please update the following actions to use Node.js 20", "pasted_log")
    s.outcome("success", "timestamptz columns, hibernate JDBC time zone UTC, BillingClock in Europe/Belgrade; green")
    s.hit("jvm-timezone", fixed=True)
    return s


EXPORT_RESOURCE = """package rs.kasa.naplata.refund;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.time.LocalDate;
import java.util.stream.Collectors;

@Path("/v1/refunds/export")
public class RefundExportResource {

    @GET
    @Produces("text/csv")
    public String export(@QueryParam("from") LocalDate from, @QueryParam("to") LocalDate to) {
        return "id;invoice_id;amount;reason\\n" + Refund.<Refund>stream("createdOn between ?1 and ?2", from, to)
                .map(r -> r.id + ";" + r.invoiceId + ";" + r.amount.toPlainString() + ";" + r.reason)
                .collect(Collectors.joining("\\n"));
    }
}
"""

EXPORTED_YAML = """databaseChangeLog:
  - changeSet:
      id: 2029-06-21-refund-exported-at
      author: milos
      changes:
        - addColumn:
            tableName: refunds
            columns:
              - column:
                  name: exported_at
                  type: timestamp with time zone
"""

EXPORTED_SQL = """--liquibase formatted sql

--changeset milos:2029-06-21-refund-exported-at
alter table refunds add column exported_at timestamp with time zone;
--rollback alter table refunds drop column exported_at;
"""


def n14() -> Session:
    s = new("n14-refund-export", "2029-06-21T06:45:12", "2.1.161", "refund-export", "csv-export-stoat")
    s.user(
        "refund export for accounting: GET /v1/refunds/export?from=&to= returns a CSV with semicolons. and a new "
        "exported_at column in refunds, so we know what was already sent."
    )
    s.act(
        "The export resource and the column, as a YAML changeset like the others:",
        Write(f"{PKG}/refund/RefundExportResource.java", EXPORT_RESOURCE),
        Write("src/main/resources/db/changelog/changes/2029-06-21-refund-exported-at.yaml", EXPORTED_YAML),
        Edit(
            "src/main/resources/db/changelog/db.changelog-master.yaml",
            "      file: db/changelog/changes/2029-06-20-invoice-timestamptz.yaml",
            "      file: db/changelog/changes/2029-06-20-invoice-timestamptz.yaml\n  - include:\n"
            "      file: db/changelog/changes/2029-06-21-refund-exported-at.yaml",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q test",
            mvn_run(
                [
                    ("rs.kasa.naplata.invoice.InvoiceDueDateTest", 3, 2.101),
                    ("rs.kasa.naplata.refund.RefundExportResourceTest", 2, 1.822),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 2, 1.391),
                ],
                when="2029-06-21T08:52:40+02:00",
            ),
            secs=41,
        ),
    )
    s.say(
        "Export works (`id;invoice_id;amount;reason`), tests pass. One question before I go on: the migrations "
        "run at application start; should they move to a Helm pre-upgrade Job instead?"
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. The conversation is summarized below:\n"
        "Analysis: Miloš asked for a CSV export of refunds for accounting and an exported_at column.\nSummary:\n"
        "1. RefundExportResource: GET /v1/refunds/export?from=&to=, text/csv with semicolons.\n"
        "2. Changeset 2029-06-21-refund-exported-at.yaml (exported_at timestamptz), included in the master "
        "changelog.\n3. ./mvnw test green.\n4. Always run ./mvnw spotless:apply before committing.\n"
        "Pending: answer on running Liquibase in a Helm Job; commit.",
        118400,
        8900,
    )
    s.user(
        "zaboravi ono za YAML, changesetovi od sada idu kao formatted SQL, lakše ih DBA čita. prepiši ovaj novi u "
        "SQL. odluka: Liquibase ostaje na startu aplikacije, bez posebnog Job-a u Helmu.",
        rules=[("liquibase-sql", "zaboravi ono za YAML, changesetovi od sada idu kao formatted SQL", "liquibase-yaml")],
        decisions=["odluka: Liquibase ostaje na startu aplikacije, bez posebnog Job-a u Helmu"],
    )
    s.act(
        None,
        Write("src/main/resources/db/changelog/changes/2029-06-21-refund-exported-at.sql", EXPORTED_SQL),
        Bash(
            "git rm -q --cached src/main/resources/db/changelog/changes/2029-06-21-refund-exported-at.yaml 2>/dev/null; rm src/main/resources/db/changelog/changes/2029-06-21-refund-exported-at.yaml"
        ),
    )
    s.act(
        None,
        Edit(
            "src/main/resources/db/changelog/db.changelog-master.yaml",
            "      file: db/changelog/changes/2029-06-21-refund-exported-at.yaml",
            "      file: db/changelog/changes/2029-06-21-refund-exported-at.sql",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q test && git add -A && git commit -m 'Refund CSV export and exported_at column'",
            mvn_run(
                [
                    ("rs.kasa.naplata.invoice.InvoiceDueDateTest", 3, 2.093),
                    ("rs.kasa.naplata.refund.RefundExportResourceTest", 2, 1.790),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 2, 1.402),
                ],
                when="2029-06-21T09:01:17+02:00",
            )
            + "\n"
            + git_commit("refund-export", "a61c0e7", "Refund CSV export and exported_at column", 5, 74, 0),
            secs=44,
        ),
    )
    s.say(
        "The changeset is now formatted SQL (with a rollback); Liquibase stays at startup. Tests green, committed (`a61c0e7`)."
    )
    s.not_person("Always run ./mvnw spotless:apply before committing.", "compaction_summary")
    s.outcome("success", "refund CSV export and exported_at column as a formatted-SQL changeset; committed")
    return s


JACKSON = """package rs.kasa.naplata.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

@Singleton
public class PlainBigDecimalCustomizer implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    }
}
"""


def n15() -> Session:
    s = new("n15-bigdecimal-json", "2029-06-22T06:30:44", "2.1.163", "plain-amounts", "plain-decimal-puffin")
    s.user(
        'accounting says the amounts in the refunds JSON look like this: "amount": 1.2E+3. find out where that comes from.'
    )
    s.act(
        None,
        Grep(
            "stripTrailingZeros",
            [f"{PKG}/refund/RefundResource.java:31:        r.amount = body.amount().stripTrailingZeros();"],
            mode="content",
        ),
    )
    s.act(
        "`stripTrailingZeros()` turns 1200.00 into 1.2E+3 (scale -2), and Jackson writes a `BigDecimal` with "
        "`toString()`, hence the exponent. Jackson can write them plain for the whole application:",
        Write(f"{PKG}/json/PlainBigDecimalCustomizer.java", JACKSON),
        Edit(
            f"{PKG}/refund/RefundResource.java",
            "        r.amount = body.amount().stripTrailingZeros();",
            "        r.amount = body.amount().setScale(2, RoundingMode.UNNECESSARY);",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw -q test -Dtest='Refund*Test'",
            mvn_run(
                [
                    ("rs.kasa.naplata.refund.RefundExportResourceTest", 2, 1.811),
                    ("rs.kasa.naplata.refund.RefundResourceTest", 3, 1.455),
                ],
                when="2029-06-22T08:36:20+02:00",
            ),
            secs=30,
        ),
    )
    s.act(
        "Amounts come out as `1200.00` now. To get it to staging I'll bump the image tag:",
        Denied(Edit("charts/naplata-api/values-staging.yaml", "  tag: 1.13.4-b7d20f1", "  tag: 1.14.0-f4a92d0")),
    )
    s.user(
        "rekoh već, image tag u values.yaml ne diraš, to radi pipeline. samo commit i push.",
        rules=[("helm-image-tag", "image tag u values.yaml ne diraš, to radi pipeline")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Write BigDecimal amounts as plain numbers' && git push -u origin plain-amounts",
            git_commit("plain-amounts", "0d7e3b9", "Write BigDecimal amounts as plain numbers", 3, 22, 1)
            + "\nTo github.com:kasa-rs/naplata-api.git\n * [new branch]      plain-amounts -> plain-amounts",
        ),
    )
    s.say("Committed and pushed (`0d7e3b9`); the pipeline sets the tag.")
    s.user(
        "da li uvek mora restart poda kad promenim ConfigMap?",
        non_rules=["da li uvek mora restart poda kad promenim ConfigMap?"],
    )
    s.say(
        "For values read as environment variables, yes: a pod reads them only at start. A mounted ConfigMap file "
        "is updated in place after a while, but Quarkus reads `application.properties` once anyway. The usual "
        "Helm way is a `checksum/config` annotation on the pod template, so a changed ConfigMap rolls the "
        "deployment by itself."
    )
    s.one_off(
        "refund amounts serialized as 1.2E+3 in JSON (stripTrailingZeros + Jackson BigDecimal toString); written plain"
    )
    s.outcome(
        "success", "amounts serialized plain (scale 2, WRITE_BIGDECIMAL_AS_PLAIN); pushed; ConfigMap question answered"
    )
    return s


SESSIONS = [n01, n02, n03, n04, n05, n06, n07, n08, n09, n10, n11, n12, n13, n14, n15]

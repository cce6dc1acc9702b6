"""Arben's `ferma-api` sessions (f01-f15): Kotlin 2.0 / Ktor 2.3 for a dairy cooperative's farm deliveries,
Exposed on PostgreSQL 16, Flyway, Gradle 8 (Kotlin DSL), JUnit 5 + Testcontainers, detekt and ktlint, Docker
images on a k3s cluster with Helm. Times are UTC; Tirana is UTC+02:00 until 2029-10-28, UTC+01:00 after."""

from __future__ import annotations

from transcript_kit import FERMA, Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "ferma-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=FERMA, project=PROJECT)


def gradle(lines: list[str], *, ok: bool = True, secs: int = 38, tasks: int = 14) -> str:
    head = ["Starting a Gradle Daemon (subsequent builds will be faster)", "> Task :compileKotlin UP-TO-DATE"]
    if ok:
        tail = [
            "",
            f"BUILD SUCCESSFUL in {secs}s",
            f"{tasks} actionable tasks: {tasks // 3} executed, {tasks - tasks // 3} up-to-date",
        ]
    else:
        tail = [
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            "Execution failed for task ':test'.",
            "> There were failing tests. See the report at: file:///home/arben/punë/ferma-api/build/reports/tests/test/index.html",
            "",
            "* Try:",
            "> Run with --scan to get full insights.",
            "",
            f"BUILD FAILED in {secs}s",
            f"{tasks} actionable tasks: 3 executed, {tasks - 3} up-to-date",
        ]
    return "\n".join(head + lines + tail)


DELIVERIES_TABLE = """package al.koop.ferma.db

import org.jetbrains.exposed.sql.Table
import org.jetbrains.exposed.sql.javatime.timestamp

object Deliveries : Table("deliveries") {
    val id = long("id").autoIncrement()
    val farmId = long("farm_id").references(Farms.id)
    val litres = decimal("litres", 8, 2)
    val collectedAt = timestamp("collected_at")
    override val primaryKey = PrimaryKey(id)
}
"""

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "ferma-api.fullname" . }}
spec:
  replicas: {{ .Values.replicaCount }}
  template:
    spec:
      containers:
        - name: ferma-api
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          ports:
            - containerPort: 8080
          livenessProbe:
            httpGet:
              path: /health
              port: 8080
            initialDelaySeconds: 10
            periodSeconds: 5
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /health
              port: 8080
            initialDelaySeconds: 5
          resources:
            limits:
              memory: {{ .Values.resources.memory }}
"""

CONTRIBUTING = """# Contributing to ferma-api

- Always run ./gradlew check before opening a merge request.
- Migrations live in src/main/resources/db/migration (Flyway, V<n>__name.sql).
- Use the `dev` profile locally: ./gradlew run -Pprofile=dev
"""


# ---------------------------------------------------------------------------------------------------------------


def f01() -> Session:
    s = new("f01-deliveries-table", "2029-10-22T07:10:31", "2.1.160", "main", "deliveries-table-ibis")
    s.user(
        "mirëmëngjes 🙏 new week. ferma-api is Kotlin 2.0 + Ktor 2.3, Exposed on Postgres 16, Flyway. I need the "
        "deliveries table: farm_id, litres, collected_at. we go with Exposed DSL, not the DAO API. and one thing "
        "from last month: someone edited V3 after it was on prod and Flyway refused to start the pod for an hour. "
        "applied Flyway migrations are never edited, always add a new V file.",
        decisions=["we go with Exposed DSL, not the DAO API"],
        rules=[("flyway-new-file", "applied Flyway migrations are never edited, always add a new V file")],
    )
    s.title("Deliveries table with Exposed and Flyway")
    s.act(
        None,
        Bash(
            "ls src/main/resources/db/migration",
            "V1__farms.sql\nV2__collectors.sql\nV3__farms_village.sql",
        ),
    )
    s.act(
        "Adding V4 for the table and the Exposed DSL object:",
        Write(
            "src/main/resources/db/migration/V4__deliveries.sql",
            "CREATE TABLE deliveries (\n    id BIGSERIAL PRIMARY KEY,\n    farm_id BIGINT NOT NULL REFERENCES farms(id),\n"
            "    litres NUMERIC(8, 2) NOT NULL CHECK (litres > 0),\n    collected_at TIMESTAMPTZ NOT NULL\n);\n"
            "CREATE INDEX deliveries_farm_id_idx ON deliveries(farm_id);\n",
        ),
        Write("src/main/kotlin/al/koop/ferma/db/Deliveries.kt", DELIVERIES_TABLE),
    )
    s.act(
        None,
        Bash(
            "./gradlew flywayMigrate -Pprofile=dev && ./gradlew compileKotlin",
            '> Task :flywayMigrate\nSuccessfully applied 1 migration to schema "public", now at version v4 (execution time 00:00.041s)\n\n'
            "BUILD SUCCESSFUL in 6s\n1 actionable task: 1 executed\n"
            + gradle(["> Task :compileKotlin"], secs=21, tasks=3),
            secs=30,
        ),
    )
    s.say("V4__deliveries.sql is applied on the dev database (now at v4) and `Deliveries` compiles.")
    s.user("shumë mirë, faleminderit 💪")
    s.outcome("success", "deliveries table added as V4 migration and Exposed DSL object")
    return s


def f02() -> Session:
    s = new("f02-repo-tests-docker", "2029-10-23T07:05:12", "2.1.160", "deliveries-repo", "repo-tests-heron")
    s.user(
        "write a DeliveryRepository with insert and listByFarm, and an integration test with Testcontainers "
        "postgres:16-alpine. run it"
    )
    s.act(
        None,
        Write(
            "src/test/kotlin/al/koop/ferma/db/DeliveryRepositoryTest.kt",
            "@Testcontainers\nclass DeliveryRepositoryTest {\n    companion object {\n        @Container\n"
            '        val pg = PostgreSQLContainer("postgres:16-alpine")\n    }\n\n    @Test\n'
            "    fun `lists deliveries of one farm`() { /* ... */ }\n}\n",
        ),
        Write(
            "src/main/kotlin/al/koop/ferma/db/DeliveryRepository.kt",
            "class DeliveryRepository {\n    fun insert(d: NewDelivery): Long = transaction {\n"
            "        Deliveries.insert { it[farmId] = d.farmId; it[litres] = d.litres; it[collectedAt] = d.at } get Deliveries.id\n"
            "    }\n\n    fun listByFarm(farm: Long) = transaction {\n"
            "        Deliveries.selectAll().where { Deliveries.farmId eq farm }.map(::toDelivery)\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*DeliveryRepositoryTest*'",
            gradle(
                [
                    "> Task :test",
                    "",
                    "DeliveryRepositoryTest > initializationError FAILED",
                    "    java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs and check configuration",
                    "        at org.testcontainers.dockerclient.DockerClientProviderStrategy.lambda$getFirstValidStrategy$7(DockerClientProviderStrategy.java:277)",
                    "",
                    "1 test completed, 1 failed",
                ],
                ok=False,
                secs=19,
            ),
            code=1,
            secs=25,
        ),
    )
    s.act(
        None,
        Bash(
            "docker info 2>&1 | head -3",
            "Emulate Docker CLI using podman. Create /etc/containers/nodocker to quiet msg.\nhost:\n  arch: amd64",
        ),
    )
    s.say(
        "Testcontainers cannot find a Docker environment: `docker` here is Podman's emulation, and there is no "
        "Docker socket for the Java client to talk to. We could point DOCKER_HOST at a Podman socket; shall I look "
        "into that?"
    )
    s.user("s'kam kohë sot për këtë. e lëmë, nesër")
    s.outcome("failed", "repository test could not start: Testcontainers found no Docker environment")
    s.hit("testcontainers-podman")
    return s


def f03() -> Session:
    s = new("f03-flyway-validate", "2029-10-24T07:20:44", "2.1.161", "collectors", "flyway-checksum-wren")
    s.user(
        "app-i nuk niset lokalisht:\n\n```\nERROR o.f.core.internal.command.DbValidate - Validate failed: Migrations "
        "have failed validation\nDetected applied migration not resolved locally: 5.\nIf you removed this migration "
        "intentionally, run repair to mark the migration as deleted.\n```\n"
        "e kam riemërtuar V5 në V5__collector_routes.sql dje. rregulloje"
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run ./gradlew check before opening a merge request.", "tool_output")
    s.act(
        None,
        Bash(
            "git log --diff-filter=R --summary -1 -- src/main/resources/db/migration",
            "commit 4e1a0c2\n    rename collector routes migration\n\n rename src/main/resources/db/migration/"
            "{V5__routes.sql => V5__collector_routes.sql} (100%)",
        ),
    )
    s.act(
        "Only the name changed, not the SQL; Flyway keys the history on version and description, so on the dev "
        "database a repair is enough:",
        Bash(
            "./gradlew flywayRepair -Pprofile=dev && ./gradlew run -Pprofile=dev --args='--check-only'",
            '> Task :flywayRepair\nSuccessfully repaired schema history table "public"."flyway_schema_history"\n'
            "BUILD SUCCESSFUL in 5s\n2029-10-24 09:24:02.118 [main] INFO  Application - Responding at http://0.0.0.0:8080",
            secs=20,
        ),
    )
    s.say("Repaired the dev schema history; the app starts again. On prod the rename has not been deployed yet.")
    s.user(
        "mirë. disa gjëra për këtë repo, mos i harro:\n1. para çdo push: ./gradlew detekt ktlintCheck\n"
        "2. tabelat në snake_case dhe në shumës\n3. asnjë println, vetëm logger-i",
        rules=[
            ("lint-before-push", "para çdo push: ./gradlew detekt ktlintCheck"),
            ("table-names", "tabelat në snake_case dhe në shumës"),
            ("no-println", "asnjë println, vetëm logger-i"),
        ],
    )
    s.act(
        None, Bash("./gradlew detekt ktlintCheck", gradle(["> Task :detekt", "> Task :ktlintCheck"], secs=17, tasks=6))
    )
    s.say("Noted all three. detekt and ktlintCheck are clean on this branch.")
    s.one_off("Flyway validate failed after a migration file was renamed; flywayRepair on the dev database")
    s.outcome("success", "flywayRepair fixed the dev schema history, app starts")
    return s


def f04() -> Session:
    s = new("f04-helm-deadline", "2029-10-25T08:00:09", "2.1.161", "main", "helm-atomic-stork")
    s.user("deploy 0.4.0 to the k3s cluster with helm. the db password comes from the chart values")
    s.act(None, Read("deploy/helm/ferma-api/templates/deployment.yaml", DEPLOYMENT))
    s.act(
        "I'll put the database password into values-prod.yaml so the chart can render the Secret:",
        Denied(
            Write("deploy/helm/ferma-api/values-prod.yaml", "db:\n  user: ferma\n  password: Qum3sht-2029!\n"),
            "jo! sekretet s'futen në values.yaml, janë te SealedSecret ferma-db",
        ),
    )
    s.user(
        "mos harro: sekretet vetëm në SealedSecret ose .env lokal, kurrë në repo. vlen edhe për harta. chart-i e "
        "lexon nga secretKeyRef",
        rules=[("secrets", "sekretet vetëm në SealedSecret ose .env lokal, kurrë në repo")],
    )
    s.act(
        None,
        Bash(
            "helm upgrade --install ferma-api deploy/helm/ferma-api -n ferma -f deploy/helm/ferma-api/values-prod.yaml "
            "--set image.tag=0.4.0 --atomic --timeout 3m",
            "Error: UPGRADE FAILED: release ferma-api failed, and has been rolled back due to atomic being set: "
            "context deadline exceeded",
            code=1,
            secs=185,
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n ferma get pods -l app.kubernetes.io/name=ferma-api",
            "NAME                         READY   STATUS             RESTARTS      AGE\n"
            "ferma-api-7d9c6b8f5d-q2xlm   0/1     CrashLoopBackOff   4 (21s ago)   3m4s\n"
            "ferma-api-5b8f7c9d44-hk7tn   1/1     Running            0             6d",
        ),
    )
    s.say(
        "The new pod went into CrashLoopBackOff, so --atomic rolled back to 0.3.2 (still running). The logs of the "
        "crashed container would tell why; the livenessProbe starts after 10 s, which may be short for this JVM."
    )
    s.user("dreq. s'kam kohë, kam mbledhje. e shohim më vonë")
    s.outcome("failed", "helm upgrade timed out and rolled back; new pod in CrashLoopBackOff")
    s.hit("k3s-probe-kills-jvm")
    return s


def f05() -> Session:
    s = new("f05-tests-hang", "2029-10-26T07:15:50", "2.1.162", "deliveries-repo", "hang-tests-lark")
    s.user(
        "testet e integrimit me Testcontainers rrinë pezull dy minuta dhe pastaj dështojnë, vetëm në laptop. në "
        "CI kalojnë pa problem. deploy-i në k3s bëhet vetëm me helm upgrade --atomic nga laptopi, kështu që duhet "
        "të punojnë këtu. shiko pse",
        rules=[("helm-from-laptop", "deploy-i në k3s bëhet vetëm me helm upgrade --atomic nga laptopi")],
    )
    s.act(
        None,
        Bash(
            "cat ~/.testcontainers.properties 2>/dev/null; echo DOCKER_HOST=$DOCKER_HOST; systemctl --user status podman.socket --no-pager | head -3",
            "DOCKER_HOST=\n○ podman.socket - Podman API Socket\n     Loaded: loaded (/usr/lib/systemd/user/podman.socket; disabled; preset: disabled)\n"
            "     Active: inactive (dead)",
        ),
    )
    s.say(
        "On the laptop there is no Docker daemon and the user's podman.socket is inactive, so Testcontainers keeps "
        "trying strategies until it times out; CI has real Docker. Enabling podman.socket and pointing "
        "DOCKER_HOST at it should help. Want me to do that?"
    )
    s.user("hmm, do ta shoh vetë në mbrëmje")
    s.outcome("unknown", "cause suggested (no podman socket), he leaves to look himself")
    s.hit("testcontainers-podman")
    return s


def f06() -> Session:
    s = new("f06-serializer", "2029-10-29T08:05:27", "2.1.162", "deliveries-route", "serializer-kite")
    s.user(
        "GET /deliveries/{id} jep 500:\n\n```\n2029-10-29 09:04:11.902 [eventLoopGroupProxy-4-1] ERROR ktor.application - "
        "Unhandled: GET - /deliveries/12\nkotlinx.serialization.SerializationException: Serializer for class "
        "'DeliveryDto' is not found.\nPlease ensure that class is marked as '@Serializable' and that the serialization "
        "compiler plugin is applied.\n```\na missing delivery returns 404 with an empty body, that's what the app "
        "expects.",
        rules=[("missing-404-empty", "a missing delivery returns 404 with an empty body")],
    )
    s.act(
        None,
        Edit(
            "src/main/kotlin/al/koop/ferma/api/DeliveryDto.kt",
            "data class DeliveryDto(",
            "@Serializable\ndata class DeliveryDto(",
        ),
        Edit(
            "src/main/kotlin/al/koop/ferma/api/DeliveryRoutes.kt",
            "    call.respond(repo.find(id)!!.toDto())",
            "    val d = repo.find(id) ?: return@get call.respond(HttpStatusCode.NotFound)\n    call.respond(d.toDto())",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*DeliveryRoutesTest*'",
            gradle(
                [
                    "> Task :test",
                    "",
                    "DeliveryRoutesTest > returns 404 for unknown id PASSED",
                    "DeliveryRoutesTest > returns one delivery PASSED",
                ],
                secs=24,
            ),
            secs=30,
        ),
    )
    s.say("`DeliveryDto` was missing `@Serializable`; unknown ids now return 404 with an empty body. Tests pass.")
    s.user(
        "mirë. IntelliJ më ndryshoi importet prapë. formatting only via ./gradlew ktlintFormat, not IntelliJ's "
        "Reformat Code, otherwise ktlint and the IDE fight over the imports",
        rules=[("ktlint-format", "formatting only via ./gradlew ktlintFormat, not IntelliJ's Reformat Code")],
    )
    s.act(
        None,
        Bash(
            "./gradlew ktlintFormat && git diff --stat",
            "src/main/kotlin/al/koop/ferma/api/DeliveryRoutes.kt | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)",
        ),
    )
    s.say("ktlintFormat reordered the imports in DeliveryRoutes.kt back.")
    s.one_off("Ktor returned 500 because DeliveryDto lacked @Serializable (kotlinx serializer not found)")
    s.outcome("success", "DeliveryDto serializable, 404 for missing deliveries, tests pass")
    return s


def f07() -> Session:
    s = new("f07-liveness-restart", "2029-10-30T08:30:02", "2.1.163", "main", "probe-restart-crane")
    s.user(
        "deploy went through this time but look:\n\n```\n$ kubectl -n ferma describe pod ferma-api-6f7b9c5d8-wq4zt | tail -8\n"
        '  Normal   Pulled     52s                kubelet  Container image "registry.koop.al/ferma-api:0.4.1" already present on machine\n'
        "  Normal   Started    51s (x2 over 98s)  kubelet  Started container ferma-api\n"
        '  Warning  Unhealthy  38s (x6 over 88s)  kubelet  Liveness probe failed: Get "http://10.42.0.31:8080/health": dial tcp 10.42.0.31:8080: connect: connection refused\n'
        "  Normal   Killing    38s                kubelet  Container ferma-api failed liveness probe, will be restarted\n```\n"
        "it restarted once and then stayed. also: vendosëm që Ktor mbetet në Netty, s'kalojmë në CIO, ndaj mos e "
        "propozo.",
        decisions=["vendosëm që Ktor mbetet në Netty, s'kalojmë në CIO"],
    )
    s.act(
        None,
        Bash(
            "kubectl -n ferma top pod",
            "NAME                        CPU(cores)   MEMORY(bytes)\nferma-api-6f7b9c5d8-wq4zt   412m         488Mi",
        ),
    )
    s.say(
        "Memory is at 488Mi against a 512Mi limit; under pressure the JVM starts slowly. A good rule of thumb is to "
        "always give the JVM at least 1Gi of memory in k3s. I can raise the limit to 1Gi in values-prod.yaml."
    )
    s.not_person("A good rule of thumb is to always give the JVM at least 1Gi of memory in k3s.", "assistant_text")
    s.user("ok provoje, do shoh në deploy-in tjetër")
    s.act(
        None, Edit("deploy/helm/ferma-api/values-prod.yaml", "resources:\n  memory: 512Mi", "resources:\n  memory: 1Gi")
    )
    s.say("Limit set to 1Gi in values-prod.yaml; it takes effect with the next helm upgrade.")
    s.outcome("unknown", "memory limit raised as a guess; effect not reported")
    s.hit("k3s-probe-kills-jvm")
    return s


TC_FAIL = gradle(
    [
        "> Task :test",
        "",
        "DeliveryRepositoryTest > initializationError FAILED",
        "    org.testcontainers.containers.ContainerLaunchException: Container startup failed for image testcontainers/ryuk:0.7.0",
        "        Caused by: com.github.dockerjava.api.exception.InternalServerErrorException: Status 500: "
        '{"cause":"permission denied","message":"preparing container: error mounting \\"/var/run/docker.sock\\": permission denied"}',
        "",
        "1 test completed, 1 failed",
    ],
    ok=False,
    secs=31,
)


def f08() -> Session:
    s = new("f08-ryuk-denied", "2029-10-31T08:10:40", "2.1.163", "deliveries-repo", "ryuk-socket-owl")
    s.user(
        "e nisa podman system service me dorë dhe vura DOCKER_HOST te socket-i i tij, si the ti të premten. "
        "tani del gabim tjetër. run the repository test. "
        "a duhet gjithmonë ta nis podman-in me dorë para testeve?",
        non_rules=["a duhet gjithmonë ta nis podman-in me dorë para testeve?"],
    )
    cmd = "./gradlew test --tests '*DeliveryRepositoryTest*'"
    s.act(None, Bash(cmd, TC_FAIL, code=1, secs=40))
    s.act(
        "Ryuk failed to mount the socket. Running it again in case it was a one-time pull problem:",
        Bash(cmd, TC_FAIL, code=1, secs=38),
    )
    s.act(None, Bash(cmd, TC_FAIL, code=1, secs=37))
    s.say(
        "Three runs, same error: the testcontainers/ryuk container cannot mount /var/run/docker.sock under rootless "
        "Podman (permission denied). It is not transient."
    )
    s.user("s'funksionon akoma. mjaft për sot")
    s.outcome("failed", "Ryuk container cannot mount the socket; test fails three times")
    s.hit("testcontainers-podman")
    return s


def f09() -> Session:
    s = new("f09-fat-column", "2029-11-01T08:40:15", "2.1.164", "fat-percent", "fat-column-finch")
    s.user("shto kolonën fat_percent te deliveries, NUMERIC(4,2), nullable. dhe te DTO")
    s.act(
        "The column is small; I'll add it to V4__deliveries.sql so the table is defined in one place:",
        Bash(
            "grep -n litres src/main/resources/db/migration/V4__deliveries.sql",
            "4:    litres NUMERIC(8, 2) NOT NULL CHECK (litres > 0),",
        ),
    )
    s.user(
        "jo jo, V4 është në prod. migrimet që janë aplikuar nuk preken kurrë, bëj një skedar të ri V",
        rules=[("flyway-new-file", "migrimet që janë aplikuar nuk preken kurrë, bëj një skedar të ri V")],
    )
    s.act(
        None,
        Write(
            "src/main/resources/db/migration/V6__deliveries_fat_percent.sql",
            "ALTER TABLE deliveries ADD COLUMN fat_percent NUMERIC(4, 2);\n",
        ),
        Edit(
            "src/main/kotlin/al/koop/ferma/db/Deliveries.kt",
            '    val collectedAt = timestamp("collected_at")',
            '    val collectedAt = timestamp("collected_at")\n    val fatPercent = decimal("fat_percent", 4, 2).nullable()',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew flywayMigrate -Pprofile=dev && ./gradlew detekt ktlintCheck",
            'Successfully applied 1 migration to schema "public", now at version v6 (execution time 00:00.018s)\n'
            + gradle(["> Task :detekt", "> Task :ktlintCheck"], secs=15, tasks=6),
            secs=25,
        ),
    )
    s.say("Added V6__deliveries_fat_percent.sql and the nullable `fatPercent` column; migrated dev, lint clean.")
    s.user("💪 faleminderit")
    s.outcome("success", "fat_percent added as a new migration V6")
    return s


def f10() -> Session:
    s = new("f10-restarts-words", "2029-11-02T08:20:33", "2.1.164", "main", "restart-count-tern")
    s.user(
        "prapë e njëjta gjë: pas çdo deploy pod-i i ferma-api restartohet 3-4 herë para se të rrijë, edhe me 1Gi. "
        "mendoj që liveness e vret para se të niset Ktor-i. shiko chart-in"
    )
    s.act(None, Read("deploy/helm/ferma-api/templates/deployment.yaml", DEPLOYMENT))
    s.act(
        "Before changing the chart I'll clear the restarted pod so we get a clean event history:",
        Denied(Bash("kubectl -n ferma delete pod -l app.kubernetes.io/name=ferma-api")),
    )
    s.user("mos prek asgjë në cluster tani, janë duke marrë qumësht në Fier. vetëm lexo")
    s.act(
        None,
        Bash(
            "kubectl -n ferma logs deploy/ferma-api --previous | head -4",
            '2029-11-02 09:15:03.402 [main] INFO  Application - Starting ferma-api 0.4.2\n2029-11-02 09:15:21.877 [main] INFO  o.f.core.FlywayExecutor - Database: jdbc:postgresql://pg.ferma:5432/ferma (PostgreSQL 16.4)\n2029-11-02 09:15:24.019 [main] INFO  o.f.core.internal.command.DbMigrate - Current version of schema "public": 6',
        ),
    )
    s.say(
        "The previous container was still in Flyway 21 s after start, past the 10 s initialDelay plus 3 failed "
        "probes. The probe timing is the likely cause; I can change it when the cluster may be touched."
    )
    s.user("jo sot. ika")
    s.outcome("failed", "restarts diagnosed but nothing could be changed; he leaves")
    s.hit("k3s-probe-kills-jvm")
    return s


def f11() -> Session:
    s = new("f11-podman-socket", "2029-11-05T08:05:19", "2.1.165", "deliveries-repo", "podman-socket-robin")
    s.user(
        "allora, sot e rregullojmë Testcontainers me Podman njëherë e mirë. the repository tests have to run on this laptop"
    )
    s.act(
        "First the user-level Podman API socket, which Testcontainers can use as a Docker endpoint:",
        Bash(
            "systemctl --user enable --now podman.socket && ls -l /run/user/1000/podman/podman.sock",
            "Created symlink /home/arben/.config/systemd/user/sockets.target.wants/podman.socket → /usr/lib/systemd/user/podman.socket.\n"
            "srw-rw----. 1 arben arben 0 Nov  5 09:06 /run/user/1000/podman/podman.sock",
        ),
    )
    s.act(
        "Rootless Podman cannot give Ryuk the socket it mounts, so Ryuk goes off; JUnit's @Container still stops the containers:",
        Write(
            "/home/arben/.testcontainers.properties",
            "docker.host=unix:///run/user/1000/podman/podman.sock\nryuk.disabled=true\n",
        ),
    )
    s.compact(
        "manual",
        "Summary of the conversation so far:\n1. Arben's integration tests (Testcontainers, postgres:16-alpine) could "
        "not start on Fedora 40 with rootless Podman.\n2. Enabled podman.socket for the user and wrote "
        "~/.testcontainers.properties (docker.host, ryuk.disabled=true).\n3. User prefers to always run Gradle with "
        "--no-daemon.\nNext: run DeliveryRepositoryTest.",
        121300,
        9800,
    )
    s.not_person("User prefers to always run Gradle with --no-daemon.", "compaction_summary")
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*DeliveryRepositoryTest*'",
            gradle(
                [
                    "> Task :test",
                    "",
                    "DeliveryRepositoryTest > lists deliveries of one farm PASSED",
                    "DeliveryRepositoryTest > insert returns id PASSED",
                ],
                secs=44,
            ),
            secs=50,
        ),
    )
    s.say("Both repository tests pass on the laptop, Postgres running in Podman.")
    s.user(
        "më në fund! turns out rootless Podman has no Docker socket unless podman.socket is enabled for the user. "
        "shto një shënim te README për të tjerët",
        lessons=["turns out rootless Podman has no Docker socket unless podman.socket is enabled for the user"],
    )
    s.act(
        None,
        Edit(
            "README.md",
            "## Running tests",
            "## Running tests\n\nOn Fedora with Podman: `systemctl --user enable --now podman.socket` and a\n`~/.testcontainers.properties` with the socket as docker.host and `ryuk.disabled=true`.",
        ),
    )
    s.say("Added the note under 'Running tests' in README.md.")
    s.outcome("success", "podman.socket enabled and Ryuk disabled; Testcontainers tests pass locally")
    s.hit("testcontainers-podman", fixed=True)
    return s


def f12() -> Session:
    s = new("f12-metaspace", "2029-11-06T08:30:48", "2.1.166", "main", "metaspace-gull")
    s.user(
        "gradle vdes në mes të build-it:\n\n```\n> Task :compileKotlin FAILED\ne: java.lang.OutOfMemoryError: Metaspace\n"
        "FAILURE: Build failed with an exception.\n* What went wrong:\nExecution failed for task ':compileKotlin'.\n"
        "> Metaspace\n```\nvetëm për sot, log level DEBUG te logback që të shoh çfarë bën. dhe një gjë e re: tani "
        "deploy-in e bën vetëm pipeline-i i GitLab-it, jo më helm nga laptopi",
        non_rules=["vetëm për sot, log level DEBUG te logback"],
        rules=[
            (
                "deploy-pipeline",
                "tani deploy-in e bën vetëm pipeline-i i GitLab-it, jo më helm nga laptopi",
                "helm-from-laptop",
            )
        ],
    )
    s.act(
        None,
        Read("gradle.properties", "kotlin.code.style=official\norg.gradle.jvmargs=-Xmx1g\norg.gradle.caching=true"),
    )
    s.act(
        "The daemon's 1g heap has no Metaspace cap raised; the Kotlin compiler runs in it:",
        Edit("gradle.properties", "org.gradle.jvmargs=-Xmx1g", "org.gradle.jvmargs=-Xmx3g -XX:MaxMetaspaceSize=1g"),
        Edit("src/main/resources/logback.xml", '<root level="INFO">', '<root level="DEBUG">'),
    )
    s.act(
        None,
        Bash(
            "./gradlew --stop && ./gradlew build -x test",
            "Stopping Daemon(s)\n1 Daemon stopped\n"
            + gradle(["> Task :compileKotlin", "> Task :jar"], secs=58, tasks=9),
            secs=70,
        ),
    )
    s.say("Build passes with the bigger daemon (3g heap, 1g Metaspace); logback root is at DEBUG for today.")
    s.user("va bene 👍")
    s.one_off("Gradle daemon ran out of Metaspace compiling Kotlin; raised org.gradle.jvmargs")
    s.outcome("success", "gradle.properties jvmargs raised, build passes")
    return s


def find_probes(child: Session) -> None:
    child.act(
        None,
        Bash(
            "grep -rn -i 'probe\\|initialDelay' deploy/helm/ferma-api",
            "deploy/helm/ferma-api/templates/deployment.yaml:14:          livenessProbe:\n"
            "deploy/helm/ferma-api/templates/deployment.yaml:18:            initialDelaySeconds: 10\n"
            "deploy/helm/ferma-api/templates/deployment.yaml:21:          readinessProbe:\n"
            "deploy/helm/ferma-api/templates/deployment.yaml:25:            initialDelaySeconds: 5",
        ),
    )
    child.act(
        None,
        Bash(
            "grep -n 'Responding at\\|Starting ferma-api' /home/arben/punë/ferma-api/logs/k3s-0.4.2.log",
            "1:2029-11-02 09:15:03.402 [main] INFO  Application - Starting ferma-api 0.4.2\n212:2029-11-02 09:15:44.960 [main] INFO  Application - Responding at http://0.0.0.0:8080",
        ),
    )
    child.say(
        "Probes: deployment.yaml:14 livenessProbe (initialDelaySeconds 10, period 5, failureThreshold 3) and :21 "
        "readinessProbe (5). No startupProbe. The saved 0.4.2 log shows 41.5 s from 'Starting' to 'Responding at'."
    )


def f13() -> Session:
    s = new("f13-startup-probe", "2029-11-07T08:15:07", "2.1.167", "startup-probe", "startup-probe-hoopoe")
    s.user("sot mund ta prekim cluster-in. rregullo restart-et pas deploy, gjej sa kohë do JVM-ja të niset")
    s.act(
        None,
        Agent(
            "Find probe settings and startup time",
            "List every probe setting in deploy/helm/ferma-api and how long ferma-api takes from start to 'Responding at' "
            "in the saved logs. Do not edit anything; always report the file and line.",
            "Explore",
            find_probes,
        ),
    )
    s.not_person("Do not edit anything; always report the file and line.", "subagent_prompt")
    s.act(
        "Ktor needs ~42 s (Flyway included) but liveness gives up after 10 + 3×5 s. A startupProbe holds liveness off "
        "until the app answers once:",
        Edit(
            "deploy/helm/ferma-api/templates/deployment.yaml",
            "          livenessProbe:\n            httpGet:\n              path: /health\n              port: 8080\n            initialDelaySeconds: 10",
            "          startupProbe:\n            httpGet:\n              path: /health\n              port: 8080\n            periodSeconds: 2\n            failureThreshold: 30\n"
            "          livenessProbe:\n            httpGet:\n              path: /health\n              port: 8080",
        ),
    )
    s.act(
        None,
        Bash(
            "helm upgrade --install ferma-api deploy/helm/ferma-api -n ferma -f deploy/helm/ferma-api/values-prod.yaml --set image.tag=0.4.3 --atomic --timeout 4m "
            "&& kubectl -n ferma get pods -l app.kubernetes.io/name=ferma-api",
            'Release "ferma-api" has been upgraded. Happy Helming!\nNAME: ferma-api\nLAST DEPLOYED: Wed Nov  7 09:21:40 2029\n'
            "NAMESPACE: ferma\nSTATUS: deployed\nREVISION: 14\n"
            "NAME                         READY   STATUS    RESTARTS   AGE\nferma-api-84d6c7f9b7-mx2rp   1/1     Running   0          58s",
            secs=75,
        ),
    )
    s.say("Deployed 0.4.3 with the startupProbe: the pod is Running with 0 restarts.")
    s.user(
        "0 restarts 🙏 mësimi: JVM-ja me Flyway do 40 sekonda të niset, liveness-i s'duhet ta vrasë para kësaj. "
        "e deploy-ova nga këtu vetëm sot se pipeline-i s'e ka akoma chart-in e ri",
        lessons=["mësimi: JVM-ja me Flyway do 40 sekonda të niset, liveness-i s'duhet ta vrasë para kësaj"],
    )
    s.act(
        None,
        Bash(
            "git add deploy/helm && git commit -m 'Add startupProbe so liveness waits for Ktor'",
            "[startup-probe 9c2e1f4] Add startupProbe so liveness waits for Ktor\n 1 file changed, 6 insertions(+), 1 deletion(-)",
        ),
    )
    s.say("Committed 9c2e1f4.")
    s.outcome("success", "startupProbe added, pod runs with 0 restarts")
    s.hit("k3s-probe-kills-jvm", fixed=True)
    return s


def f14() -> Session:
    s = new("f14-problem-json", "2029-11-08T08:40:55", "2.1.168", "collectors-api", "problem-json-swift")
    s.user("add GET /collectors/{id}/deliveries, the same 404 behaviour as deliveries")
    s.act(
        None,
        Write(
            "src/main/kotlin/al/koop/ferma/api/CollectorRoutes.kt",
            'fun Route.collectorRoutes(repo: CollectorRepository) {\n    get("/collectors/{id}/deliveries") {\n'
            '        val id = call.parameters["id"]!!.toLong()\n'
            "        val c = repo.find(id) ?: return@get call.respond(HttpStatusCode.NotFound)\n"
            "        call.respond(repo.deliveries(c.id))\n    }\n}\n",
        ),
    )
    s.say("Added the route; an unknown collector returns 404 with an empty body, as for deliveries.")
    s.user(
        "no, that was before, now missing resources return 404 with an application/problem+json body, the app team "
        "wants a title. change deliveries too",
        rules=[
            (
                "problem-json",
                "now missing resources return 404 with an application/problem+json body",
                "missing-404-empty",
            )
        ],
    )
    s.act(
        None,
        Write(
            "src/main/kotlin/al/koop/ferma/api/Problems.kt",
            "suspend fun ApplicationCall.notFound(what: String) = respondText(\n"
            '    Json.encodeToString(Problem(title = "$what not found", status = 404)),\n'
            '    ContentType.parse("application/problem+json"),\n    HttpStatusCode.NotFound,\n)\n',
        ),
        Edit(
            "src/main/kotlin/al/koop/ferma/api/CollectorRoutes.kt",
            "return@get call.respond(HttpStatusCode.NotFound)",
            'return@get call.notFound("collector")',
        ),
        Edit(
            "src/main/kotlin/al/koop/ferma/api/DeliveryRoutes.kt",
            "return@get call.respond(HttpStatusCode.NotFound)",
            'return@get call.notFound("delivery")',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test detekt ktlintCheck",
            gradle(["> Task :test", "> Task :detekt", "> Task :ktlintCheck"], secs=63, tasks=18),
            secs=70,
        ),
    )
    s.say("Both routes answer 404 with application/problem+json and a title; tests and lint pass.")
    s.user("perfekt 💪")
    s.outcome("success", "collectors route added, 404s are problem+json")
    return s


def f15() -> Session:
    s = new("f15-weekly-report", "2029-11-09T08:10:22", "2.1.169", "weekly-report", "weekly-report-jay")
    s.queued_start("raport javor i litrave për fermë")
    s.user(
        "raport javor i litrave për fermë: GET /reports/weekly?week=2029-W45, sum(litres) group by farm. commit "
        "message në anglisht si gjithmonë, mos harro: commit message gjithmonë në anglisht, në imperativ, edhe te harta",
        rules=[("commit-english", "commit message gjithmonë në anglisht, në imperativ")],
    )
    s.act(
        None,
        Write(
            "src/main/kotlin/al/koop/ferma/api/ReportRoutes.kt",
            'get("/reports/weekly") {\n    val week = IsoWeek.parse(call.request.queryParameters["week"]!!)\n'
            "    call.respond(reports.litresByFarm(week.start, week.end))\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*ReportRoutesTest*' && git add -A && git commit -m 'Add weekly litres report per farm'",
            gradle(["> Task :test", "", "ReportRoutesTest > sums litres per farm for a week PASSED"], secs=33)
            + "\n[weekly-report 1b7d3a0] Add weekly litres report per farm\n 3 files changed, 58 insertions(+)",
            secs=40,
        ),
    )
    s.say("The weekly report route is in and committed (1b7d3a0).")
    s.user("mirë, faleminderit. java e ardhshme CSV export")
    s.outcome("success", "weekly report endpoint added, test passes, committed")
    return s


SESSIONS = [f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15]

"""Ingrid's `fjordvarsel` sessions (s01-s16): a Kotlin 2 Ktor server for tide and weather alerts on the west
coast, Exposed on PostgreSQL, Flyway, Gradle with the Kotlin DSL, kotest, Testcontainers, detekt and ktlint.
Times are UTC; Bergen is UTC+2 (CEST) in October."""

from __future__ import annotations

from fake_output import FV, git_commit, gradle_fail, gradle_ok, gradle_test_fail
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "fjordvarsel"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=FV, project=PROJECT)


KT = "src/main/kotlin/no/fjordvarsel"
KTEST = "src/test/kotlin/no/fjordvarsel"

STATIONS_TABLE = """package no.fjordvarsel.stations

import org.jetbrains.exposed.sql.Table

object Stations : Table("stations") {
    val id = varchar("id", 16)
    val name = varchar("name", 120)
    val lat = double("lat")
    val lon = double("lon")
    override val primaryKey = PrimaryKey(id)
}"""

APPLICATION = """package no.fjordvarsel

import io.ktor.serialization.kotlinx.json.json
import io.ktor.server.application.Application
import io.ktor.server.application.install
import io.ktor.server.plugins.contentnegotiation.ContentNegotiation
import io.ktor.server.routing.routing
import no.fjordvarsel.db.DatabaseFactory

fun main(args: Array<String>) = io.ktor.server.netty.EngineMain.main(args)

fun Application.module() {
    DatabaseFactory.init(environment.config)
    install(ContentNegotiation) { json() }
    routing {
        healthRoutes()
    }
}"""

STATION_ROUTES = """package no.fjordvarsel.stations

import io.ktor.server.response.respond
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import io.ktor.server.routing.route
import kotlinx.serialization.Serializable
import org.jetbrains.exposed.sql.selectAll
import org.jetbrains.exposed.sql.transactions.experimental.newSuspendedTransaction

@Serializable
data class StationDto(val id: String, val name: String, val lat: Double, val lon: Double)

fun Route.stationRoutes() = route("/api/v1/stations") {
    get {
        val stations = newSuspendedTransaction {
            Stations.selectAll().orderBy(Stations.name).map {
                StationDto(it[Stations.id], it[Stations.name], it[Stations.lat], it[Stations.lon])
            }
        }
        call.respond(stations)
    }
}
"""

STATION_TEST = """package no.fjordvarsel.stations

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import io.ktor.client.call.body
import io.ktor.client.request.get
import io.ktor.http.HttpStatusCode
import no.fjordvarsel.testing.PostgresExtension
import no.fjordvarsel.testing.fjordApp

class StationRoutesTest : FunSpec({
    val pg = install(PostgresExtension)

    test("lists stations sorted by name") {
        pg.seedStations("BGO" to "Bergen", "AES" to "Ålesund", "MAY" to "Måløy")
        fjordApp(pg) { client ->
            val res = client.get("/api/v1/stations")
            res.status shouldBe HttpStatusCode.OK
            res.body<List<StationDto>>().map { it.name } shouldBe listOf("Bergen", "Måløy", "Ålesund")
        }
    }
})
"""

V5 = """CREATE TABLE alerts (
    id          BIGSERIAL PRIMARY KEY,
    station_id  VARCHAR(16) NOT NULL REFERENCES stations (id),
    level       VARCHAR(8)  NOT NULL,
    message     TEXT        NOT NULL,
    valid_from  TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
    device_token VARCHAR(255) NOT NULL,
    station_id   VARCHAR(16)  NOT NULL REFERENCES stations (id),
    platform     VARCHAR(8)   NOT NULL,
    PRIMARY KEY (device_token, station_id)
);
"""

ALERTS_TABLES = """package no.fjordvarsel.alerts

import org.jetbrains.exposed.sql.Table
import org.jetbrains.exposed.sql.kotlin.datetime.timestampWithTimeZone

object Alerts : Table("alerts") {
    val id = long("id").autoIncrement()
    val stationId = varchar("station_id", 16)
    val level = varchar("level", 8)
    val message = text("message")
    val validFrom = timestampWithTimeZone("valid_from")
    override val primaryKey = PrimaryKey(id)
}

object Subscriptions : Table("subscriptions") {
    val deviceToken = varchar("device_token", 255)
    val stationId = varchar("station_id", 16)
    val platform = varchar("platform", 8)
    override val primaryKey = PrimaryKey(deviceToken, stationId)
}
"""

ALERT_SERVICE = """package no.fjordvarsel.alerts

import no.fjordvarsel.push.PushClient
import org.jetbrains.exposed.sql.insert
import org.jetbrains.exposed.sql.selectAll
import org.jetbrains.exposed.sql.transactions.transaction

class AlertService(private val push: PushClient) {
    fun publish(alert: NewAlert): Int = transaction {
        Alerts.insert {
            it[stationId] = alert.stationId
            it[level] = alert.level.name
            it[message] = alert.message
            it[validFrom] = alert.validFrom
        }
        val tokens = Subscriptions.selectAll()
            .where { Subscriptions.stationId eq alert.stationId }
            .map { it[Subscriptions.deviceToken] }
        tokens.forEach { token -> push.sendBlocking(token, alert.message) }
        tokens.size
    }
}
"""

ALERT_REPO_TEST = """package no.fjordvarsel.alerts

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import no.fjordvarsel.testing.FakePushClient
import no.fjordvarsel.testing.PostgresExtension
import no.fjordvarsel.testing.alert

class AlertServiceTest : FunSpec({
    val pg = install(PostgresExtension)

    test("publish stores the alert and pushes to every subscriber of the station") {
        pg.seedStations("BGO" to "Bergen")
        pg.subscribe("BGO", "token-1", "token-2")
        val push = FakePushClient()
        AlertService(push).publish(alert("BGO")) shouldBe 2
        push.sent.map { it.token } shouldBe listOf("token-1", "token-2")
    }
})
"""

FANOUT_TEST = """package no.fjordvarsel.alerts

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.withContext
import no.fjordvarsel.testing.FakePushClient
import no.fjordvarsel.testing.PostgresExtension
import no.fjordvarsel.testing.alert

class AlertFanoutTest : FunSpec({
    val pg = install(PostgresExtension)

    test("publishes three alerts at the same time") {
        pg.seedStations("BGO" to "Bergen")
        pg.subscribe("BGO", *Array(40) { "token-$it" })
        val push = FakePushClient(delayMillis = 200)
        val service = AlertService(push)
        withContext(Dispatchers.IO) {
            List(3) { async { service.publish(alert("BGO")) } }.awaitAll()
        }
        push.sent.size shouldBe 120
    }
})
"""

TEST_CONF = """ktor {
    deployment { port = 0 }
    application { modules = [ no.fjordvarsel.ApplicationKt.module ] }
}
database {
    maximumPoolSize = 2
    connectionTimeout = 30000
}"""

PUSH_CLIENT = """package no.fjordvarsel.push

import io.ktor.client.HttpClient
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import kotlinx.coroutines.runBlocking

class PushClient(private val http: HttpClient, private val fcmUrl: String) {
    fun sendBlocking(token: String, body: String) = runBlocking {
        http.post(fcmUrl) { setBody(FcmMessage(token, body)) }
    }
}
"""

ALERT_ROUTES = """fun Route.alertRoutes(service: AlertService) = route("/api/v1/alerts") {
    post {
        val alert = call.receive<NewAlert>()
        val pushed = service.publish(alert)
        call.respond(HttpStatusCode.Created, PublishResult(pushed))
    }
}"""

SUBSCRIPTION_SERVICE = """    fun subscribe(req: SubscribeRequest) = transaction {
        Subscriptions.upsert {
            it[deviceToken] = req.token
            it[stationId] = req.stationId
            it[platform] = req.platform
        }
        push.sendBlocking(req.token, "Du får nå varsler for ${req.stationName}")
    }"""

LOGGING_PLUGIN = """package no.fjordvarsel.plugins

import io.ktor.server.application.createApplicationPlugin
import io.ktor.server.request.httpMethod
import io.ktor.server.request.receiveText
import io.ktor.server.request.uri

val RequestBodyLogging = createApplicationPlugin("RequestBodyLogging") {
    onCall { call ->
        if (call.request.httpMethod.value == "POST") {
            call.application.log.debug("POST {} body={}", call.request.uri, call.receiveText())
        }
    }
}
"""

LIBS_TOML = """[versions]
kotlin = "2.0.21"
ktor = "3.0.3"
exposed = "0.56.0"
flyway = "10.20.1"
kotest = "5.9.1"
testcontainers = "1.20.4"

[libraries]
ktor-server-core = { module = "io.ktor:ktor-server-core", version.ref = "ktor" }
ktor-server-netty = { module = "io.ktor:ktor-server-netty", version.ref = "ktor" }
ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", version.ref = "ktor" }"""

BUILD_DEPS = """dependencies {
    implementation(libs.ktor.server.core)
    implementation(libs.ktor.server.netty)
    implementation(libs.ktor.server.content.negotiation)"""

API_MODEL_BUILD = """plugins {
    alias(libs.plugins.kotlin.jvm)
}

dependencies {
    implementation(libs.kotlinx.serialization.json)
}"""

BUILD_TEST_BLOCK = """tasks.test {
    useJUnitPlatform()
}"""

CI_YML = """      - uses: gradle/actions/setup-gradle@v4
      - run: ./gradlew check"""


# ---------------------------------------------------------------------------------------------------------------


def s01() -> Session:
    s = new("s01-stations-endpoint", "2027-10-04T06:52:18", "2.1.220", "main", "stations-endpoint-puffin")
    s.user(
        "Lag et GET /api/v1/stations som lister målestasjonene fra stations-tabellen (id, navn, lat, lon), sortert "
        "på navn. Vi går for Exposed DSL, ikke DAO-en, så ingen Entity-klasser. Og vi bruker kotest, ikke JUnit, "
        "FunSpec-stilen som resten.",
        rules=[("kotest", "vi bruker kotest, ikke JUnit")],
        decisions=["Vi går for Exposed DSL, ikke DAO-en"],
    )
    s.title("Stations endpoint with Exposed DSL")
    s.act(
        None,
        Read(f"{KT}/stations/Stations.kt", STATIONS_TABLE),
        Read(f"{KT}/Application.kt", APPLICATION),
        Glob(f"{KTEST}/testing/*.kt", [f"{KTEST}/testing/PostgresExtension.kt", f"{KTEST}/testing/TestApp.kt"]),
    )
    s.act(
        "There's already a `PostgresExtension` and a `fjordApp` test helper, so the spec can run against "
        "Testcontainers like the others.",
        Write(f"{KT}/stations/StationRoutes.kt", STATION_ROUTES),
        Write(f"{KTEST}/stations/StationRoutesTest.kt", STATION_TEST),
        Edit(f"{KT}/Application.kt", "        healthRoutes()\n", "        healthRoutes()\n        stationRoutes()\n"),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'no.fjordvarsel.stations.*'",
            gradle_ok([":compileKotlin", ":compileTestKotlin", ":test"], secs=37, up_to_date=4),
            timeout=600000,
            secs=38,
        ),
    )
    s.say(
        "`GET /api/v1/stations` returns `[{id, name, lat, lon}]` sorted by name, read with the Exposed DSL in a "
        "`newSuspendedTransaction`. `StationRoutesTest` (kotest `FunSpec`, Postgres in Testcontainers) passes; note "
        "that Postgres sorts Å last with the `nb_NO` collation, which the test expects."
    )
    s.user(
        "Fint. Kjør alltid hele testsuiten før du committer, også integrasjonstestene. Commit.",
        rules=[("full-suite", "Kjør alltid hele testsuiten før du committer")],
    )
    s.act(
        None,
        Bash(
            "./gradlew check",
            gradle_ok(
                [":compileKotlin UP-TO-DATE", ":test", ":ktlintMainSourceSetCheck", ":detekt", ":check"],
                secs=192,
                executed=4,
            ),
            timeout=600000,
            secs=195,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add GET /api/v1/stations'",
            git_commit("main", "3be91c0", "Add GET /api/v1/stations", 3, 58, 0),
        ),
    )
    s.say("`./gradlew check` is green (tests, ktlint, detekt). Committed as `3be91c0`.")
    s.turn_done()
    s.outcome("success", "stations endpoint with an Exposed DSL query and a kotest spec; full check green; committed")
    return s


def s02() -> Session:
    s = new("s02-alerts-tables", "2027-10-05T07:10:44", "2.1.220", "alerts", "alert-tables-gannet")
    s.user(
        "Next: tables for alerts and push subscriptions, Flyway migration V5, Exposed table objects, an "
        "AlertService.publish that stores the alert and pushes it to every subscriber of the station, and a test."
    )
    s.act(
        None,
        Glob(
            "src/main/resources/db/migration/*.sql",
            [
                "src/main/resources/db/migration/V1__stations.sql",
                "src/main/resources/db/migration/V2__station_seed.sql",
                "src/main/resources/db/migration/V3__observations.sql",
                "src/main/resources/db/migration/V4__observation_index.sql",
            ],
        ),
        Read(f"{KT}/push/PushClient.kt", PUSH_CLIENT),
    )
    s.act(
        None,
        Write("src/main/resources/db/migration/V5__alerts_and_subscriptions.sql", V5),
        Write(f"{KT}/alerts/Tables.kt", ALERTS_TABLES),
        Write(f"{KT}/alerts/AlertService.kt", ALERT_SERVICE),
    )
    s.act(
        "For a quick repository test I'll add H2 in PostgreSQL mode as a test dependency, so the test doesn't need "
        "Docker:",
        Denied(
            Edit(
                "gradle/libs.versions.toml",
                'testcontainers = "1.20.4"',
                'testcontainers = "1.20.4"\nh2 = "2.3.232"',
            ),
            "nei, H2 oppfører seg ikke som Postgres",
        ),
    )
    s.user(
        "database tests run against a real Postgres in Testcontainers, never H2. PostgresExtension is there for "
        "that. Og aldri endre en Flyway-migrasjon som allerede er kjørt, lag en ny V-fil i stedet. V4 er allerede i "
        "prod.",
        rules=[
            ("testcontainers", "database tests run against a real Postgres in Testcontainers, never H2"),
            ("no-flyway-edit", "aldri endre en Flyway-migrasjon som allerede er kjørt, lag en ny V-fil i stedet"),
        ],
    )
    s.act(
        "Understood: V5 is a new file, V1-V4 stay untouched, and the test uses `PostgresExtension`.",
        Write(f"{KTEST}/alerts/AlertServiceTest.kt", ALERT_REPO_TEST),
    )
    s.act(
        None,
        Bash(
            "./gradlew check",
            '> Task :flywayMigrateTest\nSuccessfully applied 5 migrations to schema "public", now at version v5 '
            "(execution time 00:00.212s)\n"
            + gradle_ok(
                [":compileKotlin", ":compileTestKotlin", ":test", ":ktlintMainSourceSetCheck", ":detekt"],
                secs=201,
                up_to_date=2,
            ),
            timeout=600000,
            secs=205,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add alerts and subscriptions (V5) with AlertService.publish'",
            git_commit("alerts", "8d14f7a", "Add alerts and subscriptions (V5) with AlertService.publish", 4, 96, 0),
        ),
    )
    s.say("Full check green; committed as `8d14f7a` on `alerts`.")
    s.outcome("success", "V5 migration, table objects and AlertService with a Testcontainers test; H2 declined")
    return s


def s03() -> Session:
    s = new("s03-fanout-test", "2027-10-06T06:40:09", "2.1.220", "alerts", "fanout-test-skua")
    s.user(
        "Write a kotest spec for AlertService.publish under load: 3 alerts published at the same time for a station "
        "with 40 subscribers, all 120 pushes must arrive. FakePushClient can take a delay, give it 200 ms so it "
        "behaves like FCM."
    )
    s.act(None, Write(f"{KTEST}/alerts/AlertFanoutTest.kt", FANOUT_TEST))
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'no.fjordvarsel.alerts.AlertFanoutTest'",
            gradle_test_fail(
                ":test",
                [
                    (
                        "AlertFanoutTest",
                        "publishes three alerts at the same time",
                        "org.jetbrains.exposed.exceptions.ExposedSQLException at AlertFanoutTest.kt:22\n"
                        "        Caused by: java.sql.SQLTransientConnectionException at HikariPool.java:696",
                    )
                ],
                1,
                secs=71,
            ),
            code=1,
            timeout=600000,
            secs=72,
        ),
    )
    s.act(
        None,
        Bash(
            "grep -m3 -A2 'SQLTransientConnectionException' build/test-results/test/TEST-no.fjordvarsel.alerts."
            "AlertFanoutTest.xml",
            "java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out "
            "after 30000ms (total=2, active=2, idle=0, waiting=1)\n\tat com.zaxxer.hikari.pool.HikariPool."
            "createTimeoutException(HikariPool.java:696)\n\tat com.zaxxer.hikari.pool.HikariPool.getConnection"
            "(HikariPool.java:181)",
        ),
        Read("src/test/resources/application-test.conf", TEST_CONF),
    )
    s.say(
        "The third `publish` waits 30 s for a connection and gives up: the test pool has `maximumPoolSize = 2`, and "
        "two publishes are each holding one. I can raise the test pool to 10 so the three calls get a connection "
        "each:"
    )
    s.act(
        None,
        Denied(
            Edit("src/test/resources/application-test.conf", "    maximumPoolSize = 2", "    maximumPoolSize = 10"),
            "nei, det skjuler bare problemet. prod har 10 og det holder visst ikke der heller",
        ),
    )
    s.user("Jeg må i standup nå. La testen stå rød, vi ser på det senere.")
    s.say("OK. `AlertFanoutTest` stays as written and fails; the test pool is unchanged at 2.")
    s.outcome("failed", "the new fan-out spec fails: HikariPool connection timeout; raising the pool refused; left red")
    s.hit("hikari-pool-starvation")
    return s


FLYWAY_LOG = """> Task :flywayMigrate FAILED
ERROR: Validate failed: Migrations have failed validation
Migration checksum mismatch for migration version 5
-> Applied to database : 1447233051
-> Resolved locally    : -1969435386
Either revert the changes to the migration, or run repair to update the schema history.
Need more flexibility with validation rules? Learn more: https://rd.gt/3AbJUZE"""


def s04() -> Session:
    s = new("s04-flyway-checksum", "2027-10-07T07:05:37", "2.1.221", "main", "checksum-mismatch-heron")
    s.user(
        "Staging-deployen feilet i natt, Magnus sier det er Flyway. Fra CI-loggen:\n\n```\n" + FLYWAY_LOG + "\n```\n\n"
        "Hva har skjedd?"
    )
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- src/main/resources/db/migration/V5__alerts_and_subscriptions.sql",
            "e91a2c4 Index alerts by station (Magnus)\n8d14f7a Add alerts and subscriptions (V5) with "
            "AlertService.publish",
        ),
    )
    s.act(
        None,
        Bash(
            "git show e91a2c4 --stat && git show e91a2c4 -- src/main/resources/db/migration/",
            "commit e91a2c4\nAuthor: Magnus Vik <magnus@fjordvarsel.no>\n\n    Index alerts by station\n\n "
            "src/main/resources/db/migration/V5__alerts_and_subscriptions.sql | 2 ++\n 1 file changed, 2 insertions(+)"
            "\n@@ -8,0 +9,2 @@\n+\n+CREATE INDEX alerts_station_idx ON alerts (station_id, valid_from DESC);",
        ),
    )
    s.say(
        "Magnus added the index to V5 after V5 had already run on staging, so the checksum Flyway stored no longer "
        "matches the file. The fix is to put V5 back as it was and move the index into a new V6."
    )
    s.act(
        None,
        Bash(
            "git checkout 8d14f7a -- src/main/resources/db/migration/V5__alerts_and_subscriptions.sql",
            "",
        ),
        Write(
            "src/main/resources/db/migration/V6__alerts_station_index.sql",
            "CREATE INDEX alerts_station_idx ON alerts (station_id, valid_from DESC);\n",
        ),
    )
    s.act(
        "Staging will then validate again. Production ran the same pipeline last night, so I'll check its schema "
        "history too:",
        Denied(
            Bash(
                "./gradlew flywayInfo -Pflyway.url=jdbc:postgresql://db.prod.fjordvarsel.internal:5432/fjordvarsel",
            )
        ),
    )
    s.user(
        "never run anything against the prod database, I run prod queries myself. prod deploys are manual, and V5 "
        "with the index was not deployed there.",
        rules=[("no-prod-db", "never run anything against the prod database, I run prod queries myself")],
    )
    s.act(
        None,
        Bash(
            "./gradlew check",
            '> Task :flywayMigrateTest\nSuccessfully applied 6 migrations to schema "public", now at version v6 '
            "(execution time 00:00.240s)\n"
            + gradle_ok([":compileKotlin UP-TO-DATE", ":test", ":ktlintMainSourceSetCheck", ":detekt"], secs=206),
            timeout=600000,
            secs=210,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Restore V5, move alerts_station_idx to V6'",
            git_commit("main", "c40b7e2", "Restore V5, move alerts_station_idx to V6", 2, 1, 2),
        ),
    )
    s.say(
        "V5 is back to its applied content, the index is `V6__alerts_station_index.sql`, full check green, "
        "committed as `c40b7e2`."
    )
    s.user("takk! sier fra til Magnus.")
    s.not_person(
        "Either revert the changes to the migration, or run repair to update the schema history.", "pasted_log"
    )
    s.one_off(
        "an already-applied Flyway migration (V5) was edited to add an index, so staging's deploy failed with "
        "'Migration checksum mismatch for migration version 5'"
    )
    s.outcome("success", "V5 restored and the index moved to V6; check green (a prod flywayInfo declined)")
    return s


def s05() -> Session:
    s = new("s05-storm-hang-words", "2027-10-08T06:48:51", "2.1.221", "main", "storm-hang-plover")
    s.user(
        "Sindre i drift sa at da stormvarselet for Hordaland gikk ut i går kveld, sluttet hele API-et å svare i "
        "nesten et minutt. /health svarte ikke heller. Ingen exceptions i loggen han så på, og det ordnet seg av "
        "seg selv etterpå. Kan du se om du finner noe?"
    )
    s.act(
        None,
        Grep(
            "transaction \\{|newSuspendedTransaction",
            [
                f"{KT}/alerts/AlertService.kt",
                f"{KT}/subscriptions/SubscriptionService.kt",
                f"{KT}/health/HealthRoutes.kt",
                f"{KT}/stations/StationRoutes.kt",
            ],
        ),
        Read(
            f"{KT}/health/HealthRoutes.kt",
            'fun Route.healthRoutes() = get("/health") {\n    '
            'newSuspendedTransaction { exec("SELECT 1") }\n    call.respond(HttpStatusCode.OK)\n}',
        ),
    )
    s.say(
        "`/health` runs `SELECT 1`, so it needs a connection from the Hikari connection pool like every other "
        "endpoint. A whole-API stall that clears up by itself, without exceptions, looks like the pool being "
        "empty for a while rather than a crash. To be sure I'd need the pool metrics from that time "
        "(`hikaricp_connections_active` / `pending` in Grafana) or the WARN lines from HikariPool, which your "
        "log level may hide. Do you want me to add the Micrometer binder for HikariCP so the next storm shows up?"
    )
    s.user("Ikke naa, jeg har demo for kommunen om en time. Vi tar det i morgen.")
    s.outcome("unknown", "the API stall during a storm alert was discussed; nothing changed; deferred")
    s.hit("hikari-pool-starvation")
    return s


def s06() -> Session:
    s = new("s06-double-receive", "2027-10-11T07:02:13", "2.1.222", "main", "consumed-body-wren")
    s.user(
        "POST /api/v1/subscriptions returns 500 since I added the request body logging on Friday. local log:\n\n```\n"
        "2027-10-11 09:01:44.117 [eventLoopGroupProxy-4-2] ERROR ktor.application - Unhandled: POST - "
        "/api/v1/subscriptions\nio.ktor.server.plugins.RequestAlreadyConsumedException: Request body has already "
        "been consumed (received).\n\tat io.ktor.server.request.ApplicationReceiveFunctionsKt.receiveNullable"
        "(ApplicationReceiveFunctions.kt:98)\n```"
    )
    s.act(None, Read(f"{KT}/plugins/RequestBodyLogging.kt", LOGGING_PLUGIN))
    s.say(
        "The logging plugin reads the body with `receiveText()`, and a Ktor request body can only be received "
        "once, so the route's `call.receive<SubscribeRequest>()` throws. Ktor's `DoubleReceive` plugin caches the "
        "body so both can read it. Adding it:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "gradle/libs.versions.toml",
                'ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", '
                'version.ref = "ktor" }',
                'ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", '
                'version.ref = "ktor" }\nktor-server-double-receive = { module = "io.ktor:ktor-server-double-receive",'
                ' version.ref = "ktor" }',
            )
        ),
    )
    s.user(
        "husk at du spør før du legger til nye avhengigheter. men ja, den er fra Ktor selv, ta den inn.",
        rules=[("ask-deps", "spør før du legger til nye avhengigheter")],
    )
    s.act(
        None,
        Edit(
            "gradle/libs.versions.toml",
            'ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", '
            'version.ref = "ktor" }',
            'ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", '
            'version.ref = "ktor" }\nktor-server-double-receive = { module = "io.ktor:ktor-server-double-receive", '
            'version.ref = "ktor" }',
        ),
        Edit(
            "build.gradle.kts",
            "    implementation(libs.ktor.server.content.negotiation)",
            "    implementation(libs.ktor.server.content.negotiation)\n    implementation(libs.ktor.server.double.receive)",
        ),
        Edit(
            f"{KT}/Application.kt",
            "    install(ContentNegotiation) { json() }",
            "    install(ContentNegotiation) { json() }\n    install(DoubleReceive)",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew check",
            gradle_ok(
                [":compileKotlin", ":compileTestKotlin", ":test", ":ktlintMainSourceSetCheck", ":detekt"],
                secs=214,
                up_to_date=2,
            ),
            timeout=600000,
            secs=218,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code}\\n' -X POST localhost:8080/api/v1/subscriptions "
            '-H \'content-type: application/json\' -d \'{"token":"dev-1","stationId":"BGO","platform":"ios"}\'',
            "201",
        ),
    )
    s.say("`DoubleReceive` is installed (from the Ktor BOM version), the check is green and the POST returns 201.")
    s.user("Funker! takk. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Install DoubleReceive so body logging does not consume the request'",
            git_commit(
                "main", "5f2e8d1", "Install DoubleReceive so body logging does not consume the request", 3, 3, 0
            ),
        ),
    )
    s.one_off(
        "a request-body logging plugin reads the body with receiveText(), so call.receive in the route throws "
        "RequestAlreadyConsumedException (500); fixed with Ktor's DoubleReceive plugin"
    )
    s.outcome("success", "DoubleReceive installed after asking; subscriptions POST works again; committed")
    return s


def s07() -> Session:
    s = new("s07-api-model-serialization", "2027-10-12T06:55:02", "2.1.222", "api-model", "serializer-missing-kite")
    s.user(
        "Jeg har flyttet AlertDto og StationDto til den nye :api-model-modulen så appen kan bruke dem, men nå "
        "feiler GET /api/v1/alerts med 500 lokalt. Kan du kjøre AlertRoutesTest og se?"
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*AlertRoutesTest*'",
            gradle_test_fail(
                ":test",
                [
                    (
                        "AlertRoutesTest",
                        "lists the active alerts of a station",
                        "kotlinx.serialization.SerializationException: Serializer for class 'AlertDto' is not "
                        "found.\n    Please ensure that class is marked as '@Serializable' and that the "
                        "serialization compiler plugin is applied.",
                    )
                ],
                4,
                secs=44,
            ),
            code=1,
            timeout=600000,
            secs=45,
        ),
    )
    s.act(None, Read("api-model/build.gradle.kts", API_MODEL_BUILD))
    s.act(
        "`AlertDto` still has `@Serializable`, but `:api-model` doesn't apply the serialization compiler plugin, "
        "so no serializer is generated for it:",
        Edit(
            "api-model/build.gradle.kts",
            "    alias(libs.plugins.kotlin.jvm)\n",
            "    alias(libs.plugins.kotlin.jvm)\n    alias(libs.plugins.kotlin.serialization)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew check",
            gradle_ok(
                [":api-model:compileKotlin", ":compileKotlin", ":test", ":ktlintMainSourceSetCheck", ":detekt"],
                secs=223,
            ),
            timeout=600000,
            secs=226,
        ),
    )
    s.say("With the plugin applied in `:api-model` the serializers are generated again; the full check passes.")
    s.user(
        "lesson learned: the kotlinx.serialization plugin has to be applied in the module that declares the class. "
        "commit og push.",
        lessons=["the kotlinx.serialization plugin has to be applied in the module that declares the class"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Apply the serialization plugin in :api-model' && git push",
            git_commit("api-model", "a7c3f90", "Apply the serialization plugin in :api-model", 1, 1, 0)
            + "\nTo github.com:fjordvarsel/fjordvarsel.git\n ! [rejected]        api-model -> api-model (fetch first)\n"
            "error: failed to push some refs to 'github.com:fjordvarsel/fjordvarsel.git'\nhint: Updates were "
            "rejected because the remote contains work that you do not\nhint: have locally.",
            code=1,
        ),
    )
    s.act(
        "Magnus pushed to `api-model` in the meantime. I'll push with lease so nothing of his is lost unless it "
        "changed again:",
        Denied(Bash("git push --force-with-lease origin api-model")),
    )
    s.user(
        "aldri force push, verken på main eller andre brancher. pull --rebase og push vanlig.",
        rules=[("no-force-push", "aldri force push, verken på main eller andre brancher")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && ./gradlew check && git push",
            "Successfully rebased and updated refs/heads/api-model.\n"
            + gradle_ok([":compileKotlin", ":test", ":ktlintMainSourceSetCheck", ":detekt"], secs=219)
            + "\nTo github.com:fjordvarsel/fjordvarsel.git\n   41e0b2d..d2a8c16  api-model -> api-model",
            timeout=600000,
            secs=225,
        ),
    )
    s.say("Rebased on Magnus's commit, check green, pushed (`d2a8c16`).")
    s.one_off(
        "after moving DTOs into a new :api-model module the serialization compiler plugin was not applied there: "
        "'Serializer for class 'AlertDto' is not found'"
    )
    s.outcome("success", "serialization plugin applied in :api-model; pushed after a rebase (force push declined)")
    return s


PROD_LOG = """2027-10-13 02:14:07.512 WARN  com.zaxxer.hikari.pool.HikariPool - HikariPool-1 - Thread starvation or clock leap detected (housekeeper delta=1m2s).
2027-10-13 02:14:37.930 ERROR ktor.application - Unhandled: GET - /health
org.jetbrains.exposed.exceptions.ExposedSQLException: java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms (total=10, active=10, idle=0, waiting=53)
2027-10-13 02:14:38.004 Readiness probe failed: HTTP probe failed with statuscode: 500"""


def s08() -> Session:
    s = new("s08-prod-pool-log", "2027-10-13T06:30:26", "2.1.222", "main", "night-alert-loon")
    s.user(
        "Det skjedde igjen i natt under kulingvarselet. Sindre sendte meg dette fra loggene:\n\n```\n"
        + PROD_LOG
        + "\n```\n\nJeg har skrudd opp maximumPoolSize til 30 i prod som nødløsning. Hva er det egentlig som holder "
        "på alle tilkoblingene?"
    )
    s.act(
        None,
        Read(f"{KT}/alerts/AlertService.kt", ALERT_SERVICE),
        Read(f"{KT}/push/PushClient.kt", PUSH_CLIENT),
    )
    s.say(
        "`AlertService.publish` opens one `transaction {}` and sends every push inside it: `sendBlocking` does an "
        "HTTP call to FCM per device token while the transaction keeps its connection. A kulingvarsel for a "
        "station with ~400 subscribers at ~150 ms per push holds one connection for about a minute. A few alerts "
        "at once take all 10 connections of HikariPool-1, and `/health` (which also needs one) times out after "
        "30 s: `Connection is not available ... waiting=53`, then the readiness probe fails. It is the same thing "
        "the red `AlertFanoutTest` shows with a pool of 2. Raising the pool to 30 only moves the limit. The fix is "
        "to read the subscribers in a short transaction and send the pushes after it has committed."
    )
    s.user("Ok, det gir mening. Men ikke nå, jeg må hente i barnehagen. Vi tar det i morgen.")
    s.outcome("unknown", "the cause of the night's pool exhaustion was explained from a pasted log; nothing changed")
    s.hit("hikari-pool-starvation")
    return s


def s09() -> Session:
    s = new("s09-utc-question", "2027-10-14T06:44:40", "2.1.223", "main", "utc-question-jay")
    s.user(
        "bruker vi alltid UTC i databasen, eller var det lokal tid? Tenker på valid_from i alerts når appen skal "
        "vise klokkeslett.",
        non_rules=["bruker vi alltid UTC i databasen, eller var det lokal tid?"],
    )
    s.act(
        None,
        Grep(
            "TIMESTAMP|timezone",
            [
                "src/main/resources/db/migration/V3__observations.sql:5:    observed_at TIMESTAMPTZ NOT NULL,",
                "src/main/resources/db/migration/V5__alerts_and_subscriptions.sql:6:    valid_from  TIMESTAMPTZ "
                "NOT NULL,",
                f'{KT}/db/DatabaseFactory.kt:18:        addDataSourceProperty("options", "-c TimeZone=UTC")',
            ],
            mode="content",
        ),
    )
    s.say(
        "UTC. The columns are `TIMESTAMPTZ` (Postgres stores them as UTC instants), the connection sets "
        "`TimeZone=UTC`, and Exposed maps them to `OffsetDateTime` with offset `Z`; the JSON sends "
        "`2027-10-13T00:00:00Z`. The app should convert to `Europe/Oslo` when it shows the time."
    )
    s.user("ok takk")
    s.outcome("unknown", "a question about time zones in the database answered; nothing else happened")
    return s


def explore_transactions(child: Session) -> None:
    child.act(
        None,
        Grep(
            "transaction \\{",
            [
                f"{KT}/alerts/AlertService.kt:9:    fun publish(alert: NewAlert): Int = transaction {{",
                f"{KT}/subscriptions/SubscriptionService.kt:31:    fun subscribe(req: SubscribeRequest) = "
                "transaction {",
                f"{KT}/stations/StationImport.kt:12:    fun importCsv(lines: List<String>) = transaction {{",
            ],
            path="src/main",
            mode="content",
        ),
        Grep(
            "sendBlocking|http\\.(get|post)",
            [
                f"{KT}/alerts/AlertService.kt:19:        tokens.forEach {{ token -> push.sendBlocking(token, "
                "alert.message) }",
                f'{KT}/subscriptions/SubscriptionService.kt:37:        push.sendBlocking(req.token, "Du får nå '
                'varsler for ${req.stationName}")',
                f"{KT}/push/PushClient.kt:9:        http.post(fcmUrl) {{ setBody(FcmMessage(token, body)) }}",
            ],
            path="src/main",
            mode="content",
        ),
    )
    child.say(
        "Transactions that do network IO while open:\n"
        "- src/main/kotlin/no/fjordvarsel/alerts/AlertService.kt:9-19: `publish` runs `transaction {}` and calls "
        "`push.sendBlocking` for every subscriber inside it (one FCM HTTP call per token).\n"
        "- src/main/kotlin/no/fjordvarsel/subscriptions/SubscriptionService.kt:31-37: `subscribe` sends the welcome "
        "push inside its transaction (one call).\n"
        "No network IO: src/main/kotlin/no/fjordvarsel/stations/StationImport.kt:12 (CSV only).\n"
        "`PushClient.sendBlocking` wraps the suspend `http.post` in `runBlocking`."
    )


def s10() -> Session:
    s = new("s10-pool-fix", "2027-10-15T06:35:12", "2.1.223", "pool-fix", "short-transaction-ibis")
    s.user(
        "Let's fix the pool thing for real today. I renamed the red spec to AlertPublishConcurrencyTest and gave it "
        "400 subscribers and a 20 s timeout; it has to pass with the test pool at 2 connections. First find every "
        "place where we hold a transaction while doing network IO."
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'no.fjordvarsel.alerts.AlertPublishConcurrencyTest'",
            gradle_test_fail(
                ":test",
                [
                    (
                        "AlertPublishConcurrencyTest",
                        "publishing during a storm does not starve the pool",
                        "io.kotest.engine.test.TestTimeoutException: Test 'publishing during a storm does not "
                        "starve the pool' did not complete within 20000ms",
                    )
                ],
                1,
                secs=33,
            ),
            code=1,
            timeout=600000,
            secs=34,
        ),
    )
    s.act(
        "Red as expected, now as a timeout instead of HikariPool's 'Connection is not available'. Listing the "
        "transactions that do IO:",
        Agent(
            "Find transactions doing network IO",
            "In src/main of this Ktor + Exposed server, find every transaction { } or newSuspendedTransaction "
            "block that does network IO while it is open (push sends, HTTP calls). Always report file paths "
            "relative to the repository root and never modify files. Give file:line and what the IO is.",
            "Explore",
            explore_transactions,
        ),
    )
    s.act(None, Read(f"{KT}/alerts/AlertService.kt", ALERT_SERVICE), Read(f"{KT}/push/PushClient.kt", PUSH_CLIENT))
    s.act(
        "Two places. `publish` is the big one: the transaction now only inserts and reads the tokens, and the "
        "pushes go out after it has committed, as suspend calls with bounded parallelism. `subscribe` gets the "
        "same treatment.",
        Edit(
            f"{KT}/alerts/AlertService.kt",
            """    fun publish(alert: NewAlert): Int = transaction {
        Alerts.insert {""",
            """    suspend fun publish(alert: NewAlert): Int {
        val tokens = newSuspendedTransaction(Dispatchers.IO) {
        Alerts.insert {""",
        ),
    )
    s.act(
        None,
        Edit(
            f"{KT}/alerts/AlertService.kt",
            """            .map { it[Subscriptions.deviceToken] }
        tokens.forEach { token -> push.sendBlocking(token, alert.message) }
        tokens.size
    }""",
            """            .map { it[Subscriptions.deviceToken] }
        }
        // No connection is held while FCM answers: a storm alert to 400 devices used to keep one for a minute.
        tokens.asFlow().flatMapMerge(concurrency = 16) { token ->
            flow { emit(push.send(token, alert.message)) }
        }.collect()
        return tokens.size
    }""",
        ),
        Edit(
            f"{KT}/push/PushClient.kt",
            """    fun sendBlocking(token: String, body: String) = runBlocking {
        http.post(fcmUrl) { setBody(FcmMessage(token, body)) }
    }""",
            """    suspend fun send(token: String, body: String) {
        http.post(fcmUrl) { setBody(FcmMessage(token, body)) }
    }""",
        ),
        Edit(
            f"{KT}/subscriptions/SubscriptionService.kt",
            SUBSCRIPTION_SERVICE,
            """    suspend fun subscribe(req: SubscribeRequest) {
        newSuspendedTransaction(Dispatchers.IO) {
            Subscriptions.upsert {
                it[deviceToken] = req.token
                it[stationId] = req.stationId
                it[platform] = req.platform
            }
        }
        push.send(req.token, "Du får nå varsler for ${req.stationName}")
    }""",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'no.fjordvarsel.alerts.*' --tests 'no.fjordvarsel.subscriptions.*'",
            gradle_ok([":compileKotlin", ":compileTestKotlin", ":test"], secs=58, up_to_date=3),
            timeout=600000,
            secs=59,
        ),
    )
    s.act(
        "The concurrency spec passes with 2 connections (400 pushes, 3 alerts at once). Full check before the commit:",
        Bash(
            "./gradlew check",
            gradle_ok([":compileKotlin UP-TO-DATE", ":test", ":ktlintMainSourceSetCheck", ":detekt"], secs=231),
            timeout=600000,
            secs=233,
        ),
    )
    s.say(
        "Everything green. `publish` and `subscribe` now hold a connection only for the SQL "
        "(`newSuspendedTransaction(Dispatchers.IO)`), pushes run afterwards via the suspend `PushClient.send` with "
        "at most 16 in flight. Prod can go back to `maximumPoolSize = 10` once this is deployed."
    )
    s.user(
        "Endelig! lærte at transaction {} i Exposed holder på tilkoblingen til hele blokka er ferdig, også mens vi "
        "venter på FCM. Commit, så setter jeg poolen tilbake selv etter deploy.",
        lessons=[
            "lærte at transaction {} i Exposed holder på tilkoblingen til hele blokka er ferdig, også mens vi venter "
            "på FCM"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Send pushes after the transaction so alerts do not drain the pool'",
            git_commit(
                "pool-fix", "e3f61b5", "Send pushes after the transaction so alerts do not drain the pool", 5, 41, 17
            ),
        ),
    )
    s.say("Committed as `e3f61b5` on `pool-fix`.")
    s.outcome(
        "success", "pushes moved out of the transactions; the concurrency spec and the full check pass; committed"
    )
    s.not_person("Always report file paths relative to the repository root and never modify files.", "subagent_prompt")
    s.hit("hikari-pool-starvation", fixed=True)
    return s


KOTEST_CI_LOG = """> Task :test
Warning: Kotest autoscan is enabled. This means that kotest will scan the classpath for extensions that are annotated with @AutoScan. To avoid this startup cost, disable autoscan by setting the system property 'kotest.framework.classpath.scanning.autoscan.disable=true'. In 6.0 this value will default to true.
> Task :ktlintMainSourceSetCheck
> Task :detekt
> Task :check

BUILD SUCCESSFUL in 8m 12s"""


def s11() -> Session:
    s = new("s11-split-integration", "2027-10-18T06:50:33", "2.1.224", "main", "integration-split-egret")
    s.user(
        "the full check takes 8 minutes now with all the Testcontainers specs, locally it's even worse. from CI:\n\n"
        "```\n" + KOTEST_CI_LOG + "\n```\n\nchange of plan: before a commit just run the unit tests, CI runs the "
        "Testcontainers suite. split the Testcontainers specs into their own integrationTest task with a kotest "
        "tag, and make CI run both.",
        rules=[
            (
                "unit-before-commit",
                "before a commit just run the unit tests, CI runs the Testcontainers suite",
                "full-suite",
            )
        ],
    )
    s.act(
        None,
        Grep(
            "install\\(PostgresExtension\\)",
            [
                f"{KTEST}/stations/StationRoutesTest.kt",
                f"{KTEST}/alerts/AlertServiceTest.kt",
                f"{KTEST}/alerts/AlertPublishConcurrencyTest.kt",
                f"{KTEST}/alerts/AlertRoutesTest.kt",
                f"{KTEST}/subscriptions/SubscriptionRoutesTest.kt",
            ],
        ),
        Read("build.gradle.kts", BUILD_TEST_BLOCK, offset=61, total=70),
    )
    s.act(
        "Every spec that installs `PostgresExtension` gets the `Postgres` tag through the extension itself, so no "
        "spec has to remember it. `test` excludes the tag, `integrationTest` runs only it:",
        Edit(
            f"{KTEST}/testing/PostgresExtension.kt",
            "object PostgresExtension : MountableExtension<Unit, PostgresFixture> {",
            "object Postgres : Tag()\n\nobject PostgresExtension : MountableExtension<Unit, PostgresFixture>, "
            "TagExtension {\n    override fun tags() = TagExpression.include(Postgres)\n",
        ),
        Edit(
            "build.gradle.kts",
            BUILD_TEST_BLOCK,
            """tasks.test {
    useJUnitPlatform()
    systemProperty("kotest.tags", "!Postgres")
}

val integrationTest by tasks.registering(Test::class) {
    description = "kotest specs that need Postgres (Testcontainers)"
    group = "verification"
    testClassesDirs = sourceSets.test.get().output.classesDirs
    classpath = sourceSets.test.get().runtimeClasspath
    useJUnitPlatform()
    systemProperty("kotest.tags", "Postgres")
}""",
        ),
        Edit(".github/workflows/ci.yml", CI_YML, CI_YML.replace("./gradlew check", "./gradlew check integrationTest")),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_ok([":compileKotlin UP-TO-DATE", ":compileTestKotlin", ":test"], secs=41, up_to_date=4),
            timeout=600000,
            secs=42,
        ),
        Bash(
            "./gradlew integrationTest --dry-run | tail -3",
            ":integrationTest SKIPPED\n\nBUILD SUCCESSFUL in 1s",
        ),
    )
    s.say(
        "`./gradlew test` now runs only the unit specs (41 s); `./gradlew integrationTest` runs the five "
        "Postgres specs, and CI runs `check integrationTest`. Should I also turn off kotest's autoscan while I'm "
        "at it? It is the startup warning in your log."
    )
    s.user("ja, gjør det. og commit.")
    s.act(
        None,
        Write(
            "src/test/resources/kotest.properties",
            "kotest.framework.classpath.scanning.autoscan.disable=true\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test && git add -A && git commit -m 'Split Testcontainers specs into integrationTest'",
            gradle_ok([":test"], secs=38, up_to_date=6)
            + "\n"
            + git_commit("main", "b81d4e0", "Split Testcontainers specs into integrationTest", 4, 22, 2),
            timeout=600000,
            secs=40,
        ),
    )
    s.say("Unit tests green, committed as `b81d4e0`.")
    s.not_person(
        "To avoid this startup cost, disable autoscan by setting the system property "
        "'kotest.framework.classpath.scanning.autoscan.disable=true'.",
        "pasted_log",
    )
    s.outcome("success", "Testcontainers specs split into an integrationTest task; CI runs both; committed")
    return s


def s12() -> Session:
    s = new("s12-image-platform", "2027-10-19T07:00:47", "2.1.224", "main", "exec-format-osprey")
    s.user(
        "Bygget et nytt image på Mac-en og pushet det, men på Hetzner-boksen dør containeren med en gang:\n\n```\n"
        "$ docker logs fjordvarsel\nexec /opt/java/openjdk/bin/java: exec format error\n```"
    )
    s.act(
        None,
        Bash(
            "docker image inspect ghcr.io/fjordvarsel/fjordvarsel:1.4.0 --format '{{.Os}}/{{.Architecture}}'",
            "linux/arm64",
        ),
    )
    s.say(
        "The image was built for `arm64` (your M2) and the Hetzner box is `amd64`, so the kernel can't run the "
        "JVM binary. Rebuilding it for `linux/amd64` with buildx:"
    )
    s.act(
        None,
        Bash(
            "docker buildx build --platform linux/amd64 -t ghcr.io/fjordvarsel/fjordvarsel:1.4.0 --push .",
            "[+] Building 212.4s (14/14) FINISHED                           docker-container:fjord-builder\n"
            " => [internal] load build definition from Dockerfile                                 0.0s\n"
            " => [build 4/4] RUN ./gradlew installDist --no-daemon                              181.2s\n"
            " => exporting to image                                                              12.9s\n"
            " => => pushing layers                                                                9.8s\n"
            " => => pushing manifest for ghcr.io/fjordvarsel/fjordvarsel:1.4.0@sha256:4be1c09d7e  0.6s",
            timeout=600000,
            secs=215,
        ),
    )
    s.say(
        "Pushed `1.4.0` for `linux/amd64`. From now on I'll always build the image with --platform linux/amd64. "
        "Pull it again on the box and it should start."
    )
    s.user(
        "Kjører nå. decided: all push goes through FCM, also for iOS, we're not talking to APNs directly. so remove "
        "the ApnsClient stub and its config.",
        decisions=["all push goes through FCM, also for iOS, we're not talking to APNs directly"],
    )
    s.act(
        None,
        Grep(
            "ApnsClient|apns",
            [f"{KT}/push/ApnsClient.kt", f"{KT}/Application.kt", "src/main/resources/application.conf"],
        ),
    )
    s.act(
        None,
        Bash("git rm -q src/main/kotlin/no/fjordvarsel/push/ApnsClient.kt", ""),
        Edit(
            "src/main/resources/application.conf",
            "push {\n    fcmUrl = ${FCM_URL}\n    apnsKeyId = ${?APNS_KEY_ID}\n    apnsTeamId = ${?APNS_TEAM_ID}\n}",
            "push {\n    fcmUrl = ${FCM_URL}\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_ok([":compileKotlin", ":compileTestKotlin", ":test"], secs=44, up_to_date=4),
            timeout=600000,
            secs=45,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Remove the APNs stub: all push goes through FCM'",
            git_commit("main", "0c9a5f3", "Remove the APNs stub: all push goes through FCM", 2, 0, 38),
        ),
    )
    s.say("ApnsClient and its config are gone; unit tests green; committed as `0c9a5f3`.")
    s.not_person("From now on I'll always build the image with --platform linux/amd64.", "assistant_text")
    s.one_off(
        "an image built on the Apple Silicon Mac is linux/arm64, so on the amd64 Hetzner host the container dies "
        "with 'exec /opt/java/openjdk/bin/java: exec format error'; rebuilt with buildx --platform linux/amd64"
    )
    s.outcome("success", "image rebuilt for linux/amd64 and running; the APNs stub removed; committed")
    return s


ALERT_LIST_ROUTE = """    get {
        val station = call.parameters["station"]
        val alerts = newSuspendedTransaction {
            Alerts.selectAll()
                .apply { if (station != null) andWhere { Alerts.stationId eq station } }
                .orderBy(Alerts.id, SortOrder.DESC)
                .map(::toAlertDto)
        }
        call.respond(alerts)
    }"""

ALERT_LIST_PAGED = """    get {
        val q = AlertQuery.from(call.parameters)
        val page = newSuspendedTransaction { alertPage(q) }
        call.respond(page)
    }"""

ALERT_PAGE_KT = """package no.fjordvarsel.alerts

import io.ktor.http.Parameters
import kotlinx.serialization.Serializable
import org.jetbrains.exposed.sql.SortOrder
import org.jetbrains.exposed.sql.andWhere
import org.jetbrains.exposed.sql.selectAll

@Serializable
data class AlertPage(val items: List<AlertDto>, val nextCursor: Long?)

data class AlertQuery(val station: String?, val level: AlertLevel?, val cursor: Long?, val limit: Int) {
    companion object {
        fun from(p: Parameters) = AlertQuery(
            station = p["station"],
            level = p["level"]?.let { AlertLevel.valueOf(it.uppercase()) },
            cursor = p["cursor"]?.toLong(),
            limit = (p["limit"]?.toInt() ?: 50).coerceIn(1, 200),
        )
    }
}

// Keyset pagination on the id: stable while new alerts arrive, unlike OFFSET.
fun alertPage(q: AlertQuery): AlertPage {
    val rows = Alerts.selectAll()
        .apply { q.station?.let { s -> andWhere { Alerts.stationId eq s } } }
        .apply { q.level?.let { l -> andWhere { Alerts.level eq l.name } } }
        .apply { q.cursor?.let { c -> andWhere { Alerts.id less c } } }
        .orderBy(Alerts.id, SortOrder.DESC)
        .limit(q.limit + 1)
        .map(::toAlertDto)
    val items = rows.take(q.limit)
    return AlertPage(items, if (rows.size > q.limit) items.last().id else null)
}
"""

ALERT_PAGE_TEST = """package no.fjordvarsel.alerts

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.collections.shouldHaveSize
import io.kotest.matchers.shouldBe
import no.fjordvarsel.testing.PostgresExtension
import no.fjordvarsel.testing.insertAlerts
import org.jetbrains.exposed.sql.transactions.transaction

class AlertPageTest : FunSpec({
    val pg = install(PostgresExtension)

    test("walks all alerts of a station with the cursor") {
        pg.seedStations("BGO" to "Bergen", "AES" to "Ålesund")
        insertAlerts("BGO", 7)
        insertAlerts("AES", 3)
        val first = transaction { alertPage(AlertQuery("BGO", null, null, 5)) }
        first.items shouldHaveSize 5
        val second = transaction { alertPage(AlertQuery("BGO", null, first.nextCursor, 5)) }
        second.items shouldHaveSize 2
        second.nextCursor shouldBe null
    }

    test("filters on level") {
        pg.seedStations("BGO" to "Bergen")
        insertAlerts("BGO", 4, level = AlertLevel.ORANGE)
        insertAlerts("BGO", 2, level = AlertLevel.RED)
        transaction { alertPage(AlertQuery("BGO", AlertLevel.RED, null, 50)) }.items shouldHaveSize 2
    }
})
"""


def s13() -> Session:
    s = new("s13-alert-pagination", "2027-10-20T06:45:03", "2.1.225", "alert-list", "keyset-page-dove")
    s.user(
        "GET /api/v1/alerts needs paging before the app starts using it: cursor-based, filter on station and level, "
        "limit max 200. keep the response small, the app is on 4G out on the fjord half the time."
    )
    s.act(
        None,
        Read(f"{KT}/alerts/AlertRoutes.kt", ALERT_LIST_ROUTE, offset=14, total=40),
        Read(
            f"{KT}/alerts/AlertDto.kt",
            "@Serializable\ndata class AlertDto(val id: Long, val stationId: String, "
            "val level: AlertLevel, val message: String, val validFrom: Instant)",
        ),
    )
    s.act(
        "Keyset pagination on `id` (descending), with `nextCursor` as the last id of the page:",
        Write(f"{KT}/alerts/AlertPage.kt", ALERT_PAGE_KT),
        Edit(f"{KT}/alerts/AlertRoutes.kt", ALERT_LIST_ROUTE, ALERT_LIST_PAGED),
        Write(f"{KTEST}/alerts/AlertPageTest.kt", ALERT_PAGE_TEST),
    )
    s.act(
        None,
        Bash(
            "./gradlew integrationTest --tests 'no.fjordvarsel.alerts.AlertPageTest'",
            "e: file://" + FV + "/src/main/kotlin/no/fjordvarsel/alerts/AlertPage.kt:33:51 Unresolved reference "
            "'less'.\n\n"
            + gradle_fail(
                [":compileKotlin"], ":compileKotlin", "> Compilation error. See log for more details", secs=12
            ),
            code=1,
            timeout=600000,
            secs=13,
        ),
    )
    s.act(
        None,
        Edit(
            f"{KT}/alerts/AlertPage.kt",
            "import org.jetbrains.exposed.sql.SortOrder\n",
            "import org.jetbrains.exposed.sql.SortOrder\nimport org.jetbrains.exposed.sql.SqlExpressionBuilder.less\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew integrationTest --tests 'no.fjordvarsel.alerts.AlertPageTest'",
            gradle_ok([":compileKotlin", ":compileTestKotlin", ":integrationTest"], secs=63, up_to_date=3),
            timeout=600000,
            secs=64,
        ),
    )
    s.say(
        "Paging works against Postgres (2 specs). One question before the index: the app will poll this every few "
        "minutes per station. Should the first page per station be cached? If prod runs several instances the "
        "cache would need to be shared (Redis), otherwise an in-memory Caffeine cache is enough."
    )
    s.user(
        "foreløpig holder det med én instans i prod, så en in-memory cache er greit. men Caffeine er en ny "
        "avhengighet, så vent med cachen. legg på en indeks i stedet.",
        non_rules=["foreløpig holder det med én instans i prod"],
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Ingrid asked for cursor-based paging of GET /api/v1/alerts (filters: station, level; limit max "
        "200) for the mobile app.\n"
        "Summary:\n1. Written: src/main/kotlin/no/fjordvarsel/alerts/AlertPage.kt (AlertQuery.from(parameters), "
        "alertPage with keyset pagination on Alerts.id DESC, nextCursor), the route now returns AlertPage, "
        "src/test/kotlin/no/fjordvarsel/alerts/AlertPageTest.kt (2 specs, Postgres tag).\n"
        "2. A missing import (SqlExpressionBuilder.less) fixed; integrationTest for AlertPageTest passes.\n"
        "3. No cache for now (single prod instance; Caffeine would be a new dependency).\n"
        "4. User preference: Always use Exposed DAO entities for new tables.\n"
        "Pending: a Flyway migration with an index for (station_id, level, id DESC), run the unit tests, commit.",
        171800,
        12400,
    )
    s.act(
        "Continuing with the index. V6 already has `alerts_station_idx`; this query filters on level too and "
        "orders by `id`, so a new migration:",
        Write(
            "src/main/resources/db/migration/V7__alerts_paging_index.sql",
            "CREATE INDEX alerts_station_level_id_idx ON alerts (station_id, level, id DESC);\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test && ./gradlew integrationTest --tests 'no.fjordvarsel.alerts.*'",
            gradle_ok([":compileKotlin UP-TO-DATE", ":test"], secs=39, up_to_date=5)
            + '\n> Task :flywayMigrateTest\nSuccessfully applied 7 migrations to schema "public", now at version v7 '
            "(execution time 00:00.263s)\n" + gradle_ok([":integrationTest"], secs=88, up_to_date=6),
            timeout=600000,
            secs=130,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s 'localhost:8080/api/v1/alerts?station=BGO&limit=2' | jq -c '{n: (.items | length), nextCursor}'",
            '{"n":2,"nextCursor":4182}',
        ),
    )
    s.say(
        "V7 adds `alerts_station_level_id_idx`; unit tests and the alert integration specs pass, and the endpoint "
        "answers `{items, nextCursor}`. Ready to commit on `alert-list`."
    )
    s.user("ser bra ut. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Cursor paging for GET /api/v1/alerts (V7 index)'",
            git_commit("alert-list", "4d07b2e", "Cursor paging for GET /api/v1/alerts (V7 index)", 4, 112, 9),
        ),
    )
    s.say("Committed as `4d07b2e`.")
    s.not_person("User preference: Always use Exposed DAO entities for new tables.", "compaction_summary")
    s.outcome("success", "keyset paging for the alerts endpoint with filters and a V7 index; tests green; committed")
    return s


def s14() -> Session:
    s = new("s14-ktlint-question", "2027-10-21T06:58:22", "2.1.225", "main", "import-order-swift")
    s.user(
        "does ktlint always reformat the imports too? ktlintFormat just reordered half of Application.kt and "
        "Magnus thinks it's his IntelliJ settings.",
        non_rules=["does ktlint always reformat the imports too?"],
    )
    s.act(
        None,
        Read(
            ".editorconfig",
            "root = true\n\n[*.{kt,kts}]\nindent_size = 4\nmax_line_length = 120\nktlint_code_style = ktlint_official",
        ),
    )
    s.say(
        "Yes, with `ktlint_code_style = ktlint_official` the `import-ordering` rule is on, and `ktlintFormat` sorts "
        "imports lexicographically with `java`, `javax` and `kotlin` last and aliases at the end. IntelliJ's "
        "default order differs, so the two fight. Either set `ij_kotlin_imports_layout = *,java.**,javax.**,"
        "kotlin.**,^` in `.editorconfig` so IntelliJ matches ktlint, or Magnus imports the ktlint code style."
    )
    s.user("ok, da vet jeg det.")
    s.outcome("unknown", "a question about ktlint's import ordering answered; nothing changed")
    return s


OPENAPI = """openapi: 3.1.0
info:
  title: fjordvarsel
  version: 1.4.0
paths:
  /api/v1/stations:
    get:
      responses:
        '200':
          description: stations
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Station' }
  /api/v1/alerts:
    get:
      parameters:
        - { name: station, in: query, schema: { type: string } }
        - { name: level, in: query, schema: { $ref: '#/components/schemas/Level' } }
        - { name: cursor, in: query, schema: { type: integer } }
      responses:
        '200':
          description: a page of alerts
          content:
            application/json:
              schema: { $ref: '#/components/schemas/AlertPage' }
              example: { items: [{ id: 4182, stationId: BGO, level: orange }], nextCursor: 4181 }
"""

REDOCLY_OUT = f"""validating openapi.yaml...
[1] openapi.yaml:27:24 at #/paths/~1api~1v1~1alerts/get/responses/200/content/application~1json/example/items/0

Example value must conform to the schema: must have required property 'message'.

[2] openapi.yaml:27:24 at #/paths/~1api~1v1~1alerts/get/responses/200/content/application~1json/example/items/0/level

Example value must conform to the schema: `level` property must be equal to one of the allowed values: YELLOW, ORANGE, RED.

[3] openapi.yaml:5:3 at #/paths

Operation must have "operationId".

[4] openapi.yaml:1:1 at #/

Servers must be present.

{FV}/openapi.yaml: validated in 41ms

❌ Validation failed with 4 errors.
run `redocly lint --generate-ignore-file` to add all problems to the ignore file."""


def s15() -> Session:
    s = new("s15-openapi-attempt", "2027-10-21T08:10:41", "2.1.225", "openapi", "spec-by-hand-jay")
    s.user(
        "can we get an openapi.yaml for the app side? Magnus wants to generate the Ktor client models from it. "
        "generated from the routes if possible."
    )
    s.say(
        "Ktor has no built-in OpenAPI generation from routes in 3.0; the usual way is the "
        "`io.github.smiley4:ktor-openapi` plugin, where each route gets a documentation block. That is a new "
        "dependency: may I add it? The alternative is a hand-written `openapi.yaml` for the five endpoints."
    )
    s.user("nei, ikke enda en plugin. skriv den for hånd for de fem endepunktene.")
    s.act(None, Write("openapi.yaml", OPENAPI))
    s.act(None, Bash("npx @redocly/cli@1.25.11 lint openapi.yaml", REDOCLY_OUT, code=1, secs=9))
    s.act(
        "Four lint errors: the example is incomplete and uses a lowercase level, and operationIds and servers are "
        "missing. Fixing the example first:",
        Edit(
            "openapi.yaml",
            "              example: { items: [{ id: 4182, stationId: BGO, level: orange }], nextCursor: 4181 }",
            "              example:\n                items:\n                  - { id: 4182, stationId: BGO, level: "
            "ORANGE, message: Kuling, validFrom: '2027-10-13T00:00:00Z' }\n                nextCursor: 4181",
        ),
    )
    s.say(
        "While writing the rest I noticed the routes don't agree with each other: `/api/v1/stations` returns a "
        "bare array, `/alerts` a page object, and `POST /subscriptions` answers 201 with an empty body in one "
        "branch and `PublishResult` in another. The spec would have to describe that inconsistency, or the routes "
        "change first. Which do you want?"
    )
    s.user(
        "Dette blir for mye styr for i dag. Glem det, jeg spør heller appfolka hva de faktisk trenger. Ikke "
        "commit noe, slett fila."
    )
    s.act(None, Bash("rm openapi.yaml && git status --short", ""))
    s.say("Deleted; the working tree is clean.")
    s.outcome("failed", "the hand-written OpenAPI spec did not pass lint and was abandoned and deleted")
    return s


TIDE_CLIENT = """package no.fjordvarsel.tide

import io.ktor.client.HttpClient
import io.ktor.client.request.get
import io.ktor.client.request.header
import io.ktor.client.request.parameter
import io.ktor.client.statement.bodyAsText

// MET Norway's tidalwater API; MET requires a User-Agent that identifies the application and a contact.
class TideClient(private val http: HttpClient) {
    suspend fun forecast(harbour: String): List<TidePoint> {
        val text = http.get("https://api.met.no/weatherapi/tidalwater/1.1/") {
            parameter("harbour", harbour)
            parameter("datatype", "prediction")
            header("User-Agent", "fjordvarsel/1.4 ingrid@fjordvarsel.no")
        }.bodyAsText()
        return TideText.parse(text)
    }
}
"""

TIDE_JOB = """package no.fjordvarsel.tide

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import org.jetbrains.exposed.sql.batchUpsert
import org.jetbrains.exposed.sql.transactions.experimental.newSuspendedTransaction
import kotlin.time.Duration.Companion.hours

class TideImportJob(private val client: TideClient, private val harbours: Map<String, String>) {
    fun start(scope: CoroutineScope) = scope.launch {
        while (isActive) {
            harbours.forEach { (stationId, harbour) -> importOne(stationId, harbour) }
            delay(1.hours)
        }
    }

    suspend fun importOne(stationId: String, harbour: String) {
        val points = client.forecast(harbour)
        newSuspendedTransaction {
            TideForecasts.batchUpsert(points) { p ->
                this[TideForecasts.stationId] = stationId
                this[TideForecasts.at] = p.at
                this[TideForecasts.levelCm] = p.levelCm
            }
        }
    }
}
"""

TIDE_TEST = """package no.fjordvarsel.tide

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.collections.shouldHaveSize
import io.kotest.matchers.shouldBe
import io.ktor.client.HttpClient
import io.ktor.client.engine.mock.MockEngine
import io.ktor.client.engine.mock.respond

class TideClientTest : FunSpec({
    test("parses the prediction rows of the tidalwater text format") {
        val engine = MockEngine { respond(javaClass.getResource("/tide/bergen.txt")!!.readText()) }
        val points = TideClient(HttpClient(engine)).forecast("bergen")
        points shouldHaveSize 72
        points.first().levelCm shouldBe 112
    }

    test("sends a User-Agent") {
        val engine = MockEngine { req ->
            req.headers["User-Agent"] shouldBe "fjordvarsel/1.4 ingrid@fjordvarsel.no"
            respond("")
        }
        TideClient(HttpClient(engine)).forecast("bergen")
    }
})
"""


def s16() -> Session:
    s = new("s16-tide-import", "2027-10-22T06:40:19", "2.1.226", "tide", "hourly-tide-kittiwake")
    s.user(
        "Vi holder oss til MET sitt Tidevann-API, ingen betalt værleverandør. Lag en jobb som henter "
        "tidevannsprognoser for stasjonene hver time og lagrer dem i en ny tabell tide_forecasts. Ny migrasjon, "
        "og test parsingen med MockEngine.",
        decisions=["Vi holder oss til MET sitt Tidevann-API, ingen betalt værleverandør"],
    )
    s.act(
        None,
        Bash(
            "curl -s -A 'fjordvarsel/1.4 ingrid@fjordvarsel.no' 'https://api.met.no/weatherapi/tidalwater/1.1/"
            "?harbour=bergen&datatype=prediction' | sed -n '1,12p'",
            "TIDEVANNSTABELL FOR BERGEN\nBeregnet: 2027-10-22 06:00 UTC\n\nAAR MND DAG TIM MIN  PROGNOSE\n"
            "2027  10  22   07  00     112\n2027  10  22   08  00      97\n2027  10  22   09  00      71\n"
            "2027  10  22   10  00      44\n2027  10  22   11  00      23\n2027  10  22   12  00      18",
        ),
    )
    s.act(
        "The API answers plain text, one row per hour. Migration, table object, client, job and a spec:",
        Write(
            "src/main/resources/db/migration/V8__tide_forecasts.sql",
            "CREATE TABLE tide_forecasts (\n    station_id VARCHAR(16) NOT NULL REFERENCES stations (id),\n"
            "    at         TIMESTAMPTZ NOT NULL,\n    level_cm   INTEGER     NOT NULL,\n"
            "    PRIMARY KEY (station_id, at)\n);\n",
        ),
        Write(f"{KT}/tide/TideClient.kt", TIDE_CLIENT),
        Write(f"{KT}/tide/TideImportJob.kt", TIDE_JOB),
        Write(f"{KTEST}/tide/TideClientTest.kt", TIDE_TEST),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'no.fjordvarsel.tide.*'",
            gradle_test_fail(
                ":test",
                [
                    (
                        "TideClientTest",
                        "parses the prediction rows of the tidalwater text format",
                        "java.lang.NullPointerException at TideClientTest.kt:12",
                    )
                ],
                2,
                secs=29,
            ),
            code=1,
            timeout=600000,
            secs=30,
        ),
    )
    s.act(
        "The fixture file is missing. Saving the sample I fetched above as `src/test/resources/tide/bergen.txt` "
        "(72 hourly rows):",
        Bash(
            "mkdir -p src/test/resources/tide && curl -s -A 'fjordvarsel/1.4 ingrid@fjordvarsel.no' "
            "'https://api.met.no/weatherapi/tidalwater/1.1/?harbour=bergen&datatype=prediction' > "
            "src/test/resources/tide/bergen.txt && wc -l src/test/resources/tide/bergen.txt",
            "      77 src/test/resources/tide/bergen.txt",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_ok([":compileKotlin UP-TO-DATE", ":compileTestKotlin", ":test"], secs=43, up_to_date=4),
            timeout=600000,
            secs=44,
        ),
    )
    s.act(
        None,
        Edit(
            f"{KT}/Application.kt",
            "    DatabaseFactory.init(environment.config)",
            "    DatabaseFactory.init(environment.config)\n    TideImportJob(TideClient(httpClient), "
            "Harbours.fromConfig(environment.config)).start(this)",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test && git add -A && git commit -m 'Hourly tide forecast import from MET (V8)'",
            gradle_ok([":compileKotlin", ":test"], secs=41, up_to_date=5)
            + "\n"
            + git_commit("tide", "91bd3a7", "Hourly tide forecast import from MET (V8)", 6, 148, 1),
            timeout=600000,
            secs=43,
        ),
    )
    s.say(
        "`TideImportJob` fetches MET's tidalwater predictions for every configured harbour each hour and upserts "
        "them into `tide_forecasts` (V8). Unit tests green; committed as `91bd3a7` on `tide`."
    )
    s.user("takk! god helg")
    s.outcome("success", "hourly tide import from MET with a V8 table and a MockEngine spec; committed")
    return s


SESSIONS = [s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15, s16]

"""Ingrid's `fjordvarsel-app` sessions (a01-a15): a Kotlin Multiplatform app with Compose Multiplatform for
Android and iOS, Koin, SQLDelight, the Ktor client; the iOS side is built with xcodebuild, Android instrumented
tests run on an emulator. Times are UTC; Bergen is UTC+2 (CEST) in October."""

from __future__ import annotations

from fake_output import APP, git_commit, gradle_ok, xcodebuild_ok
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "fjordvarsel-app"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project=PROJECT)


CM = "composeApp/src/commonMain/kotlin/no/fjordvarsel/app"
SQ = "composeApp/src/commonMain/sqldelight/no/fjordvarsel/app/db"
XCODEBUILD = (
    "xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp -configuration Debug "
    "-destination 'platform=iOS Simulator,name=iPhone 16' build"
)

APP_TOML = """[versions]
agp = "8.7.3"
kotlin = "2.0.21"
compose-multiplatform = "1.7.3"
koin-bom = "4.0.0"
ktor = "3.0.3"
sqldelight = "2.0.2"
kotlinx-coroutines = "1.9.0"

[libraries]
koin-bom = { module = "io.insert-koin:koin-bom", version.ref = "koin-bom" }
koin-core = { module = "io.insert-koin:koin-core" }
koin-compose-viewmodel = { module = "io.insert-koin:koin-compose-viewmodel" }"""

STATION_SQ = """CREATE TABLE station (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    lat REAL NOT NULL,
    lon REAL NOT NULL
);

selectAll:
SELECT * FROM station ORDER BY name;

upsert:
INSERT OR REPLACE INTO station VALUES ?;"""

SUBSCRIPTION_SQ = """CREATE TABLE station_subscription (
    station_id TEXT NOT NULL PRIMARY KEY,
    device_token TEXT NOT NULL
);

selectAll:
SELECT station_id, device_token FROM station_subscription;

insert:
INSERT OR REPLACE INTO station_subscription(station_id, device_token) VALUES (?, ?);"""

STRINGS_XML = """<resources>
    <string name="app_name">Fjordvarsel</string>
</resources>"""

STATION_REPO = """package no.fjordvarsel.app.data

import app.cash.sqldelight.coroutines.asFlow
import app.cash.sqldelight.coroutines.mapToList
import io.ktor.client.HttpClient
import io.ktor.client.call.body
import io.ktor.client.request.get
import kotlinx.coroutines.Dispatchers
import no.fjordvarsel.api.StationDto
import no.fjordvarsel.app.db.FjordDatabase

class StationRepository(private val http: HttpClient, private val db: FjordDatabase) {
    val stations = db.stationQueries.selectAll().asFlow().mapToList(Dispatchers.Default)

    suspend fun refresh() {
        val fresh = http.get("api/v1/stations").body<List<StationDto>>()
        db.transaction { fresh.forEach { db.stationQueries.upsert(it.toStation()) } }
    }
}
"""

STATION_LIST_SCREEN = """package no.fjordvarsel.app.ui

import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ListItem
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import fjordvarsel_app.composeapp.generated.resources.Res
import fjordvarsel_app.composeapp.generated.resources.station_distance_km
import org.jetbrains.compose.resources.stringResource
import org.koin.compose.viewmodel.koinViewModel

@Composable
fun StationListScreen(vm: StationListViewModel = koinViewModel()) {
    val stations by vm.stations.collectAsState()
    LazyColumn {
        items(stations, key = { it.id }) { s ->
            ListItem(
                headlineContent = { Text(s.name) },
                supportingContent = { Text(stringResource(Res.string.station_distance_km, s.distanceKm)) },
            )
        }
    }
}
"""

KOIN_IOS = """package no.fjordvarsel.app.di

import org.koin.core.context.startKoin

fun initKoin() {
    startKoin {
        modules(commonModule)
    }
}"""

XCCONFIG = """TEAM_ID=
BUNDLE_ID=no.fjordvarsel.app
APP_NAME=Fjordvarsel

// Never commit TEAM_ID changes; each developer sets it in Config.local.xcconfig.
#include? "Config.local.xcconfig\""""

PBX_SCRIPT = (
    '\t\t\tshellScript = "if [ \\"YES\\" = \\"$OVERRIDE_KOTLIN_BUILD_IDE_SUPPORTED\\" ]; then\\n  echo '
    '\\"Skipping Gradle build task invocation due to OVERRIDE_KOTLIN_BUILD_IDE_SUPPORTED environment variable set '
    'to \\\\\\"YES\\\\\\"\\"\\n  exit 0\\nfi\\ncd \\"$SRCROOT/..\\"\\n./gradlew :composeApp:'
    'embedAndSignAppleFrameworkForXcode\\n";'
)
PBX_SCRIPT_FIXED = PBX_SCRIPT.replace(
    'cd \\"$SRCROOT/..\\"\\n',
    "# Xcode does not read ~/.zshrc: pick the JDK here, not the first java on PATH.\\n"
    'export JAVA_HOME=$(/usr/libexec/java_home -v 17)\\ncd \\"$SRCROOT/..\\"\\n',
)

COMPOSE_BUILD_SQLDELIGHT = """sqldelight {
    databases {
        create("FjordDatabase") {
            packageName.set("no.fjordvarsel.app.db")
        }
    }
}"""

MANIFEST = """<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <uses-permission android:name="android.permission.INTERNET" />

    <application
        android:name=".FjordvarselApp"
        android:label="@string/app_name"
        android:theme="@android:style/Theme.Material.Light.NoActionBar">"""

MAIN_ACTIVITY = """class MainActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContent { App() }
    }
}"""


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-station-list", "2027-10-04T12:20:05", "2.1.220", "main", "station-list-puffin")
    s.user(
        "Stasjonslisten: hent /api/v1/stations med Ktor-klienten, cache i databasen, og vis navn og avstand i en "
        "LazyColumn. All tekst i UI-et skal ligge i strings.xml under composeResources, aldri hardkodet.",
        rules=[("strings", "All tekst i UI-et skal ligge i strings.xml under composeResources, aldri hardkodet")],
    )
    s.title("Station list screen")
    s.act(
        None,
        Read("gradle/libs.versions.toml", APP_TOML, total=41),
        Glob("composeApp/src/commonMain/sqldelight/**/*.sq", [f"{SQ}/StationSubscription.sq"]),
    )
    s.say(
        "The project has SQLDelight set up with `StationSubscription.sq`. Room also supports KMP now; should the "
        "station cache go into SQLDelight like the subscriptions, or do you want to look at Room?"
    )
    s.user(
        "we're going with SQLDelight, not Room KMP, it already works on iOS. and all versions go in "
        "gradle/libs.versions.toml, never hardcode a version in a build file.",
        decisions=["we're going with SQLDelight, not Room KMP"],
        rules=[
            (
                "version-catalog",
                "all versions go in gradle/libs.versions.toml, never hardcode a version in a build file",
            )
        ],
    )
    s.act(
        None,
        Write(f"{SQ}/Station.sq", STATION_SQ),
        Write(f"{CM}/data/StationRepository.kt", STATION_REPO),
        Write(f"{CM}/ui/StationListScreen.kt", STATION_LIST_SCREEN),
        Edit(
            "composeApp/src/commonMain/composeResources/values/strings.xml",
            STRINGS_XML,
            STRINGS_XML.replace(
                "</resources>",
                '    <string name="station_distance_km">%1$s km unna</string>\n'
                '    <string name="stations_title">Målestasjoner</string>\n</resources>',
            ),
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:compileKotlinIosSimulatorArm64 :composeApp:testDebugUnitTest",
            gradle_ok(
                [
                    ":composeApp:generateCommonMainFjordDatabaseInterface",
                    ":composeApp:generateComposeResClass",
                    ":composeApp:compileKotlinIosSimulatorArm64",
                    ":composeApp:testDebugUnitTest",
                ],
                secs=96,
                up_to_date=31,
            ),
            timeout=600000,
            secs=98,
        ),
    )
    s.say(
        "Stations are fetched with the shared `HttpClient`, cached in `Station.sq` and shown in "
        "`StationListScreen`; the strings are in `composeResources/values/strings.xml`. No versions added: "
        "everything used is already in the catalog. Android unit tests and the iOS compile are green."
    )
    s.user("Supert, commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Station list with SQLDelight cache'",
            git_commit("main", "2ac81f4", "Station list with SQLDelight cache", 4, 103, 1),
        ),
    )
    s.outcome("success", "station list with a SQLDelight cache and string resources; compiles on both; committed")
    return s


MUTE_VM_TEST_KOIN = """class MuteViewModelTest : KoinTest {
    @BeforeTest fun setUp() { startKoin { modules(testModule) } }
    @AfterTest fun tearDown() = stopKoin()

    private val vm: MuteViewModel by inject()

    @Test fun mutesForEightHours() = runTest {
        vm.mute("BGO", now = Instant.parse("2027-10-05T12:00:00Z"))
        vm.mutedUntil("BGO") shouldBe Instant.parse("2027-10-05T20:00:00Z")
    }
}"""

MUTE_VM_TEST_FAKE = """class MuteViewModelTest {
    private val repo = FakeSubscriptionRepository()
    private val vm = MuteViewModel(repo)

    @Test fun mutesForEightHours() = runTest {
        vm.mute("BGO", now = Instant.parse("2027-10-05T12:00:00Z"))
        repo.mutedUntil["BGO"] shouldBe Instant.parse("2027-10-05T20:00:00Z").toEpochMilliseconds()
    }
}"""


def a02() -> Session:
    s = new("a02-mute-station", "2027-10-05T12:48:30", "2.1.220", "mute", "mute-station-wren")
    s.user(
        "add 'mute this station for 8 hours' on the station screen. store muted_until on station_subscription "
        "locally so it survives restarts, and skip notifications for a muted station."
    )
    s.act(None, Read(f"{SQ}/StationSubscription.sq", SUBSCRIPTION_SQ))
    s.act(
        None,
        Edit(
            f"{SQ}/StationSubscription.sq",
            "    device_token TEXT NOT NULL\n);",
            "    device_token TEXT NOT NULL,\n    muted_until INTEGER\n);",
        ),
        Edit(
            f"{SQ}/StationSubscription.sq",
            "SELECT station_id, device_token FROM station_subscription;",
            "SELECT station_id, device_token, muted_until FROM station_subscription;\n\nmute:\n"
            "UPDATE station_subscription SET muted_until = ? WHERE station_id = ?;",
        ),
    )
    s.act(
        "For the 8-hour arithmetic I'll add kotlinx-datetime:",
        Denied(
            Edit(
                "gradle/libs.versions.toml",
                'kotlinx-coroutines = "1.9.0"',
                'kotlinx-coroutines = "1.9.0"\nkotlinx-datetime = "0.6.1"',
            )
        ),
    )
    s.user(
        "ask me before adding a dependency to either repo. kotlinx-datetime is fine though, go ahead.",
        rules=[("ask-deps", "ask me before adding a dependency to either repo")],
    )
    s.act(
        None,
        Edit(
            "gradle/libs.versions.toml",
            'kotlinx-coroutines = "1.9.0"',
            'kotlinx-coroutines = "1.9.0"\nkotlinx-datetime = "0.6.1"',
        ),
        Write(
            f"{CM}/mute/MuteViewModel.kt",
            "class MuteViewModel(private val repo: SubscriptionRepository) : ViewModel() {\n"
            "    fun mute(stationId: String, now: Instant = Clock.System.now()) = viewModelScope.launch {\n"
            "        repo.mute(stationId, (now + 8.hours).toEpochMilliseconds())\n    }\n}\n",
        ),
        Write("composeApp/src/commonTest/kotlin/no/fjordvarsel/app/mute/MuteViewModelTest.kt", MUTE_VM_TEST_KOIN),
    )
    s.user(
        "Ikke dra inn Koin i testene, lag fakes for hånd. MuteViewModel tar jo repoet i konstruktøren.",
        rules=[("koin-no-tests", "Ikke dra inn Koin i testene, lag fakes for hånd")],
    )
    s.act(
        None,
        Write("composeApp/src/commonTest/kotlin/no/fjordvarsel/app/mute/MuteViewModelTest.kt", MUTE_VM_TEST_FAKE),
        Write(
            "composeApp/src/commonTest/kotlin/no/fjordvarsel/app/fakes/FakeSubscriptionRepository.kt",
            "class FakeSubscriptionRepository : SubscriptionRepository {\n    val mutedUntil = mutableMapOf<String, "
            "Long>()\n    override suspend fun mute(stationId: String, until: Long) {\n        mutedUntil[stationId] "
            "= until\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:testDebugUnitTest :composeApp:iosSimulatorArm64Test",
            gradle_ok(
                [
                    ":composeApp:generateCommonMainFjordDatabaseInterface",
                    ":composeApp:testDebugUnitTest",
                    ":composeApp:iosSimulatorArm64Test",
                ],
                secs=142,
                up_to_date=29,
            ),
            timeout=600000,
            secs=145,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Mute a station for 8 hours'",
            git_commit("mute", "6e0d93b", "Mute a station for 8 hours", 6, 88, 2),
        ),
    )
    s.say(
        "Mute is stored in `station_subscription.muted_until`; the test uses a hand-written fake. Committed as "
        "`6e0d93b`."
    )
    s.outcome("success", "mute-for-8-hours feature with a muted_until column and a fake-based test; committed")
    return s


XCODE_NO_JAVA = f"""Command line invocation:
    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp -configuration Debug -destination 'platform=iOS Simulator,name=iPhone 16' build

PhaseScriptExecution Compile\\ Kotlin\\ Framework {APP}/build/ios/Build/Intermediates.noindex/iosApp.build/Debug-iphonesimulator/iosApp.build/Script-7555FFB5242A651A00829871.sh (in target 'iosApp' from project 'iosApp')
    cd {APP}/iosApp
    /bin/sh -c {APP}/build/ios/Build/Intermediates.noindex/iosApp.build/Debug-iphonesimulator/iosApp.build/Script-7555FFB5242A651A00829871.sh
The operation couldn’t be completed. Unable to locate a Java Runtime.
Please visit http://www.java.com for information on installing Java.

Command PhaseScriptExecution failed with a nonzero exit code

** BUILD FAILED **


The following build commands failed:
\tPhaseScriptExecution Compile\\ Kotlin\\ Framework {APP}/build/ios/Build/Intermediates.noindex/iosApp.build/Debug-iphonesimulator/iosApp.build/Script-7555FFB5242A651A00829871.sh (in target 'iosApp' from project 'iosApp')
(1 failure)"""


def a03() -> Session:
    s = new("a03-ios-build-java", "2027-10-06T12:30:55", "2.1.220", "mute", "simulator-build-heron")
    s.user("Bygg iOS-appen for simulatoren og sjekk at mute-knappen kommer med der også.")
    s.act(None, Bash(XCODEBUILD, XCODE_NO_JAVA, code=65, timeout=600000, secs=21))
    s.act(
        "The Compile Kotlin Framework phase can't find a Java runtime. Checking what Gradle uses in your shell:",
        Bash(
            "./gradlew --version | sed -n '1,12p'",
            "\n------------------------------------------------------------\nGradle 8.10.2\n"
            "------------------------------------------------------------\n\nBuild time:    2024-09-23 21:28:39 UTC\n"
            "Kotlin:        1.9.24\nGroovy:        3.0.22\nLauncher JVM:  17.0.12 (Azul Systems, Inc. "
            "17.0.12+7-LTS)\nDaemon JVM:    /Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home "
            "(no JDK specified, using current Java home)\nOS:            Mac OS X 15.1 arm64",
        ),
    )
    s.act(
        "The terminal has JDK 17. The phase may have picked up a stale Gradle daemon; trying again:",
        Bash(XCODEBUILD, XCODE_NO_JAVA, code=65, timeout=600000, secs=19),
    )
    s.act(None, Bash("./gradlew --stop", "Stopping Daemon(s)\n1 Daemon stopped"))
    s.act(None, Bash(XCODEBUILD, XCODE_NO_JAVA, code=65, timeout=600000, secs=20))
    s.say(
        "Same failure three times: Xcode's script phase runs `./gradlew :composeApp:"
        "embedAndSignAppleFrameworkForXcode` and the `java` it finds there is macOS's stub, not your Zulu 17."
    )
    s.user("fortsatt ikke. Jeg har ikke tid til dette naa, vi tar det i morgen.")
    s.outcome("failed", "the iOS simulator build fails three times: 'Unable to locate a Java Runtime'; given up")
    s.hit("xcode-java-home")
    return s


def a04() -> Session:
    s = new("a04-koin-ios", "2027-10-07T12:15:20", "2.1.221", "main", "koin-ios-gannet")
    s.user(
        "the iOS app crashes at launch in the simulator (run from Android Studio's iosApp config, that one builds). "
        "Xcode console:\n\n```\nUncaught Kotlin exception: org.koin.core.error.NoDefinitionFoundException: No "
        "definition found for type 'no.fjordvarsel.app.data.StationRepository'. Check your Modules configuration "
        "and add missing type and/or qualifier!\n```"
    )
    s.act(
        None,
        Read("composeApp/src/iosMain/kotlin/no/fjordvarsel/app/di/KoinIos.kt", KOIN_IOS),
        Grep(
            "val platformModule",
            [
                "composeApp/src/androidMain/kotlin/no/fjordvarsel/app/di/PlatformModule.android.kt",
                "composeApp/src/iosMain/kotlin/no/fjordvarsel/app/di/PlatformModule.ios.kt",
            ],
        ),
    )
    s.act(
        "`StationRepository` needs `FjordDatabase`, which comes from `platformModule` (the `NativeSqliteDriver`). "
        "Android starts Koin with both modules, iOS only with `commonModule`:",
        Edit(
            "composeApp/src/iosMain/kotlin/no/fjordvarsel/app/di/KoinIos.kt",
            "        modules(commonModule)",
            "        modules(commonModule, platformModule)",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:linkDebugFrameworkIosSimulatorArm64",
            gradle_ok(
                [":composeApp:compileKotlinIosSimulatorArm64", ":composeApp:linkDebugFrameworkIosSimulatorArm64"],
                secs=88,
                up_to_date=22,
            ),
            timeout=600000,
            secs=90,
        ),
    )
    s.user(
        "Bestemt: Koin blir, vi bytter ikke til kotlin-inject selv om den sjekker grafen ved kompilering. Kan du "
        "også få den til å kjøre på iPhonen min?",
        decisions=["Koin blir, vi bytter ikke til kotlin-inject"],
    )
    s.act(None, Read("iosApp/Configuration/Config.xcconfig", XCCONFIG))
    s.act(
        "For a device build Xcode needs your team; I'll set `TEAM_ID` in `Config.xcconfig`:",
        Denied(Edit("iosApp/Configuration/Config.xcconfig", "TEAM_ID=\n", "TEAM_ID=7Q2XK4R9LM\n")),
    )
    s.user(
        "ikke ror signing-innstillingene i Xcode-prosjektet, det styrer jeg selv. Simulatoren holder.",
        rules=[("no-signing", "ikke ror signing-innstillingene i Xcode-prosjektet")],
    )
    s.say("Understood, signing stays as it is. The framework links; start the simulator run again from Android Studio.")
    s.user("Funker! Stasjonslisten kommer opp.")
    s.not_person("// Never commit TEAM_ID changes; each developer sets it in Config.local.xcconfig.", "tool_output")
    s.one_off(
        "the iOS Koin start-up included only commonModule, not platformModule with the SQLDelight driver: "
        "NoDefinitionFoundException for StationRepository at launch"
    )
    s.outcome("success", "iOS Koin start-up includes the platform module; the app launches (signing edit declined)")
    return s


LOGCAT_CRASH = """FATAL EXCEPTION: main
Process: no.fjordvarsel.app, PID: 18422
android.database.sqlite.SQLiteException: no such column: muted_until (code 1 SQLITE_ERROR): , while compiling: SELECT station_id, device_token, muted_until FROM station_subscription
\tat android.database.sqlite.SQLiteConnection.nativePrepareStatement(Native Method)
\tat app.cash.sqldelight.driver.android.AndroidSqliteDriver.executeQuery(AndroidSqliteDriver.kt:160)
\tat no.fjordvarsel.app.data.SubscriptionRepository.load(SubscriptionRepository.kt:22)"""


def a05() -> Session:
    s = new("a05-upgrade-crash-logcat", "2027-10-08T12:40:14", "2.1.221", "mute", "logcat-crash-skua")
    s.user(
        "installed the debug build over the 1.0.0 from the Play internal track and it dies on start:\n\n```\n"
        + LOGCAT_CRASH
        + "\n```"
    )
    s.act(
        "Let me reproduce it with the instrumented tests:",
        Bash(
            "./gradlew :composeApp:connectedDebugAndroidTest",
            "> Task :composeApp:connectedDebugAndroidTest\nStarting 6 tests on SM-S911B - 14\n\n"
            "SM-S911B - 14 Tests 6/6 completed. (0 skipped) (0 failed)\nFinished 6 tests on SM-S911B - 14\n\n"
            "BUILD SUCCESSFUL in 1m 12s\n64 actionable tasks: 9 executed, 55 up-to-date",
            timeout=600000,
            secs=74,
        ),
    )
    s.say(
        "They pass, but they ran on `SM-S911B`, your phone, not an emulator, and the test run uninstalled the app "
        "there afterwards."
    )
    s.user(
        "run the instrumented tests on the Pixel_7_API_34 emulator, never on my own phone. det var den ekte appen "
        "min med abonnementene mine.",
        rules=[("emulator", "run the instrumented tests on the Pixel_7_API_34 emulator, never on my own phone")],
    )
    s.act(
        "Sorry about that. Starting the emulator and installing the debug build there:",
        Bash(
            "emulator -avd Pixel_7_API_34 -no-snapshot-save > /dev/null 2>&1 &\nadb -s emulator-5554 "
            "wait-for-device && adb devices",
            "List of devices attached\nR5CT21ABCDE\tdevice\nemulator-5554\tdevice",
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :composeApp:installDebug && adb -s emulator-5554 shell am start "
            "-n no.fjordvarsel.app/.MainActivity",
            "> Task :composeApp:installDebug\nInstalling APK 'composeApp-debug.apk' on 'Pixel_7_API_34(AVD) - 14' "
            "for :composeApp:debug\nInstalled on 1 device.\n\nBUILD SUCCESSFUL in 21s\n"
            "Starting: Intent { cmp=no.fjordvarsel.app/.MainActivity }",
            timeout=600000,
            secs=24,
        ),
    )
    s.say(
        "On the emulator (fresh install) it starts fine. The database from the 1.0.0 install had been created "
        "before `muted_until` existed; a clean install creates `station_subscription` with the column, so "
        "uninstalling the old build on a test device gets you going again."
    )
    s.user("ok, funker etter reinstall.")
    s.outcome("success", "the start-up crash (no such column: muted_until) was worked around by a clean install")
    s.hit("sqldelight-missing-migration")
    return s


SETTINGS_SCREEN = """@Composable
fun SettingsScreen(vm: SettingsViewModel = koinViewModel()) {
    val state by vm.state.collectAsState()
    Column(Modifier.padding(16.dp)) {
        Text(stringResource(Res.string.settings_level_title), style = MaterialTheme.typography.titleMedium)
        AlertLevel.entries.forEach { level ->
            Row(verticalAlignment = Alignment.CenterVertically) {
                RadioButton(selected = state.minLevel == level, onClick = { vm.setMinLevel(level) })
                Text(stringResource(level.label))
            }
        }
        QuietHoursPicker(state.quietFrom, state.quietTo, onChange = vm::setQuietHours)
    }
}
"""


def a06() -> Session:
    s = new("a06-settings-android", "2027-10-11T12:30:48", "2.1.222", "settings", "quiet-hours-plover")
    s.user(
        "Xcode-bygget feiler igjen, samme som forrige uke, men ./gradlew gaar fint i terminalen. Jeg orker ikke rote "
        "med det naa. Lag heller innstillingsskjermen ferdig på Android: minste varselnivå (gult, oransje, rødt) og "
        "stille timer om natta."
    )
    s.say(
        "Noted, I'll leave iOS alone for now (it is the Compile Kotlin Framework phase, where Xcode calls "
        "`embedAndSignAppleFrameworkForXcode` without your shell's `JAVA_HOME`). Settings screen:"
    )
    s.act(
        None,
        Write(f"{CM}/settings/SettingsScreen.kt", SETTINGS_SCREEN),
        Write(
            f"{CM}/settings/SettingsViewModel.kt",
            "class SettingsViewModel(private val prefs: SettingsStore) : ViewModel() {\n"
            "    val state = prefs.settings.stateIn(viewModelScope, SharingStarted.Eagerly, Settings())\n"
            "    fun setMinLevel(level: AlertLevel) = viewModelScope.launch { prefs.update { it.copy(minLevel = level) } "
            "}\n    fun setQuietHours(from: LocalTime, to: LocalTime) = viewModelScope.launch {\n"
            "        prefs.update { it.copy(quietFrom = from, quietTo = to) }\n    }\n}\n",
        ),
        Edit(
            "composeApp/src/commonMain/composeResources/values/strings.xml",
            '    <string name="stations_title">Målestasjoner</string>',
            '    <string name="stations_title">Målestasjoner</string>\n'
            '    <string name="settings_level_title">Varsle meg fra nivå</string>\n'
            '    <string name="level_yellow">Gult</string>\n    <string name="level_orange">Oransje</string>\n'
            '    <string name="level_red">Rødt</string>\n    <string name="quiet_hours">Stille timer</string>',
        ),
    )
    s.say(
        "The quiet-hours picker uses Material3's `TimePicker`, which is fine on Android. On iOS it would be nicer "
        "with the native wheel, which needs iOS 17 for the SwiftUI interop I'd use. Should I raise the iOS "
        "deployment target?"
    )
    s.user(
        "no, keep the iOS deployment target at 16, Kari tests on an old iPad that can't go higher.",
        rules=[("ios16", "keep the iOS deployment target at 16")],
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:assembleDebug :composeApp:testDebugUnitTest",
            gradle_ok(
                [
                    ":composeApp:generateComposeResClass",
                    ":composeApp:compileDebugKotlinAndroid",
                    ":composeApp:assembleDebug",
                    ":composeApp:testDebugUnitTest",
                ],
                secs=77,
                up_to_date=40,
            ),
            timeout=600000,
            secs=79,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Settings: minimum alert level and quiet hours'",
            git_commit("settings", "f3a0c57", "Settings: minimum alert level and quiet hours", 4, 131, 0),
        ),
    )
    s.say("Settings screen in, Android build and unit tests green, committed as `f3a0c57`. iOS untouched.")
    s.user("takk!")
    s.outcome("success", "Android settings screen committed; the failing Xcode build was only mentioned, not touched")
    s.hit("xcode-java-home")
    return s


def a07() -> Session:
    s = new("a07-testflight-crash-words", "2027-10-12T12:20:36", "2.1.222", "main", "testflight-crash-egret")
    s.user(
        "Kari sier appen krasjer med en gang hun åpner den etter TestFlight-oppdateringen i går. Sletter hun appen "
        "og installerer på nytt, funker det, men da er abonnementene hennes borte. Hun har ingen krasjlogg å sende. "
        "Hva kan det være?"
    )
    s.act(
        None,
        Bash(
            "git log --oneline v1.0.0..HEAD",
            "f3a0c57 Settings: minimum alert level and quiet hours\n"
            "9b1e2d7 Koin: include platformModule on iOS\n6e0d93b Mute a station for 8 hours\n"
            "2ac81f4 Station list with SQLDelight cache",
        ),
    )
    s.act(
        None,
        Bash(
            "git show 9b1e2d7 --stat",
            "commit 9b1e2d7\n\n    Koin: include platformModule on iOS\n\n "
            "composeApp/src/iosMain/kotlin/no/fjordvarsel/app/di/KoinIos.kt | 2 +-\n 1 file changed, 1 "
            "insertion(+), 1 deletion(-)",
        ),
    )
    s.say(
        "Changes since 1.0.0 that run at start-up: the Koin platform module on iOS (9b1e2d7), and the database, "
        "which now has `muted_until` on `station_subscription` and the new `station` table. The Koin change looks "
        "harmless: with it the app starts in the simulator. Without a crash report I can't tell which; TestFlight "
        "keeps them under App Store Connect → TestFlight → Crashes if Kari agreed to share."
    )
    s.user("Jeg får ikke tak i loggen før Kari er tilbake på mandag. Vi får se da.")
    s.outcome("failed", "a tester's crash after the TestFlight update was not found without a crash log")
    s.hit("sqldelight-missing-migration")
    return s


AGP_LOG = """> Task :composeApp:embedAndSignAppleFrameworkForXcode FAILED
FAILURE: Build failed with an exception.

* What went wrong:
An exception occurred applying plugin request [id: 'com.android.application']
> Failed to apply plugin 'com.android.internal.application'.
   > Android Gradle plugin requires Java 17 to run. You are currently using Java 11.
      Your current JDK is located in /opt/homebrew/Cellar/openjdk@11/11.0.25/libexec/openjdk.jdk/Contents/Home
      You can try some of the following options:
       - changing the IDE settings.
       - changing the JAVA_HOME environment variable.
       - changing `org.gradle.java.home` in `gradle.properties`.

Command PhaseScriptExecution failed with a nonzero exit code"""


def a08() -> Session:
    s = new("a08-xcode-java11", "2027-10-13T12:35:09", "2.1.222", "main", "java-eleven-kite")
    s.user(
        "updated Android Studio and Homebrew yesterday, now the Xcode build says this instead:\n\n```\n"
        + AGP_LOG
        + "\n```\n\nterminal ./gradlew is still fine."
    )
    s.act(
        None,
        Bash(
            "ls /opt/homebrew/bin/java; /usr/libexec/java_home -V 2>&1 | tail -4",
            '/opt/homebrew/bin/java\nMatching Java Virtual Machines (2):\n    17.0.12 (arm64) "Azul Systems, Inc." - '
            '"Zulu 17.52.17" /Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home\n    11.0.25 (arm64) '
            '"Homebrew" - "OpenJDK 11.0.25" /opt/homebrew/Cellar/openjdk@11/11.0.25/libexec/openjdk.jdk/'
            "Contents/Home\n/Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home",
        ),
    )
    s.say(
        "Homebrew pulled in `openjdk@11` as a dependency and linked `/opt/homebrew/bin/java`. Xcode's script phase "
        "doesn't get `JAVA_HOME` from your `~/.zshrc`, so Gradle now starts on the first `java` in PATH, Java 11, "
        "where before it found none. Pinning the JDK for Gradle in `gradle.properties`:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "gradle.properties",
                "org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8",
                "org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\n"
                "org.gradle.java.home=/Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home",
            ),
            "nei, gradle.properties er delt med Magnus og CI, den stien finnes bare på min Mac",
        ),
    )
    s.user("Jeg maa gaa naa. La det ligge, iOS faar vente.")
    s.not_person("Android Gradle plugin requires Java 17 to run. You are currently using Java 11.", "pasted_log")
    s.outcome(
        "failed", "the Xcode build still fails (Gradle on Java 11 in the script phase); a shared-file fix declined"
    )
    s.hit("xcode-java-home")
    return s


UPGRADE_TEST_FAIL = """> Task :composeApp:connectedDebugAndroidTest
Starting 1 tests on Pixel_7_API_34(AVD) - 14

no.fjordvarsel.app.db.UpgradeFromV1Test > keepsSubscriptionsWhenMuting[Pixel_7_API_34(AVD) - 14] FAILED
\tandroid.database.sqlite.SQLiteException: table station_subscription has no column named muted_until (code 1 SQLITE_ERROR): , while compiling: UPDATE station_subscription SET muted_until = ? WHERE station_id = ?
\tat android.database.sqlite.SQLiteConnection.nativePrepareStatement(Native Method)
Tests on Pixel_7_API_34(AVD) - 14 failed: There was 1 failure(s).

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':composeApp:connectedDebugAndroidTest'.
> There were failing tests. See the report at: file:///Users/ingrid/kode/fjordvarsel-app/composeApp/build/reports/androidTests/connected/debug/index.html

BUILD FAILED in 58s"""

DRIVER_KT = """actual class DriverFactory(private val context: Context) {
    actual fun create(): SqlDriver = AndroidSqliteDriver(FjordDatabase.Schema, context, "fjord.db")
}"""


def a09() -> Session:
    s = new("a09-upgrade-test", "2027-10-14T12:25:51", "2.1.223", "upgrade-test", "old-database-loon")
    s.user(
        "Jeg skrev en instrumentert test som åpner en database laget av 1.0.0 (kopierte fila fra den gamle "
        "testtelefonen til androidTest/assets/fjord-1.0.0.db). Kjør UpgradeFromV1Test på emulatoren."
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :composeApp:connectedDebugAndroidTest "
            "-Pandroid.testInstrumentationRunnerArguments.class=no.fjordvarsel.app.db.UpgradeFromV1Test",
            UPGRADE_TEST_FAIL,
            code=1,
            timeout=600000,
            secs=60,
        ),
    )
    s.act(None, Read("composeApp/src/androidMain/kotlin/no/fjordvarsel/app/db/DriverFactory.android.kt", DRIVER_KT))
    s.say(
        "The 1.0.0 database opens, but its `station_subscription` has no `muted_until`, and the schema version in "
        "the file is the same as the current one, so nothing upgrades it. The quickest safe start would be to "
        "recreate the database when the schema doesn't match:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "composeApp/src/androidMain/kotlin/no/fjordvarsel/app/db/DriverFactory.android.kt",
                'AndroidSqliteDriver(FjordDatabase.Schema, context, "fjord.db")',
                'AndroidSqliteDriver(FjordDatabase.Schema, context, "fjord.db", callback = '
                "RecreateOnMismatch(FjordDatabase.Schema))",
            ),
            "nei! da mister folk abonnementene sine",
        ),
    )
    s.user("Det maa bli en ordentlig migrering. Vi tar det i morgen, jeg har ikke hodet til det naa.")
    s.outcome("failed", "UpgradeFromV1Test fails (no column muted_until); recreating the database refused; left red")
    s.hit("sqldelight-missing-migration")
    return s


def a10() -> Session:
    s = new("a10-xcode-java-fix", "2027-10-15T12:40:27", "2.1.223", "ios-build", "java-home-ibis")
    s.user(
        "Xcode now only says 'Command PhaseScriptExecution failed with a nonzero exit code' on Compile Kotlin "
        "Framework, nothing else in the issue navigator. let's fix the iOS build properly today, without touching "
        "gradle.properties."
    )
    s.act(
        None,
        Grep(
            "embedAndSignAppleFrameworkForXcode",
            ["iosApp/iosApp.xcodeproj/project.pbxproj:221:" + PBX_SCRIPT.strip()],
            path="iosApp",
            mode="content",
        ),
    )
    s.act(
        "The phase runs `./gradlew` with Xcode's environment, which never sources `~/.zshrc`. Selecting JDK 17 "
        "inside the script itself works on every Mac and leaves `gradle.properties` alone:",
        Edit("iosApp/iosApp.xcodeproj/project.pbxproj", PBX_SCRIPT, PBX_SCRIPT_FIXED),
    )
    s.act(
        "To keep simulator builds fast I'll also switch off code signing for the Debug configuration in the project:",
        Denied(
            Edit(
                "iosApp/iosApp.xcodeproj/project.pbxproj",
                "\t\t\t\tCODE_SIGN_STYLE = Automatic;",
                "\t\t\t\tCODE_SIGN_STYLE = Automatic;\n\t\t\t\tCODE_SIGNING_ALLOWED = NO;",
            )
        ),
    )
    s.user(
        "hands off the signing settings, I said that last week. pass it on the command line if you need it.",
        rules=[("no-signing", "hands off the signing settings")],
    )
    s.act(
        None,
        Bash(XCODEBUILD + " CODE_SIGNING_ALLOWED=NO", xcodebuild_ok(), timeout=600000, secs=190),
    )
    s.say(
        "`** BUILD SUCCEEDED **`: the Compile Kotlin Framework phase now runs Gradle on JDK 17 via "
        "`/usr/libexec/java_home -v 17`, whichever `java` is first in PATH. Signing is untouched; "
        "`CODE_SIGNING_ALLOWED=NO` was only on the command line."
    )
    s.user(
        "Endelig grønt. greit å vite: Xcode sin run script-fase leser ikke .zshrc, så JAVA_HOME må settes i selve "
        "skriptet. Commit.",
        lessons=["Xcode sin run script-fase leser ikke .zshrc, så JAVA_HOME må settes i selve skriptet"],
    )
    s.act(
        None,
        Bash(
            "git add iosApp/iosApp.xcodeproj/project.pbxproj && git commit -m 'iOS build: select JDK 17 in the "
            "Compile Kotlin Framework phase'",
            git_commit(
                "ios-build", "77c2e0a", "iOS build: select JDK 17 in the Compile Kotlin Framework phase", 1, 1, 1
            ),
        ),
    )
    s.outcome("success", "the Xcode script phase sets JAVA_HOME to JDK 17; xcodebuild succeeds; committed")
    s.hit("xcode-java-home", fixed=True)
    return s


def explore_schema(child: Session) -> None:
    child.act(
        None,
        Bash(
            "git diff v1.0.0 -- composeApp/src/commonMain/sqldelight",
            "diff --git a/composeApp/src/commonMain/sqldelight/no/fjordvarsel/app/db/StationSubscription.sq "
            "b/composeApp/src/commonMain/sqldelight/no/fjordvarsel/app/db/StationSubscription.sq\n"
            "@@ -1,7 +1,8 @@\n CREATE TABLE station_subscription (\n     station_id TEXT NOT NULL PRIMARY KEY,\n"
            "-    device_token TEXT NOT NULL\n+    device_token TEXT NOT NULL,\n+    muted_until INTEGER\n );\n"
            "diff --git a/composeApp/src/commonMain/sqldelight/no/fjordvarsel/app/db/Station.sq "
            "b/composeApp/src/commonMain/sqldelight/no/fjordvarsel/app/db/Station.sq\nnew file mode 100644\n"
            "@@ -0,0 +1,13 @@\n+CREATE TABLE station (",
        ),
        Glob("composeApp/src/commonMain/sqldelight/**/*.sqm", []),
    )
    child.say(
        "Schema changes since v1.0.0:\n- StationSubscription.sq: column `muted_until INTEGER` added to the CREATE "
        "TABLE of station_subscription (commit 6e0d93b).\n- Station.sq: new table `station` (commit 2ac81f4).\n"
        "There are no .sqm migration files at all, and no `schemaOutputDirectory`/`verifyMigrations` in the "
        "sqldelight block, so FjordDatabase.Schema.version is still 1 and an existing install is never migrated."
    )


IOS_CRASH = """Crashed: com.apple.main-thread
0  Fjordvarsel  0x1045c2a10 kfun:kotlin.Throwable#<init>(kotlin.String?){} + 108
1  Fjordvarsel  0x1046a1c3c kfun:co.touchlab.sqliter.interop#sqlException(...){} + 412
co.touchlab.sqliter.interop.SQLiteExceptionErrorCode: error while compiling: SELECT station_id, device_token, muted_until FROM station_subscription
no such column: muted_until"""


def a11() -> Session:
    s = new("a11-sqldelight-migration", "2027-10-18T12:30:02", "2.1.224", "migration", "schema-version-jay")
    s.user(
        "Kari's crash report from TestFlight came in:\n\n```\n" + IOS_CRASH + "\n```\n\nsame thing as "
        "UpgradeFromV1Test on Android. let's write the proper SQLDelight migration now. find out first what "
        "changed in the schema since 1.0.0."
    )
    s.act(
        None,
        Agent(
            "Schema changes since v1.0.0",
            "In this Kotlin Multiplatform repo, list every change to the SQLDelight schema "
            "(composeApp/src/commonMain/sqldelight) since the tag v1.0.0, and whether any .sqm migration files "
            "exist. Read-only; report file, change and commit.",
            "Explore",
            explore_schema,
        ),
    )
    s.act(
        "Version 1 is what 1.0.0 shipped. `1.sqm` takes it to version 2: `muted_until` for existing rows and the "
        "`station` table, which only the cache uses. Then the sqldelight block verifies migrations against the "
        "schema of 1.0.0:",
        Write(
            "composeApp/src/commonMain/sqldelight/migrations/1.sqm",
            "ALTER TABLE station_subscription ADD COLUMN muted_until INTEGER;\n\n"
            "CREATE TABLE station (\n    id TEXT NOT NULL PRIMARY KEY,\n    name TEXT NOT NULL,\n"
            "    lat REAL NOT NULL,\n    lon REAL NOT NULL\n);\n",
        ),
        Edit(
            "composeApp/build.gradle.kts",
            COMPOSE_BUILD_SQLDELIGHT,
            """sqldelight {
    databases {
        create("FjordDatabase") {
            packageName.set("no.fjordvarsel.app.db")
            schemaOutputDirectory.set(file("src/commonMain/sqldelight/databases"))
            verifyMigrations.set(true)
        }
    }
}""",
        ),
    )
    s.act(
        None,
        Bash(
            "git worktree add -q /tmp/fv-1.0.0 v1.0.0 && (cd /tmp/fv-1.0.0 && ./gradlew -q "
            ":composeApp:generateCommonMainFjordDatabaseSchema) && mkdir -p composeApp/src/commonMain/sqldelight/"
            "databases && cp /tmp/fv-1.0.0/composeApp/src/commonMain/sqldelight/databases/1.db "
            "composeApp/src/commonMain/sqldelight/databases/ && git worktree remove /tmp/fv-1.0.0",
            "",
            timeout=600000,
            secs=70,
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:verifyCommonMainFjordDatabaseMigration",
            gradle_ok(
                [
                    ":composeApp:generateCommonMainFjordDatabaseInterface",
                    ":composeApp:verifyCommonMainFjordDatabaseMigration",
                ],
                secs=11,
                up_to_date=2,
            ),
            timeout=600000,
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :composeApp:connectedDebugAndroidTest "
            "-Pandroid.testInstrumentationRunnerArguments.class=no.fjordvarsel.app.db.UpgradeFromV1Test",
            "> Task :composeApp:connectedDebugAndroidTest\nStarting 1 tests on Pixel_7_API_34(AVD) - 14\n\n"
            "Pixel_7_API_34(AVD) - 14 Tests 1/1 completed. (0 skipped) (0 failed)\n\nBUILD SUCCESSFUL in 1m 4s\n"
            "66 actionable tasks: 12 executed, 54 up-to-date",
            timeout=600000,
            secs=66,
        ),
        Bash(
            "./gradlew :composeApp:iosSimulatorArm64Test",
            gradle_ok(
                [":composeApp:compileTestKotlinIosSimulatorArm64", ":composeApp:iosSimulatorArm64Test"],
                secs=104,
                up_to_date=30,
            ),
            timeout=600000,
            secs=106,
        ),
    )
    s.say(
        "The migration verifies against the 1.0.0 schema, `UpgradeFromV1Test` passes on the emulator (the old "
        "subscriptions survive and can be muted), and the iOS tests pass. `FjordDatabase.Schema.version` is now 2."
    )
    s.user(
        "TIL SQLDelight only runs the .sqm files for an existing install, a fresh install just runs the CREATE "
        "TABLE statements. commit it, I'll ship 1.1.1 to TestFlight tonight.",
        lessons=[
            "SQLDelight only runs the .sqm files for an existing install, a fresh install just runs the CREATE "
            "TABLE statements"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'SQLDelight migration 1 -> 2 (muted_until, station) with verification'",
            git_commit(
                "migration", "c5d18e9", "SQLDelight migration 1 -> 2 (muted_until, station) with verification", 4, 19, 0
            ),
        ),
    )
    s.outcome("success", "a SQLDelight migration 1.sqm with verification; the upgrade test passes; committed")
    s.hit("sqldelight-missing-migration", fixed=True)
    return s


ATS_LOG = """warning: Run script build phase 'Compile Kotlin Framework' will be run during every build because it does not specify any outputs. To address this warning, either add output dependencies to the script phase, or configure it to run in every build by unchecking "Based on dependency analysis" in the script phase. (in target 'iosApp' from project 'iosApp')
...
Task <8C1E5B0A-2F4D-4C1A-9D77-1B0E2F6A9C31>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://ingrids-mbp.local:8080/api/v1/stations}"""

INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CADisableMinimumFrameDurationOnPhone</key>
\t<true/>
\t<key>UILaunchScreen</key>
\t<dict/>
</dict>
</plist>"""

STATION_LIST_VM = """class StationListViewModel(private val repo: StationRepository) : ViewModel() {
    val stations = repo.stations.stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), emptyList())
    val selected = MutableStateFlow<String?>(null)"""


def a12() -> Session:
    s = new("a12-ios-local-server", "2027-10-19T12:20:13", "2.1.224", "main", "local-http-osprey")
    s.user(
        "pointing the iOS app at my local server (http://ingrids-mbp.local:8080) fails, the station list stays "
        "empty. Xcode console:\n\n```\n" + ATS_LOG + "\n```\n\nfor now just hardcode Bergen as the default "
        "station, I'll do location later.",
        non_rules=["for now just hardcode Bergen as the default station"],
    )
    s.act(None, Read("iosApp/iosApp/Info.plist", INFO_PLIST))
    s.say(
        "iOS blocks plain `http` by App Transport Security. For a `.local` host the narrow exception is "
        "`NSAllowsLocalNetworking`, which allows local-network hosts only and keeps ATS for everything else."
    )
    s.act(
        None,
        Edit(
            "iosApp/iosApp/Info.plist",
            "\t<key>UILaunchScreen</key>\n\t<dict/>",
            "\t<key>UILaunchScreen</key>\n\t<dict/>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n"
            "\t\t<key>NSAllowsLocalNetworking</key>\n\t\t<true/>\n\t</dict>",
        ),
        Edit(
            f"{CM}/ui/StationListViewModel.kt",
            "    val selected = MutableStateFlow<String?>(null)",
            '    // Bergen until the location permission flow exists.\n    val selected = MutableStateFlow<String?>("BGO")',
        ),
    )
    s.act(None, Bash(XCODEBUILD + " CODE_SIGNING_ALLOWED=NO", xcodebuild_ok(secs=97.4), timeout=600000, secs=100))
    s.say("Builds. Run it on the simulator against your laptop's server and the list should load with Bergen selected.")
    s.user(
        "works. can you also look at that script phase warning while you're here? and then I want a summary "
        "before I go, the context is getting long."
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Ingrid's iOS app could not reach her local server over http (ATS error -1022); she asked for "
        "Bergen (BGO) as the hard-coded default station for now.\n"
        "Summary:\n1. iosApp/iosApp/Info.plist: NSAppTransportSecurity > NSAllowsLocalNetworking = true.\n"
        '2. StationListViewModel: selected defaults to "BGO".\n'
        "3. xcodebuild (CODE_SIGNING_ALLOWED=NO on the command line) succeeds; the app loads the stations.\n"
        "4. Build notes: Always run ./gradlew check with --no-daemon.\n"
        "Pending: the 'Compile Kotlin Framework' script phase warning (no outputs declared); commit.",
        98300,
        9100,
    )
    s.say(
        "The warning is harmless: the Kotlin framework phase has no declared outputs, so Xcode runs it on every "
        'build, and it has to, because Gradle decides what is up to date. Unchecking "Based on dependency '
        "analysis\" only silences it, but that lives in the project file next to the signing settings, so I'd "
        "leave it. Shall I commit the ATS exception and the default station?"
    )
    s.user("ja, commit.")
    s.act(
        None,
        Bash(
            "git add iosApp/iosApp/Info.plist composeApp/src && git commit -m 'iOS: allow local networking; Bergen "
            "as default station'",
            git_commit("main", "1f7e4b8", "iOS: allow local networking; Bergen as default station", 2, 6, 1),
        ),
    )
    s.say("Committed as `1f7e4b8`.")
    s.not_person(
        "To address this warning, either add output dependencies to the script phase, or configure it to run in "
        'every build by unchecking "Based on dependency analysis" in the script phase.',
        "pasted_log",
    )
    s.not_person("Always run ./gradlew check with --no-daemon.", "compaction_summary")
    s.one_off(
        "the iOS app's plain-http calls to the local dev server are blocked by App Transport Security "
        "(NSURLErrorDomain -1022); allowed with NSAllowsLocalNetworking"
    )
    s.outcome("success", "ATS local-networking exception and Bergen as the default station; builds; committed")
    return s


STATION_VM_TEST = """class StationListViewModelTest : KoinTest {
    @get:Rule val koin = KoinTestRule.create { modules(testModule(FakeStationRepository(bergen, maloy))) }

    private val vm: StationListViewModel by inject()

    @Test fun defaultsToBergen() = runTest { vm.selected.value shouldBe "BGO" }

    @Test fun listsStationsByName() = runTest {
        vm.stations.test { awaitItem().map { it.name } shouldBe listOf("Bergen", "Måløy") }
    }
}"""


def tests_for_station_list(child: Session) -> None:
    child.act(
        None,
        Read(
            f"{CM}/ui/StationListViewModel.kt",
            STATION_LIST_VM.replace("MutableStateFlow<String?>(null)", 'MutableStateFlow<String?>("BGO")'),
            total=24,
        ),
    )
    child.act(
        None,
        Write("composeApp/src/commonTest/kotlin/no/fjordvarsel/app/ui/StationListViewModelTest.kt", STATION_VM_TEST),
    )
    child.act(
        None,
        Bash(
            "./gradlew :composeApp:testDebugUnitTest --tests '*StationListViewModelTest*'",
            gradle_ok(
                [":composeApp:compileDebugUnitTestKotlinAndroid", ":composeApp:testDebugUnitTest"],
                secs=48,
                up_to_date=38,
            ),
            timeout=600000,
            secs=50,
        ),
    )
    child.say(
        "Added composeApp/src/commonTest/kotlin/no/fjordvarsel/app/ui/StationListViewModelTest.kt with 2 tests "
        "(default station BGO, stations sorted by name) using koin-test and a FakeStationRepository; both pass."
    )


def a13() -> Session:
    s = new("a13-koin-test", "2027-10-20T12:35:40", "2.1.225", "vm-tests", "koin-test-dove")
    s.user(
        "Det er lov å bruke koin-test i commonTest nå, de håndskrevne fakes-oppsettene ble for mye vedlikehold. "
        "Skriv tester for SettingsViewModel og StationListViewModel med koin-test.",
        rules=[("koin-test-ok", "Det er lov å bruke koin-test i commonTest nå", "koin-no-tests")],
    )
    s.say("`koin-test` isn't in the catalog yet. It comes from the Koin BOM you already use (4.0.0); may I add it?")
    s.user("ja")
    s.act(
        None,
        Edit(
            "gradle/libs.versions.toml",
            'koin-compose-viewmodel = { module = "io.insert-koin:koin-compose-viewmodel" }',
            'koin-compose-viewmodel = { module = "io.insert-koin:koin-compose-viewmodel" }\n'
            'koin-test = { module = "io.insert-koin:koin-test" }',
        ),
        Edit(
            "composeApp/build.gradle.kts",
            "        commonTest.dependencies {\n            implementation(libs.kotlin.test)",
            "        commonTest.dependencies {\n            implementation(libs.kotlin.test)\n"
            "            implementation(libs.koin.test)",
        ),
    )
    s.act(
        "I'll have an agent write the StationListViewModel tests in the background while I do the settings ones.",
        Agent(
            "StationListViewModel tests with koin-test",
            "Write unit tests for composeApp/src/commonMain/kotlin/no/fjordvarsel/app/ui/StationListViewModel.kt in "
            "composeApp/src/commonTest (koin-test is now available; use a FakeStationRepository). Cover the default "
            "station and the ordering. Run them with ./gradlew :composeApp:testDebugUnitTest and report.",
            "general-purpose",
            tests_for_station_list,
            background=True,
        ),
    )
    s.act(
        None,
        Write(
            "composeApp/src/commonTest/kotlin/no/fjordvarsel/app/settings/SettingsViewModelTest.kt",
            "class SettingsViewModelTest : KoinTest {\n    @BeforeTest fun start() { startKoin { "
            "modules(testModule(InMemorySettingsStore())) } }\n    @AfterTest fun stop() = stopKoin()\n\n"
            "    private val vm: SettingsViewModel by inject()\n\n    @Test fun storesMinimumLevel() = runTest {\n"
            "        vm.setMinLevel(AlertLevel.ORANGE)\n        vm.state.value.minLevel shouldBe AlertLevel.ORANGE\n"
            "    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:testDebugUnitTest --tests '*SettingsViewModelTest*'",
            gradle_ok(
                [":composeApp:compileDebugUnitTestKotlinAndroid", ":composeApp:testDebugUnitTest"],
                secs=52,
                up_to_date=38,
            ),
            timeout=600000,
            secs=54,
        ),
    )
    s.agent_done(after=20)
    s.act(
        None,
        Bash(
            "./gradlew :composeApp:testDebugUnitTest :composeApp:iosSimulatorArm64Test",
            gradle_ok([":composeApp:testDebugUnitTest", ":composeApp:iosSimulatorArm64Test"], secs=131, up_to_date=36),
            timeout=600000,
            secs=133,
        ),
    )
    s.say(
        "Both ViewModels are covered with koin-test (settings: 1 test, station list: 2 from the agent); all unit "
        "tests pass on Android and the iOS simulator."
    )
    s.user("fint, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'ViewModel tests with koin-test'",
            git_commit("vm-tests", "3a9c0d2", "ViewModel tests with koin-test", 4, 71, 0),
        ),
    )
    s.outcome(
        "success", "koin-test added after asking; ViewModel tests by the session and a background agent; committed"
    )
    return s


def a14() -> Session:
    s = new("a14-post-notifications", "2027-10-21T12:15:58", "2.1.225", "main", "silent-push-kittiwake")
    s.user(
        "På emulatoren med Android 14 kommer det ingen varsler i det hele tatt, selv om FCM sier at meldingen er "
        "levert. På Magnus sin Android 12-telefon funker det."
    )
    s.act(
        None,
        Read("composeApp/src/androidMain/AndroidManifest.xml", MANIFEST, total=28),
        Bash(
            "adb -s emulator-5554 shell dumpsys package no.fjordvarsel.app | grep -A1 POST_NOTIFICATIONS",
            "",
        ),
    )
    s.say(
        "From Android 13 (API 33) notifications need the runtime permission `POST_NOTIFICATIONS`. The app doesn't "
        "declare or request it, so on Android 14 every notification is dropped silently; Android 12 doesn't have "
        "the permission."
    )
    s.act(
        None,
        Edit(
            "composeApp/src/androidMain/AndroidManifest.xml",
            '    <uses-permission android:name="android.permission.INTERNET" />',
            '    <uses-permission android:name="android.permission.INTERNET" />\n'
            '    <uses-permission android:name="android.permission.POST_NOTIFICATIONS" />',
        ),
        Edit(
            "composeApp/src/androidMain/kotlin/no/fjordvarsel/app/MainActivity.kt",
            "        setContent { App() }",
            "        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {\n"
            "            registerForActivityResult(ActivityResultContracts.RequestPermission()) {}\n"
            "                .launch(Manifest.permission.POST_NOTIFICATIONS)\n        }\n        setContent { App() }",
        ),
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :composeApp:installDebug && adb -s emulator-5554 shell pm grant "
            "no.fjordvarsel.app android.permission.POST_NOTIFICATIONS && adb -s emulator-5554 shell dumpsys package "
            "no.fjordvarsel.app | grep POST_NOTIFICATIONS",
            "> Task :composeApp:installDebug\nInstalling APK 'composeApp-debug.apk' on 'Pixel_7_API_34(AVD) - 14' "
            "for :composeApp:debug\nInstalled on 1 device.\n\nBUILD SUCCESSFUL in 19s\n"
            "      android.permission.POST_NOTIFICATIONS: granted=true",
            timeout=600000,
            secs=22,
        ),
    )
    s.say(
        "Installed on the emulator with the permission granted. Send a test alert from the server and it should show."
    )
    s.user(
        "Funker! lærte at Android 13 ikke viser varsler i det hele tatt før appen har spurt om POST_NOTIFICATIONS. "
        "Forresten: det er greit å heve deployment target til iOS 17 nå, Kari har fått ny iPad.",
        lessons=["lærte at Android 13 ikke viser varsler i det hele tatt før appen har spurt om POST_NOTIFICATIONS"],
        rules=[("ios17", "det er greit å heve deployment target til iOS 17 nå", "ios16")],
    )
    s.act(
        None,
        Edit(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 16.0;",
            "\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;",
            replace_all=True,
        ),
    )
    s.act(None, Bash(XCODEBUILD + " CODE_SIGNING_ALLOWED=NO", xcodebuild_ok(secs=121.8), timeout=600000, secs=124))
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Request POST_NOTIFICATIONS on Android 13+; iOS deployment target 17'",
            git_commit(
                "main", "8be3f17", "Request POST_NOTIFICATIONS on Android 13+; iOS deployment target 17", 3, 8, 2
            ),
        ),
    )
    s.say("Committed as `8be3f17`: the notification permission request and iOS 17 as the deployment target.")
    s.one_off(
        "on Android 13+ no notification is shown at all because the app never declared or requested POST_NOTIFICATIONS"
    )
    s.outcome("success", "POST_NOTIFICATIONS declared and requested; notifications show; iOS target raised to 17")
    return s


def a15() -> Session:
    s = new("a15-feature-module-res", "2027-10-22T12:10:37", "2.1.226", "main", "internal-res-swift")
    s.user(
        "moved the station screens into a new :feature-stations module and the build breaks:\n\n```\n"
        "e: file:///Users/ingrid/kode/fjordvarsel-app/feature-stations/src/commonMain/kotlin/no/fjordvarsel/app/"
        "ui/StationListScreen.kt:11:47 Cannot access 'object Res : Any': it is internal in file.\n"
        "e: file:///Users/ingrid/kode/fjordvarsel-app/feature-stations/src/commonMain/kotlin/no/fjordvarsel/app/"
        "ui/StationListScreen.kt:24:57 Cannot access 'station_distance_km': it is internal in file.\n```"
    )
    s.act(
        None,
        Grep("compose.resources|composeResources", ["composeApp/build.gradle.kts"], path="composeApp"),
    )
    s.say(
        "Compose Multiplatform generates `Res` as `internal` by default, so only `composeApp` can use it. Making "
        "the class public with a stable package lets the feature module use the shared strings:"
    )
    s.act(
        None,
        Edit(
            "composeApp/build.gradle.kts",
            "sqldelight {",
            'compose.resources {\n    publicResClass = true\n    packageOfResClass = "no.fjordvarsel.app.resources"\n'
            "}\n\nsqldelight {",
        ),
        Bash(
            "grep -rl 'fjordvarsel_app.composeapp.generated.resources' composeApp/src feature-stations/src | xargs "
            "sed -i '' 's/fjordvarsel_app\\.composeapp\\.generated\\.resources/no.fjordvarsel.app.resources/g'",
            "",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :feature-stations:compileKotlinIosSimulatorArm64 :composeApp:assembleDebug",
            gradle_ok(
                [
                    ":composeApp:generateComposeResClass",
                    ":feature-stations:compileKotlinIosSimulatorArm64",
                    ":composeApp:assembleDebug",
                ],
                secs=83,
                up_to_date=44,
            ),
            timeout=600000,
            secs=85,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Public Res class for the feature modules' && git push",
            git_commit("main", "d04a6c1", "Public Res class for the feature modules", 7, 14, 9)
            + "\nTo github.com:fjordvarsel/fjordvarsel-app.git\n ! [rejected]        main -> main (non-fast-forward)\n"
            "error: failed to push some refs to 'github.com:fjordvarsel/fjordvarsel-app.git'",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git push --force-with-lease origin main")))
    s.user(
        "never force-push, like I said. pull --rebase and push normally.",
        rules=[("no-force-push", "never force-push")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && ./gradlew :composeApp:assembleDebug -q && git push",
            "Successfully rebased and updated refs/heads/main.\nTo github.com:fjordvarsel/fjordvarsel-app.git\n"
            "   8be3f17..5a2f0e9  main -> main",
            timeout=600000,
            secs=70,
        ),
    )
    s.say("Rebased on Magnus's commit, the build is green, pushed (`5a2f0e9`).")
    s.user("takk! god helg")
    s.one_off(
        "after moving screens into a :feature-stations module the Compose resources class is internal to "
        "composeApp ('Cannot access 'object Res : Any': it is internal'); made public with publicResClass"
    )
    s.outcome("success", "public Res class for the feature module; builds; pushed after a rebase (force push declined)")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15]

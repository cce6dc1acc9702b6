"""Sessions in `huerta-android` (/home/sofia/dev/huerta-android): the Android app of a community-garden co-op
(book a plot, a time slot, reminders). Kotlin, Gradle, Jetpack Compose, Room, Retrofit with kotlinx.serialization,
Hilt, JUnit/Robolectric/Espresso, detekt, Firebase Crashlytics."""

from __future__ import annotations

from fake_output import APP, connected, git_commit, git_push, gradle_fail, gradle_ok, gradle_tests
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, ReadTooBig, Session, Write

FLAKY = "flaky-sync-test"
ROOM = "room-migration-default"
REPO = "huerta-coop/huerta-android"
PKG = "app/src/main/java/coop/huerta/app"
TEST = "app/src/test/java/coop/huerta/app"


def app(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project="huerta-android")


VIEWMODEL = """@HiltViewModel
class BookingSyncViewModel @Inject constructor(
    private val repository: BookingRepository,
) : ViewModel() {
    private val _state = MutableStateFlow<UiState>(UiState.Loading)
    val state: StateFlow<UiState> = _state.asStateFlow()

    fun refresh() {
        viewModelScope.launch {
            _state.value = UiState.Loading
            val bookings = withContext(Dispatchers.IO) { repository.fetchBookings() }
            _state.value = if (bookings.isEmpty()) UiState.Empty else UiState.Loaded(bookings)
        }
    }
}"""

SYNC_TEST = """@RunWith(RobolectricTestRunner::class)
class SyncViewModelTest {
    private val repository = FakeBookingRepository(listOf(booking("b1"), booking("b2")))

    @Test
    fun `pull to refresh shows bookings`() = runTest {
        Dispatchers.setMain(StandardTestDispatcher(testScheduler))
        val vm = BookingSyncViewModel(repository)
        vm.refresh()
        advanceUntilIdle()
        assertEquals(UiState.Loaded(repository.bookings), vm.state.value)
    }
}"""

ENTITY = """@Entity(tableName = "bookings")
data class BookingEntity(
    @PrimaryKey val id: String,
    val plotId: String,
    val date: LocalDate,
    val slot: String,
    val reminderMinutes: Int = 0,
)"""

DATABASE = """@Database(entities = [BookingEntity::class, PlotEntity::class], version = 5, exportSchema = true)
@TypeConverters(Converters::class)
abstract class AppDatabase : RoomDatabase() {
    abstract fun bookings(): BookingDao
    abstract fun plots(): PlotDao
}

val MIGRATION_4_5 = object : Migration(4, 5) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("ALTER TABLE bookings ADD COLUMN reminderMinutes INTEGER NOT NULL DEFAULT 0")
    }
}"""

DB_MODULE = """    @Provides
    @Singleton
    fun database(@ApplicationContext context: Context): AppDatabase =
        Room.databaseBuilder(context, AppDatabase::class.java, "huerta.db")
            .addMigrations(MIGRATION_3_4, MIGRATION_4_5)
            .build()"""

COLS = (
    "columns={date=Column{name='date', type='TEXT', affinity='2', notNull=true, primaryKeyPosition=0, "
    "defaultValue='undefined'}, plotId=Column{name='plotId', type='TEXT', affinity='2', notNull=true, "
    "primaryKeyPosition=0, defaultValue='undefined'}, id=Column{name='id', type='TEXT', affinity='2', notNull=true, "
    "primaryKeyPosition=1, defaultValue='undefined'}, slot=Column{name='slot', type='TEXT', affinity='2', "
    "notNull=true, primaryKeyPosition=0, defaultValue='undefined'}, reminderMinutes=Column{name='reminderMinutes', "
    "type='INTEGER', affinity='3', notNull=true, primaryKeyPosition=0, defaultValue='{DEF}'}}"
)


def migration_error(prefix: str = "java.lang.IllegalStateException: ") -> str:
    expected = COLS.replace("{DEF}", "undefined")
    found = COLS.replace("{DEF}", "0")
    return (
        f"{prefix}Migration didn't properly handle: bookings(coop.huerta.app.data.BookingEntity).\n"
        f" Expected:\nTableInfo{{name='bookings', {expected}, foreignKeys=[], indices=[]}}\n"
        f" Found:\nTableInfo{{name='bookings', {found}, foreignKeys=[], indices=[]}}"
    )


MIGRATION_TEST_CMD = (
    "./gradlew :app:connectedDebugAndroidTest "
    "-Pandroid.testInstrumentationRunnerArguments.class=coop.huerta.app.data.MigrationTest"
)


# ------------------------------------------------------------------------------------------------------------------
def a01_booking_list() -> Session:
    s = app("a01-booking-list", "2026-09-07T07:40:12", "2.1.160", "feat/booking-list", "quiet-olive-finch")
    s.user(
        "Hola! I'd like to start on the booking list screen today. There's a BookingSyncViewModel already in "
        f"{PKG}/sync/ that exposes a StateFlow<UiState>; please build a BookingListScreen in Compose on top of it "
        "(LazyColumn, one card per booking with the plot name, the date and the time slot), with a loading and an "
        "empty state.\n\nOne thing before you touch any build file: we keep using kapt for Room and Hilt for now, "
        "KSP gave us weird incremental build errors last spring and nobody wants to debug that again.",
        after=0,
        rules=[("kapt", "we keep using kapt for Room and Hilt for now")],
    )
    s.act(None, Read(f"{PKG}/sync/BookingSyncViewModel.kt", VIEWMODEL, offset=18, total=40))
    s.act(
        "The ViewModel already has the three states. Writing the screen:",
        Write(
            f"{PKG}/bookings/BookingListScreen.kt",
            "@Composable\nfun BookingListScreen(viewModel: BookingSyncViewModel = hiltViewModel()) {\n"
            "    val state by viewModel.state.collectAsStateWithLifecycle()\n"
            "    LaunchedEffect(Unit) { viewModel.refresh() }\n    when (val s = state) {\n"
            "        UiState.Loading -> LoadingIndicator()\n"
            "        UiState.Empty -> EmptyState(text = stringResource(R.string.bookings_empty))\n"
            "        is UiState.Loaded -> LazyColumn(contentPadding = PaddingValues(16.dp)) {\n"
            "            items(s.bookings, key = { it.id }) { BookingCard(it) }\n        }\n    }\n}\n",
        ),
    )
    fail = gradle_tests(
        [
            ("BookingSyncViewModelTest", "refresh emits loaded state", "FAILED"),
            ("BookingSyncViewModelTest", "refresh emits empty state", "PASSED"),
            ("BookingRepositoryTest", "maps dto to entity", "PASSED"),
        ],
        failures=[
            (
                "BookingSyncViewModelTest",
                "refresh emits loaded state",
                "java.lang.AssertionError: expected:<Loaded(bookings=[Booking(id=b1), Booking(id=b2)])> but "
                "was:<Loading>\n        at org.junit.Assert.failNotEquals(Assert.java:835)\n"
                "        at coop.huerta.app.sync.BookingSyncViewModelTest$refresh emits loaded state$1."
                "invokeSuspend(BookingSyncViewModelTest.kt:31)",
            )
        ],
    )
    s.act(None, Bash("./gradlew :app:testDebugUnitTest", fail, code=1, desc="Run unit tests", secs=44))
    s.act(
        "`refresh emits loaded state` failed in BookingSyncViewModelTest, which this change doesn't touch. "
        "Running it once more to see whether it is deterministic:",
        Bash(
            "./gradlew :app:testDebugUnitTest",
            gradle_tests(
                [
                    ("BookingSyncViewModelTest", "refresh emits loaded state", "PASSED"),
                    ("BookingSyncViewModelTest", "refresh emits empty state", "PASSED"),
                    ("BookingRepositoryTest", "maps dto to entity", "PASSED"),
                ],
                secs=29,
            ),
            desc="Run unit tests again",
            secs=31,
        ),
    )
    s.say("Green on the second run, so that test looks timing-dependent. The new screen compiles and all tests pass.")
    s.user(
        "Yes, that one is flaky, it fails maybe one run in five. Why does it always pass the second time I run it? "
        "Anyway, not today. Please commit the screen.",
        non_rules=["Why does it always pass the second time I run it?"],
    )
    s.act(
        None,
        Bash(
            'git add app/src/main && git commit -m "Booking list screen (Compose)"',
            git_commit("feat/booking-list", "9a1c2e7", "Booking list screen (Compose)", 2, 61, 0),
            desc="Commit",
        ),
    )
    s.say("Committed 9a1c2e7 on feat/booking-list.")
    s.hit(FLAKY)
    s.outcome("success", "screen built and committed; the flaky test passed on a rerun and was left for later")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a02_crashlytics_migration() -> Session:
    s = app("a02-crashlytics-migration", "2026-09-08T08:05:40", "2.1.160", "main", "brave-cedar-wren")
    s.user(
        "Crashlytics is showing a new crash in the 1.5.0-beta2 build, 14 users so far, all on the first launch after "
        "updating:\n\n```\nFatal Exception: " + migration_error() + "\n       at androidx.room.RoomOpenHelper."
        "onUpgrade(RoomOpenHelper.kt:103)\n       at coop.huerta.app.data.BookingDao_Impl.observeAll(BookingDao_Impl."
        "java:212)\n```\n\nCan you find out what's going on?",
        after=0,
    )
    s.act(
        None,
        Read(
            "CONTRIBUTING.md",
            "# Contributing\n\n## Database\n\nAlways add a migration test for every Room schema version bump.\n"
            "Schemas are exported to app/schemas/ and must be committed.\n\n## Releases\n\nBeta builds go out "
            "through Firebase App Distribution on Mondays.",
            total=11,
            reminder=True,
        ),
    )
    s.not_person("Always add a migration test for every Room schema version bump.", "tool_output")
    s.act(None, Read(f"{PKG}/data/AppDatabase.kt", DATABASE, total=24))
    s.act(None, Read(f"{PKG}/data/BookingEntity.kt", ENTITY, total=12))
    s.act(
        None,
        Grep("MigrationTest", [], path="app/src/androidTest"),
    )
    s.say(
        "The migration adds `reminderMinutes` with `DEFAULT 0`, but the entity has no default at the SQL level "
        "(the Kotlin `= 0` is not a column default), so Room's validation sees a different table than it expects. "
        "There is also no migration test for version 5."
    )
    s.act(
        "The quickest way to stop the crash for the testers is to let Room rebuild the database when a migration "
        "does not validate:",
        Read(f"{PKG}/di/DatabaseModule.kt", DB_MODULE, offset=14, total=30),
    )
    s.act(
        None,
        Denied(
            Edit(
                f"{PKG}/di/DatabaseModule.kt",
                "            .addMigrations(MIGRATION_3_4, MIGRATION_4_5)\n            .build()",
                "            .addMigrations(MIGRATION_3_4, MIGRATION_4_5)\n"
                "            .fallbackToDestructiveMigration()\n            .build()",
            ),
            "No, eso borra todas las reservas que la gente tiene guardadas en el móvil. Tiene que ser una migración "
            "de verdad; lo miro yo con más calma.",
        ),
    )
    s.say("Understood, I haven't changed anything. The mismatch is the `reminderMinutes` default described above.")
    s.hit(ROOM)
    s.outcome("failed", "cause located but nothing fixed: the proposed destructive fallback was rejected with a reason")
    return s


# ------------------------------------------------------------------------------------------------------------------
PROGUARD = """# Retrofit
-keepattributes Signature, InnerClasses, EnclosingMethod
-keepattributes RuntimeVisibleAnnotations, RuntimeVisibleParameterAnnotations
-keep,allowobfuscation,allowshrinking interface retrofit2.Call"""

TOML = """[versions]
kotlin = "2.0.21"
kotlinxSerialization = "1.7.1"
retrofit = "2.11.0"
room = "2.6.1"
hilt = "2.52\""""


def a03_release_serializer() -> Session:
    s = app("a03-release-serializer", "2026-09-09T07:30:05", "2.1.160", "release/1.5.0", "tidy-maple-lark")
    s.user(
        "The release build crashes as soon as you open the plots tab, debug is fine. Crashlytics says:\n\n"
        "Fatal Exception: kotlinx.serialization.SerializationException: Serializer for class 'PlotDto' is not "
        "found.\nPlease ensure that class is marked as '@Serializable' and that the serialization compiler plugin "
        "is applied.\n\nWe're going with kotlinx.serialization for the Retrofit converter, not Moshi, that's settled, "
        "so let's make it work with R8.",
        after=0,
        decisions=["We're going with kotlinx.serialization for the Retrofit converter, not Moshi"],
    )
    s.act(None, ReadTooBig("app/build/outputs/mapping/release/mapping.txt", 412_806))
    s.act(
        None,
        Grep(
            "PlotDto",
            ["app/build/outputs/mapping/release/mapping.txt:48211:coop.huerta.app.net.PlotDto -> o4.a:"],
            path="app/build/outputs/mapping/release/mapping.txt",
            mode="content",
        ),
    )
    s.act(None, Read("app/proguard-rules.pro", PROGUARD, total=4))
    s.act(
        "R8 renamed `PlotDto` and dropped its generated `Companion.serializer()`. Adding keep rules for the "
        "serializers, and bumping kotlinx.serialization, whose newer releases ship better consumer rules:",
        Edit(
            "app/proguard-rules.pro",
            "-keep,allowobfuscation,allowshrinking interface retrofit2.Call",
            "-keep,allowobfuscation,allowshrinking interface retrofit2.Call\n\n# kotlinx.serialization\n"
            "-keepclassmembers @kotlinx.serialization.Serializable class coop.huerta.app.net.** {\n"
            "    *** Companion;\n    kotlinx.serialization.KSerializer serializer(...);\n}\n"
            "-keep,includedescriptorclasses class coop.huerta.app.net.**$$serializer { *; }",
        ),
    )
    s.act(None, Read("gradle/libs.versions.toml", TOML, total=38))
    s.act(None, Edit("gradle/libs.versions.toml", 'kotlinxSerialization = "1.7.1"', 'kotlinxSerialization = "1.7.3"'))
    s.act(
        None,
        Bash(
            "./gradlew :app:assembleRelease && adb install -r app/build/outputs/apk/release/app-release.apk && "
            "adb shell am start -n coop.huerta.app/.MainActivity",
            gradle_ok([":app:minifyReleaseWithR8", ":app:packageRelease", ":app:assembleRelease"], secs=96)
            + "\nPerforming Streamed Install\nSuccess\nStarting: Intent { cmp=coop.huerta.app/.MainActivity }",
            desc="Build and install the release APK",
            secs=110,
        ),
    )
    s.say("Release build installed; the plots tab opens without the crash.")
    s.user(
        "Gracias, funciona. Pero quita el cambio de versión de este PR: nunca subas versiones de dependencias en el "
        "mismo PR que un arreglo o una funcionalidad, van en un PR aparte.",
        rules=[
            ("dep-bumps", "nunca subas versiones de dependencias en el mismo PR que un arreglo o una funcionalidad")
        ],
    )
    s.act(None, Edit("gradle/libs.versions.toml", 'kotlinxSerialization = "1.7.3"', 'kotlinxSerialization = "1.7.1"'))
    s.act(
        None,
        Bash(
            './gradlew :app:assembleRelease && git add app/proguard-rules.pro && git commit -m "R8: keep '
            'kotlinx.serialization serializers of network DTOs"',
            gradle_ok([":app:minifyReleaseWithR8", ":app:assembleRelease"], secs=88)
            + "\n"
            + git_commit(
                "release/1.5.0", "c41d0b2", "R8: keep kotlinx.serialization serializers of network DTOs", 1, 6, 0
            ),
            desc="Rebuild and commit only the keep rules",
            secs=95,
        ),
    )
    s.say("Reverted the version bump; release still builds with 1.7.1. Committed c41d0b2 (keep rules only).")
    s.one_off("R8 strips the kotlinx.serialization serializer of PlotDto in the release build (SerializationException)")
    s.outcome("success", "release build works with keep rules; version bump removed on request; committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
CI_LOG_A04 = """Run ./gradlew :app:testDebugUnitTest --no-daemon
> Task :app:testDebugUnitTest

SyncViewModelTest > pull to refresh shows bookings FAILED
    kotlinx.coroutines.test.UncompletedCoroutinesError: After waiting for 10s, the test coroutine is not completing, there were active child jobs: ["coroutine#3":StandaloneCoroutine{Active}@5e0f3b1]
        at kotlinx.coroutines.test.TestBuildersKt__TestBuildersKt$runTest$2$1$2$1.invoke(TestBuilders.kt:349)
        at coop.huerta.app.sync.SyncViewModelTest$pull to refresh shows bookings$1.invokeSuspend(SyncViewModelTest.kt:22)

41 tests completed, 1 failed

> Task :app:testDebugUnitTest FAILED
Error: Process completed with exit code 1."""


def a04_ci_refresh() -> Session:
    s = app("a04-ci-refresh", "2026-09-10T08:10:31", "2.1.160", "feat/pull-to-refresh", "quiet-olive-finch")
    s.user(
        "CI on my pull-to-refresh PR is red, this is from the unit-test job:\n\n```\n" + CI_LOG_A04 + "\n```\n\n"
        "It passes on my machine every time. Can you take a look? And please keep PRs small, under 400 lines of diff "
        "if you can, the reviewers here are all part-time volunteers.",
        after=0,
        rules=[("small-prs", "keep PRs small, under 400 lines of diff if you can")],
    )
    s.act(
        None,
        Read(f"{TEST}/sync/SyncViewModelTest.kt", SYNC_TEST, offset=12, total=30),
        Read(f"{PKG}/sync/BookingSyncViewModel.kt", VIEWMODEL, offset=18, total=40),
    )
    s.act(
        "The test waits with `advanceUntilIdle()`, but the work inside `withContext(Dispatchers.IO)` runs on a real "
        "thread the test scheduler does not control; on a slow CI runner it is still running when `runTest` gives "
        "up. A longer timeout should absorb the slower runner:",
        Edit(
            f"{TEST}/sync/SyncViewModelTest.kt",
            "fun `pull to refresh shows bookings`() = runTest {",
            "fun `pull to refresh shows bookings`() = runTest(timeout = 30.seconds) {",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:testDebugUnitTest --tests '*SyncViewModelTest*'",
            gradle_tests([("SyncViewModelTest", "pull to refresh shows bookings", "PASSED")], secs=19, executed=9),
            desc="Run the test locally",
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -am "Longer runTest timeout for SyncViewModelTest" && git push && gh run watch --exit-status',
            git_commit("feat/pull-to-refresh", "77be310", "Longer runTest timeout for SyncViewModelTest", 1, 1, 1)
            + "\n✓ lint in 1m12s\nX unit-tests in 4m38s\n  SyncViewModelTest > pull to refresh shows bookings FAILED\n"
            "    java.lang.AssertionError: expected:<Loaded(bookings=[Booking(id=b1), Booking(id=b2)])> but "
            "was:<Loading>\n\nX main CI · 17629304811\nTriggered via push about 5 minutes ago",
            code=1,
            desc="Push and watch CI",
            secs=300,
        ),
    )
    s.say(
        "Still red on CI, now with a plain assertion failure instead of the timeout: the state is still `Loading` "
        "when the test checks it. The timeout was not the cause."
    )
    s.user("Still red. Forget it for today, I'll merge the refresh PR without the test change tomorrow.")
    s.say("OK. Commit 77be310 only touches the test; drop it before merging if you like.")
    s.hit(FLAKY)
    s.outcome("failed", "CI still red after the timeout change; the person gives up for the day")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a05_migration_test() -> Session:
    s = app("a05-migration-test", "2026-09-11T07:50:02", "2.1.160", "fix/migration-4-5", "brave-cedar-wren")
    s.local_command("model", "opus", "Set model to \x1b[1mopus (claude-opus-4-6)\x1b[22m", after=0)
    s.user(
        "I wrote a MigrationTest for 4→5 with MigrationTestHelper last night and it fails on the emulator. Can you "
        "make it pass without touching the released schema files (app/schemas/.../4.json)? The test is "
        "app/src/androidTest/java/coop/huerta/app/data/MigrationTest.kt",
        after=12,
    )
    err = connected(
        [("coop.huerta.app.data.MigrationTest > migrate4To5", "FAILED")],
        failures=["\n" + migration_error()],
    )
    s.act(None, Bash(MIGRATION_TEST_CMD, err, code=1, desc="Run the migration test", secs=70))
    s.act(None, Read(f"{PKG}/data/AppDatabase.kt", DATABASE, total=24))
    s.act(
        "Room expects no SQL default on `reminderMinutes`; dropping `DEFAULT 0` from the migration so both agree:",
        Edit(
            f"{PKG}/data/AppDatabase.kt",
            "INTEGER NOT NULL DEFAULT 0",
            "INTEGER NOT NULL",
        ),
    )
    s.act(
        None,
        Bash(
            MIGRATION_TEST_CMD,
            connected(
                [("coop.huerta.app.data.MigrationTest > migrate4To5", "FAILED")],
                failures=[
                    "\nandroid.database.sqlite.SQLiteException: Cannot add a NOT NULL column with default value NULL "
                    "(code 1 SQLITE_ERROR): , while compiling: ALTER TABLE bookings ADD COLUMN reminderMinutes "
                    "INTEGER NOT NULL"
                ],
            ),
            code=1,
            desc="Run the migration test again",
            secs=66,
        ),
    )
    s.act(
        "SQLite cannot add a NOT NULL column without a default to a table with rows, so the default has to stay. "
        "Putting it back and checking whether the emulator had a stale test APK:",
        Edit(f"{PKG}/data/AppDatabase.kt", 'INTEGER NOT NULL")', 'INTEGER NOT NULL DEFAULT 0")'),
    )
    s.act(None, Bash(MIGRATION_TEST_CMD, err, code=1, desc="Run the migration test a third time", secs=68))
    s.say(
        "Same failure as the first run: with `DEFAULT 0` the migrated table has `defaultValue='0'` and the entity "
        "expects `'undefined'`. Fixing it means changing the entity (and so the exported schema 5), which you asked "
        "me not to touch without checking first."
    )
    s.user("ok, parking this, I have the sprint review in five minutes.")
    s.hit(ROOM)
    s.outcome("failed", "the same connected test fails three times; the person leaves for a meeting")
    return s


# ------------------------------------------------------------------------------------------------------------------
DI_VM = """@HiltViewModel
class PlotDetailViewModel : ViewModel() {
    @Inject lateinit var repository: PlotRepository

    val state = MutableStateFlow<PlotDetailState>(PlotDetailState.Loading)
}"""

REPO_MODULE = """@Module
@InstallIn(SingletonComponent::class)
abstract class RepositoryModule {
    @Binds abstract fun bookings(impl: DefaultBookingRepository): BookingRepository
}"""

DETEKT = """> Task :app:detekt FAILED
style - 5min debt
\tWildcardImport - [PlotDetailScreen.kt:5:1] - Wildcard imports should be replaced with imports using fully qualified class names. Wildcard imports can lead to naming conflicts. A library update can introduce naming clashes with your own classes which results in failing compilation.

Overall debt: 5min

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:detekt'.
> Analysis failed with 1 weighted issues.

BUILD FAILED in 23s"""


def a06_plot_detail() -> Session:
    s = app("a06-plot-detail", "2026-09-14T07:35:18", "2.1.166", "feat/plot-detail", "sunny-linden-pipit")
    s.user(
        "New screen today: plot detail (PlotDetailScreen + PlotDetailViewModel). It should show the plot's name and "
        "size, the next three bookings and a big button to book a slot. Use PlotRepository for the data.",
        after=0,
    )
    s.act(
        None,
        Write(f"{PKG}/plots/PlotDetailViewModel.kt", DI_VM + "\n"),
        Write(
            f"{PKG}/plots/PlotDetailScreen.kt",
            "package coop.huerta.app.plots\n\nimport androidx.compose.runtime.*\nimport androidx.compose.foundation."
            "layout.Column\nimport androidx.compose.material3.*\n\n@Composable\nfun PlotDetailScreen(vm: "
            "PlotDetailViewModel = hiltViewModel()) { /* name, size, next bookings, book button */ }\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:assembleDebug",
            gradle_fail(
                ":app:hiltJavaCompileDebug",
                "Execution failed for task ':app:hiltJavaCompileDebug'.\n> Compilation failed; see the compiler "
                "error output for details.\n\nerror: [Dagger/MissingBinding] coop.huerta.app.data.PlotRepository "
                "cannot be provided without an @Provides-annotated method.\n      coop.huerta.app.data."
                "PlotRepository is injected at\n          [coop.huerta.app.HuertaApp_HiltComponents.SingletonC] "
                "coop.huerta.app.plots.PlotDetailViewModel.repository",
                before=[":app:kaptDebugKotlin"],
                secs=41,
            ),
            code=1,
            desc="Build",
            secs=45,
        ),
    )
    s.say("Hilt has no binding for `PlotRepository`. Checking how the other repositories are provided.")
    s.user(
        "Two things. No, we don't do that here: ViewModels get their dependencies through the constructor with "
        "@Inject, no lateinit field injection. And the missing binding is because PlotRepository is an interface, "
        "there's a RepositoryModule with @Binds for the others.",
        rules=[("ctor-injection", "ViewModels get their dependencies through the constructor")],
    )
    s.act(None, Read(f"{PKG}/plots/PlotDetailViewModel.kt", DI_VM))
    s.act(
        None,
        Edit(
            f"{PKG}/plots/PlotDetailViewModel.kt",
            "class PlotDetailViewModel : ViewModel() {\n    @Inject lateinit var repository: PlotRepository\n",
            "class PlotDetailViewModel @Inject constructor(\n    private val repository: PlotRepository,\n) : "
            "ViewModel() {",
        ),
    )
    s.act(None, Read(f"{PKG}/di/RepositoryModule.kt", REPO_MODULE, total=9))
    s.act(
        None,
        Edit(
            f"{PKG}/di/RepositoryModule.kt",
            "    @Binds abstract fun bookings(impl: DefaultBookingRepository): BookingRepository",
            "    @Binds abstract fun bookings(impl: DefaultBookingRepository): BookingRepository\n"
            "    @Binds abstract fun plots(impl: DefaultPlotRepository): PlotRepository",
        ),
    )
    s.act(None, Bash("./gradlew :app:assembleDebug :app:detekt", DETEKT, code=1, desc="Build and detekt", secs=62))
    s.not_person("Wildcard imports should be replaced with imports using fully qualified class names.", "tool_output")
    s.act(
        None,
        Edit(
            f"{PKG}/plots/PlotDetailScreen.kt",
            "import androidx.compose.runtime.*\n",
            "import androidx.compose.runtime.Composable\n",
        ),
    )
    s.act(
        None,
        Bash(
            './gradlew :app:assembleDebug :app:detekt && git add -A app/src && git commit -m "Plot detail screen"',
            gradle_ok([":app:assembleDebug", ":app:detekt"], secs=48)
            + "\n"
            + git_commit("feat/plot-detail", "e02f9a4", "Plot detail screen", 3, 87, 0),
            desc="Build, detekt, commit",
            secs=55,
        ),
    )
    s.say("Constructor injection, `@Binds` for `PlotRepository`, detekt clean. Committed e02f9a4.")
    s.one_off("Hilt [Dagger/MissingBinding]: PlotRepository (an interface) has no @Binds in RepositoryModule")
    s.outcome("success", "screen builds with constructor injection and a @Binds; detekt clean; committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a07_sync_test_es() -> Session:
    s = app("a07-sync-test-es", "2026-09-15T08:20:44", "2.1.166", "main", "sunny-linden-pipit")
    s.user(
        "Buenos días. El test de sincronización vuelve a fallar de vez en cuando en CI: a veces pasa y a veces no, y "
        "ya van tres PRs que hay que relanzar. Yo nunca sé si es el test o el runner. ¿Puedes mirarlo?",
        after=0,
        non_rules=["Yo nunca sé si es el test o el runner."],
    )
    s.act(None, Read(f"{TEST}/sync/SyncViewModelTest.kt", SYNC_TEST, offset=12, total=30))
    s.say("Voy a ejecutarlo 30 veces seguidas para ver con qué frecuencia falla.")
    s.interrupt(after=6)
    s.user("Perdona, 30 veces tarda demasiado. Prueba con 5.", after=8)
    five = (
        "run 1: BUILD SUCCESSFUL\nrun 2: BUILD SUCCESSFUL\nrun 3: BUILD FAILED (SyncViewModelTest > pull to "
        "refresh shows bookings: expected:<Loaded(...)> but was:<Loading>)\nrun 4: BUILD SUCCESSFUL\n"
        "run 5: BUILD SUCCESSFUL"
    )
    loop = (
        "for i in 1 2 3 4 5; do ./gradlew :app:testDebugUnitTest --tests '*SyncViewModelTest*' --rerun-tasks -q "
        '>/dev/null 2>&1 && echo "run $i: BUILD SUCCESSFUL" || echo "run $i: BUILD FAILED"; done'
    )
    s.act(None, Bash(loop, five, desc="Run the sync test 5 times", secs=95))
    s.act(
        "Falla 1 de 5: el estado sigue en `Loading` cuando se comprueba. Añado una espera corta antes de la "
        "aserción para que termine el trabajo en segundo plano:",
        Edit(
            f"{TEST}/sync/SyncViewModelTest.kt",
            "        advanceUntilIdle()\n",
            "        advanceUntilIdle()\n        Thread.sleep(500)\n",
        ),
    )
    s.act(
        None,
        Bash(
            loop,
            five.replace(
                "BUILD FAILED (SyncViewModelTest > pull to refresh shows bookings: "
                "expected:<Loaded(...)> but was:<Loading>)",
                "BUILD SUCCESSFUL",
            ),
            desc="Run the sync test 5 times again",
            secs=104,
        ),
    )
    s.say("Con la espera pasa 5 de 5.")
    s.user(
        "No me convence el sleep, eso solo esconde el problema y hace la suite más lenta. Quítalo, por favor, y lo "
        "miro otro día con calma."
    )
    s.act(None, Edit(f"{TEST}/sync/SyncViewModelTest.kt", "        Thread.sleep(500)\n", ""))
    s.say("Quitado; el test vuelve a estar como estaba.")
    s.hit(FLAKY)
    s.outcome("failed", "last runs are green only because of a sleep, which the person rejects; reverted, not fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a08_upgrade_crash() -> Session:
    s = app("a08-upgrade-crash", "2026-09-16T07:45:09", "2.1.166", "main", "brave-cedar-wren")
    s.shell_escape("adb devices", "List of devices attached\nemulator-5554\tdevice", after=0)
    s.user(
        "So a tester wrote to me again: people who update from 1.4 get a crash on the first launch, fresh installs "
        "are fine. I never managed to reproduce it on a fresh install. The emulator above has 1.4.2 from the Play "
        "Store installed right now, with a couple of bookings. Can you install the current debug build over it and "
        "grab the crash from logcat?",
        after=20,
        non_rules=["I never managed to reproduce it on a fresh install."],
    )
    s.act(
        None,
        Bash(
            "adb shell dumpsys package coop.huerta.app | grep -E 'versionName|versionCode'",
            "    versionCode=24 minSdk=26 targetSdk=34\n    versionName=1.4.2",
            desc="Installed version",
        ),
    )
    s.act(None, Read(f"{PKG}/data/AppDatabase.kt", DATABASE, total=24))
    s.act(
        None,
        Bash(
            "./gradlew :app:installDebug",
            gradle_ok([":app:packageDebug", ":app:installDebug"], secs=52)
            + "\nInstalling APK 'app-debug.apk' on 'Pixel_7_API_34(AVD) - 14' for :app:debug\nInstalled on 1 device.",
            desc="Install the debug build over 1.4.2",
            secs=58,
        ),
    )
    s.act(
        None,
        Bash(
            "adb logcat -c && adb shell am start -n coop.huerta.app/.MainActivity && sleep 4 && "
            "adb logcat -d -s AndroidRuntime | tail -8",
            "Starting: Intent { cmp=coop.huerta.app/.MainActivity }\n--------- beginning of crash\n"
            "09-16 09:47:31.812  5120  5153 E AndroidRuntime: FATAL EXCEPTION: arch_disk_io_0\n"
            "09-16 09:47:31.812  5120  5153 E AndroidRuntime: Process: coop.huerta.app, PID: 5120\n"
            "09-16 09:47:31.812  5120  5153 E AndroidRuntime: java.lang.IllegalStateException: Migration didn't "
            "properly handle: bookings(coop.huerta.app.data.BookingEntity).\n"
            "09-16 09:47:31.812  5120  5153 E AndroidRuntime: \tat androidx.room.RoomOpenHelper.onUpgrade"
            "(RoomOpenHelper.kt:103)",
            desc="Launch and read the crash",
            secs=9,
        ),
    )
    s.say(
        "Reproduced: on upgrade from 1.4.2 (schema 4) Room runs MIGRATION_4_5 and then rejects the result for "
        "`bookings`. Fresh installs create schema 5 directly, which is why they never crash."
    )
    s.user("Vale, entonces es la migración otra vez. Hoy no me da tiempo, lo vemos mañana.")
    s.hit(ROOM)
    s.outcome("failed", "the upgrade crash is reproduced but not fixed; the person postpones")
    return s


# ------------------------------------------------------------------------------------------------------------------
GRADLE_APP = """android {
    namespace = "coop.huerta.app"
    compileSdk = 35
    defaultConfig {
        applicationId = "coop.huerta.app"
        minSdk = 26
        targetSdk = 35
        versionCode = 26
        versionName = "1.5.0-beta3"
        testInstrumentationRunner = "coop.huerta.app.HiltTestRunner"
    }
    testOptions {
        unitTests.isIncludeAndroidResources = true
    }
}"""


def a09_calendar_espresso() -> Session:
    s = app("a09-calendar-espresso", "2026-09-17T08:00:27", "2.1.166", "feat/calendar", "sunny-linden-pipit")
    s.user(
        "The new CalendarScreenTest fails on my emulator: selectingDayShowsSlots can't click on the day, it's a "
        "PerformException. It's an Espresso test on the device, not the sync unit test. Can you have a look?",
        after=0,
        blocks_before=[
            "<ide_opened_file>The user opened the file /home/sofia/dev/huerta-android/app/src/androidTest/java/coop/"
            "huerta/app/calendar/CalendarScreenTest.kt in the IDE. This may or may not be related to the current "
            "task.</ide_opened_file>"
        ],
    )
    cmd = (
        "./gradlew :app:connectedDebugAndroidTest "
        "-Pandroid.testInstrumentationRunnerArguments.class=coop.huerta.app.calendar.CalendarScreenTest"
    )
    s.act(
        None,
        Bash(
            cmd,
            connected(
                [("coop.huerta.app.calendar.CalendarScreenTest > selectingDayShowsSlots", "FAILED")],
                failures=[
                    "\nandroidx.test.espresso.PerformException: Error performing 'single click - At Coordinates: "
                    "540, 1212 and precision: 16, 16' on view 'with text: is \"17\"'.\nCaused by: java.lang."
                    "RuntimeException: Animations or transitions are enabled on the target device.\nFor more info "
                    "check: https://developer.android.com/training/testing/espresso/setup#set-up-environment"
                ],
            ),
            code=1,
            desc="Run the calendar test",
            secs=72,
        ),
    )
    s.act(
        "Espresso refuses to click because the emulator has animations on. The Gradle test option turns them off "
        "for instrumented runs; I'll also move Espresso to 3.6.1:",
        Read("app/build.gradle.kts", GRADLE_APP, offset=9, total=71),
    )
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            "        unitTests.isIncludeAndroidResources = true\n",
            "        unitTests.isIncludeAndroidResources = true\n        animationsDisabled = true\n",
        ),
    )
    s.act(None, Read("gradle/libs.versions.toml", 'espresso = "3.5.1"\nandroidxTest = "1.6.1"', offset=14, total=38))
    s.act(None, Edit("gradle/libs.versions.toml", 'espresso = "3.5.1"', 'espresso = "3.6.1"'))
    s.act(
        None,
        Bash(
            cmd,
            connected([("coop.huerta.app.calendar.CalendarScreenTest > selectingDayShowsSlots", "PASSED")], secs=58),
            desc="Run the calendar test again",
            secs=61,
        ),
    )
    s.user(
        "Great, thanks. Dependency bumps go in their own PR please, so drop the espresso one.",
        rules=[("dep-bumps", "Dependency bumps go in their own PR please")],
    )
    s.act(None, Edit("gradle/libs.versions.toml", 'espresso = "3.6.1"', 'espresso = "3.5.1"'))
    s.act(
        None,
        Bash(
            'git add app/build.gradle.kts && git commit -m "Disable animations for instrumented tests"',
            git_commit("feat/calendar", "5d7e1c0", "Disable animations for instrumented tests", 1, 1, 0),
            desc="Commit",
        ),
    )
    s.say("Espresso bump reverted; committed only `animationsDisabled = true` (5d7e1c0).")
    s.one_off(
        "Espresso PerformException in CalendarScreenTest: animations enabled on the emulator (a device test, not "
        "the flaky sync unit test); fixed with testOptions animationsDisabled"
    )
    s.outcome("success", "calendar test passes with animations disabled; committed without the version bump")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_dispatchers(a: Session) -> None:
    a.act(
        None,
        Grep(
            r"Dispatchers\.(IO|Default|Main)",
            [
                f"{PKG}/sync/BookingSyncViewModel.kt:28:            val bookings = withContext(Dispatchers.IO) "
                "{ repository.fetchBookings() }",
                f"{PKG}/data/DefaultPlotRepository.kt:19:    override suspend fun plots() = withContext(Dispatchers.IO) {{",
            ],
            path="app/src/main",
            mode="content",
        ),
    )
    a.act(
        None,
        Grep(
            r"runTest|setMain|MainDispatcherRule",
            [
                f"{TEST}/sync/SyncViewModelTest.kt:16:    fun `pull to refresh shows bookings`() = runTest {{",
                f"{TEST}/sync/SyncViewModelTest.kt:17:        Dispatchers.setMain(StandardTestDispatcher(testScheduler))",
            ],
            path="app/src/test",
            mode="content",
        ),
    )
    a.say(
        "Direct dispatcher use in main code:\n- sync/BookingSyncViewModel.kt:28 `withContext(Dispatchers.IO)`\n"
        "- data/DefaultPlotRepository.kt:19 `withContext(Dispatchers.IO)`\n\nTests: only SyncViewModelTest uses "
        "`runTest`; it calls `Dispatchers.setMain(...)` inline (never reset) and there is no MainDispatcherRule. "
        "No dispatcher is injected anywhere; there is no qualifier for dispatchers in di/."
    )


def a10_fix_flaky() -> Session:
    s = app("a10-fix-flaky", "2026-09-18T07:30:51", "2.1.166", "fix/sync-dispatcher", "fresh-birch-heron")
    s.user(
        "Ok, let's finally fix the flaky sync test properly. My guess is the withContext(Dispatchers.IO) in the "
        "ViewModel: runTest can't control that thread. Can you check first how dispatchers are used across the app?",
        after=0,
    )
    s.title("Inject the IO dispatcher")
    prompt = (
        "Find every place under app/src/main that uses Dispatchers.IO, Dispatchers.Default or Dispatchers.Main "
        "directly, and every unit test that uses runTest, Dispatchers.setMain or a MainDispatcherRule. Report file "
        "paths and line numbers. Do not modify any files and never run the connected Android tests."
    )
    s.act(None, Agent("Find dispatcher usage", prompt, "Explore", _sa_dispatchers))
    s.not_person("Do not modify any files and never run the connected Android tests.", "subagent_prompt")
    s.act(
        "Two places hard-code `Dispatchers.IO`. Adding a Hilt qualifier and injecting the dispatcher:",
        Write(
            f"{PKG}/di/DispatchersModule.kt",
            "@Qualifier\n@Retention(AnnotationRetention.BINARY)\nannotation class IoDispatcher\n\n@Module\n"
            "@InstallIn(SingletonComponent::class)\nobject DispatchersModule {\n    @Provides\n    @IoDispatcher\n"
            "    fun io(): CoroutineDispatcher = Dispatchers.IO\n}\n",
        ),
        Read(f"{PKG}/sync/BookingSyncViewModel.kt", VIEWMODEL, offset=18, total=40),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/sync/BookingSyncViewModel.kt",
            "    private val repository: BookingRepository,\n) : ViewModel() {",
            "    private val repository: BookingRepository,\n    @IoDispatcher private val io: CoroutineDispatcher,\n"
            ") : ViewModel() {",
        ),
    )
    s.act(
        None,
        Edit(f"{PKG}/sync/BookingSyncViewModel.kt", "withContext(Dispatchers.IO)", "withContext(io)"),
    )
    s.act(
        None,
        Write(
            f"{TEST}/testing/MainDispatcherRule.kt",
            "class MainDispatcherRule(\n    val dispatcher: TestDispatcher = StandardTestDispatcher(),\n) : "
            "TestWatcher() {\n    override fun starting(description: Description) = Dispatchers.setMain(dispatcher)\n"
            "    override fun finished(description: Description) = Dispatchers.resetMain()\n}\n",
        ),
        Read(f"{TEST}/sync/SyncViewModelTest.kt", SYNC_TEST, offset=12, total=30),
    )
    s.act(
        None,
        Edit(
            f"{TEST}/sync/SyncViewModelTest.kt",
            "        Dispatchers.setMain(StandardTestDispatcher(testScheduler))\n"
            "        val vm = BookingSyncViewModel(repository)",
            "        val vm = BookingSyncViewModel(repository, StandardTestDispatcher(testScheduler))",
        ),
    )
    s.act(
        None,
        Edit(
            f"{TEST}/sync/SyncViewModelTest.kt",
            "class SyncViewModelTest {\n",
            "class SyncViewModelTest {\n    @get:Rule val mainRule = MainDispatcherRule()\n\n",
        ),
    )
    bg = Bash(
        "for i in $(seq 1 20); do ./gradlew :app:testDebugUnitTest --tests '*SyncViewModelTest*' --rerun-tasks -q "
        '|| exit 1; echo "run $i ok"; done',
        desc="Run the sync test 20 times",
        bg=True,
    )
    s.act("Running the test 20 times in the background while I check the plot repository:", bg)
    plot_repo = (
        "class DefaultPlotRepository @Inject constructor(\n    private val api: HuertaApi,\n) : PlotRepository {\n"
        "    override suspend fun plots() = withContext(Dispatchers.IO) {"
    )
    s.act(None, Read(f"{PKG}/data/DefaultPlotRepository.kt", plot_repo, offset=16, limit=4, total=33))
    s.act(
        None,
        Edit(
            f"{PKG}/data/DefaultPlotRepository.kt",
            plot_repo,
            plot_repo.replace(
                "    private val api: HuertaApi,\n",
                "    private val api: HuertaApi,\n    @IoDispatcher private val io: CoroutineDispatcher,\n",
            ).replace("withContext(Dispatchers.IO)", "withContext(io)"),
        ),
    )
    s.bash_done(bg.bg_task, after=160)
    out_file = f"/tmp/claude-1000/{APP.replace('/', '-')}/{s.id}/tasks/{bg.bg_task}.output"
    s.act(None, Read(out_file, "\n".join(f"run {i} ok" for i in range(1, 21))))
    s.say(
        "20 of 20 green. The ViewModel now gets the dispatcher through `@IoDispatcher`, and the test passes a "
        "`StandardTestDispatcher(testScheduler)`, so `advanceUntilIdle()` really waits for the fetch."
    )
    s.user(
        "Lovely. lesson learned: never hardcode Dispatchers.IO in a ViewModel, inject it so tests can swap it. "
        "Commit please, and the plot repository change can go in the same commit.",
        lessons=["lesson learned: never hardcode Dispatchers.IO in a ViewModel, inject it so tests can swap it"],
    )
    s.act(
        None,
        Bash(
            './gradlew :app:testDebugUnitTest :app:detekt -q && git add app/src && git commit -m "Inject the IO '
            'dispatcher (@IoDispatcher); deterministic SyncViewModelTest"',
            git_commit(
                "fix/sync-dispatcher",
                "3be0f95",
                "Inject the IO dispatcher (@IoDispatcher); deterministic SyncViewModelTest",
                5,
                41,
                6,
            ),
            desc="Tests, detekt, commit",
            secs=70,
        ),
    )
    s.say("Committed 3be0f95.")
    s.hit(FLAKY, fixed=True)
    s.outcome("success", "dispatcher injected, test uses the test scheduler, 20/20 green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
MIGRATION_TEST = """    @Test
    fun migrate4To5() {
        helper.createDatabase(TEST_DB, 4).use { db ->
            db.execSQL("INSERT INTO bookings (id, plotId, date, slot) VALUES ('b1', 'p7', '2026-09-01', 'AM')")
        }
        helper.runMigrationsAndValidate(TEST_DB, 5, true, MIGRATION_4_5)
    }"""


def a11_fix_migration() -> Session:
    s = app("a11-fix-migration", "2026-09-21T07:40:03", "2.1.172", "fix/migration-4-5", "calm-poplar-stork")
    s.user(
        "Let's fix the 4→5 migration for good before beta4. I read the Room docs over the weekend and I think the "
        "entity and the migration disagree about the default value of reminderMinutes. 1.5.0 isn't out of beta, so "
        "changing schema 5 is fine.",
        after=0,
    )
    s.act(None, Read(f"{PKG}/data/BookingEntity.kt", ENTITY, total=12))
    s.act(
        "Yes: the migration creates the column with `DEFAULT 0`, the entity declares none. Declaring the default "
        "on the entity makes the two agree:",
        Edit(
            f"{PKG}/data/BookingEntity.kt",
            "    val reminderMinutes: Int = 0,",
            '    @ColumnInfo(defaultValue = "0") val reminderMinutes: Int = 0,',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:kaptDebugKotlin && git diff --stat app/schemas",
            gradle_ok([":app:kaptGenerateStubsDebugKotlin", ":app:kaptDebugKotlin"], secs=33)
            + "\n app/schemas/coop.huerta.app.data.AppDatabase/5.json | 5 +++--\n 1 file changed, 3 insertions(+), "
            "2 deletions(-)",
            desc="Regenerate the Room schema",
            secs=36,
        ),
    )
    s.act(
        None,
        Read("app/src/androidTest/java/coop/huerta/app/data/MigrationTest.kt", MIGRATION_TEST, offset=20, total=34),
    )
    s.act(
        None,
        Bash(
            MIGRATION_TEST_CMD,
            connected([("coop.huerta.app.data.MigrationTest > migrate4To5", "PASSED")], secs=61),
            desc="Run the migration test",
            secs=64,
        ),
    )
    s.act(
        "`runMigrationsAndValidate` passes with the row kept. Now the real upgrade path from 1.4.2:",
        Bash(
            "adb install -r ~/apks/huerta-1.4.2.apk && adb shell am start -n coop.huerta.app/.MainActivity && sleep 3 "
            "&& ./gradlew -q :app:installDebug && adb logcat -c && adb shell am start -n coop.huerta.app/.MainActivity "
            "&& sleep 4 && adb logcat -d -s AndroidRuntime | grep -c FATAL",
            "Performing Streamed Install\nSuccess\nStarting: Intent { cmp=coop.huerta.app/.MainActivity }\n"
            "Starting: Intent { cmp=coop.huerta.app/.MainActivity }\n0",
            desc="Upgrade from 1.4.2 on the emulator",
            secs=80,
        ),
    )
    s.say("No crash after upgrading from 1.4.2, and the booking created in 1.4.2 is still listed.")
    s.user(
        "Genial. Lo que aprendí: Room compara el esquema exacto, incluido el valor por defecto, así que la migración "
        "tiene que coincidir con la entidad. Haz el commit y abre el PR; los PR siempre con una sección de cómo "
        "probarlo, que luego nadie sabe reproducir nada.",
        lessons=[
            "Lo que aprendí: Room compara el esquema exacto, incluido el valor por defecto, así que la migración "
            "tiene que coincidir con la entidad."
        ],
        rules=[("pr-howto", "los PR siempre con una sección de cómo probarlo")],
    )
    s.act(
        None,
        Bash(
            'git add app/src app/schemas && git commit -m "Room 4→5: declare the reminderMinutes default on the '
            'entity" && git push -u origin fix/migration-4-5 && gh pr create --title "Fix 4→5 migration crash" '
            '--body "$(cat <<\'EOF\'\n## Qué cambia\nBookingEntity declara @ColumnInfo(defaultValue = \\"0\\"), igual '
            "que MIGRATION_4_5; esquema 5.json regenerado.\n\n## Cómo probarlo\n1. Instala 1.4.2 y crea una reserva.\n"
            '2. Instala esta rama encima.\n3. La app abre y la reserva sigue ahí.\nEOF\n)"',
            git_commit(
                "fix/migration-4-5", "8c2d6aa", "Room 4→5: declare the reminderMinutes default on the entity", 2, 4, 3
            )
            + "\n"
            + git_push(REPO, "fix/migration-4-5")
            + f"\nhttps://github.com/{REPO}/pull/58",
            desc="Commit, push, open the PR",
            secs=12,
        ),
    )
    s.say(f"PR #58 is open with a “Cómo probarlo” section: https://github.com/{REPO}/pull/58")
    s.hit(ROOM, fixed=True)
    s.outcome("success", "default declared on the entity, migration test and real upgrade pass, PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_ksp_modules(a: Session) -> None:
    kapt_gradle = 'plugins {\n    id("huerta.android.library")\n    id("kotlin-kapt")\n}\n\ndependencies {\n    kapt(libs.room.compiler)\n    kapt(libs.hilt.compiler)\n}'
    for mod in ("core/data", "feature/plots"):
        a.act(None, Read(f"{mod}/build.gradle.kts", kapt_gradle, total=22))
        a.act(
            None,
            Edit(
                f"{mod}/build.gradle.kts",
                kapt_gradle,
                kapt_gradle.replace('id("kotlin-kapt")', "alias(libs.plugins.ksp)").replace("kapt(", "ksp("),
            ),
        )
    a.act(
        None,
        Bash(
            "./gradlew :core:data:assemble :feature:plots:assemble",
            gradle_ok(
                [
                    ":core:data:kspDebugKotlin",
                    ":core:data:assemble",
                    ":feature:plots:kspDebugKotlin",
                    ":feature:plots:assemble",
                ],
                secs=74,
            ),
            desc="Build the two modules",
            secs=80,
        ),
    )
    a.say("Migrated :core:data and :feature:plots to KSP (plugin + ksp(...) for Room and Hilt compilers). Both build.")


def a12_ksp() -> Session:
    s = app("a12-ksp", "2026-09-22T07:20:14", "2.1.172", "chore/ksp", "calm-poplar-stork")
    s.user(
        "¡Buenos días! Lo hemos hablado en el equipo y el problema de KSP con los builds incrementales ya está "
        "resuelto con Kotlin 2.1. Así que a partir de ahora todo con KSP, kapt ya no. ¿Puedes migrar Room y Hilt en "
        "los tres módulos (:app, :core:data y :feature:plots)? Ah, y decidimos quedarnos en minSdk 26, así que no "
        "hace falta activar el desugaring de java.time.",
        after=0,
        rules=[("ksp", "a partir de ahora todo con KSP, kapt ya no", "kapt")],
        decisions=["decidimos quedarnos en minSdk 26"],
    )
    s.title("Migrate kapt to KSP")
    s.act(
        None,
        Read(
            "gradle/libs.versions.toml",
            '[versions]\nkotlin = "2.1.0"\nroom = "2.6.1"\nhilt = "2.52"\n\n[plugins]\nhilt = { id = '
            '"com.google.dagger.hilt.android", version.ref = "hilt" }',
            total=44,
        ),
    )
    s.act(
        None,
        Edit(
            "gradle/libs.versions.toml",
            'hilt = "2.52"\n\n[plugins]',
            'hilt = "2.52"\nksp = "2.1.0-1.0.29"\n\n[plugins]\nksp = { id = "com.google.devtools.ksp", '
            'version.ref = "ksp" }',
        ),
    )
    prompt = (
        "Migrate :core:data and :feature:plots from kapt to KSP: in each module's build.gradle.kts replace the "
        "kotlin-kapt plugin with alias(libs.plugins.ksp) and every kapt(...) dependency with ksp(...). The ksp "
        "plugin is already in gradle/libs.versions.toml. Only touch those two build files, then run ./gradlew "
        ":core:data:assemble :feature:plots:assemble and report."
    )
    s.act(
        "Delegating the two library modules while I do :app:",
        Agent("Migrate modules to KSP", prompt, "general-purpose", _sa_ksp_modules),
        Read(
            "app/build.gradle.kts",
            'plugins {\n    id("huerta.android.application")\n    id("kotlin-kapt")\n    alias(libs.plugins.hilt)\n}'
            '\n\nkapt {\n    arguments { arg("room.schemaLocation", "$projectDir/schemas") }\n}',
            total=71,
        ),
    )
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            '    id("kotlin-kapt")\n',
            "    alias(libs.plugins.ksp)\n",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation is "
        "summarized below:\nAnalysis:\nThe user asked to migrate the Android app from kapt to KSP for Room and "
        "Hilt in three modules.\n\nSummary:\n1. Primary Request and Intent:\n   Replace kapt with KSP in :app, "
        ":core:data and :feature:plots (Room and Hilt compilers); minSdk stays 26, no java.time desugaring.\n\n"
        "2. Key Technical Concepts:\n   - KSP plugin 2.1.0-1.0.29 in the version catalog\n   - Team convention: "
        "all feature modules depend only on :core:domain, never on :core:data.\n   - Room schema export location "
        "must be passed to the annotation processor\n\n3. Files and Code Sections:\n   - gradle/libs.versions.toml: "
        "ksp version + plugin alias\n   - core/data/build.gradle.kts, feature/plots/build.gradle.kts: migrated by "
        "a subagent, both build\n   - app/build.gradle.kts: kotlin-kapt replaced by the ksp plugin; the kapt { } "
        "block for room.schemaLocation still present\n\n4. Errors and fixes:\n   - none yet\n\n5. Pending Tasks:\n"
        "   - replace kapt(...) dependencies and the kapt { } block in :app, build everything, run unit tests\n\n"
        "6. Current Work:\n   Finishing :app.\n\n7. Optional Next Step:\n   Build the whole project.",
        pre_tokens=161_220,
        post_tokens=13_904,
    )
    s.not_person(
        "Team convention: all feature modules depend only on :core:domain, never on :core:data.", "compaction_summary"
    )
    s.act(
        "Continuing with :app's processor dependencies and the schema argument.",
        Read(
            "app/build.gradle.kts",
            'kapt {\n    arguments { arg("room.schemaLocation", "$projectDir/schemas") }\n}\n\ndependencies {\n'
            "    kapt(libs.room.compiler)\n    kapt(libs.hilt.compiler)",
            offset=8,
            limit=7,
            total=71,
        ),
    )
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            'kapt {\n    arguments { arg("room.schemaLocation", "$projectDir/schemas") }\n}\n\ndependencies {\n'
            "    kapt(libs.room.compiler)\n    kapt(libs.hilt.compiler)",
            'ksp {\n    arg("room.schemaLocation", "$projectDir/schemas")\n}\n\ndependencies {\n'
            "    ksp(libs.room.compiler)\n    ksp(libs.hilt.compiler)",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew assembleDebug testDebugUnitTest",
            gradle_ok(
                [":app:kspDebugKotlin", ":app:assembleDebug", ":app:testDebugUnitTest", ":core:data:testDebugUnitTest"],
                secs=188,
                executed=96,
            ),
            desc="Build everything and run unit tests",
            secs=195,
        ),
    )
    s.act(None, Bash("grep -rn 'kapt' --include='*.kts' . | wc -l", "0", desc="Any kapt left?"))
    s.say("All three modules use KSP now; the build and the unit tests pass, and no `kapt` is left in the build files.")
    s.user(
        "Perfecto. Una pregunta: ¿por qué Gradle siempre tarda tanto en la primera sync después de cambiar plugins?",
        non_rules=["¿por qué Gradle siempre tarda tanto en la primera sync después de cambiar plugins?"],
    )
    s.say(
        "Porque un cambio de plugins invalida la caché de configuración y la del classpath del build: Gradle tiene "
        "que resolver y descargar los plugins nuevos y volver a configurar todos los módulos. Las siguientes syncs "
        "reutilizan la caché."
    )
    s.act(
        None,
        Bash(
            'git add -A gradle app core feature && git commit -m "Migrate Room and Hilt from kapt to KSP"',
            git_commit("chore/ksp", "a90e3f1", "Migrate Room and Hilt from kapt to KSP", 4, 19, 17),
            desc="Commit",
        ),
    )
    s.say("Committed a90e3f1.")
    s.outcome("success", "kapt replaced by KSP in all three modules, build and tests green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a13_events_question() -> Session:
    s = app("a13-events-question", "2026-09-23T08:00:40", "2.1.172", "main", "calm-poplar-stork")
    s.user(
        "Quick question, no code yet: what's the cleanest way to send one-shot events like a snackbar from a "
        "ViewModel to a Compose screen, a Channel or a SharedFlow? If the answer needs a helper class, constructor "
        "injection, as usual.",
        after=0,
        rules=[("ctor-injection", "constructor injection, as usual")],
    )
    s.act(
        None,
        Bash("grep -rn 'Channel<\\|MutableSharedFlow' app/src/main", "", code=1, desc="Existing event plumbing?"),
    )
    s.act(
        None,
        Bash(
            "grep -rln 'collectAsStateWithLifecycle' app/src/main | wc -l",
            "7",
            desc="How screens collect state today",
        ),
    )
    s.act(None, Grep("SnackbarHostState", [f"{PKG}/ui/HuertaScaffold.kt"], path="app/src/main"))
    s.act(
        None,
        Read(
            f"{PKG}/ui/HuertaScaffold.kt",
            "@Composable\nfun HuertaScaffold(\n    snackbarHostState: SnackbarHostState = remember { SnackbarHostState() },\n"
            "    content: @Composable (PaddingValues) -> Unit,\n) {\n    Scaffold(snackbarHost = { SnackbarHost("
            "snackbarHostState) }, content = content)\n}",
            total=21,
        ),
    )
    s.say(
        "Nothing in the app sends events yet (the grep finds no Channel or SharedFlow). For one-shot UI events I'd "
        "use a `Channel<UiEvent>(Channel.BUFFERED)` exposed with `receiveAsFlow()`, collected in the screen with "
        "`LaunchedEffect` + `repeatOnLifecycle`: each event is delivered once, to one collector, and events sent "
        "while no one collects are buffered. A `SharedFlow` with replay 0 drops events when nobody is collecting, "
        "e.g. during a configuration change."
    )
    s.turn_done()
    s.user("And with the Channel, what happens if the screen is in the background when the event is sent?")
    s.say(
        "It stays in the channel's buffer until the screen is STARTED again and collection resumes, then it is "
        "shown. If you would rather drop stale snackbars, use `Channel.CONFLATED` or attach a timestamp and skip "
        "old ones."
    )
    s.turn_done()
    s.outcome("unknown", "a question answered (with a failing grep as a probe); no task, no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
def a14_release_150() -> Session:
    s = app("a14-release-150", "2026-09-24T07:50:22", "2.1.172", "release/1.5.0", "sturdy-elm-robin")
    s.user(
        "Let's cut 1.5.0: versionCode 27, versionName 1.5.0, check that the Crashlytics mapping upload runs for the "
        "release bundle, build it, tag v1.5.0 and push the tag. Then run detekt so I can see where we are.",
        after=0,
    )
    s.title("Release 1.5.0")
    s.act(
        None,
        Bash(
            "git log --oneline v1.4.2..HEAD | wc -l && git status --short | wc -l",
            "47\n0",
            desc="Commits since 1.4.2, clean tree?",
        ),
    )
    s.act(None, Read("app/build.gradle.kts", GRADLE_APP, offset=9, total=71))
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            '        versionCode = 26\n        versionName = "1.5.0-beta3"',
            '        versionCode = 27\n        versionName = "1.5.0"',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:bundleRelease",
            gradle_ok(
                [":app:minifyReleaseWithR8", ":app:uploadCrashlyticsMappingFileRelease", ":app:bundleRelease"],
                secs=141,
                executed=58,
            ),
            desc="Build the release bundle",
            secs=150,
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -am "Release 1.5.0" && git tag v1.5.0 && git push origin release/1.5.0 v1.5.0',
            git_commit("release/1.5.0", "f13a8d2", "Release 1.5.0", 1, 2, 2)
            + "\nTo github.com:huerta-coop/huerta-android.git\n   c41d0b2..f13a8d2  release/1.5.0 -> release/1.5.0\n"
            " * [new tag]         v1.5.0 -> v1.5.0",
            desc="Commit, tag, push",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew detekt",
            "> Task :app:detekt FAILED\ncomplexity - 20min debt\n\tLongMethod - 74/60 - [migrateLegacy] at "
            f"{APP}/app/src/main/java/coop/huerta/app/prefs/LegacyPrefs.kt:41:5\n\nOverall debt: 20min\n\n"
            "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:detekt'.\n"
            "> Analysis failed with 1 weighted issues.\n\nBUILD FAILED in 19s",
            code=1,
            desc="detekt",
            secs=22,
        ),
    )
    s.say(
        "Bundle built (mapping uploaded to Crashlytics), v1.5.0 tagged and pushed. detekt fails on one issue: "
        "`LongMethod` in `LegacyPrefs.migrateLegacy`, which this release doesn't touch."
    )
    s.user("Ese ya estaba, LegacyPrefs desaparece en la 1.6. Déjalo así. ¡Gracias!")
    s.outcome("success", "release built, tagged and pushed; the last detekt failure is old and accepted as is")
    return s


# ------------------------------------------------------------------------------------------------------------------
SETTINGS = """class SettingsRepository @Inject constructor(private val store: DataStore<Preferences>) {
    val darkTheme: Flow<Boolean> = store.data.map { it[DARK_THEME] ?: false }

    suspend fun setDarkTheme(on: Boolean) = store.edit { it[DARK_THEME] = on }
}"""


def a15_reminder_toggle() -> Session:
    s = app("a15-reminder-toggle", "2026-09-25T08:10:37", "2.1.172", "feat/reminder-toggle", "sturdy-elm-robin")
    s.user(
        "Una cosita rápida: en la pantalla de ajustes quiero un interruptor para desactivar los recordatorios de "
        "las reservas. Guárdalo en DataStore, que ya lo usamos para el tema oscuro, y que el worker de "
        "recordatorios lo respete.",
        after=0,
    )
    s.act(None, Read(f"{PKG}/settings/SettingsRepository.kt", SETTINGS, offset=9, total=22))
    s.act(
        None,
        Edit(
            f"{PKG}/settings/SettingsRepository.kt",
            "    suspend fun setDarkTheme(on: Boolean) = store.edit { it[DARK_THEME] = on }",
            "    suspend fun setDarkTheme(on: Boolean) = store.edit { it[DARK_THEME] = on }\n\n"
            "    val remindersEnabled: Flow<Boolean> = store.data.map { it[REMINDERS] ?: true }\n\n"
            "    suspend fun setRemindersEnabled(on: Boolean) = store.edit { it[REMINDERS] = on }",
        ),
    )
    s.act(
        "Como regla general, nunca expongas MutableStateFlow fuera del ViewModel; en SettingsViewModel expongo "
        "`remindersEnabled` con `stateIn` y el interruptor llama a `setRemindersEnabled`.",
        Grep("class ReminderWorker", [f"{PKG}/reminders/ReminderWorker.kt"], path="app/src/main"),
    )
    s.not_person("Como regla general, nunca expongas MutableStateFlow fuera del ViewModel", "assistant_text")
    s.act(
        None,
        Read(
            f"{PKG}/reminders/ReminderWorker.kt",
            "    override suspend fun doWork(): Result {\n        val due = bookings.dueWithin(reminderWindow())",
            offset=24,
            limit=2,
            total=51,
        ),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/reminders/ReminderWorker.kt",
            "    override suspend fun doWork(): Result {\n",
            "    override suspend fun doWork(): Result {\n        if (!settings.remindersEnabled.first()) return "
            "Result.success()\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:testDebugUnitTest",
            gradle_tests(
                [
                    ("SettingsRepositoryTest", "reminders are enabled by default", "PASSED"),
                    ("SettingsRepositoryTest", "disabling reminders is persisted", "PASSED"),
                    ("ReminderWorkerTest", "does nothing when reminders are disabled", "PASSED"),
                    ("SyncViewModelTest", "pull to refresh shows bookings", "PASSED"),
                ],
                secs=41,
            ),
            desc="Unit tests",
            secs=45,
        ),
    )
    s.say(
        "El interruptor guarda `remindersEnabled` en DataStore y el worker no hace nada si está desactivado. Tests en verde."
    )
    s.user("Perfecto, gracias. Súbelo a una rama y ya abro yo el PR.")
    s.act(
        None,
        Bash(
            'git add app/src && git commit -m "Settings: toggle for booking reminders" && git push -u origin '
            "feat/reminder-toggle",
            git_commit("feat/reminder-toggle", "2b6f0c4", "Settings: toggle for booking reminders", 4, 58, 1)
            + "\n"
            + git_push(REPO, "feat/reminder-toggle"),
            desc="Commit and push",
            secs=5,
        ),
    )
    s.say("Subido a `feat/reminder-toggle`.")
    s.outcome("success", "toggle implemented, tests green, branch pushed as asked")
    return s


SESSIONS = [
    a01_booking_list,
    a02_crashlytics_migration,
    a03_release_serializer,
    a04_ci_refresh,
    a05_migration_test,
    a06_plot_detail,
    a07_sync_test_es,
    a08_upgrade_crash,
    a09_calendar_espresso,
    a10_fix_flaky,
    a11_fix_migration,
    a12_ksp,
    a13_events_question,
    a14_release_150,
    a15_reminder_toggle,
]

"""Aigerim's `saqtau` sessions (a01-a14): a Kotlin Android app for family medication reminders (Jetpack Compose,
Room, Hilt, Gradle Kotlin DSL with a version catalog, Firebase Crashlytics, instrumented tests on the
Pixel_7_API_34 emulator). Claude Code runs natively on Windows 11 (PowerShell, Git Bash for its Bash tool), next to
Android Studio. Times are UTC; Almaty is UTC+5."""

from __future__ import annotations

from fake_output import APP, connected, git_commit, gradle
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "saqtau"

DB = "app/src/main/java/kz/saqtau/data/db"
UI = "app/src/main/java/kz/saqtau/ui"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project=PROJECT)


ENTITY = """package kz.saqtau.data.db

import androidx.room.ColumnInfo
import androidx.room.Entity
import androidx.room.PrimaryKey

@Entity(tableName = "reminders")
data class ReminderEntity(
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val title: String,
    @ColumnInfo(name = "time_of_day") val timeOfDay: String,
    @ColumnInfo(name = "days_mask") val daysMask: Int = 0b1111111,
    val enabled: Boolean = true,
)
"""

COLOR_LINE = '    @ColumnInfo(name = "color_hex", defaultValue = "\'#2E7D32\'") val colorHex: String = "#2E7D32",\n'
ENTITY_V4 = ENTITY.replace("    val enabled: Boolean = true,\n", "    val enabled: Boolean = true,\n" + COLOR_LINE)

DAO = """package kz.saqtau.data.db

import androidx.room.Dao
import androidx.room.Query
import androidx.room.Upsert
import kotlinx.coroutines.flow.Flow

@Dao
interface ReminderDao {
    @Query("SELECT * FROM reminders ORDER BY time_of_day")
    fun observeAll(): Flow<List<ReminderEntity>>

    @Query("SELECT * FROM reminders WHERE id = :id")
    suspend fun get(id: Long): ReminderEntity?

    @Upsert
    suspend fun upsert(reminder: ReminderEntity): Long
}
"""


def database(version: int) -> str:
    return f"""package kz.saqtau.data.db

import androidx.room.Database
import androidx.room.RoomDatabase

@Database(
    entities = [ReminderEntity::class, DoseEntity::class],
    version = {version},
)
abstract class SaqtauDatabase : RoomDatabase() {{
    abstract fun reminderDao(): ReminderDao
    abstract fun doseDao(): DoseDao
}}
"""


DB_MODULE = """package kz.saqtau.di

import android.content.Context
import androidx.room.Room
import dagger.Module
import dagger.Provides
import dagger.hilt.InstallIn
import dagger.hilt.android.qualifiers.ApplicationContext
import dagger.hilt.components.SingletonComponent
import javax.inject.Singleton
import kz.saqtau.data.db.DoseDao
import kz.saqtau.data.db.ReminderDao
import kz.saqtau.data.db.SaqtauDatabase

@Module
@InstallIn(SingletonComponent::class)
object DatabaseModule {
    @Provides
    @Singleton
    fun database(@ApplicationContext context: Context): SaqtauDatabase =
        Room.databaseBuilder(context, SaqtauDatabase::class.java, "saqtau.db")
            .build()

    @Provides
    fun reminderDao(db: SaqtauDatabase): ReminderDao = db.reminderDao()

    @Provides
    fun doseDao(db: SaqtauDatabase): DoseDao = db.doseDao()
}
"""

LIST_VM = """package kz.saqtau.ui.list

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import dagger.hilt.android.lifecycle.HiltViewModel
import javax.inject.Inject
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn
import kz.saqtau.data.db.ReminderDao
import kz.saqtau.data.db.ReminderEntity

data class ReminderListUiState(
    val reminders: List<ReminderEntity> = emptyList(),
    val loading: Boolean = true,
)

@HiltViewModel
class ReminderListViewModel @Inject constructor(dao: ReminderDao) : ViewModel() {
    val state: StateFlow<ReminderListUiState> = dao.observeAll()
        .map { ReminderListUiState(reminders = it, loading = false) }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), ReminderListUiState())
}
"""

LIST_SCREEN = """package kz.saqtau.ui.list

import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.ListItem
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import kz.saqtau.data.db.ReminderEntity

@Composable
fun ReminderListScreen(viewModel: ReminderListViewModel = hiltViewModel()) {
    val state by viewModel.state.collectAsStateWithLifecycle()
    if (!state.loading && state.reminders.isEmpty()) {
        Text("No reminders yet", modifier = Modifier.padding(24.dp))
        return
    }
    LazyColumn {
        items(state.reminders, key = { it.title }) { reminder ->
            ReminderRow(reminder)
        }
    }
}

@Composable
private fun ReminderRow(reminder: ReminderEntity) {
    ListItem(
        headlineContent = { Text(reminder.title) },
        supportingContent = { Text(reminder.timeOfDay) },
    )
}
"""

STRINGS = """<resources>
    <!-- Translators: never translate the app name "Saqtau". -->
    <string name="app_name" translatable="false">Saqtau</string>
    <string name="reminders_title">Reminders</string>
    <string name="reminder_add">Add reminder</string>
</resources>"""

BUILD_GRADLE = """plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
    alias(libs.plugins.ksp)
    alias(libs.plugins.hilt)
    alias(libs.plugins.google.services)
    alias(libs.plugins.firebase.crashlytics)
}

android {
    namespace = "kz.saqtau"
    compileSdk = 35

    defaultConfig {
        applicationId = "kz.saqtau"
        minSdk = 26
        targetSdk = 35
        versionCode = 14
        versionName = "1.4.0"
        testInstrumentationRunner = "kz.saqtau.HiltTestRunner"
    }
"""

CATALOG = """[versions]
agp = "8.7.3"
kotlin = "2.0.21"
ksp = "2.0.21-1.0.28"
hilt = "2.52"
room = "2.6.1"
composeBom = "2024.12.01"
lifecycle = "2.8.7"
turbine = "1.2.0"
"""

CATALOG_PLUGINS = """[plugins]
android-application = { id = "com.android.application", version.ref = "agp" }
kotlin-android = { id = "org.jetbrains.kotlin.android", version.ref = "kotlin" }
kotlin-compose = { id = "org.jetbrains.kotlin.plugin.compose", version.ref = "kotlin" }
ksp = { id = "com.google.devtools.ksp", version.ref = "ksp" }
hilt = { id = "com.google.dagger.hilt.android", version.ref = "hilt" }
"""

APP_KT = """package kz.saqtau

import android.app.Application
import dagger.hilt.android.HiltAndroidApp
import kz.saqtau.alarm.NotificationChannels

@HiltAndroidApp
class SaqtauApp : Application() {
    override fun onCreate() {
        super.onCreate()
        NotificationChannels.create(this)
    }
}
"""

APP_KT_RELEASE_ONLY = APP_KT.replace(
    "import dagger.hilt.android.HiltAndroidApp\n",
    "import com.google.firebase.crashlytics.FirebaseCrashlytics\nimport dagger.hilt.android.HiltAndroidApp\n",
).replace(
    "        super.onCreate()\n",
    "        super.onCreate()\n        FirebaseCrashlytics.getInstance().isCrashlyticsCollectionEnabled = !BuildConfig.DEBUG\n",
)

BUILD_GRADLE_141 = BUILD_GRADLE.replace("versionCode = 14", "versionCode = 15").replace('"1.4.0"', '"1.4.1"')
DB_MODULE_141 = DB_MODULE.replace(
    "import kz.saqtau.data.db.DoseDao\n", "import kz.saqtau.data.db.DoseDao\nimport kz.saqtau.data.db.MIGRATION_3_4\n"
).replace("            .build()", "            .addMigrations(MIGRATION_3_4)\n            .build()")

MIGRATIONS_V1 = """package kz.saqtau.data.db

import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

val MIGRATION_3_4 = object : Migration(3, 4) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("ALTER TABLE reminders ADD COLUMN color_hex TEXT")
    }
}
"""

KSP_WARNING = (
    "w: [ksp] C:/Users/Aigerim/AndroidStudioProjects/saqtau/app/src/main/java/kz/saqtau/data/db/SaqtauDatabase.kt:8: "
    "Schema export directory was not provided to the annotation processor so Room cannot export the schema. You "
    "can either provide `room.schemaLocation` annotation processor argument by applying the Room Gradle plugin (id "
    "'androidx.room') OR set exportSchema to false."
)

MISSING_SCHEMA = (
    "java.io.FileNotFoundException: Cannot find the schema file in the assets folder. Make sure to include the "
    "exported json schemas in your test assert inputs. See "
    "https://developer.android.com/training/data-storage/room/migrating-db-versions#export-schema for details. "
    "Missing file: kz.saqtau.data.db.SaqtauDatabase/3.json\n"
    "at androidx.room.testing.MigrationTestHelper.loadSchema(MigrationTestHelper.android.kt:385)\n"
    "at androidx.room.testing.MigrationTestHelper.createDatabase(MigrationTestHelper.android.kt:151)"
)


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-reminder-list", "2027-09-06T05:10:22", "2.1.152", "feature/reminder-list", "reminder-list-steppe")
    s.user(
        "Good morning. Today: the reminders list screen in saqtau. We're going with Room for local storage, not "
        "DataStore with JSON, because reminders need queries by time of day. I'd rather have StateFlow in "
        "ViewModels and collectAsStateWithLifecycle in the UI, no LiveData in new code. As we agreed, branches are "
        "named feature/<short-name>; I already created feature/reminder-list.",
        decisions=["We're going with Room for local storage, not DataStore with JSON"],
        rules=[
            (
                "stateflow",
                "I'd rather have StateFlow in ViewModels and collectAsStateWithLifecycle in the UI, no LiveData in "
                "new code",
            ),
            ("branch-feature", "branches are named feature/<short-name>"),
        ],
    )
    s.title("Reminder list screen")
    s.act(None, Read(f"{DB}/ReminderEntity.kt", ENTITY), Read(f"{DB}/ReminderDao.kt", DAO))
    s.act(
        "The DAO already streams the reminders ordered by time. A ViewModel that turns the flow into a "
        "`StateFlow<ReminderListUiState>`, and the screen that collects it with `collectAsStateWithLifecycle`:",
        Write(f"{UI}/list/ReminderListViewModel.kt", LIST_VM),
        Write(f"{UI}/list/ReminderListScreen.kt", LIST_SCREEN),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:assembleDebug :app:testDebugUnitTest",
            gradle([":app:kspDebugKotlin", ":app:compileDebugKotlin", ":app:testDebugUnitTest"], secs=52),
            secs=58,
        ),
    )
    s.say(
        "`ReminderListScreen` shows the reminders by time of day, with an empty state. It builds and the unit "
        "tests pass."
    )
    s.user("Thanks, looks good. Go ahead and commit.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add reminder list screen"',
            git_commit("feature/reminder-list", "8c41e2a", "Add reminder list screen", 2, 71, 0),
        ),
    )
    s.say("Committed as `8c41e2a`.")
    s.outcome("success", "reminder list screen with a StateFlow ViewModel; builds, unit tests green, committed")
    return s


REPO_IMPL = """package kz.saqtau.data

import javax.inject.Inject
import kotlinx.coroutines.flow.Flow
import kz.saqtau.data.db.ReminderDao
import kz.saqtau.data.db.ReminderEntity

class OfflineReminderRepository @Inject constructor(
    private val dao: ReminderDao,
) : ReminderRepository {
    override fun observeAll(): Flow<List<ReminderEntity>> = dao.observeAll()
    override suspend fun get(id: Long): ReminderEntity? = dao.get(id)
    override suspend fun save(reminder: ReminderEntity): Long = dao.upsert(reminder)
}
"""

REPO_MODULE = """package kz.saqtau.di

import dagger.Binds
import dagger.Module
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent
import javax.inject.Singleton
import kz.saqtau.data.OfflineReminderRepository
import kz.saqtau.data.ReminderRepository

@Module
@InstallIn(SingletonComponent::class)
abstract class RepositoryModule {
    @Binds
    @Singleton
    abstract fun bindReminderRepository(impl: OfflineReminderRepository): ReminderRepository
}
"""


def a02() -> Session:
    s = new("a02-hilt-binding", "2027-09-07T05:25:48", "2.1.152", "feature/reminder-repo", "binds-missing-falcon")
    s.user(
        "Build is broken after I moved the DAO behind a ReminderRepository interface:\n\n```\n"
        "C:\\Users\\Aigerim\\AndroidStudioProjects\\saqtau\\app\\build\\generated\\hilt\\component_sources\\debug\\kz"
        "\\saqtau\\SaqtauApp_HiltComponents.java:142: error: [Dagger/MissingBinding] kz.saqtau.data.ReminderRepository "
        "cannot be provided without an @Provides-annotated method.\n"
        "  public abstract static class SingletonC implements SaqtauApp_GeneratedInjector,\n"
        "                         ^\n"
        "      kz.saqtau.data.ReminderRepository is injected at\n"
        "          [kz.saqtau.SaqtauApp_HiltComponents.ViewModelC] "
        "kz.saqtau.ui.list.ReminderListViewModel(repository)\n```"
    )
    s.act(
        None,
        Grep(
            "ReminderRepository",
            [
                "app/src/main/java/kz/saqtau/data/ReminderRepository.kt",
                "app/src/main/java/kz/saqtau/data/OfflineReminderRepository.kt",
                "app/src/main/java/kz/saqtau/ui/list/ReminderListViewModel.kt",
            ],
        ),
    )
    s.act(None, Read("app/src/main/java/kz/saqtau/data/OfflineReminderRepository.kt", REPO_IMPL))
    s.act(
        "`OfflineReminderRepository` has an `@Inject` constructor, but nothing tells Hilt that it is the "
        "implementation of the interface, so the `ViewModelC` component can't build `ReminderListViewModel`. A "
        "`@Binds` module fixes that:",
        Write("app/src/main/java/kz/saqtau/di/RepositoryModule.kt", REPO_MODULE),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:assembleDebug",
            gradle([":app:kspDebugKotlin", ":app:hiltJavaCompileDebug"], secs=41),
            secs=46,
        ),
    )
    s.say("Builds again: `RepositoryModule` binds `OfflineReminderRepository` as the `ReminderRepository` singleton.")
    s.user(
        "Керемет, жұмыс істеп тұр. Тағы бір нәрсе: бос тізімде «No reminders yet» деп hardcode жазылып тұр. UI "
        "мәтіндерінің бәрі strings.xml-де тұрады, values-kk пен values-ru екеуіне де аударма қосамыз. Соны түзетіп "
        "жібер.",
        rules=[
            (
                "strings-kk-ru",
                "UI мәтіндерінің бәрі strings.xml-де тұрады, values-kk пен values-ru екеуіне де аударма қосамыз",
            )
        ],
    )
    s.act(
        None,
        Read("app/src/main/res/values/strings.xml", STRINGS),
        Read(f"{UI}/list/ReminderListScreen.kt", LIST_SCREEN),
    )
    s.act(
        None,
        Edit(
            "app/src/main/res/values/strings.xml",
            '    <string name="reminder_add">Add reminder</string>\n',
            '    <string name="reminder_add">Add reminder</string>\n'
            '    <string name="reminders_empty">No reminders yet</string>\n',
        ),
        Edit(
            "app/src/main/res/values-kk/strings.xml",
            '    <string name="reminder_add">Ескертпе қосу</string>',
            '    <string name="reminder_add">Ескертпе қосу</string>\n'
            '    <string name="reminders_empty">Әзірге ескертпелер жоқ</string>',
        ),
        Edit(
            "app/src/main/res/values-ru/strings.xml",
            '    <string name="reminder_add">Добавить напоминание</string>',
            '    <string name="reminder_add">Добавить напоминание</string>\n'
            '    <string name="reminders_empty">Пока нет напоминаний</string>',
        ),
        Edit(
            f"{UI}/list/ReminderListScreen.kt",
            '        Text("No reminders yet", modifier = Modifier.padding(24.dp))',
            "        Text(stringResource(R.string.reminders_empty), modifier = Modifier.padding(24.dp))",
        ),
    )
    s.act(
        None,
        Edit(
            f"{UI}/list/ReminderListScreen.kt",
            "import androidx.compose.ui.Modifier\n",
            "import androidx.compose.ui.Modifier\nimport androidx.compose.ui.res.stringResource\n",
        ),
        Edit(
            f"{UI}/list/ReminderListScreen.kt",
            "import kz.saqtau.data.db.ReminderEntity\n",
            "import kz.saqtau.R\nimport kz.saqtau.data.db.ReminderEntity\n",
        ),
    )
    s.act(None, Bash("./gradlew :app:assembleDebug", gradle([":app:compileDebugKotlin"], secs=27), secs=31))
    s.say(
        "The empty state reads `R.string.reminders_empty`, with the default, Kazakh (Әзірге ескертпелер жоқ) and "
        "Russian (Пока нет напоминаний) strings. Builds."
    )
    s.user("Thanks, now it's right.")
    s.not_person('Translators: never translate the app name "Saqtau".', "tool_output")
    s.one_off(
        "Hilt fails with '[Dagger/MissingBinding] kz.saqtau.data.ReminderRepository cannot be provided without an "
        "@Provides-annotated method' after the DAO moved behind an interface; a @Binds RepositoryModule"
    )
    s.outcome("success", "missing Hilt binding added; empty-state text moved to strings in three languages")
    return s


ROW = """@Composable
private fun ReminderRow(reminder: ReminderEntity) {
    ListItem(
        headlineContent = { Text(reminder.title) },
"""


def a03() -> Session:
    s = new("a03-reminder-color", "2027-09-08T05:20:13", "2.1.153", "feature/reminder-color", "color-dot-saiga")
    s.user(
        "Reminder-ге түс қосқым келеді: ReminderEntity-ге color_hex бағанын қос, тізімде атаудың алдында кішкентай "
        "дөңгелек шықсын. Жасап болған соң эмуляторда іске қосып көр."
    )
    s.act(None, Read(f"{DB}/ReminderEntity.kt", ENTITY))
    s.act(
        "Adding the column with a default, and a colored dot in the row:",
        Edit(
            f"{DB}/ReminderEntity.kt",
            "    val enabled: Boolean = true,\n",
            "    val enabled: Boolean = true,\n" + COLOR_LINE,
        ),
        Edit(
            f"{UI}/list/ReminderListScreen.kt",
            "        headlineContent = { Text(reminder.title) },",
            "        leadingContent = {\n            Box(\n                Modifier.size(12.dp).clip(CircleShape)"
            ".background(Color(android.graphics.Color.parseColor(reminder.colorHex))),\n            )\n        },\n"
            "        headlineContent = { Text(reminder.title) },",
        ),
    )
    crash = (
        "--------- beginning of crash\n"
        "09-08 10:24:51.662  9120  9120 E AndroidRuntime: FATAL EXCEPTION: main\n"
        "09-08 10:24:51.662  9120  9120 E AndroidRuntime: Process: kz.saqtau, PID: 9120\n"
        "09-08 10:24:51.662  9120  9120 E AndroidRuntime: java.lang.IllegalStateException: Room cannot verify the "
        "data integrity. Looks like you've changed schema but forgot to update the version number. You can simply "
        "fix this by increasing the version number. Expected identity hash: 3f6a1c0e9b7d2e45a8c1f0b6d4e2a917, "
        "found: 8d02b7e4c1a9f3560e7b2c4d9a1f6e38\n"
        "09-08 10:24:51.662  9120  9120 E AndroidRuntime: \tat androidx.room.RoomOpenHelper.checkIdentity"
        "(RoomOpenHelper.android.kt:146)\n"
        "09-08 10:24:51.662  9120  9120 E AndroidRuntime: \tat androidx.room.RoomOpenHelper.onOpen"
        "(RoomOpenHelper.android.kt:127)"
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:installDebug && adb -s emulator-5554 shell am start -n kz.saqtau/.MainActivity && "
            "sleep 4 && adb -s emulator-5554 logcat -d -b crash",
            gradle([":app:kspDebugKotlin", ":app:compileDebugKotlin", ":app:installDebug"], secs=44)
            + "\nInstalling APK 'app-debug.apk' on 'Pixel_7_API_34(AVD) - 14' for :app:debug\nInstalled on 1 device."
            + "\nStarting: Intent { cmp=kz.saqtau/.MainActivity }\n"
            + crash,
            secs=61,
        ),
    )
    s.act(
        "The app crashes at start: the emulator has the version 3 database from before, and Room now computes a "
        "different schema hash for the same version 3. While the feature is in development, the quickest way is to "
        "let Room drop and recreate the database when the schema changes:",
        Denied(
            Edit(
                "app/src/main/java/kz/saqtau/di/DatabaseModule.kt",
                '        Room.databaseBuilder(context, SaqtauDatabase::class.java, "saqtau.db")\n            .build()',
                '        Room.databaseBuilder(context, SaqtauDatabase::class.java, "saqtau.db")\n'
                "            .fallbackToDestructiveMigration()\n            .build()",
            ),
            "жоқ, бұл анамның дәрі кестесін өшіріп жібереді",
        ),
    )
    s.user(
        "Version-ды қалай көтеретінімізді өзім ойланып көрейін. Әзірге color_hex өзгерісін stash-қа салып қой, "
        "бүгін басқа жұмыс көп.",
        non_rules=["Әзірге color_hex өзгерісін stash-қа салып қой"],
    )
    s.act(
        None,
        Bash(
            'git stash push -m "reminder color_hex"',
            "Saved working directory and index state On feature/reminder-color: reminder color_hex",
        ),
    )
    s.say(
        "Stashed as `reminder color_hex`; `DatabaseModule` is unchanged. The emulator still has the crashing "
        "build installed, so reinstall from `main` before using it."
    )
    s.outcome("failed", "a new Room column crashes the app (schema changed under the same version); stashed")
    s.hit("room-schema-untracked")
    return s


EDIT_VM = """package kz.saqtau.ui.edit

import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import dagger.hilt.android.lifecycle.HiltViewModel
import javax.inject.Inject
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kz.saqtau.data.ReminderRepository
import kz.saqtau.data.db.ReminderEntity

data class EditReminderUiState(
    val title: String = "",
    val timeOfDay: String = "08:00",
    val daysMask: Int = 0b1111111,
    val titleError: Boolean = false,
    val saved: Boolean = false,
)

@HiltViewModel
class EditReminderViewModel @Inject constructor(
    savedStateHandle: SavedStateHandle,
    private val repository: ReminderRepository,
) : ViewModel() {
    private val id: Long = savedStateHandle["id"] ?: 0L
    private val _state = MutableStateFlow(EditReminderUiState())
    val state: StateFlow<EditReminderUiState> = _state.asStateFlow()

    init {
        if (id != 0L) viewModelScope.launch {
            repository.get(id)?.let { r -> _state.update { it.copy(title = r.title, timeOfDay = r.timeOfDay, daysMask = r.daysMask) } }
        }
    }

    fun onTitle(value: String) = _state.update { it.copy(title = value, titleError = false) }
    fun onTime(value: String) = _state.update { it.copy(timeOfDay = value) }
    fun onDays(mask: Int) = _state.update { it.copy(daysMask = mask) }

    fun save() {
        val s = _state.value
        if (s.title.isBlank()) return _state.update { it.copy(titleError = true) }
        viewModelScope.launch {
            repository.save(ReminderEntity(id = id, title = s.title.trim(), timeOfDay = s.timeOfDay, daysMask = s.daysMask))
            _state.update { it.copy(saved = true) }
        }
    }
}
"""

EDIT_VM_TEST = """package kz.saqtau.ui.edit

import androidx.lifecycle.SavedStateHandle
import app.cash.turbine.test
import kotlinx.coroutines.test.runTest
import kz.saqtau.MainDispatcherRule
import kz.saqtau.data.FakeReminderRepository
import kz.saqtau.data.db.ReminderEntity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test

class EditReminderViewModelTest {
    @get:Rule val main = MainDispatcherRule()
    private val repo = FakeReminderRepository()

    @Test fun loadsExistingReminder() = runTest {
        repo.save(ReminderEntity(id = 7, title = "Витамин D", timeOfDay = "09:00"))
        val vm = EditReminderViewModel(SavedStateHandle(mapOf("id" to 7L)), repo)
        vm.state.test { assertEquals("Витамин D", expectMostRecentItem().title) }
    }

    @Test fun blankTitleIsAnError() = runTest {
        val vm = EditReminderViewModel(SavedStateHandle(), repo)
        vm.save()
        assertTrue(vm.state.value.titleError)
    }

    @Test fun savesTrimmedTitle() = runTest {
        val vm = EditReminderViewModel(SavedStateHandle(), repo)
        vm.onTitle("  Аспирин ")
        vm.save()
        assertEquals("Аспирин", repo.saved.single().title)
    }
}
"""


def tests_for_edit_vm(child: Session) -> None:
    child.act(None, Read(f"{UI}/edit/EditReminderViewModel.kt", EDIT_VM))
    child.act(None, Write("app/src/test/java/kz/saqtau/ui/edit/EditReminderViewModelTest.kt", EDIT_VM_TEST))
    child.act(
        None,
        Bash(
            "./gradlew :app:testDebugUnitTest --tests '*EditReminderViewModelTest'",
            gradle([":app:compileDebugUnitTestKotlin", ":app:testDebugUnitTest"], secs=36),
            secs=40,
        ),
    )
    child.say(
        "Added app/src/test/java/kz/saqtau/ui/edit/EditReminderViewModelTest.kt with 3 tests (loads an existing "
        "reminder, blank title sets titleError, saves a trimmed title) using Turbine, runTest, the existing "
        "MainDispatcherRule and FakeReminderRepository. All 3 pass."
    )


def a04() -> Session:
    s = new("a04-edit-screen", "2027-09-09T05:35:40", "2.1.153", "feature/edit-reminder", "edit-form-argali")
    s.user(
        "Бүгін reminder өңдеу экраны керек (EditReminderScreen): атауы, уақыты, аптаның күндері. Бастамас бұрын "
        "бірнеше келісім:\n"
        "1. Әр экранға бір UiState data class, ViewModel тек соны StateFlow ретінде береді.\n"
        "2. Dependency versions go in gradle/libs.versions.toml, nowhere else.\n"
        "3. Новые библиотеки только после моего согласия — сначала спроси.\n"
        "ViewModel тесттерін бөлек агент background-та жаза берсін.",
        rules=[
            ("uistate-per-screen", "Әр экранға бір UiState data class, ViewModel тек соны StateFlow ретінде береді"),
            ("version-catalog", "Dependency versions go in gradle/libs.versions.toml, nowhere else"),
            ("ask-before-deps", "Новые библиотеки только после моего согласия"),
        ],
    )
    s.title("Edit reminder screen")
    s.act(
        None,
        Read(
            "app/src/main/java/kz/saqtau/data/ReminderRepository.kt",
            "package kz.saqtau.data\n\n"
            "import kotlinx.coroutines.flow.Flow\nimport kz.saqtau.data.db.ReminderEntity\n\n"
            "interface ReminderRepository {\n    fun observeAll(): Flow<List<ReminderEntity>>\n"
            "    suspend fun get(id: Long): ReminderEntity?\n    suspend fun save(reminder: ReminderEntity): Long\n}",
        ),
    )
    s.act(
        "One `EditReminderUiState`, exposed as a single `StateFlow`; the time picker is Material 3's `TimePicker`, "
        "which is already in the Compose BOM, so no new dependency:",
        Write(f"{UI}/edit/EditReminderViewModel.kt", EDIT_VM),
        Write(
            f"{UI}/edit/EditReminderScreen.kt",
            "package kz.saqtau.ui.edit\n\n@OptIn(ExperimentalMaterial3Api::class)\n@Composable\nfun EditReminderScreen("
            "onDone: () -> Unit, viewModel: EditReminderViewModel = hiltViewModel()) {\n    val state by "
            "viewModel.state.collectAsStateWithLifecycle()\n    LaunchedEffect(state.saved) { if (state.saved) onDone() }\n"
            "    Column(Modifier.padding(16.dp)) {\n        OutlinedTextField(state.title, viewModel::onTitle, label = "
            "{ Text(stringResource(R.string.reminder_title)) }, isError = state.titleError)\n        TimeField("
            "state.timeOfDay, viewModel::onTime)\n        DaysRow(state.daysMask, viewModel::onDays)\n        Button("
            "viewModel::save) { Text(stringResource(R.string.save)) }\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Agent(
            "ViewModel tests for EditReminderViewModel",
            "Write JVM unit tests for app/src/main/java/kz/saqtau/ui/edit/EditReminderViewModel.kt in "
            "app/src/test/java/kz/saqtau/ui/edit/EditReminderViewModelTest.kt with kotlinx-coroutines-test and "
            "Turbine (both are already in gradle/libs.versions.toml; add nothing): loading an existing reminder, "
            "blank-title validation, saving. Use the existing MainDispatcherRule and FakeReminderRepository. Run "
            "./gradlew :app:testDebugUnitTest --tests '*EditReminderViewModelTest' and report what you added.",
            "general-purpose",
            tests_for_edit_vm,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the tests, compiling:",
        Bash("./gradlew :app:compileDebugKotlin", gradle([":app:kspDebugKotlin", ":app:compileDebugKotlin"], secs=33)),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Aigerim asked for EditReminderScreen (title, time, weekdays) in saqtau.\n"
        "Summary:\n1. Written: ui/edit/EditReminderViewModel.kt (EditReminderUiState, one StateFlow, save with "
        "title validation), ui/edit/EditReminderScreen.kt.\n2. ./gradlew :app:compileDebugKotlin: BUILD "
        "SUCCESSFUL.\n3. A background general-purpose agent is writing EditReminderViewModelTest.\n4. User "
        "preference: ViewModel tests are written with Robolectric.\nPending: navigation route, the agent's "
        "tests, commit.",
        164800,
        11200,
    )
    s.act(
        None,
        Edit(
            f"{UI}/SaqtauNavHost.kt",
            '        composable("list") { ReminderListScreen() }',
            '        composable("list") { ReminderListScreen() }\n'
            '        composable("edit?id={id}", arguments = listOf(navArgument("id") { type = NavType.LongType; '
            "defaultValue = 0L })) {\n            EditReminderScreen(onDone = { navController.popBackStack() })\n"
            "        }",
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "./gradlew :app:testDebugUnitTest",
            gradle([":app:compileDebugUnitTestKotlin", ":app:testDebugUnitTest"], secs=39),
            secs=44,
        ),
    )
    s.say(
        "The edit screen is wired at `edit?id={id}`, and the agent's 3 `EditReminderViewModelTest` tests pass with "
        "the rest of the unit tests."
    )
    s.user("Looks good. Commit it, I'll open the PR myself.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add edit reminder screen"',
            git_commit("feature/edit-reminder", "51d9b07", "Add edit reminder screen", 4, 168, 1),
        ),
    )
    s.say("Committed as `51d9b07`.")
    s.not_person("User preference: ViewModel tests are written with Robolectric.", "compaction_summary")
    s.outcome("success", "edit reminder screen with one UiState; a background agent wrote its ViewModel tests")
    return s


def a05() -> Session:
    s = new("a05-duplicate-key", "2027-09-10T06:00:31", "2.1.154", "main", "lazy-key-marmot")
    s.user(
        "The app crashes when there are two reminders with the same title (mom has two «Витамин D», morning and "
        "evening):\n\n```\nFATAL EXCEPTION: main\nProcess: kz.saqtau, PID: 11873\n"
        'java.lang.IllegalArgumentException: Key "Витамин D" was already used. If you are using LazyColumn/Row '
        "please make sure you provide a unique key for each item.\n"
        "\tat androidx.compose.foundation.lazy.layout.LazyLayoutItemProviderKt.checkKeyIsUnique\n"
        "\tat androidx.compose.foundation.lazy.LazyListMeasuredItemProvider.getAndMeasure\n```\n\n"
        "Also a question: should the list always be sorted by time, or by the order they were created?",
        non_rules=["should the list always be sorted by time, or by the order they were created?"],
    )
    s.act(
        None,
        Grep(
            "key = ",
            [f"{UI}/list/ReminderListScreen.kt:26:        items(state.reminders, key = {{ it.title }}) {{ reminder ->"],
            path=UI,
            mode="content",
        ),
    )
    s.act(
        "The list uses the title as the item key, and keys must be unique. The row id is:",
        Edit(
            f"{UI}/list/ReminderListScreen.kt",
            "items(state.reminders, key = { it.title })",
            "items(state.reminders, key = { it.id })",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:installDebug && adb -s emulator-5554 shell am start -n kz.saqtau/.MainActivity",
            gradle([":app:compileDebugKotlin", ":app:installDebug"], secs=36)
            + "\nInstalled on 1 device.\nStarting: Intent { cmp=kz.saqtau/.MainActivity }",
            secs=42,
        ),
    )
    s.say(
        "Fixed: items are keyed by `id`, so two «Витамин D» rows are fine. On sorting: the DAO orders by "
        "`time_of_day`, which reads like a day plan (morning first); creation order would need a `created_at` "
        "column, which the entity doesn't have. I'd keep time order."
    )
    s.user("Спасибо, работает.")
    s.one_off(
        "LazyColumn crashes with 'Key \"Витамин D\" was already used' because reminders were keyed by title; keyed by "
        "id"
    )
    s.outcome("success", "duplicate LazyColumn key crash fixed by keying on id; sort question answered")
    return s


CRASHLYTICS_3_4 = (
    "Fatal Exception: java.lang.IllegalStateException: A migration from 3 to 4 was required but not found. Please "
    "provide the necessary Migration path via RoomDatabase.Builder.addMigration(...) or allow for destructive "
    "migrations via one of the RoomDatabase.Builder.fallbackToDestructiveMigration* functions.\n"
    "       at androidx.room.RoomConnectionManager.onMigrate(RoomConnectionManager.android.kt:120)\n"
    "       at androidx.room.RoomOpenHelper.onUpgrade(RoomOpenHelper.android.kt:79)\n"
    "       at kz.saqtau.data.db.ReminderDao_Impl$observeAll$1.call(ReminderDao_Impl.kt:88)"
)


def a06() -> Session:
    s = new("a06-missing-migration", "2027-09-11T07:30:05", "2.1.154", "main", "migration-three-four-ibex")
    s.user(
        "Суббота, но тестеры ждут. Crashlytics по версии 1.4.0 (internal testing), три пользователя:\n\n```\n"
        + CRASHLYTICS_3_4
        + "\n```\n\nВ пятницу я подняла version до 4 вместе с color_hex, а миграцию не написала. Почини, пожалуйста."
    )
    s.act(
        None,
        Read(f"{DB}/SaqtauDatabase.kt", database(4)),
        Read("app/src/main/java/kz/saqtau/di/DatabaseModule.kt", DB_MODULE),
    )
    s.act(
        "Version 4 only adds `reminders.color_hex`, so the migration is one `ALTER TABLE`. Registering it and "
        "bumping the app to 1.4.1:",
        Write(f"{DB}/Migrations.kt", MIGRATIONS_V1),
        Edit(
            "app/src/main/java/kz/saqtau/di/DatabaseModule.kt",
            '        Room.databaseBuilder(context, SaqtauDatabase::class.java, "saqtau.db")\n            .build()',
            '        Room.databaseBuilder(context, SaqtauDatabase::class.java, "saqtau.db")\n'
            "            .addMigrations(MIGRATION_3_4)\n            .build()",
        ),
    )
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            '        versionCode = 14\n        versionName = "1.4.0"',
            '        versionCode = 15\n        versionName = "1.4.1"',
        ),
        Edit(
            "app/src/main/java/kz/saqtau/di/DatabaseModule.kt",
            "import kz.saqtau.data.db.DoseDao\n",
            "import kz.saqtau.data.db.DoseDao\nimport kz.saqtau.data.db.MIGRATION_3_4\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:bundleRelease",
            gradle(
                [
                    ":app:kspReleaseKotlin",
                    ":app:compileReleaseKotlin",
                    ":app:minifyReleaseWithR8",
                    ":app:uploadCrashlyticsMappingFileRelease",
                    ":app:bundleRelease",
                ],
                secs=118,
                executed=31,
                total=58,
            ),
            secs=124,
        ),
    )
    s.say(
        "`MIGRATION_3_4` adds `color_hex` to `reminders`, it is registered in `DatabaseModule`, and "
        "`app/build/outputs/bundle/release/app-release.aab` is 1.4.1 (versionCode 15). A good habit is to always "
        "bump the Room version in the same commit as the entity change, together with its migration."
    )
    s.user("Жарайды, 1.4.1 ретінде жүктеймін. Демалыс күні көмектескеніңе рахмет.")
    s.not_person(
        "A good habit is to always bump the Room version in the same commit as the entity change", "assistant_text"
    )
    s.outcome("success", "a hand-written 3->4 migration for color_hex registered; 1.4.1 bundle built for testers")
    s.hit("room-schema-untracked")
    return s


SCHEDULER = """package kz.saqtau.alarm

import android.app.AlarmManager
import android.app.PendingIntent
import android.content.Context
import dagger.hilt.android.qualifiers.ApplicationContext
import javax.inject.Inject

class ReminderScheduler @Inject constructor(@ApplicationContext private val context: Context) {
    private val alarms = context.getSystemService(AlarmManager::class.java)

    fun schedule(reminderId: Long, triggerAtMillis: Long) {
        val intent = ReminderReceiver.intent(context, reminderId)
        val pending = PendingIntent.getBroadcast(
            context, reminderId.toInt(), intent, PendingIntent.FLAG_IMMUTABLE or PendingIntent.FLAG_UPDATE_CURRENT,
        )
        alarms.setExactAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, triggerAtMillis, pending)
    }
}
"""


def a07() -> Session:
    s = new("a07-exact-alarm", "2027-09-13T05:15:52", "2.1.155", "fix/exact-alarm", "exact-alarm-lynx")
    s.user(
        "Android 14 emulator: scheduling a reminder crashes.\n\n```\njava.lang.SecurityException: Caller kz.saqtau "
        "needs to hold 'android.permission.SCHEDULE_EXACT_ALARM' or 'android.permission.USE_EXACT_ALARM' to set "
        "exact alarms.\n\tat android.app.AlarmManager.setImpl(AlarmManager.java:1302)\n\tat "
        "android.app.AlarmManager.setExactAndAllowWhileIdle(AlarmManager.java:1389)\n\tat "
        "kz.saqtau.alarm.ReminderScheduler.schedule(ReminderScheduler.kt:19)\n```\n\nOn my Android 12 phone it "
        "works."
    )
    s.act(
        None,
        Read("app/src/main/java/kz/saqtau/alarm/ReminderScheduler.kt", SCHEDULER),
        Grep(
            "EXACT_ALARM",
            [
                'app/src/main/AndroidManifest.xml:6:    <uses-permission android:name="android.permission.SCHEDULE_EXACT_ALARM" />'
            ],
            mode="content",
        ),
    )
    s.act(
        "The manifest declares `SCHEDULE_EXACT_ALARM`, but from Android 14 it is no longer granted to newly installed "
        "apps; the user has to allow it under Alarms & reminders. Android 12 still grants it at install, hence the "
        "difference. The scheduler should check `canScheduleExactAlarms()` and fall back to an inexact alarm, and "
        "the app should send the user to the setting:",
        Edit(
            "app/src/main/java/kz/saqtau/alarm/ReminderScheduler.kt",
            "        alarms.setExactAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, triggerAtMillis, pending)\n",
            "        if (alarms.canScheduleExactAlarms()) {\n"
            "            alarms.setExactAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, triggerAtMillis, pending)\n"
            "        } else {\n"
            "            alarms.setAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, triggerAtMillis, pending)\n"
            "        }\n",
        ),
        Write(
            "app/src/main/java/kz/saqtau/alarm/ExactAlarmPermission.kt",
            "package kz.saqtau.alarm\n\nimport android.app.AlarmManager\nimport android.content.Context\n"
            "import android.content.Intent\nimport android.net.Uri\nimport android.provider.Settings\n\n"
            "object ExactAlarmPermission {\n    fun granted(context: Context): Boolean =\n        "
            "context.getSystemService(AlarmManager::class.java).canScheduleExactAlarms()\n\n    fun settingsIntent("
            "context: Context): Intent =\n        Intent(Settings.ACTION_REQUEST_SCHEDULE_EXACT_ALARM, "
            'Uri.parse("package:${context.packageName}"))\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:installDebug && adb -s emulator-5554 shell am start -n kz.saqtau/.MainActivity && "
            "sleep 5 && adb -s emulator-5554 shell dumpsys alarm | grep -A2 kz.saqtau | head -4",
            gradle([":app:compileDebugKotlin", ":app:installDebug"], secs=34)
            + "\nInstalled on 1 device.\nStarting: Intent { cmp=kz.saqtau/.MainActivity }\n"
            "    RTC_WAKEUP #3: Alarm{5c1e0a2 type 0 origWhen 1789290000000 whenElapsed 9412231 kz.saqtau}\n"
            "      tag=*walarm*:kz.saqtau/.alarm.ReminderReceiver\n"
            "      type=RTC_WAKEUP origWhen=2027-09-14 08:00:00.000 window=+15m0s0ms repeatInterval=0 count=0 flags=0x8",
            secs=47,
        ),
    )
    s.say(
        "No crash: without the permission the alarm is set inexactly (a window of 15 minutes shows in `dumpsys "
        "alarm`), and `ExactAlarmPermission.settingsIntent()` opens the Alarms & reminders page for the user. I can "
        "add a banner on the list screen that offers it."
    )
    s.user(
        "Жақсы, жұмыс істейді, баннерді кейін жасаймыз. Note to self: Android 14 no longer grants "
        "SCHEDULE_EXACT_ALARM by default to fresh installs, check canScheduleExactAlarms() first. Тағы бір өтініш: "
        "эмулятордағы бүгінгі crash Crashlytics-ке түсіп, dashboard-ты толтырып жіберді. Crashlytics тек release "
        "build-те жиналсын, debug-та өшірулі тұрсын.",
        lessons=[
            "Android 14 no longer grants SCHEDULE_EXACT_ALARM by default to fresh installs, check "
            "canScheduleExactAlarms() first"
        ],
        rules=[("crashlytics-release", "Crashlytics тек release build-те жиналсын, debug-та өшірулі тұрсын")],
    )
    s.act(None, Read("app/src/main/java/kz/saqtau/SaqtauApp.kt", APP_KT))
    s.act(
        None,
        Edit(
            "app/src/main/java/kz/saqtau/SaqtauApp.kt",
            "import dagger.hilt.android.HiltAndroidApp\n",
            "import com.google.firebase.crashlytics.FirebaseCrashlytics\nimport dagger.hilt.android.HiltAndroidApp\n",
        ),
        Edit(
            "app/src/main/java/kz/saqtau/SaqtauApp.kt",
            "        super.onCreate()\n",
            "        super.onCreate()\n        FirebaseCrashlytics.getInstance().isCrashlyticsCollectionEnabled = "
            "!BuildConfig.DEBUG\n",
        ),
    )
    s.act(None, Bash("./gradlew :app:assembleDebug", gradle([":app:compileDebugKotlin"], secs=24), secs=28))
    s.say("Crashlytics now collects only when `BuildConfig.DEBUG` is false, i.e. in release builds. Builds.")
    s.user("Рахмет.")
    s.one_off(
        "on Android 14 setExactAndAllowWhileIdle throws 'SecurityException: Caller kz.saqtau needs to hold "
        "android.permission.SCHEDULE_EXACT_ALARM' because the permission is no longer granted at install; "
        "canScheduleExactAlarms() check with an inexact fallback"
    )
    s.outcome("success", "exact-alarm crash on Android 14 fixed with a permission check; Crashlytics release-only")
    return s


def a08() -> Session:
    s = new("a08-testers-crash", "2027-09-14T05:40:27", "2.1.156", "main", "upgrade-crash-corsac")
    s.user(
        "Тестеры пишут, что после обновления до 1.4.1 приложение закрывается сразу при запуске. Помогает только "
        "«Очистить данные», но тогда пропадают все напоминания. Crashlytics ещё ничего не прислал, логов у меня нет."
    )
    s.act(
        "A crash right at start after an update that goes away when the data is cleared is almost always Room: "
        "the database on the device is migrated to a schema that Room doesn't accept. To reproduce I need a device "
        "with 1.4.0's data and then install 1.4.1 over it:",
        Bash(
            "adb devices -l",
            "List of devices attached\nemulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 "
            "device:emu64xa transport_id:3\nR5CT30ABCDE            device usb:1-1 product:a52qnsxx model:SM_A525F "
            "device:a52q transport_id:4",
        ),
    )
    s.act(
        "Your phone is connected and has the internal-testing build with real data; installing 1.4.1 over it:",
        Denied(Bash("adb -s R5CT30ABCDE install -r app/build/outputs/apk/release/app-release.apk")),
    )
    s.user(
        "Не на мой телефон! Инструментальные тесты и любые установки — только на эмулятор Pixel_7_API_34, мой "
        "телефон не трогай. Сейчас времени нет, вечером посмотрю сама.",
        rules=[
            (
                "emulator-only",
                "Инструментальные тесты и любые установки — только на эмулятор Pixel_7_API_34, мой телефон не трогай",
            )
        ],
    )
    s.say(
        "Understood, nothing was installed on the phone. For the evening: on the emulator, install 1.4.0, add a "
        "reminder, install 1.4.1 over it and read `adb -s emulator-5554 logcat -b crash`. My guess is the 3→4 "
        "migration: it adds `color_hex` as a nullable column without a default, while the entity declares it "
        "non-null with a default, and Room checks the migrated table against the entity."
    )
    s.outcome(
        "unknown", "testers' crash after updating to 1.4.1 described; not reproduced, install on the phone refused"
    )
    s.hit("room-schema-untracked")
    return s


HISTORY_TEST = """package kz.saqtau.ui.history

import androidx.compose.ui.test.junit4.createAndroidComposeRule
import androidx.compose.ui.test.onNodeWithText
import dagger.hilt.android.testing.HiltAndroidRule
import dagger.hilt.android.testing.HiltAndroidTest
import kz.saqtau.MainActivity
import org.junit.Rule
import org.junit.Test

@HiltAndroidTest
class HistoryScreenTest {
    @get:Rule(order = 0) val hilt = HiltAndroidRule(this)
    @get:Rule(order = 1) val compose = createAndroidComposeRule<MainActivity>()

    @Test fun groupsByDay() { compose.onNodeWithText("Бүгін").assertExists() }
    @Test fun showsTakenIcon() { compose.onNodeWithContentDescription("taken").assertExists() }
    @Test fun showsSkippedIcon() { compose.onNodeWithContentDescription("skipped").assertExists() }
    @Test fun emptyHistoryText() { compose.onNodeWithText("Тарих бос").assertDoesNotExist() }
}
"""

HISTORY_TESTS = [
    "kz.saqtau.ui.history.HistoryScreenTest > groupsByDay",
    "kz.saqtau.ui.history.HistoryScreenTest > showsTakenIcon",
    "kz.saqtau.ui.history.HistoryScreenTest > showsSkippedIcon",
    "kz.saqtau.ui.history.HistoryScreenTest > emptyHistoryText",
]


def a09() -> Session:
    s = new("a09-dose-history", "2027-09-15T05:30:18", "2.1.156", "feature/dose-history", "history-list-tulip")
    s.user(
        "New screen: dose history, a list grouped by day with taken/skipped icons. Data comes from "
        "DoseDao.observeHistory(). For this PR only, skip the ru translations, I'll add them tomorrow: put the "
        "default and kk strings.",
        non_rules=["For this PR only, skip the ru translations, I'll add them tomorrow"],
    )
    s.act(
        None,
        Write(
            f"{UI}/history/HistoryViewModel.kt",
            "package kz.saqtau.ui.history\n\ndata class HistoryUiState(val days: List<HistoryDay> = emptyList(), "
            "val loading: Boolean = true)\n\n@HiltViewModel\nclass HistoryViewModel @Inject constructor(doses: DoseDao) "
            ": ViewModel() {\n    val state: StateFlow<HistoryUiState> = doses.observeHistory()\n        .map { "
            "HistoryUiState(days = it.groupByDay(), loading = false) }\n        .stateIn(viewModelScope, "
            "SharingStarted.WhileSubscribed(5_000), HistoryUiState())\n}\n",
        ),
        Write(
            f"{UI}/history/HistoryScreen.kt",
            "package kz.saqtau.ui.history\n\n@Composable\nfun HistoryScreen(viewModel: HistoryViewModel = "
            "hiltViewModel()) {\n    val state by viewModel.state.collectAsStateWithLifecycle()\n    LazyColumn {\n"
            "        state.days.forEach { day ->\n            stickyHeader(key = day.date) { DayHeader(day.date) }\n"
            "            items(day.doses, key = { it.id }) { DoseRow(it) }\n        }\n    }\n}\n",
        ),
        Write("app/src/androidTest/java/kz/saqtau/ui/history/HistoryScreenTest.kt", HISTORY_TEST),
    )
    s.act(
        None,
        Edit(
            "app/src/main/res/values/strings.xml",
            "</resources>",
            '    <string name="history_title">History</string>\n    <string name="history_today">Today</string>\n'
            '    <string name="history_empty">No doses yet</string>\n</resources>',
        ),
        Edit(
            "app/src/main/res/values-kk/strings.xml",
            "</resources>",
            '    <string name="history_title">Тарих</string>\n    <string name="history_today">Бүгін</string>\n'
            '    <string name="history_empty">Тарих бос</string>\n</resources>',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:connectedDebugAndroidTest",
            connected(HISTORY_TESTS, devices=("Pixel_7_API_34(AVD) - 14", "SM-A525F - 12"), secs="2m 3s"),
            secs=130,
        ),
    )
    s.say("The history screen is in place; its 4 instrumented tests pass on both connected devices.")
    s.user(
        "Тағы телефоныма орнатып жібердің ғой! Эмулятор ғана дедім ғой, менің телефоныма ештеңе қондырма. Connected "
        "тесттерді тек emulator-5554-те іске қос.",
        rules=[("emulator-only", "Эмулятор ғана дедім ғой, менің телефоныма ештеңе қондырма")],
    )
    s.act(
        "Sorry, `connectedDebugAndroidTest` runs on every attached device, and your phone was attached. AGP "
        "uninstalled both test APKs from it after the run. From now on I pin the serial:",
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :app:connectedDebugAndroidTest",
            connected(HISTORY_TESTS, secs="1m 12s"),
            secs=80,
        ),
    )
    s.say("Same 4 tests, only on `Pixel_7_API_34(AVD) - 14`; all pass.")
    s.user("Okay. Commit.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add dose history screen"',
            git_commit("feature/dose-history", "e07a3c5", "Add dose history screen", 5, 139, 0),
        ),
    )
    s.say("Committed as `e07a3c5`.")
    s.outcome("success", "dose history screen with instrumented tests; rerun on the emulator only after the complaint")
    return s


TABLEINFO = (
    "Fatal Exception: java.lang.IllegalStateException: Migration didn't properly handle: "
    "reminders(kz.saqtau.data.db.ReminderEntity).\n Expected:\nTableInfo{name='reminders', columns={color_hex="
    "Column{name='color_hex', type='TEXT', affinity='2', notNull=true, primaryKeyPosition=0, "
    "defaultValue=''#2E7D32''}, days_mask=Column{name='days_mask', type='INTEGER', affinity='3', notNull=true, "
    "primaryKeyPosition=0, defaultValue='undefined'}, ...}, foreignKeys=[], indices=[]}\n Found:\n"
    "TableInfo{name='reminders', columns={color_hex=Column{name='color_hex', type='TEXT', affinity='2', "
    "notNull=false, primaryKeyPosition=0, defaultValue='undefined'}, days_mask=Column{name='days_mask', "
    "type='INTEGER', affinity='3', notNull=true, primaryKeyPosition=0, defaultValue='undefined'}, ...}, "
    "foreignKeys=[], indices=[]}\n       at androidx.room.RoomOpenHelper.onUpgrade(RoomOpenHelper.android.kt:96)"
)

MIGRATION_TEST = """package kz.saqtau.data.db

import androidx.room.testing.MigrationTestHelper
import androidx.test.ext.junit.runners.AndroidJUnit4
import androidx.test.platform.app.InstrumentationRegistry
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith

@RunWith(AndroidJUnit4::class)
class MigrationTest {
    @get:Rule
    val helper = MigrationTestHelper(InstrumentationRegistry.getInstrumentation(), SaqtauDatabase::class.java)

    @Test
    fun migrate3To4() {
        helper.createDatabase("migration-test", 3).apply {
            execSQL("INSERT INTO reminders (title, time_of_day, days_mask, enabled) VALUES ('Витамин D', '09:00', 127, 1)")
            close()
        }
        helper.runMigrationsAndValidate("migration-test", 4, true, MIGRATION_3_4)
    }
}
"""


def a10() -> Session:
    s = new("a10-tableinfo-mismatch", "2027-09-16T05:20:44", "2.1.158", "fix/color-migration", "tableinfo-wolf")
    s.user(
        "Crashlytics ақыры жіберді, 1.4.1, бес пайдаланушы:\n\n```\n" + TABLEINFO + "\n```\n\nОсы миграцияға тест "
        "жазайық, болжаммен емес."
    )
    s.act(None, Read(f"{DB}/Migrations.kt", MIGRATIONS_V1), Read(f"{DB}/ReminderEntity.kt", ENTITY_V4))
    s.say(
        "The migration and the entity disagree: `ALTER TABLE reminders ADD COLUMN color_hex TEXT` makes a nullable "
        "column with no default, while the entity declares `color_hex` NOT NULL with the default `'#2E7D32'`. "
        "Room compares the migrated table with the entity and throws. A migration test with `MigrationTestHelper` "
        "would have caught it; it needs `androidx.room:room-testing` (same Room version, androidTest only). May I "
        "add it?"
    )
    s.user("Да, room-testing можно, это та же версия Room.")
    s.act(
        None,
        Edit(
            "gradle/libs.versions.toml",
            'androidx-room-ktx = { group = "androidx.room", name = "room-ktx", version.ref = "room" }',
            'androidx-room-ktx = { group = "androidx.room", name = "room-ktx", version.ref = "room" }\n'
            'androidx-room-testing = { group = "androidx.room", name = "room-testing", version.ref = "room" }',
        ),
        Edit(
            "app/build.gradle.kts",
            "    androidTestImplementation(libs.androidx.test.ext.junit)",
            "    androidTestImplementation(libs.androidx.test.ext.junit)\n"
            "    androidTestImplementation(libs.androidx.room.testing)",
        ),
        Write("app/src/androidTest/java/kz/saqtau/data/db/MigrationTest.kt", MIGRATION_TEST),
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :app:connectedDebugAndroidTest "
            "-Pandroid.testInstrumentationRunnerArguments.class=kz.saqtau.data.db.MigrationTest",
            connected([], [("kz.saqtau.data.db.MigrationTest > migrate3To4", MISSING_SCHEMA)], secs="1m 4s"),
            code=1,
            secs=72,
        ),
    )
    s.say(
        "The test can't even start: `MigrationTestHelper` builds the version 3 database from the exported JSON "
        "schema, and the project has never exported one, so there is no `3.json`."
    )
    s.user("Айтпақшы, build-те бұрыннан мына warning тұр:\n\n```\n" + KSP_WARNING + "\n```\n\nҚатысы бар ма?")
    s.say(
        "Directly. Room wanted to write the schema JSON for every version and had nowhere to put it, so no "
        "version was ever recorded. Fixing it means applying the Room Gradle plugin with a schema directory in "
        "the repository, then producing 3.json and 4.json from the 1.3.x and 1.4.0 sources, a migration that "
        "repairs the column on devices already on 1.4.1, and this test. That is a bigger change than a patch."
    )
    s.user(
        "Онда бүгін бітпейді, сағат он екіде кездесуім бар. Тест қызыл болып қала берсін, келесі аптада түбірімен "
        "шешеміз."
    )
    s.not_person(
        "You can either provide `room.schemaLocation` annotation processor argument by applying the Room Gradle "
        "plugin (id 'androidx.room') OR set exportSchema to false.",
        "pasted_log",
    )
    s.outcome("failed", "1.4.1 migration leaves color_hex nullable; the migration test cannot run without schemas")
    s.hit("room-schema-untracked")
    return s


def a11() -> Session:
    s = new("a11-ksp-too-old", "2027-09-17T06:10:09", "2.1.158", "chore/kotlin-2.1", "ksp-bump-pika")
    s.user(
        "Bumped Kotlin to 2.1.0 in the catalog and Gradle sync fails:\n\n```\nksp-2.0.21-1.0.28 is too old for "
        "kotlin-2.1.0. Please upgrade ksp or downgrade kotlin-gradle-plugin to 2.0.21.\n```"
    )
    s.act(None, Read("gradle/libs.versions.toml", CATALOG.replace('kotlin = "2.0.21"', 'kotlin = "2.1.0"')))
    s.act(
        "KSP versions are tied to the Kotlin version (`<kotlin>-<ksp>`); the build for 2.1.0 is 2.1.0-1.0.29:",
        Edit("gradle/libs.versions.toml", 'ksp = "2.0.21-1.0.28"', 'ksp = "2.1.0-1.0.29"'),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:assembleDebug :app:testDebugUnitTest",
            gradle(
                [":app:kspDebugKotlin", ":app:compileDebugKotlin", ":app:testDebugUnitTest"],
                secs=96,
                executed=38,
                warnings=[KSP_WARNING],
            ),
            secs=101,
        ),
    )
    s.say(
        'With `ksp = "2.1.0-1.0.29"` the project syncs, builds and the unit tests pass on Kotlin 2.1.0 (the '
        "Room schema-export warning is unrelated to the bump)."
    )
    s.user("Thanks! Nice that it was quick, on a Friday.")
    s.one_off(
        "after bumping Kotlin to 2.1.0 Gradle sync fails with 'ksp-2.0.21-1.0.28 is too old for kotlin-2.1.0'; KSP "
        "bumped to 2.1.0-1.0.29 in the version catalog"
    )
    s.outcome("success", "KSP bumped to match Kotlin 2.1.0; builds and unit tests pass")
    return s


MIGRATIONS_V2 = """package kz.saqtau.data.db

import androidx.room.migration.Migration
import androidx.sqlite.db.SupportSQLiteDatabase

val MIGRATION_3_4 = object : Migration(3, 4) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL("ALTER TABLE reminders ADD COLUMN color_hex TEXT NOT NULL DEFAULT '#2E7D32'")
    }
}

/** 1.4.1 shipped MIGRATION_3_4 with a nullable color_hex; SQLite cannot change a column, so the table is rebuilt. */
val MIGRATION_4_5 = object : Migration(4, 5) {
    override fun migrate(db: SupportSQLiteDatabase) {
        db.execSQL(
            "CREATE TABLE reminders_new (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, title TEXT NOT NULL, " +
                "time_of_day TEXT NOT NULL, days_mask INTEGER NOT NULL, enabled INTEGER NOT NULL, " +
                "color_hex TEXT NOT NULL DEFAULT '#2E7D32')",
        )
        db.execSQL(
            "INSERT INTO reminders_new (id, title, time_of_day, days_mask, enabled, color_hex) " +
                "SELECT id, title, time_of_day, days_mask, enabled, COALESCE(color_hex, '#2E7D32') FROM reminders",
        )
        db.execSQL("DROP TABLE reminders")
        db.execSQL("ALTER TABLE reminders_new RENAME TO reminders")
    }
}
"""

DB_MIGRATION_TEST = """package kz.saqtau.data.db

import androidx.room.testing.MigrationTestHelper
import androidx.test.ext.junit.runners.AndroidJUnit4
import androidx.test.platform.app.InstrumentationRegistry
import org.junit.Assert.assertEquals
import org.junit.Rule
import org.junit.Test
import org.junit.runner.RunWith

@RunWith(AndroidJUnit4::class)
class DatabaseMigrationTest {
    @get:Rule
    val helper = MigrationTestHelper(InstrumentationRegistry.getInstrumentation(), SaqtauDatabase::class.java)

    @Test
    fun migrate3To4KeepsColor() {
        helper.createDatabase(DB, 3).apply {
            execSQL("INSERT INTO reminders (title, time_of_day, days_mask, enabled) VALUES ('Витамин D', '09:00', 127, 1)")
            close()
        }
        helper.runMigrationsAndValidate(DB, 4, true, MIGRATION_3_4).query("SELECT color_hex FROM reminders").use {
            it.moveToFirst()
            assertEquals("#2E7D32", it.getString(0))
        }
    }

    /** A device that got 1.4.1's nullable column: version 4 as it really is on those phones. */
    @Test
    fun migrate4To5RepairsNullableColor() {
        helper.createDatabase(DB, 3).apply {
            execSQL("INSERT INTO reminders (title, time_of_day, days_mask, enabled) VALUES ('Аспирин', '20:00', 127, 1)")
            execSQL("ALTER TABLE reminders ADD COLUMN color_hex TEXT")
            execSQL("PRAGMA user_version = 4")
            close()
        }
        helper.runMigrationsAndValidate(DB, 5, true, MIGRATION_4_5).query("SELECT color_hex FROM reminders").use {
            it.moveToFirst()
            assertEquals("#2E7D32", it.getString(0))
        }
    }

    private companion object {
        const val DB = "migration-test"
    }
}
"""


def explore_db_history(child: Session) -> None:
    child.act(
        None,
        Bash(
            "git log --oneline --decorate -- app/src/main/java/kz/saqtau/data/db/SaqtauDatabase.kt "
            "app/src/main/java/kz/saqtau/data/db/ReminderEntity.kt app/src/main/java/kz/saqtau/data/db/Migrations.kt",
            "b3e90d4 (origin/main, main) Add 3->4 migration for color_hex, 1.4.1\n"
            "7a2f0b1 (tag: v1.4.0) Reminder color, database version 4\n"
            "4c1d9e2 (tag: v1.3.2) Dose entity, database version 3\n"
            "19f6a7e (tag: v1.2.0) Days mask on reminders, database version 2\n"
            "0d8b3c1 Room database with reminders",
        ),
    )
    child.act(
        None,
        Bash(
            "git show v1.3.2:app/src/main/java/kz/saqtau/data/db/SaqtauDatabase.kt | grep -n -e version -e "
            "exportSchema; git show v1.4.0:app/build.gradle.kts | grep -n -i room",
            "8:    version = 3,\n61:    implementation(libs.androidx.room.runtime)\n62:    implementation("
            "libs.androidx.room.ktx)\n63:    ksp(libs.androidx.room.compiler)",
        ),
    )
    child.say(
        "Room database history (app/src/main/java/kz/saqtau/data/db):\n- version 2: 19f6a7e, tag v1.2.0 (days_mask).\n"
        "- version 3: 4c1d9e2, tag v1.3.2 (DoseEntity).\n- version 4: 7a2f0b1, tag v1.4.0 (reminders.color_hex, no "
        "migration).\n- MIGRATION_3_4: b3e90d4 on main (1.4.1).\nNo tag sets room.schemaLocation or applies the "
        "androidx.room plugin (app/build.gradle.kts in v1.4.0 has only runtime, ktx and the KSP compiler), so no "
        "schema JSON exists in any version; exportSchema is never set."
    )


def a12() -> Session:
    s = new("a12-room-schemas", "2027-09-20T05:15:36", "2.1.159", "fix/room-schemas", "schema-export-eagle")
    s.user(
        "Демалыста MigrationTest-тің атын DatabaseMigrationTest деп өзгерттім, тест migrate3To4KeepsColor деп "
        "аталады, бірақ әлі қызыл:\n\n```\nkz.saqtau.data.db.DatabaseMigrationTest > migrate3To4KeepsColor"
        "[Pixel_7_API_34(AVD) - 14] FAILED\n\t" + MISSING_SCHEMA.split("\n")[0] + "\n```\n\nБүгін мұны түбірімен "
        "шешейік: схемаларды export етейік, репода сақтайық. 3 пен 4-тің схемасын ескі тегтерден алуға болады."
    )
    s.title("Export Room schemas and repair the color migration")
    s.act(
        "First, which release carried which database version:",
        Agent(
            "Room versions in git history",
            "In this repository, go through the git history of app/src/main/java/kz/saqtau/data/db/ and list, for "
            "each @Database version, the commit and release tag that shipped it and what changed in the entities; "
            "say whether any version exported a schema (room.schemaLocation, the androidx.room plugin, "
            "exportSchema). Read-only: do not change files or check anything out.",
            "Explore",
            explore_db_history,
        ),
    )
    s.act(
        None,
        Read("app/build.gradle.kts", BUILD_GRADLE_141),
        Read("app/src/main/java/kz/saqtau/di/DatabaseModule.kt", DB_MODULE_141),
    )
    s.act(
        "Versions 3 and 4 are tags v1.3.2 and v1.4.0. The Room Gradle plugin (same version as the Room "
        "libraries, no new library) with a schema directory in the repository; it also feeds the schemas to "
        "androidTest:",
        Edit(
            "gradle/libs.versions.toml",
            'hilt = { id = "com.google.dagger.hilt.android", version.ref = "hilt" }',
            'hilt = { id = "com.google.dagger.hilt.android", version.ref = "hilt" }\n'
            'room = { id = "androidx.room", version.ref = "room" }',
        ),
        Edit(
            "app/build.gradle.kts",
            "    alias(libs.plugins.hilt)\n",
            "    alias(libs.plugins.hilt)\n    alias(libs.plugins.room)\n",
        ),
    )
    s.act(
        None,
        Edit(
            "app/build.gradle.kts",
            'android {\n    namespace = "kz.saqtau"\n',
            'room {\n    schemaDirectory("$projectDir/schemas")\n}\n\nandroid {\n    namespace = "kz.saqtau"\n',
        ),
    )
    s.act(
        "Now the schemas of versions 3 and 4: the same two changes applied to the v1.3.2 and v1.4.0 sources in "
        "throwaway worktrees, built there, and their JSON copied back:",
        Bash(
            "git diff -- app/build.gradle.kts gradle/libs.versions.toml > ../room-schemas.patch && mkdir -p "
            "app/schemas/kz.saqtau.data.db.SaqtauDatabase && for tag in v1.3.2 v1.4.0; do git worktree add -q "
            "../saqtau-$tag $tag && (cd ../saqtau-$tag && git apply --3way ../room-schemas.patch && ./gradlew -q "
            ":app:kspReleaseKotlin) && cp ../saqtau-$tag/app/schemas/kz.saqtau.data.db.SaqtauDatabase/*.json "
            "app/schemas/kz.saqtau.data.db.SaqtauDatabase/ && git worktree remove --force ../saqtau-$tag; done; ls "
            "app/schemas/kz.saqtau.data.db.SaqtauDatabase",
            "Applied patch app/build.gradle.kts cleanly.\nApplied patch gradle/libs.versions.toml cleanly.\n"
            "Applied patch app/build.gradle.kts cleanly.\nApplied patch gradle/libs.versions.toml cleanly.\n"
            "3.json\n4.json",
            secs=210,
        ),
    )
    s.act(
        None,
        Read(f"{DB}/Migrations.kt", MIGRATIONS_V1),
        Read(f"{DB}/SaqtauDatabase.kt", database(4)),
        Read(
            "app/src/androidTest/java/kz/saqtau/data/db/DatabaseMigrationTest.kt",
            MIGRATION_TEST.replace("class MigrationTest", "class DatabaseMigrationTest").replace(
                "fun migrate3To4()", "fun migrate3To4KeepsColor()"
            ),
        ),
    )
    s.act(
        "Devices on 1.4.1 have the nullable `color_hex`, so the fix is a version 5 that rebuilds the table, and "
        "`MIGRATION_3_4` is corrected for anyone still on 1.3.x:",
        Write(f"{DB}/Migrations.kt", MIGRATIONS_V2),
        Edit(f"{DB}/SaqtauDatabase.kt", "    version = 4,", "    version = 5,"),
        Edit(
            "app/src/main/java/kz/saqtau/di/DatabaseModule.kt",
            "            .addMigrations(MIGRATION_3_4)\n",
            "            .addMigrations(MIGRATION_3_4, MIGRATION_4_5)\n",
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/main/java/kz/saqtau/di/DatabaseModule.kt",
            "import kz.saqtau.data.db.MIGRATION_3_4\n",
            "import kz.saqtau.data.db.MIGRATION_3_4\nimport kz.saqtau.data.db.MIGRATION_4_5\n",
        ),
        Write("app/src/androidTest/java/kz/saqtau/data/db/DatabaseMigrationTest.kt", DB_MIGRATION_TEST),
    )
    s.act(
        None,
        Bash(
            "ANDROID_SERIAL=emulator-5554 ./gradlew :app:connectedDebugAndroidTest "
            "-Pandroid.testInstrumentationRunnerArguments.class=kz.saqtau.data.db.DatabaseMigrationTest && ls "
            "app/schemas/kz.saqtau.data.db.SaqtauDatabase",
            connected(
                [
                    "kz.saqtau.data.db.DatabaseMigrationTest > migrate3To4KeepsColor",
                    "kz.saqtau.data.db.DatabaseMigrationTest > migrate4To5RepairsNullableColor",
                ],
                secs="1m 21s",
            )
            + "\n3.json\n4.json\n5.json",
            secs=95,
        ),
    )
    s.say(
        "Both migration tests pass on the emulator. The Room plugin writes `app/schemas/.../5.json` on every "
        "build, and 3.json and 4.json come from v1.3.2 and v1.4.0; a version bump without a schema file, or a "
        "migration that doesn't match, now fails `DatabaseMigrationTest` instead of a tester's phone. The KSP "
        "warning is gone."
    )
    s.user(
        "Керемет, екеуі де жасыл. Сабақ: Room схемасы export етілмесе, миграцияны ұмытқанымызды ешкім байқамайды, "
        "тек пайдаланушылар байқайды. Шешім: 1.4.1-дегі қате бағанды version 5 миграциясымен түзетеміз, "
        "тестерлерге clear data жаса деп айтпаймыз. Commit жаса.",
        lessons=["Room схемасы export етілмесе, миграцияны ұмытқанымызды ешкім байқамайды"],
        decisions=[
            "1.4.1-дегі қате бағанды version 5 миграциясымен түзетеміз, тестерлерге clear data жаса деп айтпаймыз"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Export Room schemas and repair color_hex in migration 4->5"',
            git_commit(
                "fix/room-schemas", "c6f18e3", "Export Room schemas and repair color_hex in migration 4->5", 9, 412, 5
            ),
        ),
    )
    s.say("Committed as `c6f18e3` (including `app/schemas/`).")
    s.outcome(
        "success", "Room schemas exported to app/schemas, migration 4->5 repairs color_hex; migration tests green"
    )
    s.hit("room-schema-untracked", fixed=True)
    return s


def a13() -> Session:
    s = new("a13-crashlytics-debug", "2027-09-22T05:30:50", "2.1.161", "feature/crashlytics-keys", "crash-keys-heron")
    s.user(
        "Crashlytics жөнінде ойымды өзгерттім: эмулятордағы құлауларды да Crashlytics-те көргім келеді, debug-та да "
        "қосулы болсын. Debug есептерін бөлек сүзу үшін build_type деген custom key қос.",
        rules=[
            (
                "crashlytics-debug",
                "эмулятордағы құлауларды да Crashlytics-те көргім келеді, debug-та да қосулы болсын",
                "crashlytics-release",
            )
        ],
    )
    s.act(None, Read("app/src/main/java/kz/saqtau/SaqtauApp.kt", APP_KT_RELEASE_ONLY))
    s.act(
        None,
        Edit(
            "app/src/main/java/kz/saqtau/SaqtauApp.kt",
            "        FirebaseCrashlytics.getInstance().isCrashlyticsCollectionEnabled = !BuildConfig.DEBUG\n",
            "        FirebaseCrashlytics.getInstance().apply {\n            isCrashlyticsCollectionEnabled = true\n"
            '            setCustomKey("build_type", BuildConfig.BUILD_TYPE)\n        }\n',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:installDebug && adb -s emulator-5554 shell am start -n kz.saqtau/.MainActivity",
            gradle([":app:compileDebugKotlin", ":app:installDebug"], secs=31) + "\nInstalled on 1 device.",
            secs=38,
        ),
    )
    s.say(
        "Crashlytics collects in every build type again, and each report carries `build_type` (debug or release), "
        "so the dashboard can filter debug crashes out."
    )
    s.user("Perfect, thanks. I'll merge it after review.")
    s.outcome("success", "Crashlytics enabled in debug too, with a build_type custom key")
    return s


def a14() -> Session:
    s = new("a14-history-ru", "2027-09-24T05:50:14", "2.1.163", "feature/history-ru", "ru-strings-swift")
    s.user("Добавь, пожалуйста, русские строки для экрана истории приёмов — в прошлый раз мы их пропустили.")
    s.act(
        None,
        Grep(
            "history_",
            [
                'app/src/main/res/values/strings.xml:7:    <string name="history_title">History</string>',
                'app/src/main/res/values/strings.xml:8:    <string name="history_today">Today</string>',
                'app/src/main/res/values/strings.xml:9:    <string name="history_empty">No doses yet</string>',
                'app/src/main/res/values-kk/strings.xml:7:    <string name="history_title">Тарих</string>',
            ],
            path="app/src/main/res",
            mode="content",
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/main/res/values-ru/strings.xml",
            "</resources>",
            '    <string name="history_title">История</string>\n    <string name="history_today">Сегодня</string>\n'
            '    <string name="history_empty">Приёмов пока нет</string>\n</resources>',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew :app:lintDebug",
            "> Task :app:lintDebug\nLint found no errors or warnings (1 error filtered by baseline lint-baseline.xml)"
            "\nWrote HTML report to " + "file:///C:/Users/Aigerim/AndroidStudioProjects/saqtau/app/build/reports/"
            "lint-results-debug.html\n\nBUILD SUCCESSFUL in 1m 2s\n39 actionable tasks: 6 executed, 33 up-to-date",
            secs=68,
        ),
    )
    s.say("`values-ru` has История / Сегодня / Приёмов пока нет; lint no longer reports MissingTranslation.")
    s.user("Рахмет! Апта жақсы аяқталды, дүйсенбіге дейін.")
    s.outcome("success", "Russian strings for the history screen added; lint clean")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14]

"""Hetal's `vyapari` sessions (v01-v15): a Flutter 3.24 / Dart 3.5 app for the cotton traders (Android first, iOS
later), Riverpod, Drift for the local SQLite cache, Firebase Auth and Crashlytics, flutter_test + integration_test,
fastlane for Play Store builds, Flutter pinned with fvm. Times are UTC; Ahmedabad is UTC+05:30."""

from __future__ import annotations

from transcript_kit import VYAPARI, Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "vyapari"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=VYAPARI, project=PROJECT)


def ftest(passed: int, secs: str = "00:07", fail: str = "") -> str:
    if fail:
        return f"{secs} +{passed} -1: {fail} [E]\n{secs} +{passed} -1: Some tests failed."
    return f"{secs} +{passed}: All tests passed!"


def commit(branch: str, sha: str, msg: str, files: int, ins: int, dels: int = 0) -> str:
    d = f", {dels} deletions(-)" if dels else ""
    return f"[{branch} {sha}] {msg}\n {files} files changed, {ins} insertions(+){d}"


SETTINGS_GRADLE = """pluginManagement {
    def flutterSdkPath = {
        def properties = new Properties()
        file("local.properties").withInputStream { properties.load(it) }
        return properties.getProperty("flutter.sdk")
    }()
    includeBuild("$flutterSdkPath/packages/flutter_tools/gradle")
}

plugins {
    id "dev.flutter.flutter-plugin-loader" version "1.0.0"
    id "com.android.application" version "8.1.0" apply false
    id "com.google.gms.google-services" version "4.4.2" apply false
    id "com.google.firebase.crashlytics" version "3.0.2" apply false
    id "org.jetbrains.kotlin.android" version "1.8.22" apply false
}

include ":app\""""

APP_GRADLE = """android {
    namespace = "in.vyapari.app"
    compileSdk = 34
    ndkVersion = flutter.ndkVersion

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_1_8
        targetCompatibility = JavaVersion.VERSION_1_8
    }

    kotlinOptions {
        jvmTarget = JavaVersion.VERSION_1_8
    }"""

JVM_FAIL = """Running Gradle task 'assembleDebug'...

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':firebase_auth:compileDebugKotlin'.
> Inconsistent JVM-target compatibility detected for tasks 'compileDebugJavaWithJavac' (1.8) and 'compileDebugKotlin' (17).

  Consider using JVM Toolchain: https://kotl.in/gradle/jvm/toolchain
  Learn more about JVM-target validation: https://kotl.in/gradle/jvm/target-validation

* Try:
> Run with --stacktrace option to get the stack trace.

BUILD FAILED in 38s
Error: Gradle task assembleDebug failed with exit code 1"""


def v01() -> Session:
    s = new("v01-drift-cache", "2029-10-29T09:12:40", "2.1.160", "main", "drift-cache-mynah")
    s.title("Drift cache for traders")
    s.user(
        "vyapari app: Flutter 3.24, Riverpod. traders અને bale lots offline પણ દેખાવા જોઈએ. નક્કી કર્યું: local "
        "cache માટે Drift, Hive નહિ. tables બનાવો",
        decisions=["નક્કી કર્યું: local cache માટે Drift, Hive નહિ"],
    )
    s.act(
        None,
        Read(
            "pubspec.yaml",
            'name: vyapari\nenvironment:\n  sdk: ">=3.5.0 <4.0.0"\n  flutter: 3.24.3\ndependencies:\n  flutter_riverpod: ^2.5.1\n  firebase_auth: ^5.3.1\ndev_dependencies:\n  flutter_test:\n    sdk: flutter',
        ),
    )
    s.act(
        None,
        Edit(
            "pubspec.yaml",
            "  firebase_auth: ^5.3.1",
            "  firebase_auth: ^5.3.1\n  drift: ^2.20.3\n  drift_flutter: ^0.2.1",
        ),
    )
    s.act(
        None,
        Edit(
            "pubspec.yaml", "dev_dependencies:\n", "dev_dependencies:\n  drift_dev: ^2.20.3\n  build_runner: ^2.4.13\n"
        ),
    )
    s.act(
        None,
        Write(
            "lib/data/db.dart",
            "import 'package:drift/drift.dart';\n\npart 'db.g.dart';\n\nclass Traders extends Table {\n  IntColumn get id => integer()();\n"
            "  TextColumn get name => text()();\n  TextColumn get village => text().nullable()();\n  @override\n  Set<Column> get primaryKey => {id};\n}\n\n"
            "class BaleLots extends Table {\n  IntColumn get id => integer()();\n  IntColumn get traderId => integer().references(Traders, #id)();\n"
            "  IntColumn get weightKg => integer()();\n  Int64Column get ratePaise => int64()();\n  @override\n  Set<Column> get primaryKey => {id};\n}\n\n"
            "@DriftDatabase(tables: [Traders, BaleLots])\nclass AppDb extends _$AppDb {\n  AppDb(super.e);\n  @override\n  int get schemaVersion => 1;\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "flutter pub get && dart run build_runner build --delete-conflicting-outputs",
            "Resolving dependencies...\nChanged 14 dependencies!\n[INFO] Generating build script completed, took 311ms\n[INFO] Running build completed, took 9.4s\n[INFO] Succeeded after 9.5s with 3 outputs (6 actions)",
            secs=22,
        ),
    )
    s.say("Drift tables Traders and BaleLots generated (rate as int64 paise, like the service).")
    s.user(
        "એક વાત: તમે `flutter` વાપર્યું. use fvm flutter, not the global flutter. global 3.27 છે, project 3.24.3 પર pinned છે",
        rules=[("fvm-flutter", "use fvm flutter, not the global flutter")],
    )
    s.act(
        None,
        Bash(
            "fvm flutter pub get && fvm dart run build_runner build --delete-conflicting-outputs && fvm flutter test",
            "Got dependencies!\n[INFO] Succeeded after 8.7s with 0 outputs (0 actions)\n" + ftest(6),
            secs=30,
        ),
    )
    s.say("Re-run with fvm (3.24.3): nothing changed in the generated code, 6 tests pass.")
    s.outcome("success", "Drift cache tables added and generated with the pinned Flutter; tests pass")
    return s


def v02() -> Session:
    s = new("v02-phone-auth", "2029-10-30T09:56:05", "2.1.160", "phone-login", "phone-otp-shama")
    s.user(
        'phone OTP login Android debug પર fail થાય છે: "This app is not authorized to use Firebase Authentication. Please verify that the correct package name, SHA-1, and SHA-256 are configured in the Firebase console."'
    )
    s.act(
        None,
        Read(
            "analysis_options.yaml",
            "include: package:flutter_lints/flutter.yaml\n\nlinter:\n  rules:\n    # Always prefer const constructors.\n    prefer_const_constructors: true\n    avoid_print: true",
        ),
    )
    s.not_person("# Always prefer const constructors.", "tool_output")
    s.act(
        None,
        Bash(
            "cd android && ./gradlew signingReport 2>/dev/null | grep -A3 'Variant: debug$' | head -4",
            "Variant: debug\nConfig: debug\nStore: /Users/hetal/.android/debug.keystore\nAlias: AndroidDebugKey",
            secs=25,
        ),
    )
    s.act(
        None,
        Bash(
            "keytool -list -v -keystore ~/.android/debug.keystore -alias androiddebugkey -storepass android | grep SHA",
            "\t SHA1: 5E:8F:16:06:2E:A3:CD:2C:4A:0D:54:78:76:BA:A6:F3:8C:AB:F6:25\n\t SHA256: FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C",
        ),
    )
    s.say(
        "Your new MacBook's debug keystore has a SHA-1 the Firebase project does not know. Add both fingerprints under Project settings → Android app, then download google-services.json again."
    )
    s.user("added both, and put the new google-services.json in place. run it again")
    s.act(
        None,
        Bash(
            "fvm flutter test integration_test/login_test.dart -d emulator-5554",
            "Running Gradle task 'assembleDebug'...  41.2s\n✓ Built build/app/outputs/flutter-apk/app-debug.apk\n00:21 +1: All tests passed!",
            secs=75,
        ),
    )
    s.say("The OTP login integration test passes on the emulator.")
    s.one_off(
        "Firebase phone auth rejected the debug build because the new Mac's debug keystore SHA-1 was not registered"
    )
    s.outcome("success", "debug SHA-1/SHA-256 added in Firebase; OTP login works")
    return s


def v03() -> Session:
    s = new("v03-plugin-update", "2029-10-31T09:34:51", "2.1.161", "deps-nov", "plugin-bump-drongo")
    s.user("firebase plugins update કરો, crashlytics ની warning આવે છે. પછી debug apk build કરો")
    s.act(
        None,
        Bash(
            "fvm flutter pub upgrade firebase_core firebase_auth firebase_crashlytics",
            "Resolving dependencies...\n> firebase_auth 5.3.3 (was 5.3.1)\n> firebase_core 3.8.0 (was 3.6.0)\n> firebase_crashlytics 4.1.5 (was 4.1.3)\nChanged 6 dependencies!",
            secs=9,
        ),
    )
    s.act(None, Bash("fvm flutter build apk --debug", JVM_FAIL, code=1, secs=48))
    s.say(
        "The updated firebase_auth compiles its Kotlin for JVM 17 while the app's Java is still 1.8. A broader upgrade might pull newer Gradle bits along:"
    )
    s.act(
        None,
        Denied(
            Bash("fvm flutter pub upgrade --major-versions"),
            "ના! major versions નહિ. ગયા વખતે riverpod 3 આવી ગયું અને આખું app તૂટ્યું",
        ),
    )
    s.user(
        "ફરી કહું છું જેથી યાદ રહે: pub upgrade --major-versions ક્યારેય નહિ. એક એક package જોઈને.",
        rules=[("no-major-upgrade", "pub upgrade --major-versions ક્યારેય નહિ")],
    )
    s.user("take firebase back to the old versions, git checkout the lock file", after=10)
    s.act(
        None,
        Bash(
            "git checkout pubspec.yaml pubspec.lock && fvm flutter pub get && fvm flutter build apk --debug",
            "Got dependencies!\nRunning Gradle task 'assembleDebug'...\nExecution failed for task ':firebase_auth:compileDebugKotlin'.\n"
            "> Inconsistent JVM-target compatibility detected for tasks 'compileDebugJavaWithJavac' (1.8) and 'compileDebugKotlin' (17).\nBUILD FAILED in 22s",
            code=1,
            secs=40,
        ),
    )
    s.say(
        "Still failing after the rollback: Gradle cached the newer plugin sources in ~/.pub-cache. The app cannot build a debug APK right now."
    )
    s.user("uff. કાલે. 🤦‍♀️")
    s.outcome(
        "failed", "debug APK fails on inconsistent JVM-target after a firebase plugin update; rollback did not help"
    )
    s.hit("android-jvm-target")
    return s


def v04() -> Session:
    s = new("v04-amount-widget", "2029-11-01T10:16:22", "2.1.162", "ledger-ui", "amount-text-bulbul")
    s.user(
        "release ની ત્રણ વાત, બધા માટે:\n"
        "૧) Play Store build પહેલા flutter test અને integration_test બંને ચલાવવા\n"
        "૨) release builds fastlane થી internal track પર જ મોકલવા\n"
        "૩) રકમ હંમેશા NumberFormat.currency(locale: 'en_IN') થી બતાવવી, ₹1,23,456 જેવું",
        rules=[
            ("tests-before-build", "Play Store build પહેલા flutter test અને integration_test બંને ચલાવવા"),
            ("internal-track", "release builds fastlane થી internal track પર જ મોકલવા"),
            ("en-in-format", "રકમ હંમેશા NumberFormat.currency(locale: 'en_IN') થી બતાવવી"),
        ],
    )
    s.user("હવે કામ: ledger screen માં AmountText widget, paise લઈને રૂપિયા બતાવે", after=15)
    s.act(
        None,
        Write(
            "lib/widgets/amount_text.dart",
            "import 'package:flutter/material.dart';\nimport 'package:intl/intl.dart';\n\nfinal _inr = NumberFormat.currency(locale: 'en_IN', symbol: '₹', decimalDigits: 2);\n\n"
            "class AmountText extends StatelessWidget {\n  const AmountText(this.paise, {super.key});\n  final int paise;\n\n"
            "  @override\n  Widget build(BuildContext context) => Text(_inr.format(paise / 100));\n}\n",
        ),
    )
    s.act(
        None,
        Write(
            "test/widgets/amount_text_test.dart",
            "void main() {\n  testWidgets('lakh grouping', (t) async {\n    await t.pumpWidget(const MaterialApp(home: AmountText(12345678)));\n"
            "    expect(find.text('₹1,23,456.78'), findsOneWidget);\n  });\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter test", ftest(7)))
    s.say("AmountText shows 12345678 paise as ₹1,23,456.78; 7 tests pass.")
    s.user("સરસ 🙂 commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add AmountText with Indian grouping'",
            commit("ledger-ui", "3d7c2e8", "Add AmountText with Indian grouping", 2, 31),
        ),
    )
    s.say("Committed `3d7c2e8`.")
    s.outcome("success", "AmountText widget with en_IN formatting and a test; committed")
    return s


def v05() -> Session:
    s = new("v05-disposed-ref", "2029-11-02T10:04:10", "2.1.162", "ledger-ui", "disposed-ref-koel")
    s.user('ledger screen થી ઝડપથી back જઈએ તો red screen: Bad state: Cannot use "ref" after the widget was disposed.')
    s.act(
        None,
        Read(
            "lib/features/ledger/ledger_screen.dart",
            "  Future<void> _refresh() async {\n    final lots = await ref.read(apiProvider).traderLedger(widget.traderId);\n"
            "    ref.read(ledgerCacheProvider.notifier).replace(lots);\n  }",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/ledger/ledger_screen.dart",
            "    final lots = await ref.read(apiProvider).traderLedger(widget.traderId);\n    ref.read",
            "    final lots = await ref.read(apiProvider).traderLedger(widget.traderId);\n    if (!mounted) return;\n    ref.read",
        ),
    )
    s.act(None, Bash("fvm flutter test test/features/ledger", ftest(4)))
    s.say(
        "Fixed: after the await the State may be gone, so it now returns when not mounted. It's generally best to "
        "never call `ref.read` inside build(), which this screen does in two places too."
    )
    s.not_person("It's generally best to never call `ref.read` inside build()", "assistant_text")
    s.user("that goes in another PR. commit this one")
    s.act(
        None,
        Bash(
            "git commit -am 'Skip ledger cache update after the screen is gone'",
            commit("ledger-ui", "8e1b44a", "Skip ledger cache update after the screen is gone", 1, 1),
        ),
    )
    s.say("Committed `8e1b44a`.")
    s.one_off("Riverpod ref used after an await when the ledger screen had been disposed (fast back navigation)")
    s.outcome("success", "mounted check after the await; no red screen; committed")
    return s


FASTLANE_AGP = """[10:11:02]: ▸ > Task :app:checkReleaseAarMetadata FAILED
[10:11:02]: ▸ FAILURE: Build failed with an exception.
[10:11:02]: ▸ * What went wrong:
[10:11:02]: ▸ Execution failed for task ':app:checkReleaseAarMetadata'.
[10:11:02]: ▸ > An issue was found when checking AAR metadata:
[10:11:02]: ▸     1.  Dependency 'androidx.core:core-ktx:1.15.0' requires Android Gradle plugin 8.6.0 or higher.
[10:11:02]: ▸         This build currently uses Android Gradle plugin 8.1.0.
[10:11:02]: ▸ BUILD FAILED in 1m 4s
[10:11:02]: Exit status of command 'android/gradlew bundleRelease -p android' was 1 instead of 0.
+------------------------------------------+
|           Lane Context                   |
+------------------+-----------------------+
| PLATFORM_NAME    | android               |
| LANE_NAME        | android internal      |
+------------------+-----------------------+
[10:11:03]: Gradle task failed"""


def v06() -> Session:
    s = new("v06-bundle-release", "2029-11-05T09:41:37", "2.1.163", "main", "bundle-release-tailorbird")
    s.user("debug build Rakesh એ કોઈક રીતે ચલાવ્યો (pub cache clean). હવે release bundle: fastlane android internal")
    s.act(
        None,
        Bash(
            "fvm flutter test && fvm flutter test integration_test -d emulator-5554",
            ftest(11) + "\n00:38 +3: All tests passed!",
            secs=90,
        ),
    )
    s.act(None, Bash("cd android && bundle exec fastlane android internal", FASTLANE_AGP, code=1, secs=80))
    s.say(
        "The release build checks AAR metadata: androidx.core 1.15.0 (pulled in by firebase_crashlytics 4.1.5) needs "
        "Android Gradle plugin 8.6.0, and android/settings.gradle pins 8.1.0. Raising AGP also means Gradle 8.7."
    )
    s.act(
        None,
        Denied(
            Edit(
                "android/settings.gradle",
                'id "com.android.application" version "8.1.0" apply false',
                'id "com.android.application" version "8.6.0" apply false',
                not_read=False,
            ),
            "આજે નહિ, release Friday છે, Gradle ને અત્યારે નહિ છેડવું",
        ),
    )
    s.say("Not touching Gradle. No bundle was uploaded.")
    s.user("ok. Friday પછી.")
    s.outcome("failed", "release bundle fails: androidx.core needs AGP 8.6.0, build uses 8.1.0; AGP bump denied")
    s.hit("android-jvm-target")
    return s


def find_amounts(child: Session) -> None:
    from transcript_kit import Grep

    child.act(
        None,
        Grep(
            r"toStringAsFixed|NumberFormat",
            [
                "lib/features/ledger/ledger_screen.dart",
                "lib/features/quote/quote_card.dart",
                "lib/widgets/amount_text.dart",
            ],
            path=VYAPARI,
        ),
    )
    child.act(
        None,
        Grep(
            r"toStringAsFixed",
            [
                "lib/features/ledger/ledger_screen.dart:88:          Text('₹${(lot.ratePaise / 100).toStringAsFixed(2)}'),",
                "lib/features/quote/quote_card.dart:31:      Text('₹ ${(q.paise / 100).toStringAsFixed(0)}'),",
            ],
            path=VYAPARI,
            mode="content",
        ),
    )
    child.say(
        "Two places format money by hand with toStringAsFixed: ledger_screen.dart:88 and quote_card.dart:31. Only lib/widgets/amount_text.dart uses NumberFormat (en_IN)."
    )


def v07() -> Session:
    s = new("v07-amount-sweep", "2029-11-06T10:12:03", "2.1.163", "ledger-ui", "amount-sweep-hoopoe")
    s.user("where else in the app is money formatted by hand? find them and use AmountText")
    s.act(
        None,
        Agent(
            "Find hand-formatted amounts",
            "In /Users/hetal/code/vyapari/lib find every place where money is formatted by hand (toStringAsFixed, string interpolation with ₹) instead of NumberFormat. Report file:line.",
            "Explore",
            find_amounts,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/ledger/ledger_screen.dart",
            "          Text('₹${(lot.ratePaise / 100).toStringAsFixed(2)}'),",
            "          AmountText(lot.ratePaise),",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/quote/quote_card.dart",
            "      Text('₹ ${(q.paise / 100).toStringAsFixed(0)}'),",
            "      AmountText(q.paise),",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter analyze && fvm flutter test",
            "Analyzing vyapari...\nNo issues found! (ran in 3.1s)\n" + ftest(7),
        ),
    )
    s.say("Both replaced with AmountText; analyze clean, tests pass.")
    s.user(
        "good. also for the README: we decided with Rakesh bhai: Android first, iOS in January. write that in the roadmap section",
        decisions=["we decided with Rakesh bhai: Android first, iOS in January"],
    )
    s.act(None, Read("README.md", "# vyapari\n\n## Roadmap\n\n- offline ledger"))
    s.act(
        None,
        Edit(
            "README.md",
            "## Roadmap\n\n- offline ledger",
            "## Roadmap\n\n- Android first; iOS in January\n- offline ledger",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Use AmountText for all amounts'",
            commit("ledger-ui", "51a0c9d", "Use AmountText for all amounts", 3, 6, 3),
        ),
    )
    s.say("Committed `51a0c9d`.")
    s.outcome("success", "hand-formatted amounts replaced after an Explore search; roadmap noted; committed")
    return s


def v08() -> Session:
    s = new("v08-studio-sync", "2029-11-07T09:36:19", "2.1.164", "main", "studio-sync-sunbird")
    s.user("Android Studio માં android/ folder ખોલું તો sync જ નથી થતું, બધું લાલ લાલ. iOS simulator પર app બરાબર ચાલે છે")
    s.user("મેં કંઈ બદલ્યું નથી, ફક્ત Rakesh નો branch pull કર્યો", after=9)
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- pubspec.lock android/",
            "a9d21f0 Bump firebase plugins (Rakesh)\n51a0c9d Use AmountText for all amounts\n3d7c2e8 Add AmountText with Indian grouping",
        ),
    )
    s.say(
        "Rakesh's branch brings the newer firebase plugins again, so it is probably the same JVM target / Android "
        "Gradle plugin mismatch as last week. Can you paste the first error from Studio's Build tab?"
    )
    s.user("અત્યારે નહિ, bank નું કામ છે. પછી")
    s.outcome(
        "unknown", "Android Studio sync red after a pull, described in Gujarati; no error pasted, the person left"
    )
    s.hit("android-jvm-target")
    return s


def v09() -> Session:
    s = new("v09-version-code", "2029-11-08T10:01:44", "2.1.164", "release-1.3", "version-code-minivet")
    s.user(
        "Rakesh ના Mac પર bundle બન્યો (તેણે AGP હાથથી બદલ્યું, commit નથી કર્યું). upload fail થાય છે:\n\n"
        "[10:42:19]: Preparing to upload for language 'en-US'...\n"
        "[10:42:21]: Google Api Error: Invalid request - APK specifies a version code that has already been used.\n"
        "[10:42:21]: Always make sure the versionCode is higher than the previous upload.\n"
        "[10:42:21]: fastlane finished with errors"
    )
    s.not_person("Always make sure the versionCode is higher than the previous upload.", "pasted_log")
    s.act(None, Read("pubspec.yaml", "name: vyapari\nversion: 1.3.0+12"))
    s.act(
        None,
        Bash(
            "cd android && bundle exec fastlane run google_play_track_version_codes track:internal",
            "[10:44:02]: Result: [12]",
        ),
    )
    s.say("Build 12 is already on the internal track; the new bundle also says +12. Bumping to 1.3.0+13.")
    s.act(None, Edit("pubspec.yaml", "version: 1.3.0+12", "version: 1.3.0+13"))
    s.user("yes. I'm asking Rakesh to rebuild the bundle, I'll do the upload")
    s.act(
        None,
        Bash(
            "git commit -am 'Bump build number to 13' && git push",
            commit("release-1.3", "6b2fe31", "Bump build number to 13", 1, 1, 1),
        ),
    )
    s.say("Pushed `6b2fe31`; the next upload to internal will carry versionCode 13.")
    s.user("upload થઈ ગયું 🙂 internal track પર 13 દેખાય છે")
    s.one_off("Play upload rejected because versionCode 12 was already used on the internal track")
    s.outcome("success", "build number bumped to 13; Rakesh's bundle uploaded to internal")
    return s


def write_widget_tests(child: Session) -> None:
    child.act(
        None,
        Read(
            "lib/features/traders/trader_tile.dart",
            "class TraderTile extends StatelessWidget {\n  const TraderTile(this.trader, {super.key});",
        ),
    )
    child.act(
        None,
        Write(
            "test/widgets/trader_tile_test.dart",
            "void main() {\n  testWidgets('shows name and village', (t) async {\n    await t.pumpWidget(const MaterialApp(home: Material(child: TraderTile(Trader(id: 1, name: 'Maganbhai', village: 'Kadi')))));\n"
            "    expect(find.text('Maganbhai'), findsOneWidget);\n    expect(find.text('Kadi'), findsOneWidget);\n  });\n}\n",
        ),
    )
    child.act(None, Bash("fvm flutter test test/widgets", ftest(3)))
    child.say("Added test/widgets/trader_tile_test.dart (name and village); the widgets folder passes, 3 tests.")


def v10() -> Session:
    s = new("v10-trader-search", "2029-11-09T09:52:58", "2.1.165", "trader-search", "trader-search-barbet")
    s.user(
        "search in the traders list: by name or village, with a Drift query and a 300ms debounce. give the TraderTile widget tests to an agent in the background"
    )
    s.act(
        None,
        Agent(
            "TraderTile widget tests",
            "Write widget tests for lib/features/traders/trader_tile.dart in test/widgets/. Always keep widget tests "
            "under test/widgets/. Use fvm flutter test to run them and report.",
            "general-purpose",
            write_widget_tests,
            background=True,
        ),
    )
    s.not_person("Always keep widget tests under test/widgets/.", "subagent_prompt")
    s.act(
        None,
        Read(
            "lib/data/db.dart",
            "@DriftDatabase(tables: [Traders, BaleLots])\nclass AppDb extends _$AppDb {\n  AppDb(super.e);\n  @override\n  int get schemaVersion => 1;\n}",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/data/db.dart",
            "  int get schemaVersion => 1;\n}",
            "  int get schemaVersion => 1;\n\n  Stream<List<Trader>> searchTraders(String q) => (select(traders)\n"
            "        ..where((t) => t.name.like('%$q%') | t.village.like('%$q%'))\n        ..orderBy([(t) => OrderingTerm(expression: t.name)]))\n      .watch();\n}",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Hetal "
        "wants trader search (name or village) with a Drift query and a 300 ms debounce.\n2. searchTraders added to "
        "lib/data/db.dart.\n3. A background agent writes TraderTile widget tests.\n4. User preference: always use GetX "
        "for navigation.\nPending: the search field and provider.",
        171200,
        12400,
    )
    s.not_person("User preference: always use GetX for navigation.", "compaction_summary")
    s.act(
        None,
        Write(
            "lib/features/traders/trader_search.dart",
            "final traderQueryProvider = StateProvider<String>((ref) => '');\n\nfinal traderSearchProvider = StreamProvider<List<Trader>>((ref) {\n"
            "  final q = ref.watch(traderQueryProvider);\n  return ref.watch(dbProvider).searchTraders(q);\n});\n",
        ),
    )
    s.agent_done(after=25)
    s.user(
        "for now skip the integration tests in this run, the emulator is off. બાકી બધા ચલાવો",
        non_rules=["for now skip the integration tests in this run, the emulator is off"],
    )
    s.act(
        None,
        Bash(
            "fvm flutter analyze && fvm flutter test",
            "Analyzing vyapari...\nNo issues found! (ran in 3.4s)\n" + ftest(10),
        ),
    )
    s.say(
        "Search is wired (provider + debounced field); analyze clean, 10 unit/widget tests pass including the agent's."
    )
    s.user("સરસ, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add trader search by name or village'",
            commit("trader-search", "c40e8d7", "Add trader search by name or village", 4, 88),
        ),
    )
    s.say("Committed `c40e8d7`.")
    s.outcome("success", "trader search with a Drift query; widget tests by a background agent; committed")
    return s


def v11() -> Session:
    s = new("v11-agp-fix", "2029-11-12T10:02:31", "2.1.166", "android-toolchain", "agp-toolchain-pitta")
    s.user("release થઈ ગયું. હવે Android build નું કાયમી fix: AGP, Kotlin અને JVM target. Rakesh હાથથી બદલે છે એ બંધ કરવું છે")
    s.act(None, Read("android/settings.gradle", SETTINGS_GRADLE), Read("android/app/build.gradle", APP_GRADLE))
    s.say(
        "AGP 8.1.0 and Kotlin 1.8.22 with Java 1.8: the new plugins need AGP 8.6 (androidx.core 1.15) and a 17 JVM target. Raising all three together:"
    )
    s.act(
        None,
        Edit(
            "android/settings.gradle",
            'id "com.android.application" version "8.1.0" apply false',
            'id "com.android.application" version "8.6.0" apply false',
        ),
    )
    s.act(
        None,
        Edit(
            "android/settings.gradle",
            'id "org.jetbrains.kotlin.android" version "1.8.22" apply false',
            'id "org.jetbrains.kotlin.android" version "2.0.20" apply false',
        ),
    )
    s.act(
        None,
        Edit(
            "android/app/build.gradle",
            "    compileOptions {\n        sourceCompatibility = JavaVersion.VERSION_1_8\n        targetCompatibility = JavaVersion.VERSION_1_8\n    }\n\n"
            "    kotlinOptions {\n        jvmTarget = JavaVersion.VERSION_1_8\n    }",
            "    compileOptions {\n        sourceCompatibility = JavaVersion.VERSION_17\n        targetCompatibility = JavaVersion.VERSION_17\n    }\n\n"
            "    kotlin {\n        jvmToolchain(17)\n    }",
        ),
    )
    s.act(
        None,
        Bash(
            "sed -i '' 's/gradle-8.3-all/gradle-8.7-all/' android/gradle/wrapper/gradle-wrapper.properties && fvm flutter clean && fvm flutter build apk --debug",
            "Running Gradle task 'assembleDebug'...                          96.4s\n✓ Built build/app/outputs/flutter-apk/app-debug.apk",
            secs=110,
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test && fvm flutter test integration_test -d emulator-5554 && cd android && bundle exec fastlane android build_only",
            ftest(11)
            + "\n00:41 +3: All tests passed!\n[10:31:50]: ▸ BUILD SUCCESSFUL in 2m 11s\n[10:31:50]: fastlane.tools finished successfully 🎉",
            secs=260,
        ),
    )
    s.say(
        "Debug APK, all tests and the release bundle build with AGP 8.6.0, Kotlin 2.0.20, Gradle 8.7 and a JVM 17 toolchain."
    )
    s.user(
        "👏 શીખ્યા: plugin update પછી android/settings.gradle ના AGP અને Kotlin versions પણ જોવા પડે. commit",
        lessons=["શીખ્યા: plugin update પછી android/settings.gradle ના AGP અને Kotlin versions પણ જોવા પડે"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Raise AGP to 8.6, Kotlin to 2.0 and use a JVM 17 toolchain'",
            commit(
                "android-toolchain", "2f9c6b0", "Raise AGP to 8.6, Kotlin to 2.0 and use a JVM 17 toolchain", 3, 6, 6
            ),
        ),
    )
    s.say("Committed `2f9c6b0`.")
    s.outcome("success", "AGP 8.6.0, Kotlin 2.0.20, Gradle 8.7, jvmToolchain(17): debug and release builds pass")
    s.hit("android-jvm-target", fixed=True)
    return s


def v12() -> Session:
    s = new("v12-closed-testing", "2029-11-13T09:42:05", "2.1.167", "release-1.4", "closed-track-ioras")
    s.user(
        "1.4 માટે bundle. એક ફેરફાર: હવે પછી builds closed testing (alpha) track પર જશે, testers ત્યાં છે, internal "
        "પર ફક્ત અમે બે જ હતા",
        rules=[("alpha-track", "હવે પછી builds closed testing (alpha) track પર જશે, testers ત્યાં છે", "internal-track")],
    )
    s.act(
        None,
        Read(
            "android/fastlane/Fastfile",
            "platform :android do\n  lane :internal do\n    sh('fvm flutter build appbundle --release')\n    upload_to_play_store(track: 'internal', aab: '../build/app/outputs/bundle/release/app-release.aab')\n  end\nend",
        ),
    )
    s.act(
        None,
        Edit(
            "android/fastlane/Fastfile",
            "  lane :internal do\n    sh('fvm flutter build appbundle --release')\n    upload_to_play_store(track: 'internal',",
            "  lane :alpha do\n    sh('fvm flutter build appbundle --release')\n    upload_to_play_store(track: 'alpha',",
        ),
    )
    s.act(
        None,
        Edit(
            "android/fastlane/Fastfile",
            "    sh('fvm flutter build appbundle --release')",
            "    sh('flutter build appbundle --release')",
        ),
    )
    s.user(
        "અરે, Fastfile માં fvm કેમ કાઢ્યું? global flutter નહિ, fvm વાળું flutter જ વાપરવાનું, CI માં પણ",
        rules=[("fvm-flutter", "global flutter નહિ, fvm વાળું flutter જ વાપરવાનું")],
    )
    s.act(
        None,
        Edit(
            "android/fastlane/Fastfile",
            "    sh('flutter build appbundle --release')",
            "    sh('fvm flutter build appbundle --release')",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test && fvm flutter test integration_test -d emulator-5554 && cd android && bundle exec fastlane android alpha",
            ftest(12)
            + "\n00:40 +3: All tests passed!\n[10:20:44]: Successfully finished the upload to Google Play\n[10:20:44]: fastlane.tools finished successfully 🎉",
            secs=300,
        ),
    )
    s.say("Tests passed and 1.4.0+14 is on the closed testing (alpha) track.")
    s.outcome("success", "Fastfile lane moved to the alpha track (fvm kept); 1.4 uploaded after all tests")
    return s


def v13() -> Session:
    s = new("v13-settle-timeout", "2029-11-14T10:03:48", "2.1.168", "sync-banner", "sync-banner-drongo")
    s.user("sync banner નો integration test 10 મિનિટે timeout થાય છે. CircularProgressIndicator વાળો banner")
    s.act(
        None,
        Bash(
            "fvm flutter test integration_test/sync_banner_test.dart -d emulator-5554",
            "00:00 +0: sync banner shows while syncing\n10:00 +0 -1: sync banner shows while syncing [E]\n  TimeoutException after 0:10:00.000000: Test timed out after 10 minutes.\n"
            "  package:flutter_test/src/widget_tester.dart 667:5  WidgetTester.pumpAndSettle",
            code=1,
            secs=620,
        ),
    )
    s.act(
        None,
        Read(
            "integration_test/sync_banner_test.dart",
            "    await tester.tap(find.byIcon(Icons.sync));\n    await tester.pumpAndSettle();\n    expect(find.byType(SyncBanner), findsOneWidget);",
        ),
    )
    s.say(
        "The banner's CircularProgressIndicator animates forever, so pumpAndSettle never settles. Pumping a fixed time instead:"
    )
    s.act(
        None,
        Edit(
            "integration_test/sync_banner_test.dart",
            "    await tester.tap(find.byIcon(Icons.sync));\n    await tester.pumpAndSettle();",
            "    await tester.tap(find.byIcon(Icons.sync));\n    await tester.pump(const Duration(milliseconds: 500));",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test integration_test/sync_banner_test.dart -d emulator-5554",
            "00:09 +1: All tests passed!",
            secs=30,
        ),
    )
    s.say("Passes in 9 s.")
    s.user(
        "આજે શીખ્યા: pumpAndSettle infinite animation સાથે ક્યારેય પૂરું નથી થતું 🙂 commit",
        lessons=["pumpAndSettle infinite animation સાથે ક્યારેય પૂરું નથી થતું"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Pump a fixed time in the sync banner test'",
            commit("sync-banner", "d5a7e12", "Pump a fixed time in the sync banner test", 1, 1, 1),
        ),
    )
    s.say("Committed `d5a7e12`.")
    s.one_off("integration test timed out because pumpAndSettle waited on an endless progress indicator")
    s.outcome("success", "pump with a fixed duration instead of pumpAndSettle; test passes in 9 s")
    return s


def v14() -> Session:
    s = new("v14-pull-refresh", "2029-11-15T09:51:26", "2.1.172", "pull-refresh", "pull-refresh-munia")
    s.user(
        "ledger screen પર pull-to-refresh. આજ માટે ફક્ત debug build બનાવો, release નહિ",
        non_rules=["આજ માટે ફક્ત debug build બનાવો, release નહિ"],
    )
    s.act(
        None,
        Read(
            "lib/features/ledger/ledger_screen.dart", "      body: ListView.builder(\n        itemCount: lots.length,"
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/ledger/ledger_screen.dart",
            "      body: ListView.builder(\n        itemCount: lots.length,",
            "      body: RefreshIndicator(\n        onRefresh: _refresh,\n        child: ListView.builder(\n        itemCount: lots.length,",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --debug && adb install -r build/app/outputs/flutter-apk/app-debug.apk",
            "✓ Built build/app/outputs/flutter-apk/app-debug.apk\nPerforming Streamed Install\nSuccess",
            secs=70,
        ),
    )
    s.say(
        "Pull-to-refresh is in and the debug APK is installed on your phone. Check it against a slow network if you can."
    )
    s.user("ઠીક છે, કાલે જોઈશું")
    s.outcome("unknown", "pull-to-refresh built into a debug APK; the person left without trying it")
    return s


def v15() -> Session:
    s = new("v15-crashlytics", "2029-11-16T10:00:52", "2.1.175", "crash-logging", "crashlytics-oriole")
    s.user("sync ની errors Crashlytics માં non-fatal તરીકે જાય, trader id સાથે. PII નહિ, phone number નહિ")
    s.act(None, Read("lib/data/sync.dart", "    } catch (e, st) {\n      debugPrint('sync failed: $e');\n    }"))
    s.act(
        None,
        Edit(
            "lib/data/sync.dart",
            "    } catch (e, st) {\n      debugPrint('sync failed: $e');\n    }",
            "    } catch (e, st) {\n      FirebaseCrashlytics.instance.setCustomKey('trader_id', traderId);\n"
            "      await FirebaseCrashlytics.instance.recordError(e, st, reason: 'sync failed', fatal: false);\n    }",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter analyze && fvm flutter test",
            "Analyzing vyapari...\nNo issues found! (ran in 3.0s)\n" + ftest(12),
        ),
    )
    s.say("Sync errors go to Crashlytics as non-fatals with only trader_id as a custom key; tests pass.")
    s.user("accha, commit કરો")
    s.act(
        None,
        Bash(
            "git commit -am 'Report sync errors to Crashlytics as non-fatals'",
            commit("crash-logging", "e07b3a5", "Report sync errors to Crashlytics as non-fatals", 1, 3, 1),
        ),
    )
    s.say("Committed `e07b3a5`.")
    s.outcome("success", "sync errors recorded as Crashlytics non-fatals with trader_id; committed")
    return s


SESSIONS = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14, v15]

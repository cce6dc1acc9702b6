"""Sessions in `kisan-app` (/Users/priya/code/kisan-app): a Flutter app that shows farmers today's mandi prices
from the mandi-rates API, in English, Hindi and Kannada. Flutter 3.24.5 pinned with fvm, Dart 3.5, riverpod 2 (with
riverpod_generator), go_router, widget and golden tests (golden_toolkit), Android Gradle and iOS CocoaPods builds,
GitHub Actions CI on ubuntu-latest."""

from __future__ import annotations

from fake_output import KISAN, analyze, flutter_test, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, ExitPlanMode, Read, Session, Write

GOLD = "golden-platform-fonts"


def kisan(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KISAN, project="kisan-app")


CI_GOLDEN_LOG = """Run fvm flutter test
00:21 +46: /home/runner/work/kisan-app/kisan-app/test/widgets/price_card_test.dart: PriceCard golden
══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════
The following assertion was thrown while running async test code:
Golden "goldens/price_card.png": Pixel test failed, 2.31%, 1254px diff detected.
Failure feedback can be found at /home/runner/work/kisan-app/kisan-app/test/widgets/failures

When the exception was thrown, this was the stack:
#0      LocalFileComparator.compare (package:flutter_test/src/_goldens_io.dart:109:7)
<asynchronous suspension>
#1      MatchesGoldenFile.matchAsync.<anonymous closure> (package:flutter_test/src/_matchers_io.dart:120:32)
<asynchronous suspension>
════════════════════════════════════════════════════════════════════════════════════════════════════
00:22 +46 -1: /home/runner/work/kisan-app/kisan-app/test/widgets/price_card_test.dart: PriceCard golden [E]
  Test failed. See exception logs above.
  The test description was: PriceCard golden
00:31 +58 -1: Some tests failed.
Error: Process completed with exit code 1."""

DARK_GOLDEN_FAIL = """══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════
The following TestFailure was thrown running a test:
Expected: one widget whose rasterized image matches golden image "goldens/mandi_list_dark.png"
  Actual: _TypeWidgetFinder:<Found 1 widget with type "MandiListScreen": [
            MandiListScreen(dependencies: [UncontrolledProviderScope, _InheritedTheme])
          ]>
   Which: Golden "goldens/mandi_list_dark.png": Pixel test failed, 0.87%, 2311px diff detected.

When the exception was thrown, this was the stack:
#4      main.<anonymous closure> (file:///home/runner/work/kisan-app/kisan-app/test/screens/mandi_list_test.dart:58:5)
<asynchronous suspension>
#5      testWidgets.<anonymous closure>.<anonymous closure> (package:flutter_test/src/widget_tester.dart:189:15)
<asynchronous suspension>
(elided one frame from package:stack_trace)

This was caught by the test expectation on the following line:
  file:///home/runner/work/kisan-app/kisan-app/test/screens/mandi_list_test.dart line 58
The test description was:
  MandiListScreen dark theme golden
════════════════════════════════════════════════════════════════════════════════════════════════════"""

NDK_LOG = """FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:checkDebugAarMetadata'.
Your project is configured with Android NDK 23.1.7779620, but the following plugin(s) depend on a different Android NDK version:
- path_provider_android requires Android NDK 25.1.8937393
- shared_preferences_android requires Android NDK 25.1.8937393
Fix this issue by using the highest Android NDK version (they are backward compatible).
Add the following to /Users/priya/code/kisan-app/android/app/build.gradle:

    android {
        ndkVersion = "25.1.8937393"
        ...
    }

BUILD FAILED in 41s"""

GOLDEN_TEST = """  testGoldens('PriceCard golden', (tester) async {
    await tester.pumpWidgetBuilder(
      const PriceCard(commodity: 'Tomato', modal: 2150, unit: 'quintal'),
      surfaceSize: const Size(360, 120),
    );
    await screenMatchesGolden(tester, 'price_card');
  });"""


# ------------------------------------------------------------------------------------------------------------------
def k01_price_list() -> Session:
    s = kisan("k01-price-list", "2027-03-01T06:02:44", "2.1.194", "feature/prices", "amber-mandya-sunbird")
    s.user(
        "hi! kisan-app mein ek PricesScreen chahiye: list of today's prices from GET /api/markets/:code/rates, "
        "commodity name + modal price per quintal. keep the API base url in lib/config/env.dart as a const for "
        "now. decision: minSdk stays 23, we don't support older phones, so don't add any compat stuff",
        after=0,
        rules=[("env-const", "keep the API base url in lib/config/env.dart as a const for now")],
        decisions=["decision: minSdk stays 23, we don't support older phones"],
    )
    s.act(
        None,
        Read(
            "lib/main.dart",
            "void main() {\n  runApp(const ProviderScope(child: KisanApp()));\n}\n\nclass KisanApp extends StatelessWidget {\n"
            "  const KisanApp({super.key});\n\n  @override\n  Widget build(BuildContext context) {\n"
            "    return MaterialApp(title: 'Kisan', theme: kisanTheme, home: const HomeScreen());\n  }\n}",
            total=24,
        ),
    )
    s.act(
        None,
        Write("lib/config/env.dart", "const apiBaseUrl = 'https://api.mandirates.in';\n"),
        Write(
            "lib/data/rates_repository.dart",
            "class RatesRepository {\n  RatesRepository(this._dio);\n  final Dio _dio;\n\n"
            "  Future<List<Rate>> today(String marketCode) async {\n"
            "    final res = await _dio.get<List<dynamic>>('$apiBaseUrl/api/markets/$marketCode/rates');\n"
            "    return res.data!.map((j) => Rate.fromJson(j as Map<String, dynamic>)).toList();\n  }\n}\n",
        ),
        Write(
            "lib/screens/prices_screen.dart",
            "class PricesScreen extends ConsumerWidget {\n  const PricesScreen({super.key, required this.marketCode});\n"
            "  final String marketCode;\n\n  @override\n  Widget build(BuildContext context, WidgetRef ref) {\n"
            "    final rates = ref.watch(todayRatesProvider(marketCode));\n    return Scaffold(\n"
            "      appBar: AppBar(title: const Text('Today')),\n      body: rates.when(\n"
            "        data: (list) => ListView(children: [for (final r in list) PriceTile(rate: r)]),\n"
            "        loading: () => const Center(child: CircularProgressIndicator()),\n"
            "        error: (e, _) => Center(child: Text('$e')),\n      ),\n    );\n  }\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter test", flutter_test(31, secs=8), desc="Run tests", secs=25))
    s.say(
        "PricesScreen lists today's rates via RatesRepository (Dio) and a family provider; base URL is the const in lib/config/env.dart. 31 tests pass."
    )
    s.user("ok good, merge karti hoon")
    s.outcome("success", "PricesScreen with repository and provider; tests green; the person merges")
    return s


def k02_price_card() -> Session:
    s = kisan("k02-price-card", "2027-03-02T08:10:05", "2.1.194", "feature/price-card", "soft-hampi-kite")
    s.user(
        "PriceCard widget banao: commodity, modal price big, min-max small, aur ek arrow if price went up since "
        "yesterday. plus a widget test and a golden",
        after=0,
    )
    s.act(
        None,
        Write(
            "lib/widgets/price_card.dart",
            "class PriceCard extends StatefulWidget {\n  const PriceCard({super.key, required this.commodity, required this.modal, required this.unit});\n"
            "  final String commodity;\n  final int modal;\n  final String unit;\n\n  @override\n"
            "  State<PriceCard> createState() => _PriceCardState();\n}\n\nclass _PriceCardState extends State<PriceCard> {\n"
            "  int? yesterday;\n\n  @override\n  void initState() {\n    super.initState();\n"
            "    http.get(Uri.parse('$apiBaseUrl/api/rates/yesterday?c=${widget.commodity}')).then((r) {\n"
            "      setState(() => yesterday = int.tryParse(r.body));\n    });\n  }\n}\n",
        ),
    )
    s.user(
        "nahi nahi. kabhi bhi widget ke andar seedha http call mat karna, sab repository se jayega, provider ke "
        "through. PriceCard ko bas data do",
        rules=[
            ("no-http-in-widgets", "kabhi bhi widget ke andar seedha http call mat karna, sab repository se jayega")
        ],
    )
    s.act(
        None,
        Write(
            "lib/widgets/price_card.dart",
            "class PriceCard extends StatelessWidget {\n  const PriceCard({super.key, required this.commodity, required this.modal,\n"
            "      required this.unit, this.min, this.max, this.previous});\n  final String commodity;\n  final int modal;\n"
            "  final String unit;\n  final int? min, max, previous;\n\n  bool get wentUp => previous != null && modal > previous!;\n}\n",
        ),
        Write("test/widgets/price_card_test.dart", "void main() {\n" + GOLDEN_TEST + "\n}\n"),
    )
    s.act(
        None,
        Bash(
            "flutter test test/widgets",
            "Resolving dependencies...\nThe current Dart SDK version is 3.6.0.\n\nBecause kisan_app depends on "
            "flutter_localizations from sdk which depends on intl 0.19.0, intl 0.19.0 is required.\nSo, because "
            "kisan_app depends on intl ^0.20.1, version solving failed.\n\n\nYou can try the following suggestion to "
            "make the pubspec resolve:\n* Consider downgrading your constraint on intl: flutter pub add intl:^0.19.0",
            code=1,
            desc="Run widget tests",
            secs=6,
        ),
    )
    s.user(
        "use fvm flutter, not the global one. the version is pinned in .fvmrc, global wala 3.27 hai",
        rules=[("fvm", "use fvm flutter, not the global one. the version is pinned in .fvmrc")],
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test/widgets --update-goldens && fvm flutter test test/widgets",
            flutter_test(6, secs=5) + "\n" + flutter_test(6, secs=4),
            desc="Create the golden and run the widget tests",
            secs=20,
        ),
    )
    s.say(
        "PriceCard is a plain StatelessWidget now (data in, no fetching); the arrow shows when `previous` is lower. "
        "With fvm's Flutter 3.24.5 the widget tests pass and goldens/price_card.png is generated."
    )
    s.user("👍")
    s.outcome("success", "PriceCard without network calls, widget test and golden pass with the pinned Flutter")
    s.one_off("global Flutter 3.27 (Dart 3.6) fails pub version solving on intl; the project pins 3.24.5 with fvm")
    return s


def k03_ci_golden() -> Session:
    s = kisan("k03-ci-golden", "2027-03-03T06:31:19", "2.1.195", "feature/price-card", "pale-hassan-heron")
    s.user(
        "CI fail ho raha hai on the price card PR, local pe sab pass:\n\n```\n" + CI_GOLDEN_LOG + "\n```",
        after=0,
    )
    s.act(None, Read("test/widgets/price_card_test.dart", GOLDEN_TEST, offset=9, total=30))
    s.act(
        "The golden differs by 2.31% on CI. The PNG was generated before the last PriceCard change (the min-max "
        "row), so I'll regenerate it and rerun.",
        Bash(
            "fvm flutter test test/widgets/price_card_test.dart --update-goldens && git status --short",
            flutter_test(3, secs=4) + "\n M test/widgets/goldens/price_card.png",
            desc="Regenerate the golden",
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            'git add test/widgets/goldens && git commit -m "test: update price_card golden" && git push',
            git_commit("feature/price-card", "c20f8e1", "test: update price_card golden", 1, 0, 0)
            + "\nTo github.com:priya-dev/kisan-app.git\n   9a12e03..c20f8e1  feature/price-card -> feature/price-card",
            desc="Commit and push",
        ),
    )
    s.say("Regenerated goldens/price_card.png and pushed; the CI run should pick it up.")
    s.user("same error, 2.31% again. ugh. chhodo abhi, PR bina golden ke merge karti hoon", after=600)
    s.outcome("failed", "regenerated the golden on the Mac; CI still fails with the same pixel diff")
    s.hit(GOLD)
    return s


def k04_riverpod_codegen() -> Session:
    s = kisan("k04-riverpod-codegen", "2027-03-04T07:05:37", "2.1.195", "feature/markets", "quiet-udupi-myna")
    s.user("markets list ke liye provider banao jo RatesRepository se markets laaye, state filter ke saath", after=0)
    s.act(
        None,
        Write(
            "lib/providers/markets_provider.dart",
            "final marketsProvider = FutureProvider.family<List<Market>, String?>((ref, state) {\n"
            "  return ref.watch(ratesRepositoryProvider).markets(state: state);\n});\n",
        ),
    )
    s.user(
        "haath se providers mat likho, @riverpod annotation use karo. build_runner setup hai already",
        rules=[("riverpod-codegen", "haath se providers mat likho, @riverpod annotation use karo")],
    )
    s.act(
        None,
        Write(
            "lib/providers/markets_provider.dart",
            "import 'package:riverpod_annotation/riverpod_annotation.dart';\n\npart 'markets_provider.g.dart';\n\n"
            "@riverpod\nFuture<List<Market>> markets(MarketsRef ref, {String? state}) {\n"
            "  return ref.watch(ratesRepositoryProvider).markets(state: state);\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm dart run build_runner build --delete-conflicting-outputs",
            "[INFO] Generating build script completed, took 412ms\n[INFO] Reading cached asset graph completed, took 88ms\n"
            "[INFO] Running build completed, took 6.2s\n[INFO] Caching finalized dependency graph completed, took 51ms\n"
            "[INFO] Succeeded after 6.3s with 4 outputs (12 actions)",
            desc="Generate providers",
            secs=14,
        ),
    )
    s.act(None, Bash("fvm flutter test", flutter_test(37, secs=9), desc="Run tests", secs=25))
    s.say("marketsProvider is generated from the @riverpod function (family with an optional state); 37 tests pass.")
    s.user(
        "kya hum hamesha riverpod ke saath freezed use karte hain ya sirf models mein?",
        non_rules=["kya hum hamesha riverpod ke saath freezed use karte hain ya sirf models mein?"],
    )
    s.act(
        None,
        Bash(
            "grep -rl '@freezed' lib | sort",
            "lib/models/market.dart\nlib/models/rate.dart\nlib/models/user_prefs.dart",
            desc="Where freezed is used",
            secs=0.4,
        ),
    )
    s.say("Only in lib/models (Market, Rate, UserPrefs). Providers and their state don't use freezed anywhere.")
    s.user("ok cool")
    s.outcome("success", "markets provider rewritten with riverpod_generator; build_runner and tests pass")
    return s


def k05_pod_ffi() -> Session:
    s = kisan("k05-pod-ffi", "2027-03-05T08:33:58", "2.1.195", "main", "brisk-gokarna-owl")
    s.user(
        "ios build nahi ho raha naye mac pe. pod install:\n\n```\nLoadError - dlopen(/Library/Ruby/Gems/2.6.0/gems/"
        "ffi-1.15.5/lib/ffi_c.bundle, 0x0009): tried: '/Library/Ruby/Gems/2.6.0/gems/ffi-1.15.5/lib/ffi_c.bundle' "
        "(mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64e' or 'arm64'))\n```",
        after=0,
    )
    s.act(
        "The ffi gem in the system Ruby was built for x86_64. Reinstalling it for arm64 should fix it:",
        Denied(Bash("sudo gem install ffi -- --enable-system-libffi", desc="Reinstall ffi")),
    )
    s.user(
        "never use sudo for pod, gem or brew stuff, it messes up the permissions. homebrew se karo",
        rules=[("no-sudo", "never use sudo for pod, gem or brew stuff")],
    )
    s.act(
        None,
        Bash(
            "brew install cocoapods && which pod && pod --version",
            "==> Fetching cocoapods\n==> Downloading https://ghcr.io/v2/homebrew/core/cocoapods/manifests/1.16.2\n"
            "==> Pouring cocoapods--1.16.2.arm64_sequoia.bottle.tar.gz\n🍺  /opt/homebrew/Cellar/cocoapods/1.16.2: "
            "13,885 files, 29.7MB\n/opt/homebrew/bin/pod\n1.16.2",
            desc="Install CocoaPods with Homebrew",
            secs=45,
        ),
    )
    s.act(
        None,
        Bash(
            "cd ios && pod install && cd .. && fvm flutter build ios --debug --simulator",
            "Analyzing dependencies\nDownloading dependencies\nInstalling Flutter (1.0.0)\nInstalling path_provider_foundation (0.0.1)\n"
            "Installing shared_preferences_foundation (0.0.1)\nGenerating Pods project\nIntegrating client project\n"
            "Pod installation complete! There are 4 dependencies from the Podfile and 4 total pods installed.\n"
            "Building com.priyadev.kisan for simulator (ios)...\nRunning Xcode build...\nXcode build done.  48.2s\n"
            "✓ Built build/ios/iphonesimulator/Runner.app",
            desc="pod install and simulator build",
            secs=95,
        ),
    )
    s.say("CocoaPods from Homebrew runs natively on arm64; pod install and the simulator build both succeed.")
    s.user(
        "TIL the ffi error on M1 goes away with homebrew cocoapods instead of the system ruby gem. thanks",
        lessons=["TIL the ffi error on M1 goes away with homebrew cocoapods instead of the system ruby gem"],
    )
    s.outcome("success", "CocoaPods via Homebrew instead of sudo gem; pod install and iOS simulator build succeed")
    s.one_off("pod install LoadError: ffi_c.bundle incompatible architecture (x86_64 vs arm64) with the system Ruby")
    return s


def k06_dark_golden() -> Session:
    s = kisan("k06-dark-golden", "2027-03-08T06:04:21", "2.1.196", "feature/dark-theme", "still-kabini-drongo")
    s.user(
        "dark theme PR ka CI red hai. CI always fails on the dark theme golden since I added it, never locally. "
        "gh se log dekh lo",
        after=0,
        non_rules=["CI always fails on the dark theme golden since I added it, never locally"],
    )
    s.act(
        None,
        Bash(
            "gh run view --log-failed | tail -40",
            "test\tRun fvm flutter test\t"
            + DARK_GOLDEN_FAIL.replace("\n", "\ntest\tRun fvm flutter test\t")
            + "\ntest\tRun fvm flutter test\t00:34 +61 -1: Some tests failed.",
            desc="Failed CI log",
            secs=5,
        ),
    )
    s.act(
        "0.87% on a dark screen is sub-pixel differences in text edges. I'll add a comparator that allows a small "
        "tolerance for golden tests.",
        Write(
            "test/flutter_test_config.dart",
            "import 'dart:async';\n\nimport 'package:flutter_test/flutter_test.dart';\n\n"
            "Future<void> testExecutable(FutureOr<void> Function() testMain) async {\n"
            "  goldenFileComparator = _TolerantComparator(Uri.parse('test/'), 0.01);\n  await testMain();\n}\n\n"
            "class _TolerantComparator extends LocalFileComparator {\n  _TolerantComparator(super.testFile, this.tolerance);\n"
            "  final double tolerance;\n\n  @override\n  Future<bool> compare(Uint8List imageBytes, Uri golden) async {\n"
            "    final result = await GoldenFileComparator.compareLists(imageBytes, await getGoldenBytes(golden));\n"
            "    return result.passed || result.diffPercent <= tolerance;\n  }\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter test", flutter_test(62, secs=11), desc="Run tests", secs=30))
    s.say(
        "Tests pass locally with the tolerant comparator; CI's 0.87% would pass too. Going forward I'll keep golden "
        "tolerance at 1% for all golden tests."
    )
    s.not_person("Going forward I'll keep golden tolerance at 1% for all golden tests.", "assistant_text")
    s.user("nahi, tolerance badhana matlab test ko andha karna. 1% mein poora arrow gayab ho sakta hai. yeh file hatao")
    s.act(None, Bash("rm test/flutter_test_config.dart && git status --short", "", desc="Remove the comparator"))
    s.say("Removed; the dark theme golden is back to failing on CI.")
    s.outcome("failed", "1% golden tolerance comparator rejected by the person and removed; CI still red")
    s.hit(GOLD)
    return s


def k07_arb_strings() -> Session:
    s = kisan("k07-arb-strings", "2027-03-09T07:32:40", "2.1.196", "feature/l10n", "amber-coorg-bulbul")
    s.user(
        "Hindi aur Kannada support add karna hai. flutter_localizations setup hai, bas strings nikalni hain", after=0
    )
    s.act(
        None,
        Bash(
            "fvm flutter analyze",
            analyze(
                [
                    "info • Don't invoke 'print' in production code • lib/data/rates_repository.dart:14:7 • avoid_print",
                    "info • Use 'const' with the constructor to improve performance • lib/screens/prices_screen.dart:22:16 • prefer_const_constructors",
                ]
            ),
            code=1,
            desc="Analyze first",
            secs=9,
        ),
    )
    s.not_person("Don't invoke 'print' in production code", "tool_output")
    s.act(
        None,
        Edit(
            "lib/screens/prices_screen.dart",
            "      appBar: AppBar(title: const Text('Today')),",
            "      appBar: AppBar(title: Text(context.l10n.todayTitle)),",
        ),
        Write(
            "lib/l10n/app_en.arb",
            '{\n  "@@locale": "en",\n  "todayTitle": "Today\'s prices",\n  "perQuintal": "per quintal",\n'
            '  "priceUp": "Up since yesterday"\n}\n',
        ),
    )
    s.act(
        None,
        Read(
            "lib/widgets/price_card.dart",
            "          Text('$modal', style: t.headlineMedium),\n          Text('per $unit', style: t.bodySmall),",
            offset=31,
            total=58,
        ),
    )
    s.say(
        "PricesScreen's title is in app_en.arb now. PriceCard builds its unit label in code ('per $unit'); I've left "
        "that as is since it's composed from data."
    )
    s.user(
        "all user facing strings go in the arb files, no hardcoded Text() anywhere, including 'per quintal'. "
        "hi aur kn dono chahiye",
        rules=[("arb-strings", "all user facing strings go in the arb files, no hardcoded Text() anywhere")],
    )
    s.act(
        None,
        Edit(
            "lib/widgets/price_card.dart",
            "          Text('per $unit', style: t.bodySmall),",
            "          Text(context.l10n.perUnit(unit), style: t.bodySmall),",
        ),
        Write(
            "lib/l10n/app_hi.arb",
            '{\n  "@@locale": "hi",\n  "todayTitle": "आज के भाव",\n  "perUnit": "प्रति {unit}",\n  "priceUp": "कल से बढ़ा"\n}\n',
        ),
        Write(
            "lib/l10n/app_kn.arb",
            '{\n  "@@locale": "kn",\n  "todayTitle": "ಇಂದಿನ ಬೆಲೆಗಳು",\n  "perUnit": "ಪ್ರತಿ {unit}",\n  "priceUp": "ನಿನ್ನೆಗಿಂತ ಹೆಚ್ಚು"\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter gen-l10n && fvm flutter test",
            "Generating localizations...\n" + flutter_test(64, secs=10),
            desc="Generate l10n and test",
            secs=30,
        ),
    )
    s.say("All visible strings of PricesScreen and PriceCard come from the arb files in en, hi and kn; 64 tests pass.")
    s.user("hindi wala sahi hai, kannada Ravi se check karwa lungi. merge")
    s.outcome("success", "strings moved to en/hi/kn arb files after a correction; gen-l10n and tests pass")
    return s


def k08_ndk_mismatch() -> Session:
    s = kisan("k08-ndk-mismatch", "2027-03-10T09:02:11", "2.1.196", "feature/router", "low-agumbe-egret")
    s.user(
        "android debug build fail ho raha hai after adding shared_preferences:\n\n```\n"
        + NDK_LOG
        + "\n```\nalso fyi we're going with go_router for navigation, decided in standup, next task woh hai",
        after=0,
        decisions=["we're going with go_router for navigation, decided in standup"],
    )
    s.not_person(
        "Fix this issue by using the highest Android NDK version (they are backward compatible).", "pasted_log"
    )
    s.act(
        None,
        Edit(
            "android/app/build.gradle",
            "    ndkVersion = flutter.ndkVersion",
            '    ndkVersion = "25.1.8937393"',
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --debug",
            "Running Gradle task 'assembleDebug'...                            62.4s\n"
            "✓ Built build/app/outputs/flutter-apk/app-debug.apk",
            desc="Android debug build",
            secs=75,
        ),
    )
    s.say("Pinned ndkVersion 25.1.8937393 in android/app/build.gradle; the debug APK builds.")
    s.user("works on my phone 👍")
    s.outcome("success", "NDK version pinned as Gradle asked; debug APK builds and runs on the phone")
    s.one_off("Android build: project NDK 23.1 vs plugins needing NDK 25.1 after adding shared_preferences")
    return s


def _sa_golden_diff(c: Session) -> None:
    c.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: kuhnroyal/flutter-fvm-config-action/setup@v3\n      - run: fvm flutter pub get\n"
            "      - run: fvm flutter test",
            total=31,
        ),
        Read(
            "pubspec.yaml",
            "dev_dependencies:\n  flutter_test:\n    sdk: flutter\n  golden_toolkit: ^0.15.0\n  build_runner: ^2.4.13",
            offset=40,
            total=71,
        ),
    )
    c.act(
        None,
        Bash(
            "ls test/widgets/failures test/screens/failures 2>/dev/null; git log -3 --format='%h %an %s' -- test/widgets/goldens",
            "c20f8e1 Priya Rao test: update price_card golden\n9a12e03 Priya Rao feat: price card with golden test\n",
            desc="Failure images and golden history",
        ),
    )
    c.say(
        "CI runs `fvm flutter test` on ubuntu-latest with the same Flutter (3.24.5 from .fvmrc). Goldens use "
        "golden_toolkit (screenMatchesGolden), and every golden PNG in git was committed from Priya's machine "
        "(macOS). No failure images are present locally (they're only produced on CI). The Flutter version is the "
        "same on both sides, so the difference would come from the platform: text and anti-aliasing are rasterized "
        "differently on macOS and Linux, and every failing golden contains text."
    )


def k09_golden_hinglish() -> Session:
    s = kisan("k09-golden-hinglish", "2027-03-11T10:04:47", "2.1.196", "main", "pale-kudremukh-kite")
    s.user(
        "CI pe woh screenshot wala test phir laal hai, mere mac pe sab hara hai. pichle hafte bhi yahi hua tha aur "
        "ek baar dark theme pe bhi. kya chakkar hai? kuch change mat karo abhi, bas samjhao",
        after=0,
    )
    s.act(
        "I'll have an agent compare the CI setup with the local one in the background.",
        Agent(
            "Golden CI vs local",
            "Compare how golden tests run locally (macOS) and in .github/workflows/ci.yml: runner OS, Flutter "
            "version, golden tooling, where the golden PNGs were generated. List anything that would make the "
            "same golden render differently. Report only.",
            "general-purpose",
            _sa_golden_diff,
            background=True,
        ),
    )
    s.act(None, Read("test/widgets/price_card_test.dart", GOLDEN_TEST, offset=9, total=30))
    s.agent_done(after=15)
    s.say(
        "Same Flutter version on both sides, but the goldens are made on your Mac and compared on Linux. Text is "
        "rasterized differently on the two (font hinting, anti-aliasing), so any golden with text will be a few "
        "percent off on CI, whatever you regenerate locally. Options: generate and compare goldens on one platform "
        "only (e.g. the same Linux Docker image locally and on CI), or skip goldens on CI."
    )
    s.user("hmm ok. sochti hoon isko kaise karein")
    s.outcome("unknown", "explanation only (platform rendering), no change and no decision")
    s.hit(GOLD)
    return s


def k10_dart_define() -> Session:
    s = kisan("k10-dart-define", "2027-03-12T07:03:30", "2.1.197", "feature/envs", "quiet-nandi-sunbird")
    s.user(
        "staging aur prod alag builds chahiye. no more hardcoded endpoints in dart code, pass them with "
        "--dart-define-from-file, env/dev.json, env/staging.json, env/prod.json",
        after=0,
        rules=[
            (
                "dart-define",
                "no more hardcoded endpoints in dart code, pass them with --dart-define-from-file",
                "env-const",
            )
        ],
    )
    s.act(None, Read("lib/config/env.dart", "const apiBaseUrl = 'https://api.mandirates.in';"))
    s.act(
        None,
        Edit(
            "lib/config/env.dart",
            "const apiBaseUrl = 'https://api.mandirates.in';",
            "const apiBaseUrl = String.fromEnvironment('API_BASE_URL');\n\nvoid assertEnv() {\n"
            "  assert(apiBaseUrl.isNotEmpty, 'run with --dart-define-from-file=env/<flavor>.json');\n}",
        ),
        Write("env/dev.json", '{\n  "API_BASE_URL": "http://10.0.2.2:4000"\n}\n'),
        Write("env/staging.json", '{\n  "API_BASE_URL": "https://staging.mandirates.in"\n}\n'),
        Write("env/prod.json", '{\n  "API_BASE_URL": "https://api.mandirates.in"\n}\n'),
    )
    s.act(
        None,
        Write(
            ".vscode/launch.json",
            '{\n  "configurations": [\n    {"name": "dev", "request": "launch", "type": "dart", '
            '"args": ["--dart-define-from-file=env/dev.json"]},\n    {"name": "staging", "request": "launch", '
            '"type": "dart", "args": ["--dart-define-from-file=env/staging.json"]}\n  ]\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test --dart-define-from-file=env/dev.json && fvm flutter build apk --debug --dart-define-from-file=env/staging.json",
            flutter_test(64, secs=10) + "\nRunning Gradle task 'assembleDebug'...                            38.1s\n"
            "✓ Built build/app/outputs/flutter-apk/app-debug.apk",
            desc="Tests and a staging build",
            secs=70,
        ),
    )
    s.say(
        "The base URL now comes from `--dart-define-from-file`; env/*.json for dev, staging and prod, VS Code launch configs for dev and staging. Tests and a staging APK build pass."
    )
    s.user("login works on the staging build 👌")
    s.outcome("success", "endpoints from --dart-define-from-file per environment; tests and staging build work")
    return s


GOLDEN_PLAN = """## Goldens: generate and compare on one platform

Goldens are made on macOS and compared on ubuntu-latest; text rasterizes differently, so they never match.

1. Tag every golden test `@Tags(['golden'])` and declare the tag in `dart_test.yaml`.
2. `tool/update_goldens.sh`: run the golden tests in Docker (`ghcr.io/cirruslabs/flutter:3.24.5`, forced to
   linux/amd64 like the CI runner) with `--update-goldens`; this is the only way goldens get written.
3. CI: run `--exclude-tags golden` as today, plus a `goldens` job inside the same container image.
4. Locally `fvm flutter test --exclude-tags golden`; goldens only through the script.
5. Regenerate all goldens once with the script and commit them."""


def k11_offline_cache() -> Session:
    s = kisan("k11-offline-cache", "2027-03-15T06:12:08", "2.1.197", "feature/offline", "brisk-shivanasamudra-heron")
    s.user(
        "gaon mein network nahi hota. last fetched prices offline dikhne chahiye, with 'last updated' time. "
        "shared_preferences mein JSON rakh do, drift overkill hai abhi",
        after=0,
    )
    s.act(
        None,
        Read(
            "lib/data/rates_repository.dart",
            "class RatesRepository {\n  RatesRepository(this._dio);\n  final Dio _dio;\n\n"
            "  Future<List<Rate>> today(String marketCode) async {\n"
            "    final res = await _dio.get<List<dynamic>>('$apiBaseUrl/api/markets/$marketCode/rates');\n"
            "    return res.data!.map((j) => Rate.fromJson(j as Map<String, dynamic>)).toList();\n  }\n}",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/data/rates_repository.dart",
            "  RatesRepository(this._dio);\n  final Dio _dio;",
            "  RatesRepository(this._dio, this._prefs);\n  final Dio _dio;\n  final SharedPreferencesAsync _prefs;",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/data/rates_repository.dart",
            "    final res = await _dio.get<List<dynamic>>('$apiBaseUrl/api/markets/$marketCode/rates');\n"
            "    return res.data!.map((j) => Rate.fromJson(j as Map<String, dynamic>)).toList();",
            "    try {\n      final res = await _dio.get<List<dynamic>>('$apiBaseUrl/api/markets/$marketCode/rates');\n"
            "      await _prefs.setString('rates_$marketCode', jsonEncode({'at': DateTime.now().toIso8601String(), 'rates': res.data}));\n"
            "      return res.data!.map((j) => Rate.fromJson(j as Map<String, dynamic>)).toList();\n"
            "    } on DioException {\n      final cached = await _prefs.getString('rates_$marketCode');\n"
            "      if (cached == null) rethrow;\n      return CachedRates.fromJson(jsonDecode(cached)).rates;\n    }",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n"
        "1. Request: show the last fetched prices offline with a 'last updated' time, cached as JSON in "
        "shared_preferences (no drift).\n2. Done: RatesRepository takes SharedPreferencesAsync, writes "
        "rates_<marketCode> after each fetch and falls back to it on DioException.\n3. Next: expose the cache "
        "time to PricesScreen (banner), tests for the fallback, run tests with fvm.",
        pre_tokens=88_412,
        post_tokens=9_906,
    )
    s.user(
        "never mind the banner styling for now, just plain text under the app bar",
        non_rules=["never mind the banner styling for now, just plain text"],
    )
    s.act(
        None,
        Write(
            "test/data/rates_repository_test.dart",
            "void main() {\n  test('falls back to cached rates when offline', () async {\n"
            "    SharedPreferencesAsyncPlatform.instance = InMemorySharedPreferencesAsync.withData({\n"
            "      'rates_KA-BLR-01': jsonEncode({'at': '2027-03-14T18:05:00', 'rates': [tomatoJson]}),\n    });\n"
            "    final dio = Dio()..httpClientAdapter = OfflineAdapter();\n"
            "    final repo = RatesRepository(dio, SharedPreferencesAsync());\n\n"
            "    final rates = await repo.today('KA-BLR-01');\n    expect(rates.single.commodity, 'Tomato');\n  });\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter test --exclude-tags golden", flutter_test(67, secs=10), desc="Run tests", secs=28))
    s.say(
        "Offline fallback works: the last response per market is kept in shared_preferences and shown with a 'last updated' banner when Dio fails. 67 tests pass."
    )
    s.user("tried in airplane mode, works 👍")
    s.outcome("success", "offline cache of last prices in shared_preferences; tests pass; person verified on the phone")
    return s


def k12_fix_goldens() -> Session:
    s = kisan("k12-fix-goldens", "2027-03-16T05:34:27", "2.1.198", "fix/goldens-linux", "amber-jog-falls-myna")
    s.user(
        "golden wala issue finally fix karna hai. mac vs linux rendering wali baat. pehle plan dikhao, phir karna",
        after=0,
    )
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: kuhnroyal/flutter-fvm-config-action/setup@v3\n      - run: fvm flutter pub get\n"
            "      - run: fvm flutter test",
            total=31,
        ),
    )
    s.act(None, ExitPlanMode(GOLDEN_PLAN, "amber-jog-falls-myna"))
    s.act(
        None,
        Write(
            "tool/update_goldens.sh",
            "#!/usr/bin/env bash\n# Goldens are generated only here, in the same Linux image CI uses.\nset -euo pipefail\n"
            'docker run --rm -v "$PWD":/app -w /app \\\n'
            "  --platform linux/amd64 ghcr.io/cirruslabs/flutter:3.24.5 flutter test --tags golden --update-goldens\n",
        ),
        Write("dart_test.yaml", "tags:\n  golden:\n    description: golden image tests, run in the Linux image only\n"),
    )
    s.act(
        None,
        Edit("test/widgets/price_card_test.dart", "void main() {", "@Tags(['golden'])\nlibrary;\n\nvoid main() {"),
        Edit("test/screens/mandi_list_test.dart", "void main() {", "@Tags(['golden'])\nlibrary;\n\nvoid main() {"),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - run: fvm flutter test",
            "      - run: fvm flutter test --exclude-tags golden\n  goldens:\n    runs-on: ubuntu-latest\n"
            "    container: ghcr.io/cirruslabs/flutter:3.24.5\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: flutter pub get\n      - run: flutter test --tags golden",
        ),
    )
    s.act(
        None,
        Bash(
            "chmod +x tool/update_goldens.sh && tool/update_goldens.sh && git status --short test",
            "Unable to find image 'ghcr.io/cirruslabs/flutter:3.24.5' locally\n3.24.5: Pulling from cirruslabs/flutter\n"
            "Digest: sha256:5f0b0c3e1d9a7e2c6b84d1f3a0e9c7b2d6f4a1e8c3b5d7f9a2c4e6b8d0f1a3c5\n"
            "Status: Downloaded newer image for ghcr.io/cirruslabs/flutter:3.24.5\n"
            + flutter_test(4, secs=48).replace(KISAN, "/app")
            + "\n M test/screens/goldens/mandi_list_dark.png\n M test/screens/goldens/mandi_list_light.png\n"
            " M test/widgets/goldens/price_card.png\n M test/widgets/goldens/price_card_up.png",
            desc="Regenerate goldens in the Linux image",
            secs=190,
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test --exclude-tags golden",
            flutter_test(63, secs=10),
            desc="Non-golden tests locally",
            secs=28,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "test: generate and compare goldens in the linux image" && git push -u origin '
            "fix/goldens-linux && gh pr create --fill && gh run watch --exit-status",
            git_commit(
                "fix/goldens-linux", "d83a6b0", "test: generate and compare goldens in the linux image", 9, 47, 3
            )
            + "\nhttps://github.com/priya-dev/kisan-app/pull/41\n✓ fix/goldens-linux CI · 8121650732\n"
            "Triggered via pull_request about 4 minutes ago\n\nJOBS\n✓ test in 2m11s (ID 22817342001)\n"
            "✓ goldens in 3m02s (ID 22817342114)",
            desc="Commit, PR and watch CI",
            secs=260,
        ),
    )
    s.say(
        "CI is green on PR #41: the normal tests and the goldens job, with goldens regenerated in the same linux/amd64 image."
    )
    s.user(
        "finally 🙏 lesson: golden images depend on the OS font rasterizer, a mac golden will never match linux CI. "
        "aur yaad rakhna: goldens kabhi bhi mac pe update mat karna, sirf tool/update_goldens.sh se",
        lessons=["lesson: golden images depend on the OS font rasterizer, a mac golden will never match linux CI"],
        rules=[("goldens-script", "goldens kabhi bhi mac pe update mat karna, sirf tool/update_goldens.sh se")],
    )
    s.say("Noted. The script header says the same, so whoever opens it sees why.")
    s.outcome("success", "goldens tagged and generated/compared in the same Linux image via a script; CI green")
    s.hit(GOLD, fixed=True)
    return s


def k13_kannada_overflow() -> Session:
    s = kisan("k13-kannada-overflow", "2027-03-17T08:01:54", "2.1.198", "feature/l10n-kn", "soft-belur-lark")
    s.user(
        "kannada locale mein PriceCard overflow kar raha hai, yellow-black stripes. widget test bhi:\n\n```\n"
        "══╡ EXCEPTION CAUGHT BY RENDERING LIBRARY ╞═════════════════════════════════════════════\n"
        "The following assertion was thrown during layout:\nA RenderFlex overflowed by 23 pixels on the right.\n\n"
        "The relevant error-causing widget was:\n  Row Row:file:///Users/priya/code/kisan-app/lib/widgets/price_card.dart:28:16\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "lib/widgets/price_card.dart",
            "        Row(\n          children: [\n            Text(commodityLabel, style: t.titleMedium),\n"
            "            const Spacer(),\n            Text(context.l10n.perUnit(unit), style: t.bodySmall),\n          ],\n        ),",
            offset=27,
            total=60,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/widgets/price_card.dart",
            "            Text(commodityLabel, style: t.titleMedium),\n            const Spacer(),",
            "            Expanded(\n              child: Text(commodityLabel, style: t.titleMedium, maxLines: 1, "
            "overflow: TextOverflow.ellipsis),\n            ),\n            const SizedBox(width: 8),",
        ),
    )
    s.say(
        "The commodity name now sits in an Expanded with one line and an ellipsis, and the unit label keeps its "
        "width, so long Kannada names like ಈರುಳ್ಳಿ (ಹೊಸದು) no longer push the row past the card. That should fix "
        "the overflow in the widget test too."
    )
    s.outcome("unknown", "a fix for the overflow was written but no test or run followed and the person did not reply")
    s.one_off("RenderFlex overflowed by 23 pixels in PriceCard's Row with long Kannada commodity names")
    return s


def k14_called_away() -> Session:
    s = kisan("k14-called-away", "2027-03-18T12:20:31", "2.1.198", "main", "low-talakaveri-kite")
    s.user("hey, aaj ka kaam dekhte hain. TODO.md mein kya bacha hai?", after=0)
    s.act(
        None,
        Read(
            "TODO.md",
            "- [x] offline prices\n- [x] goldens on linux\n- [ ] pull to refresh on PricesScreen\n"
            "- [ ] go_router migration\n- [ ] price alerts (push) — needs backend",
            total=5,
        ),
    )
    s.say(
        "Open items: pull-to-refresh on PricesScreen, the go_router migration, and price alerts (needs the backend first)."
    )
    s.user("arre ruko, call aa gaya. baad mein aati hoon")
    s.outcome("unknown", "no work done: read the TODO list, then the person was called away")
    return s


def k15_pull_refresh() -> Session:
    s = kisan("k15-pull-refresh", "2027-03-19T07:10:16", "2.1.198", "feature/refresh", "pale-bhadra-egret")
    s.user("add pull to refresh on PricesScreen", after=0)
    s.act(
        None,
        Read(
            "lib/screens/prices_screen.dart",
            "      body: rates.when(\n        data: (list) => ListView(children: [for (final r in list) PriceTile(rate: r)]),",
            offset=20,
            total=44,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/screens/prices_screen.dart",
            "        data: (list) => ListView(children: [for (final r in list) PriceTile(rate: r)]),",
            "        data: (list) => RefreshIndicator(\n"
            "          onRefresh: () async => ref.invalidate(todayRatesProvider(marketCode)),\n"
            "          child: ListView(children: [for (final r in list) PriceTile(rate: r)]),\n        ),",
        ),
        Write(
            "test/screens/prices_refresh_test.dart",
            "void main() {\n  testWidgets('pull to refresh refetches', (tester) async {\n"
            "    final repo = FakeRatesRepository();\n    await tester.pumpWidget(app(repo));\n    await tester.pumpAndSettle();\n"
            "    await tester.fling(find.byType(ListView), const Offset(0, 300), 1000);\n    await tester.pumpAndSettle();\n"
            "    expect(repo.calls, 2);\n  });\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter test --exclude-tags golden", flutter_test(64, secs=10), desc="Run tests", secs=28))
    s.say("Pull-to-refresh invalidates the provider, which refetches; the new widget test passes with the rest (64).")
    s.user(
        "phone pe try kiya, spinner ghoomta hi rehta hai, band nahi hota jab tak list scroll na karo. test pass "
        "hai par kaam nahi kar raha. abhi revert karo, monday ko dekhte hain",
        after=240,
    )
    s.act(
        None,
        Bash(
            "git checkout -- lib/screens/prices_screen.dart && git clean -f test/screens/prices_refresh_test.dart",
            "Removing test/screens/prices_refresh_test.dart",
            desc="Revert",
        ),
    )
    s.outcome("failed", "tests green but on the phone the refresh spinner never stops; reverted")
    s.one_off("RefreshIndicator spinner never stops: onRefresh returns before the invalidated provider refetches")
    return s


SESSIONS = [
    k01_price_list,
    k02_price_card,
    k03_ci_golden,
    k04_riverpod_codegen,
    k05_pod_ffi,
    k06_dark_golden,
    k07_arb_strings,
    k08_ndk_mismatch,
    k09_golden_hinglish,
    k10_dart_define,
    k11_offline_cache,
    k12_fix_goldens,
    k13_kannada_overflow,
    k14_called_away,
    k15_pull_refresh,
]

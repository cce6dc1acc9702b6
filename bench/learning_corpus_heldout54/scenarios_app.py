"""Anjali's `thattukada` sessions (a01-a15): a Flutter 3.24 / Dart app with Riverpod, Firebase Auth and Firestore,
`flutter test` + integration_test on an Android emulator, fastlane; Flutter is pinned with fvm. Claude Code runs in
WSL2 Ubuntu, the emulator on the Windows side. Times are UTC; Kochi is UTC+5:30."""

from __future__ import annotations

from fake_output import APP, flutter_test, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "thattukada"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project=PROJECT)


ENV_DART = """class Env {
  static const apiBaseUrl = 'http://localhost:8000';
  static const useFirestoreEmulator = false;
}"""

ENV_DART_FIXED = """class Env {
  static const apiBaseUrl = String.fromEnvironment('API_BASE_URL', defaultValue: 'http://10.0.2.2:8000');
  static const useFirestoreEmulator = false;
}"""

MENU_PROVIDER = """import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../data/menu_repository.dart';
import '../models/menu_item.dart';

part 'menu_provider.g.dart';

@riverpod
Future<List<MenuItem>> menu(MenuRef ref) {
  return ref.watch(menuRepositoryProvider).fetchMenu();
}"""

MENU_CARD_TEST = """import 'package:flutter_test/flutter_test.dart';
import 'package:thattukada/core/keys.dart';
import 'package:thattukada/widgets/menu_card.dart';

import '../helpers/pump_app.dart';

void main() {
  testWidgets('shows name and price', (tester) async {
    await tester.pumpApp(const MenuCard(item: porotta));
    expect(find.byKey(AppKeys.menuCardPrice), findsOneWidget);
  });
}"""

CONNREFUSED_LOGIN = (
    "SocketException: Connection refused (OS Error: Connection refused, errno = 111), address = localhost, "
    "port = 44312\n"
    "package:thattukada/data/api_client.dart 41:7  ApiClient.post\n"
    "integration_test/login_test.dart 28:5         main.<fn>"
)


def a01() -> Session:
    s = new("a01-menu-screen", "2027-12-06T04:40:12", "2.1.150", "menu-screen", "porotta-menu-heron")
    s.user(
        "thattukada app tudangunnu. decided: Riverpod, not Bloc. menu screen venam, items Firestore-il ninnu.",
        decisions=["decided: Riverpod, not Bloc"],
    )
    s.user(
        "providers ellam riverpod_generator vechu ezhuthu, manual StateNotifierProvider venda",
        rules=[("riverpod-gen", "providers ellam riverpod_generator vechu ezhuthu")],
        after=8,
    )
    s.user(
        "flutter commands ellam fvm flutter vazhi, system flutter thodanda",
        rules=[("fvm", "flutter commands ellam fvm flutter vazhi, system flutter thodanda")],
        after=6,
    )
    s.title("Menu screen with Riverpod")
    s.act(None, Read("pubspec.yaml", "name: thattukada\nenvironment:\n  sdk: '>=3.5.0 <4.0.0'\n  flutter: 3.24.5"))
    s.act(
        "A generated provider over the repository, and the screen:",
        Write("lib/providers/menu_provider.dart", MENU_PROVIDER),
        Write(
            "lib/screens/menu_screen.dart",
            "class MenuScreen extends ConsumerWidget {\n  const MenuScreen({super.key});\n\n  @override\n"
            "  Widget build(BuildContext context, WidgetRef ref) {\n    final menu = ref.watch(menuProvider);\n"
            "    return menu.when(\n      data: (items) => ListView(children: [for (final i in items) "
            "MenuCard(item: i)]),\n      loading: () => const Center(child: CircularProgressIndicator()),\n"
            "      error: (e, _) => Center(child: Text('$e')),\n    );\n  }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm dart run build_runner build --delete-conflicting-outputs && fvm flutter analyze",
            "[INFO] Generating build script completed, took 412ms\n[INFO] Running build completed, took 9.3s\n"
            "[INFO] Succeeded after 9.4s with 3 outputs (6 actions)\nAnalyzing thattukada...\nNo issues found! "
            "(ran in 3.1s)",
            secs=20,
        ),
    )
    s.say("`menuProvider` is generated with `@riverpod`; `MenuScreen` watches it. Analyzer is clean.")
    s.user("കൊള്ളാം 👍 commit ചെയ്യ്")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: menu screen with generated riverpod provider'",
            git_commit("menu-screen", "a1c4e07", "feat: menu screen with generated riverpod provider", 5, 118, 2),
        ),
    )
    s.say("Committed `a1c4e07`.")
    s.outcome("success", "menu screen with a generated Riverpod provider, analyzer clean, committed")
    return s


def a02() -> Session:
    s = new("a02-login-itest", "2027-12-07T04:35:40", "2.1.150", "login", "otp-login-kingfisher")
    s.user("login flow-ന് integration test എഴുത്, emulator already running ആണ്. email login മതി ഇപ്പോ")
    s.act(None, Read("lib/core/env.dart", ENV_DART))
    s.act(
        None,
        Write(
            "integration_test/login_test.dart",
            "void main() {\n  IntegrationTestWidgetsFlutterBinding.ensureInitialized();\n\n  testWidgets('login flow "
            "signs in with email', (tester) async {\n    app.main();\n    await tester.pumpAndSettle();\n"
            "    await tester.enterText(find.byKey(AppKeys.emailField), 'test@thattukada.in');\n"
            "    await tester.tap(find.byKey(AppKeys.loginButton));\n    await tester.pumpAndSettle();\n"
            "    expect(find.byType(MenuScreen), findsOneWidget);\n  });\n}\n",
        ),
    )
    fail = flutter_test(
        [], [("login flow signs in with email", CONNREFUSED_LOGIN)], file="integration_test/login_test.dart", secs=41
    )
    cmd = "fvm flutter test integration_test/login_test.dart -d emulator-5554"
    s.act(None, Bash(cmd, fail, code=1, secs=60))
    s.act("Maybe the app had not finished starting the API client; running it again:", Bash(cmd, fail, code=1, secs=60))
    s.act(
        "Same error. Checking the API is up from WSL:",
        Bash("curl -s -o /dev/null -w '%{http_code}' http://localhost:8000/api/health", "200"),
    )
    s.act("The API answers from WSL. One more run after a cold boot of the app:", Bash(cmd, fail, code=1, secs=60))
    s.say(
        "The test fails three times with `Connection refused` on localhost even though `curl` reaches the API "
        "from WSL. I haven't found why yet; the API client posts to `Env.apiBaseUrl`."
    )
    s.user("ശരി വിട്, ഇന്ന് സമയം ഇല്ല. test red aayi kidakkatte")
    s.outcome("failed", "login integration test fails on the emulator with Connection refused (localhost), 3 runs")
    s.hit("emulator-localhost")
    return s


def a03() -> Session:
    s = new("a03-firebase-auth", "2027-12-08T04:50:03", "2.1.151", "firebase-auth", "auth-setup-myna")
    s.user(
        "firebase_auth add cheythu, build fail aavunnu:\n\n```\nuses-sdk:minSdkVersion 21 cannot be smaller than "
        "version 23 declared in library [:firebase_auth]\n```\n\nFirestore for the menu cache only, orders MySQL API "
        "vazhi — ithaanu decision.",
        decisions=["Firestore for the menu cache only, orders MySQL API vazhi — ithaanu decision"],
    )
    s.act(
        None,
        Read(
            "android/app/build.gradle",
            "android {\n    defaultConfig {\n        minSdk = flutter.minSdkVersion\n        targetSdk = 34\n    }\n}",
        ),
    )
    s.act(
        "firebase_auth 5.x needs API 23; raising minSdk:",
        Edit("android/app/build.gradle", "minSdk = flutter.minSdkVersion", "minSdk = 23"),
    )
    s.act(
        "And a debug print so we can see the signed-in user:",
        Edit(
            "lib/screens/menu_screen.dart",
            "    final menu = ref.watch(menuProvider);",
            "    final menu = ref.watch(menuProvider);\n    print('user: ${FirebaseAuth.instance.currentUser?.uid}');",
        ),
    )
    s.user(
        "athalla, print venda, dart:developer log() mathi",
        rules=[("no-print", "print venda, dart:developer log() mathi")],
    )
    s.act(
        None,
        Edit(
            "lib/screens/menu_screen.dart",
            "    print('user: ${FirebaseAuth.instance.currentUser?.uid}');",
            "    log('user: ${FirebaseAuth.instance.currentUser?.uid}', name: 'auth');",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --debug",
            "Running Gradle task 'assembleDebug'...   71.4s\n✓ Built build/app/outputs/flutter-apk/app-debug.apk",
            secs=80,
        ),
    )
    s.say("Debug APK builds with `minSdk = 23`; the print is now a `log()` under the `auth` name.")
    s.user(
        "ok. keep the app English only, no Malayalam strings in the UI. app_en.arb mathram",
        rules=[("english-only", "keep the app English only, no Malayalam strings in the UI")],
    )
    s.say("Understood; only `lib/l10n/app_en.arb`.")
    s.one_off("firebase_auth requires minSdk 23: 'minSdkVersion 21 cannot be smaller than version 23'; minSdk = 23")
    s.outcome("success", "build fixed with minSdk 23 for firebase_auth; debug log through dart:developer")
    return s


def a04() -> Session:
    s = new("a04-menu-spinner", "2027-12-09T05:00:21", "2.1.151", "main", "spinner-forever-crow")
    s.user(
        "emulator-il menu screen spinner mathram, onnum varunnilla. flutter run log:\n\n```\n"
        "I/flutter ( 8121): DioException [connection error]: The connection errored: Connection refused This "
        "indicates an error which most likely cannot be solved by the library.\n"
        "I/flutter ( 8121): Error: SocketException: Connection refused (OS Error: Connection refused, errno = 111), "
        "address = localhost, port = 51870\n```"
    )
    s.act(
        None,
        Read(
            "lib/data/api_client.dart",
            "final dio = Dio(BaseOptions(\n  baseUrl: Env.apiBaseUrl,\n  connectTimeout: const Duration(seconds: 5),\n));",
        ),
    )
    s.act(
        "The request is cut off quickly; a longer connect timeout and a retry interceptor should help on a slow "
        "emulator:",
        Denied(
            Edit(
                "lib/data/api_client.dart",
                "  connectTimeout: const Duration(seconds: 5),",
                "  connectTimeout: const Duration(seconds: 30),",
            )
        ),
    )
    s.user("timeout അല്ല പ്രശ്നം. refused എന്നാണ് പറയുന്നത്. വേറെ എന്തോ ആണ്")
    s.say(
        "Right, refused is not slow. Something on the emulator side is refusing the connection on that address; "
        "I'd need to look at how the base URL reaches the emulator."
    )
    s.user("ഇപ്പോ വേണ്ട, meeting ഉണ്ട്. പിന്നെ നോക്കാം")
    s.outcome("failed", "menu screen spins forever on the emulator, DioException connection refused; not fixed")
    s.hit("emulator-localhost")
    return s


def a05() -> Session:
    s = new("a05-menu-card-test", "2027-12-10T04:30:55", "2.1.151", "widget-tests", "menu-card-test-bulbul")
    s.user("MenuCard-ന് ഒരു widget test, cart add button-ഉം check ചെയ്യ്")
    s.act(
        None,
        Write(
            "test/widgets/add_to_cart_test.dart",
            "void main() {\n  testWidgets('add button adds to cart', (tester) async {\n    await tester.pumpWidget("
            "const MaterialApp(home: MenuCard(item: porotta)));\n    await tester.tap(find.text('Add'));\n  });\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test/widgets/add_to_cart_test.dart",
            flutter_test(
                [],
                [
                    (
                        "add button adds to cart",
                        "Bad state: No ProviderScope found\npackage:flutter_riverpod/src/framework.dart 96:7",
                    )
                ],
                file="test/widgets/add_to_cart_test.dart",
            ),
            code=1,
        ),
    )
    s.user(
        "see how it's done in test/widgets/menu_card_test.dart, do like that always — pumpApp helper and AppKeys, "
        "find.text alla",
        rules=[("test-keys", "see how it's done in test/widgets/menu_card_test.dart, do like that always")],
    )
    s.act(None, Read("test/widgets/menu_card_test.dart", MENU_CARD_TEST))
    s.act(
        None,
        Read(
            "test/helpers/pump_app.dart",
            "// Widget tests: always go through pumpApp so that ProviderScope and l10n are set up.\n"
            "extension PumpApp on WidgetTester {\n  Future<void> pumpApp(Widget w) => pumpWidget(ProviderScope("
            "child: MaterialApp(localizationsDelegates: AppLocalizations.localizationsDelegates, home: w)));\n}",
        ),
    )
    s.act(
        None,
        Write(
            "test/widgets/add_to_cart_test.dart",
            "void main() {\n  testWidgets('add button adds to cart', (tester) async {\n    await tester.pumpApp("
            "const MenuCard(item: porotta));\n    await tester.tap(find.byKey(AppKeys.menuCardAdd));\n    await "
            "tester.pump();\n    expect(find.byKey(AppKeys.cartBadge), findsOneWidget);\n  });\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test/widgets",
            flutter_test(["shows name and price", "add button adds to cart"], file="test/widgets"),
        ),
    )
    s.say("Rewritten like `menu_card_test.dart`: `pumpApp` (which gives the `ProviderScope`) and `AppKeys`. Both pass.")
    s.user(
        "should we always cache the menu offline? athava network mathram mathiyo",
        non_rules=["should we always cache the menu offline?"],
    )
    s.say(
        "Firestore already keeps an offline cache on Android by default, so the menu shows without network after "
        "the first load. A separate cache only matters if you want the menu before any sign-in."
    )
    s.user("ok അങ്ങനെ തന്നെ പോകട്ടെ")
    s.not_person("// Widget tests: always go through pumpApp so that ProviderScope and l10n are set up.", "tool_output")
    s.one_off("widget test without a ProviderScope: 'Bad state: No ProviderScope found'; pumpApp helper used")
    s.outcome("success", "add-to-cart widget test written like menu_card_test.dart, green")
    return s


def a06() -> Session:
    s = new("a06-orders-blank", "2027-12-13T04:45:30", "2.1.152", "orders", "blank-orders-lapwing")
    s.user(
        "emulator-ൽ login കഴിഞ്ഞാൽ orders screen ഒന്നും load ആവുന്നില്ല, blank. Chrome-ൽ (flutter web) എല്ലാം ശരിയാണ്. എന്താ കാര്യം?"
    )
    s.say(
        "If it works in Chrome but not on the emulator, the difference is the network: Chrome runs on the same "
        "machine as the API, the emulator is its own device. Both screens call the API through `Env.apiBaseUrl`; "
        "on the emulator that address may not point where you expect. I can check the logs if you run it with "
        "`fvm flutter run -d emulator-5554`."
    )
    s.turn_done()
    s.user("നാളെ നോക്കാം, ഇപ്പോ കടയിൽ പോകണം")
    s.outcome("unknown", "orders screen blank on the emulator only, described in words; nothing checked")
    s.hit("emulator-localhost")
    return s


CART_TEST = """void main() {
  test('cart total adds line totals in paise', () {
    final c = ProviderContainer();
    c.read(cartProvider.notifier).add(porotta, qty: 3);
    expect(c.read(cartTotalProvider), 4500);
  });
}"""


def write_cart_tests(child: Session) -> None:
    child.act(
        None,
        Read(
            "lib/providers/cart_provider.dart",
            "@riverpod\nclass Cart extends _$Cart {\n  @override\n  List<CartLine> build() => [];\n}",
        ),
    )
    child.act(None, Write("test/providers/cart_provider_test.dart", CART_TEST))
    child.act(
        None,
        Bash(
            "fvm flutter test test/providers",
            flutter_test(["cart total adds line totals in paise"], file="test/providers"),
        ),
    )
    child.say("Added test/providers/cart_provider_test.dart: 1 test (line totals in paise), passing.")


def a07() -> Session:
    s = new("a07-cart-screen", "2027-12-14T04:40:18", "2.1.152", "cart", "cart-total-drongo")
    s.user("cart screen: lines, qty stepper, total. cart provider-nu tests background-il oru agent-ne kond ezhuthikku")
    s.act(
        None,
        Read(
            "lib/models/menu_item.dart",
            "class MenuItem {\n  final String id;\n  final String name;\n  final int pricePaise;\n}",
        ),
    )
    s.act(
        None,
        Agent(
            "Tests for the cart provider",
            "Write unit tests for lib/providers/cart_provider.dart in test/providers/cart_provider_test.dart with a "
            "ProviderContainer (line totals in paise). Run them with fvm flutter test test/providers and report.",
            "general-purpose",
            write_cart_tests,
            background=True,
        ),
    )
    s.act(
        "Meanwhile the screen:",
        Write(
            "lib/screens/cart_screen.dart",
            "class CartScreen extends ConsumerWidget {\n  const CartScreen({super.key});\n  @override\n  Widget build("
            "BuildContext context, WidgetRef ref) {\n    final lines = ref.watch(cartProvider);\n    return Column("
            "children: [for (final l in lines) CartLineTile(line: l), TotalBar(paise: ref.watch(cartTotalProvider))]);\n"
            "  }\n}\n",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Anjali asked for a cart screen with lines, a quantity stepper and a "
        "total; a background agent writes the cart provider tests.\nSummary:\n1. lib/screens/cart_screen.dart "
        "written (CartLineTile, TotalBar in paise).\n2. A general-purpose agent is writing "
        "test/providers/cart_provider_test.dart.\n3. User preference: always use GoRouter for navigation instead "
        "of Navigator.push.\nPending: qty stepper, agent result, commit.",
        168400,
        11200,
    )
    s.act(
        None,
        Write(
            "lib/widgets/qty_stepper.dart",
            "class QtyStepper extends StatelessWidget {\n  const QtyStepper({super.key, required this.qty, required "
            "this.onChanged});\n  final int qty;\n  final ValueChanged<int> onChanged;\n  @override\n  Widget build("
            "BuildContext context) => Row(children: [IconButton(icon: const Icon(Icons.remove), onPressed: qty > 1 ? "
            "() => onChanged(qty - 1) : null), Text('$qty'), IconButton(icon: const Icon(Icons.add), onPressed: () => "
            "onChanged(qty + 1))]);\n}\n",
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "fvm flutter test",
            flutter_test(["shows name and price", "add button adds to cart", "cart total adds line totals in paise"]),
        ),
    )
    s.say("Cart screen and stepper done; the agent's cart test passes with the widget tests.")
    s.user(
        "സൂപ്പർ. commit, push ചെയ്യ്. main-ൽ force push ഒരിക്കലും ചെയ്യരുത് കേട്ടോ",
        rules=[("no-force-push", "main-ൽ force push ഒരിക്കലും ചെയ്യരുത്")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: cart screen with qty stepper' && git push -u origin cart",
            git_commit("cart", "6e02b9d", "feat: cart screen with qty stepper", 4, 131, 0)
            + "\nTo github.com:anjali-k/thattukada.git\n * [new branch]      cart -> cart",
        ),
    )
    s.say("Committed and pushed `cart` (no force).")
    s.not_person("User preference: always use GoRouter for navigation instead of Navigator.push.", "compaction_summary")
    s.outcome("success", "cart screen with stepper; background agent wrote provider test; pushed")
    return s


def explore_base_url(child: Session) -> None:
    child.act(
        None,
        Grep(
            "localhost|apiBaseUrl|10\\.0\\.2\\.2",
            [
                "lib/core/env.dart:2:  static const apiBaseUrl = 'http://localhost:8000';",
                "lib/data/api_client.dart:2:  baseUrl: Env.apiBaseUrl,",
                'android/app/src/debug/AndroidManifest.xml:3:    android:usesCleartextTraffic="true"',
            ],
            mode="content",
        ),
    )
    child.say(
        "lib/core/env.dart:2 hard-codes apiBaseUrl = 'http://localhost:8000'; lib/data/api_client.dart:2 uses it "
        "for every request. No --dart-define anywhere. Cleartext is allowed in the debug manifest."
    )


def a08() -> Session:
    s = new("a08-base-url-fix", "2027-12-15T05:00:44", "2.1.153", "emulator-api", "ten-zero-two-two-tern")
    s.user(
        "pinneyum. puthiya test um fail:\n\n```\n00:38 +2 -1: order flow places an order [E]\n  SocketException: "
        "Connection refused (OS Error: Connection refused, errno = 111), address = localhost, port = 8000\n```\n\n"
        "login test, menu spinner, orders blank — ellam emulator-il mathram. ithu onnu root-il fix cheyyu"
    )
    s.act(
        "Finding every place the app decides where the API is:",
        Agent(
            "Find API base URL usage",
            "Find where the Flutter app sets the API base URL (localhost, apiBaseUrl, dart-define) and whether "
            "cleartext HTTP is allowed on Android. Never modify files; always report file:line.",
            "Explore",
            explore_base_url,
        ),
    )
    s.act(
        "That's the cause of all four: on the Android emulator `localhost` is the emulator itself, so the API on "
        "the host is refused. The host is `10.0.2.2` from inside the emulator (WSL2 forwards port 8000 to "
        "Windows). Making the URL a dart-define with the emulator address as the default:",
        Edit(
            "lib/core/env.dart",
            "  static const apiBaseUrl = 'http://localhost:8000';",
            "  static const apiBaseUrl = String.fromEnvironment('API_BASE_URL', defaultValue: 'http://10.0.2.2:8000');",
        ),
    )
    s.act(
        None,
        Write(
            ".vscode/launch.json",
            '{\n  "configurations": [\n    {"name": "web", "request": "launch", "type": "dart", '
            '"args": ["-d", "chrome", "--dart-define=API_BASE_URL=http://localhost:8000"]}\n  ]\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test integration_test -d emulator-5554",
            flutter_test(
                ["login flow signs in with email", "order flow places an order", "orders list shows today's orders"],
                file="integration_test",
                secs=52,
            ),
            secs=90,
        ),
    )
    s.say(
        "All three integration tests pass on the emulator. The default base URL is `http://10.0.2.2:8000`; Chrome "
        "gets `--dart-define=API_BASE_URL=http://localhost:8000` from the launch config."
    )
    s.user(
        "adipoli!! lesson: emulator-il localhost ennal emulator thanne aanu, host machine 10.0.2.2 aanu. commit",
        lessons=["emulator-il localhost ennal emulator thanne aanu, host machine 10.0.2.2 aanu"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: reach the API from the emulator via 10.0.2.2'",
            git_commit("emulator-api", "0b7d3e1", "fix: reach the API from the emulator via 10.0.2.2", 2, 9, 1),
        ),
    )
    s.say("Committed `0b7d3e1`.")
    s.not_person("Never modify files; always report file:line.", "subagent_prompt")
    s.outcome("success", "API base URL made a dart-define defaulting to 10.0.2.2; integration tests green on emulator")
    s.hit("emulator-localhost", fixed=True)
    return s


FASTFILE = """default_platform(:android)

platform :android do
  lane :internal do
    gradle(task: "bundle", build_type: "Release")
    upload_to_play_store(track: "internal")
  end
end"""


def a09() -> Session:
    s = new("a09-fastlane", "2027-12-16T04:35:09", "2.1.153", "release", "play-upload-hornbill")
    s.user(
        "going with fast lane for Play Store uploads, not manual. internal lane run cheyyu",
        decisions=["going with fast lane for Play Store uploads, not manual"],
    )
    s.act(None, Read("android/fastlane/Fastfile", FASTFILE))
    s.act(
        None,
        Bash(
            "cd android && bundle exec fastlane internal",
            "[10:07:41]: Successfully finished the upload to Google Play\n[10:07:42]: Google Api Error: "
            "Invalid request - Only releases with status draft may be created on draft app.\n"
            "[!] Google Api Error: Invalid request - Only releases with status draft may be created on draft app.",
            code=1,
            secs=140,
        ),
    )
    s.act(
        "The Play listing is still a draft app, so releases must be uploaded as drafts until it is published:",
        Edit(
            "android/fastlane/Fastfile",
            'upload_to_play_store(track: "internal")',
            'upload_to_play_store(track: "internal", release_status: "draft")',
        ),
    )
    s.act(
        None,
        Bash(
            "cd android && bundle exec fastlane internal",
            "[10:12:05]: Successfully finished the upload to Google Play\n[10:12:05]: fastlane.tools finished successfully 🎉",
            secs=150,
        ),
    )
    s.say("Uploaded to the internal track as a draft release.")
    s.user("ok കൊള്ളാം. Play console-ൽ നിന്ന് ഞാൻ roll out ചെയ്യാം")
    s.one_off(
        "fastlane upload to a draft Play app: 'Only releases with status draft may be created on draft app'; release_status draft"
    )
    s.outcome("success", "fastlane internal lane uploads the bundle as a draft release")
    return s


def a10() -> Session:
    s = new("a10-adb-mismatch", "2027-12-17T04:50:27", "2.1.154", "main", "adb-versions-sunbird")
    s.user("WSL-ൽ നിന്ന് devices കാണുന്നില്ല. fvm flutter devices → No devices found. Windows-ൽ emulator open ആണ്")
    s.act(
        "Checking adb in WSL:",
        Denied(Bash("flutter devices")),
    )
    s.user("again: fvm flutter, not flutter", rules=[("fvm", "again: fvm flutter, not flutter")])
    s.act(
        None,
        Bash(
            "adb devices; fvm flutter devices",
            "adb server version (41) doesn't match this client (39); killing...\n* daemon started successfully\n"
            "List of devices attached\n\nNo devices found yet.",
        ),
    )
    s.act(
        "WSL's apt adb (39) fights with the Windows SDK's adb server (41). Using the Windows adb from WSL:",
        Bash(
            "sudo apt-get remove -y adb && ln -sf /mnt/c/Users/anjali/AppData/Local/Android/Sdk/platform-tools/adb.exe "
            "~/.local/bin/adb && adb devices && fvm flutter devices",
            "List of devices attached\nemulator-5554\tdevice\n\nFound 1 connected device:\n  sdk gphone64 x86 64 "
            "(mobile) • emulator-5554 • android-x64 • Android 14 (API 34) (emulator)",
            secs=9,
        ),
    )
    s.say("The emulator shows up now; `adb` in WSL is the Windows `adb.exe`.")
    s.user(
        "thanks. note to self: WSL adb and Windows adb versions must match",
        lessons=["WSL adb and Windows adb versions must match"],
    )
    s.one_off(
        "adb in WSL (39) and on Windows (41) disagree, 'adb server version (41) doesn't match this client (39)'; symlink adb.exe"
    )
    s.outcome("success", "emulator visible from WSL after using the Windows adb.exe")
    return s


ARB_EN = """{
  "@@locale": "en",
  "menuTitle": "Today's menu",
  "addToCart": "Add",
  "cartTotal": "Total"
}"""


def a11() -> Session:
    s = new("a11-malayalam-ui", "2027-12-20T04:40:02", "2.1.155", "l10n-ml", "malayalam-menu-drongo")
    s.user(
        "client parayunnu customers-il pakuthi perum Malayalam menu aanu prefer cheyyunnath. so forget the old way: "
        "ella UI strings-um app_ml.arb-ilum venam, device locale nokki",
        rules=[("ml-strings", "ella UI strings-um app_ml.arb-ilum venam, device locale nokki", "english-only")],
    )
    s.act(None, Read("lib/l10n/app_en.arb", ARB_EN))
    s.act(
        None,
        Write(
            "lib/l10n/app_ml.arb",
            '{\n  "@@locale": "ml",\n  "menuTitle": "ഇന്നത്തെ മെനു",\n  "addToCart": "ചേർക്കുക",\n  "cartTotal": "ആകെ"\n}\n',
        ),
        Edit(
            "lib/main.dart",
            "supportedLocales: const [Locale('en')],",
            "supportedLocales: const [Locale('en'), Locale('ml')],",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter gen-l10n && fvm flutter test",
            "\n"
            + flutter_test(["shows name and price", "add button adds to cart", "cart total adds line totals in paise"]),
        ),
    )
    s.say("Malayalam strings in `app_ml.arb`; the app follows the device locale (en, ml). Tests pass.")
    s.user("ഇന്നത്തെ മെനു 👌 നന്നായി. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: malayalam UI strings'",
            git_commit("l10n-ml", "c3f18a0", "feat: malayalam UI strings", 3, 14, 1),
        ),
    )
    s.say("Committed `c3f18a0`.")
    s.outcome("success", "Malayalam ARB added, locale-based, tests green")
    return s


def a12() -> Session:
    s = new("a12-razorpay", "2027-12-21T04:45:50", "2.1.155", "payments", "razorpay-checkout-koel")
    s.user(
        "തീരുമാനിച്ചു: payments Razorpay തന്നെ, UPI ആണ് എല്ലാവരും ഉപയോഗിക്കുന്നത്. checkout button-ൽ razorpay_flutter വെക്ക്",
        decisions=["തീരുമാനിച്ചു: payments Razorpay തന്നെ"],
    )
    s.user(
        "ee session-il mathram integration tests skip cheyyu, njan pinne nokkam",
        non_rules=["ee session-il mathram integration tests skip cheyyu"],
        after=10,
    )
    s.act(
        None,
        Bash(
            "fvm flutter pub add razorpay_flutter",
            "Resolving dependencies...\n+ razorpay_flutter 1.3.7\nChanged 2 dependencies!",
        ),
    )
    s.act(
        None,
        Write(
            "lib/services/payment_service.dart",
            "class PaymentService {\n  PaymentService(this._rzp);\n  final Razorpay _rzp;\n\n  void pay({required "
            "String orderId, required int amountPaise}) {\n    _rzp.open({'key': Env.razorpayKey, 'order_id': orderId, "
            "'amount': amountPaise, 'prefill': {'method': 'upi'}});\n  }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test",
            flutter_test(["shows name and price", "add button adds to cart", "cart total adds line totals in paise"]),
        ),
    )
    s.say("Razorpay checkout wired with UPI prefilled; unit and widget tests pass, integration tests skipped as asked.")
    s.user("ok 👍")
    s.outcome("success", "Razorpay checkout added; unit tests green")
    return s


def a13() -> Session:
    s = new("a13-phone-otp", "2027-12-22T04:30:16", "2.1.156", "phone-auth", "otp-sha-babbler")
    s.user(
        "phone OTP login ittu, ee error:\n\n```\nE/FirebaseAuth( 9120): [SmsRetrieverHelper] SMS verification code "
        "request failed: unknown status code: 17028 This app is not authorized to use Firebase Authentication. "
        "Please verify that the correct package name, SHA-1, and SHA-256 are configured in the Firebase Console.\n```"
    )
    s.act(
        None,
        Bash(
            "cd android && ./gradlew signingReport | grep -A3 'Variant: debug' | grep SHA",
            "SHA1: 4F:1C:9A:22:7B:0E:D3:61:8C:45:EE:10:93:B7:2A:6D:F0:11:C8:5E\nSHA-256: 8D:...:41",
            secs=25,
        ),
    )
    s.say(
        "The debug keystore in WSL (`~/.android/debug.keystore`) is not the Windows one, so its SHA-1 is not in "
        "the Firebase project. Add `4F:1C:9A:…:5E` under Project settings → Your apps → Android, then download the "
        "new google-services.json."
    )
    s.user("Firebase console access client-ന്റെ account-ൽ ആണ്, അവർ add ചെയ്യണം. ഇന്ന് നടക്കില്ല")
    s.one_off(
        "phone auth fails with 17028 'This app is not authorized to use Firebase Authentication': WSL debug keystore SHA-1 missing in Firebase; not done"
    )
    s.not_person(
        "Please verify that the correct package name, SHA-1, and SHA-256 are configured in the Firebase Console.",
        "pasted_log",
    )
    s.outcome("failed", "phone OTP still fails; the SHA-1 must be added by the client in Firebase")
    return s


def a14() -> Session:
    s = new("a14-order-history", "2027-12-23T04:40:33", "2.1.156", "history", "order-history-oriole")
    s.user(
        "order history screen, last thirty days. for now just hard code the delivery fee at 30 rupees in the summary",
        non_rules=["for now just hard code the delivery fee at 30 rupees"],
    )
    s.act(
        None,
        Write(
            "lib/screens/order_history_screen.dart",
            "class OrderHistoryScreen extends ConsumerStatefulWidget {\n  const OrderHistoryScreen({super.key});\n"
            "  @override\n  ConsumerState<OrderHistoryScreen> createState() => _State();\n}\n\nclass _State extends "
            "ConsumerState<OrderHistoryScreen> {\n  final _search = TextEditingController();\n  static const "
            "deliveryFeePaise = 3000;\n\n  @override\n  void dispose() {\n    _search.dispose();\n    super.dispose();"
            "\n  }\n  // build: search field + list from orderHistoryProvider(days: 30)\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter analyze", "Analyzing thattukada...\nNo issues found! (ran in 3.4s)"))
    s.say(
        "Order history screen with a search field over the last 30 days; the delivery fee is a constant of ₹30. "
        "As a rule of thumb, always dispose TextEditingControllers in dispose() — done here."
    )
    s.user("ok shari")
    s.not_person("As a rule of thumb, always dispose TextEditingControllers in dispose()", "assistant_text")
    s.outcome("success", "order history screen added, analyzer clean")
    return s


def a15() -> Session:
    s = new("a15-dark-theme", "2027-12-24T04:30:41", "2.1.156", "main", "theme-question-pitta")
    s.user("ThemeMode.system വെച്ചാൽ Android-ൽ dark mode automatic ആയി മാറുമോ?")
    s.say("Yes: with `themeMode: ThemeMode.system` and a `darkTheme`, MaterialApp follows the system setting live.")
    s.user("എന്നാ അത് ഇട്ട് താ")
    s.act(
        None,
        Edit(
            "lib/main.dart",
            "      theme: AppTheme.light,",
            "      theme: AppTheme.light,\n      darkTheme: AppTheme.dark,\n      themeMode: ThemeMode.system,",
        ),
    )
    s.act(None, Bash("fvm flutter analyze", "Analyzing thattukada...\nNo issues found! (ran in 3.0s)"))
    s.say("Added `darkTheme` and `ThemeMode.system`.")
    s.user("thanks, merry christmas 🎄")
    s.outcome("success", "dark theme follows the system setting")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15]

"""Sessions in `pekara_app` (/home/dmitri/dev/pekara_app): the customer app of a Belgrade bakery chain. Flutter 3.27,
Dart 3.6, Riverpod 2 with riverpod_generator, go_router, freezed/json_serializable through build_runner, a melos
workspace (app + packages/ui_kit), golden tests with matchesGoldenFile, fastlane lanes for Android and iOS, GitHub
Actions on ubuntu-latest, Firebase Crashlytics."""

from __future__ import annotations

from fake_output import APP, BUILD_RUNNER_CONFLICT, analyzer, flutter_test, git_commit, golden_diff
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

GOLD = "golden-ci-fonts"
FRZ = "build-runner-stale-outputs"


def app(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project="pekara_app")


CART_SCREEN = """class CartScreen extends ConsumerWidget {
  const CartScreen({super.key});

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final cart = ref.watch(cartControllerProvider);
    return Scaffold(body: CartList(items: cart.items));
  }
}"""

GOLDEN_CI_LOG = """Run melos run test:golden
melos run test:golden
  └> flutter test --tags golden
00:21 +11 -1: test/goldens/checkout_button_golden_test.dart: CheckoutButton golden [E]
  Golden "goldens/checkout_button.png": Pixel test failed, 2.87% diff detected.
  Failure feedback can be found at test/goldens/failures
note: always pin the Flutter version in CI with subosito/flutter-action
00:21 +11 -1: Some tests failed.
melos run test:golden exited with code 1
Error: Process completed with exit code 1."""


# ------------------------------------------------------------------------------------------------------------------
def f01_cart_screen() -> Session:
    s = app("f01-cart-screen", "2026-12-01T09:12:40", "2.1.160", "feat/cart", "amber-zemun-heron")
    s.user(
        "нужен экран корзины: список позиций, количество +/-, итог снизу. провайдер уже есть, cartControllerProvider",
        after=0,
    )
    s.act(
        "I'll write the cart screen with a local StatefulWidget for the quantity steppers.",
        Write("lib/features/cart/cart_screen.dart", CART_SCREEN.replace("ConsumerWidget", "StatefulWidget")),
    )
    s.user(
        "нет, у нас так не делают: стейт только через Riverpod, никаких setState в экранах. количество пусть меняет контроллер",
        rules=[("riverpod-only", "стейт только через Riverpod, никаких setState в экранах")],
    )
    s.act(
        "Right, the screen watches the controller and calls `increment`/`decrement` on it.",
        Write("lib/features/cart/cart_screen.dart", CART_SCREEN),
        Bash("flutter test test/features/cart", flutter_test(6), desc="Cart tests"),
    )
    s.user(
        "ок, норм. add to CLAUDE.md: generated files (*.g.dart, *.freezed.dart) are never edited by hand. "
        "and decision: we stay on Riverpod 2 until the codegen story for 3 settles",
        rules=[("gen-files", "generated files (*.g.dart, *.freezed.dart) are never edited by hand")],
        decisions=["we stay on Riverpod 2 until the codegen story for 3 settles"],
    )
    s.act(
        None,
        Read(
            "CLAUDE.md",
            "# pekara_app\n\n- melos workspace: app + packages/ui_kit\n- run `melos bootstrap` after pulling",
            total=4,
        ),
    )
    s.act(
        None,
        Edit(
            "CLAUDE.md",
            "- run `melos bootstrap` after pulling",
            "- run `melos bootstrap` after pulling\n- generated files (*.g.dart, *.freezed.dart) are never edited by hand",
        ),
    )
    s.say("Added to CLAUDE.md. Cart tests are green (6 passed).")
    s.user("👍")
    s.outcome("success", "cart screen on the Riverpod controller, tests green, CLAUDE.md line added")
    return s


def f02_conflicting_outputs() -> Session:
    s = app("f02-conflicting-outputs", "2026-12-02T10:03:11", "2.1.160", "feat/menu-filters", "quiet-dorcol-lark")
    s.user("added a `tags` field to MenuItem, regenerate the freezed stuff", after=0)
    s.act(None, Bash("dart run build_runner build", BUILD_RUNNER_CONFLICT, code=78, desc="Run code generation", secs=9))
    s.act(
        "build_runner refuses because outputs from another build exist. I'll clean and retry.",
        Bash(
            "flutter clean && flutter pub get",
            "Deleting build...\nResolving dependencies...\nGot dependencies!",
            desc="Clean",
        ),
    )
    s.act(None, Bash("dart run build_runner build", BUILD_RUNNER_CONFLICT, code=78, desc="Run code generation", secs=9))
    s.say(
        "Same conflict after the clean: the stale files are under lib/, not build/. They would need to be deleted or "
        "the build run with `--delete-conflicting-outputs`."
    )
    s.user("хм, странно, вчера всё собиралось. завтра гляну")
    s.outcome("failed", "build_runner keeps failing on conflicting outputs, left for tomorrow")
    s.hit(FRZ)
    return s


def f03_golden_ci() -> Session:
    s = app("f03-golden-ci", "2026-12-02T15:40:02", "2.1.161", "feat/checkout-button", "grey-vracar-owl")
    s.user(f"CI is red on the golden job, locally green\n\n```\n{GOLDEN_CI_LOG}\n```", after=0)
    s.not_person("note: always pin the Flutter version in CI with subosito/flutter-action", "pasted_log")
    s.act(None, Bash("flutter test --tags golden", flutter_test(12), desc="Golden tests locally", secs=20))
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "jobs:\n  golden:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: subosito/flutter-action@v2\n        with:\n          flutter-version: 3.27.1\n"
            "      - run: dart pub global activate melos && melos bootstrap\n      - run: melos run test:golden",
            total=10,
        ),
    )
    s.say(
        "Locally all 12 golden tests pass on macOS; CI runs on ubuntu-latest with the same Flutter version. A 2.87% "
        "diff on a button is typical of text rendered differently, but I can't see the failure image from here."
    )
    s.user("ладно, пока отложу, релиз не горит")
    s.outcome("failed", "golden test fails only on CI (pixel diff), cause not found, left red")
    s.hit(GOLD)
    return s


def f04_routes() -> Session:
    s = app("f04-routes", "2026-12-03T11:20:55", "2.1.161", "feat/order-history", "warm-kalemegdan-swift")
    s.user("add an order history screen at /orders with a detail page /orders/:id", after=0)
    s.user(
        "navigation goes through go_router named routes only, no context.push with raw strings",
        after=6,
        rules=[("named-routes", "navigation goes through go_router named routes only")],
    )
    s.act(
        None,
        Write(
            "lib/router.dart",
            "GoRoute(\n  name: 'orders',\n  path: '/orders',\n  builder: (_, __) => const OrderHistoryScreen(),\n"
            "  routes: [GoRoute(name: 'order', path: ':id', builder: (_, s) => OrderDetailScreen(id: s.pathParameters['id']!))],\n)",
        ),
        Bash("flutter test test/router_test.dart", flutter_test(4), desc="Router tests"),
    )
    s.say(
        "Both routes are named (`orders`, `order`); history items call `context.goNamed('order', pathParameters: {'id': o.id})`. Router tests pass."
    )
    s.user("good, thanks, works on device too")
    s.outcome("success", "order history routes added, router tests pass, confirmed on device")
    return s


def f05_stale_generated() -> Session:
    s = app("f05-stale-generated", "2026-12-04T09:47:30", "2.1.162", "main", "pale-banovo-crane")
    s.user("после пула на main ничего не компилится, анализатор весь красный", after=0)
    bad = analyzer(
        [
            (
                "error",
                "lib/features/cart/cart_state.dart:9:7",
                "Missing concrete implementations of 'getter mixin _$CartState on Object.promoCode'",
            ),
            (
                "error",
                "lib/features/cart/cart_state.dart:14:3",
                "The name '_$CartStateCopyWith' isn't a type, so it can't be used as a type argument",
            ),
        ]
    )
    s.act(None, Bash("dart analyze lib", bad, code=3, desc="Analyze"))
    s.act(
        "The generated code is older than cart_state.dart; regenerating.",
        Bash("dart run build_runner build", BUILD_RUNNER_CONFLICT, code=78, desc="Regenerate", secs=8),
    )
    s.act(None, Bash("dart run build_runner build", BUILD_RUNNER_CONFLICT, code=78, desc="Regenerate", secs=8))
    s.user(
        "кстати, строки только через arb-файлы, хардкод в виджетах не пропускаем",
        rules=[("arb-strings", "строки только через arb-файлы, хардкод в виджетах не пропускаем")],
    )
    s.act(
        "Noted. build_runner still reports the same conflicting outputs.",
        Bash("dart run build_runner build", BUILD_RUNNER_CONFLICT, code=78, desc="Regenerate", secs=8),
    )
    s.user("ugh. ok, I'll sort it out myself")
    s.outcome("failed", "analyzer errors on _$CartStateCopyWith after a pull, build_runner fails 3x, given up")
    s.hit(FRZ)
    return s


def f06_golden_regen() -> Session:
    s = app("f06-golden-regen", "2026-12-05T16:05:12", "2.1.162", "feat/checkout-button", "blue-zvezdara-kite")
    s.user(
        "the golden job failed again on the PR, now on menu_card.png too. just regenerate the goldens so CI passes",
        after=0,
    )
    diff = golden_diff("menu_card golden", "goldens/menu_card.png", "3.12", 1840)
    s.act(
        None, Bash("flutter test --tags golden --update-goldens", flutter_test(12), desc="Regenerate goldens", secs=21)
    )
    s.act(
        None,
        Bash(
            "git add test/goldens && git commit -m 'Update goldens'",
            git_commit("feat/checkout-button", "4e1a9c2", "Update goldens", 3, 0, 0),
        ),
    )
    s.act(None, Denied(Bash("git push origin HEAD:main", desc="Push")))
    s.user(
        "никогда не пушь в main напрямую, только через PR",
        rules=[("no-push-main", "никогда не пушь в main напрямую, только через PR")],
    )
    s.act(
        None,
        Bash(
            "git push origin feat/checkout-button",
            "To github.com:pekara/pekara_app.git\n   9b0e311..4e1a9c2  feat/checkout-button -> feat/checkout-button",
        ),
    )
    s.user(f"CI всё равно красный, теперь другой дифф:\n```\n{diff[1]}\n```")
    s.act(
        "The goldens regenerated on macOS don't match what ubuntu renders either. I'll revert that commit.",
        Bash(
            "git revert --no-edit HEAD && git push origin feat/checkout-button",
            '[feat/checkout-button 71c0d5e] Revert "Update goldens"\n 3 files changed, 0 insertions(+), 0 deletions(-)',
        ),
    )
    s.user("ок")
    s.outcome("failed", "goldens regenerated on mac, CI still red with another diff, commit reverted")
    s.hit(GOLD)
    return s


def f07_real_golden_change() -> Session:
    s = app("f07-real-golden-change", "2026-12-07T10:30:48", "2.1.163", "feat/bigger-tap-targets", "soft-sava-robin")
    s.user(
        "I increased the padding of PrimaryButton to 16, now the golden for primary_button fails locally. that's expected, right?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "flutter test test/goldens/primary_button_golden_test.dart",
            flutter_test(2, [golden_diff("primary_button golden", "goldens/primary_button.png", "11.40", 9120)]),
            code=1,
            desc="Golden test",
        ),
    )
    s.say(
        "Yes: an 11.4% diff that fails locally too is the padding change itself, not a rendering quirk. Updating just this golden."
    )
    s.act(
        None,
        Bash(
            "flutter test test/goldens/primary_button_golden_test.dart --update-goldens",
            flutter_test(3),
            desc="Update the golden",
        ),
    )
    s.user("ok, looks right in the failure image. commit it")
    s.act(
        None,
        Bash(
            "git commit -am 'PrimaryButton padding 16, update golden'",
            git_commit("feat/bigger-tap-targets", "c21f8b0", "PrimaryButton padding 16, update golden", 2, 1, 1),
        ),
    )
    s.outcome("success", "intended visual change, one golden updated on purpose and committed")
    s.one_off("primary_button golden fails locally after an intended padding change (a real diff, updated on purpose)")
    return s


def f08_profile() -> Session:
    s = app("f08-profile", "2026-12-08T13:02:19", "2.1.163", "feat/profile", "long-dedinje-stork")
    s.user("profile screen: name, phone, saved addresses list, logout button. use the AddressesRepository", after=0)
    s.act(None, Write("lib/features/profile/profile_screen.dart", "class ProfileScreen extends ConsumerWidget {}"))
    s.act(
        None,
        Bash(
            "flutter test test/features/profile",
            flutter_test(
                3,
                [
                    (
                        "ProfileScreen shows addresses",
                        'Expected: exactly one matching node\n  Actual: _TextFinder:<zero widgets with text "Kralja Petra 12">',
                    )
                ],
            ),
            code=1,
            desc="Profile tests",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: profile screen with name, phone, saved addresses (AddressesRepository), logout.\n"
        "2. Notes: User preference: always run melos bootstrap before build_runner.\n"
        "3. Current state: test 'ProfileScreen shows addresses' fails, the addresses provider is not overridden.\n"
        "4. Next: override addressesProvider in the test.",
        pre_tokens=151_220,
        post_tokens=11_870,
    )
    s.not_person("User preference: always run melos bootstrap before build_runner.", "compaction_summary")
    s.act(
        None,
        Write(
            "test/features/profile/profile_screen_test.dart",
            "overrides: [addressesProvider.overrideWith((ref) => fakeAddresses)]",
        ),
    )
    s.act(None, Bash("flutter test test/features/profile", flutter_test(4), desc="Profile tests"))
    s.user("nice, thanks. merging")
    s.outcome("success", "profile screen done, tests green after overriding the provider, merged")
    return s


def f09_voice_goldens() -> Session:
    s = app("f09-voice-goldens", "2026-12-09T19:44:03", "2.1.164", "main", "late-ada-ciganlija-wren")
    s.user(
        "слушай опять эти голдены на CI упали у меня локально всё зелёное а там красное на CI оно всегда красное а у меня всегда зелёное "
        "что может быть разного между маком и убунтой",
        after=0,
        non_rules=["на CI оно всегда красное а у меня всегда зелёное"],
    )
    s.say(
        "Typical causes of goldens passing on macOS and failing on Linux: text rendering (fonts and anti-aliasing "
        "differ per platform), a different Flutter version, or shadows/blur. Since the diffs are a few percent on "
        "widgets with text, fonts are the first thing to check. Want me to look at how the tests load fonts?"
    )
    s.user("не сейчас, просто думал вслух")
    s.say(
        "Okay. When you want to dig in, the failure images CI writes to test/goldens/failures would show the difference."
    )
    s.outcome("unknown", "voice-dictated complaint about CI goldens, an explanation, nothing tried")
    s.hit(GOLD)
    return s


def f10_fix_build_runner() -> Session:
    s = app("f10-fix-build-runner", "2026-12-10T09:15:27", "2.1.164", "chore/codegen", "clear-zemun-falcon")
    s.user(
        "давай разберёмся с build_runner раз и навсегда. после каждого пула он ругается на conflicting outputs", after=0
    )
    s.act(
        None,
        Read(
            "melos.yaml",
            "name: pekara\npackages:\n  - .\n  - packages/*\nscripts:\n  gen:\n    run: dart run build_runner build\n    exec:\n      concurrency: 1",
            total=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git ls-files '*.freezed.dart' '*.g.dart' | head -3",
            "lib/features/cart/cart_state.freezed.dart\nlib/features/cart/cart_state.g.dart\nlib/features/menu/menu_item.freezed.dart",
        ),
    )
    s.say(
        "The generated files are committed, so a pull brings outputs that build_runner's asset graph did not write; it then refuses to overwrite them. The melos script runs plain `build`."
    )
    s.act(
        None,
        Edit(
            "melos.yaml",
            "    run: dart run build_runner build",
            "    run: dart run build_runner build --delete-conflicting-outputs",
        ),
    )
    s.act(
        None,
        Bash(
            "melos run gen",
            "melos run gen\n  └> dart run build_runner build --delete-conflicting-outputs\n[INFO] Deleting 3 declared outputs which already existed on disk.\n[INFO] Succeeded after 14.2s with 41 outputs (96 actions)\nmelos run gen ✓",
            desc="Generate",
            secs=16,
        ),
    )
    s.act(None, Bash("dart analyze lib", "Analyzing pekara_app...\nNo issues found!", desc="Analyze"))
    s.user(
        "lesson: build_runner leaves stale outputs when you switch branches. и да, сгенерённые файлы руками не правим, только melos run gen",
        lessons=["lesson: build_runner leaves stale outputs when you switch branches"],
        rules=[("gen-files", "сгенерённые файлы руками не правим")],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'melos gen: delete conflicting outputs'",
            git_commit("chore/codegen", "8d2c6f1", "melos gen: delete conflicting outputs", 1, 1, 1),
        ),
    )
    s.outcome("success", "melos gen script runs build_runner with --delete-conflicting-outputs, analyzer clean")
    s.hit(FRZ, fixed=True)
    return s


def _sa_fonts(a: Session) -> None:
    a.act(None, Glob("test/**/flutter_test_config.dart", []))
    a.act(
        None,
        Grep(
            "fontFamily|FontLoader|loadAppFonts",
            ["lib/theme/app_theme.dart:12:    fontFamily: 'Manrope',", "pubspec.yaml:41:    - family: Manrope"],
            mode="content",
        ),
    )
    a.say(
        "There is no flutter_test_config.dart and nothing loads fonts in tests: the theme uses 'Manrope' (declared in pubspec.yaml), so widget tests fall back to the test font, whose rendering differs between macOS and Linux."
    )


def f11_fix_goldens() -> Session:
    s = app("f11-fix-goldens", "2026-12-11T10:02:51", "2.1.165", "fix/golden-fonts", "bright-vracar-kestrel")
    s.user("goldens again, menu_card.png red on CI. let's actually find out why CI differs, фиксим сегодня", after=0)
    s.act(
        None,
        Agent(
            "Find how tests load fonts",
            "Find how the widget and golden tests load fonts (flutter_test_config.dart, FontLoader, theme fontFamily). Report file paths only.",
            "Explore",
            _sa_fonts,
        ),
    )
    s.act(
        "No fonts are loaded in tests. I'll add a test config that loads Manrope and the material icons before every golden.",
        Write(
            "test/flutter_test_config.dart",
            "import 'dart:async';\n\nimport 'package:golden_toolkit/golden_toolkit.dart';\n\n"
            "Future<void> testExecutable(FutureOr<void> Function() testMain) async {\n  await loadAppFonts();\n  return testMain();\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "flutter test --tags golden --update-goldens",
            flutter_test(12),
            desc="Regenerate goldens with real fonts",
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            "docker run --rm -v $PWD:/app -w /app ghcr.io/cirruslabs/flutter:3.27.1 flutter test --tags golden",
            flutter_test(12),
            desc="Goldens in the CI image",
            secs=95,
        ),
    )
    s.say("With the fonts loaded, goldens generated on macOS pass in the Linux image used by CI (12/12).")
    s.user(
        "TIL flutter test uses the Ahem font unless you load the real fonts, so goldens differ between mac and linux. пушь в ветку, PR сам открою",
        lessons=[
            "TIL flutter test uses the Ahem font unless you load the real fonts, so goldens differ between mac and linux"
        ],
    )
    s.act(
        None,
        Bash(
            "git add test && git commit -m 'Load app fonts in tests, regenerate goldens' && git push -u origin fix/golden-fonts",
            git_commit("fix/golden-fonts", "e07b3a4", "Load app fonts in tests, regenerate goldens", 14, 9, 0),
        ),
    )
    s.user("CI зелёный 🎉")
    s.outcome("success", "fonts loaded in flutter_test_config.dart, goldens pass in the Linux CI image and on CI")
    s.hit(GOLD, fixed=True)
    return s


CRASH = """Fatal Exception: io.flutter.plugins.firebase.crashlytics.FlutterError: Null check operator used on a null value
       at CheckoutController.submit(checkout_controller.dart:58)
       at _CheckoutScreenState._onPay.<fn>(checkout_screen.dart:112)
       at FutureExtensions.whenComplete(future.dart)
Crashlytics: 37 events, 21 users, Android 14, app 1.8.2 (182)"""


def f12_crashlytics() -> Session:
    s = app("f12-crashlytics", "2026-12-14T08:55:36", "2.1.166", "fix/checkout-null", "cold-nbgd-magpie")
    s.user(f"crashlytics, top crash since 1.8.2:\n\n{CRASH}", after=0)
    s.act(
        None,
        Read(
            "lib/features/checkout/checkout_controller.dart",
            "  Future<void> submit() async {\n    final address = state.selectedAddress!;\n    await _api.placeOrder(address.id, state.items);\n  }",
            offset=56,
            limit=4,
            total=140,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/checkout/checkout_controller.dart",
            "    final address = state.selectedAddress!;",
            "    final address = state.selectedAddress;\n    if (address == null) {\n      state = state.copyWith(error: CheckoutError.noAddress);\n      return;\n    }",
        ),
    )
    s.act(None, Bash("flutter test test/features/checkout", flutter_test(9), desc="Checkout tests"))
    s.user(
        "ок, норм. also we decided to drop iOS 13 support in the next release, so bump the deployment target",
        decisions=["we decided to drop iOS 13 support in the next release"],
    )
    s.act(
        None,
        Bash(
            "sed -i '' 's/IPHONEOS_DEPLOYMENT_TARGET = 13.0/IPHONEOS_DEPLOYMENT_TARGET = 14.0/' ios/Runner.xcodeproj/project.pbxproj && cd ios && pod install",
            "Analyzing dependencies\nPod installation complete! There are 14 dependencies from the Podfile and 31 total pods installed.",
        ),
    )
    s.outcome("success", "null-check crash on checkout without an address fixed, tests green, iOS target bumped")
    s.one_off("Crashlytics: Null check operator used on a null value in CheckoutController.submit")
    return s


GRADLE = """Running Gradle task 'assembleRelease'...

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:checkReleaseAarMetadata'.
> A failure occurred while executing com.android.build.gradle.internal.tasks.CheckAarMetadataWorkAction
   > 2 issues were found when checking AAR metadata:
       1.  Dependency 'androidx.core:core-ktx:1.15.0' requires libraries and applications that
           depend on it to compile against version 35 or later of the Android APIs.
           :app is currently compiled against android-34.

BUILD FAILED in 41s
Gradle task assembleRelease failed with exit code 1"""


def f13_gradle_sdk() -> Session:
    s = app("f13-gradle-sdk", "2026-12-15T14:21:09", "2.1.166", "chore/deps", "dry-senjak-gull")
    s.user("обновил зависимости, fastlane android beta падает на гредле", after=0)
    s.act(None, Bash("flutter build appbundle --release", GRADLE, code=1, desc="Build the Android release", secs=48))
    s.act(
        None,
        Read("android/app/build.gradle", 'android {\n    namespace "rs.pekara.app"\n    compileSdk 34\n', total=60),
    )
    s.act(None, Edit("android/app/build.gradle", "    compileSdk 34", "    compileSdk 35"))
    s.act(
        None,
        Bash(
            "flutter build appbundle --release",
            "Running Gradle task 'bundleRelease'...   62.4s\n✓ Built build/app/outputs/bundle/release/app-release.aab (24.1MB)",
            desc="Build the Android release",
            secs=70,
        ),
    )
    s.user(
        "збс. и ещё: забудь про named routes, теперь используем typed routes через go_router_builder, переделай orders",
        rules=[
            (
                "typed-routes",
                "забудь про named routes, теперь используем typed routes через go_router_builder",
                "named-routes",
            )
        ],
    )
    s.act(
        None,
        Write(
            "lib/router.dart",
            "@TypedGoRoute<OrdersRoute>(path: '/orders', routes: [TypedGoRoute<OrderRoute>(path: ':id')])\nclass OrdersRoute extends GoRouteData {}",
        ),
    )
    s.act(
        None,
        Bash(
            "melos run gen && flutter test test/router_test.dart",
            "[INFO] Succeeded after 11.8s with 43 outputs\n" + flutter_test(4),
            desc="Generate and test routes",
        ),
    )
    s.outcome(
        "success", "compileSdk 35 fixes the AAR metadata failure; orders routes moved to typed routes, tests pass"
    )
    s.one_off("Gradle checkReleaseAarMetadata: core-ktx 1.15.0 needs compileSdk 35")
    return s


def f14_badge_claim() -> Session:
    s = app("f14-badge-claim", "2026-12-17T18:30:40", "2.1.167", "feat/cart-badge", "thin-karaburma-tern")
    s.user("badge on the cart icon with the number of items", after=0)
    s.act(
        None,
        Write(
            "lib/widgets/cart_icon.dart",
            "Badge(isLabelVisible: count > 0, label: Text('$count'), child: const Icon(Icons.shopping_bag_outlined))",
        ),
    )
    s.act(None, Write("test/widgets/cart_icon_test.dart", "testWidgets('shows the count', (t) async { /* ... */ });"))
    s.say("Added the badge (hidden at 0) and a widget test for it. All tests pass now.")
    s.user("спасибо")
    s.outcome("unknown", "claimed tests pass without running flutter test; thanks without a verdict")
    return s


def f15_nullable_field() -> Session:
    s = app("f15-nullable-field", "2026-12-19T11:08:14", "2.1.168", "feat/pickup-time", "late-zvezdara-tern")
    s.user("made pickupTime nullable in the Order model, now the analyzer complains in the order card", after=0)
    s.act(
        None,
        Bash(
            "melos run gen",
            "melos run gen\n  └> dart run build_runner build --delete-conflicting-outputs\n"
            "[INFO] Succeeded after 9.7s with 41 outputs (12 actions)\nmelos run gen ✓",
            desc="Generate",
        ),
    )
    bad = analyzer(
        [
            (
                "error",
                "lib/features/orders/order_card.dart:31:38",
                "The argument type 'DateTime?' can't be assigned to the parameter type 'DateTime'",
            )
        ]
    )
    s.act(
        "Generated code is current; the error is in the card itself.",
        Bash("dart analyze lib", bad, code=3, desc="Analyze"),
    )
    s.act(
        None,
        Read(
            "lib/features/orders/order_card.dart",
            "      Text(formatPickup(order.pickupTime)),",
            offset=31,
            limit=1,
            total=80,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/features/orders/order_card.dart",
            "      Text(formatPickup(order.pickupTime)),",
            "      if (order.pickupTime case final t?) Text(formatPickup(t)),",
        ),
    )
    s.act(
        None,
        Bash(
            "dart analyze lib && flutter test test/features/orders",
            "Analyzing pekara_app...\nNo issues found!\n" + flutter_test(7),
            desc="Analyze and test",
        ),
    )
    s.user("👍 норм")
    s.outcome("success", "a real null-safety error after making a freezed field nullable, fixed in the widget")
    s.one_off(
        "dart analyze: DateTime? can't be assigned to DateTime after pickupTime became nullable (not stale codegen)"
    )
    return s


SESSIONS = [
    f01_cart_screen,
    f02_conflicting_outputs,
    f03_golden_ci,
    f04_routes,
    f05_stale_generated,
    f06_golden_regen,
    f07_real_golden_change,
    f08_profile,
    f09_voice_goldens,
    f10_fix_build_runner,
    f11_fix_goldens,
    f12_crashlytics,
    f13_gradle_sdk,
    f14_badge_claim,
    f15_nullable_field,
]

"""Mariana's `tianguis` sessions (t01-t17): a Flutter 3.24 / Dart app for a street market (puestos, products, a
cart and checkout) with Riverpod (riverpod_generator), go_router, freezed + build_runner, flutter test and
integration_test, Android Gradle builds and an iOS build through fastlane on CI. Times are UTC; Guadalajara is
UTC-6 (America/Mexico_City, no daylight saving time since 2022)."""

from __future__ import annotations

from fake_output import TG, flutter_analyze, flutter_test, git_commit, gradle_failure
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "tianguis"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TG, project=PROJECT)


PUBSPEC = """name: tianguis
description: "Tianguis: puestos, productos y pedidos del mercado."
publish_to: 'none'
version: 1.3.2+41

environment:
  sdk: ^3.5.3
  flutter: 3.24.3

dependencies:
  flutter:
    sdk: flutter
  flutter_localizations:
    sdk: flutter
  flutter_riverpod: ^2.5.1
  riverpod_annotation: ^2.3.5
  go_router: ^14.2.7
  freezed_annotation: ^2.4.4
  json_annotation: ^4.9.0
  cloud_firestore: ^5.4.3
  firebase_core: ^3.5.0
  flutter_local_notifications: ^17.2.3
  intl: ^0.18.1

dev_dependencies:
  flutter_test:
    sdk: flutter
  integration_test:
    sdk: flutter
  build_runner: ^2.4.12
  freezed: ^2.5.7
  json_serializable: ^6.8.0
  riverpod_generator: ^2.4.3
  flutter_lints: ^4.0.0"""

ROUTER = """import 'package:go_router/go_router.dart';

import 'features/cart/cart_page.dart';
import 'features/checkout/address_page.dart';
import 'features/checkout/summary_page.dart';
import 'features/puestos/puestos_page.dart';

final router = GoRouter(
  initialLocation: '/puestos',
  routes: [
    GoRoute(path: '/puestos', builder: (_, __) => const PuestosPage()),
    GoRoute(path: '/carrito', builder: (_, __) => const CartPage()),
    GoRoute(path: '/checkout/direccion', builder: (_, __) => const AddressPage()),
    GoRoute(path: '/checkout/resumen', builder: (_, __) => const SummaryPage()),
  ],
);"""

CART_PROVIDER = """import 'package:riverpod_annotation/riverpod_annotation.dart';

import '../../models/producto.dart';
import 'cart_state.dart';

part 'cart_provider.g.dart';

@riverpod
class Cart extends _$Cart {
  @override
  CartState build() => const CartState();

  void add(Producto producto, {int qty = 1}) {
    state = state.copyWith(items: {...state.items, producto.id: (state.items[producto.id] ?? 0) + qty});
  }

  void remove(String productoId) {
    state = state.copyWith(items: {...state.items}..remove(productoId));
  }

  void clear() => state = const CartState();
}"""

CART_PAGE = """class CartPage extends ConsumerWidget {
  const CartPage({super.key});

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final cart = ref.watch(cartProvider);
    return Scaffold(
      appBar: AppBar(title: const Text('Carrito')),
      body: CartList(items: cart.items),
      bottomNavigationBar: FilledButton(
        onPressed: cart.items.isEmpty ? null : () => context.go('/checkout/direccion'),
        child: Text('Pagar ${cart.count} productos'),
      ),
    );
  }
}"""

CHECKOUT_IT = """import 'package:flutter_test/flutter_test.dart';
import 'package:integration_test/integration_test.dart';
import 'package:tianguis/main.dart' as app;

void main() {
  IntegrationTestWidgetsFlutterBinding.ensureInitialized();

  testWidgets('checkout keeps the cart items', (tester) async {
    app.main();
    await tester.pumpAndSettle();
    await tester.tap(find.text('Doña Lupe - Frutas'));
    await tester.pumpAndSettle();
    for (final p in ['Mango ataulfo', 'Papaya', 'Limón']) {
      await tester.tap(find.widgetWithText(ProductTile, p).first);
    }
    await tester.tap(find.byIcon(Icons.shopping_cart));
    await tester.pumpAndSettle();
    await tester.tap(find.text('Pagar 3 productos'));
    await tester.pumpAndSettle();
    await tester.enterText(find.byKey(const Key('calle')), 'Av. Chapultepec 120');
    await tester.tap(find.text('Continuar'));
    await tester.pumpAndSettle();
    expect(find.text('3 productos'), findsOneWidget);
  });
}"""

CART_TEST = """void main() {
  testWidgets('cart survives navigation to address', (tester) async {
    final container = ProviderContainer();
    addTearDown(container.dispose);
    await tester.pumpWidget(UncontrolledProviderScope(container: container, child: const TianguisApp()));
    container.read(cartProvider.notifier).add(mango, qty: 2);
    await tester.pumpAndSettle();
    router.go('/carrito');
    await tester.pumpAndSettle();
    await tester.tap(find.text('Pagar 2 productos'));
    await tester.pumpAndSettle();
    expect(container.read(cartProvider).count, 2);
  });
}"""

BUILD_GRADLE = """plugins {
    id "com.android.application"
    id "kotlin-android"
    id "com.google.gms.google-services"
    id "dev.flutter.flutter-gradle-plugin"
}

android {
    namespace = "mx.tianguis.app"
    compileSdk = 34

    defaultConfig {
        applicationId = "mx.tianguis.app"
        minSdk = 23
        targetSdk = 34
        versionCode = flutter.versionCode
        versionName = flutter.versionName
    }

    buildTypes {
        release {
            signingConfig = signingConfigs.release
        }
    }
}"""

REMINDERS = """/// Recordatorios: avisa al comprador un día antes del tianguis de su colonia.
class Reminders {
  Reminders(this._plugin);
  final FlutterLocalNotificationsPlugin _plugin;

  Future<void> scheduleFor(Tianguis t) => _plugin.zonedSchedule(
        t.id.hashCode,
        'Mañana hay tianguis',
        '${t.nombre} se pone a las ${t.horaInicio}',
        tz.TZDateTime.from(t.fecha.subtract(const Duration(days: 1)), tz.local),
        _details,
        androidScheduleMode: AndroidScheduleMode.inexactAllowWhileIdle,
        uiLocalNotificationDateInterpretation: UILocalNotificationDateInterpretation.absoluteTime,
      );
}"""

PUESTO_MODEL = """import 'package:freezed_annotation/freezed_annotation.dart';

part 'puesto.freezed.dart';
part 'puesto.g.dart';

@freezed
class Puesto with _$Puesto {
  const factory Puesto({
    required String id,
    required String nombre,
    required String categoria,
    @Default(<String>[]) List<String> productos,
  }) = _Puesto;

  factory Puesto.fromJson(Map<String, dynamic> json) => _$PuestoFromJson(json);
}"""

FASTFILE = """default_platform(:ios)

# Never run match with --force on CI; ask Beto first, it revokes everyone's certificates.
platform :ios do
  lane :beta do
    setup_ci
    match(type: "appstore", readonly: true)
    build_app(workspace: "Runner.xcworkspace", scheme: "Runner", export_method: "app-store")
    upload_to_testflight(skip_waiting_for_build_processing: true)
  end
end"""

PODFILE = """# Uncomment this line to define a global platform for your project
# platform :ios, '12.0'

# CocoaPods analytics sends network stats synchronously affecting flutter build latency.
ENV['COCOAPODS_DISABLE_STATS'] = 'true'"""

GRADLE_PROPS = """org.gradle.jvmargs=-Xmx1536M
android.useAndroidX=true
android.enableJetifier=true"""


# ---------------------------------------------------------------------------------------------------------------


def t01() -> Session:
    s = new("t01-puesto-detalle", "2027-10-04T16:05:12", "2.1.230", "feature/puesto-detalle", "market-stall-heron")
    s.user(
        "porfa agrega una pantalla de detalle de puesto en /puestos/:id, con el nombre, la categoria y la lista de "
        "productos. always run flutter through fvm (fvm flutter ...), the project pins 3.24.3 in .fvmrc",
        rules=[("fvm", "always run flutter through fvm (fvm flutter ...), the project pins 3.24.3 in .fvmrc")],
    )
    s.title("Detalle de puesto")
    s.act(None, Read("lib/router.dart", ROUTER), Read("lib/models/puesto.dart", PUESTO_MODEL))
    s.act(
        "Agrego la ruta con parámetro y la pantalla que lee el puesto de Firestore.",
        Edit(
            "lib/router.dart",
            "    GoRoute(path: '/puestos', builder: (_, __) => const PuestosPage()),",
            "    GoRoute(\n      path: '/puestos',\n      builder: (_, __) => const PuestosPage(),\n      routes: [\n"
            "        GoRoute(\n          path: ':id',\n          builder: (_, state) => PuestoDetailPage(id: "
            "state.pathParameters['id']!),\n        ),\n      ],\n    ),",
        ),
        Write(
            "lib/features/puestos/puesto_detail_page.dart",
            "class PuestoDetailPage extends ConsumerWidget {\n  const PuestoDetailPage({super.key, required this.id});\n"
            "  final String id;\n\n  @override\n  Widget build(BuildContext context, WidgetRef ref) {\n"
            "    final puesto = ref.watch(puestoProvider(id));\n    return puesto.when(\n"
            "      data: (p) => PuestoDetailView(puesto: p),\n      loading: () => const Center(child: "
            "CircularProgressIndicator()),\n      error: (e, _) => ErrorView(error: e),\n    );\n  }\n}\n",
        ),
    )
    s.act(None, Bash("fvm flutter analyze", flutter_analyze(), desc="Analyze with the pinned Flutter"))
    s.say(
        "Listo: `/puestos/:id` es una subruta de `/puestos` y `PuestoDetailPage` muestra nombre, categoría y "
        "productos a partir de `puestoProvider(id)`. `fvm flutter analyze` sin issues."
    )
    s.user(
        "chido. y otra cosa, decidimos quedarnos con go_router, no vamos a migrar a auto_route aunque Beto insista",
        decisions=["decidimos quedarnos con go_router, no vamos a migrar a auto_route"],
    )
    s.say("Entendido, todo sigue con go_router.")
    s.turn_done()
    s.outcome("success", "stall detail page and its nested route added; analyze clean")
    return s


def t02() -> Session:
    s = new("t02-jdk21-gradle", "2027-10-05T15:40:33", "2.1.230", "main", "java-major-65-owl")
    s.user(
        "actualice Fedora y ahora no compila el apk:\n\n```\nFAILURE: Build failed with an exception.\n\n"
        "* What went wrong:\nCould not open cp_settings generic class cache for settings file "
        "'/home/mariana/dev/tianguis/android/settings.gradle' (/home/mariana/.gradle/caches/7.6.3/scripts/"
        "8k0f3x2m1q9w).\n> BUG! exception in phase 'semantic analysis' in source unit '_BuildScript_' "
        "Unsupported class file major version 65\n\nBUILD FAILED in 3s\n```\n\nque onda?"
    )
    s.act(
        None,
        Bash(
            "java -version; fvm flutter doctor -v | grep -i java",
            'openjdk version "21.0.4" 2024-07-16\n'
            "OpenJDK Runtime Environment (Red_Hat-21.0.4.0.7-2) (build 21.0.4+7)\n"
            "    • Java binary at: /usr/lib/jvm/java-21-openjdk/bin/java\n"
            "    • Java version OpenJDK Runtime Environment (Red_Hat-21.0.4.0.7-2) (build 21.0.4+7)",
        ),
        Bash(
            "grep distributionUrl android/gradle/wrapper/gradle-wrapper.properties",
            "distributionUrl=https\\://services.gradle.org/distributions/gradle-7.6.3-all.zip",
        ),
    )
    s.say(
        "La actualización cambió el Java por defecto a 21 (class file major version 65), y Gradle 7.6.3 no lo "
        "soporta (Java 21 necesita Gradle 8.5+). Lo más rápido sin tocar el wrapper es decirle a Flutter que use el "
        "JDK 17 que Fedora todavía tiene instalado:"
    )
    s.act(
        None,
        Bash(
            "ls /usr/lib/jvm/ && fvm flutter config --jdk-dir /usr/lib/jvm/java-17-openjdk",
            "java-17-openjdk\njava-21-openjdk\njre\njre-17\njre-21\njre-openjdk\n"
            'Setting "jdk-dir" value to "/usr/lib/jvm/java-17-openjdk".\n\n'
            "You may need to restart any open editors for them to read new settings.",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --debug",
            "Running Gradle task 'assembleDebug'...                           64.2s\n"
            "✓ Built build/app/outputs/flutter-apk/app-debug.apk",
            secs=70,
        ),
    )
    s.say("Ya compila con el JDK 17. Más adelante conviene subir el wrapper a Gradle 8.x para poder usar Java 21.")
    s.user(
        "ok ya quedo. commitea lo que tengo del detalle. los commits siempre en ingles con conventional commits "
        "(feat:, fix:, chore:)",
        rules=[("commits-en", "los commits siempre en ingles con conventional commits")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: stall detail page under /puestos/:id'",
            git_commit("main", "3f9a1c2", "feat: stall detail page under /puestos/:id", 3, 64, 4),
        ),
    )
    s.say("Commit `3f9a1c2`: `feat: stall detail page under /puestos/:id`.")
    s.one_off(
        "after a Fedora update the default JDK is 21 and Gradle 7.6.3 fails with 'Unsupported class file major "
        "version 65'; Flutter pointed at JDK 17 with flutter config --jdk-dir"
    )
    s.outcome("success", "APK builds again with JDK 17 via flutter config --jdk-dir; work committed")
    return s


def t03() -> Session:
    s = new("t03-checkout-it", "2027-10-06T16:20:48", "2.1.230", "feature/checkout", "empty-cart-ibis")
    s.user(
        "write an integration test for the checkout flow: pick a stall, add 3 products, go to the cart, pay, fill "
        "the address and check the summary shows 3 products. run it on the emulator."
    )
    s.act(None, Read("lib/router.dart", ROUTER))
    s.act(None, Write("integration_test/checkout_flow_test.dart", CHECKOUT_IT))
    err = (
        "Expected: exactly one matching candidate\n  Actual: _TextWidgetFinder:<Found 0 widgets with text "
        '"3 productos": []>\n   Which: means none were found but one was expected'
    )
    s.act(
        None,
        Bash(
            "fvm flutter test integration_test/checkout_flow_test.dart -d emulator-5554",
            flutter_test(
                0,
                [("integration_test/checkout_flow_test.dart", "checkout keeps the cart items", err, 24)],
                secs=58,
                device="sdk gphone64 x86 64",
            ),
            code=1,
            secs=95,
        ),
    )
    s.act(
        None,
        Grep(
            "0 productos|Tu carrito está vacío",
            ["lib/features/checkout/summary_page.dart:31:        ? const Text('Tu carrito está vacío')"],
            path="lib",
            mode="content",
        ),
    )
    s.say(
        'The summary page shows "Tu carrito está vacío": by the time the flow reaches `/checkout/resumen` the '
        'cart has no items, even though the cart page showed "Pagar 3 productos". Something between the cart '
        "and the summary resets the cart state. I can dig into the providers now, or I can make the test add the "
        "items again on the summary screen so it goes green."
    )
    s.user("no, el test esta bien, no lo maquilles. dejalo rojo, lo vemos mañana")
    s.say("OK, `checkout_flow_test.dart` se queda como está, fallando.")
    s.outcome("failed", "the new checkout integration test fails: the summary shows an empty cart; left red")
    s.hit("cart-autodispose")
    return s


def t04() -> Session:
    s = new("t04-crashlytics", "2027-10-07T15:55:02", "2.1.231", "feature/crashlytics", "crash-report-finch")
    s.user(
        "TIA-198: Add crash reporting to the app. We're going with Firebase Crashlytics, not Sentry, since we "
        "already use Firebase. Record Flutter errors and uncaught async errors.",
        decisions=["We're going with Firebase Crashlytics, not Sentry"],
    )
    s.act(
        None,
        Bash(
            "fvm flutter pub add firebase_crashlytics && fvm flutter pub upgrade",
            "Resolving dependencies...\n+ firebase_crashlytics 4.1.3\n+ firebase_crashlytics_platform_interface "
            "3.6.44\nChanged 2 dependencies!\nResolving dependencies...\n  cloud_firestore 5.4.3 → 5.4.4\n"
            "  firebase_core 3.5.0 → 3.6.0\n  go_router 14.2.7 → 14.3.0\nChanged 3 dependencies!",
            secs=12,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/main.dart",
            "  await Firebase.initializeApp(options: DefaultFirebaseOptions.currentPlatform);",
            "  await Firebase.initializeApp(options: DefaultFirebaseOptions.currentPlatform);\n"
            "  FlutterError.onError = FirebaseCrashlytics.instance.recordFlutterFatalError;\n"
            "  PlatformDispatcher.instance.onError = (error, stack) {\n"
            "    FirebaseCrashlytics.instance.recordError(error, stack, fatal: true);\n    return true;\n  };\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git diff --stat",
            " lib/main.dart  |  6 ++++++\n pubspec.lock   | 42 +++++++++++++++-------\n"
            " pubspec.yaml   |  1 +\n 3 files changed, 33 insertions(+), 16 deletions(-)",
        ),
    )
    s.say("Crashlytics is wired in `main.dart`: Flutter errors and uncaught async errors are recorded as fatal.")
    s.user(
        "oye, por que cambiaste el pubspec.lock? eso no se toca",
        rules=[("lockfile", "por que cambiaste el pubspec.lock? eso no se toca")],
    )
    s.act(
        "Tienes razón, el `flutter pub upgrade` subió otras tres dependencias. Regreso el lock y solo agrego "
        "Crashlytics:",
        Bash(
            "git checkout pubspec.lock && fvm flutter pub get --enforce-lockfile || fvm flutter pub get",
            "Resolving dependencies...\n+ firebase_crashlytics 4.1.3\n+ firebase_crashlytics_platform_interface "
            "3.6.44\nChanged 2 dependencies!",
        ),
    )
    s.act(
        None,
        Bash("git diff --stat pubspec.lock", " pubspec.lock | 16 ++++++++++++++++\n 1 file changed, 16 insertions(+)"),
    )
    s.say("Ahora el lock solo tiene las dos entradas nuevas de Crashlytics; nada más cambió de versión.")
    s.user("ok, asi si. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: report crashes to Firebase Crashlytics'",
            git_commit("feature/crashlytics", "b81e4d0", "feat: report crashes to Firebase Crashlytics", 3, 23, 0),
        ),
    )
    s.say("Commit `b81e4d0`.")
    s.outcome("success", "Crashlytics added; the unrelated lockfile upgrade reverted at her request; committed")
    return s


def t05() -> Session:
    s = new("t05-release-reminders", "2027-10-08T17:10:27", "2.1.231", "main", "missing-type-param-crow")
    s.user(
        "le pase el apk de release a QA y al programar el recordatorio del tianguis sale esto en logcat:\n\n```\n"
        "E/flutter (14872): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: "
        "PlatformException(error, Missing type parameter., null, java.lang.RuntimeException: Missing type "
        "parameter.\nE/flutter (14872): \tat d3.a.<init>(SourceFile:13)\nE/flutter (14872): \tat "
        "com.dexterous.flutterlocalnotifications.FlutterLocalNotificationsPlugin.loadScheduledNotifications"
        "(SourceFile:15)\nE/flutter (14872): \tat com.dexterous.flutterlocalnotifications."
        "FlutterLocalNotificationsPlugin.zonedSchedule(SourceFile:9)\n```\n\nen debug funciona perfecto. checalo porfa"
    )
    s.act(None, Read("lib/services/reminders.dart", REMINDERS))
    s.say(
        "El error sale del lado nativo del plugin (`loadScheduledNotifications`), no de Dart. Primero descarto que "
        "sea algo viejo en el build:"
    )
    s.act(
        None,
        Bash(
            "fvm flutter clean && fvm flutter build apk --release",
            "Deleting build...                                                  412ms\n"
            "Deleting .dart_tool...                                              18ms\n"
            "Running Gradle task 'assembleRelease'...                          142.7s\n"
            "✓ Built build/app/outputs/flutter-apk/app-release.apk (24.6MB)",
            secs=150,
        ),
    )
    s.act(
        None,
        Bash(
            "adb install -r build/app/outputs/flutter-apk/app-release.apk && adb logcat -d -s flutter | tail -3",
            "Performing Streamed Install\nSuccess\nE/flutter (15533): [ERROR:flutter/runtime/dart_vm_initializer.cc"
            "(41)] Unhandled Exception: PlatformException(error, Missing type parameter., null, "
            "java.lang.RuntimeException: Missing type parameter.\nE/flutter (15533): \tat d3.a.<init>"
            "(SourceFile:13)",
        ),
    )
    s.say(
        "Con build limpio sigue igual, solo en release. Los nombres ofuscados (`d3.a`) indican que R8 está "
        "reescribiendo clases del plugin. No tengo todavía la causa exacta."
    )
    s.user("sigue fallando. ya me tengo que ir, lo vemos la otra semana")
    s.outcome("failed", "release-only reminder crash reproduced after a clean build; cause not found")
    s.hit("r8-gson-typetoken")
    return s


def t06() -> Session:
    s = new("t06-carrito-vacio-words", "2027-10-11T16:02:55", "2.1.232", "main", "vanishing-cart-gull")
    s.user(
        "oye, en soporte dicen que a varios usuarios se les vacia el carrito cuando llegan a poner su direccion. "
        "no sale ningun error, nomas llegan al resumen y no hay nada. pasa en android y en iphone"
    )
    s.act(None, Read("lib/features/cart/cart_page.dart", CART_PAGE, offset=12, total=40))
    s.act(
        "Puede ser que la lista del carrito se reconstruya al navegar. Voy a mover el estado del carrito a un "
        "singleton global para que no dependa de los widgets:",
        Write(
            "lib/features/cart/cart_store.dart",
            "/// Global cart store (temporary): survives navigation.\nclass CartStore {\n  CartStore._();\n"
            "  static final instance = CartStore._();\n  final items = <String, int>{};\n}\n",
        ),
    )
    s.interrupt()
    s.user("no no, nada de singletons, eso rompe riverpod. borralo. ahorita tengo junta, luego lo vemos")
    s.act(None, Bash("rm lib/features/cart/cart_store.dart && git status --short", ""))
    s.say("Borrado; el árbol queda limpio.")
    s.outcome(
        "failed", "users' carts reported empty at the address step; a singleton workaround was stopped and removed"
    )
    s.hit("cart-autodispose")
    return s


def t07() -> Session:
    s = new("t07-puesto-horario", "2027-10-12T15:30:19", "2.1.232", "feature/horarios", "freezed-field-lark")
    s.user(
        "agrega horaApertura y horaCierre al modelo Puesto y un provider que diga si el puesto esta abierto ahorita. "
        "siempre hay que correr build_runner despues de cambiar un modelo freezed?",
        non_rules=["siempre hay que correr build_runner despues de cambiar un modelo freezed?"],
    )
    s.act(
        None,
        Edit(
            "lib/models/puesto.dart",
            "    @Default(<String>[]) List<String> productos,",
            "    @Default(<String>[]) List<String> productos,\n    String? horaApertura,\n    String? horaCierre,",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm dart run build_runner build --delete-conflicting-outputs",
            "[INFO] Generating build script completed, took 412ms\n[INFO] Reading cached asset graph completed, "
            "took 188ms\n[INFO] Running build completed, took 9.4s\n[INFO] Caching finalized dependency graph "
            "completed, took 71ms\n[INFO] Succeeded after 9.5s with 6 outputs (12 actions)",
            secs=14,
        ),
    )
    s.say(
        "Sí: los archivos `puesto.freezed.dart` y `puesto.g.dart` se generan, y si no los regeneras el analyzer "
        "marca `_$Puesto` incompleto. Te recomiendo siempre correr dart run build_runner build "
        "--delete-conflicting-outputs después de cambiar un modelo. O `build_runner watch` mientras trabajas."
    )
    s.user(
        "ok. para el provider: siempre usa riverpod_generator con @riverpod, nada de StateNotifierProvider a mano. "
        "y cada feature tiene su propio providers.dart dentro de lib/features/<feature>/",
        rules=[
            ("riverpod-codegen", "siempre usa riverpod_generator con @riverpod, nada de StateNotifierProvider a mano"),
            ("providers-file", "cada feature tiene su propio providers.dart dentro de lib/features/<feature>/"),
        ],
    )
    s.act(
        None,
        Write(
            "lib/features/puestos/providers.dart",
            "import 'package:riverpod_annotation/riverpod_annotation.dart';\n\nimport '../../models/puesto.dart';\n\n"
            "part 'providers.g.dart';\n\n@riverpod\nbool puestoAbierto(PuestoAbiertoRef ref, Puesto puesto) {\n"
            "  final now = ref.watch(clockProvider)();\n  return estaAbierto(puesto, now);\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm dart run build_runner build --delete-conflicting-outputs && fvm flutter test test/puestos",
            "[INFO] Succeeded after 7.8s with 2 outputs (4 actions)\n" + flutter_test(9),
            secs=20,
        ),
    )
    s.say(
        "`puestoAbiertoProvider` vive en `lib/features/puestos/providers.dart`, generado con `@riverpod`; 9 tests verdes."
    )
    s.user("chido")
    s.not_person(
        "Te recomiendo siempre correr dart run build_runner build --delete-conflicting-outputs después de cambiar "
        "un modelo.",
        "assistant_text",
    )
    s.outcome("success", "opening hours on Puesto and an open-now provider via riverpod_generator; tests green")
    return s


def t08() -> Session:
    s = new("t08-recordatorios-words", "2027-10-13T16:40:07", "2.1.232", "main", "silent-reminder-wren")
    s.user(
        "una vendedora de la colonia Americana me dice que los recordatorios del tianguis no le llegan con la app "
        "de la Play Store. con la que le instale por cable si llegan. tu crees que sea lo mismo de la otra vez?"
    )
    s.say(
        "Probablemente: la versión de la Play Store es release (con R8) y la que instalaste por cable era debug. "
        "Es el mismo patrón que el error de QA del viernes (`Missing type parameter` al programar la notificación). "
        "Para confirmarlo necesitaría el logcat de su teléfono o reproducirlo con un build de release aquí."
    )
    s.user(
        "no tengo su telefono y ahorita no puedo compilar release, la laptop anda lentisima. lo dejamos para otro dia"
    )
    s.say("Va. Cuando quieras lo reproducimos con `flutter build apk --release` y logcat.")
    s.outcome("unknown", "a seller's reminders fail on the Play Store build; nothing was reproduced or changed")
    s.hit("r8-gson-typetoken")
    return s


def t09() -> Session:
    s = new("t09-cart-widget-test", "2027-10-14T17:05:44", "2.1.233", "feature/checkout", "disposed-state-kite")
    s.user(
        "renombre el test del checkout y lo pase a widget test para que corra sin emulador: test/cart/"
        "cart_navigation_test.dart. correlo porfa"
    )
    s.act(None, Read("test/cart/cart_navigation_test.dart", CART_TEST))
    err = "Expected: <2>\n  Actual: <0>"
    s.act(
        None,
        Bash(
            "fvm flutter test test/cart/cart_navigation_test.dart",
            flutter_test(
                0, [("test/cart/cart_navigation_test.dart", "cart survives navigation to address", err, 13)], secs=4
            ),
            code=1,
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test/cart/cart_navigation_test.dart --plain-name 'cart survives' -r expanded 2>&1 "
            "| grep -i -m3 'cart'",
            "00:03 +0: cart survives navigation to address\n"
            "00:03 +0 -1: cart survives navigation to address [E]\n"
            "  The test description was: cart survives navigation to address",
            code=0,
        ),
    )
    s.say(
        "Fails the same way as the integration test: after `context.go('/checkout/direccion')` the count is 0. "
        "With the container in the test the state should survive unless the provider itself is disposed when the "
        "cart page leaves the tree. I haven't confirmed that yet."
    )
    s.user("ok, no me da tiempo hoy. lo vemos mañana")
    s.outcome("failed", "the renamed cart widget test fails (count 0 after navigating to the address); not fixed")
    s.hit("cart-autodispose")
    return s


def t10() -> Session:
    s = new("t10-vitals-ticket", "2027-10-15T16:12:31", "2.1.233", "main", "boot-receiver-tern")
    s.user(
        "TIA-230: Crash on Android 14 after reboot (release only). Play Console vitals, 37 users this week:\n\n```\n"
        "Exception java.lang.RuntimeException: Unable to start receiver com.dexterous.flutterlocalnotifications."
        "ScheduledNotificationBootReceiver: java.lang.RuntimeException: Missing type parameter.\n"
        "  at android.app.ActivityThread.handleReceiver (ActivityThread.java:4810)\n"
        "Caused by java.lang.RuntimeException: Missing type parameter.\n  at d3.a.<init> (SourceFile:13)\n"
        "  at com.dexterous.flutterlocalnotifications.FlutterLocalNotificationsPlugin.loadScheduledNotifications "
        "(SourceFile:15)\n```"
    )
    s.act(None, Read("android/app/build.gradle", BUILD_GRADLE))
    s.say(
        "It's the plugin's boot receiver reloading the scheduled reminders after a reboot, and it dies on the same "
        "`Missing type parameter` as the QA crash. Only release builds shrink code with R8, so the quickest way to "
        "confirm is to build release with shrinking off:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "android/app/build.gradle",
                "            signingConfig = signingConfigs.release\n",
                "            signingConfig = signingConfigs.release\n            minifyEnabled = false\n"
                "            shrinkResources = false\n",
            ),
            "no, sin R8 el apk pesa como 20MB mas. eso no es",
        ),
    )
    s.user("no lo arregles quitando R8. sigue fallando en produccion y hoy no me da tiempo, lo retomamos el lunes")
    s.say("Entendido, dejo `build.gradle` como está.")
    s.outcome("failed", "crash after reboot in release builds still open; disabling R8 was refused")
    s.hit("r8-gson-typetoken")
    return s


def explore_cart(child: Session) -> None:
    child.act(
        None,
        Grep(
            "cartProvider|@riverpod|keepAlive",
            [
                "lib/features/cart/cart_provider.dart:8:@riverpod",
                "lib/features/cart/cart_page.dart:6:    final cart = ref.watch(cartProvider);",
                "lib/features/checkout/address_page.dart:22:    final calle = ref.watch(addressFormProvider);",
                "lib/features/checkout/summary_page.dart:14:    final cart = ref.watch(cartProvider);",
            ],
            path="lib",
            mode="content",
        ),
    )
    child.say(
        "Cart state:\n- lib/features/cart/cart_provider.dart:8 declares `@riverpod class Cart`, which generates an "
        "AutoDisposeNotifierProvider (no keepAlive anywhere in lib/).\n- It is watched only by cart_page.dart:6 and "
        "summary_page.dart:14; address_page.dart does not watch it.\n- cart_page.dart navigates with "
        "`context.go('/checkout/direccion')`, which replaces the cart route, so while the address page is shown "
        "nothing listens to cartProvider and it is disposed; the summary then builds a fresh empty CartState."
    )


def t11() -> Session:
    s = new("t11-cart-keepalive-fix", "2027-10-18T15:45:10", "2.1.234", "fix/cart-keepalive", "keep-alive-robin")
    s.user(
        "TIA-212: Cart is emptied after the address step (Android + iOS). Repro: add items, tap Pay, enter the "
        "address, Continue -> summary says the cart is empty. Failing tests: integration_test/checkout_flow_test.dart "
        "and test/cart/cart_navigation_test.dart."
    )
    s.act(
        "Let me find every place that creates, watches or disposes the cart state.",
        Agent(
            "Find cart provider lifecycle",
            "In lib/, find where cartProvider is declared, watched and read, and whether it is autoDispose or "
            "keepAlive. Also check how cart_page.dart navigates to the address step. Always report file:line for "
            "every match; never modify files.",
            "Explore",
            explore_cart,
        ),
    )
    s.act(None, Read("lib/features/cart/cart_provider.dart", CART_PROVIDER))
    s.act(
        "`@riverpod` generates an auto-dispose provider. When the cart page is replaced by the address page nothing "
        "watches the cart, so Riverpod disposes it and the summary starts from an empty cart. The cart has to live "
        "for the whole session:",
        Edit(
            "lib/features/cart/cart_provider.dart",
            "@riverpod\nclass Cart extends _$Cart {",
            "@Riverpod(keepAlive: true)\nclass Cart extends _$Cart {",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm dart run build_runner build --delete-conflicting-outputs",
            "[INFO] Running build completed, took 8.1s\n[INFO] Succeeded after 8.2s with 2 outputs (4 actions)",
            secs=13,
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter test test/cart && fvm flutter test integration_test/checkout_flow_test.dart -d emulator-5554",
            flutter_test(6) + "\n" + flutter_test(1, secs=61, device="sdk gphone64 x86 64"),
            secs=110,
        ),
    )
    s.say(
        "Both tests pass: `cart_navigation_test.dart` (widget) and `checkout_flow_test.dart` on the emulator. "
        "`cartProvider` is now `keepAlive` (generated as a `NotifierProvider`); `clear()` still empties it after a "
        "successful order."
    )
    s.user(
        "por fin. aprendi que @riverpod genera providers autoDispose por default, si el estado tiene que sobrevivir "
        "la navegacion va con keepAlive: true. commit porfa",
        lessons=[
            "@riverpod genera providers autoDispose por default, si el estado tiene que sobrevivir la navegacion "
            "va con keepAlive: true"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: keep the cart alive across checkout navigation'",
            git_commit("fix/cart-keepalive", "6d20b7e", "fix: keep the cart alive across checkout navigation", 2, 3, 3),
        ),
    )
    s.say("Commit `6d20b7e`.")
    s.not_person("Always report file:line for every match; never modify files.", "subagent_prompt")
    s.outcome("success", "cart provider made keepAlive; widget and integration tests green; committed")
    s.hit("cart-autodispose", fixed=True)
    return s


def t12() -> Session:
    s = new("t12-ios-pods", "2027-10-19T16:25:36", "2.1.234", "main", "pod-target-swan")
    s.user(
        "el job de iOS en CI (el de fastlane beta en el mac runner) truena en pod install:\n\n```\n"
        '[!] CocoaPods could not find compatible versions for pod "FirebaseCrashlytics":\n  In Podfile:\n'
        "    firebase_crashlytics (from `.symlinks/plugins/firebase_crashlytics/ios`) was resolved to 4.1.3, which "
        "depends on\n      Firebase/Crashlytics (= 11.2.0) was resolved to 11.2.0, which depends on\n"
        "        FirebaseCrashlytics (~> 11.2.0)\n\nSpecs satisfying the `FirebaseCrashlytics (~> 11.2.0)` dependency "
        "were found, but they required a higher minimum deployment target.\n\nYou have either:\n"
        " * out-of-date source repos which you can update with `pod repo update` or with `pod install "
        "--repo-update`.\n * changed the constraints of dependency `FirebaseCrashlytics` inside your development "
        "pod `firebase_crashlytics`.\n```"
    )
    s.act(None, Read("ios/Podfile", PODFILE, total=44), Read("ios/fastlane/Fastfile", FASTFILE))
    s.say(
        "Firebase iOS SDK 11 requires iOS 13, and the Podfile still has the platform line commented out, so "
        "CocoaPods assumes the old default. The fix is the Podfile platform (and the Xcode project's deployment "
        "target), not `pod repo update`."
    )
    s.user(
        "va. pero no le muevas a ios/fastlane, eso lo maneja Beto",
        rules=[("no-fastlane", "no le muevas a ios/fastlane, eso lo maneja Beto")],
    )
    s.act(
        None,
        Edit("ios/Podfile", "# platform :ios, '12.0'", "platform :ios, '13.0'"),
        Bash(
            "sed -i 's/IPHONEOS_DEPLOYMENT_TARGET = 12.0;/IPHONEOS_DEPLOYMENT_TARGET = 13.0;/g' "
            "ios/Runner.xcodeproj/project.pbxproj && grep -c 'IPHONEOS_DEPLOYMENT_TARGET = 13.0' "
            "ios/Runner.xcodeproj/project.pbxproj",
            "3",
        ),
    )
    s.act(
        None,
        Bash(
            "git add ios/Podfile ios/Runner.xcodeproj/project.pbxproj && git commit -m 'fix(ios): raise "
            "deployment target to 13.0 for Firebase 11'",
            git_commit("main", "c4e81a9", "fix(ios): raise deployment target to 13.0 for Firebase 11", 2, 4, 4),
        ),
    )
    s.say("Commit `c4e81a9`, sin tocar `ios/fastlane`. En el próximo run de CI `pod install` debería resolver.")
    s.user("ya paso el job, chido")
    s.not_person(
        "Never run match with --force on CI; ask Beto first, it revokes everyone's certificates.", "tool_output"
    )
    s.not_person(
        "out-of-date source repos which you can update with `pod repo update` or with `pod install --repo-update`.",
        "pasted_log",
    )
    s.one_off(
        "the iOS CI job fails in pod install: Firebase iOS SDK 11 needs a higher minimum deployment target than "
        "the Podfile's default; platform :ios, '13.0'"
    )
    s.outcome("success", "iOS deployment target raised to 13.0; the CI job passes")
    return s


PROGUARD = """# Flutter local notifications stores scheduled notifications with Gson (generic TypeToken).
# R8 strips the generic signatures in release builds -> "Missing type parameter."
-keep class com.google.gson.reflect.TypeToken { *; }
-keep class * extends com.google.gson.reflect.TypeToken
-keepattributes Signature
-keepattributes *Annotation*
-keep class com.dexterous.** { *; }
"""


def t13() -> Session:
    s = new("t13-r8-gson-fix", "2027-10-20T15:50:04", "2.1.235", "fix/release-reminders", "keep-rules-plover")
    s.user(
        "ahora si, arreglemos lo de los recordatorios en release de una vez. no quiero quitar R8. compila release, "
        "reproducelo y arreglalo"
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --release && adb install -r build/app/outputs/flutter-apk/app-release.apk && "
            "adb reboot && sleep 60 && adb logcat -d -b crash | head -4",
            "Running Gradle task 'assembleRelease'...                          131.9s\n"
            "✓ Built build/app/outputs/flutter-apk/app-release.apk (24.6MB)\nPerforming Streamed Install\nSuccess\n"
            "--------- beginning of crash\nE/AndroidRuntime( 2214): FATAL EXCEPTION: main\n"
            "E/AndroidRuntime( 2214): java.lang.RuntimeException: Unable to start receiver com.dexterous."
            "flutterlocalnotifications.ScheduledNotificationBootReceiver: java.lang.RuntimeException: Missing type "
            "parameter.",
            secs=215,
            timeout=400000,
        ),
    )
    s.act(None, Read("android/app/build.gradle", BUILD_GRADLE))
    s.say(
        "Reproducido. El plugin guarda las notificaciones programadas con Gson usando un `TypeToken<List<...>>`; "
        "R8 le quita la firma genérica en release y Gson truena con `Missing type parameter.` Es el caso que "
        "documenta flutter_local_notifications: hacen falta reglas keep para Gson. No hay `proguard-rules.pro` "
        "en el proyecto, así que lo creo y lo conecto en el build type release:"
    )
    s.act(
        None,
        Write("android/app/proguard-rules.pro", PROGUARD),
        Edit(
            "android/app/build.gradle",
            "            signingConfig = signingConfigs.release\n",
            "            signingConfig = signingConfigs.release\n"
            "            proguardFiles getDefaultProguardFile('proguard-android-optimize.txt'), 'proguard-rules.pro'\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fvm flutter build apk --release && adb install -r build/app/outputs/flutter-apk/app-release.apk && "
            "adb reboot && sleep 60 && adb logcat -d -b crash | wc -l && adb shell dumpsys alarm | grep -c "
            "mx.tianguis.app",
            "Running Gradle task 'assembleRelease'...                          127.4s\n"
            "✓ Built build/app/outputs/flutter-apk/app-release.apk (24.7MB)\nPerforming Streamed Install\nSuccess\n"
            "0\n2",
            secs=210,
            timeout=400000,
        ),
    )
    s.say(
        "Con las reglas: el APK pesa 24.7MB (R8 sigue activo), después del reboot no hay crash y las dos alarmas "
        "del tianguis siguen programadas."
    )
    s.user(
        "ya quedo. lesson learned: R8 strips gson's TypeToken generics in release builds, plugins that use gson need "
        "keep rules. commitealo",
        lessons=["R8 strips gson's TypeToken generics in release builds, plugins that use gson need keep rules"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(android): keep Gson TypeToken for scheduled notifications'",
            git_commit(
                "fix/release-reminders",
                "9e3f5a1",
                "fix(android): keep Gson TypeToken for scheduled notifications",
                2,
                8,
                0,
            ),
        ),
    )
    s.say("Commit `9e3f5a1`.")
    s.outcome("success", "Gson keep rules in proguard-rules.pro; release build survives reboot, reminders kept")
    s.hit("r8-gson-typetoken", fixed=True)
    return s


def t14() -> Session:
    s = new("t14-version-bump", "2027-10-20T20:40:51", "2.1.235", "main", "bundle-release-moth")
    s.user(
        "sube la version a 1.4.0+42 y genera el appbundle para la Play Store. ya no uses fvm, quitalo de los "
        "comandos, el flutter del sistema ya esta en 3.24.3. for now skip the iOS build, the Mac runner is down",
        rules=[("no-fvm", "ya no uses fvm, quitalo de los comandos, el flutter del sistema ya esta en 3.24.3", "fvm")],
        non_rules=["for now skip the iOS build, the Mac runner is down"],
    )
    s.act(
        None,
        Bash("flutter --version | head -1", "Flutter 3.24.3 • channel stable • https://github.com/flutter/flutter.git"),
    )
    s.act(None, Edit("pubspec.yaml", "version: 1.3.2+41", "version: 1.4.0+42"))
    s.act(
        None,
        Bash(
            "flutter build appbundle --release",
            "Running Gradle task 'bundleRelease'...                           156.0s\n"
            "✓ Built build/app/outputs/bundle/release/app-release.aab (31.2MB)",
            secs=165,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'chore: release 1.4.0+42'",
            git_commit("main", "0a7c3e8", "chore: release 1.4.0+42", 1, 1, 1),
        ),
    )
    s.say(
        "`app-release.aab` (1.4.0+42) listo en `build/app/outputs/bundle/release/`; commit `0a7c3e8`. Sin build de iOS."
    )
    s.user("listo, gracias")
    s.outcome("success", "version bumped and the Play Store app bundle built with the system flutter")
    return s


def t15() -> Session:
    s = new("t15-intl-solver", "2027-10-21T21:15:27", "2.1.235", "feature/i18n", "version-solving-jay")
    s.user(
        "agregue flutter_localizations para los textos en es_MX y ahora pub get falla:\n\n```\n"
        "Because tianguis depends on flutter_localizations from sdk which depends on intl 0.19.0, intl 0.19.0 is "
        "required.\nSo, because tianguis depends on intl ^0.18.1, version solving failed.\n\n\nYou can try the "
        "following suggestion to make the pubspec resolve:\n* Try upgrading your constraint on intl: flutter pub "
        "add intl:^0.19.0\n```"
    )
    s.act(None, Read("pubspec.yaml", PUBSPEC))
    s.say(
        "Flutter 3.24 fija `intl` 0.19.0 a través de `flutter_localizations`, y el pubspec pide `^0.18.1`. Hay que "
        "subir la restricción; eso cambia `pubspec.lock` solo para `intl`. ¿Lo hago?"
    )
    s.user("si, pero solo intl")
    s.act(None, Edit("pubspec.yaml", "  intl: ^0.18.1", "  intl: ^0.19.0"))
    s.act(
        None,
        Bash(
            "flutter pub get && git diff --stat pubspec.lock",
            "Resolving dependencies...\n> intl 0.19.0 (was 0.18.1)\nChanged 1 dependency!\n"
            " pubspec.lock | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)",
        ),
    )
    s.act(
        None,
        Bash("flutter analyze && flutter test", flutter_analyze(secs=3.4) + "\n" + flutter_test(31, secs=12), secs=25),
    )
    s.say("Resuelve: solo `intl` pasó de 0.18.1 a 0.19.0 en el lock. Analyze limpio y 31 tests verdes.")
    s.user("chido")
    s.one_off(
        "flutter_localizations from the SDK pins intl 0.19.0 while the pubspec asks for intl ^0.18.1, so pub's "
        "version solving fails; constraint raised to ^0.19.0"
    )
    s.outcome("success", "intl constraint raised so flutter_localizations resolves; analyze and tests clean")
    return s


def t16() -> Session:
    s = new("t16-gradle-heap", "2027-10-22T16:00:42", "2.1.236", "feature/i18n", "heap-space-crane")
    s.user(
        "traduce las pantallas de checkout a arb (app_es.arb, app_en.arb) y corre el build de release para ver "
        "que todo compile"
    )
    s.act(
        None,
        Write(
            "lib/l10n/app_es.arb",
            '{\n  "@@locale": "es",\n  "checkoutTitle": "Tu pedido",\n'
            '  "payButton": "Pagar {count} productos",\n  "@payButton": {"placeholders": {"count": {}}}\n}\n',
        ),
        Write(
            "lib/l10n/app_en.arb",
            '{\n  "@@locale": "en",\n  "checkoutTitle": "Your order",\n'
            '  "payButton": "Pay {count} items",\n  "@payButton": {"placeholders": {"count": {}}}\n}\n',
        ),
    )
    s.act(None, Bash("flutter gen-l10n", ""))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Mariana asked to move the checkout screens' strings to ARB files "
        "(app_es.arb, app_en.arb) and to run a release build.\nSummary:\n1. lib/l10n/app_es.arb and app_en.arb "
        "written (checkoutTitle, payButton with a count placeholder); flutter gen-l10n ran clean.\n"
        "2. The checkout pages still need to use AppLocalizations.of(context).\n"
        "3. Always build Android with --split-per-abi for QA builds.\nPending: release build.",
        98200,
        9400,
    )
    what = (
        "Execution failed for task ':app:minifyReleaseWithR8'.\n> A failure occurred while executing "
        "com.android.build.gradle.internal.tasks.R8Task$R8Runnable\n   > java.lang.OutOfMemoryError: Java heap space"
    )
    s.act(
        None,
        Bash("flutter build apk --release", gradle_failure("assembleRelease", what, secs=188), code=1, secs=195),
    )
    s.act(None, Read("android/gradle.properties", GRADLE_PROPS))
    s.act(
        "R8 se quedó sin memoria: el daemon de Gradle tiene `-Xmx1536M`, que es el valor de la plantilla de "
        "Flutter. Con el proyecto de este tamaño R8 necesita más:",
        Edit(
            "android/gradle.properties",
            "org.gradle.jvmargs=-Xmx1536M",
            "org.gradle.jvmargs=-Xmx4G -XX:MaxMetaspaceSize=1G -XX:+HeapDumpOnOutOfMemoryError",
        ),
    )
    s.act(
        None,
        Bash(
            "flutter build apk --release",
            "Running Gradle task 'assembleRelease'...                          149.8s\n"
            "✓ Built build/app/outputs/flutter-apk/app-release.apk (24.9MB)",
            secs=160,
        ),
    )
    s.say("Compila en release con 4 GB para el daemon. Las pantallas de checkout ya usan las cadenas de los arb.")
    s.user("listo, gracias")
    s.not_person("Always build Android with --split-per-abi for QA builds.", "compaction_summary")
    s.one_off(
        "the release build dies in minifyReleaseWithR8 with java.lang.OutOfMemoryError: Java heap space; Gradle "
        "daemon heap raised in android/gradle.properties"
    )
    s.outcome("success", "checkout strings in ARB files; release build passes after raising the Gradle heap")
    return s


def t17() -> Session:
    s = new("t17-golden-question", "2027-10-22T23:05:18", "2.1.236", "main", "golden-question-dove")
    s.queued_start("how do I update golden files in flutter test?")
    s.user("how do I update golden files in flutter test?", after=0.4)
    s.say("`flutter test --update-goldens` (optionally with a path, e.g. `flutter test --update-goldens test/golden`).")
    s.turn_done()
    s.title("Updating golden files")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


SESSIONS = [t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15, t16, t17]

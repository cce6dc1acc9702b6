#!/usr/bin/env python3
"""Generate the 38th held-out learning corpus (Mariana's `tianguis`, a Flutter 3.24 app with Riverpod, go_router
and freezed, and `tianguis-functions`, Firebase Cloud Functions in TypeScript, on Fedora with fish in Guadalajara,
mostly in informal Mexican Spanish): Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Spanish ("es"), guessed by transcript_kit.lang_of (Spanish function words with or
without accents and words with Spanish-only letters against English function words). The shared language checks
apply as they are (standard_language_checks), with a share of 55-85 % Spanish messages (Mariana writes mostly
Spanish; about a quarter of her prompts are English, copied from tickets); everything else is the shared
builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_functions  # noqa: E402
import scenarios_tianguis  # noqa: E402
from fake_output import FN, TG  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"tianguis": TG, "tianguis-functions": FN}
# said in one repository, meant for every project: commit style, and the language of answers vs. code
GLOBAL_RULES = {"commits-en", "answer-es"}
COMPATIBLE = [
    ("riverpod-codegen", "providers-file"),  # providers with @riverpod, and each feature keeps them in providers.dart
    ("repos", "emulator-tests"),  # Firestore only through src/repos, and tests against the emulator, no mocks
]

PROBLEMS = {
    "cart-autodispose": {
        "project": "tianguis",
        "description": "The cart is a riverpod_generator `@riverpod class Cart`, which generates an auto-dispose "
        "provider; the cart page navigates to the address step with context.go, which replaces the cart route, so "
        "nothing watches cartProvider while the address page is shown, Riverpod disposes it and the checkout "
        "summary starts from an empty cart. Seen as a failing integration test (checkout_flow_test: 'Found 0 "
        'widgets with text "3 productos"\'; making the test re-add items refused), in Spanish words only (support: '
        "users' carts empty at the address step; a global singleton stopped), as a renamed widget test "
        "(cart_navigation_test 'cart survives navigation to address', Expected <2> Actual <0>), and in an English "
        "ticket (TIA-212).",
        "nouns": ["cartProvider", "carrito", "cart"],
        "fix": ["@Riverpod(keepAlive: true)", "dart run build_runner build --delete-conflicting-outputs"],
        "key_step": "@Riverpod(keepAlive: true)",
    },
    "r8-gson-typetoken": {
        "project": "tianguis",
        "description": "flutter_local_notifications stores scheduled notifications with Gson and a generic "
        "TypeToken; release builds shrink with R8, which strips the generic signature, so scheduling (and the boot "
        "receiver that reloads reminders after a reboot) throws 'java.lang.RuntimeException: Missing type "
        "parameter.' in release only. Seen as a pasted logcat PlatformException from QA (a clean rebuild did not "
        "help), in Spanish words only (a seller's reminders do not arrive with the Play Store build), as an English "
        "Play Console vitals ticket (ScheduledNotificationBootReceiver crash after reboot; turning R8 off refused), "
        "then reproduced after a reboot and fixed with Gson keep rules.",
        "nouns": ["Missing type parameter", "recordatorios", "release"],
        "fix": [
            "-keep class * extends com.google.gson.reflect.TypeToken",
            "proguardFiles getDefaultProguardFile('proguard-android-optimize.txt'), 'proguard-rules.pro'",
        ],
        "key_step": "-keep class * extends com.google.gson.reflect.TypeToken",
    },
    "stock-race": {
        "project": "tianguis-functions",
        "description": "descontarStock reads a product's stock with ref.get() and then writes actual - qty with "
        "ref.update(), outside a transaction and without checking the stock suffices, so concurrent orders (the "
        "Sunday market rush) lose decrements or oversell into negative stock. Seen as a failing Jest test under the "
        "emulator ('descuenta stock con pedidos simultaneos', Expected 5 Received 9; making it sequential refused), "
        "in Spanish words only (a seller sold 5 boxes of cajeta with 2 in stock, -3 shown, no error in the logs), "
        "as a renamed test ('stock stays at or above zero', Expected >= 0 Received -2; a check and a lock attempt "
        "reverted), and in an English ticket (TIA-241).",
        "nouns": ["stock", "descontarStock"],
        "fix": ["await db.runTransaction(async (tx) => {", "tx.getAll(...refs)"],
        "key_step": "await db.runTransaction(async (tx) => {",
    },
}

SKILL_PROMPTS = {
    "should": {
        "cart-autodispose": [
            "my riverpod cart state resets to empty when I navigate to another route with go_router",
            "se me vacia el carrito al pasar a la pantalla de direccion, uso @riverpod y context.go",
            "flutter widget test: provider state is 0 after navigating away, riverpod_generator notifier gets disposed",
        ],
        "r8-gson-typetoken": [
            "flutter_local_notifications crashes with Missing type parameter only in release builds",
            "en release no llegan las notificaciones programadas y en debug si, sale Missing type parameter",
            "ScheduledNotificationBootReceiver crash after reboot on Android, RuntimeException Missing type parameter",
        ],
        "stock-race": [
            "firestore stock goes negative when many orders are created at the same time in a cloud function",
            "con pedidos simultaneos el inventario en firestore queda mal, se pierden descuentos",
            "jest test with concurrent orders against the firestore emulator: expected 5 received 9 for the stock",
        ],
    },
    "should_not": [
        "add a pull to refresh to the stalls list",
        "agrega un boton para compartir el puesto por whatsapp",
        "write a freezed model for a Vendedor with nombre, telefono and colonia",
        "como cambio el icono de la app en android y en ios",
        "explain the difference between ref.watch and ref.read in riverpod",
        "add a dark theme to the app",
        "haz que la lista de productos se pueda filtrar por categoria",
        "write a go_router redirect that sends logged-out users to /login",
        "configure flutter_lints to forbid print statements",
        "write a callable function that returns the stalls near a location",
        "agrega un campo de telefono al perfil del vendedor en firestore",
        "how do I set a secret for a 2nd gen cloud function",
        "escribe un script para exportar los pedidos del mes a CSV",
        "add eslint rule for import order in the functions project",
        "que diferencia hay entre onCall y onRequest",
        "translate the README of tianguis-functions to Spanish",
        "set up a github action that runs flutter analyze on pull requests",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bsiempre\b|\bnunca\b|\bjam[aá]s\b|\bde ahora en adelante\b|\ba partir de ahora\b|\bya no\b|\bdecid|"
    r"\bnos quedamos con\b|\bvamos con\b|\blecci[oó]n\b|\baprend[ií]|\bresulta que\b|\bojo\b|\brecuerda\b|"
    r"\bacu[eé]rdate\b|\bpor ahora\b|\bpor lo pronto\b|\bde momento\b|\bno se toca\b|\bya te dije\b|"
    r"\bcomo te dije\b|\bcambio de planes\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_tianguis, scenarios_functions),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="es",
    lang_of=lang_of,
    language_checks=standard_language_checks("Spanish", 5),
    share_check=share_between("Spanish", 55, 85),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

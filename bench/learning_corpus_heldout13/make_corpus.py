#!/usr/bin/env python3
"""Generate the thirteenth held-out learning corpus (Dimas's `pesanan-kue` SvelteKit + Supabase app and `silat-arena`
Godot 4 game, in WSL2 on Windows): Claude Code v2.1.x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

This file declares only what is this corpus's own (projects, recurring problems, skill prompts, the person's
language, the validator's ranges); building truth.json, validating and the command line are shared with the other
held-out corpora in bench/heldout_corpus_builder.py, which says why the result is deterministic.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_app  # noqa: E402
import scenarios_game  # noqa: E402
from fake_output import APP, GAME  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"pesanan-kue": APP, "silat-arena": GAME}
GLOBAL_RULES = {"commit-english", "tests-before-done"}  # said in one project, meant for both
COMPATIBLE = [("rls-same-migration", "policy-roles")]  # same subject (RLS in migrations), both hold

PROBLEMS = {
    "rls-staff-role": {
        "project": "pesanan-kue",
        "description": "Every row-level-security policy on orders and order_events only admits the shop's owner "
        "(shop_id in shops where owner_id = auth.uid()); users with role 'staff' in shop_members match no policy. "
        "For SELECT that is not an error, just no rows, so the staff account sees an empty orders list (a03: a "
        "200 with [], the shop lookup in hooks.server.ts changed and a re-login tried, still empty); for the "
        "insert into order_events from the update-order-status edge function, which runs with the caller's JWT, "
        "it is 42501 new row violates row-level security policy (a05: the service role key was rejected, setting "
        "created_by did not help); and an Indonesian report that the cashier's page is empty while the owner "
        "sees everything (a10: halaman pesanan kosong).",
        "nouns": ["empty orders list", "42501", "kosong", "row-level security"],
        "fix": ["using (public.is_shop_member(shop_id))", "supabase test db"],
        "key_step": "using (public.is_shop_member(shop_id))",
    },
    "jakarta-dates": {
        "project": "pesanan-kue",
        "description": "Which day an order belongs to is computed in UTC (pickup_date is a timestamptz built from "
        "a local midnight, then toISOString().slice(0, 10); UTC day bounds in the recap), while the shops and "
        "customers live in WIB (UTC+7). Seen as a Vitest groupOrdersByDay test that fails on the laptop (WIB) but "
        "passes in CI (UTC) (a06: pinning TZ=UTC in vitest.config.ts was rejected), as the 06:00 WIB WhatsApp "
        "recap from the daily-recap edge function (pg_cron at 23:00 UTC) reporting yesterday with 0 orders (a09: "
        "a hard-coded +7h, doubted, left), and as a Playwright test for the Besok (tomorrow) tab that times out "
        "only after midnight WIB (a12: a longer expect timeout did not help).",
        "nouns": ["pickup_date", "Rekap pesanan", "Besok", "Asia/Jakarta"],
        "fix": ["timeZone: 'Asia/Jakarta'", "alter column pickup_date type date"],
        "key_step": "timeZone: 'Asia/Jakarta'",
    },
    "hurt-signal-twice": {
        "project": "silat-arena",
        "description": "The Hurtbox `hurt` signal is connected twice on the player and the preman: once in the "
        "editor (a [connection] in the .tscn to _on_hurtbox_hurt, which calls take_damage) and once in code "
        "(hurtbox.hurt.connect(take_damage) in _ready). The callables differ, so Godot accepts both and every hit "
        "applies damage twice. Seen as a GUT failure (test_jab_deals_10_damage: [80] expected to equal [90], 3 "
        "runs, waiting frames and seconds did not help, halving the damage was refused), as an Indonesian "
        "description of doubled damage numbers and hit flash (angka damage muncul dobel) with a collaborator's "
        "issue comment, and as a crash when the last enemy of the last wave dies (Out of bounds get index '4' "
        "on Array[WaveData]: enemy_died fires twice; a death guard was rejected as a cover-up).",
        "nouns": ["test_jab_deals_10_damage", "dobel", "Out of bounds get index", "_on_hurtbox_hurt"],
        "fix": ['sed -i \'/signal="hurt" from="Hurtbox"/d\'', "test_hurt_has_one_connection"],
        "key_step": 'sed -i \'/signal="hurt" from="Hurtbox"/d\'',
    },
}

SKILL_PROMPTS = {
    "should": {
        "rls-staff-role": [
            "Supabase select returns an empty array for a staff user but the rows are there in the table editor",
            "edge function insert fails with 42501 new row violates row-level security policy for one role only",
            "akun kasir gak bisa liat pesanan, owner bisa, padahal datanya ada di Supabase",
        ],
        "jakarta-dates": [
            "Vitest date test fails on my laptop in Indonesia but passes in CI",
            "the daily recap cron edge function reports yesterday's orders as today's",
            "tab besok di halaman pesanan salah kalau dibuka lewat tengah malam",
        ],
        "hurt-signal-twice": [
            "Godot 4 enemy takes double damage from one hit and the GUT damage test fails",
            "Godot wave spawner crashes with Out of bounds get index because enemy_died fires twice",
            "efek hit sama angka damage muncul dua kali di Godot, musuh mati kecepetan",
        ],
    },
    "should_not": [
        "add a products page with photos from Supabase Storage",
        "write a Vitest test for the cart subtotal",
        "create a Supabase migration for a vouchers table",
        "add a Midtrans webhook edge function",
        "set up a GitHub Actions workflow for svelte-check",
        "add a dash move to the Godot player",
        "export the Godot game for Windows",
        "tambahin combo counter di pojok kanan atas",
        "bikin halaman laporan penjualan 30 hari",
        "explain the difference between load in +page.ts and +page.server.ts",
        "what is an autoload in Godot",
        "how does Deno handle npm imports",
        "write a bash script that renames screenshots by date",
        "set up a Spring Boot project",
        "jelasin bedanya signal sama group di Godot",
        "apa itu security definer di Postgres?",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|\bfor now\b|"
    r"\bselalu\b|\bjangan\b|mulai sekarang|mulai hari ini|ke depannya|\baturan\b|\bpelajaran\b|\bkeputusan\b|"
    r"kita putuskan|diputusin|\bingat\b|\binget\b|\bcatat\b|sementara|\b(?:gak|nggak|ga|tidak) boleh\b|\bwajib\b|"
    r"dari sekarang",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_game),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="id",
    lang_of=lang_of,
    language_checks=standard_language_checks("Indonesian", 5),
    share_check=share_between("Indonesian", 35, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

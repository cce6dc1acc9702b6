"""Indonesian as people type it in chat (colloquial, mixed with English), and what came with it: a rule said
again ("I told you already: …"), a practice named with where it holds, a deferral that answers an offer of more
work, Godot's and Svelte's checks and failures. The sentences are written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.check_commands import is_check
from pipeline.agent.failure_line import error_line
from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.problems.problem_match import KnownProblem, references
from pipeline.learning.problems.session_signals import session_signals
from pipeline.learning.rules.rule_lifecycle import replaced_in_other_words
from tests.transcript_lines import Transcript


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("jangan pernah push langsung ke main, soalnya CI-nya gak jalan", "jangan pernah push langsung ke main"),
        ("eh, semua endpoint baru lewat middleware auth ya", "semua endpoint baru lewat middleware auth ya"),
        ("selalu jalanin linter sebelum commit", "selalu jalanin linter sebelum commit"),
        ("file .env gak boleh masuk repo", "file .env gak boleh masuk repo"),
        ("mulai sekarang log pakai pino aja, biar formatnya JSON", "mulai sekarang log pakai pino aja"),
        (
            "ganti rencana: Redis kita buang aja, cache pindah ke Postgres",
            "Redis kita buang aja, cache pindah ke Postgres",
        ),
        ("test-nya pakai Vitest ya, sama kayak di dashboard", "test-nya pakai Vitest ya, sama kayak di dashboard"),
        ("tolong tambahin ke CLAUDE.md: semua fetch lewat load function", "semua fetch lewat load function"),
    ],
)
def test_indonesian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "emang harus selalu pake transaction buat insert kayak gini?",  # a question
        "jangan merge dulu ya, gw mau cek di staging",  # not yet: for now
        "gw selalu lupa jalanin migration",  # the speaker's own habit
        "test ini selalu error di CI",  # a report
        "mulai sekarang gw yang review PR-nya",  # the speaker's own plan
        "hasilnya masih kosong, sama kayak di staging",  # a report, compared with another place
    ],
)
def test_what_is_no_indonesian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_indonesian_lessons_and_decisions() -> None:
    found = extract_knowledge(
        [
            "mantap! pelajaran: cron di Supabase jalan pakai UTC, bukan WIB",
            "keputusan: pembayaran lewat Midtrans, bukan Xendit",
            "terus kita putuskan rilis Android ditunda dulu",
        ]
    )
    assert found.lessons == ("cron di Supabase jalan pakai UTC, bukan WIB",)
    assert found.decisions == ("pembayaran lewat Midtrans, bukan Xendit", "kita putuskan rilis Android ditunda dulu")
    assert found.rules == ()


def test_a_rule_said_again_and_a_practice_named_with_where_it_holds() -> None:
    found = extract_knowledge(
        [
            "I told you already: new endpoints get an OpenAPI entry in the same PR.",
            "Type hints everywhere in the backend: params and return types.",
            "No error in the console, the request is a 200 with [].",  # what the person saw
            "Errors everywhere in the log after the deploy:",  # a report
            "like I said, I think it's the cache",  # the speaker
        ]
    )
    assert found.rules == (
        "new endpoints get an OpenAPI entry in the same PR",
        "Type hints everywhere in the backend: params and return types",
    )


def test_a_listed_rule_is_taken_once_without_its_bullet() -> None:
    found = extract_knowledge(
        ["ini dari Notion tim:\n\n- migration yang udah di-push gak boleh diedit\n\nterus lanjut"]
    )
    assert found.rules == ("migration yang udah di-push gak boleh diedit",)


def _closed_with(closing: str, *, offered: bool = False) -> str:
    t = Transcript().user("tambahin musuh baru, Copet")
    t.edit("scenes/copet.gd", "extends Node", "extends Preman")
    t.bash("godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit", "Passing 28\nFailing 0", 0)
    t.say("Copet is in, GUT 28/28. Preman still reads Config: want me to move it too?" if offered else "Copet is in.")
    t.user(closing)
    return session_outcome(parse_transcript(t.bytes(), "x")).outcome


@pytest.mark.parametrize(
    ("closing", "outcome"),
    [
        ("mantap, makasih", "success"),
        ("udah jalan, sip", "success"),
        ("masih error di hp", "failed"),
        ("belum bisa, damage-nya masih dobel", "failed"),
        ("besok aja lanjut", "failed"),  # left for tomorrow
        ("bentar, ada meeting", "success"),  # called away: the passing check decides
        ("fine, later then", "failed"),
    ],
)
def test_indonesian_closings(closing: str, outcome: str) -> None:
    assert _closed_with(closing) == outcome


def test_a_deferral_that_answers_an_offer_of_more_work_leaves_the_work_done() -> None:
    """ "want me to move it too?" "iya besok aja": tomorrow is for the offer; the work done stands on its check."""
    assert _closed_with("iya besok aja sekalian", offered=True) == "success"
    assert _closed_with("iya besok aja sekalian") == "failed"


@pytest.mark.parametrize(
    "command",
    [
        "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit",
        "npx vite build && npx svelte-check --threshold error",
    ],
)
def test_godot_and_svelte_checks_are_checks(command: str) -> None:
    t = Transcript().user("run it").bash(command, "ok", 0)
    assert is_check(parse_transcript(t.bytes(), "x").steps[-1])


def test_the_failure_line_of_godot_a_logged_error_object_and_a_cli_hint() -> None:
    gut = (
        'SCRIPT ERROR: Parse Error: Identifier "Hero" not declared in the current scope.\n'
        "          at: GDScript::reload (res://test/unit/test_hero.gd:4)\n"
        'ERROR: Failed to load script "res://test/unit/test_hero.gd" with error "Parse error".\n'
        "--- GUT 9.2.1 ---\n[ERROR]:  Could not load script res://test/unit/test_hero.gd; it was skipped.\n"
    )
    assert error_line(gut).startswith("SCRIPT ERROR: Parse Error: Identifier")
    logged = (
        "[Info] serving\n[Error] insert audit failed {\n  code: \"42501\",\n  details: null,\n  message: 'denied'\n}"
    )
    assert error_line(logged) == "[Error] insert audit failed 42501 denied"
    supabase = "failed to inspect service: Cannot connect to the Docker daemon\nTry rerunning the command with --debug."
    assert error_line(supabase).startswith("failed to inspect service")


def test_a_rules_reason_is_no_recurring_problem() -> None:
    t = Transcript().user(
        "signals go through the EventBus, never get_parent() chains, they break every time we move a node"
    )
    found = session_signals(parse_transcript(t.bytes(), "x"))
    assert [s.signal.kind for s in found.signals] == []
    assert found.problem_talk == ()


def test_an_indonesian_sentence_naming_symptoms_as_one_problem_joins_them() -> None:
    """ "gw rasa sumbernya satu" (I think it has one source): one word of each problem is enough."""
    problems = [
        KnownProblem("p1", ("test:test_jab_deals_10_damage",), ("jab deals damage failed expected equal",)),
        KnownProblem("p2", (), ("script error out of bounds get index wavedata",)),
        KnownProblem("p3", (), ("relation orders does not exist",)),
    ]
    said = "damage dobel di test, crash pas wave terakhir. gw rasa sumbernya satu"
    assert references(said, problems) == ["p1"] or set(references(said, problems)) == {"p1", "p2"}
    assert "p3" not in references(said, problems)


def test_an_indonesian_reversal_that_drops_what_the_old_rule_named_replaces_it() -> None:
    current = ["use date-fns for all date formatting", "never push straight to main"]

    def subject(a: str, b: str) -> float:
        return 0.2

    said = "mulai sekarang gak usah date-fns lagi, format tanggal pakai Intl.DateTimeFormat aja"
    assert replaced_in_other_words(said, current, subject) == current[0]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Malay as typed in Kuala Lumpur, mixed with English
        (
            "jangan sentuh file .env tu, kalau perlu key baru tambah dalam .env.example je.",
            "jangan sentuh file .env tu, kalau perlu key baru tambah dalam .env.example je",
        ),
        ("jangan run dbt dengan target prod dari laptop, guna target dev je.", None),
        ("lepas ni semua DAG pakai UTC je", "lepas ni semua DAG pakai UTC je"),
        ("kan I dah cakap, semua kena lalu sail. takde php kat WSL ni", "semua kena lalu sail"),
        ("tanya I dulu sebelum tambah package baru, pip ke composer ke.", None),
        ("test pakai sqlite :memory: je lah", "test pakai sqlite :memory: je lah"),
        (
            "business logic letak dalam app/Actions, bukan dalam Livewire component",
            "business logic letak dalam app/Actions, bukan dalam Livewire component",
        ),
        (
            "satu lagi, schedule semua DAG ikut timezone Asia/Kuala_Lumpur",
            "schedule semua DAG ikut timezone Asia/Kuala_Lumpur",
        ),
    ],
)
def test_malay_rules(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == (rule or said.rstrip("."),)


@pytest.mark.parametrize(
    "said",
    [
        "lepas ni kita deploy ke staging",  # the next step, not a norm
        "diorang tak boleh match dengan CRM",  # "tak boleh": they cannot (a report)
        "no lah.",  # a plain no, with its particle
        "sync package tu je.",  # this once
        "jangan ubah config.php dulu",  # not yet
    ],
)
def test_what_is_no_malay_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_a_malay_prohibition_is_no_permission() -> None:
    """ "tak boleh" forbids: it lifts no rule that forbade the same thing ("boleh" alone permits)."""
    current = ["jangan run dbt dengan target prod dari laptop, guna target dev je"]
    assert replaced_in_other_words("full refresh prod tak boleh sesuka hati", current, lambda a, b: 0.5) is None

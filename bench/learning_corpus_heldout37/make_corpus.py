#!/usr/bin/env python3
"""Generate the 37th held-out learning corpus (Dev's `skyhop`, a Godot 4.3 platformer in GDScript with GUT tests,
and `skyhop-backend`, a Go 1.22 leaderboard service on fly.io, on Windows 11 with Git Bash in Bangalore, English
only, terse and lowercase): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Dev writes English only ("en"), so the shared checks that want a second language do not apply; this corpus's
own language checks ask instead for every declared text to be English, at least two global rules, an English
lesson and decision, a reversal said in the other project and one in the same project, in other words, a
paraphrase and a non-rule; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_backend  # noqa: E402
import scenarios_skyhop  # noqa: E402
from fake_output import SB, SK  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"skyhop": SK, "skyhop-backend": SB}
# said in one repository, meant for both: the commit message style (and its reversal), ask before dependencies
GLOBAL_RULES = {"commit-lower", "commit-conv", "ask-deps"}
COMPATIBLE = [
    ("gut-dir", "bugfix-test"),  # GUT tests live in test/unit as test_*.gd, and every bugfix gets a failing test first
    ("sqlc-only", "migrations-files"),  # queries through sqlc, schema changes as numbered .sql files
]

PROBLEMS = {
    "floor-snap-ramp-jump": {
        "project": "skyhop",
        "description": "The Player CharacterBody2D keeps Godot's default floor_snap_length (1 px), so running down "
        "the steeper ramps of level 3 it leaves the floor for a frame or two: is_on_floor() flickers false, the "
        "coyote timer drains and a jump pressed then is dropped. Seen as a failing GUT test "
        "(test_jump_from_descending_ramp, an export-var tweak refused), in words only (the jump eats inputs on the "
        "ramps), and as a pasted debug print with the test renamed (test_buffered_jump_on_slope_down, jumps_started "
        "0 instead of 1).",
        "nouns": ["is_on_floor", "ramp", "floor_snap_length"],
        "fix": ["floor_snap_length = 6.0", "floor_max_angle = 0.872665"],
        "key_step": "floor_snap_length = 6.0",
    },
    "ci-missing-imports": {
        "project": "skyhop",
        "description": "The .godot/ folder (import cache and global class cache) is rightly not committed, and the "
        "CI job runs GUT with godot --headless straight after checkout, so nothing is imported: new textures fail "
        "to load ('Failed loading resource ... Make sure resources have been imported') and class_name types are "
        "unknown ('Identifier \"Coin\" not declared in the current scope'). Seen as a pasted CI log (committing "
        ".godot refused), in words only (CI red, green locally), and on a fresh clone on the laptop.",
        "nouns": ["imported", "gut_cmdln", ".godot"],
        "fix": ["godot --headless --import", "-gdir=res://test -ginclude_subdirs -gexit"],
        "key_step": "godot --headless --import",
    },
    "sqlite-busy": {
        "project": "skyhop-backend",
        "description": "The store opens SQLite (modernc.org/sqlite) without busy_timeout or WAL, so concurrent score "
        "submissions fail at once with 'database is locked (5) (SQLITE_BUSY)' instead of waiting. Seen as a failing "
        "race test repeated three times (skipping it refused), in words only (players' scores sometimes missing), "
        "and as pasted fly logs with the test since renamed (TestSubmitScore_ParallelPlayers).",
        "nouns": ["database is locked", "SQLITE_BUSY", "busy_timeout"],
        "fix": ["_pragma=busy_timeout(5000)", "_pragma=journal_mode(WAL)"],
        "key_step": "_pragma=busy_timeout(5000)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "floor-snap-ramp-jump": [
            "characterbody2d loses is_on_floor on downward slopes and the jump input gets dropped in godot 4",
            "my player sometimes doesnt jump when running down a ramp",
            "gut test test_jump_from_descending_ramp fails with [false] expected to be true on floor",
        ],
        "ci-missing-imports": [
            "godot headless gut run in github actions says Failed loading resource make sure resources have been "
            "imported",
            "tests pass on my machine but ci goes red after i add new sprites to the godot project",
            "Parse Error Identifier Coin not declared in the current scope when running godot --headless on a "
            "fresh clone",
        ],
        "sqlite-busy": [
            "go test with parallel inserts fails with database is locked (5) (SQLITE_BUSY) using modernc sqlite",
            "leaderboard scores randomly dont get saved when lots of players submit at once",
            "fly logs show insert score database is locked on the go service",
        ],
    },
    "should_not": [
        "add a double jump to the player",
        "make the coin spin with an AnimationPlayer",
        "add a pause menu with resume and quit",
        "how do i make a tilemap layer with one way platforms in godot 4",
        "write a gut test for the score multiplier",
        "add screen shake when the player lands hard",
        "export a web build for itch",
        "set up a parallax background for level 2",
        "whats the difference between _process and _physics_process",
        "add a GET endpoint for a players best score per level",
        "write a sqlc query that counts scores per level",
        "add structured logging with slog to the go service",
        "how do i scale the fly app to two regions",
        "add a Makefile target for golangci-lint",
        "rename the levels table to stages",
        "write a README section about running the backend locally",
        "explain how chi middleware ordering works",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bgoing with\b|\bsticking with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\btil\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|"
    r"\bchange of plan\b|\bactually\b",
    re.IGNORECASE,
)


def english_checks(c: Corpus, errs: Problems, t: dict) -> None:
    """English only: every declared text is English, >= 2 global rules, lessons and decisions, one reversal said
    in the other project and one in the same project (both in other words than the rule they replace), a
    paraphrase and a non-rule."""
    texts = [x for k in ("rules", "lessons", "decisions", "non_rule_sessions") for x in t[k]]
    errs.need(all(x["lang"] == "en" == c.lang_of(x["text"]) for x in texts), "a declared text is not English")
    errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
    by_text = {r["text"]: r for r in t["rules"]}
    where = {r["text"]: t["sessions"][r["session"]]["project"] for r in t["rules"]}
    reversals = [(r, by_text[r["superseded_by"]]) for r in t["rules"] if r["superseded_by"]]
    errs.need(len(reversals) >= 3, "fewer than 3 reversals")
    errs.need(all(new["text"].lower() not in old["text"].lower() for old, new in reversals), "a reversal repeats")
    errs.need(any(where[old["text"]] != where[new["text"]] for old, new in reversals), "no reversal across projects")
    errs.need(any(where[old["text"]] == where[new["text"]] for old, new in reversals), "no reversal in one project")
    errs.need(len(t["paraphrases"]) >= 2, "fewer than 2 paraphrase groups")
    errs.need(len(t["non_rules"]) >= 4, "fewer than 4 non-rules")


def all_english(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
    """Every message Dev typed is English by the guess."""
    n = sum(1 for x in all_typed if c.lang_of(x) == "en")
    errs.need(n == len(all_typed), f"{len(all_typed) - n}/{len(all_typed)} of the person's messages are not English")


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_skyhop, scenarios_backend),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="en",
    lang_of=lang_of,
    language_checks=english_checks,
    share_check=all_english,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

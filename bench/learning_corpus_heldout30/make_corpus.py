#!/usr/bin/env python3
"""Generate the 30th held-out learning corpus (Aino's `vuorolista`, a Laravel 11 + Livewire shift-planning app,
and `anturi-dash`, a Python Dash/Plotly dashboard over InfluxDB sensor data on a Raspberry Pi, on Ubuntu in
Tampere, half in Finnish): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Finnish ("fi"), guessed by transcript_kit.lang_of (Finnish function words, words
with ä/ö and longer words with Finnish case endings against English function words). The shared language checks
apply as they are (standard_language_checks), with a share of 35-65 % Finnish messages; everything else is the
shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_anturi  # noqa: E402
import scenarios_vuorolista  # noqa: E402
from fake_output import AD, VL  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"vuorolista": VL, "anturi-dash": AD}
# said in one repository, meant for both: no direct pushes to main, ask before adding packages
GLOBAL_RULES = {"no-push-main", "ask-deps"}
COMPATIBLE = [
    (
        "v-pest",
        "v-feature-dir",
    ),  # tests are written in Pest, and the Livewire feature tests live in tests/Feature/Livewire
    ("ask-deps", "a-uv-run"),  # ask before adding packages, and run everything through uv run
]

PROBLEMS = {
    "night-shift-negative-hours": {
        "project": "vuorolista",
        "description": "ShiftTimes::fromForm builds both the start and the end of a shift on the form's date, so a "
        "night shift (22:00-06:00) ends before it starts and hours() is -16.0 instead of 8.0 (Carbon 3's signed "
        "diffInMinutes). Seen as a failing Pest unit test (an abs() shortcut refused), in Finnish words only "
        "(nurses see negative hours in the weekly report), as a pasted payroll:export crash ('Shift 1184 has "
        "negative hours (-16.0)'), and as a renamed Livewire feature test (the end date is the start date).",
        "nouns": ["night shift", "yövuoro", "ShiftTimes", "ends_at"],
        "fix": ["$end->addDay()", "lessThanOrEqualTo($start)"],
        "key_step": "$end->addDay()",
    },
    "stale-queue-workers": {
        "project": "vuorolista",
        "description": "deploy.php (Deployer's Laravel recipe) never restarts the queue workers, so after every "
        "deploy the supervisor-run `queue:work` processes keep the previous release's code in memory: new job or "
        "notification classes are not found, mails keep the old text, and jobs query a renamed column. Seen as a "
        'pasted laravel.log error (Class "App\\Notifications\\ShiftSwapApproved" not found), in Finnish words '
        "only (swap mails still say the old text), and as failed jobs after a migration (Unknown column "
        "'department_id').",
        "nouns": ["queue worker", "queue:work", "queue:restart"],
        "fix": ["after('deploy:symlink', 'artisan:queue:restart');", "artisan:queue:restart"],
        "key_step": "after('deploy:symlink', 'artisan:queue:restart');",
    },
    "naive-utc-window": {
        "project": "anturi-dash",
        "description": "data.normalise_times strips the time zone from InfluxDB's _time with tz_localize(None), "
        "leaving naive UTC times, and recent_window compares them with datetime.now(), naive Helsinki time (UTC+3): "
        "the 'last hour' view is empty and the curves end three hours early. Seen as a failing pytest "
        "(test_recent_window_contains_latest_point; TZ=UTC refused), in Finnish words only (an empty tab, curves "
        "three hours behind; a hardcoded 3 h shift interrupted), as a pasted journalctl warning from the Pi, and as "
        "the renamed test test_last_hour_view_has_points.",
        "nouns": ["recent_window", "tz_localize", "last hour"],
        "fix": ["datetime.now(tz=UTC)", "utc=True"],
        "key_step": "datetime.now(tz=UTC)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "night-shift-negative-hours": [
            "a shift from 22:00 to 06:00 comes out as -16 hours instead of 8 in my Laravel app",
            "yövuoron tunnit on miinuksella raportissa, loppuaika on ennen alkuaikaa",
            "Carbon diffInMinutes gives a negative number for a shift that crosses midnight",
        ],
        "stale-queue-workers": [
            "after deployer deploy the laravel queue still runs old code and can't find a new notification class",
            "deployn jälkeen sähköpostit lähtee vielä vanhalla tekstillä, paikallisesti tulee uusi",
            "failed jobs after a deploy say Unknown column but the column was renamed in that deploy",
        ],
        "naive-utc-window": [
            "my dash graph of the last hour is empty and influx data shows up three hours late",
            "viimeisen tunnin näkymä on tyhjä vaikka influxissa on dataa, aikavyöhyke?",
            "pandas filter on _time against datetime.now() returns nothing for the last 60 minutes",
        ],
    },
    "should_not": [
        "add a Livewire component for editing a ward's name",
        "write a Pest test for the shift swap policy",
        "miten lisään uuden kielen Laravelin lang-kansioon",
        "explain the difference between Livewire wire:model and wire:model.blur",
        "add an index on shifts.user_id in a migration",
        "tee artisan-komento joka poistaa vanhat vuoronvaihtopyynnöt",
        "what does Deployer's keep_releases do",
        "configure pint to use the laravel preset",
        "add a humidity gauge to the dashboard",
        "lisää dashboardiin valinta anturille",
        "write a Flux query for the daily average temperature",
        "set up a GitHub Actions job that runs mypy and pytest with uv",
        "how do I make a plotly line chart with two y axes",
        "kirjoita systemd timer joka varmuuskopioi influxin joka yö",
        "add a dark theme to the dash app",
        "what is the difference between uv sync and uv pip install",
        "miten saan pre-commitin ajamaan ruffin vain muutetuille tiedostoille",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\bwe stay\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|"
    r"\bchange of plan\b|"
    r"\baina\b|\bikin[äa]\b|\bkoskaan\b|\bjatkossa\b|\bt[äa]st[äa] l[äa]htien\b|\bp[äa][äa]t(?:etty|in|imme|[öo]s)\b|"
    r"\bopittu\b|\bopin\b|\bmuistiin\b|\bmuista\b|\btoistaiseksi\b|\bkuten sanoin\b|\bsanoin jo\b|\bei saa\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_vuorolista, scenarios_anturi),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="fi",
    lang_of=lang_of,
    language_checks=standard_language_checks("Finnish", 5),
    share_check=share_between("Finnish", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

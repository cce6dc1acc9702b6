#!/usr/bin/env python3
"""Generate the 32nd held-out learning corpus (Ioana's `rezervari`, a Java 21 Quarkus REST service for booking
sports courts, and `rezervari-web`, its Angular 18 front end, on Windows 11 in Cluj-Napoca, half in Romanian):
Claude Code v2.1.22x-23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Romanian ("ro"), guessed by transcript_kit.lang_of (Romanian function words with
or without diacritics and Romanian-only letters against English function words). The shared language checks apply
as they are (standard_language_checks), with a share of 35-65 % Romanian messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py). Paths are Windows paths (transcript_kit replaces the builder's path
helpers).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_rezervari  # noqa: E402
import scenarios_web  # noqa: E402
from fake_output import RW, RZ  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"rezervari": RZ, "rezervari-web": RW}
# said in one repository, meant for both: no force push, ask before dependencies, how commit messages look
GLOBAL_RULES = {"no-force-push", "ask-deps", "commit-en"}
COMPATIBLE = [
    ("dto-records", "entities-panache"),  # DTOs are records, entities stay Panache classes with public fields
    ("standalone-onpush", "signals"),  # standalone OnPush components, page state in signals
]

PROBLEMS = {
    "touching-reservations-conflict": {
        "project": "rezervari",
        "description": "ReservationRepository.overlaps compares inclusively (startsAt <= end and endsAt >= start), "
        "and AvailabilityService does the same with !isAfter/!isBefore, so a booking that starts exactly when "
        "another ends on the same court counts as overlapping: back-to-back bookings get 409 "
        "(ReservationConflictException). Seen as a failing RestAssured test (backToBackBookingsAreAllowed, "
        "Expected status code <201> but was <409>), in Romanian words only (a club admin cannot book two slots one "
        "after the other; a minus-one-minute hack refused), as a pasted production log (ReservationConflictException "
        "'Court 3 is already booked', cause explained, fix deferred past a release), and as the renamed, disabled "
        "test adjacentSlotsDoNotConflict.",
        "nouns": ["back-to-back", "backToBack", "ReservationConflictException", "adjacentSlots"],
        "fix": [
            "startsAt < ?3 and endsAt > ?2",
            "r.startsAt().isBefore(slotEnd) && r.endsAt().isAfter(slotStart)",
        ],
        "key_step": "startsAt < ?3 and endsAt > ?2",
    },
    "crlf-golden-files": {
        "project": "rezervari",
        "description": "Git for Windows is installed with core.autocrlf=true and the repository has no "
        ".gitattributes, so on Ioana's laptop the test resources are checked out with CRLF while the repository, CI "
        "(Linux) and Vlad's Mac have LF: the CSV export's golden file comparison fails with expected/actual that "
        "print identically (exportMatchesGoldenFile, AssertionFailedError), in Romanian words only (fails only on "
        "her laptop; a charset guess wrong), and as another test and message (ProgramImportTest: "
        "DateTimeParseException Text '19:00\\r'; stripping in the parser refused). Fixed by pinning eol=lf in "
        ".gitattributes and refreshing the working copy.",
        "nouns": ["golden", "CRLF", "line endings"],
        "fix": ["text eol=lf", "git ls-files --eol"],
        "key_step": "text eol=lf",
    },
    "jest-lodash-es-esm": {
        "project": "rezervari-web",
        "description": "lodash-es ships ES modules as .js files and jest-preset-angular's default "
        "transformIgnorePatterns leaves node_modules untransformed except .mjs, so any spec whose component imports "
        "lodash-es fails to load: 'Jest encountered an unexpected token ... SyntaxError: Unexpected token "
        "'export'' (slot picker; a jest.mock refused), in Romanian words only (the club filter suite does not "
        "start; worked around with RxJS debounceTime), as a pasted CI log with another message ('Cannot use import "
        "statement outside a module' from lodash-es/groupBy.js), and in the renamed "
        "availability-grid.component.spec.ts.",
        "nouns": ["lodash-es", "transformIgnorePatterns"],
        "fix": [scenarios_web.JEST_KEY, "npx jest --ci"],
        "key_step": scenarios_web.JEST_KEY,
    },
}

SKILL_PROMPTS = {
    "should": {
        "touching-reservations-conflict": [
            "booking 19:00-20:00 right after a 18:00-19:00 booking on the same court returns 409 conflict",
            "nu pot face doua rezervari lipite pe acelasi teren, a doua e refuzata ca ocupata",
            "my overlap query treats intervals that only touch at the end as overlapping, JPQL startsAt <= and endsAt >=",
        ],
        "crlf-golden-files": [
            "golden file test fails only on my windows machine, expected and actual look exactly the same",
            "testul cu fisierul csv asteptat pica doar pe laptopul meu cu Windows, in CI pe linux trece",
            "DateTimeParseException Text '19:00\\r' could not be parsed when reading a test fixture on windows",
        ],
        "jest-lodash-es-esm": [
            "jest fails with SyntaxError: Unexpected token 'export' in node_modules/lodash-es/lodash.js",
            "suita de jest nici nu porneste cand componenta importa ceva din lodash-es",
            "Cannot use import statement outside a module from lodash-es/groupBy.js in an angular jest test",
        ],
    },
    "should_not": [
        "add a GET endpoint that lists the clubs with their addresses",
        "scrie un test RestAssured pentru anularea unei rezervari",
        "explain what @Transactional does in Quarkus",
        "cum configurez Quarkus sa foloseasca alt port in dev mode?",
        "write a Flyway migration that adds an index on reservation(court_id, starts_at)",
        "how do I build a native image with mvnw.cmd on windows",
        "adauga paginare la lista de rezervari din API",
        "add a date picker with Angular Material to the booking form",
        "fa un pipe Angular care afiseaza durata in ore si minute",
        "write a Playwright test that cancels a reservation",
        "how do I use signals with an input() that changes",
        "configureaza Prettier sa foloseasca single quotes",
        "what does ChangeDetectionStrategy.OnPush actually skip",
        "set up a GitHub Actions workflow that runs ng build and uploads the dist folder",
        "traduce mesajele de validare din formular in romana",
        "what is the difference between docker compose up and docker compose start",
        "cum sterg branch-urile locale care au fost deja facute merge",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bmereu\b|\b[iî]ntotdeauna\b|\bniciodat[aă]\b|\bde acum\b|\bhot[aă]r[aâ]t|\bdecis\b|\bdecizi|"
    r"\br[aă]m[aâ]nem\b|\b[iî]nv[aă][tț]at\b|\bre[tț]ine\b|\bdeocamdat[aă]\b|\bpentru moment\b|"
    r"\b[tț]i-am (?:mai )?zis\b|\bcum am zis\b|\bgata cu\b|\bnu mai face\b|\bregula\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_rezervari, scenarios_web),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ro",
    lang_of=lang_of,
    language_checks=standard_language_checks("Romanian", 6),
    share_check=share_between("Romanian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

#!/usr/bin/env python3
"""Generate the fourth held-out learning corpus (Camille's `libsensa` and `atelier-resa`): Claude Code v2.1.x
transcripts + truth.json, then validate them.

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

import scenarios_cpp  # noqa: E402
import scenarios_rails  # noqa: E402
from fake_output import CPP, RAILS  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"libsensa": CPP, "atelier-resa": RAILS}
GLOBAL_RULES = {"no-push-main", "no-sudo"}  # said in one repository, meant for every repository Camille works in
COMPATIBLE = [("migrations-reversible", "data-migrations-separate")]  # same subject (migrations), both hold

PROBLEMS = {
    "ringbuffer-use-after-free": {
        "project": "libsensa",
        "description": "FrameReader keeps a std::span (view_) on the RingBuffer's storage, taken once in its "
        "constructor; Acquisition::poll() calls RingBuffer::resize() when the buffer is full, which reallocates, "
        "so the reader goes on reading freed memory. Seen as a SIGSEGV in FrameReader::next on the armv7 board "
        "(gdb backtrace, after a few minutes of acquisition), as FrameReaderTest.ManyFrames hitting the 60 s ctest "
        "timeout in the debug build on CI, and as an ASan heap-use-after-free (freed by RingBuffer::resize).",
        "nouns": ["FrameReader", "SIGSEGV", "heap-use-after-free", "FrameReaderTest", "Timeout", "segfault"],
        "fix": ["ring_.pop_copy()", "ResizeWhileReading", "ctest --preset asan --output-on-failure"],
        "key_step": "ring_.pop_copy()",
    },
    "armv7-libatomic-link": {
        "project": "libsensa",
        "description": "Since Stats' counters became std::atomic<std::uint64_t>, linking for the armv7hf board "
        "fails: the target has no native 64-bit atomics, GCC emits calls to __atomic_fetch_add_8/__atomic_load_8 "
        "that live in libatomic, which is not linked. Seen in a local Conan/CMake cross build (undefined reference "
        "to `__atomic_fetch_add_8'), in a pasted GitHub Actions log of the cross-armv7 job, and described in "
        "French ('La compilation ARM casse encore au moment du link depuis les compteurs 64 bits').",
        "nouns": ["__atomic_fetch_add_8", "__atomic_load_8", "casse encore au moment du link", "libatomic"],
        "fix": [
            "target_link_libraries(sensa PRIVATE atomic)",
            "SENSA_HAVE_NATIVE_ATOMIC64",
            "check_cxx_source_compiles",
        ],
        "key_step": "target_link_libraries(sensa PRIVATE atomic)",
    },
    "flaky-booking-system-spec": {
        "project": "atelier-resa",
        "description": "The Capybara system spec spec/system/booking_checkout_spec.rb fails on CI about one run in "
        "three, each time differently: spec/support/sidekiq.rb sets Sidekiq::Testing.inline!, so SeatReleaseJob "
        "runs synchronously inside the Puma thread of the system spec, locks the workshop row and re-renders the "
        "seats with a Turbo Stream while the browser clicks. Seen as a have_content timeout ('expected to find text "
        "\"Réservation confirmée\"'), as Selenium's StaleElementReferenceError, as PG::TRDeadlockDetected, and "
        "described in French ('le test de réservation est rouge une fois sur trois sur la CI').",
        "nouns": [
            "booking_checkout_spec",
            "Réservation confirmée",
            "StaleElementReferenceError",
            "deadlock detected",
            "test de réservation",
        ],
        "fix": ["Sidekiq::Testing.fake!", "SeatReleaseJob.drain", "seq 30"],
        "key_step": "Sidekiq::Testing.fake!",
    },
}

SKILL_PROMPTS = {
    "should": {
        "ringbuffer-use-after-free": [
            "ASan reports heap-use-after-free in a reader after the ring buffer is resized",
            "the tool segfaults on the ARM board after a few minutes, gdb shows the crash reading a std::span member",
            "ça plante sur la carte au bout de quelques minutes et le test du lecteur de trames part en timeout",
        ],
        "armv7-libatomic-link": [
            "undefined reference to __atomic_fetch_add_8 when cross-compiling for armv7",
            "std::atomic<uint64_t> does not link on a 32-bit ARM target",
            "le link pour la carte ARM échoue depuis qu'on utilise des compteurs atomiques 64 bits",
        ],
        "flaky-booking-system-spec": [
            "Capybara system spec fails randomly on CI with a stale element or a timeout",
            "PG::TRDeadlockDetected in a system spec while a Sidekiq job runs",
            "le test système de réservation échoue une fois sur trois sur la CI, avec une erreur différente à chaque fois",
        ],
    },
    "should_not": [
        "add a dark mode to the booking pages",
        "write a Stimulus controller for the seat picker",
        "translate the workshop descriptions into English",
        "add an iCal export of my bookings",
        "add a CMake install target and a pkg-config file",
        "write Doxygen comments for the public headers",
        "add a --json flag to sensa-dump",
        "set up Dependabot for the Gemfile",
        "ajoute une page de FAQ pour les ateliers",
        "écris un script Python qui trace les données du capteur",
        "how do I center a div in CSS",
        "explain what a Python dataclass is",
        "write a bash script that renames photos by date",
        "set up a Django project with PostgreSQL",
        "configure ESLint for a TypeScript monorepo",
        "explique-moi la différence entre une goroutine et un thread",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|\bteam agreed\b|"
    r"\btoujours\b|\bjamais\b|désormais|dorénavant|à partir de maintenant|\brègles?\b|leçon|à retenir|"
    r"note pour moi|\bdécid|\bdécision|oublie ce que",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_cpp, scenarios_rails),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="fr",
    lang_of=lang_of,
    language_checks=standard_language_checks("French", 5),
    share_check=share_between("French", 33, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

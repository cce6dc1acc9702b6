#!/usr/bin/env python3
"""Generate the ninth held-out learning corpus (Lukas's `fleetctl` Python CLI and `edge-infra` Terraform/Helm
monorepo, on Linux, English and German): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_fleet  # noqa: E402
import scenarios_infra  # noqa: E402
from fake_output import FLEET, INFRA  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"fleetctl": FLEET, "edge-infra": INFRA}
GLOBAL_RULES = {"commit-english", "no-secrets-in-repo"}  # said in edge-infra, meant for both
COMPATIBLE = [("response-extra-ignore", "request-extra-forbid")]  # same subject (pydantic extra), both hold

PROBLEMS = {
    "naive-last-seen": {
        "project": "fleetctl",
        "description": 'The device API sends last_seen timestamps without a UTC offset ("2027-03-02T07:12:44"), '
        "so the pydantic Device model parses them as naive datetimes while fleetctl's code works with aware "
        "datetime.now(UTC). Seen as a pytest failure in test_stale_devices after the fixtures were switched to real "
        "API responses (TypeError: can't compare offset-naive and offset-aware datetimes; freezegun tried 2x, the "
        "same command failing 3x), as a runtime traceback from the jumphost in `fleetctl devices stale` (TypeError: "
        "can't subtract offset-naive and offset-aware datetimes; a local .replace(tzinfo=UTC) made the tests green "
        "but staging then crashed in `fleetctl health`), and as a German description with no error (every device "
        'shows "vor einer Stunde" as last seen: .astimezone() on a naive value assumes Berlin time).',
        "nouns": ["offset-naive", "last_seen", "vor einer Stunde"],
        "fix": ["LastSeen = Annotated[AwareDatetime, BeforeValidator(_assume_utc)]", "_assume_utc"],
        "key_step": "LastSeen = Annotated[AwareDatetime, BeforeValidator(_assume_utc)]",
    },
    "settings-at-import": {
        "project": "fleetctl",
        "description": "fleetctl's pydantic-settings object is a module-level `settings = Settings()` and client.py "
        "copies settings.api_url into _BASE at import time, so anything that changes the configuration later (the "
        "--api-url and --profile options' callback, FLEETCTL_ env vars set in a test) has no effect. Seen as a "
        "pytest/respx failure (RESPX: <Request('GET', 'https://api.fleet.berlin-edge.internal/v1/devices')> not "
        "mocked!; an os.environ hack at the top of conftest.py was rejected), as a runtime httpx.ConnectError when "
        "--api-url points at a local mock server but the debug log shows the prod host, and as a German report that "
        "--profile staging still lists the prod devices (a settings.__init__ re-init did not help).",
        "nouns": ["not mocked", "api.fleet.berlin-edge.internal", "settings = Settings()"],
        "fix": ["def get_settings() -> Settings:", "get_settings.cache_clear()"],
        "key_step": "def get_settings() -> Settings:",
    },
    "arm64-images": {
        "project": "edge-infra",
        "description": "The new Hamburg k3s nodes (edge-hh-05..) are Jetson Orin boards, arm64, but build-images.yml "
        "builds every image for linux/amd64 only (and edge-agent's Dockerfile downloads an amd64 binary). Seen as "
        "edge-agent in CrashLoopBackOff with `exec /usr/local/bin/edge-agent: exec format error` (a rollout restart "
        "did not help), as mqtt-bridge in ImagePullBackOff with `no match for platform in manifest: not found` "
        "(pullPolicy Always and a helm upgrade that timed out), and as a German description of zigbee-gateway not "
        "starting on the new nodes with no events and empty logs.",
        "nouns": ["exec format error", "no match for platform", "arm64"],
        "fix": ["platforms: linux/amd64,linux/arm64", "docker/setup-qemu-action@v3"],
        "key_step": "platforms: linux/amd64,linux/arm64",
    },
}

SKILL_PROMPTS = {
    "should": {
        "naive-last-seen": [
            "TypeError: can't compare offset-naive and offset-aware datetimes in a pytest for stale devices",
            "fleetctl devices stale crashes with can't subtract offset-naive and offset-aware datetimes",
            "last seen ist bei allen Geräten um eine Stunde falsch, obwohl die grad online sind",
        ],
        "settings-at-import": [
            "respx says the request to the production API URL is not mocked although the test sets FLEETCTL_API_URL",
            "the CLI's --api-url option is ignored and httpx still connects to the prod host",
            "mit --profile staging bekomme ich trotzdem die Prod-Geräte, das Profil wird nicht gelesen",
        ],
        "arm64-images": [
            "pod in CrashLoopBackOff with exec /usr/local/bin/edge-agent: exec format error after a rollout",
            "ImagePullBackOff with no match for platform in manifest: not found on some k3s nodes",
            "auf den neuen Nodes startet der Pod nicht, auf den alten schon, und die Logs sind leer",
        ],
    },
    "should_not": [
        "add a --json flag to fleetctl sites list",
        "write a pytest for the reboot command with respx",
        "add a new Typer subcommand for firmware rollouts",
        "fix the mypy error in fleetctl/format.py",
        "add a Terraform module for an S3 bucket with versioning",
        "write a Helm chart for a small Redis",
        "add tflint to the pre-commit hooks",
        "bump the AWS provider to 5.80",
        "schreib mir ein README für das edge-agent Chart",
        "mach einen GitHub-Actions-Job, der terraform fmt prüft",
        "explain the difference between a Deployment and a DaemonSet",
        "what does helm upgrade --install do",
        "write a bash script that backs up my dotfiles",
        "set up a Next.js project with Tailwind",
        "erklär mir kurz, was ein Taint in Kubernetes ist",
        "was ist der Unterschied zwischen uv sync und uv lock?",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|\bfor now\b|"
    r"\bconvention\b|\bagain:|\bimmer\b|\bnie\b|\bniemals\b|ab jetzt|ab sofort|merk dir|bei uns|\bregel\b|"
    r"\bregeln\b|\blektion|\bentscheidung|wir haben entschieden|\bgrundsätzlich\b|\bkünftig\b|wie gesagt",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_fleet, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="de",
    lang_of=lang_of,
    language_checks=standard_language_checks("German", 6),
    share_check=share_between("German", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

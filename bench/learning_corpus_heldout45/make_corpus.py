#!/usr/bin/env python3
"""Generate the 45th held-out learning corpus (Wanjiru's `shamba-node`, Zephyr firmware for an nRF52840
soil-moisture sensor, and `shamba-ingest`, a Go service from Mosquitto to TimescaleDB on k3s, in Nairobi, about
two in five messages in Swahili or Sheng): Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Swahili ("sw"), guessed by transcript_kit.lang_of (Swahili words and Sheng verbs
on a Swahili prefix against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 30-55 % Swahili messages; everything else is the shared builder's
(bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_ingest  # noqa: E402
import scenarios_node  # noqa: E402
from fake_output import INGEST, NODE  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"shamba-node": NODE, "shamba-ingest": INGEST}
# said in one repository, meant for both: the commit message style (and its reversal), ask before dependencies
GLOBAL_RULES = {"commit-conv", "commit-plain", "ask-deps"}
COMPATIBLE = [
    ("twister-native-sim", "tests-dir"),  # unit tests under twister on native_sim, each suite in its own folder
    ("race-flag", "integ-tag"),  # go test with -race, integration tests behind the integration build tag
]

PROBLEMS = {
    "flash-overflow": {
        "project": "shamba-node",
        "description": "CONFIG_CBPRINTF_FP_SUPPORT=y (added to log the moisture with %.2f) pulls the float "
        "formatter and the double-precision soft-float routines into the image, about 10 KB, so the app no longer "
        "fits MCUboot's 232 KB slot0 once the BLE battery and device information services are added (the "
        "partition layout must not change). Seen as a linker error (region `FLASH' overflowed by 1184 bytes; "
        "growing slot0 refused), in Swahili words only (nothing small can be added any more), and as an imgtool "
        "error (image size + trailer exceeds the slot size), papered over once by lowering the default log level.",
        "nouns": ["slot0", "FLASH"],
        "fix": ["CONFIG_CBPRINTF_FP_SUPPORT=n", "west build -t rom_report"],
        "key_step": "CONFIG_CBPRINTF_FP_SUPPORT=n",
    },
    "twister-ci-stack": {
        "project": "shamba-node",
        "description": "CI runs Twister with --coverage (gcov), which enlarges every stack frame, while the "
        "sampler thread has a fixed 768-byte stack: on CI only, the thread overflows its stack. When the stack "
        "sentinel catches it the test dies with 'ZEPHYR FATAL ERROR 2: Stack overflow'; when the overflow first "
        "corrupts the thread's neighbouring data, the test fails a timing assertion (1 sample instead of 3) or "
        "hangs until Twister's timeout (after the test was renamed). Seen as a pasted CI stack overflow, a pasted "
        "timing assertion (loosening it refused), in Swahili words only, and as a timeout of the renamed test.",
        "nouns": ["tests/sampler", "sampler thread"],
        "fix": [
            "K_THREAD_STACK_DEFINE(sampler_stack, CONFIG_SHAMBA_SAMPLER_STACK_SIZE)",
            "west twister -p native_sim -T tests/sampler --coverage",
        ],
        "key_step": "K_THREAD_STACK_DEFINE(sampler_stack, CONFIG_SHAMBA_SAMPLER_STACK_SIZE)",
    },
    "mqtt-reconnect-loop": {
        "project": "shamba-ingest",
        "description": "Both replicas of the ingest service connect to Mosquitto with the same MQTT client id "
        "(shamba-ingest, one value in the Helm values) and a persistent session (clean session off): each connect "
        "makes the broker close the other pod's connection, the two take over from each other in a loop, and "
        "every takeover redelivers the session's unacknowledged QoS 1 messages. Seen as an integration test with "
        "two subscribers timing out (the same command failing three times), as 'connection reset by peer' in the "
        "pod logs, in Swahili words only (readings arriving twice; clean session off and one client id suspected), "
        "and as duplicated rows in TimescaleDB, hidden once behind a de-duplicating view.",
        "nouns": ["client id", "CleanSession", "clean session", "reconnect"],
        "fix": ['"shamba-ingest-" + os.Getenv("POD_NAME")', "$share/shamba-ingest/shamba/+/readings"],
        "key_step": '"shamba-ingest-" + os.Getenv("POD_NAME")',
    },
}

SKILL_PROMPTS = {
    "should": {
        "flash-overflow": [
            "zephyr build fails with region FLASH overflowed by 1184 bytes after enabling the BLE battery service",
            "imgtool says image size plus trailer exceeds requested size for the mcuboot slot",
            "image ya zephyr haitoshi kwa slot0 ya mcuboot, nini kinakula flash?",
        ],
        "twister-ci-stack": [
            "twister test passes on native_sim locally but fails on github actions with a stack overflow",
            "ztest timing assertion fails only in CI where twister runs with --coverage",
            "test ya twister inapita kwangu lakini kwa CI inafail, mara stack overflow mara timeout",
        ],
        "mqtt-reconnect-loop": [
            "paho mqtt client in go keeps reconnecting with connection reset by peer when two pods run",
            "readings zinaingia mara mbili kwa timescaledb na mosquitto inasema client already connected",
            "go integration test with two mqtt subscribers times out and they keep losing the connection",
        ],
    },
    "should_not": [
        "add a devicetree overlay for an SHT40 on i2c0",
        "how do I enable MCUboot serial recovery over USB",
        "ongeza Kconfig option ya BLE advertising interval",
        "explain what CONFIG_PM_DEVICE_RUNTIME does",
        "write a ztest for the battery percentage conversion",
        "niambie tofauti kati ya nrfjprog na nrfutil",
        "set up west to fetch only the nordic hal module",
        "add a sqlc query that returns the last reading per node",
        "write a golang-migrate migration that adds an index on readings(node, ts)",
        "tengeneza Grafana dashboard ya battery kwa kila node",
        "add a readiness probe to the helm chart",
        "how do I set retention on a timescaledb hypertable to 90 days",
        "ongeza structured logging na slog kwa ingest handler",
        "write a Dockerfile with a distroless base image for the go service",
        "explain the difference between QoS 1 and QoS 2 in MQTT",
        "configure golangci-lint to enable gosec",
        "nieleze jinsi ya kutumia tmux kwa sessions mbili za ssh",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
# Swahili: "kuanzia sasa" (from now on), "usiwahi" / "kamwe" (never), "daima" / "siku zote" / "kila mara" / "kila
# wakati" (always), "tumeamua" / "uamuzi" (we decided / decision), "somo" (lesson), "nimejifunza" (I learned),
# "kumbuka" (remember), "kwa sasa" (for now), "nimekuambia" / "nilisema" (I told you / I said), "usiguse" (don't touch).
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\bwe stay\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bfrom here on\b|\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\btold you\b|\bchange of plan\b|"
    r"\bkuanzia sasa\b|\busiwahi\b|\bkamwe\b|\bdaima\b|\bsiku zote\b|\bkila mara\b|\bkila wakati\b|"
    r"\btumeamua\b|\buamuzi\b|\bsomo\b|\bnimejifunza\b|\bkumbuka\b|\bkwa sasa\b|\bnimekuambia\b|"
    r"\bnilisema\b|\busiguse\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_node, scenarios_ingest),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="sw",
    lang_of=lang_of,
    language_checks=standard_language_checks("Swahili", 5),
    share_check=share_between("Swahili", 30, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

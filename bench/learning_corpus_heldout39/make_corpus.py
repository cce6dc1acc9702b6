#!/usr/bin/env python3
"""Generate the 39th held-out learning corpus (Haruto's `kikai-fw`, Zephyr RTOS firmware for an nRF52840 board,
and `kikai-gateway`, a FastAPI + paho-mqtt gateway on a Raspberry Pi, on Ubuntu 24.04 in Osaka, mostly in
Japanese): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Japanese ("ja"), guessed by transcript_kit.lang_of (kana present, and Japanese
characters against Latin letters). The shared language checks apply as they are (standard_language_checks), with a
share of 60-90 % Japanese messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_fw  # noqa: E402
import scenarios_gateway  # noqa: E402
from fake_output import FW, GW  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kikai-fw": FW, "kikai-gateway": GW}
# said in one repository, meant for both: answers in Japanese with English code comments, ask before sudo, no
# force push
GLOBAL_RULES = {"reply-ja", "sudo", "no-force-push"}
COMPATIBLE = [
    ("clang-format", "twister-before-commit"),  # before a firmware commit: clang-format, and twister over tests/
    ("mypy-strict", "ruff-only"),  # the gateway's checks: mypy --strict passes, and ruff is the only linter/formatter
]

PROBLEMS = {
    "sysworkq-stack-overflow": {
        "project": "kikai-fw",
        "description": "sample_handler runs on the system work queue and formats floats with snprintf (cbprintf FP "
        "support), logs and notifies over BLE; CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE is the default 1024 bytes, so "
        "the sysworkq thread overflows its stack now and then and the board halts or reboots. Seen as an on-device "
        "twister test crashing with an MPU FAULT / 'Stack overflow on CPU 0' (the same command failing three times, "
        "a longer timeout refused), in Japanese words only (three reboots overnight, no log), and as a field "
        "UART log pasted in English from an issue (USAGE FAULT, 'Current thread: ... (sysworkq)').",
        "nouns": ["sysworkq", "Stack overflow", "スタック", "リブート"],
        "fix": ["CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE=2048", "CONFIG_THREAD_ANALYZER=y"],
        "key_step": "CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE=2048",
    },
    "mqtt-no-resubscribe": {
        "project": "kikai-gateway",
        "description": "The MQTT bridge subscribes to kikai/+/telemetry once, in start(), right after connect(); "
        "paho's loop_start() reconnects by itself after a broker restart, but with a clean session the broker has "
        "forgotten the subscription, so the gateway stays connected and silently stores nothing more until it is "
        "restarted. Seen as a failing integration test (test_reconnect_keeps_telemetry; a sleep in the test "
        "refused), in Japanese words only (nothing saved after a mosquitto restart, no error; a restart-on-silence "
        "workaround reverted), and as an English issue (stale readings after Watchtower updated mosquitto).",
        "nouns": ["mosquitto", "subscribe", "再接続", "resubscribe"],
        "fix": ["def _on_connect(", "client.subscribe(TOPIC_TELEMETRY, qos=1)"],
        "key_step": "client.subscribe(TOPIC_TELEMETRY, qos=1)",
    },
    "sqlite-locked": {
        "project": "kikai-gateway",
        "description": "The gateway's SQLite file is in the default rollback-journal mode, shared by the MQTT "
        "bridge (writer), the API (reader) and the 02:00 backup (sqlite3 .backup); a writer cannot commit while "
        "anyone reads and readers fail during a commit, so either side gets 'sqlite3.OperationalError: database is "
        "locked'. Seen as a failing pytest (test_concurrent_ingest; changing the test refused, a retry loop "
        "rejected), in Japanese words only (readings missing for about five minutes around 02:00 every night), and "
        "as an English issue with pasted docker compose logs (GET /api/nodes answering 500).",
        "nouns": ["database is locked", "SQLite", "sqlite3"],
        "fix": ["PRAGMA journal_mode=WAL", "PRAGMA busy_timeout=5000"],
        "key_step": "PRAGMA journal_mode=WAL",
    },
}

SKILL_PROMPTS = {
    "should": {
        "sysworkq-stack-overflow": [
            "my Zephyr app halts with ZEPHYR FATAL ERROR 2: Stack overflow on CPU 0, current thread sysworkq",
            "nRF52840 が数時間おきにリブートします。work handler の中で float を snprintf しています",
            "twister device test crashes with MPU FAULT Stacking error while the sensor work item runs",
        ],
        "mqtt-no-resubscribe": [
            "after restarting mosquitto my paho-mqtt client reconnects but never receives messages again",
            "mosquitto を再起動すると、ゲートウェイが何も受信しなくなります。エラーは出ません",
            "paho loop_start reconnects automatically but the subscriptions are gone after the broker restarts",
        ],
        "sqlite-locked": [
            "sqlite3.OperationalError: database is locked when FastAPI reads while the MQTT bridge writes",
            "夜中のバックアップ中に SQLite への書き込みが失敗して、データが数分抜けます",
            "GET endpoint returns 500 with database is locked from sqlite under concurrent reads and writes",
        ],
    },
    "should_not": [
        "add a BLE characteristic for the sampling period",
        "BME280 の気圧も読んでペイロードに追加してください",
        "write a devicetree overlay for an LED on P0.13",
        "explain what CONFIG_BT_MAX_CONN does",
        "Kconfig の menuconfig を開くコマンドは何ですか",
        "how do I sign an MCUboot image with my own key",
        "add a GET /api/nodes/{node_id}/stats endpoint with min and max temperature",
        "FastAPI の OpenAPI ドキュメントのタイトルを変えてください",
        "write a pytest fixture that creates a temporary SQLite file",
        "set up GitHub Actions to run ruff and mypy on every push",
        "Dockerfile のイメージサイズを小さくする方法を教えてください",
        "how do I rotate the mosquitto log file on the Raspberry Pi",
        "add a CSV export of the readings",
        "README を英語に翻訳してください",
        "what is the difference between uv sync and uv lock",
        "twister の結果を JUnit XML で出力するオプションはありますか",
        "rename the node ids from node-01 to kikai-01 in the tests",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"必ず|今後|禁止|絶対|常に|決め|決定|教訓|覚えて|これからは|以後|二度と|前にも言|とりあえず|当面|"
    r"で行きます|で行く|やめて|今回だけ",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_fw, scenarios_gateway),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ja",
    lang_of=lang_of,
    language_checks=standard_language_checks("Japanese", 5),
    share_check=share_between("Japanese", 60, 90),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

"""Every numeric setting has a range, NaN and infinity are refused, settings that only
make sense together are checked together, and a bad `cron` stops start-up. Each message names the key."""

from __future__ import annotations

import dataclasses
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from daemon.config import SECTIONS, ConfigError, load_settings
from tests.conftest import REPO, write_config


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[index]\nchunk_tokens = 0\n", "[index] chunk_tokens must be between"),
        ("[index]\nchunk_tokens = 100\nchunk_overlap = 100\n", "[index] chunk_overlap must be less than"),
        ("[index]\nchunk_overlap = 500\n", "[index] chunk_overlap must be less than"),
        ("[index]\nconversation_chunk_tokens = 10\n", "[index] conversation_chunk_tokens must be between"),
        ("[index]\nconversation_chunk_overlap = -1\n", "[index] conversation_chunk_overlap must be between"),
        ("[index]\nconversation_chunk_overlap = 256\n", "[index] conversation_chunk_overlap must be less than"),
        ("[search]\nbm25_weight = nan\n", "[search] bm25_weight must be a finite number"),
        ("[search]\nvector_weight = inf\n", "[search] vector_weight must be a finite number"),
        ("[search]\ncjk_vector_weight = -inf\n", "[search] cjk_vector_weight must be a finite number"),
        ("[daemon]\nmax_request_bytes = 100000000000000000000\n", "[daemon] max_request_bytes must be between"),
        ("[daemon]\nmax_request_bytes = 100\n", "[daemon] max_request_bytes must be between"),
        ("[daemon]\ngrace_seconds = 1e9\n", "[daemon] grace_seconds must be between"),
        ("[search]\nrrf_k = 0\n", "[search] rrf_k must be between"),
        ("[search]\ncandidates = 0\n", "[search] candidates must be between"),
        ("[embedding]\nbatch_size = 0\n", "[embedding] batch_size must be between"),
        ("[inbox]\npoll_ms = 0\n", "[inbox] poll_ms must be between"),
        ("[skills]\nthreshold = 1.5\n", "[skills] threshold must be between"),
        ("[lessons]\njaccard = 2\n", "[lessons] jaccard must be between"),
        ("[context]\nbudget = -1\n", "[context] budget must be between"),
        ("[hooks]\ndeadline_ms = 100\ntimeout_ms = 300\n", "[hooks] timeout_ms must be less than"),
    ],
)
def test_an_impossible_value_is_refused_naming_the_key(memory_home: Path, text: str, fragment: str) -> None:
    write_config(memory_home, text)
    with pytest.raises(ConfigError) as info:
        load_settings(memory_home)
    assert fragment in str(info.value)


def test_every_numeric_setting_has_a_range_that_holds_its_default() -> None:
    for section, cls in SECTIONS.items():
        for spec in dataclasses.fields(cls):
            if isinstance(spec.default, bool) or not isinstance(spec.default, int | float):
                continue
            low, high = spec.metadata.get("range", (None, None))
            assert low is not None and high is not None, f"[{section}] {spec.name} has no range"
            assert low <= spec.default <= high, f"[{section}] {spec.name}"
            assert math.isfinite(low) and math.isfinite(high)


def test_the_defaults_and_sane_values_load(memory_home: Path) -> None:
    write_config(memory_home, "[index]\nchunk_tokens = 200\nchunk_overlap = 0\n[search]\nbm25_weight = 0\n")
    settings = load_settings(memory_home)
    assert settings.index.chunk_tokens == 200 and settings.search.bm25_weight == 0.0


def test_a_bad_cron_stops_start_up_naming_the_key(memory_home: Path, tmp_path: Path) -> None:
    write_config(memory_home, '[consolidation]\ncron = "every sunday please"\n')
    result = subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(tmp_path / "x.sock"), "serve"],
        env={**os.environ, "MEMORYD_HOME": str(memory_home), "MEMORYD_EMBEDDING": "off"},
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert "[consolidation] cron" in result.stderr and "Traceback" not in result.stderr

#!/usr/bin/env python3
"""Generate the held-out learning corpus (Lin's `tally` and `etl`): Claude Code v2.1.x transcripts + truth.json,
then validate them.

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

import scenarios_etl  # noqa: E402
import scenarios_tally  # noqa: E402
from fake_output import ETL, TALLY  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main, share_at_least_quarter  # noqa: E402
from transcript_kit import CJK, lang_of  # noqa: E402

PROJECTS = {"tally": TALLY, "etl": ETL}
GLOBAL_RULES = {"conv-commits", "subject-72"}  # said in one project, meant for all of Lin's work
COMPATIBLE = [("conv-commits", "subject-72")]  # same subject (commit messages), both hold

PROBLEMS = {
    "report-order": {
        "project": "tally",
        "description": "tally's category report and its JSON export come out in a different order from run to "
        "run: by_category returns a HashMap (random iteration order per process) that render and export.rs "
        "iterate directly. Shows up as a cargo test assertion diff on re-run, a FLAKY snapshot under nextest "
        "retries, an insta snapshot mismatch on CI (test renamed), or in words ('shuffles the categories').",
        "nouns": [
            "src/report.rs",
            "src/export.rs",
            "render_lists_categories",
            "report_json_snapshot",
            "report_json_is_stable",
            "report_text_default_range",
            "cli__report_month_by_category.snap",
            "HashMap",
            "shuffles the categories",
        ],
        "fix": ["BTreeMap", "src/report.rs", "src/export.rs", "--retries 0"],
        "key_step": "BTreeMap",
    },
    "nested-tokio-runtime": {
        "project": "tally",
        "description": "`tally sync` panics because fetch_rates blocks on its own tokio runtime (Runtime::new + "
        "block_on, later reqwest::blocking) while already running inside #[tokio::main] / #[tokio::test]: "
        "'Cannot start a runtime from within a runtime' or 'Cannot drop a runtime in a context where blocking "
        "is not allowed'.",
        "nouns": [
            "Cannot start a runtime from within a runtime",
            "Cannot drop a runtime",
            "runtime 里面不能再 drop 一个 runtime",
            "fetch_rates",
            "src/rates.rs",
            "fetch_parses_ecb_xml",
            "block_in_place",
            "reqwest::blocking",
        ],
        "fix": ["async fn fetch_rates", "reqwest::Client", "#[tokio::test]", ".await"],
        "key_step": "async fn fetch_rates",
    },
    "duckdb-lock": {
        "project": "etl",
        "description": "Only one process may open the DuckDB warehouse file for writing: dbt, pytest, the "
        "notebook kernel, the Streamlit dashboard and parallel Airflow tasks all open data/warehouse.duckdb "
        "read-write, so whichever comes second fails with 'IO Error: Could not set lock on file ... Conflicting "
        "lock is held'. Seen from dbt run, from the pytest fixture (IOException), in Chinese, and in an Airflow "
        "task log.",
        "nouns": [
            "Could not set lock on file",
            "Conflicting lock",
            "warehouse.duckdb",
            "IOException",
            "被锁",
            "又是锁",
        ],
        "fix": ["ETL_WAREHOUSE", "tmp_path", "read_only=True"],
        "key_step": "ETL_WAREHOUSE",
        "second_fix": ["duckdb_writer", "airflow pools set"],
    },
    "vendor-amount-format": {
        "project": "etl",
        "description": "Since 2026-10-07 the vendor's exports format amounts the German way ('1.234,50', "
        "'-23,47'); every reader assumed a decimal point. Shows up as a polars ComputeError / DuckDB "
        "ConversionException on load, as a dbt not_null test failing on stg_transactions.amount, as amounts "
        "1000x too small in the dashboard (described only in words), and in Chinese.",
        "nouns": [
            "1.234,50",
            "amount",
            "not_null_stg_transactions_amount",
            "德国格式",
            "way too small",
        ],
        "fix": ["parse_amount", "infer_schema=False", "etl/load.py", "str.replace_all"],
        "key_step": "parse_amount",
    },
}

SKILL_PROMPTS = {
    "should": {
        "report-order": [
            "the report test passes once and fails the next run, rows in a different order",
            "insta snapshot for report --json differs on CI, keys swapped",
            "tally report 每次输出的分类顺序都不一样",
        ],
        "nested-tokio-runtime": [
            "tally sync panics: Cannot start a runtime from within a runtime",
            "my tokio test panics with 'Cannot drop a runtime in a context where blocking is not allowed'",
            "同步汇率的时候程序直接 panic 了，说 runtime 嵌套",
        ],
        "duckdb-lock": [
            "dbt run fails: Could not set lock on file warehouse.duckdb, conflicting lock is held",
            "pytest errors at setup with duckdb IOException while the dashboard is running",
            "airflow 两个任务同时写 duckdb，其中一个报锁冲突",
        ],
        "vendor-amount-format": [
            "polars can't parse 1.234,50 as f64 in the amount column",
            "not_null test on stg_transactions.amount fails with hundreds of rows",
            "金额在仪表盘里小了一千倍，好像是千分位的问题",
        ],
    },
    "should_not": [
        "add a --quiet flag to tally import",
        "write a README section about the tally config file",
        "make tally report print totals in bold when stdout is a tty",
        "bump clap to the latest 4.x",
        "add shell completions for tally",
        "add a new dbt model for monthly merchant spend",
        "document the etl_daily DAG in the README",
        "rename the fees table to vendor_fees in dbt",
        "给 etl 加一个每周的邮件报告",
        "write a pytest for the fx rates seed",
        "how do I set up a python venv with uv",
        "fix the css of my blog's navbar",
        "translate this paragraph into English",
        "explain rust lifetimes in simple terms",
        "set up a kubernetes cronjob for a backup script",
        "帮我写一个 shell 脚本批量重命名照片",
        "configure prettier for a typescript monorepo",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember (?:that|:)|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|"
    r"总是|从不|从来|以后|记住|决定了|不要",
    re.IGNORECASE,
)


def chinese_checks(c: Corpus, errs: Problems, t: dict) -> None:
    """Lin's corpus predates the word-count language guess: any Han character makes a text Chinese, and it asks
    for a Chinese reversal or paraphrase rather than one of each kind."""
    errs.need(sum(r["lang"] == "zh" for r in t["rules"]) >= 2, "fewer than 2 Chinese rules")
    errs.need(any(x["lang"] == "zh" for x in t["lessons"]), "no Chinese lesson")
    zh_change = any(r["superseded_by"] and CJK.search(r["superseded_by"]) for r in t["rules"]) or any(
        any(CJK.search(x) for x in g[1:]) for g in t["paraphrases"]
    )
    errs.need(zh_change, "no reversal or paraphrase in Chinese")
    errs.need(any(CJK.search(x) for x in t["non_rules"]), "no Chinese non-rule")


def mostly_chinese(text: str) -> bool:
    """No fewer Han characters than Latin words (and at least one)."""
    return len(CJK.findall(text)) >= max(1, len(re.findall(r"[A-Za-z]+", text)))


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_tally, scenarios_etl),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="zh",
    lang_of=lang_of,
    language_checks=chinese_checks,
    share_check=share_at_least_quarter("Chinese", mostly_chinese),
    is_lang=lambda x: bool(CJK.search(x)),
    min_session_lines=16,
    rules_range=(8, 12),
    want_second_fix=True,
    one_off_in_each_project=False,
    fix_after_seen_twice=False,
    show_typed=False,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

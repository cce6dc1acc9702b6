#!/usr/bin/env python3
"""Generate the 31st held-out learning corpus (Kwame's `momo-ledger`, a Rust Axum + SQLx + Postgres service for
mobile-money reconciliation, and `ops-tf`, Terraform + Terragrunt for AWS, on Pop!_OS in Accra, English only,
terse and lowercase): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Kwame writes English only, so the shared checks that need a second language (a reversal across languages, a
share of messages in the other language) cannot apply; this corpus's own checks stand in for them: every
declared text is English, at least 3 reversals all in other words than the rule they replace, one of them said
in the other project than that rule, and a share check on how he writes (mostly lowercase, mostly short).
Everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_momo  # noqa: E402
import scenarios_ops  # noqa: E402
from fake_output import ML, OT  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"momo-ledger": ML, "ops-tf": OT}
# said in one repository, meant for both: the commit message conventions (and the change of them)
GLOBAL_RULES = {"conv-commits", "jira-commits", "no-coauthor"}
COMPATIBLE = [
    ("nextest", "always-p"),  # cargo nextest, not cargo test, and always scoped to -p momo-ledger
    ("module-pin", "lockfile-truth"),  # module sources pinned to tags, provider versions pinned by the lock files
]

PROBLEMS = {
    "shared-test-db": {
        "project": "momo-ledger",
        "description": "The integration tests share one Postgres database (momo_test): every test calls "
        "TestDb::new(), which TRUNCATEs ledger_entries and settlements, and cargo nextest runs each test in its "
        "own process, in parallel, so tests wipe and duplicate each other's rows. Seen as an assertion failure in "
        "reconcile matches_settled_batch that passes alone (the same command failing three times; --test-threads=1 "
        "refused), as a duplicate-key error in the renamed settlement settles_matching_batch (interrupted), in "
        "words only (CI red on main, rerun green), and as a pasted Postgres server log (deadlock detected on the "
        "TRUNCATE).",
        "nouns": ["TestDb", "momo_test", "flaky"],
        "fix": ['#[sqlx::test(migrations = "../../migrations")]', "pool: PgPool"],
        "key_step": '#[sqlx::test(migrations = "../../migrations")]',
    },
    "lockfile-platforms": {
        "project": "ops-tf",
        "description": "The .terraform.lock.hcl files in live/ were made by terraform init on Kwame's linux_amd64 "
        "laptop and hold provider checksums for that platform only, so init fails anywhere else: on the "
        "ubuntu-24.04-arm CI runners ('doesn't match any of the checksums previously recorded in the dependency "
        "lock file'), on a colleague's M2 Mac (words only), under terragrunt run-all with the plugin cache "
        "('Required plugins are not installed ... the cached package ... does not match'), and as a pasted "
        "'Failed to install provider from shared cache'. Running init -upgrade in CI was refused.",
        "nouns": [".terraform.lock.hcl", "checksums", "dependency lock file"],
        "fix": [
            "terragrunt run-all providers lock -platform=linux_amd64 -platform=linux_arm64 -platform=darwin_arm64",
            "id: tg-providers-lock",
        ],
        "key_step": "terragrunt run-all providers lock -platform=linux_amd64 -platform=linux_arm64 "
        "-platform=darwin_arm64",
    },
    "stale-state-lock": {
        "project": "ops-tf",
        "description": "The terraform workflow's concurrency group has cancel-in-progress: true, so a newer push "
        "cancels a run in the middle of terragrunt plan/apply and the DynamoDB state lock is never released; the "
        "next runs fail or wait out -lock-timeout. Seen as a pasted 'Error acquiring the state lock' with Lock "
        "Info (a force-unlock refused until the run was shown dead), in words only (the plan job hangs ten minutes "
        "then dies), as a pasted Actions log ('Canceling since a higher priority waiting request ... exists'), and "
        "as an aws dynamodb scan of the lock table showing a lock from a cancelled run.",
        "nouns": ["state lock", "force-unlock", "cancel-in-progress"],
        "fix": ["cancel-in-progress: false", "-lock-timeout=20m"],
        "key_step": "cancel-in-progress: false",
    },
}

SKILL_PROMPTS = {
    "should": {
        "shared-test-db": [
            "my sqlx integration tests pass one at a time but fail under cargo nextest, they all use the same "
            "postgres test db",
            "rust db tests flaky in ci: duplicate key value violates unique constraint, green on rerun",
            "postgres log shows deadlock detected on TRUNCATE while cargo nextest is running",
        ],
        "lockfile-platforms": [
            "terraform init on the arm github runner says the package doesn't match any of the checksums "
            "previously recorded in the dependency lock file",
            "coworker on an m2 mac cant terraform init, lock file checksum error, works on my linux box",
            "terragrunt run-all: required plugins are not installed, cached package does not match the checksums",
        ],
        "stale-state-lock": [
            "terraform Error acquiring the state lock ConditionalCheckFailedException after a github actions run "
            "got canceled",
            "ci terraform plan job waits on the lock for ten minutes and then times out",
            "there's a leftover lock item in the dynamodb lock table from a workflow that was cancelled",
        ],
    },
    "should_not": [
        "add a GET /settlements/{id} endpoint that returns one settlement as json",
        "write a sqlx migration adding an index on ledger_entries.msisdn",
        "how do i set the log level for tower-http TraceLayer",
        "explain the difference between Arc<Mutex<T>> and RwLock in tokio",
        "add a clap subcommand to momo-cli that prints a settlement summary",
        "bump serde and tokio to the latest patch versions",
        "write a dockerfile with cargo-chef for the ledger service",
        "add a terraform module for an sqs queue with a dead letter queue",
        "what does terragrunt include find_in_parent_folders do",
        "add an aws_cloudwatch_metric_alarm for rds cpu above 80 percent",
        "configure tflint with the aws ruleset plugin",
        "write a github actions job that runs cargo fmt --check",
        "how do i import an existing s3 bucket into terraform state",
        "add a budget alert for the sandbox account",
        "rename the staging vpc cidr variable",
        "set up zsh completion for terragrunt",
        "whats the difference between for_each and count",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bgoing w(?:ith)?\b|\bgo w(?:ith)?\b|\bstick w(?:ith)?\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold (?:u|you)\b|\bconvention\b|"
    r"\bsource of truth\b|\bnew habit\b",
    re.IGNORECASE,
)


def english_checks(c: Corpus, errs: Problems, t: dict) -> None:
    """What stands in for the shared language checks in an English-only corpus: every declared text is English,
    at least two global rules, a lesson, a decision, a paraphrase and a non-rule; at least 3 reversals, each in
    other words than the rule it replaces, and one of them said in the other project than that rule."""
    errs.need(
        all(x["lang"] == "en" for k in ("rules", "lessons", "decisions", "non_rule_sessions") for x in t[k]),
        "a declared text is not English",
    )
    errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
    errs.need(bool(t["lessons"]) and bool(t["decisions"]), "no lesson or no decision")
    errs.need(bool(t["paraphrases"]) and bool(t["non_rules"]), "no paraphrase or no non-rule")
    reversals = [r for r in t["rules"] if r["superseded_by"]]
    errs.need(len(reversals) >= 3, f"{len(reversals)} reversals (want 3)")
    for r in reversals:
        a, b = r["text"].lower(), r["superseded_by"].lower()
        errs.need(a not in b and b not in a, f"reversal in the same words: {r['text']!r}")
    by_text = {r["text"]: r for r in t["rules"]}
    project_of = {f: v["project"] for f, v in t["sessions"].items()}
    errs.need(
        any(project_of[by_text[r["superseded_by"]]["session"]] != project_of[r["session"]] for r in reversals),
        "no reversal said in the other project",
    )


def terse_lowercase(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
    """Kwame's style: at least 80 % of his messages start lowercase, and the median message is under 120 chars."""
    lower = sum(1 for x in all_typed if not x[:1].isupper())
    errs.need(lower * 100 >= len(all_typed) * 80, f"only {lower}/{len(all_typed)} messages start lowercase")
    med = statistics.median(len(x) for x in all_typed)
    errs.need(med < 120, f"median message length {med} (want < 120)")


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_momo, scenarios_ops),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="en",
    lang_of=lang_of,
    language_checks=english_checks,
    share_check=terse_lowercase,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

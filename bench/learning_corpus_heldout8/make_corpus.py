#!/usr/bin/env python3
"""Generate the eighth held-out learning corpus (Giulia's `ricambi-api` ASP.NET Core API and `portale-soci` Django
monolith, on Windows): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_api  # noqa: E402
import scenarios_portal  # noqa: E402
from fake_output import API, PORTAL  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"ricambi-api": API, "portale-soci": PORTAL}
GLOBAL_RULES = {"no-push-main", "commit-english"}  # said in one repository, meant for both
COMPATIBLE = [("no-edit-merged-migrations", "migration-names")]  # same subject (EF Core migrations), both hold

PROBLEMS = {
    "sqlserver-collation-tests": {
        "project": "ricambi-api",
        "description": "The dev SQL Server database was created by hand with the accent-insensitive collation "
        "Latin1_General_100_CI_AI, but the EF model sets none, so the Testcontainers database (created by "
        "MigrateAsync) gets the server default SQL_Latin1_General_CP1_CI_AS, which is accent-sensitive: integration "
        "tests that depend on accents behave differently from dev. Seen as Search_IgnoresAccents failing 3x "
        "(Assert.Single() Failure: The collection was empty; ToLower and stripping accents from the term did not "
        "help), as a supplier uniqueness test where no DbUpdateException is thrown for 'Meccanica Forlì' vs "
        "'Meccanica Forli' (declaring the unique index again did not help), and as an Italian description with no "
        'error (l\'ordinamento del catalogo viene diverso, "Élite" finisce in fondo).',
        "nouns": ["Search_IgnoresAccents", "Create_RejectsSameNameWithDifferentAccents", "Élite", "collation"],
        "fix": ['modelBuilder.UseCollation("Latin1_General_100_CI_AI");', "SetDatabaseCollationAccentInsensitive"],
        "key_step": 'modelBuilder.UseCollation("Latin1_General_100_CI_AI");',
    },
    "crlf-shell-scripts": {
        "project": "portale-soci",
        "description": "On Giulia's new Windows laptop git checks out the shell scripts with CRLF (core.autocrlf "
        "true, no .gitattributes), and the Linux containers cannot run them: the shebang interpreter becomes "
        "'bash\\r'. Seen as `exec /app/docker-entrypoint.sh: no such file or directory` for the web container (a "
        "no-cache rebuild did not help), as `/usr/bin/env: 'bash\\r': No such file or directory` for the Celery "
        "worker (a global autocrlf change was rejected, an in-container sed does not persist), and as an Italian "
        "description of celery beat dying with Exited (127) and an empty log.",
        "nouns": ["docker-entrypoint.sh", "bash\\r", "Exited (127)", "CRLF"],
        "fix": ["*.sh text eol=lf", "git add --renormalize ."],
        "key_step": "*.sh text eol=lf",
    },
    "celery-before-commit": {
        "project": "portale-soci",
        "description": "Views enqueue Celery tasks inside @transaction.atomic, so the worker can run a task before "
        "the transaction commits and does not see the new or changed row. Seen as a worker traceback "
        "(Member.DoesNotExist: Member matching query does not exist; an autoretry was rejected), as an invoice PDF "
        "with the old address right after an address change, no error anywhere (refresh_from_db did not help), and "
        "as an Italian report that the welcome mail sometimes is not sent (a volte la mail di benvenuto non parte).",
        "nouns": ["DoesNotExist", "OLD address", "mail di benvenuto"],
        "fix": [
            "transaction.on_commit(lambda: send_welcome_email.delay(member.pk))",
            "django_capture_on_commit_callbacks",
        ],
        "key_step": "transaction.on_commit(lambda: send_welcome_email.delay(member.pk))",
    },
}

SKILL_PROMPTS = {
    "should": {
        "sqlserver-collation-tests": [
            "an xUnit integration test on Testcontainers SQL Server fails on accented text but the same query works on the dev database",
            "EF Core unique index ignores accents in dev but not in the Testcontainers database",
            "nei test d'integrazione l'ordinamento con le lettere accentate è diverso dal db di sviluppo",
        ],
        "crlf-shell-scripts": [
            "docker compose on Windows: exec /app/docker-entrypoint.sh: no such file or directory but the file exists",
            "/usr/bin/env: 'bash\\r': No such file or directory when the Celery worker container starts",
            "il container parte e muore subito con Exited (127) dopo aver clonato il repo su Windows",
        ],
        "celery-before-commit": [
            "Celery task raises Member.DoesNotExist for a row that was just created in the view",
            "the Celery task sees the old data right after the view saved the change",
            "a volte il task Celery non trova il socio appena registrato e la mail non parte",
        ],
    },
    "should_not": [
        "add a GET endpoint that lists suppliers with paging",
        "write an xUnit test for PartCodeValidator",
        "add Swagger examples for the orders endpoints",
        "create an EF Core migration that adds a Notes column to Orders",
        "set up Dependabot-like NuGet updates in Azure DevOps",
        "add a Django admin action to deactivate members",
        "write a pytest for the newsletter unsubscribe view",
        "aggiungi la paginazione alla lista soci",
        "traduci i template email in inglese",
        "explain the difference between IEnumerable and IQueryable",
        "what is a Django signal",
        "write a PowerShell script that renames photos by date",
        "set up a Spring Boot project",
        "spiegami la differenza tra select_related e prefetch_related",
        "how does async/await work in C#",
        "cos'è un record in C#?",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|AGENTS\.md|\bfor now\b|"
    r"\bno push|\bsempre\b|\bmai\b|ricordati|d'ora in poi|da adesso in poi|\bregola\b|\blezione\b|\bdecisione\b|"
    r"abbiamo deciso|qui da noi|\bniente connection|non si fa",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_portal),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="it",
    lang_of=lang_of,
    language_checks=standard_language_checks("Italian", 5),
    share_check=share_between("Italian", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

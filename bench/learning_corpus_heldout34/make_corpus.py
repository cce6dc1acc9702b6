#!/usr/bin/env python3
"""Generate the 34th held-out learning corpus (Amara's `kinetic-api`, a .NET 8 Minimal API with EF Core on SQL
Server, and `kinetic-mobile`, a .NET MAUI app for Android and Windows, on Windows 11 with WSL2 Ubuntu in Lagos,
English only, long and polite): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Amara writes only English, so the shared checks that ask for a second language (standard_language_checks,
share_between) do not apply. In their place: every declared text is English, at least two global rules, a lesson
and a decision, three reversals worded differently from what they replace (one said in the other project, one
within a project, one typed only as an item of a numbered list), and a share check that the messages are long and
polite. Everything else is the shared builder's (bench/heldout_corpus_builder.py).
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
import scenarios_mobile  # noqa: E402
from fake_output import API, MOB  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main, typed_texts  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kinetic-api": API, "kinetic-mobile": MOB}
# said in one repository, meant for all of Amara's: dotnet format before commits, ask before NuGet packages, and
# who pushes (the rule and its reversal)
GLOBAL_RULES = {"dotnet-format", "ask-packages", "no-push", "push-branches"}
COMPATIBLE = [
    ("typed-results", "endpoint-files"),  # endpoint handlers return TypedResults, and each group has its own file
    (
        "refit-interface",
        "refit-cancellation",
    ),  # every HTTP call through IKineticApi, and each of its methods takes a token
]

PROBLEMS = {
    "respawn-wipes-history": {
        "project": "kinetic-api",
        "description": "The integration tests' Respawn reset (SqlServerFixture.ResetAsync, before every test class) "
        "is created with default options, so it deletes the rows of every table, __EFMigrationsHistory and the "
        "HasData-seeded OrderStatuses lookup included. The next class's host runs Database.Migrate() at startup, "
        "finds no history and re-runs InitialCreate ('There is already an object named 'Customers' in the "
        "database'), and inserting an order breaks the status foreign key (FK_Orders_OrderStatuses_StatusId). "
        "Seen as a failing full test run (OrdersEndpointTests fail at host start), in words only (every class green "
        "alone in Test Explorer, the full run fails depending on order; a wrong parallelisation guess reverted), and "
        "as a pasted GitHub Actions log of the renamed test PostOrder_ReturnsCreatedWithLocation failing with the "
        "FK violation (re-seeding in the test and LocalDB declined).",
        "nouns": ["Respawn", "__EFMigrationsHistory", "OrderStatuses"],
        "fix": ['TablesToIgnore = new Table[] { "__EFMigrationsHistory", "OrderStatuses" }', "for i in 1 2 3"],
        "key_step": 'TablesToIgnore = new Table[] { "__EFMigrationsHistory", "OrderStatuses" }',
    },
    "decimal-precision": {
        "project": "kinetic-api",
        "description": "Product.UnitPrice is a decimal with no precision configured, so EF Core maps it to "
        "decimal(18,2) and silently truncates supplier prices with three or four decimals (1299.995 -> 1299.99), "
        "making order and invoice totals a kobo or two low. Seen as a failing FluentAssertions check in "
        "OrderPricingTests.Total_AppliesLineDiscount (3899.97 instead of 3899.99; changing the test refused), in "
        "words only (the client's finance team finds invoice totals slightly lower), and as a pasted sqlcmd result "
        "with EF Core's 'No store type was specified for the decimal property' warning (deferred past a release).",
        "nouns": ["UnitPrice", "decimal(18,2)", "HasPrecision"],
        "fix": ["HasPrecision(18, 4)", "dotnet ef migrations add ProductUnitPricePrecision"],
        "key_step": "HasPrecision(18, 4)",
    },
    "ui-thread-collection": {
        "project": "kinetic-mobile",
        "description": "The view models await Refit calls with ConfigureAwait(false) and then change bound "
        "ObservableCollections (Orders, Customers) on a thread-pool thread. On Android pull-to-refresh crashes "
        "('Only the original thread that created a view hierarchy can touch its views'), on Windows the customer "
        "list silently stays stale (only the spinner was fixed), and load more throws COMException "
        "RPC_E_WRONG_THREAD. Seen as a pasted Android exception, in words only (Windows list stale, no error) and "
        "as a pasted Visual Studio Output log from Windows.",
        "nouns": ["ConfigureAwait(false)", "UI thread", "MainThread"],
        "fix": ["await MainThread.InvokeOnMainThreadAsync(", "var orders = await api.GetOrdersAsync(ct);"],
        "key_step": "await MainThread.InvokeOnMainThreadAsync(",
    },
}

SKILL_PROMPTS = {
    "should": {
        "respawn-wipes-history": [
            "after Respawn resets the database, Migrate fails with There is already an object named 'Customers' in "
            "the database",
            "my xUnit integration tests pass one class at a time but the full run fails, we use Respawn with "
            "Testcontainers",
            "integration test insert fails with FOREIGN KEY constraint FK_Orders_OrderStatuses_StatusId, the lookup "
            "table is seeded with HasData",
        ],
        "decimal-precision": [
            "EF Core stores 1299.995 as 1299.99 in SQL Server, prices lose their third decimal",
            "invoice totals are a kobo lower than the spreadsheet, prices come from an EF Core decimal column",
            "warning No store type was specified for the decimal property 'UnitPrice' on entity type 'Product'",
        ],
        "ui-thread-collection": [
            "MAUI Android crash Only the original thread that created a view hierarchy can touch its views after "
            "refresh",
            "on Windows my MAUI CollectionView does not update after pull to refresh, no exception",
            "COMException RPC_E_WRONG_THREAD when adding items to an ObservableCollection in a MAUI view model",
        ],
    },
    "should_not": [
        "add a GET /products endpoint with paging to kinetic-api",
        "write an xUnit test for the customer e-mail validation",
        "how do I add a health check for SQL Server to a Minimal API",
        "explain the difference between AsNoTracking and AsNoTrackingWithIdentityResolution",
        "add Serilog request logging to the API",
        "write a GitHub Actions job that publishes a container image to Azure Container Registry",
        "what does dotnet format --verify-no-changes check",
        "add a swagger description to the orders endpoints",
        "add a dark theme to the MAUI app",
        "make the order list in the app sortable by date",
        "add a splash screen with the Kinetic logo on Android",
        "how do I sign an Android APK for release with dotnet publish",
        "translate the app's labels into French",
        "add a search box to the Customers page",
        "what is the difference between Shell navigation and NavigationPage",
        "how do I increase the memory for WSL2",
        "write a PowerShell script that cleans the bin and obj folders",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared. Amara's habits ("Just to
# be clear", "Please kindly", "Thank you") are left out on purpose: most of her messages carry them.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bgoing forward\b|\bfrom now on\b|\bon reflection\b|\bdecided\b|\bdecision\b|"
    r"\bwe will stay\b|\bwe(?:'re| are) going with\b|\bwe go with\b|\blesson|\blearn(?:ed|t)\b|\bturns out\b|"
    r"\bfor now\b|\bas i (?:said|mentioned)\b|\bremember\b|\bnote to self\b|\ball my repositories\b|"
    r"\bout of scope\b|\bno need to\b|\bshould we\b",
    re.IGNORECASE,
)

NUMBERED = re.compile(r"^\s*\d+\.\s")


def english_checks(c: Corpus, errs: Problems, t: dict) -> None:
    """What an English-only corpus asks instead of the second-language checks (see the module docstring)."""
    errs.need(
        all(x["lang"] == "en" for k in ("rules", "lessons", "decisions", "non_rule_sessions") for x in t[k]),
        "a declared text is not tagged en",
    )
    errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
    errs.need(bool(t["lessons"]) and bool(t["decisions"]) and bool(t["paraphrases"]), "no lesson/decision/paraphrase")
    by_text = {r["text"]: r for r in t["rules"]}
    reversals = [(r, by_text[r["superseded_by"]]) for r in t["rules"] if r["superseded_by"]]
    errs.need(len(reversals) >= 3, f"{len(reversals)} reversals (want 3)")

    def project(r: dict) -> str:
        return t["sessions"][r["session"]]["project"]

    errs.need(any(project(o) != project(n) for o, n in reversals), "no reversal said in the other project")
    errs.need(any(project(o) == project(n) for o, n in reversals), "no reversal within one project")
    errs.need(
        all(
            o["text"].lower() not in n["text"].lower() and n["text"].lower() not in o["text"].lower()
            for o, n in reversals
        ),
        "a reversal repeats the words of the rule it replaces",
    )

    def in_list_item(r: dict) -> bool:
        lines = [ln for x in typed_texts(c.out / r["session"]) for ln in x.splitlines()]
        return any(r["text"].lower() in ln.lower() and NUMBERED.match(ln) for ln in lines)

    errs.need(any(in_list_item(n) for _o, n in reversals), "no reversal typed as a numbered list item")


def long_and_polite(c: Corpus, errs: Problems, all_typed: list[str]) -> None:
    """Amara's messages are long and polite: most are over 200 characters, and most say please or thank you."""
    long_ = sum(1 for x in all_typed if len(x) >= 200)
    polite = sum(1 for x in all_typed if re.search(r"\bplease\b|\bthank", x, re.IGNORECASE))
    errs.need(long_ * 100 >= len(all_typed) * 60, f"only {long_}/{len(all_typed)} messages are 200+ characters")
    errs.need(polite * 100 >= len(all_typed) * 70, f"only {polite}/{len(all_typed)} messages say please/thank you")


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_mobile),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="en",
    lang_of=lang_of,
    language_checks=english_checks,
    share_check=long_and_polite,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

"""Rules and lessons with a lifecycle: restatements are not added again, reversals and changed values supersede
the old rule (kept in the file, struck through, no longer given to agents), conflicts are found."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from daemon.services.learning.knowledge import rule_files
from pipeline.learning.lessons import apply_changes, current_bullets, current_text, superseded_bullets
from pipeline.learning.rules.rule_lifecycle import conflicts, judge, replaced_in_other_words
from pipeline.learning.rules.rule_names import retracted_names
from pipeline.learning.rules.rule_scope import person_wide
from pipeline.learning.weekly_report import (
    Change,
    Conflict,
    PatternLine,
    WeekStats,
    files_from_summaries,
    render_report,
)
from pipeline.retrieval.memory_items import items_of


def no_model(a: str, b: str) -> float | None:
    return None


def test_a_reversal_supersedes_and_a_restatement_is_no_new_rule() -> None:
    decimal = ["always use Decimal for money", "we never push straight to main"]
    verdict = judge("rule: money must always be an int of cents, never a Decimal", decimal, no_model)
    assert (verdict.action, verdict.other) == ("supersede", "always use Decimal for money")
    assert judge("Never push to main directly", ["Always push to main directly"], no_model).action == "supersede"
    assert judge("the API runs on port 9090", ["the API runs on port 8080"], no_model).action == "supersede"
    # character overlap would call these the same; they are not
    assert judge("never edit fixtures by hand", ["never edit a migration once it's merged"], no_model).action == "add"
    # no naive datetimes vs timezone-aware datetimes: the rejected thing is naive ones, no reversal
    assert judge("always timezone-aware datetimes", ["no naive datetimes in shop/"], no_model).action == "add"
    # a restatement: the model says same topic, the texts share words and nothing is reversed
    same = {frozenset(("no direct pushes to main, always a PR", "we never push straight to main")): 0.916}

    def model(a: str, b: str) -> float | None:
        return same.get(frozenset((a, b)), 0.84)

    # in Spanish, with the term after "con" and after "sin"
    atomic = ["preferimos helm upgrade con --atomic, así vuelve solo a la versión anterior"]
    verdict = judge("usa --wait sin --atomic, y si hace falta helm rollback a mano", atomic, no_model)
    assert (verdict.action, verdict.other) == ("supersede", atomic[0])
    verdict = judge("no direct pushes to main, always a PR", decimal, model)
    assert (verdict.action, verdict.other) == ("duplicate", "we never push straight to main")
    assert judge("always log through structlog in the consumer", decimal, model).action == "add"


def test_superseding_keeps_the_old_text_and_only_the_new_rule_is_given(tmp_path: Path) -> None:
    rules = tmp_path / "rules.md"
    rules.write_text("# Rules\n\n## Rules\n- always use Decimal for money\n- we never push straight to main\n")
    before = rules.read_text()
    added, marked = apply_changes(
        rules, "Rules", ["money is an int of cents now, never Decimal"],
        [("always use Decimal for money", "money is an int of cents now, never Decimal")], when="2026-09-14",
    )  # fmt: skip
    assert added == ["money is an int of cents now, never Decimal"] and len(marked) == 1
    text = rules.read_text()
    assert "- ~~always use Decimal for money~~ (superseded 2026-09-14 by: money is an int of cents now" in text
    assert all(word in text for word in before.split())  # nothing lost
    assert current_bullets(text) == ["we never push straight to main", "money is an int of cents now, never Decimal"]
    assert superseded_bullets(text) == ["always use Decimal for money"]
    assert "Decimal for money" not in current_text(text) and not any(
        "Decimal for money" in i.text for i in items_of(text)
    )
    assert (tmp_path / "rules.md.bak").read_text() == before


def test_a_plural_in_ches_or_shes_is_the_same_term_as_its_singular() -> None:
    """ "branches" is "branch": folded to "branche", a reversal said in the singular reversed nothing."""
    verdict = judge("never use a feature branch", ["always work on feature branches"], no_model)
    assert (verdict.action, verdict.reason) == ("supersede", "reverses 'branch'")


def test_two_rules_naming_different_things_from_code_are_no_restatement_however_near_in_meaning() -> None:
    """e5 puts two rules of one person in one language at 0.92-0.94 whatever they say; one names a file the other
    does not, sharing no name with it: another rule, kept. A name within the other's still restates it."""
    near = lambda a, b: 0.94  # noqa: E731
    strip = ["strip the notebooks' outputs before every commit"]
    assert judge("always commit poetry.lock together with pyproject.toml", strip, near).action == "add"
    assert judge("every new provider gets the @riverpod annotation", ["no http calls inside widgets"], near).action == (
        "add"
    )
    venv = ["never pip install into .venv, always uv run"]
    assert judge("uv run for everything, never call .venv/bin/python", venv, near).action == "duplicate"


def test_rules_in_force_that_contradict_each_other_are_found() -> None:
    found = conflicts(["Always push to main directly", "we use uv", "Never push to main directly"])
    assert [(a, b) for a, b, _ in found] == [("Always push to main directly", "Never push to main directly")]
    assert conflicts(["always use Decimal for money", "never edit migrations"]) == []


def test_the_weekly_report_lists_changes_conflicts_and_what_to_do_next() -> None:
    summary = "## Files\n- `shop/money.py` (Edit ×2, Write)\n- `tests/test_money.py` (Edit)\n\n## Rules\n- x\n"
    files = files_from_summaries([summary, "## Files\n- `shop/money.py` (Edit)\n"])
    assert files == [("shop/money.py", 4), ("tests/test_money.py", 1)]
    stats = WeekStats(
        since=dt.datetime(2026, 9, 14, tzinfo=dt.UTC),
        until=dt.datetime(2026, 9, 21, tzinfo=dt.UTC),
        outcomes={"success": 3, "failed": 3},
        corrections=2,
        signals_by_kind={"error": 4},
        edited_files=files,
        topics=["money in cents"],
        patterns=[PatternLine("abc123", "error", "commanderror multiple heads", 3, "HIGH", "active", 0, 4)],
        streak_length=3,
        streak_flagged=True,
        streak_sessions=["s4", "s5", "s6"],
        changes=[
            Change(
                "rule",
                "superseded",
                "money is an int of cents now",
                "always use Decimal for money",
                "areas/projects/shop/rules.md",
            ),
            Change(
                "rule",
                "restated",
                "prices are integer cents",
                "money is an int of cents now",
                "areas/projects/shop/rules.md",
            ),
        ],
        conflicts=[Conflict("MEMORY.md", "Always push to main", "Never push to main", "push, main")],
        skills=["error-commanderror-multiple-heads"],
        unresolved=["commanderror multiple heads"],
    )
    report = render_report(stats)
    assert "- `shop/money.py` (4)" in report
    assert "| HIGH | 3 | error | commanderror multiple heads | active | `abc123` |" in report
    assert 'superseded (areas/projects/shop/rules.md): "always use Decimal for money" is now "money is an int' in report
    assert "1 restatement(s)" in report and "Still in force together (MEMORY.md, on push, main)" in report
    assert "**Failure streak:** the last 3 sessions all failed." in report
    next_steps = report.split("## What to do next")[1]
    assert "The last 3 sessions failed" in next_steps and "no session has resolved it yet" in next_steps
    assert "Review the new skill `error-commanderror-multiple-heads`" in next_steps


def test_a_japanese_rule_reverses_by_its_latin_terms_without_the_model() -> None:
    # Japanese puts the object first ("eslintはもういらない"): the stance reads it in English order
    assert conflicts(["lintは必ずeslintで通して、eslint設定は共通で", "eslintはなし、lintはbiomeで通して"])
    # "AじゃなくてB" says what "use B, not A" says: the same rule, no reversal
    assert not conflicts(["axiosじゃなくてfetch", "we use fetch, not axios"])
    assert conflicts(["fetchじゃなくてaxios", "we use fetch, not axios"])


def test_a_japanese_replacement_never_replaces_a_rule_that_names_other_things() -> None:
    """In Chinese or Japanese the Latin names are the subject: "wandbはもうonlineでいい" replaces the wandb rule,
    never the tmux one, however close the model puts two Japanese sentences."""
    current = ["学習は必ずtmuxの中でね", "tmuxはもういらない、これからは全部sbatchでジョブ投げて"]

    def subject(a: str, b: str) -> float:
        return 0.34 if "sbatch" in b else 0.2

    assert replaced_in_other_words("wandbはもうonlineでいい", current, subject) is None
    assert replaced_in_other_words("wandbはもうonlineでいい", [*current, "wandbはずっとofflineで"], subject) == (
        "wandbはずっとofflineで"
    )


def test_asked_to_stop_doing_what_a_rule_already_forbids_restates_it() -> None:
    """ "…するのはやめてください" (please stop doing it) beside a rule that forbids the same thing is that rule said
    again (held out 39); a "stop" replaces a rule that asks for what it stops, and a "de ahora en adelante"
    replaces in Spanish (held out 38)."""

    def subject(a: str, b: str) -> float:
        return 0.7

    forbids = ["mypy --strict が通らないコードはコミットしないでください。"]
    assert (
        replaced_in_other_words("mypy --strict でエラーが残ったままコミットするのはやめてください。", forbids, subject)
        is None
    )
    assert replaced_in_other_words("stop pinning exact versions", ["pin exact versions with =="], subject) == (
        "pin exact versions with =="
    )
    spanish = ["en functions usa npm, nada de yarn ni pnpm"]
    assert replaced_in_other_words("de ahora en adelante pnpm en functions", spanish, subject) == spanish[0]


def test_a_name_from_code_is_no_replacement_marker() -> None:
    """ "datetime.now" says nothing about "now": a rule naming it replaces nothing by that word."""
    current = ["os testes usam o Postgres do compose, nada de sqlite"]

    def subject(a: str, b: str) -> float:
        return 0.4

    assert replaced_in_other_words("não usa datetime.utcnow, usa datetime.now(UTC)", current, subject) is None
    assert replaced_in_other_words("we use cents now, not Decimal", current, subject) == current[0]


def test_a_replacement_in_another_language_finds_the_rule_that_names_the_same_thing() -> None:
    """The model puts a Portuguese sentence nearer the Portuguese rules; "Decimal" says which rule it replaces."""
    current = ["money is stored as Decimal in reais with two places", "os testes usam o Postgres do compose"]

    def subject(a: str, b: str) -> float:
        return 0.30 if "Postgres" in b else 0.25

    assert replaced_in_other_words("mudei de ideia: valor em centavos, nada de Decimal", current, subject) == current[0]


def test_a_replacement_in_another_latin_script_language_finds_the_english_rule_sharing_its_terms() -> None:
    """A Hungarian rule sits nearer the other Hungarian rules in the model; the two words it shares with an English
    rule ("default", "queue") say which rule it replaces. Two English rules sharing words get no such help."""
    current = ["put every job in the default queue, one queue is plenty", "új függőséget ne adj hozzá kérdezés nélkül"]

    def subject(a: str, b: str) -> float:
        return 0.36 if "függőséget" in b else 0.35

    new = "mostantól a riport jobok külön queue-ba mennek, a default queue-t ne terheld velük"
    assert replaced_in_other_words(new, current, subject) == current[0]
    english = ["put every job in the default queue, one queue is plenty", "never add a dependency without asking"]

    def alike(a: str, b: str) -> float:
        return 0.36 if "dependency" in b else 0.35

    new_english = "from now on report jobs get their own queue, keep them out of the default queue"
    assert replaced_in_other_words(new_english, english, alike) is None


def test_dropping_a_tool_replaces_the_rule_that_names_it_even_a_short_name() -> None:
    """ "we're dropping Moq, …", "pytest-xdist fliegt raus, ab jetzt …": what is dropped says which rule goes,
    a three-letter name included when it is written as a name ("Moq"), never a short word ("the")."""
    current = ["Use Moq for the test doubles", "never push straight to main, everything goes through a PR"]

    def subject(a: str, b: str) -> float:
        return 0.12  # below SAME_SUBJECT alone: the name decides

    new = "we're dropping Moq, new tests use NSubstitute instead"
    assert replaced_in_other_words(new, current, subject) == current[0]
    xdist = ["run the tests with pytest -n auto", "always run ruff before committing"]
    assert replaced_in_other_words("pytest-xdist fliegt raus, ab jetzt seriell", xdist, subject) == xdist[0]
    assert (
        replaced_in_other_words("we're dropping the nightly job, builds run on push instead", current, subject) is None
    )


def test_the_one_rule_a_retraction_names_is_replaced_however_near_another_sits_in_meaning() -> None:
    """In a home with rules in two languages the model puts an Italian sentence nearer the Italian rules;
    "lascia perdere SQLite" names the one rule it takes back."""
    current = ["le settings si leggono solo con env(), mai os.environ", "run the tests against SQLite locally"]

    def subject(a: str, b: str) -> float:
        return 0.34 if "env()" in b else 0.21

    new = "lascia perdere SQLite per i test, d'ora in poi solo Postgres in Docker"
    assert replaced_in_other_words(new, current, subject) == current[1]


def test_a_vietnamese_rule_that_drops_what_the_old_one_named_replaces_it() -> None:
    """ "từ giờ … , bỏ XCTest đi" (from now on …, drop XCTest), typed with or without its diacritics, takes back
    the rule that names XCTest and leaves the one about something else."""
    current = ["new tests use XCTest, same as the existing suite", "never force unwrap in view code"]

    def subject(a: str, b: str) -> float:
        return 0.3 if "XCTest" in b else 0.1

    for said in (
        "tu gio test moi viet bang Swift Testing, bo XCTest di",
        "từ giờ test mới viết bằng Swift Testing, bỏ XCTest đi",
    ):
        assert replaced_in_other_words(said, current, subject) == current[0]


def test_told_to_drop_what_the_old_rule_names_replaces_it_and_a_function_word_names_nothing() -> None:
    """ "drop the feat:/fix: prefixes from now on" takes back the rule that names feat; "from" after it is no name,
    so a rule of the other file that says "modules from …" is no rival for it. "drop the database" is no rule
    taken back."""
    current = ["commit messages in conventional commits format, feat:, fix:", "never force push"]
    rivals = ["modules from kaasu-tf-modules are always pinned to a git tag"]

    def subject(a: str, b: str) -> float:
        return 0.11 if "feat" in b else 0.07

    for said in ("drop the feat:/fix: prefixes from now on", "drop the feat:/fix: prefixes in commit subjects"):
        assert replaced_in_other_words(said, current, subject, rivals) == current[0]
    assert "from" not in retracted_names("drop the feat:/fix: prefixes from now on")
    assert retracted_names("drop the database and recreate it from the dump") == set()


def test_a_term_reversed_by_the_rule_nearest_in_subject_supersedes_below_the_same_topic_cosine() -> None:
    """ "no printk in driver code" rejects what "just use printk for debug output" asserts; the model puts the two
    at 0.87, under SAME_TOPIC_COSINE, but the old rule is the nearest in subject: it is overturned. A rule further
    away in subject that asserts the term is not (it may be about something else that uses the same tool)."""
    current = ["just use printk for debug output, keep it simple", "every new driver gets a ztest suite"]
    new = "use LOG_MODULE_REGISTER and LOG_DBG/LOG_INF in every module, no printk in driver code"

    def similar(a: str, b: str) -> float:
        return 0.87

    def near(a: str, b: str) -> float:
        return 0.2 if "printk" in b else 0.17

    verdict = judge(new, current, similar, near)
    assert (verdict.action, verdict.other) == ("supersede", current[0])

    def far(a: str, b: str) -> float:
        return 0.1 if "printk" in b else 0.17

    assert judge(new, current, similar, far).action == "add"


def test_negators_in_accented_latin_and_other_scripts_are_read() -> None:
    """ "não usa npm" rejects npm (an ASCII-only reading cut "não" in two and took npm as used), so "pnpm only, no
    npm" restates it; "никогда" is a negator in a Russian rule; Arabic function words are no content words."""
    from pipeline.learning.rules.rule_stance import stance

    assert ("npm", "") in stance("aqui a gente não usa npm, é pnpm sempre").rejected
    assert (
        judge("pnpm only, no npm or yarn", ["aqui a gente não usa npm, é pnpm sempre"], no_model).action != "supersede"
    )
    assert ("main", "") in stance("никогда не пушим в main").rejected
    assert stance("ماتعملش push --force على أي branch مشترك أبداً").words == {"push", "force", "branch"}


def test_a_permission_lifts_the_prohibition_on_its_subject_and_replaces_nothing_else() -> None:
    """ "you may push your feature branches yourself once the Android build is green" lifts "do not push; I push
    myself": the permission names what it allows before its condition, and only a rule that forbade or held it
    back goes. A rule that asks for something is never replaced by a permission, however near in meaning."""
    current = [
        "commit, but do not push to any remote; I push myself after review",
        "Please only build the Android target from WSL. I build the Windows target myself in Visual Studio",
        "run the Android build before you say it is done",
    ]

    def subject(a: str, b: str) -> float:
        return 0.45 if "Android" in b else 0.3

    new = "you may push your feature branches to origin yourself once the Android build is green"
    assert replaced_in_other_words(new, current, subject) == current[0]
    lockfile = ["wag mo nang gagalawin yung deno.lock, ako na mag-update niyan", "always run deno fmt"]
    said = "you can update deno.lock yourself when you add a dependency, just tell me in the summary"
    assert replaced_in_other_words(said, lockfile, subject) == lockfile[0]
    asks = ["run the Android build before you say it is done"]
    assert replaced_in_other_words("feel free to run the Android build in CI only", asks, subject) is None
    # a prohibition said with the word for "allowed" is no permission ("gak boleh": not allowed)
    indonesian = ["Every new table gets RLS enabled in the same migration, no exceptions"]
    assert replaced_in_other_words("migration yang udah di-push gak boleh diedit", indonesian, subject) is None


def test_a_permission_lifts_the_one_rule_forbidding_it_by_name_however_far_the_model_puts_them() -> None:
    """The model can put a permission and the prohibition it lifts far apart (0.03 for "you may push …" beside
    "commit, but do not push …"); when that rule is the only one forbidding what is permitted, it is the subject.
    Against a rule that disagrees in subject (a negative value) it is not, nor when another rule forbids it too."""
    current = ["commit, but do not push to any remote; I push myself after review", "always run the tests"]
    new = "you may push your feature branches to origin yourself once the Android build is green"
    assert replaced_in_other_words(new, current, lambda a, b: 0.03) == current[0]
    assert replaced_in_other_words(new, current, lambda a, b: -0.1) is None
    rivals = ["never push on a Friday"]
    assert replaced_in_other_words(new, current, lambda a, b: 0.03, rivals) is None


def test_the_persons_ways_of_working_in_every_project_are_told_from_a_projects_own() -> None:
    """Commit messages, how branches are named, pushing, how branches are merged, asking before a dependency, sudo,
    a .env file, the language of answers, "in any repo": MEMORY.md's; a step run before a commit or a push names the
    project's tools, a branch only mentioned is where something runs: the project's."""
    everywhere = [
        "коммиты пиши по-русски",
        "commit messages in English, conventional commits",
        "never force push, in any repo",
        "do not push to any remote; I push myself after review",
        "加新依赖之前先问我",
        "não quero dependência nova sem me perguntar antes",
        "jangan sentuh file .env tu",
        "contestame en español pero el codigo y los comentarios en ingles",
        "never commit a secret, not even base64",
        "always squash merge my branches, one commit per feature",
        "nuo šiol merginam be squash, noriu matyti visus commitus istorijoj",
        "never force push, pull and rebase instead",
        "branches are named feature/<short-name>",
        "from now on a branch is just the tracker ticket, like SAQ-57",
        "ветки называем по номеру задачи",
        "drop the feat:/fix: prefixes from now on",
        "оно са Jira кључем у commit порукама више не важи, прешли смо на Linear",  # Serbian: commit messages
    ]
    projects = [
        "deploy to staging from the release branch only",
        "run the e2e suite on every branch before merging it",
        "name the tests after the behaviour they check",
        "run sail pint --dirty before every commit",
        "перед пушем всегда прогоняй helm lint и kubeconform",
        "every dbt model must pass sqlfluff lint before it's committed",
        "money is an int of cents, never Decimal",
        "use testify/require for assertions in tests",
        "merge the two config loaders into one module",
        "quick fix: restart the worker after the config changes",
    ]
    assert [r for r in everywhere if not person_wide(r)] == []
    assert [r for r in projects if person_wide(r)] == []
    files = rule_files(Path("/home"), "shop", ["commit msgs in english pls", "money is Decimal"])
    assert files == [
        (Path("/home/areas/projects/shop/rules.md"), "Rules", ["money is Decimal"]),
        (Path("/home/MEMORY.md"), "Preferences", ["commit msgs in english pls"]),
    ]
    assert rule_files(Path("/home"), "", ["money is Decimal"]) == [
        (Path("/home/MEMORY.md"), "Preferences", ["money is Decimal"])
    ]


def test_a_replacement_nearer_a_rule_of_the_other_file_replaces_none_of_this_one() -> None:
    """MEMORY.md's rules are rivals when a project's rule is judged (and the other way round): the change is
    about the rival's subject, so the project's rule it is not near stays in force."""
    near = {"commit messages in English": 0.6, "use pino for logs": 0.2}

    def subject(a: str, b: str) -> float:
        return near[b]

    candidate = "from now on commit messages in German"
    assert judge(candidate, ["use pino for logs"], lambda a, b: 0.8, subject).action == "supersede"
    verdict = judge(candidate, ["use pino for logs"], lambda a, b: 0.8, subject, rivals=["commit messages in English"])
    assert verdict.action == "add"


def test_across_two_languages_the_one_word_only_the_old_rule_shares_says_which_it_replaces() -> None:
    """A Lithuanian "from now on" beside an English rule and a Lithuanian one: the model puts it nearer the rule in
    its own language (0.29 against 0.25), while "squash", which only the English rule shares, names the subject.
    Not when another rule shares that word too, nor within one language (there the word may be the task's), unless
    the replacement says again most of what the rule says (squash, merge, commit)."""
    new = "nuo šiol merginam be squash, noriu matyti visus commitus istorijoj"
    squash = "always squash merge my branches, one commit per feature"
    vitest = "Vitest testus visada dėk šalia kodo, kaip src/lib/format.test.ts"
    values = {squash: 0.25, vitest: 0.29}
    assert replaced_in_other_words(new, [squash], lambda a, b: values[b], [vitest]) == squash
    squash_too = "squash the fixup commits before review"
    values[squash_too] = 0.1
    assert replaced_in_other_words(new, [squash, squash_too], lambda a, b: values[b], [vitest]) is None
    english = "from now on we merge without squash, I want every commit in the history"
    assert replaced_in_other_words(english, [squash], lambda a, b: values[b], [vitest]) == squash
    alone = "from now on no squash, I want the whole history"
    assert replaced_in_other_words(alone, [squash], lambda a, b: values[b], [vitest]) is None


def test_rejecting_the_file_an_old_rule_puts_things_in_reverses_it() -> None:
    """ "…, not strings_az.dart" reverses "keep UI strings in lib/l10n/strings_az.dart": the old rule names the file
    as where things go, though no "use" or "always" stands before it; a rule that forbids the same name already
    ("not Model.objects.create by hand") is not reversed by another that forbids it."""
    current = ["keep UI strings in lib/l10n/strings_az.dart as plain constants", "provider-ləri generator ilə yaz"]

    def subject(a: str, b: str) -> float:
        return 0.5 if "strings" in b else 0.0

    verdict = judge("new strings go into the arb files, not strings_az.dart", current, no_model, subject)
    assert verdict.action == "supersede" and verdict.other == current[0]
    factories = ["in tests use factories from tests/factories.py, not Model.objects.create by hand"]
    restated = "для тестів юзай фабрики з factories.py, а не створюй об'єкти руками через objects.create"
    assert judge(restated, factories, no_model, lambda a, b: 0.5).action != "supersede"


def test_what_is_skipped_then_shipped_is_a_reversal() -> None:
    """ "skip linux" rejects linux as "never linux" does; "has to ship a linux binary" asserts it."""
    old = "only the macos arm64 binary in releases, skip linux"
    verdict = judge("every release has to ship a linux x86_64 binary too", [old], no_model)
    assert (verdict.action, verdict.other) == ("supersede", old)
    assert judge("skip the slow tests locally", ["ship the docs with every release"], no_model).action == "add"


def test_a_replacement_that_says_again_most_of_what_a_rule_says_replaces_it() -> None:
    """ "builds go to the closed testing track now, internal was only the two of us" shares build, track and internal
    with the rule on the internal track, the rule on the tests before a build shares build alone: where the model
    puts the two near it alike, the rule it shares the most words with is the one it changes. Two rules sharing as
    many words are no evidence either way."""
    current = [
        "release builds go to the internal track with fastlane",
        "run flutter test before every Play Store build",
    ]

    def subject(a: str, b: str) -> float:
        return 0.149 if "flutter" in b else 0.127

    new = "from now on builds go to the closed testing track, internal was only the two of us"
    assert replaced_in_other_words(new, current, subject) == current[0]
    tied = ["release builds go to the internal track", "internal builds go to the beta track"]
    assert replaced_in_other_words(new, tied, lambda a, b: 0.2) is None

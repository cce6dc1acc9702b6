"""Forms of an English rule, lesson or verdict that blind corpora showed missing (held out 22 and 23), and what
is none beside them. The sentences are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import clauses, extract_knowledge
from pipeline.learning.rules.rule_meaning import directive


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "Send ids to the workers, never whole models, because they are serialised",
            "Send ids to the workers, never whole models",
        ),
        ("remember, the build has to be green before anyone merges", "the build has to be green before anyone merges"),
        # what the rule is like, said before it (held out 23: "same as tidewatch, nothing goes straight onto main …")
        ("same as the web app, nothing gets deployed without a review", "nothing gets deployed without a review"),
        ("like in the api repo, never commit the .env file", "never commit the .env file"),
        (
            "No global state anywhere, pass a context or use a struct",
            "No global state anywhere, pass a context or use a struct",
        ),
        # a fact, then the order it calls for (held out 39)
        (
            "flashing notes from the bring-up issue (#3): the DK has an on-board J-Link, always flash with west flash "
            "--runner nrfjprog.",
            "always flash with west flash --runner nrfjprog",
        ),
        ("no force push, I said that before", "no force push, I said that before"),
        # "from now on" closing a clause with the name in brackets after it, and a second order (held out 38)
        (
            "new functions go on 2nd gen from now on (firebase-functions/v2), stop adding v1 triggers.",
            "new functions go on 2nd gen from now on (firebase-functions/v2), stop adding v1 triggers",
        ),
        # a name from code in brackets says which thing the rule is about; a remark in brackets is left out
        (
            "Write triggers with the v1 API (firebase-functions/v1), that's what the rest of the codebase uses.",
            "Write triggers with the v1 API (firebase-functions/v1)",
        ),
        ("why did you touch the lockfile? never do that again", "why did you touch the lockfile? never do that again"),
    ],
)
def test_english_forms_of_a_rule(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "keep the amounts as integer pence, not floats",
        "store all timestamps in the db as RFC 3339 strings",
        "don't bump the version yourself, the release job does it",
        "name the migrations like 0012_add_index, what it does in snake case",
        "nothing gets merged into main, everything goes through review",
        "nothing goes straight onto prod",
    ],
)
def test_a_convention_said_as_what_to_do_is_a_rule(said: str) -> None:
    assert extract_knowledge([said]).rules


@pytest.mark.parametrize(
    "said",
    [
        "save it as a draft",
        "don't do that yourself",
        "nothing got pushed to main yesterday",
        "name the branch anything",
        "They're my little buddies, always calm and peaceful.",  # no order after "always"
        "it goes nan, always at the val of epoch 3",
    ],
)
def test_one_thing_done_once_is_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_an_errno_message_and_a_one_time_instruction_are_no_rules() -> None:
    assert extract_knowledge(["the unit says: Failed to determine user credentials: No such process"]).rules == ()
    # a machine's name as a label, then the error its disk gave: "No space …" is quoted, not a "no X" asked for
    assert extract_knowledge(["web-3: No space left on device while pulling the image, docker gave up"]).rules == ()
    assert extract_knowledge(["No module named yaml when the cron job starts"]).rules == ()
    assert extract_knowledge(["no print statements in the api code"]).rules == ("no print statements in the api code",)
    assert extract_knowledge(["just this once, skip the linters and push the hotfix"]).rules == ()


def test_a_note_to_self_without_a_colon_is_a_lesson_and_a_note_named_is_none() -> None:
    said = "can't change it today. note to self the deploy key needs write access as well as read. leave it"
    assert extract_knowledge([said]).lessons == ("the deploy key needs write access as well as read",)
    assert extract_knowledge(["I left a note to self about the staging db on my desk"]).lessons == ()


def test_a_lesson_labelled_for_whom_it_is_is_a_lesson_not_a_rule() -> None:
    said = "Lesson for me: every pool.Query needs its rows closed, or the pool quietly runs dry."
    knowledge = extract_knowledge([said])
    assert knowledge.lessons == ("every pool.Query needs its rows closed, or the pool quietly runs dry",)
    assert knowledge.rules == ()
    assert extract_knowledge(["lesson for next time - check the lockfile before bumping node"]).lessons == (
        "check the lockfile before bumping node",
    )


def test_work_left_red_or_broken_is_a_failed_verdict() -> None:
    from pipeline.agent.speech.verdicts import closing_cue

    assert closing_cue("can't get at the token before Monday, leave it red")[0] == -3.0  # type: ignore[index]
    assert closing_cue("leave the nightly job broken, I'll ask ops")[0] == -3.0  # type: ignore[index]
    assert closing_cue("nice, leave it running overnight") == (3.0, "the user's last words")


def test_a_request_said_to_be_the_usual_way_is_a_rule() -> None:
    said = "add the export endpoint. validate with pydantic models, no raw dicts, as usual. ping me after"
    assert extract_knowledge([said]).rules == ("validate with pydantic models, no raw dicts",)
    assert extract_knowledge(["the deploy failed as usual"]).rules == ()
    assert extract_knowledge(["do it as usual"]).rules == ()


def test_where_two_kinds_of_code_live_is_a_rule() -> None:
    said = "billing and invoicing code lives in payments/ as plain functions, not in the views"
    assert extract_knowledge([said]).rules == (said,)


def test_a_decision_without_its_we_is_a_decision_not_a_rule() -> None:
    said = "decided to keep cookie sessions for the admin, no JWT, so nothing to rotate"
    found = extract_knowledge([said])
    assert found.decisions == (said,) and found.rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("ask me before adding any new dependency, pip or npm", "ask me before adding any new dependency, pip or npm"),
        ("oh and check with me before any new library, so thanks for asking", "check with me before any new library"),
        (
            "fix the login page, and check with me before you install anything, it all ends up in the image",
            "check with me before you install anything",
        ),
        ("like i said check with me before any new crate", "check with me before any new crate"),
        # terse: "told you" without its "I", and "ask before …" a whole kind, without "me"
        ("told you ask before pulling in packages", "ask before pulling in packages"),
    ],
)
def test_ask_me_before_any_new_thing_is_a_rule(said: str, rule: str) -> None:
    """Held out 27 and 28: a line the agent never crosses alone, said of a kind of thing ("any", "new"), at the
    opening of a sentence or of a clause after a comma."""
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize("said", ["ask me before you push", "can you ask me before adding any package?"])
def test_ask_me_before_one_thing_is_no_rule(said: str) -> None:
    """Before this push, once: the task's; a question asks."""
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("told you, releases to the app store are mine.", "releases to the app store are mine"),
        (
            "and remember the staging reset is mine, just give me the command",
            "the staging reset is mine, just give me the command",
        ),
        ("schema changes on prod are mine", "schema changes on prod are mine"),
        ("tagging a release is my job, remember.", "tagging a release is my job"),
        ("new dependencies are my call", "new dependencies are my call"),
    ],
)
def test_work_the_person_keeps_for_themselves_is_a_rule(said: str, rule: str) -> None:
    """Held out 27, 28 and 30: "X is mine / my job / my call" keeps a kind of work from the agent."""
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said", ["These are mine.", "the mistake is mine", "this one is mine", "the pleasure is mine", "this is my job"]
)
def test_what_is_mine_in_chat_is_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_how_it_is_done_then_never_otherwise_is_one_rule() -> None:
    said = "config comes from env vars, never hardcode secrets in the code"
    assert extract_knowledge([said]).rules == (said,)


@pytest.mark.parametrize("said", ["it crashed again, never saw that before", "the build passed, never mind"])
def test_what_happened_then_never_is_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("again: run verify before you tell me it's done.", ("run verify before you tell me it's done",)),
        ("clippy w -D warnings before u say done", ("clippy w -D warnings before u say done",)),
        ("wait for the deploy before you say it works", ()),  # this time's wait
        ("I ran the linter before you said done", ()),
        ("did you run it before you said done?", ()),
        (
            "cart screen in a riverpod provider. run dart analyze and fix every warning before you commit.",
            ("run dart analyze and fix every warning before you commit",),
        ),
        ("run the tests before you commit this", ()),  # this one commit
        ("fix the typo before you push it", ()),
    ],
)
def test_what_to_check_before_saying_the_work_is_done_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


def test_a_property_every_one_of_a_kind_has_here_is_a_rule_and_a_report_about_here_is_not() -> None:
    said = "migrations are reversible here so write the down too"
    assert extract_knowledge([said]).rules == (said,)
    assert extract_knowledge(["commits are signed in this repo"]).rules == ("commits are signed in this repo",)
    assert extract_knowledge(["tests are slow here", "the builds are broken here since monday"]).rules == ()


def test_going_with_one_option_over_another_is_a_decision_and_no_rule() -> None:
    found = extract_knowledge(["we go with Angular Material for the UI, no PrimeNG, Ana and I agreed on that"])
    assert found.rules == ()
    assert found.decisions == ("we go with Angular Material for the UI, no PrimeNG, Ana and I agreed on that",)


def test_each_part_of_a_dictated_run_on_sentence_is_read_as_a_sentence() -> None:
    said = (
        "ok so the billing side, add GET /invoices and GET /invoices/{id}, every handler declares its error type, "
        "and the request models live in app/models.py not in the routes, i dont want them mixed up"
    )
    assert extract_knowledge([said]).rules == (
        "every handler declares its error type",
        "the request models live in app/models.py not in the routes",
    )
    # a short sentence keeps its commas together, and what is in brackets describes the thing to build
    assert extract_knowledge(["if the build fails, never mind, just rerun it"]).rules == ()
    described = (
        "please build a list screen on top of the view model (LazyColumn, one card per order with the customer name, "
        "the date and the total), with a loading and an empty state, and wire it into the nav graph"
    )
    assert extract_knowledge([described]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("list endpoints use limit and offset query params", True),
        ("unit tests sit next to the code as *.test.ts", True),
        ("the tests use the wrong database", False),
        ("these functions use too much memory", False),
    ],
)
def test_what_a_kind_of_thing_uses_or_where_it_sits_is_a_rule_and_a_report_is_not(said: str, rule: bool) -> None:
    assert bool(extract_knowledge([said]).rules) is rule


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # a standing permission
        (
            "On reflection, there is no need to leave the pushing to me anymore: you may push your feature branches "
            "to origin yourself once the build is green; main stays mine.",
            "you may push your feature branches to origin yourself once the build is green",
        ),
        ("feel free to rebase your own branches yourself whenever you like", None),
        # the one place a thing lives
        (
            "One request while you are in there: please keep the API base address in Constants.cs and nowhere else.",
            "keep the API base address in Constants.cs and nowhere else",
        ),
        # a rule taken back, with what replaces it
        (
            "On reflection, let's not keep the base address in Constants.cs anymore; instead, please read it from "
            "appsettings.json, so that staging and production builds differ only in that file.",
            "On reflection, let's not keep the base address in Constants.cs anymore; instead, please read it from "
            "appsettings.json",
        ),
        # said before, and said to be clear
        (
            "As I mentioned, the tests must use the Testcontainers SQL Server, not LocalDB.",
            "the tests must use the Testcontainers SQL Server, not LocalDB",
        ),
        # what the person keeps doing themselves, and what the agent must not do for it
        (
            "Please commit, but do not push to any remote; I push myself after review.",
            "commit, but do not push to any remote; I push myself after review",
        ),
        ("i apply staging myself w terragrunt now, pipeline only does prod", None),
        (
            "Just to be clear, please don't push anything afterwards either; I push myself after I have reviewed it.",
            "don't push anything afterwards either; I push myself after I have reviewed it",
        ),
    ],
)
def test_permissions_places_replacements_and_what_the_person_keeps_doing(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == ((rule or said.rstrip(".")),)


@pytest.mark.parametrize(
    "said", ["I fixed it myself after lunch", "I'll do it myself when I have time", "i applied it myself just now"]
)
def test_what_the_person_did_or_will_do_once_themselves_is_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_the_persons_own_numbered_list_of_how_the_work_is_done_is_rules() -> None:
    said = (
        "A few things about how I would like this app to be written, since it is our first session here:\n"
        "1. Use the toolkit's source generators rather than hand-written INotifyPropertyChanged.\n"
        "2. All HTTP calls go through the Refit interface, never a raw HttpClient in a view model.\n\n"
        "Both packages are already referenced."
    )
    assert set(extract_knowledge([said]).rules) == {
        "Use the toolkit's source generators rather than hand-written INotifyPropertyChanged",
        "All HTTP calls go through the Refit interface, never a raw HttpClient in a view model",
    }
    todo = "A few things to fix:\n1. the header overlaps the logo\n2. make the button blue"
    assert extract_knowledge([todo]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("ask me before adding a dependency to either repo.", "ask me before adding a dependency to either repo"),
        ("ask me before adding this column", None),
        (
            "run the instrumented tests on the Pixel emulator, never on my own phone.",
            "run the instrumented tests on the Pixel emulator, never on my own phone",
        ),
        ("keep the iOS deployment target at 16", "keep the iOS deployment target at 16"),
        ("keep the min SDK at 24 for now", None),
        ("keep it at 5", None),
        (
            "change of plan: before a commit just run the unit tests, CI runs the integration suite.",
            "before a commit just run the unit tests, CI runs the integration suite",
        ),
        (
            "hands off the signing settings, I said that last week.",
            "hands off the signing settings, I said that last week",
        ),
    ],
)
def test_a_thing_not_to_touch_a_value_to_hold_and_what_to_run_before_each_step(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == ((rule,) if rule else ())


def test_terse_forms_a_from_here_on_and_a_question_without_its_mark() -> None:
    """How a terse writer types: "switching to X from here on" is from now on, and "do we always need to …"
    without a question mark still asks."""
    assert extract_knowledge(["switching to conventional commits from here on, in both repos"]).rules
    assert not extract_knowledge(["do we always need to reimport after changing a png or does the editor do it"]).rules


def test_one_thing_not_another_without_the_comma_opens_the_rule_gate_and_a_report_does_not() -> None:
    assert directive("tabs not spaces in gd files")
    assert directive("pnpm not npm in this repo")
    assert not directive("LocalDB does not exist on Linux anyway")
    assert not directive("the build is not green yet")


def test_french_il_faut_drop_x_and_a_rule_with_a_closing_remark_open_the_rule_gate() -> None:
    """ "Il faut passer ansible-lint …" is the French "must", not "il" reporting; "drop X from Y" orders a change;
    "…, it has no pdo_pgsql" says why after a rule, and its "has no" reports nothing."""
    assert directive("Il faut passer ansible-lint et helm lint avant de me proposer un commit.")
    assert directive("drop atomic from the deploys")
    assert directive("run the tests inside the php container, not with the Homebrew PHP, it has no pdo_pgsql.")
    assert not directive("il est cassé depuis ce matin")
    assert not directive("the report is always wrong, it has no totals")


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "and no heavy imports or API calls at the top level of a DAG file.",
            "no heavy imports or API calls at the top level of a DAG file",
        ),
        ("use testify/require for assertions in tests", "use testify/require for assertions in tests"),
        ("lepas siap tu, run sail pint --dirty before every commit.", "run sail pint --dirty before every commit"),
        ("no data at the top of the table", None),  # a report: the place is one in front of the person
    ],
)
def test_two_kinds_of_thing_in_any_such_place_and_an_order_after_when_to_start(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == ((rule,) if rule else ())


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "drop the feat:/fix: prefixes from commit messages, the team just wants a plain sentence now.",
            "drop the feat:/fix: prefixes from commit messages",
        ),
        ("stop adding emojis to commit messages", "stop adding emojis to commit messages"),
        ("remove the ticket number from the commit message", None),  # this commit's, once
        ("drop the debug prints from the handler", None),
    ],
)
def test_what_every_commit_message_no_longer_has_is_a_rule(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == ((rule,) if rule else ())


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # a rule said again, the comma dropped: "like I said no …"
        ("good, like I said no deploys on Fridays without asking me", "no deploys on Fridays without asking me"),
        # a thing and how it always goes, without a verb
        ("pytest always with -p no:randomly", "pytest always with -p no:randomly"),
        ("timestamps always in UTC", "timestamps always in UTC"),
    ],
)
def test_terse_rules_said_again_or_without_a_verb(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


def test_what_always_happens_and_what_was_said_before_about_a_state_are_no_rules() -> None:
    assert extract_knowledge(["the nightly build always fails on CI"]).rules == ()
    assert extract_knowledge(["like I said the staging box is slow today"]).rules == ()


def test_decided_with_a_comma_opening_a_clause_is_a_decision() -> None:
    found = extract_knowledge(["one more thing: decided, prices are stored as integer cents everywhere"])
    assert found.decisions == ("prices are stored as integer cents everywhere",)
    assert extract_knowledge(["we haven't decided, let me think about it"]).decisions == ()


def test_prefixes_written_as_one_token_cut_no_clause() -> None:
    """ "feat:/fix:" is a list of prefixes, not "feat" and then what follows a colon: the rule keeps its subject."""
    said = "drop the ci:/chore: prefixes from now on, a plain subject line is enough"
    assert clauses(said) == [said]
    assert extract_knowledge([said]).rules == ("drop the ci:/chore: prefixes from now on",)
    assert clauses("heads up: keep the changelog short") == ["heads up", "keep the changelog short"]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "please don't tag releases, I tag them myself after the changelog is done",
            "don't tag releases, I tag them myself after the changelog is done",
        ),
        (
            "let's keep ruff format --check before every commit",
            "let's keep ruff format --check before every commit",
        ),
    ],
)
def test_work_kept_after_a_comma_and_a_practice_before_every_step_are_rules(said: str, rule: str) -> None:
    """Held out 53: "don't X, I X myself after …" (the kept work after a comma) and "let's keep X before every Y"."""
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "don't worry, I fixed it myself after lunch",
        "let's use the staging DB for all of this",
        "please run the linter for all of these files",
    ],
)
def test_work_done_once_and_the_work_in_front_of_us_are_no_rules(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "see src/api/OrderResource.ts, every endpoint goes through a resource like that",
            "see src/api/OrderResource.ts, every endpoint goes through a resource like that",
        ),
        (
            "see how it's done in tests/cart_test.dart, do it like that always",
            "see how it's done in tests/cart_test.dart, do it like that always",
        ),
    ],
)
def test_an_example_pointed_at_belongs_to_the_rule_it_shows(said: str, rule: str) -> None:
    """Held out 54: "see X, … like that": what "like that" points at is part of the rule."""
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize("said", ["see the log, it failed like that yesterday", "check the diff, do it like that"])
def test_an_example_pointed_at_once_is_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_a_prohibition_before_the_norm_that_explains_it_is_the_rule() -> None:
    said = "don't run cargo update, the lockfile changes go through me. just the clippy fix is fine"
    assert extract_knowledge([said]).rules == ("don't run cargo update, the lockfile changes go through me",)
    assert extract_knowledge(["switch it, anything big goes through COPY"]).rules == ("anything big goes through COPY",)


def test_a_standing_instruction_asked_politely_is_a_rule_and_a_question_of_what_is_possible_is_not() -> None:
    said = "Deploy хийе, тиймээс could you always run the Playwright suite before we deploy to Cloudflare Pages?"
    assert extract_knowledge([said]).rules == (
        "could you always run the Playwright suite before we deploy to Cloudflare Pages?",
    )
    assert extract_knowledge(["can you always reproduce it?"]).rules == ()


def test_no_time_is_no_rule_and_please_no_x_in_y_is_one() -> None:
    assert extract_knowledge(["no time for this now, it is still red"]).rules == ()
    said = "please no println! in the service code, use tracing::debug! instead"
    assert extract_knowledge([said]).rules == ("no println! in the service code, use tracing::debug! instead",)


def test_lets_keep_doing_it_from_now_on_is_a_rule() -> None:
    said = "one thing: please, let's keep running the tests with cargo nextest run from now on, the output gets messy."
    assert "let's keep running the tests with cargo nextest run from now on" in extract_knowledge([said]).rules


def test_what_holds_of_the_thing_said_after_a_rule_is_its_reason_not_part_of_it() -> None:
    said = "please keep Django pinned to 5.1.x in pyproject, the django-allauth version we use doesn't support 5.2 yet."
    assert extract_knowledge([said]).rules == ("keep Django pinned to 5.1.x in pyproject",)


def test_what_it_is_not_done_with_stays_with_the_rule_after_a_lead() -> None:
    said = "now that we have flutter gen-l10n, new strings go into the arb files, not strings_az.dart."
    assert extract_knowledge([said]).rules == ("new strings go into the arb files, not strings_az.dart",)


def test_last_time_it_went_wrong_so_do_this_is_a_standing_order() -> None:
    said = "also: last time two jest workers truncated each other's tables, so run the e2e suite with --runInBand."
    assert extract_knowledge([said]).rules == ("run the e2e suite with --runInBand",)
    assert extract_knowledge(["last time it failed, so run it again."]).rules == ()
    assert extract_knowledge(["last time we tried this the build broke, so I reverted it."]).rules == ()
    assert extract_knowledge(["last time I checked the logs, so everything is fine."]).rules == ()


def test_every_time_said_on_its_own_belongs_to_the_order_before_it() -> None:
    assert extract_knowledge(["lint first, then commit. every time."]).rules == ("lint first, then commit, every time",)
    assert extract_knowledge(["it fails on CI. every time."]).rules == ()


def test_that_was_before_now_is_the_new_rule_with_its_now() -> None:
    said = "no no, that was before, now we deploy from the release branch, main is only for review."
    assert extract_knowledge([said]).rules == ("now we deploy from the release branch, main is only for review",)
    assert extract_knowledge(["we deploy to Render from main only."]).rules == ("we deploy to Render from main only",)


def test_we_dont_use_x_after_a_task_keeps_what_is_used_instead() -> None:
    said = "write a unit test for decode too, we don't use testify here, plain testing and go-cmp."
    assert extract_knowledge([said]).rules == ("we don't use testify here, plain testing and go-cmp",)
    assert extract_knowledge(["add the endpoint, we don't use lodash, thanks."]).rules == ("we don't use lodash",)


def test_an_order_for_every_pr_is_a_rule_and_learned_that_is_a_lesson() -> None:
    assert extract_knowledge(["add a line to CHANGELOG.md in every PR."]).rules == (
        "add a line to CHANGELOG.md in every PR",
    )
    said = "vadhiya. learned that an un-closed PrismaClient keeps jest from exiting"
    assert extract_knowledge([said]).lessons == ("an un-closed PrismaClient keeps jest from exiting",)
    assert extract_knowledge(["prices are integer paise, not floats, the schema already has modalPaise."]).rules == (
        "prices are integer paise, not floats",
    )


def test_what_a_thing_to_make_is_to_be_like_is_no_convention() -> None:
    said = (
        "write a Grafana dashboard JSON: one row per well, temperature and pressure panels from the hourly aggregate."
    )
    assert extract_knowledge([said]).rules == ()
    assert extract_knowledge(["conventions: one component per file"]).rules == ("one component per file",)


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("the build has to be green before a release.", ("the build has to be green before a release",)),
        (
            "run the e2e suite on the simulator before you open a PR.",
            ("run the e2e suite on the simulator before you open a PR",),
        ),
        ("lint the charts before a deploy", ("lint the charts before a deploy",)),
        ("run the e2e suite before you open the PR", ()),  # the PR: this one
        ("the build has to be green before the release", ()),  # this release
    ],
)
def test_what_comes_before_any_one_act_of_a_kind_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("validation happens only at the API boundary", ("validation happens only at the API boundary",)),
        ("money formatting happens only in the view", ("money formatting happens only in the view",)),
        ("the freezing happens only on Android", ()),  # what goes wrong, and where
        ("it happens only in CI", ()),
    ],
)
def test_where_a_kind_of_work_is_done_and_nowhere_else_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        (
            "applied migrations are never edited, always add a new file.",
            ("applied migrations are never edited, always add a new file",),
        ),
        ("secrets must never be committed", ("secrets must never be committed",)),
        ("the main branch is never force-pushed", ("the main branch is never force-pushed",)),
        ("the callback is never called", ()),  # what fails to happen: a bug report
        ("the tests were never run", ()),  # what happened
        ("it is never edited", ()),
    ],
)
def test_what_is_never_done_to_a_kind_of_thing_said_in_the_passive_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("dates in the views are always d.m.Y", ("dates in the views are always d.m.Y",)),
        ("timestamps are always UTC", ("timestamps are always UTC",)),
        ("the tests are always flaky", ()),  # how things go, not how they are written
        ("the numbers are always 0", ()),
        ("catchup=False on every DAG please", ("catchup=False on every DAG please",)),
        (
            "every list endpoint paginates with offset and limit",
            ("every list endpoint paginates with offset and limit",),
        ),
    ],
)
def test_the_form_or_setting_every_one_of_a_kind_has_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ok, that's it for today. Monday then", -1),  # stopping for the day, the rest put off to Monday
        ("Monday then", -1),
        ("that's it! works", 1),  # that solved it
        ("tomorrow. that's it for today 👍", 1),  # approval said with it
        ("ok, I'll tell Kiran", -1),  # handed on to someone else, not done here
        ("great, I'll tell the team it works", 1),
    ],
)
def test_stopping_for_the_day_is_no_approval_and_a_weekday_puts_off(said: str, sign: int) -> None:
    from pipeline.agent.speech.verdicts import closing_cue

    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_lesson_learned_without_its_colon_is_a_lesson() -> None:
    said = "finally. lesson learned the runner has no import cache so the import has to run before the tests"
    assert extract_knowledge([said]).lessons == (
        "the runner has no import cache so the import has to run before the tests",
    )
    assert extract_knowledge(["lessons learned from the outage are in the doc"]).lessons == ()


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("the .godot folder stays out of git", ("the .godot folder stays out of git",)),
        ("node_modules stays out of the image", ("node_modules stays out of the image",)),
        (
            "please leave everything under data/raw exactly as the vendor sent it",
            ("leave everything under data/raw exactly as the vendor sent it",),
        ),
        ("leave it as it is", ()),  # this one thing, now
        (
            "I'd prefer every schema change goes through prisma migrate dev; db push is fine for a scratch database",
            ("I'd prefer every schema change goes through prisma migrate dev",),
        ),
        ("I'd prefer all of us went home early", ()),
    ],
)
def test_what_stays_out_is_left_as_is_or_preferred_for_every_one_of_a_kind_is_a_rule(
    said: str, rules: tuple[str, ...]
) -> None:
    assert extract_knowledge([said]).rules == rules

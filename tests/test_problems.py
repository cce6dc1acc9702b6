"""Problems, not strings: anchors from failure output, the person's words naming problems, gist keys, retries,
resolutions, and the `signal_patterns` projection joining signals into problems (incremental == rebuild)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from events.log import EventLog
from events.projections import signal_patterns as sp
from events.projections.runner import Projector
from events.sqlite import Database
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.problems.failure_evidence import failure_evidence
from pipeline.learning.problems.fix_steps import find_resolution
from pipeline.learning.problems.problem_match import (
    KnownProblem,
    ProblemIndex,
    Said,
    gist_key,
    named_in_failures,
    references,
)
from pipeline.learning.problems.session_signals import code_names, session_signals
from pipeline.learning.problems.signal_keys import KeyedSignal, _with_refs, signal_event
from pipeline.learning.signals import extract_signals
from tests.transcript_lines import Transcript, pytest_failure

SITE = "/home/dev/src/shop/.venv/lib/python3.12/site-packages"


def test_anchors_name_the_test_the_exception_and_where_it_came_from() -> None:
    output = pytest_failure(
        "test_refund_issued_marks_order_refunded",
        "aiokafka.errors.CommitFailedError: Commit cannot be completed",
        f"{SITE}/aiokafka/consumer/group_coordinator.py:1015",
    )
    anchors = failure_evidence(output, "/home/dev/src/shop").anchors()
    assert anchors == (
        "test:test_refund_issued_marks_order_refunded",
        "exc:CommitFailedError",
        "exc:CommitFailedError@aiokafka/consumer/group_coordinator",
    )
    generic = failure_evidence("E   AssertionError: assert 1 == 2\nFAILED t.py::test_a - AssertionError", "").anchors()
    assert generic == ("test:test_a",)  # a bare AssertionError names nothing by itself
    many = "\n".join(f"ERROR t.py::test_{n} - docker.errors.DockerException: no daemon" for n in range(3))
    mass = failure_evidence(many + "\n19 errors in 1.30s", "").anchors()
    assert not any(a.startswith("test:") for a in mass)  # 19 tests failing at once: their cause, not them


def test_a_sessions_signals_come_from_real_failures_and_retries_not_from_the_harness() -> None:
    t = Transcript().user("test_order_created_event_updates_stock keeps timing out on my machine")
    failure = pytest_failure(
        "test_order_created_event_updates_stock", "TimeoutError: condition not met", "tests/helpers/waiting.py:14"
    )
    for _ in range(3):
        t.bash("pytest tests/integration -x -q", failure, 1)
    t.tool("Bash", {"command": "pytest"}, "<tool_use_error>Sibling tool call errored</tool_use_error>", is_error=True)
    t.bash("git status --porcelain | grep .", "", 1)  # exit 1 with nothing printed: no evidence of a problem
    found = session_signals(parse_transcript(t.bytes(), "x"))
    kinds = [(s.source, s.signal.kind) for s in found.signals]
    assert kinds == [("user", "performance_issue"), ("tool", "performance_issue"), ("retry", "retry")]
    assert all("test:test_order_created_event_updates_stock" in s.signal.anchors for s in found.signals)
    assert found.signals[2].signal.text.startswith("`pytest tests/integration -x -q` failed 3 times")


def test_the_person_naming_known_problems_links_them() -> None:
    coupon = KnownProblem("p1", ("test:test_coupon_expires_at_midnight",), ("assertionerror couponstatus expired",))
    report = KnownProblem("p2", ("test:test_report_groups_orders_by_business_day",), ())
    invoice = KnownProblem("p3", ("test:test_invoice_due_date_is_net_30", "exc:TypeError@shop/invoices/due"), ())
    alembic = KnownProblem("p4", ("exc:CommandError@alembic/script/base",), ("multiple head revisions present",))
    known = [coupon, report, invoice, alembic]
    said = "three different failures in ten days: the coupon midnight test, the daily report, the invoice due dates."
    assert references(said, known) == ["p1", "p2", "p3"]
    assert references("I think it's the alembic thing again", known) == ["p4"]  # one word of its own, and "again"
    assert references("add an alembic migration for the invoice table", known) == []  # one word each, no recurrence
    # "again" in languages without a reader (Swedish, Czech, Romanian): speech/unread_languages.AGAIN
    assert references("alembic-grejen igen, samma sak som förra veckan", known) == ["p4"]
    assert references("zase ten alembic problém", known) == ["p4"]
    assert references("iar alembic, ca data trecută", known) == ["p4"]
    assert references("alembic-migreringen för fakturorna", known) == []


def test_a_restated_correction_takes_the_key_of_the_first_one() -> None:
    earlier = [Said("correction\x00no always use decimal money", "No, always use Decimal for money")]
    vector = np.array([1.0, 0.0])
    close, far = np.array([0.95, np.sqrt(1 - 0.95**2)]), np.array([0.8, 0.6])
    with_vectors = [Said(earlier[0].key, earlier[0].text, vector)]
    assert gist_key("I told you last week, use Decimal for money", close, with_vectors, "mine") == earlier[0].key
    assert gist_key("always run ruff format", far, with_vectors, "mine") == "mine"
    # without the model: most content words shared
    assert gist_key("no, always use Decimal for money amounts", None, earlier, "mine") == earlier[0].key


def test_two_corrections_near_in_meaning_with_no_word_in_common_keep_their_own_keys() -> None:
    """Catalan corrections on different subjects ("no, wait, the contract says …", "no, that throws away an hour of
    data …") sit near each other for the model (0.88-0.91) without being one correction said twice."""
    earlier = [
        Said("correction\x00no llenca hora dades", "no, això llença una hora de dades de veritat", np.array([1.0, 0.0]))
    ]
    near = np.array([0.91, np.sqrt(1 - 0.91**2)])
    other = "no, espera, el conveni diu mil peticions al dia"
    assert gist_key(other, near, earlier, "mine") == "mine"
    # sharing a word, or nearer still, it is the same one
    assert gist_key("no, no llencis dades de la nit", near, earlier, "mine") == earlier[0].key
    assert gist_key(other, np.array([0.95, np.sqrt(1 - 0.95**2)]), earlier, "mine") == earlier[0].key


def test_what_the_person_sets_apart_and_the_words_of_every_error_name_no_problem() -> None:
    problems = [
        KnownProblem("p-report", ("test:report::render_lists_categories",), ("report snapshot order",)),
        KnownProblem("p-import", ("test:dkb_thousands",), ("dkb importer thousands separator",)),
        KnownProblem("p-dbt", (), ("model depends on a node named stg_fx_rate which was not found",)),
    ]
    assert references("ci red again, it's the report snapshot, not my dkb importer", problems) == ["p-report"]
    assert references("the dkb importer and the report snapshot again", problems) == ["p-report", "p-import"]
    assert references("ModuleNotFoundError: No module named 'etl' since this morning", problems) == []
    # what is left of "doesn't" is in every complaint: it names no problem
    browser = [KnownProblem("p-browser", (), ("browsertype launch executable doesn t exist books a free slot",))]
    assert references("the spec doesn't even start, the slot picker", browser) == []
    # an aside in brackets names no problem when the rest of the sentence says enough; with little else, it does
    aside = "the grid spec won't start (Ana renamed the slot picker to a grid), same lodash-es thing"
    assert references(aside, browser) == []
    sync = [KnownProblem("p-sync", ("test:test_sync_orders",), ("sync orders",))]
    assert references("the flaky one (test_sync_orders) again", sync) == ["p-sync"]
    # the project's own name is in half its identifiers: it names no problem
    dbt = [KnownProblem("p-dbt", (), ("model model etl fct_daily_spend depends node stg_fx_rate",))]
    assert references("Broken DAG etl_daily: No module named 'etl'", dbt) == ["p-dbt"]
    assert references("Broken DAG etl_daily: No module named 'etl'", dbt, project="etl") == []
    # another project's problem: only when the person says it came back
    api = [KnownProblem("p-dst", (), ("slots dst end sunday venue zone",), ("api",))]
    assert references("the venue zone slots on the dst sunday look off", api, project="web") == []
    assert references("the dst slots thing, same as in the api", api, project="web") == ["p-dst"]
    # "it's all the same" joins this project's failures: one word of another project's problem is no link to it
    assert (
        references(
            "the tides test, the alerts table, the muted column, I reckon it's all the same",
            [KnownProblem("p-bom", (), ("stops txt missing required column stop_id",), ("importer",))],
            project="web",
        )
        == []
    )


def test_a_sentence_naming_a_failing_test_comes_back_to_its_problem_in_any_language() -> None:
    """No cue word of any language ("riprendiamo …, test_checkout_total, in locale va tutto"), but a name from
    code: it is kept apart from problem talk, to name a known problem only by that problem's own words."""
    t = Transcript().user("Riprendiamo la storia del totale. test_checkout_total in locale va, in CI no.")
    t.edit("shop/cart.py", "total = sum(prices)", "total = sum(prices, Decimal(0))")
    found = session_signals(parse_transcript(t.bytes(), "x"))
    assert found.problem_talk == () and [s for _, s in found.naming] == ["test_checkout_total in locale va, in CI no."]
    known = [KnownProblem("p-total", ("test:test_checkout_total",), ("checkout total rounding",), ("shop",))]
    assert references(found.naming[0][1], known, project="shop") == ["p-total"]
    plain = Transcript().user("add a field to OrderService please").bash("pytest -q", "4 passed", 0)
    assert session_signals(parse_transcript(plain.bytes(), "y")).naming == ()


def test_a_container_that_cannot_run_is_a_failure_though_kubectl_exited_zero() -> None:
    t = Transcript().user("the agent pod keeps restarting since the rollout")
    t.bash("kubectl -n edge logs agent-7f9c --previous", "exec /usr/local/bin/agent: exec format error", 0)
    t.bash("kubectl -n edge get pods", "NAME         READY   STATUS    RESTARTS\nagent-7f9c   1/1     Running   0", 0)
    found = session_signals(parse_transcript(t.bytes(), "x"))
    assert [s.signal.text for s in found.signals] == ["exec /usr/local/bin/agent: exec format error"]


def test_coming_back_to_fix_a_problem_for_good_names_it_without_a_word_of_how_it_fails() -> None:
    t = Transcript().user("the checkout total rounds differently per run. let's finally fix that properly")
    t.edit("shop/cart.py", "total = sum(prices)", "total = sum(prices, Decimal(0))")
    t.bash("pytest tests/test_cart.py", "4 passed", 0)
    talk = [sentence for _, sentence in session_signals(parse_transcript(t.bytes(), "x")).problem_talk]
    assert talk == ["the checkout total rounds differently per run. let's finally fix that properly"]
    known = [KnownProblem("p-total", ("test:test_checkout_total",), ("checkout total rounding",), ("shop",))]
    assert references(talk[0], known, project="shop") == ["p-total"]
    plain = Transcript().user("please format this properly").bash("ruff format .", "1 file reformatted", 0)
    assert session_signals(parse_transcript(plain.bytes(), "y")).problem_talk == ()


NEXTEST_FLAKY = """    Starting 3 tests across 2 binaries
    PASS [   0.004s] tally config::tests::old_config
   TRY 1 FAIL [   0.093s] tally::cli report_json_snapshot
   TRY 2 PASS [   0.091s] tally::cli report_json_snapshot
  FLAKY 2/2 [   0.093s] tally::cli report_json_snapshot
    PASS [   0.088s] tally::cli report_text_default_range
     Summary [   0.610s] 3 tests run: 3 passed (1 flaky), 0 skipped"""


def test_a_test_that_passed_only_on_a_retry_is_the_same_problem_as_its_failure_and_no_fix_of_it() -> None:
    green = Transcript().user("release 0.3.0")
    green.bash("cargo nextest run --retries 2", NEXTEST_FLAKY, 0)
    green.bash("git tag v0.3.0 && git push --tags", "ok", 0)
    flaky = [s for s in session_signals(parse_transcript(green.bytes(), "x")).signals if s.source == "flaky"]
    assert [s.signal.anchors for s in flaky] == [("test:report_json_snapshot",)]
    red = Transcript().user("ci is red")
    panic = "thread 'report_json_snapshot' panicked at tests/cli.rs:40:5:\nsnapshot assertion failed"
    red.bash("cargo test", f"{panic}\ntest report_json_snapshot ... FAILED\n\ntest result: FAILED. 1 failed", 101)
    failed = [s for s in session_signals(parse_transcript(red.bytes(), "y")).signals if s.source == "tool"]
    assert set(flaky[0].signal.anchors) <= set(failed[0].signal.anchors)  # one problem, joined by its test
    plain = Transcript().user("run the tests").bash("cargo nextest run", "3 tests run: 3 passed, 0 skipped", 0)
    assert session_signals(parse_transcript(plain.bytes(), "z")).signals == ()


def test_a_resolution_is_the_work_from_the_problem_to_the_check_that_passed() -> None:
    t = Transcript().user("the kafka consumer tests again")
    t.bash("pytest tests/integration", pytest_failure("test_x", "CommitFailedError: x", "shop/c.py:3"), 1)
    t.user("let's go with a per-test group id")
    t.tool(
        "Edit", {"file_path": "/home/dev/src/shop/m.py", "old_string": "a", "new_string": "b"}, "ok"
    )  # no: denied below
    t.lines[-1]["message"]["content"][0]["content"] = "The user doesn't want to proceed with this tool use."
    t.lines[-1]["message"]["content"][0]["is_error"] = True
    t.edit(
        "tests/integration/conftest.py",
        "group_id=settings.group",
        "group_id=f'test-{uuid.uuid4().hex}'\nawait consumer.stop()",
    )
    t.bash("pytest tests/integration --count 10", "120 passed", 0)
    t.bash("git commit -am fix && git push", "ok", 0)
    read = parse_transcript(t.bytes(), "x")
    found = session_signals(read)
    problems = [(s.signal.kind, s.signal.key, s.step) for s in found.signals if s.source == "tool"]
    resolution = find_resolution(read, problems, "success", steering=[2])
    assert resolution is not None and resolution.verified_by == "pytest tests/integration --count 10"
    assert [(s.do, s.what) for s in resolution.steps] == [
        ("said", "let's go with a per-test group id"),
        ("declined", "Edit m.py"),
        ("edit", "tests/integration/conftest.py"),
        ("run", "pytest tests/integration --count 10"),
    ]
    assert resolution.steps[2].lines == ("group_id=f'test-{uuid.uuid4().hex}'", "await consumer.stop()")
    assert find_resolution(read, problems, "failed") is None  # only a session that ended well resolved anything


def signal(
    session: str, key: str, anchors: list[str], kind: str = "error", source: str = "tool"
) -> tuple[str, dict[str, Any]]:
    return (
        "signal",
        {"session_id": session, "kind": kind, "key": key, "text": key, "anchors": anchors, "source": source},
    )


HISTORY = [
    signal("s1", "timeouterror condition not met", ["test:test_order_created"]),
    ("outcome", {"session_id": "s1", "outcome": "failed"}),
    signal("s2", "commitfailederror commit cannot completed", ["test:test_refund_issued", "exc:CommitFailedError"]),
    ("outcome", {"session_id": "s2", "outcome": "success"}),
    signal("s3", "cart uniqueviolation", ["test:test_merge_same_sku"]),  # another problem altogether
    ("outcome", {"session_id": "s3", "outcome": "success"}),
    # s4 fails both kafka tests in one run: the two problems were one; and the person names the cart problem
    signal("s4", "failed timeout s", ["test:test_order_created", "test:test_refund_issued"]),
    signal(
        "s4",
        "the cart merge again",
        ["node:" + sp.pattern_id("error", "cart uniqueviolation")],
        "recurring_issue",
        "talk",
    ),
    ("outcome", {"session_id": "s4", "outcome": "success"}),
]


async def test_signals_sharing_anchors_are_one_problem_and_rebuild_is_identical(tmp_path: Path) -> None:
    """1. s1 and s2 are two problems; 2. s4 links them (one run failing both tests), and a sentence naming the
    cart problem joins that one; 3. the Kafka pattern keeps s1's id; 4. rebuilt from the log: the same rows."""
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log, (sp,))
        await projector.setup()
        await log.append(HISTORY[:4])
        await projector.catch_up()
        assert len(await db.fetchall("SELECT pattern_id FROM signal_patterns")) == 2
        await log.append(HISTORY[4:])
        await projector.catch_up()
        rows = await db.fetchall("SELECT pattern_id, count, sessions, members FROM signal_patterns ORDER BY count")
        assert [(r[1], orjson.loads(r[2]), len(orjson.loads(r[3]))) for r in rows] == [
            (2, ["s3", "s4"], 2),  # the cart problem and the sentence naming it
            (3, ["s1", "s2", "s4"], 3),  # the Kafka problem: three signals that looked different
        ]
        assert rows[1][0] == sp.pattern_id("error", "timeouterror condition not met")  # named by its first failure
        before = _dump(tmp_path / "index.db")
        await projector.rebuild()
        assert _dump(tmp_path / "index.db") == before
        assert await projector.verify() == []


def _dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY 1, 2').fetchall() for t in sp.TABLES}
    finally:
        conn.close()


def test_a_crash_in_a_command_that_exited_0_is_a_failure_and_a_mention_of_one_is_not() -> None:
    log = (
        "epoch 2: 100%|##########| 310/310 [01:10<00:00]\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/seg/seg/loop.py", line 88, in validate\n'
        "    out = net(x)\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.10 GiB."
    )
    t = Transcript().user("run the 2 epoch check in screen and show me the end of the log")
    t.bash("screen -dmS chk ./train.sh; sleep 300; tail -n 20 logs/chk.log", log, 0)
    t.bash("grep -rn Traceback docs/", "docs/debug.md:4: paste the whole Traceback when asking", 0)
    found = session_signals(parse_transcript(t.bytes(), "x")).signals
    assert [(s.source, s.signal.anchors[0]) for s in found] == [("tool", "exc:OutOfMemoryError")]
    simulator = "app.demo: 4410\n2026-01-02 10:00:01.1 E Demo[4410:aa] Demo/Store.swift:31: Fatal error: store failed"
    crashed = (
        Transcript().user("install the old build and launch it").bash("xcrun simctl launch booted app.demo", simulator)
    )
    signal = session_signals(parse_transcript(crashed.bytes(), "y")).signals[0].signal
    assert "Fatal error: store failed" in signal.text and "file:Demo/Store.swift" in signal.facts


def test_a_question_is_no_problem_talk_unless_it_asks_about_a_failure() -> None:
    def talk(*messages: str) -> list[str]:
        t = Transcript()
        for message in messages:
            t.user(message).say("ok")
        found = session_signals(parse_transcript(t.bytes(), "x"))
        return [s.signal.text for s in found.signals] + [sentence for _, sentence in found.problem_talk]

    assert talk("whats the command to rebuild the search index again", "how do i list the queues again") == []
    assert talk("キャッシュを消すコマンドって何だっけ") == []
    assert talk("why does the import test fail again?") == ["why does the import test fail again?"]
    assert talk("the export still breaks on big files") == ["the export still breaks on big files"]
    assert talk("which of the uploads hangs now?") == ["which of the uploads hangs now?"]
    assert talk("ci red again, it's the login snapshot not my parser??") == [
        "ci red again, it's the login snapshot not my parser??"
    ]
    # what was learned about a cause is no sighting of a problem, whatever cue word it holds ("same")
    assert talk("TIL the broker kicks the older connection when a client connects with the same client id") == []
    # a yes-no question asks whether something was done: its "keep" is no "keeps failing"
    assert talk("did it keep all 3 platforms in the lock files?") == []
    assert talk("does it still fail on arm?") == ["does it still fail on arm?"]


def test_japanese_talk_about_a_failure_is_problem_talk_and_see_you_tomorrow_is_not() -> None:
    t = Transcript().user("アプリがまたログイン画面で落ちた。").say("ok").user("今日はここまで、また明日").say("ok")
    t.user("学習のlossがまたnanになってる").say("ok").user("ビルドがコケてる、昨日から").say("ok")
    talk = [sentence for _, sentence in session_signals(parse_transcript(t.bytes(), "x")).problem_talk]
    assert talk == ["アプリがまたログイン画面で落ちた。", "学習のlossがまたnanになってる", "ビルドがコケてる、昨日から"]


def test_a_follow_up_or_japanese_again_with_a_word_of_the_problem_names_it() -> None:
    known = [
        KnownProblem("p-nan", ("symptom:nan",), ("engine step loss nan grad_norm",)),
        KnownProblem("p-oom", ("exc:OutOfMemoryError",), ("torch outofmemoryerror cuda out memory",)),
    ]
    assert references("nan follow-up from friday", known) == ["p-nan"]
    assert references("validationがまたnanで止まる", known) == ["p-nan"]
    assert references("nan handling for the csv export", known) == []  # one word, no recurrence
    assert references("また明日", known) == []


def test_a_name_from_code_that_only_one_problems_failures_contain_names_that_problem() -> None:
    failures = [
        ("p-import", "ValidationError: 1 validation error for Row, field shippedOn: value is not a valid date"),
        ("p-auth", "KeyError: 'session_token' in middleware"),
        ("p-cache", "cache miss storm: session_token expired for 4000 users"),
    ]
    assert named_in_failures("let's sort out the shippedOn thing today", failures) == "p-import"
    assert named_in_failures("the session_token problem again", failures) == ""  # in two problems: neither
    assert named_in_failures("the shipped on date thing", failures) == ""  # plain words are no name from code
    assert named_in_failures("the shipped thing", [("p", "shippedOnTime is null")]) == ""  # whole names only


def test_a_pasted_panic_keeps_its_message_though_it_reads_like_prose() -> None:
    def pasted(message: str) -> str:
        t = Transcript().user(message).say("looking")
        found = session_signals(parse_transcript(t.bytes(), "x")).signals
        return next(s.signal.text for s in found if s.source == "pasted")

    one = pasted("export crashes since the update:\nthread 'main' panicked at src/export.rs:12:5:\nthe disk is full")
    two = pasted("export crashes again:\nthread 'main' panicked at src/export.rs:40:9:\nindex out of range for slice")
    assert one.endswith("the disk is full") and two.endswith("index out of range for slice")


def test_a_pasted_success_is_no_failure_line_and_a_pasted_error_without_a_known_form_still_is() -> None:
    """Helm said it upgraded; the person says prod still shows the old page: the paste names no error."""
    helm = (
        "prod still shows the old page:\n\n```\nsanne@fedora ~/c/infra (main)> helm upgrade web charts/web --atomic\n"
        'Release "web" has been upgraded. Happy Helming!\nNAME: web\nSTATUS: deployed\nREVISION: 14\n```'
    )
    django = "the shell won't start:\n\n```\ndjango.core.exceptions.ImproperlyConfigured: Set the DB_URL\n```"
    signals = {}
    for name, message in (("helm", helm), ("django", django)):
        t = Transcript().user(message).say("looking")
        signals[name] = [s.signal.text for s in session_signals(parse_transcript(t.bytes(), name)).signals]
    assert signals["helm"] == []
    assert signals["django"] == ["django.core.exceptions.ImproperlyConfigured: Set the DB_URL"]


def test_a_test_failure_a_pipe_hid_from_the_exit_code_is_a_failure_and_a_green_loop_is_not() -> None:
    looped = (
        "Randomized with seed 918\n.\n\nFinished in 5.20 seconds\n1 example, 0 failures\n\n"
        "Randomized with seed 40417\nF\n\nFailures:\n\n  1) Booking checkout books a seat\n"
        '     Failure/Error: expect(page).to have_content("Confirmed")\n'
        "     # ./spec/system/booking_checkout_spec.rb:9:in `block (2 levels)'\n\n1 example, 1 failure\n\n"
        "Failed examples:\n\nrspec ./spec/system/booking_checkout_spec.rb:4 # Booking checkout books a seat\n"
    )
    loop = (
        "for i in $(seq 15); do bundle exec rspec spec/system/booking_checkout_spec.rb || break; done 2>&1 | tail -n 25"
    )
    t = Transcript().user("make the checkout spec fail locally").bash(loop, looped, 0)
    t.bash("bundle exec rspec spec/models | tail -n 3", "Finished in 1.2 seconds\n40 examples, 0 failures", 0)
    t.bash("grep -rn 'Failure/Error' log/ | head", "log/ci.log:88:     Failure/Error: expect(x).to eq 1", 0)
    found = session_signals(parse_transcript(t.bytes(), "x")).signals
    assert len(found) == 1 and "Failure/Error" in found[0].signal.text
    assert "test:Booking checkout books a seat" in found[0].signal.anchors


def test_french_talk_about_a_failure_is_problem_talk() -> None:
    t = Transcript().user("La compilation ARM casse encore au moment du link depuis les compteurs 64 bits.").say("ok")
    t.user("Le test de réservation est rouge une fois sur trois sur la CI.").say("ok").user("Merci, à demain !")
    talk = [sentence for _, sentence in session_signals(parse_transcript(t.bytes(), "x")).problem_talk]
    assert talk == [
        "La compilation ARM casse encore au moment du link depuis les compteurs 64 bits.",
        "Le test de réservation est rouge une fois sur trois sur la CI.",
    ]


def test_a_sentence_that_only_introduces_a_pasted_failure_is_no_problem_talk() -> None:
    log = (
        "\nBroken DAG: [/opt/airflow/dags/sync.py] Traceback (most recent call last):\n"
        '  File "/opt/airflow/dags/sync.py", line 7, in <module>\n    DATASET = Variable.get("dataset")\n'
        "airflow.exceptions.AirflowTaskTimeout: DagBag import timeout for /opt/airflow/dags/sync.py after 30.0s.\n"
    )
    intro = Transcript().user(f"the Airflow UI shows a broken DAG:\n{log}").bash("ls dags", "sync.py", 0)
    found = session_signals(parse_transcript(intro.bytes(), "x"))
    assert [s.source for s in found.signals] == ["pasted"] and found.problem_talk == ()
    again = Transcript().user(f"the DAG is broken again:\n{log}").bash("ls dags", "sync.py", 0)
    kept = session_signals(parse_transcript(again.bytes(), "y"))
    said = [sentence for _, sentence in kept.problem_talk] + [s.signal.text for s in kept.signals if s.source == "user"]
    assert any("broken again" in sentence for sentence in said)


def test_words_that_only_introduce_a_pasted_failure_are_no_signal_of_their_own() -> None:
    """ "The nightly run failed last night, this is the end of the log:" says no more than the log; as a signal of
    its own it matched another problem's introduction by meaning."""
    log = "\n```\nFAILED tests/test_rollup.py::test_daily_rollup - AssertionError: assert 3 == 5\n```\n"
    intro = Transcript().user(f"The nightly run failed last night, this is the end of the log:{log}")
    found = session_signals(parse_transcript(intro.bytes(), "x"))
    assert [s.source for s in found.signals] == ["pasted"]
    alone = Transcript().user("The nightly run failed last night and I have no log for it.")
    assert [s.source for s in session_signals(parse_transcript(alone.bytes(), "y")).signals] == ["user"]


def test_a_complaint_names_the_known_problems_of_its_own_sentences() -> None:
    """A message says several things; the problems its other sentences name are not the failure it reports (they
    joined two problems into one pattern), unless the failure's own sentence names none and the message one."""
    index = ProblemIndex(
        [
            KnownProblem("p-report", ("test:report::render_lists_categories",), ("report snapshot order",)),
            KnownProblem("p-import", ("test:dkb_thousands",), ("dkb importer thousands separator",)),
        ]
    )
    two = "The report snapshot order is what finance reads first, keep it. Also the dkb importer failed again."
    assert index.references(two) == ["p-report", "p-import"]
    assert _with_refs(extract_signals(two)[0], index) == ("node:p-import",)
    one = "I moved the dkb importer check into pytest as its own test. still fails"
    assert _with_refs(extract_signals(one)[0], index) == ("node:p-import",)


def test_a_sentence_naming_code_comes_back_only_to_a_problem_of_that_name() -> None:
    """ "Przepisz DoctorsView na useQuery, a w store doctors zostaw …" (a request) shares "doctors" and "store"
    with a failing test of the doctors store, but names DoctorsView, no name of that problem."""
    store = KnownProblem(
        "p-store", ("test:doctors store > loads doctors for a clinic",), ("expected length",), ("panel",)
    )
    accents = KnownProblem("p-accents", ("test:Search_IgnoresAccents",), ("search ignores accents",), ("panel",))
    index = ProblemIndex([store, accents], "panel")
    request = "Przepisz DoctorsView na useQuery, a w store doctors zostaw tylko filtr specjalizacji"
    assert index.references(request) == ["p-store"] and index.named(request, code_names(request)) == []
    again = "riprendiamo la storia degli accenti. Search_IgnoresAccents è ancora rosso"
    assert index.named(again, code_names(again)) == ["p-accents"]


def test_a_failed_ci_runs_log_the_agent_fetched_is_a_failure_and_a_green_one_is_not() -> None:
    red = (
        "test\tRun mix test\t2027-05-12T06:31:19.0091573Z   1) test shows a reading (MyAppWeb.DashboardLiveTest)\n"
        "test\tRun mix test\t2027-05-12T06:31:19.0095Z      ** (DBConnection.ConnectionError) could not checkout the "
        "connection owned by #PID<0.1201.0>.\n"
        "test\tRun mix test\t2027-05-12T06:31:20.0000Z ##[error]Process completed with exit code 2."
    )
    t = Transcript().user("CI red on main, run 9143870215").bash("gh run view 9143870215 --log-failed", red, 0)
    t.bash("gh run view 9143870216 --log", "test\tRun mix test\t2027-05-12T06:41:19.0091573Z 118 tests, 0 failures", 0)
    # `gh pr checks` after a commit and a push, every check passing: the commit's line is no failure
    passing = "[lock-platforms e48a1f7] OPS-151: lock providers\n 8 files changed\nplan\tpass\t3m58s\thttps://x/1"
    t.bash("git commit -m 'OPS-151: lock providers' && git push && gh pr checks", passing, 0)
    found = session_signals(parse_transcript(t.bytes(), "x")).signals
    assert [(s.source, s.signal.text[:60]) for s in found] == [
        ("tool", "** (DBConnection.ConnectionError) could not checkout the con")
    ]


def test_twisters_pointer_to_a_suites_log_is_no_evidence_and_the_ztest_assertion_is() -> None:
    log = (
        "INFO    - 4/4 native_sim/native/64  framing.stress                           FAILED Failed (native 0.6s)\n"
        "ERROR   - see: /home/me/fw/twister-out/native_sim_native_64/host/framing/stress/handler.log\n"
        "Assertion failed at WEST_TOPDIR/fw/tests/lib/framing/src/stress.c:74: framing_stress_test_isr: "
        "(bad_frames == 0) is false\n"
    )
    t = Transcript().user("run the framing tests").bash("west twister -T tests/lib/framing -p native_sim", log, 1)
    (found,) = session_signals(parse_transcript(t.bytes(), "x")).signals
    assert found.signal.text.startswith("Assertion failed at WEST_TOPDIR/fw/tests/lib/framing/src/stress.c:74")


def test_a_failure_carries_what_the_agent_said_after_it_up_to_the_persons_next_message() -> None:
    """The agent's explanation after a failure (`failure_cause.py`): its prose across the turn's tool calls,
    without code blocks, and nothing from after the person spoke again; the `signal` event keeps it."""
    failure = pytest_failure("test_sums_the_basket", "AssertionError: assert '00.890.60' == 1.49", "tests/test_b.py:9")
    t = (
        Transcript()
        .user("the basket total is wrong")
        .bash("pytest tests/test_b.py -q", failure, 1)
        .say("Let me look at where the prices come from.")
        .bash("grep -n numeric src/schema.ts", "src/schema.ts:4: price: numeric('price_eur')", 0)
        .say("The numeric column arrives as a string, so the sum concatenates:\n```ts\nconst x = '0' + '0.89'\n```")
        .user("ok, and the dark mode?")
        .say("Dark mode comes from the theme store.")
    )
    read = parse_transcript(t.bytes(), "x")
    found = session_signals(read)
    [failed] = [s for s in found.signals if s.source == "tool"]
    cause = found.causes[failed.step]
    assert cause == (
        "Let me look at where the prices come from. The numeric column arrives as a string, so the sum concatenates:"
    )
    keyed = KeyedSignal(failed.signal, failed.step, failed.source, failed.command, cause=cause)
    assert signal_event(keyed, "s1", "web")["cause"] == cause
    said = KeyedSignal(failed.signal, failed.step, "user", cause=cause)
    assert "cause" not in signal_event(said, "s1", "web")  # only a failure node is compared by its cause

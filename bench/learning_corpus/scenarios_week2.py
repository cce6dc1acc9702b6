"""Sessions of the second week (Mon 7 Sep - Fri 11 Sep 2026)."""

from __future__ import annotations

import shop_source as src
from fake_output import alembic_info, bar, fail_header, git_commit, git_push, pytest_log, suite
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Sibling, TaskCreate, TaskUpdate, Write

KAFKA = "kafka-consumer-flake"
TZ = "timezone-dates"
ALEMBIC = "alembic-multiple-heads"

REPORTS_AFTER_S10 = src.REPORTS_PY.replace(
    "    day = func.date(Order.created_at)", '    day = func.date(func.timezone("Europe/Berlin", Order.created_at))'
)


# ------------------------------------------------------------------------------------------------------------------
def s10_daily_report() -> Session:
    s = Session("s10-daily-report", "2026-09-07T08:30:14", "2.1.158", "fix/daily-report-dates", "drowsy-lilac-tapir")
    s.user(
        "the daily sales report on staging puts orders from right after midnight under the previous day. the "
        "ones from 00:15 on Sunday show up under Saturday. the report always looks right when I check it in the "
        "afternoon, which is suspicious",
        after=0,
        non_rules=["the report always looks right when I check it in the afternoon"],
    )
    s.act(
        "I'll track this as two steps.",
        TaskCreate(
            "Reproduce the day-boundary bug in a test",
            "Failing test for orders just after midnight Berlin time in shop/orders/reports.py",
            "Reproducing the day-boundary bug",
        ),
        TaskCreate("Group report days by Berlin business day", "Fix daily_sales grouping", "Fixing the grouping"),
    )
    s.act(None, Read("shop/orders/reports.py", src.REPORTS_PY))
    s.act(
        "`func.date(Order.created_at)` takes the date in the DB session's time zone, which is UTC, so an order at "
        "00:15 Berlin (22:15 UTC the day before) lands on the previous day. Writing a test that pins this down:",
        Read(
            "tests/unit/test_daily_report.py",
            """@freeze_time("2026-09-03 12:00:00")
async def test_report_groups_orders_by_day(db_session, make_order):
    await make_order(created="2026-09-02T10:00:00+00:00")
    await make_order(created="2026-09-03T09:00:00+00:00")
    report = await daily_sales(db_session, days=2)
    assert report == {date(2026, 9, 2): 1, date(2026, 9, 3): 1}""",
            offset=40,
            limit=6,
            total=88,
        ),
        think="Orders are timestamptz, stored in UTC. The business day is Europe/Berlin. The existing test only "
        "uses midday timestamps, so it can't see the boundary.",
    )
    s.act(
        None,
        Edit(
            "tests/unit/test_daily_report.py",
            "    assert report == {date(2026, 9, 2): 1, date(2026, 9, 3): 1}",
            "    assert report == {date(2026, 9, 2): 1, date(2026, 9, 3): 1}\n\n\n"
            '@freeze_time("2026-09-07 06:00:00")\n'
            "async def test_report_groups_orders_by_business_day(db_session, make_order):\n"
            '    await make_order(created="2026-09-05T21:30:00+00:00")  # Sat 23:30 Berlin\n'
            '    await make_order(created="2026-09-05T22:15:00+00:00")  # Sun 00:15 Berlin\n'
            '    await make_order(created="2026-09-06T09:00:00+00:00")  # Sun 11:00 Berlin\n'
            "    report = await daily_sales(db_session, days=3)\n"
            "    assert report == {date(2026, 9, 5): 1, date(2026, 9, 6): 2}",
        ),
    )
    fail = "\n".join(
        [
            fail_header("test_report_groups_orders_by_business_day"),
            "",
            ">       assert report == {date(2026, 9, 5): 1, date(2026, 9, 6): 2}",
            "E       AssertionError: assert {datetime.date(2026, 9, 5): 2, datetime.date(2026, 9, 6): 1} == "
            "{datetime.date(2026, 9, 5): 1, datetime.date(2026, 9, 6): 2}",
            "E         ",
            "E         Differing items:",
            "E         {datetime.date(2026, 9, 5): 2} != {datetime.date(2026, 9, 5): 1}",
            "E         {datetime.date(2026, 9, 6): 1} != {datetime.date(2026, 9, 6): 2}",
            "",
            "tests/unit/test_daily_report.py:55: AssertionError",
        ]
    )
    s.act(
        None,
        Bash(
            "pytest tests/unit/test_daily_report.py -q",
            pytest_log(
                [("tests/unit/test_daily_report.py", ".......F")],
                secs=2.05,
                quiet=True,
                failures=[fail],
                short=[
                    "FAILED tests/unit/test_daily_report.py::"
                    "test_report_groups_orders_by_business_day - AssertionError: "
                    "assert {datetime.date(2026, 9, 5): 2, datetime.date(2026, 9,"
                    " 6): 1} == {datetime.date(2026, 9, 5): 1, ...}"
                ],
            ),
            code=1,
            desc="Run the report tests",
            secs=5,
        ),
    )
    s.act("Reproduced: the 00:15 order is counted on Saturday.", TaskUpdate("1", "completed"))
    s.act(
        None,
        Edit(
            "shop/orders/reports.py",
            "    day = func.date(Order.created_at)",
            '    day = func.date(func.timezone("Europe/Berlin", Order.created_at))',
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/unit/test_daily_report.py -q",
            pytest_log([("tests/unit/test_daily_report.py", "........")], secs=1.98, quiet=True),
            desc="Re-run the report tests",
            secs=5,
        ),
    )
    s.act(None, TaskUpdate("2", "completed"))
    s.say(
        "Fixed: days are now taken in Europe/Berlin (`timezone('Europe/Berlin', created_at)`) before `date()`. "
        "The new boundary test and the 7 existing ones pass."
    )
    s.user("ok push it, I'll deploy to staging and check")
    s.act(
        None,
        Bash(
            'git commit -am "reports: group daily sales by Berlin business day" && '
            "git push -u origin fix/daily-report-dates",
            git_commit(
                "fix/daily-report-dates", "8d2f0a6", "reports: group daily sales by Berlin business day", 2, 12, 1
            )
            + "\n"
            + git_push("fix/daily-report-dates", "", "", new_branch=True),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed `fix/daily-report-dates` (8d2f0a6).")
    s.user(
        "deployed. still broken on staging — the 00:15 orders still land on the 6th. I'll look tomorrow.", after=1560
    )
    s.say(
        "Understood. A lead for tomorrow: the window start in `daily_sales` is still built from `date.today()` "
        "(the container's local date, UTC on staging), so the days and the window disagree near midnight."
    )
    s.hit(TZ)
    s.outcome("failed", "fix passed locally and was pushed, but the user reports staging still shows the wrong day")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa3_revisions(a: Session) -> None:
    a.act(
        None,
        Glob(
            "migrations/versions/*.py",
            [
                "migrations/versions/0a41c2d7e9f3_initial_schema.py",
                "migrations/versions/5e2b8f01c6d4_add_coupons.py",
                "migrations/versions/8b2f6d0c1e55_add_outbox.py",
                "migrations/versions/4c1d2e9a7b10_add_gift_cards.py",
                "migrations/versions/e7f3a1c90d22_add_order_notes.py",
            ],
        ),
    )
    a.act(
        None,
        Bash(
            "grep -H -E '^(revision|down_revision)' migrations/versions/*.py",
            'migrations/versions/0a41c2d7e9f3_initial_schema.py:revision = "0a41c2d7e9f3"\n'
            "migrations/versions/0a41c2d7e9f3_initial_schema.py:down_revision = None\n"
            'migrations/versions/4c1d2e9a7b10_add_gift_cards.py:revision = "4c1d2e9a7b10"\n'
            'migrations/versions/4c1d2e9a7b10_add_gift_cards.py:down_revision = "8b2f6d0c1e55"\n'
            'migrations/versions/5e2b8f01c6d4_add_coupons.py:revision = "5e2b8f01c6d4"\n'
            'migrations/versions/5e2b8f01c6d4_add_coupons.py:down_revision = "0a41c2d7e9f3"\n'
            'migrations/versions/8b2f6d0c1e55_add_outbox.py:revision = "8b2f6d0c1e55"\n'
            'migrations/versions/8b2f6d0c1e55_add_outbox.py:down_revision = "5e2b8f01c6d4"\n'
            'migrations/versions/e7f3a1c90d22_add_order_notes.py:revision = "e7f3a1c90d22"\n'
            'migrations/versions/e7f3a1c90d22_add_order_notes.py:down_revision = "8b2f6d0c1e55"',
            desc="Revision ids and parents",
        ),
    )
    a.act(None, Bash("alembic heads", "4c1d2e9a7b10 (head)\ne7f3a1c90d22 (head)", desc="List heads"))
    a.act(
        "Checking where each head came from.",
        Bash(
            "git log --format='%h %an %ad %s' --date=short -- migrations/versions/4c1d2e9a7b10_add_gift_cards.py "
            "migrations/versions/e7f3a1c90d22_add_order_notes.py",
            "f3a90c1 Jonas Weber 2026-09-01 orders: free-text notes on orders (#207)\n"
            "b71e2d4 dev 2026-08-27 gift cards: table + model",
            desc="History of the two head migrations",
        ),
    )
    a.act(
        None,
        Bash(
            "git branch -r --contains f3a90c1",
            "  origin/HEAD -> origin/main\n  origin/main",
            desc="Is the notes migration on main?",
        ),
    )
    a.act(
        None,
        Read(
            "migrations/versions/e7f3a1c90d22_add_order_notes.py",
            '''"""add order notes

Revision ID: e7f3a1c90d22
Revises: 8b2f6d0c1e55
Create Date: 2026-08-31 11:47:09.502310

"""
from alembic import op
import sqlalchemy as sa

revision = "e7f3a1c90d22"
down_revision = "8b2f6d0c1e55"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("notes", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("orders", "notes")''',
        ),
    )
    a.say(
        "Revision graph (5 files):\n\n```\n0a41c2d7e9f3 initial_schema\n  └─ 5e2b8f01c6d4 add_coupons\n     └─ "
        "8b2f6d0c1e55 add_outbox\n        ├─ 4c1d2e9a7b10 add_gift_cards   (head, this branch, b71e2d4)\n"
        "        └─ e7f3a1c90d22 add_order_notes  (head, on origin/main via #207, f3a90c1)\n```\n\n"
        "Both heads revise `8b2f6d0c1e55`. `e7f3a1c90d22` is already merged to main; `4c1d2e9a7b10` exists only on "
        "feat/gift-cards. Neither has a `depends_on` or branch label."
    )


def s11_alembic_merge() -> Session:
    s = Session("s11-alembic-merge", "2026-09-07T13:40:51", "2.1.158", "feat/gift-cards", "gentle-rooted-magpie")
    s.user(
        "back on gift cards. I reset my local db (make db-reset) so the leftover column thing from last week is "
        "gone, but alembic still has the two heads. let's actually fix it this time",
        after=0,
    )
    s.act(
        "Let me get the full revision graph first.",
        Agent(
            "Map alembic revisions",
            "List every Alembic revision under migrations/versions with its revision id and down_revision, tell "
            "me which revisions are heads, and for each head which git branch/commit introduced it (is it on "
            "origin/main?). Report the graph.",
            "Explore",
            _sa3_revisions,
        ),
    )
    s.act(
        None,
        Read(
            "migrations/versions/e7f3a1c90d22_add_order_notes.py",
            """revision = "e7f3a1c90d22"
down_revision = "8b2f6d0c1e55"
branch_labels = None""",
            offset=11,
            limit=3,
            total=24,
        ),
    )
    s.act(
        "The simplest linear history is to make the order-notes migration revise the gift-cards one:",
        Denied(
            Edit(
                "migrations/versions/e7f3a1c90d22_add_order_notes.py",
                'down_revision = "8b2f6d0c1e55"',
                'down_revision = "4c1d2e9a7b10"',
            )
        ),
    )
    s.user(
        "Don't touch e7f3a1c90d22, it's already on main and deployed. rule: never edit a migration once it's "
        "merged — add a new revision instead.",
        rules=[("no_edit_merged_migration", "never edit a migration once it's merged — add a new revision instead")],
    )
    s.act(
        "Understood. A merge revision joins the two heads without touching either file:",
        Bash(
            'alembic merge -m "merge gift cards and order notes heads" 4c1d2e9a7b10 e7f3a1c90d22',
            "Generating /home/dev/src/shop/migrations/versions/1f9a6c3e5d70_merge_gift_cards_and_order_notes_"
            "heads.py ...  done",
            desc="Create a merge revision",
        ),
    )
    s.act(
        None,
        Bash(
            "alembic heads && alembic upgrade head",
            "1f9a6c3e5d70 (head)\n"
            + alembic_info(
                [
                    "INFO  [alembic.runtime.migration] Running upgrade  -> 0a41c2d7e9f3, initial schema",
                    "INFO  [alembic.runtime.migration] Running upgrade 0a41c2d7e9f3 -> 5e2b8f01c6d4, add coupons",
                    "INFO  [alembic.runtime.migration] Running upgrade 5e2b8f01c6d4 -> 8b2f6d0c1e55, add outbox",
                    "INFO  [alembic.runtime.migration] Running upgrade 8b2f6d0c1e55 -> 4c1d2e9a7b10, add gift cards",
                    "INFO  [alembic.runtime.migration] Running upgrade 8b2f6d0c1e55 -> e7f3a1c90d22, add order notes",
                    "INFO  [alembic.runtime.migration] Running upgrade 4c1d2e9a7b10, e7f3a1c90d22 -> "
                    "1f9a6c3e5d70, merge gift cards and order notes heads",
                ]
            ),
            desc="Check heads and upgrade",
            secs=4,
        ),
    )
    s.act(
        "One head, and the fresh DB upgrades cleanly. I'll add a guard test so a second head fails fast instead "
        "of erroring every test at setup:",
        Read(
            "tests/test_migrations.py",
            """from alembic.config import Config
from alembic.script import ScriptDirectory


def test_migrations_have_docstrings():
    script = ScriptDirectory.from_config(Config("alembic.ini"))
    assert all(rev.doc for rev in script.walk_revisions())""",
        ),
    )
    s.act(
        None,
        Edit(
            "tests/test_migrations.py",
            "    assert all(rev.doc for rev in script.walk_revisions())",
            "    assert all(rev.doc for rev in script.walk_revisions())\n\n\n"
            "def test_single_head():\n"
            '    heads = ScriptDirectory.from_config(Config("alembic.ini")).get_heads()\n'
            '    assert len(heads) == 1, f"expected a single alembic head, found {len(heads)}: '
            '{sorted(heads)}"',
        ),
    )
    s.act(
        None,
        Bash(
            "pytest -q -p no:randomly --ignore=tests/integration",
            pytest_log(
                suite(
                    skip=["tests/integration"],
                    extra={
                        "tests/api/test_admin_export.py": 2,
                        "tests/api/test_order_summary.py": 1,
                        "tests/api/test_stripe_webhooks.py": 4,
                        "tests/test_migrations.py": 3,
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 20,
                    },
                ),
                secs=21.4,
                quiet=True,
            ),
            desc="Run the non-integration suite",
            secs=25,
        ),
    )
    s.user(
        "for future reference, two branches adding migrations off the same revision is exactly what produces "
        "multiple heads — alembic merge is the fix, not rewriting down_revision. commit it",
        lessons=[
            "two branches adding migrations off the same revision is exactly what produces multiple heads "
            "— alembic merge is the fix, not rewriting down_revision"
        ],
    )
    s.act(
        None,
        Bash(
            "git add migrations/versions/1f9a6c3e5d70_merge_gift_cards_and_order_notes_heads.py "
            'tests/test_migrations.py && git commit -m "migrations: merge gift cards and order notes heads; '
            'guard against multiple heads" && git push',
            git_commit(
                "feat/gift-cards",
                "6c0b9e4",
                "migrations: merge gift cards and order notes heads; guard against multiple heads",
                2,
                31,
                0,
                ["migrations/versions/1f9a6c3e5d70_merge_gift_cards_and_order_notes_heads.py"],
            )
            + "\n"
            + git_push("feat/gift-cards", "b71e2d4", "6c0b9e4"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say(
        "Pushed 6c0b9e4 to `feat/gift-cards`: merge revision `1f9a6c3e5d70` (revises both heads) plus "
        "`test_single_head` in tests/test_migrations.py. Neither existing migration was modified."
    )
    s.hit(ALEMBIC, fixed=True)
    s.outcome("success", "two alembic heads joined with a merge revision, guard test added, suite green, pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa1_consumers(a: Session) -> None:
    a.act(
        "Searching for consumer construction sites.",
        Grep(
            r"AIOKafkaConsumer\(|OrderConsumer\(",
            [
                "shop/consumer/order_consumer.py:12:        self._consumer = AIOKafkaConsumer(",
                "shop/consumer/__main__.py:18:    consumer = OrderConsumer(",
                "tests/integration/conftest.py:27:    consumer = OrderConsumer(",
                "tests/integration/test_refund_events.py:14:    consumer = OrderConsumer(",
            ],
            mode="content",
        ),
    )
    a.act(
        None,
        Grep(
            "group_id|kafka_group_id",
            [
                'shop/settings.py:31:    kafka_group_id: str = "shop-orders"',
                "shop/consumer/order_consumer.py:15:            group_id=group_id,",
                "shop/consumer/__main__.py:20:        group_id=settings.kafka_group_id,",
                "tests/integration/conftest.py:29:        group_id=settings.kafka_group_id,",
                "tests/integration/test_refund_events.py:16:        group_id=settings.kafka_group_id,",
            ],
            mode="content",
        ),
    )
    a.act(None, Read("tests/integration/conftest.py", src.KAFKA_CONFTEST))
    a.act(
        None,
        Read(
            "tests/integration/test_refund_events.py",
            """@pytest.fixture
async def refund_consumer(kafka_bootstrap, db_sessionmaker):
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=settings.kafka_group_id,
        topics=["refunds.v1"],
        sessionmaker=db_sessionmaker,
    )
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()""",
            offset=11,
            limit=11,
            total=71,
        ),
    )
    a.act(
        None,
        Grep(
            r"\.stop\(\)",
            [
                "shop/consumer/order_consumer.py:22:        await self._consumer.stop()",
                "shop/consumer/__main__.py:31:        await consumer.stop()",
                "tests/integration/conftest.py:22:    await producer.stop()",
            ],
            mode="content",
        ),
    )
    a.act(
        None,
        Read(
            "shop/consumer/__main__.py",
            """    try:
        await consumer.run()
    finally:
        await consumer.stop()""",
            offset=28,
            limit=4,
            total=36,
        ),
    )
    a.say(
        "Found 4 construction sites:\n\n| where | group_id | stopped? |\n|---|---|---|\n"
        "| shop/consumer/order_consumer.py:12 (`AIOKafkaConsumer` inside `OrderConsumer.__init__`) | passed in | "
        "`OrderConsumer.stop()` at :22 |\n"
        "| shop/consumer/__main__.py:18 (production entry point) | `settings.kafka_group_id` = `shop-orders` | yes, "
        "`finally: await consumer.stop()` at :31 |\n"
        "| tests/integration/conftest.py:27, fixture `order_consumer` | `settings.kafka_group_id` = `shop-orders` | "
        "**no** — teardown only does `task.cancel()` |\n"
        "| tests/integration/test_refund_events.py:14, fixture `refund_consumer` | `settings.kafka_group_id` = "
        "`shop-orders` | **no** — same `task.cancel()` only |\n\n"
        "Both test fixtures join the production group id `shop-orders`, are function-scoped (a new consumer per "
        "test) and never call `stop()`. Only the producer fixture is stopped."
    )


def s12_kafka_fix() -> Session:
    s = Session("s12-kafka-fix", "2026-09-08T08:05:37", "2.1.158", "fix/kafka-consumer-flake", "steady-amber-heron")
    s.user(
        "the kafka consumer tests again. timeouts last week, the CommitFailedError in the refund test, CI hanging "
        "in teardown. I want this fixed for real today, take your time",
        after=0,
    )
    s.act(
        "Let me plan it.",
        TaskCreate(
            "Map all Kafka consumers in tests",
            "Where consumers are created, their group ids, teardown",
            "Mapping Kafka consumers",
        ),
        TaskCreate(
            "Reproduce the flake deterministically",
            "Repeat the integration tests in a fixed order",
            "Reproducing the flake",
        ),
        TaskCreate(
            "Fix the consumer fixtures",
            "Fix the root cause and prove it with repeated runs",
            "Fixing the consumer fixtures",
        ),
    )
    s.act(
        None,
        Agent(
            "Find Kafka consumers and group ids",
            "Find every place in /home/dev/src/shop (app code and tests) that constructs an "
            "AIOKafkaConsumer or an OrderConsumer. For each: file and line, the group_id it uses, and "
            "whether and where the consumer is stopped. Include pytest fixtures.",
            "Explore",
            _sa1_consumers,
        ),
    )
    s.act(
        None,
        Read("tests/integration/conftest.py", src.KAFKA_CONFTEST),
        Read(
            "shop/consumer/order_consumer.py",
            src.ORDER_CONSUMER.replace(
                "    async def run(self):\n        await self._consumer.start()\n        async for msg in self._consumer:\n",
                "    async def run(self):\n        await self._consumer.start()\n        async for msg in self._consumer:\n"
                '            log.debug("event.received", topic=msg.topic, partition=msg.partition, offset=msg.offset)\n',
            ),
        ),
    )
    s.act(None, TaskUpdate("1", "completed"))
    repro_fail = "\n".join(
        [
            fail_header("test_refund_issued_marks_order_refunded[1-3]"),
            "shop/consumer/order_consumer.py:32: in run",
            "    await self._consumer.commit()",
            ".venv/lib/python3.12/site-packages/aiokafka/consumer/group_coordinator.py:1015: in commit_offsets",
            "    raise Errors.CommitFailedError(",
            "E   aiokafka.errors.CommitFailedError: CommitFailedError: Commit cannot be completed since the group has "
            "already rebalanced and may have assigned the partitions to another member",
            fail_header("test_order_created_event_updates_stock[2-3]"),
            "E       TimeoutError: condition not met within 20s (last value: 10)",
            " Captured log call ".center(80, "-"),
            "INFO     aiokafka.consumer.group_coordinator:group_coordinator.py:1103 Joined group 'shop-orders' "
            "(generation 14) with member_id aiokafka-0.11.0-0d7c1b0e-5f7e-4b44-9b8e-2a3f6a1c9e07",
            "INFO     aiokafka.consumer.consumer:consumer.py:1010 Updated partition assignment: []",
            fail_header("test_partial_refund_event[2-3]"),
            "E   aiokafka.errors.RebalanceInProgressError: [Error 27] RebalanceInProgressError",
        ]
    )
    files = [
        ("tests/integration/test_order_consumer.py", "......" + "..F..." + "...E"),
        ("tests/integration/test_refund_events.py", ".F.." + "...F" + "...."),
    ]
    s.act(
        None,
        Bash(
            'pytest tests/integration -p no:randomly -k "consumer or refund" --count 3 -q --timeout=90',
            pytest_log(
                files,
                secs=356.7,
                quiet=True,
                collected=30,
                failures=[repro_fail],
                errors=[
                    fail_header("ERROR at teardown of test_duplicate_event_is_idempotent[3-3]"),
                    "E   Failed: Timeout >90.0s",
                ],
                short=[
                    "FAILED tests/integration/test_order_consumer.py::"
                    "test_order_created_event_updates_stock[2-3] - TimeoutError: condition not "
                    "met within 20s (last value: 10)",
                    "FAILED tests/integration/test_refund_events.py::"
                    "test_refund_issued_marks_order_refunded[1-3] - aiokafka.errors."
                    "CommitFailedError: CommitFailedError: Commit cannot be completed since the "
                    "group has already rebalanced...",
                    "FAILED tests/integration/test_refund_events.py::test_partial_refund_event"
                    "[2-3] - aiokafka.errors.RebalanceInProgressError: [Error 27] "
                    "RebalanceInProgressError",
                    "ERROR tests/integration/test_order_consumer.py::"
                    "test_duplicate_event_is_idempotent[3-3] - Failed: Timeout >90.0s",
                ],
                tail_note=bar("stopping after 4 failures", "!"),
            ),
            code=1,
            desc="Repeat consumer + refund tests 3x in fixed order",
            timeout=600000,
            secs=360,
        ),
        think="All three symptoms from the last week in one run. Key line: 'Updated partition assignment: []' "
        "after joining shop-orders at generation 14 — the new consumer got no partitions because other "
        "members of the same group hold them. Those members are the consumers of earlier tests: the "
        "fixtures cancel the run() task but never stop() the AIOKafkaConsumer, so its background heartbeat "
        "task keeps the member alive. Every test adds one more zombie to 'shop-orders'. The teardown hang is "
        "the same thing from the other side: the cancelled consumer's last commit waits on a rebalance that "
        "never settles.",
    )
    s.act(
        "All three symptoms in a single run — the timeout, `CommitFailedError` / `RebalanceInProgressError`, and "
        "the teardown hang — and one telling log line: after joining `shop-orders` (generation 14) the new "
        "consumer gets `Updated partition assignment: []`.\n\n**Root cause:** both test fixtures create a new "
        "consumer per test in the production group `shop-orders` and only `task.cancel()` it. Cancelling the "
        "`run()` task does not stop the `AIOKafkaConsumer`; its heartbeat task keeps the member in the group, so "
        "each test leaves a zombie member behind. Later tests then wait for partitions that zombies hold, "
        "commit after a rebalance (CommitFailedError), or hang in teardown.\n\n**Proposed fix** "
        "(tests/integration/conftest.py): a unique `group_id` per test, `await consumer.stop()` in teardown, "
        "shorter `session_timeout_ms`, and the refund test reuses the shared fixture instead of its own copy.",
        TaskUpdate("2", "completed"),
    )
    s.user(
        "ok let's go with a per-test group id rather than one session-scoped consumer. and make sure teardown "
        "really stops it",
        decisions=["let's go with a per-test group id rather than one session-scoped consumer"],
    )
    s.act(
        None,
        Edit(
            "tests/integration/conftest.py",
            "import asyncio\n\nimport pytest\n",
            "import asyncio\nimport contextlib\nimport uuid\n\nimport pytest\n",
        ),
        Edit("tests/integration/conftest.py", src.KAFKA_FIXTURE_OLD, src.KAFKA_FIXTURE_NEW),
        Edit(
            "shop/consumer/order_consumer.py",
            "    async def stop(self):\n        await self._consumer.stop()\n\n    async def run(self):\n"
            "        await self._consumer.start()\n",
            "    async def start(self):\n        await self._consumer.start()\n        self._started = True\n\n"
            "    async def stop(self):\n        await self._consumer.stop()\n\n    async def run(self):\n"
            '        if not getattr(self, "_started", False):\n            await self.start()\n',
        ),
    )
    s.act(
        None,
        Read(
            "tests/integration/test_refund_events.py",
            """@pytest.fixture
async def refund_consumer(kafka_bootstrap, db_sessionmaker):
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=settings.kafka_group_id,
        topics=["refunds.v1"],
        sessionmaker=db_sessionmaker,
    )
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()""",
            offset=11,
            limit=11,
            total=71,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/integration/test_refund_events.py",
            """@pytest.fixture
async def refund_consumer(kafka_bootstrap, db_sessionmaker):
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=settings.kafka_group_id,
        topics=["refunds.v1"],
        sessionmaker=db_sessionmaker,
    )
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()""",
            """@pytest.fixture
def refund_consumer(order_consumer):
    return order_consumer  # same isolated, properly stopped consumer (it subscribes to refunds.v1 too)""",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/integration -p no:randomly --count 10 -q --timeout=90",
            pytest_log([("tests/integration", "." * 120)], secs=212.9, quiet=True),
            desc="All integration tests 10x in fixed order",
            timeout=600000,
            secs=216,
        ),
    )
    s.act(
        None,
        Bash(
            "pytest",
            pytest_log(
                suite(
                    extra={
                        "tests/api/test_admin_export.py": 2,
                        "tests/api/test_order_summary.py": 1,
                        "tests/api/test_stripe_webhooks.py": 4,
                        "tests/test_migrations.py": 3,
                        "tests/integration/test_outbox_relay.py": 2,
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 20,
                    }
                ),
                secs=61.2,
                seed=3160448021,
            ),
            desc="Full suite, random order",
            secs=64,
        ),
    )
    s.act(
        "120/120 integration runs pass in fixed order (previously 4 failures in 30), and the full suite passes in "
        "random order.",
        TaskUpdate("3", "completed"),
    )
    s.user(
        "lesson: every Kafka test needs its own consumer group, otherwise a zombie member from an earlier test "
        "stalls the rebalance for everyone.\ncommit, push, open the PR",
        lessons=[
            "every Kafka test needs its own consumer group, otherwise a zombie member from an earlier test "
            "stalls the rebalance for everyone"
        ],
    )
    s.act(
        None,
        Bash(
            'ruff format shop tests && git add -A && git commit -m "tests: isolate kafka consumer group per '
            'test and stop consumers in teardown" && git push -u origin fix/kafka-consumer-flake',
            "3 files left unchanged\n"
            + git_commit(
                "fix/kafka-consumer-flake",
                "e04b7a9",
                "tests: isolate kafka consumer group per test and stop consumers in teardown",
                3,
                27,
                17,
            )
            + "\n"
            + git_push("fix/kafka-consumer-flake", "", "", new_branch=True),
            desc="Commit and push",
            secs=5,
        ),
    )
    s.act(
        None,
        Bash(
            "gh pr create --fill --base main",
            "\nCreating pull request for fix/kafka-consumer-flake into "
            "main in dev-shop/shop\n\nhttps://github.com/dev-shop/shop/pull/219",
            desc="Open the PR",
        ),
    )
    s.say("PR #219: https://github.com/dev-shop/shop/pull/219")
    s.user("CI integration job went green in 4 minutes instead of timing out at 30. merging 🎉", after=900)
    s.say(
        "🎉 Nice. If a consumer test ever hangs again, check first that its fixture uses its own group id and "
        "awaits `consumer.stop()`."
    )
    s.hit(KAFKA, fixed=True)
    s.outcome(
        "success",
        "root cause found (shared group id + consumers never stopped), fixture fixed, 10x repeat "
        "green, PR merged with green CI",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def s13_cart_merge() -> Session:
    s = Session("s13-cart-merge", "2026-09-08T15:20:02", "2.1.158", "feat/cart-merge", "mossy-bright-weasel")
    s.user(
        "when a guest logs in we merge their guest cart into the account cart. right now it 500s when both carts "
        "have the same SKU. I added a test for it: test_merge_same_sku_adds_quantities",
        after=0,
    )
    integrity = "\n".join(
        [
            fail_header("test_merge_same_sku_adds_quantities"),
            "shop/cart/service.py:41: in merge_guest_cart",
            "    await session.flush()",
            "E   sqlalchemy.exc.IntegrityError: (sqlalchemy.dialects.postgresql.asyncpg.IntegrityError) <class "
            "'asyncpg.exceptions.UniqueViolationError'>: duplicate key value violates unique constraint "
            '"uq_cart_items_cart_id_sku"',
            "E   DETAIL:  Key (cart_id, sku)=(8812, SKU-2210) already exists.",
            "E   [SQL: INSERT INTO cart_items (cart_id, sku, qty) VALUES ($1::INTEGER, $2::VARCHAR, $3::INTEGER) "
            "RETURNING cart_items.id]",
            "E   [parameters: (8812, 'SKU-2210', 2)]",
            "E   (Background on this error at: https://sqlalche.me/e/20/gkpj)",
        ]
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_cart.py -q -k merge",
            pytest_log(
                [("tests/api/test_cart.py", ".F")],
                secs=2.4,
                quiet=True,
                collected=2,
                failures=[integrity],
                short=[
                    "FAILED tests/api/test_cart.py::test_merge_same_sku_adds_quantities - "
                    "sqlalchemy.exc.IntegrityError: (sqlalchemy.dialects.postgresql.asyncpg."
                    "IntegrityError) <class 'asyncpg.exceptions.UniqueViolationError'>: "
                    'duplicate key value violates unique constraint "uq_cart_items_cart_id_sku"'
                ],
            ),
            code=1,
            desc="Run the cart merge tests",
            secs=5,
        ),
    )
    s.act(None, Read("shop/cart/service.py", src.CART_SERVICE, offset=36, limit=6, total=77))
    s.act(
        "Each guest item is inserted as a new row, so an SKU present in both carts violates "
        "`uq_cart_items_cart_id_sku`. An upsert that adds quantities fixes it:",
        Edit(
            "shop/cart/service.py",
            "    for item in guest_cart.items:\n"
            "        session.add(CartItem(cart_id=user_cart.id, sku=item.sku, qty=item.qty))",
            "    for item in guest_cart.items:\n"
            "        stmt = insert(CartItem).values(cart_id=user_cart.id, sku=item.sku, qty=item.qty)\n"
            "        await session.execute(stmt.on_conflict_do_update(\n"
            '            constraint="uq_cart_items_cart_id_sku",\n'
            '            set_={"qty": CartItem.qty + stmt.excluded.qty},\n'
            "        ))",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_cart.py -q",
            pytest_log([("tests/api/test_cart.py", "." * 15)], secs=3.1, quiet=True),
            desc="Run all cart tests",
            secs=6,
        ),
    )
    s.act(
        "Cart tests pass. Since merged carts feed checkout prices, I'd also like to check checkout against the "
        "Stripe test-mode prices:",
        Denied(
            Bash("pytest tests/api/test_checkout.py -q --stripe-live", desc="Checkout tests against Stripe test mode")
        ),
    )
    s.user(
        "no — don't ever point the test suite at api.stripe.com, stripe-mock only. --stripe-live is for me to run "
        "by hand before a release",
        rules=[("stripe_mock", "don't ever point the test suite at api.stripe.com, stripe-mock only")],
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_checkout.py tests/api/test_cart.py -q",
            pytest_log(
                [("tests/api/test_cart.py", "." * 15), ("tests/api/test_checkout.py", "." * 11)], secs=5.6, quiet=True
            ),
            desc="Cart + checkout against stripe-mock",
            secs=8,
        ),
    )
    s.say("Checkout and cart both pass against stripe-mock (26 tests).")
    s.user("good. ruff format, commit, push")
    s.act(
        None,
        Bash(
            'ruff format shop tests && git add -A && git commit -m "cart: merge guest cart with upsert, '
            'adding quantities of shared SKUs" && git push -u origin feat/cart-merge',
            "1 file reformatted, 121 files left unchanged\n"
            + git_commit(
                "feat/cart-merge",
                "71fe3a0",
                "cart: merge guest cart with upsert, adding quantities of shared SKUs",
                2,
                23,
                2,
            )
            + "\n"
            + git_push("feat/cart-merge", "", "", new_branch=True),
            desc="Format, commit, push",
            secs=4,
        ),
    )
    s.say("Pushed `feat/cart-merge` (71fe3a0).")
    s.one_off(
        "guest cart merge fails with UniqueViolationError on uq_cart_items_cart_id_sku when both carts hold "
        "the same SKU (fixed with an upsert)"
    )
    s.outcome("success", "cart merge fixed with an upsert, tests pass, pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
INVOICE_SCHEMA = """class InvoiceOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    number: str
    issued_at: datetime
    paid_at: datetime | None"""


def s14_invoice_due() -> Session:
    s = Session("s14-invoice-due", "2026-09-09T09:30:45", "2.1.158", "feat/invoice-due-dates", "brittle-velvet-crane")
    s.user(
        "invoices: the account page should say 'overdue' when an invoice is past due (net 30). is_overdue() "
        "already exists in shop/invoices/due.py but nothing calls it. wire it into InvoiceOut and add a test",
        after=0,
    )
    s.act(
        None,
        Read("shop/invoices/due.py", src.INVOICE_DUE),
        Read("shop/api/schemas.py", INVOICE_SCHEMA, offset=120, limit=7, total=221),
    )
    s.act(
        None,
        Edit(
            "shop/api/schemas.py",
            "    paid_at: datetime | None",
            "    paid_at: datetime | None\n    due_on: date\n    overdue: bool\n\n"
            '    @classmethod\n    def from_invoice(cls, invoice: Invoice) -> "InvoiceOut":\n'
            "        return cls(id=invoice.id, number=invoice.number, issued_at=invoice.issued_at,\n"
            "                   paid_at=invoice.paid_at, due_on=due_on(invoice), overdue=is_overdue(invoice))",
        ),
    )
    s.act(
        None,
        Read(
            "tests/unit/test_invoice_due.py",
            """@freeze_time("2026-09-08 23:30:00")
def test_invoice_due_date_is_net_30(make_invoice):
    invoice = make_invoice(issued_at=datetime(2026, 9, 8, 23, 30, tzinfo=timezone.utc))
    assert due_on(invoice) == date(2026, 10, 8)""",
            offset=30,
            limit=4,
            total=34,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/unit/test_invoice_due.py",
            "    assert due_on(invoice) == date(2026, 10, 8)",
            "    assert due_on(invoice) == date(2026, 10, 8)\n\n\n"
            '@freeze_time("2026-10-20 10:00:00")\n'
            "def test_overdue_invoice_flagged(make_invoice):\n"
            "    invoice = make_invoice(issued_at=datetime(2026, 9, 1, 9, 0, tzinfo=timezone.utc), paid_at=None)\n"
            "    assert is_overdue(invoice)",
        ),
    )
    unit = "\n".join(
        [
            fail_header("test_invoice_due_date_is_net_30"),
            "",
            '    @freeze_time("2026-09-08 23:30:00")',
            "    def test_invoice_due_date_is_net_30(make_invoice):",
            "        invoice = make_invoice(issued_at=datetime(2026, 9, 8, 23, 30, tzinfo=timezone.utc))",
            ">       assert due_on(invoice) == date(2026, 10, 8)",
            "E       AssertionError: assert datetime.date(2026, 10, 9) == datetime.date(2026, 10, 8)",
            "E        +  where datetime.date(2026, 10, 9) = due_on(Invoice(id=1, number='INV-2026-0001', ...))",
            "",
            "tests/unit/test_invoice_due.py:33: AssertionError",
            fail_header("test_overdue_invoice_flagged"),
            "",
            "    def is_overdue(invoice: Invoice) -> bool:",
            ">       return invoice.paid_at is None and datetime.now() > due_date(invoice)",
            "E       TypeError: can't compare offset-naive and offset-aware datetimes",
            "",
            "shop/invoices/due.py:19: TypeError",
        ]
    )
    s.act(
        "Running the unit and API invoice tests:",
        Bash(
            "pytest tests/unit/test_invoice_due.py -q",
            pytest_log(
                [("tests/unit/test_invoice_due.py", "....FF")],
                secs=0.71,
                quiet=True,
                failures=[unit],
                short=[
                    "FAILED tests/unit/test_invoice_due.py::test_invoice_due_date_is_net_30 - "
                    "AssertionError: assert datetime.date(2026, 10, 9) == datetime.date(2026, 10, 8)",
                    "FAILED tests/unit/test_invoice_due.py::test_overdue_invoice_flagged - TypeError: "
                    "can't compare offset-naive and offset-aware datetimes",
                ],
            ),
            code=1,
            desc="Invoice unit tests",
            secs=3,
        ),
        Sibling(Bash("pytest tests/api/test_invoices.py -q", desc="Invoice API tests")),
    )
    s.act(
        "Two failures in `shop/invoices/due.py`:\n\n1. `is_overdue` compares naive `datetime.now()` with the aware "
        "`issued_at + 30 days` → `TypeError: can't compare offset-naive and offset-aware datetimes`.\n"
        "2. `due_on` uses `.astimezone()` without a zone, i.e. this machine's Europe/Berlin, so 23:30 UTC "
        "becomes the next day (Oct 9 instead of Oct 8). `test_invoice_due_date_is_net_30` passes on CI because "
        "the runner is UTC.\n\nQuick fix for the comparison:",
        Edit(
            "shop/invoices/due.py",
            "datetime.now() > due_date(invoice)",
            "datetime.now() > due_date(invoice).replace(tzinfo=None)",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/unit/test_invoice_due.py -q",
            pytest_log(
                [("tests/unit/test_invoice_due.py", "....F.")],
                secs=0.69,
                quiet=True,
                short=[
                    "FAILED tests/unit/test_invoice_due.py::test_invoice_due_date_is_net_30 - "
                    "AssertionError: assert datetime.date(2026, 10, 9) == datetime.date(2026, 10,"
                    " 8)"
                ],
            ),
            code=1,
            desc="Re-run invoice unit tests",
            secs=3,
        ),
    )
    s.user(
        "No, that just hides it — now it compares Berlin wall time with UTC. leave the invoice stuff for now, "
        "I want to sort out the clock thing properly first, that's the third time-zone bug in ten days. revert "
        "due.py"
    )
    s.act(
        None,
        Bash(
            "git checkout -- shop/invoices/due.py && git status --short",
            " M shop/api/schemas.py\n M tests/unit/test_invoice_due.py",
            desc="Revert due.py",
        ),
    )
    s.say(
        "Reverted `shop/invoices/due.py`. The `InvoiceOut.from_invoice` change and the new "
        "`test_overdue_invoice_flagged` test are still in the working tree, uncommitted."
    )
    s.hit(TZ)
    s.outcome(
        "failed", "invoice overdue flag not delivered: naive/aware datetime failures, patch rejected and reverted"
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
CLOCK_PY = '''"""The one place shop reads the clock.

Everything is timezone-aware UTC; convert to Europe/Berlin only to show a date or to pick a business day.
"""
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

BUSINESS_TZ = ZoneInfo("Europe/Berlin")


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def business_today() -> date:
    return utcnow().astimezone(BUSINESS_TZ).date()


def business_date(moment: datetime) -> date:
    if moment.tzinfo is None:
        raise ValueError("naive datetime passed to business_date()")
    return moment.astimezone(BUSINESS_TZ).date()
'''


def s15_utc_clock() -> Session:
    s = Session("s15-utc-clock", "2026-09-10T07:50:26", "2.1.165", "fix/utc-clock", "patient-copper-stork")
    s.user(
        "ok, the timezone mess. three different failures in ten days: the coupon midnight test, the daily report "
        "on staging, the invoice due dates. I'm fairly sure it's one thing — naive datetime.now()/date.today() and "
        "bare .astimezone() all over the place, on a laptop in Berlin and containers in UTC. let's fix it "
        "properly, once",
        after=0,
    )
    s.title("Centralize clock on aware UTC datetimes")
    s.act(
        None,
        Grep(
            r"datetime\.now\(\)|date\.today\(\)|\.astimezone\(\)|utcnow\(\)",
            [
                "shop/auth/tokens.py:22:    expires = datetime.utcnow() + TOKEN_TTL",
                "shop/invoices/due.py:16:    return due_date(invoice).astimezone().date()",
                "shop/invoices/due.py:20:    return invoice.paid_at is None and datetime.now() > due_date(invoice)",
                "shop/orders/reports.py:8:    start = datetime.combine(date.today() - timedelta(days=days - 1), time.min)",
                "shop/promotions/rules.py:7:    today = (now or datetime.now()).date()",
            ],
            mode="content",
            path="shop",
        ),
        think="Five call sites. The report one explains staging: the window start uses date.today() in the "
        "container (UTC) while days are now Berlin days. I'll add shop/clock.py, route everything through "
        "it, enable ruff's DTZ rules so naive calls can't come back, and run the suite under an extreme TZ "
        "so any local/UTC mix fails at any hour.",
    )
    s.act(
        "Five call sites, all reading local or naive time. Plan: one `shop/clock.py` with aware UTC + explicit "
        "Berlin business days, route every call site through it, and turn on ruff's `DTZ` rules so naive calls "
        "fail lint.",
        Write("shop/clock.py", CLOCK_PY),
    )
    s.act(
        None,
        Read("shop/promotions/rules.py", src.PROMO_RULES, offset=1, limit=12, total=22),
        Read("shop/orders/reports.py", REPORTS_AFTER_S10),
        Read("shop/invoices/due.py", src.INVOICE_DUE),
    )
    s.act(
        None,
        Edit(
            "shop/promotions/rules.py",
            "from datetime import datetime\n",
            "from datetime import datetime\n\nfrom shop.clock import business_date, business_today\n",
        ),
        Edit(
            "shop/promotions/rules.py",
            "    today = (now or datetime.now()).date()",
            "    today = business_date(now) if now else business_today()",
        ),
        Edit(
            "shop/orders/reports.py",
            "    start = datetime.combine(date.today() - timedelta(days=days - 1), time.min)",
            "    first_day = business_today() - timedelta(days=days - 1)\n"
            "    start = datetime.combine(first_day, time.min, tzinfo=BUSINESS_TZ)",
        ),
        Edit(
            "shop/invoices/due.py",
            "    return due_date(invoice).astimezone().date()",
            "    return business_date(due_date(invoice))",
        ),
        Edit("shop/invoices/due.py", "datetime.now() > due_date(invoice)", "utcnow() > due_date(invoice)"),
        Edit(
            "shop/invoices/due.py",
            "from shop.invoices.models import Invoice\n",
            "from shop.invoices.models import Invoice\nfrom shop.clock import business_date, utcnow\n",
        ),
    )
    s.act(
        None,
        Read(
            "pyproject.toml",
            """[tool.ruff.lint]
select = ["E", "F", "I", "UP", "B", "ASYNC"]""",
            offset=64,
            limit=2,
            total=97,
        ),
    )
    s.act(
        None,
        Edit(
            "pyproject.toml",
            'select = ["E", "F", "I", "UP", "B", "ASYNC"]',
            'select = ["E", "F", "I", "UP", "B", "ASYNC", "DTZ"]',
        ),
    )
    s.act(
        None,
        Bash(
            "ruff check shop",
            "shop/auth/tokens.py:22:15: DTZ003 `datetime.datetime.utcnow()` used\n"
            "shop/orders/queries.py:58:23: DTZ011 `datetime.date.today()` used\n"
            "shop/invoices/due.py:1:1: I001 [*] Import block is un-sorted or un-formatted\n"
            "Found 3 errors.\n[*] 1 fixable with the `--fix` option.",
            code=1,
            desc="Lint with DTZ on",
        ),
    )
    s.act(
        "DTZ found two more call sites the grep missed. Fixing them:",
        Read("shop/auth/tokens.py", "    expires = datetime.utcnow() + TOKEN_TTL", offset=22, limit=1, total=40),
        Read(
            "shop/orders/queries.py",
            "    cutoff = date.today() - timedelta(days=RECENT_DAYS)",
            offset=58,
            limit=1,
            total=91,
        ),
    )
    s.act(
        None,
        Edit("shop/auth/tokens.py", "datetime.utcnow()", "utcnow()"),
        Edit("shop/orders/queries.py", "date.today()", "business_today()"),
    )
    s.act(
        "Now the midnight test. It built the expiry from the UTC date, which was part of the problem; a coupon "
        "expires at the end of a Berlin business day:",
        Read(
            "tests/unit/test_promotions.py",
            """def test_coupon_expires_at_midnight(make_coupon):
    coupon = make_coupon(expires_on=datetime.now(timezone.utc).date())
    assert coupon_status(coupon) is CouponStatus.ACTIVE""",
            offset=59,
            limit=3,
            total=147,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/unit/test_promotions.py",
            "def test_coupon_expires_at_midnight(make_coupon):\n"
            "    coupon = make_coupon(expires_on=datetime.now(timezone.utc).date())",
            '@pytest.mark.parametrize("now", ["2026-03-28 22:59:59+00:00", "2026-03-28 23:00:01+00:00"])\n'
            "def test_coupon_expires_at_midnight(make_coupon, now):\n"
            "    coupon = make_coupon(expires_on=business_date(datetime.fromisoformat(now)))",
        ),
    )
    s.act(
        "Running lint, then the suite under `TZ=Pacific/Kiritimati` (UTC+14: any leftover local-vs-UTC mix "
        "fails there at any hour of the day) and under plain UTC:",
        Bash(
            "ruff check --fix shop && TZ=Pacific/Kiritimati pytest -q -p no:randomly --ignore=tests/integration "
            "&& TZ=UTC pytest -q --ignore=tests/integration",
            "Found 1 error (1 fixed, 0 remaining).\n"
            + pytest_log(
                suite(
                    skip=["tests/integration"],
                    extra={
                        "tests/api/test_admin_export.py": 2,
                        "tests/api/test_order_summary.py": 1,
                        "tests/api/test_stripe_webhooks.py": 4,
                        "tests/test_migrations.py": 3,
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 21,
                        "tests/unit/test_invoice_due.py": 6,
                    },
                ),
                secs=22.8,
                quiet=True,
            )
            + "\n"
            + pytest_log(
                suite(
                    skip=["tests/integration"],
                    extra={
                        "tests/api/test_admin_export.py": 2,
                        "tests/api/test_order_summary.py": 1,
                        "tests/api/test_stripe_webhooks.py": 4,
                        "tests/test_migrations.py": 3,
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 21,
                        "tests/unit/test_invoice_due.py": 6,
                    },
                ),
                secs=21.9,
                quiet=True,
            ),
            desc="Lint + suite under two time zones",
            secs=50,
        ),
    )
    s.say(
        "Green under both zones, including `test_invoice_due_date_is_net_30`, the business-day report test and "
        "both sides of the coupon midnight boundary. Summary:\n- `shop/clock.py`: `utcnow()` = "
        "`datetime.now(timezone.utc)`, `business_today()`, `business_date()` (Europe/Berlin)\n- 7 call sites "
        "moved to it (promotions, reports window, invoices ×2, tokens, queries)\n- ruff `DTZ` rules on, so naive "
        "`datetime.now()` / `date.today()` / `utcnow()` fail lint from now on"
    )
    s.user(
        "rule: no naive datetimes in shop/, everything is aware UTC and only converted to Europe/Berlin for "
        "display. DTZ in ruff enforces it now, good.\n"
        "remember that freezegun freezes the clock but not the machine's timezone — .astimezone() still used "
        "Europe/Berlin on my laptop, that's why CI never saw it.\ncommit + PR",
        rules=[
            (
                "utc",
                "no naive datetimes in shop/, everything is aware UTC and only converted to Europe/Berlin for display",
            )
        ],
        lessons=["freezegun freezes the clock but not the machine's timezone"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "clock: aware UTC everywhere via shop.clock, Berlin business days, '
            'ruff DTZ" && git push -u origin fix/utc-clock && gh pr create --fill --base main',
            git_commit(
                "fix/utc-clock",
                "a9d3e57",
                "clock: aware UTC everywhere via shop.clock, Berlin business days, ruff DTZ",
                9,
                64,
                19,
                ["shop/clock.py"],
            )
            + "\n"
            + git_push("fix/utc-clock", "", "", new_branch=True, pr=False)
            + "\n\nCreating pull request for fix/utc-clock into main in dev-shop/shop\n\n"
            "https://github.com/dev-shop/shop/pull/221",
            desc="Commit, push, open PR",
            secs=6,
        ),
    )
    s.say("PR #221: https://github.com/dev-shop/shop/pull/221")
    s.user(
        "merged and deployed to staging: the 00:15 orders are under the right day now, and the invoice branch "
        "rebased on top passes too. thanks!",
        after=2400,
    )
    s.say("Great — all three symptoms came from the same naive-clock calls.")
    s.hit(TZ, fixed=True)
    s.outcome(
        "success",
        "clock centralised on aware UTC with Berlin business days, DTZ lint on, suite green under "
        "two TZs, staging confirmed fixed",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
ORDERS_LIST = """@router.get("/me/orders", response_model=list[OrderOut])
async def my_orders(session: DbSession, user: CurrentUser) -> list[OrderOut]:
    rows = await session.scalars(
        select(Order).where(Order.customer_id == user.id).order_by(Order.created_at.desc())
    )
    return [OrderOut.model_validate(o) for o in rows]"""


def s16_pagination() -> Session:
    s = Session(
        "s16-pagination", "2026-09-10T14:10:09", "2.1.165", "feat/order-history-pagination", "nimble-frosted-vole"
    )
    s.user(
        "add cursor pagination to GET /me/orders: ?limit=20&cursor=..., newest first. opaque cursor, base64 of "
        "(created_at, id)",
        after=0,
    )
    s.act(None, Read("shop/api/orders.py", ORDERS_LIST, offset=14, limit=6, total=141))
    s.act(
        None,
        Edit(
            "shop/api/orders.py",
            ORDERS_LIST,
            """@router.get("/me/orders", response_model=OrderPage)
async def my_orders(session: DbSession, user: CurrentUser, limit: int = Query(20, ge=1, le=100),
                    cursor: str | None = None) -> OrderPage:
    query = select(Order).where(Order.customer_id == user.id)
    if cursor:
        created_at, order_id = decode_cursor(cursor)
        query = query.where(tuple_(Order.created_at, Order.id) < tuple_(created_at, order_id))
    rows = (await session.scalars(
        query.order_by(Order.created_at.desc(), Order.id.desc()).limit(limit + 1)
    )).all()
    page, more = rows[:limit], len(rows) > limit
    return OrderPage(items=[OrderOut.model_validate(o) for o in page],
                     next_cursor=encode_cursor(page[-1].created_at, page[-1].id) if more else None)""",
        ),
    )
    s.act(
        None,
        Write(
            "tests/api/test_orders_pagination.py",
            """async def test_pages_newest_first(client, make_orders):
    await make_orders(45)
    first = (await client.get("/me/orders", params={"limit": 20})).json()
    second = (await client.get("/me/orders", params={"limit": 20, "cursor": first["next_cursor"]})).json()
    third = (await client.get("/me/orders", params={"limit": 20, "cursor": second["next_cursor"]})).json()
    assert [len(p["items"]) for p in (first, second, third)] == [20, 20, 5]
    assert third["next_cursor"] is None


async def test_cursor_is_stable_for_equal_timestamps(client, make_orders):
    await make_orders(3, created="2026-09-01T10:00:00+00:00")
    page = (await client.get("/me/orders", params={"limit": 2})).json()
    rest = (await client.get("/me/orders", params={"limit": 2, "cursor": page["next_cursor"]})).json()
    assert len({o["id"] for o in page["items"] + rest["items"]}) == 3
""",
        ),
    )
    docker_err = "\n".join(
        [
            fail_header("ERROR at setup of test_pages_newest_first"),
            "tests/conftest.py:22: in postgres_url",
            '    with PostgresContainer("postgres:16-alpine") as pg:',
            ".venv/lib/python3.12/site-packages/docker/api/client.py:221: in _retrieve_server_version",
            "    raise DockerException(",
            "E   docker.errors.DockerException: Error while fetching server API version: ('Connection aborted.', "
            "FileNotFoundError(2, 'No such file or directory'))",
        ]
    )
    files = [("tests/api/test_orders.py", "E" * 17), ("tests/api/test_orders_pagination.py", "EE")]
    s.act(
        None,
        Bash(
            "pytest tests/api/test_orders.py tests/api/test_orders_pagination.py -q",
            pytest_log(
                files,
                secs=1.3,
                quiet=True,
                errors=[docker_err],
                short=[
                    "ERROR tests/api/test_orders.py::test_order_history_newest_first - docker."
                    "errors.DockerException: Error while fetching server API version: "
                    "('Connection aborted.', FileNotFoundError(2, 'No such file or directory'))",
                    "...",
                ],
            ),
            code=1,
            desc="Run order tests",
            secs=4,
        ),
    )
    s.act(
        "Every test errors at setup before reaching my code: testcontainers can't reach Docker.",
        Bash(
            "docker info --format '{{.ServerVersion}}'",
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?",
            code=1,
            desc="Is Docker up?",
        ),
    )
    s.say(
        "Docker isn't running, and the Postgres test fixture needs it. I can't start the daemon from here (it "
        "needs sudo) — could you run `sudo systemctl start docker`?"
    )
    s.user(
        "ah, rebooted this morning. I always forget to start docker after a reboot. started it now.\n"
        "lesson learned: testcontainers doesn't start Docker for you, so when every test errors at setup check "
        "docker info first",
        non_rules=["I always forget to start docker after a reboot"],
        lessons=[
            "testcontainers doesn't start Docker for you, so when every test errors at setup check docker info first"
        ],
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_orders.py tests/api/test_orders_pagination.py -q",
            pytest_log(
                [("tests/api/test_orders.py", "." * 17), ("tests/api/test_orders_pagination.py", "..")],
                secs=7.9,
                quiet=True,
            ),
            desc="Re-run order tests",
            secs=15,
        ),
    )
    s.act(
        None,
        Bash(
            'ruff format shop tests && git add -A && git commit -m "orders: cursor pagination for /me/orders"'
            " && git push -u origin feat/order-history-pagination",
            "2 files left unchanged\n"
            + git_commit(
                "feat/order-history-pagination",
                "d5e81b2",
                "orders: cursor pagination for /me/orders",
                3,
                58,
                6,
                ["tests/api/test_orders_pagination.py"],
            )
            + "\n"
            + git_push("feat/order-history-pagination", "", "", new_branch=True),
            desc="Format, commit, push",
            secs=4,
        ),
    )
    s.say("19 tests pass; pushed `feat/order-history-pagination` (d5e81b2).")
    s.one_off("Docker daemon not running after a reboot: testcontainers fixtures error at setup (DockerException)")
    s.outcome("success", "cursor pagination added; Docker started by the user; tests pass; pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s17_alembic_loyalty() -> Session:
    s = Session("s17-alembic-loyalty", "2026-09-11T08:45:33", "2.1.165", "feat/loyalty-points", "rusty-pebbled-wren")
    s.user(
        "rebased feat/loyalty-points on main and pytest errors at setup on everything again, some CommandError "
        "from alembic. is this the same heads thing?",
        after=0,
    )
    err = "\n".join(
        [
            fail_header("ERROR at setup of test_points_awarded_on_paid_order"),
            "tests/conftest.py:38: in migrated_db",
            '    command.upgrade(cfg, "head")',
            ".venv/lib/python3.12/site-packages/alembic/script/base.py:259: in _catch_revision_errors",
            "    raise util.CommandError(resolution) from re",
            "E   alembic.util.exc.CommandError: Multiple head revisions are present for given argument 'head'; please "
            "specify a specific target revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all "
            "heads",
        ]
    )
    s.act(
        None,
        Bash(
            "pytest tests/unit -q -x",
            pytest_log(
                [("tests/unit/test_loyalty.py", "E")],
                secs=1.2,
                quiet=True,
                collected=78,
                errors=[err],
                short=[
                    "ERROR tests/unit/test_loyalty.py::"
                    "test_points_awarded_on_paid_order - alembic.util."
                    "exc.CommandError: Multiple head revisions are "
                    "present for given argument 'head'; please sp..."
                ],
                tail_note=bar("stopping after 1 failures", "!"),
            ),
            code=1,
            desc="Unit tests",
            secs=4,
        ),
    )
    s.act(None, Bash("alembic heads", "7a3e0c9d1b52 (head)\nb5d81e2f6a09 (head)", desc="List heads"))
    s.act(
        None,
        Bash(
            "alembic history -r 1f9a6c3e5d70:heads",
            "1f9a6c3e5d70 -> b5d81e2f6a09 (head), coupon usage limits\n"
            "1f9a6c3e5d70 -> 7a3e0c9d1b52 (head), add loyalty points\n"
            "4c1d2e9a7b10, e7f3a1c90d22 -> 1f9a6c3e5d70 (mergepoint), merge gift cards and order notes heads",
            desc="History since the last merge point",
        ),
    )
    s.act(
        "Yes, same situation: your `add loyalty points` and main's `coupon usage limits` both revise "
        "`1f9a6c3e5d70`. A merge revision again, no existing file touched:",
        Bash(
            'alembic merge -m "merge loyalty points and coupon usage heads" 7a3e0c9d1b52 b5d81e2f6a09',
            "Generating /home/dev/src/shop/migrations/versions/0e6f2b7c4d13_merge_loyalty_points_and_coupon_usage_"
            "heads.py ...  done",
            desc="Create a merge revision",
        ),
    )
    s.act(
        None,
        Bash(
            "alembic upgrade head && pytest -q -p no:randomly --ignore=tests/integration",
            alembic_info(
                [
                    "INFO  [alembic.runtime.migration] Running upgrade 1f9a6c3e5d70 -> b5d81e2f6a09, coupon usage "
                    "limits",
                    "INFO  [alembic.runtime.migration] Running upgrade 7a3e0c9d1b52, b5d81e2f6a09 -> "
                    "0e6f2b7c4d13, merge loyalty points and coupon usage heads",
                ]
            )
            + "\n"
            + pytest_log(
                suite(
                    skip=["tests/integration"],
                    extra={
                        "tests/api/test_admin_export.py": 2,
                        "tests/api/test_order_summary.py": 1,
                        "tests/api/test_stripe_webhooks.py": 4,
                        "tests/test_migrations.py": 3,
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 21,
                        "tests/unit/test_invoice_due.py": 6,
                        "tests/unit/test_loyalty.py": 9,
                        "tests/api/test_orders_pagination.py": 2,
                    },
                ),
                secs=23.5,
                quiet=True,
            ),
            desc="Upgrade and run the suite",
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            "git add migrations/versions/0e6f2b7c4d13_merge_loyalty_points_and_coupon_usage_heads.py && "
            'git commit -m "migrations: merge loyalty points and coupon usage heads"',
            git_commit(
                "feat/loyalty-points",
                "4b8c0d1",
                "migrations: merge loyalty points and coupon usage heads",
                1,
                24,
                0,
                ["migrations/versions/0e6f2b7c4d13_merge_loyalty_points_and_coupon_usage_heads.py"],
            ),
            desc="Commit the merge revision",
        ),
    )
    s.say("Fixed: merge revision `0e6f2b7c4d13`, one head again, 168 tests pass. Committed as 4b8c0d1.")
    s.user("perfect. push it (it's rebased, so force-with-lease)")
    s.act(
        None,
        Bash(
            "git push --force-with-lease",
            "To github.com:dev-shop/shop.git\n + 3b1c2d0...4b8c0d1 feat/loyalty-points -> "
            "feat/loyalty-points (forced update)",
            desc="Push the rebased branch",
            secs=3,
        ),
    )
    s.say("Pushed.")
    s.hit(ALEMBIC)
    s.outcome("success", "multiple heads after a rebase resolved with alembic merge; suite green; pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
ORDER_OUT = """class OrderOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    created_at: datetime
    status: OrderStatus
    total: Decimal"""

ACCOUNT_ORDERS_HTML = """{% for order in orders %}
  <tr>
    <td><a href="{{ url_for('order_detail', order_id=order.id) }}">#{{ order.id }}</a></td>
    <td>{{ order.created_at|local_dt }}</td>
    <td>{{ order.status|title }}</td>
    <td class="num">{{ order.total|money }}</td>
  </tr>
{% endfor %}"""


def s18_shipping_badge() -> Session:
    s = Session(
        "s18-shipping-badge", "2026-09-11T13:00:48", "2.1.165", "feat/order-history-page", "woven-silver-ferret"
    )
    s.user(
        "the order history page should show a shipping status badge per order (pending / shipped / delivered) "
        "plus the ship date. the data is on shipments.status I think",
        after=0,
        blocks_before=[
            "<ide_opened_file>The user opened the file /home/dev/src/shop/shop/api/orders.py in the "
            "IDE. This may or may not be related to the current task.</ide_opened_file>"
        ],
    )
    s.act(None, Glob("templates/**/orders*.html", ["templates/account/orders.html", "templates/admin/orders.html"]))
    s.act(
        None,
        Read(
            "templates/admin/orders.html",
            """{% extends "admin/base.html" %}
{% block content %}
<table class="admin-table">
  <thead><tr><th>ID</th><th>Customer</th><th>Status</th><th>Total</th></tr></thead>""",
            limit=4,
            total=38,
        ),
    )
    s.user(
        "never mind, wrong file — templates/account/orders.html is the customer page, the admin list is fine",
        non_rules=["never mind, wrong file"],
    )
    s.act(
        None,
        Read("templates/account/orders.html", ACCOUNT_ORDERS_HTML, offset=21, limit=8, total=44),
        Read("shop/api/schemas.py", ORDER_OUT, offset=30, limit=7, total=228),
    )
    s.act(
        None,
        Edit(
            "shop/api/schemas.py",
            "    status: OrderStatus\n    total: Decimal",
            "    status: OrderStatus\n    total: Decimal\n    shipping_status: ShippingStatus | None = None\n"
            "    shipped_at: datetime | None = None",
        ),
        Edit(
            "templates/account/orders.html",
            "    <td>{{ order.status|title }}</td>",
            "    <td>{{ order.status|title }}</td>\n"
            '    <td>{% if order.shipping_status %}<span class="badge badge-{{ order.shipping_status }}">'
            "{{ order.shipping_status|title }}</span>{% endif %}</td>\n"
            "    <td>{{ order.shipped_at.strftime('%d.%m.%Y %H:%M') if order.shipped_at }}</td>",
        ),
    )
    verr = "\n".join(
        [
            fail_header("test_order_history_shows_shipping_status"),
            "shop/api/orders.py:20: in my_orders",
            "    return OrderPage(items=[OrderOut.model_validate(o) for o in page],",
            "E   pydantic_core._pydantic_core.ValidationError: 1 validation error for OrderOut",
            "E   shipping_status",
            "E     Input should be 'pending', 'shipped' or 'delivered' [type=enum, input_value='in_transit', "
            "input_type=str]",
            "E       For further information visit https://errors.pydantic.dev/2.9/v/enum",
        ]
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_orders.py -q",
            pytest_log(
                [("tests/api/test_orders.py", "." * 11 + "F" + "." * 6)],
                secs=5.2,
                quiet=True,
                failures=[verr],
                short=[
                    "FAILED tests/api/test_orders.py::test_order_history_shows_shipping_status - "
                    "pydantic_core._pydantic_core.ValidationError: 1 validation error for "
                    "OrderOut"
                ],
            ),
            code=1,
            desc="Run order API tests",
            secs=8,
        ),
    )
    s.act(
        None,
        Grep(
            "in_transit",
            [
                'shop/shipping/carriers/dhl.py:44:    "transit": "in_transit",',
                'tests/api/test_orders.py:212:        make_shipment(order, status="in_transit")',
            ],
            mode="content",
        ),
    )
    s.act(
        "The DHL carrier sync writes `in_transit`, which `ShippingStatus` doesn't know. Adding it to the enum "
        "(the badge shows it like 'shipped'):",
        Read(
            "shop/shipping/models.py",
            '''class ShippingStatus(StrEnum):
    PENDING = "pending"
    SHIPPED = "shipped"
    DELIVERED = "delivered"''',
            offset=9,
            limit=4,
            total=52,
        ),
    )
    s.act(
        None,
        Edit(
            "shop/shipping/models.py",
            '    SHIPPED = "shipped"\n',
            '    SHIPPED = "shipped"\n    IN_TRANSIT = "in_transit"\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_orders.py -q",
            pytest_log([("tests/api/test_orders.py", "." * 18)], secs=5.0, quiet=True),
            desc="Re-run order API tests",
            secs=8,
        ),
    )
    s.user(
        "shipped_at is UTC in the DB and strftime prints it as is. always timezone-aware datetimes, convert to "
        "Berlin only in the template — use the |local_dt filter like created_at does",
        rules=[("utc", "always timezone-aware datetimes, convert to Berlin only in the template")],
    )
    s.act(
        None,
        Edit(
            "templates/account/orders.html",
            "{{ order.shipped_at.strftime('%d.%m.%Y %H:%M') if order.shipped_at }}",
            "{{ order.shipped_at|local_dt if order.shipped_at }}",
        ),
    )
    s.act(
        None,
        Bash(
            'pytest tests/api/test_orders.py -q && git add -A && git commit -m "account: shipping status '
            'badge and ship date on order history"',
            pytest_log([("tests/api/test_orders.py", "." * 18)], secs=5.1, quiet=True)
            + "\n"
            + git_commit(
                "feat/order-history-page",
                "6f03ac8",
                "account: shipping status badge and ship date on order history",
                3,
                9,
                1,
            ),
            desc="Test and commit",
            secs=9,
        ),
    )
    s.say(
        "Committed 6f03ac8: badge per order (pending / shipped / in transit / delivered) and the ship date in "
        "Berlin time via `|local_dt`."
    )
    s.one_off(
        "pydantic ValidationError for OrderOut.shipping_status: the DHL sync writes 'in_transit', which the "
        "ShippingStatus enum lacked"
    )
    s.outcome("success", "shipping badge and ship date on the order history page; tests pass; committed")
    return s


SESSIONS = [
    s10_daily_report,
    s11_alembic_merge,
    s12_kafka_fix,
    s13_cart_merge,
    s14_invoice_due,
    s15_utc_clock,
    s16_pagination,
    s17_alembic_loyalty,
    s18_shipping_badge,
]

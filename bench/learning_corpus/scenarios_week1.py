"""Sessions of the first week (Mon 31 Aug - Fri 4 Sep 2026)."""

from __future__ import annotations

import shop_source as src
from fake_output import ALEMBIC_MULTIPLE_HEADS, alembic_info, bar, fail_header, git_commit, git_push, pytest_log, suite
from transcript_kit import (
    TODO_REMINDER,
    Agent,
    Bash,
    Denied,
    Edit,
    Glob,
    Grep,
    Read,
    ReadTooBig,
    Session,
    Sibling,
    TodoWrite,
    Write,
)

KAFKA = "kafka-consumer-flake"
TZ = "timezone-dates"
ALEMBIC = "alembic-multiple-heads"


# ------------------------------------------------------------------------------------------------------------------
def s01_order_totals() -> Session:
    s = Session("s01-order-totals", "2026-08-31T07:42:09", "2.1.141", "feat/order-totals", "brisk-sorting-heron")
    s.user(
        "add a `total_with_tax` to the order summary endpoint (GET /orders/{id}/summary). VAT is 19% by default, "
        "7% for the books category. there's a vat_rate() helper somewhere, shop/money.py I think",
        after=0,
    )
    s.act(
        "I'll find the helper and the endpoint first.",
        TodoWrite(
            [
                ("Find vat_rate helper and the summary endpoint", "in_progress", "Finding vat_rate helper"),
                ("Add total_with_tax to OrderSummary", "pending", "Adding total_with_tax"),
                ("Test the new field", "pending", "Testing the new field"),
            ]
        ),
    )
    s.act(None, Grep(r"def vat_rate|def order_summary", ["shop/money.py", "shop/api/orders.py"]))
    s.act(None, Read("shop/money.py", src.MONEY_PY, total=19))
    s.act(None, Read("shop/api/orders.py", src.ORDERS_API_SUMMARY, offset=48, limit=11, total=131))
    s.act(
        "`vat_rate(category)` returns the rate per category. Adding the field to the endpoint:",
        Edit(
            "shop/api/orders.py",
            "        subtotal=subtotal,\n    )",
            "        subtotal=subtotal,\n        total_with_tax=round(\n"
            "            sum(float(i.unit_price) * i.qty * (1 + float(vat_rate(i.category))) for i in order.items), 2\n"
            "        ),\n    )",
        ),
    )
    s.user(
        "No, always use Decimal for money — floats are how we refunded someone 19.989999 last spring. "
        "use the helpers in money.py",
        rules=[("decimal", "always use Decimal for money")],
    )
    s.act(
        "Right, sorry. Decimal all the way through, rounded once with `to_money`.",
        Edit(
            "shop/api/orders.py",
            "        total_with_tax=round(\n"
            "            sum(float(i.unit_price) * i.qty * (1 + float(vat_rate(i.category))) for i in order.items), 2\n"
            "        ),",
            "        total_with_tax=to_money(\n"
            "            sum(item.unit_price * item.qty * (1 + vat_rate(item.category)) for item in order.items)\n"
            "        ),",
        ),
        latency=4.0,
    )
    s.act(None, Read("shop/api/schemas.py", src.SCHEMAS_SUMMARY, offset=61, limit=5, total=214))
    s.act(
        None, Edit("shop/api/schemas.py", "    subtotal: Decimal", "    subtotal: Decimal\n    total_with_tax: Decimal")
    )
    s.act(
        "Now a test with one book and one default-rate item.",
        Write(
            "tests/api/test_order_summary.py",
            """from decimal import Decimal


async def test_summary_total_with_tax_mixed_rates(client, make_order):
    order = await make_order(items=[("BOOK-17", "books", Decimal("20.00"), 1), ("MUG-2", "default", Decimal("9.99"), 2)])
    resp = await client.get(f"/orders/{order.id}/summary")
    assert resp.status_code == 200
    # 20.00 * 1.07 + 2 * 9.99 * 1.19 = 21.40 + 23.7762 -> 45.18
    assert Decimal(resp.json()["total_with_tax"]) == Decimal("45.18")
""",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_orders.py tests/api/test_order_summary.py -q",
            pytest_log(
                [("tests/api/test_orders.py", "." * 17), ("tests/api/test_order_summary.py", ".")],
                secs=6.84,
                quiet=True,
            ),
            desc="Run order API tests",
            secs=9,
        ),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Find vat_rate helper and the summary endpoint", "completed", "Finding vat_rate helper"),
                ("Add total_with_tax to OrderSummary", "completed", "Adding total_with_tax"),
                ("Test the new field", "completed", "Testing the new field"),
            ]
        ),
    )
    s.say(
        "Done: `total_with_tax` is computed in Decimal with the per-category VAT rate and rounded once via "
        "`to_money`. 18 tests pass, including the new mixed-rate one (45.18)."
    )
    s.turn_done()
    s.user("nice. commit + push, branch is fine")
    s.act(
        None,
        Bash(
            "git add shop/api/orders.py shop/api/schemas.py tests/api/test_order_summary.py && "
            'git commit -m "orders: add total_with_tax to order summary"',
            git_commit(
                "feat/order-totals",
                "3e91c07",
                "orders: add total_with_tax to order summary",
                3,
                19,
                1,
                ["tests/api/test_order_summary.py"],
            ),
            desc="Commit the change",
        ),
    )
    s.act(
        None,
        Bash(
            "git push -u origin feat/order-totals",
            git_push("feat/order-totals", "", "", new_branch=True),
            desc="Push the branch",
            secs=3,
        ),
    )
    s.say("Committed as 3e91c07 and pushed `feat/order-totals`; GitHub offers the PR link above.")
    s.outcome("success", "total_with_tax added in Decimal, tests pass, committed and pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _consumer_timeout_fail(last_value: int, secs: float, generation: int) -> str:
    failure = "\n".join(
        [
            fail_header("test_order_created_event_updates_stock"),
            "",
            "order_consumer = <shop.consumer.order_consumer.OrderConsumer object at 0x7f3a2c1d5e50>",
            "kafka_producer = <aiokafka.producer.producer.AIOKafkaProducer object at 0x7f3a2c1d6a10>",
            "db_session = <sqlalchemy.ext.asyncio.session.AsyncSession object at 0x7f3a2c0b8d90>",
            "",
            "    async def test_order_created_event_updates_stock(order_consumer, kafka_producer, db_session):",
            '        await seed_stock(db_session, sku="SKU-1042", qty=10)',
            '        await kafka_producer.send_and_wait("orders.v1", order_created(sku="SKU-1042", qty=3))',
            '>       await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=20)',
            "",
            "tests/integration/test_order_consumer.py:17: ",
            "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ",
            "",
            "    async def wait_for(probe, *, equals, timeout, interval=0.2):",
            "        deadline = asyncio.get_running_loop().time() + timeout",
            "        last = None",
            "        while asyncio.get_running_loop().time() < deadline:",
            "            last = await probe()",
            "            if last == equals:",
            "                return last",
            "            await asyncio.sleep(interval)",
            '>       raise TimeoutError(f"condition not met within {timeout}s (last value: {last!r})")',
            f"E       TimeoutError: condition not met within 20s (last value: {last_value})",
            "",
            "tests/helpers/waiting.py:14: TimeoutError",
            " Captured log call ".center(80, "-"),
            "INFO     aiokafka.consumer.group_coordinator:group_coordinator.py:359 Revoking previously assigned "
            "partitions set() for group shop-orders",
            "INFO     aiokafka.consumer.group_coordinator:group_coordinator.py:1043 (Re-)joining group shop-orders",
            "WARNING  aiokafka.consumer.group_coordinator:group_coordinator.py:1210 Heartbeat failed for group "
            "shop-orders because it is rebalancing",
            "INFO     aiokafka.consumer.group_coordinator:group_coordinator.py:1043 (Re-)joining group shop-orders",
            f"INFO     aiokafka.consumer.group_coordinator:group_coordinator.py:1103 Joined group 'shop-orders' "
            f"(generation {generation}) with member_id aiokafka-0.11.0-4f0e5b1c-93d2-4be4-a7a1-0c56b1d1e6f2",
        ]
    )
    return pytest_log(
        [("tests/integration/test_order_consumer.py", "..F")],
        secs=secs,
        quiet=True,
        collected=6,
        failures=[failure],
        short=[
            "FAILED tests/integration/test_order_consumer.py::test_order_created_event_updates_stock"
            f" - TimeoutError: condition not met within 20s (last value: {last_value})"
        ],
        tail_note=bar("stopping after 1 failures", "!"),
    )


def s02_consumer_timeout() -> Session:
    s = Session(
        "s02-consumer-timeout", "2026-08-31T13:05:44", "2.1.141", "fix/consumer-timeout", "humming-tidal-marmot"
    )
    s.user(
        "test_order_created_event_updates_stock keeps timing out on my machine. passes when I run it alone, "
        "but with the rest of tests/integration it never finishes in time. can you take a look?",
        after=0,
        non_rules=["it never finishes in time"],
    )
    cmd = "pytest tests/integration/test_order_consumer.py -x -q"
    s.act(
        "Let me reproduce it with the whole consumer module.",
        Bash(cmd, _consumer_timeout_fail(10, 48.31, 4), code=1, desc="Run consumer integration tests", secs=52),
    )
    s.act(None, Read("tests/integration/test_order_consumer.py", src.TEST_ORDER_CONSUMER, total=58))
    s.act(
        None,
        Read("shop/consumer/order_consumer.py", src.ORDER_CONSUMER, total=37),
        think="Stock stays at 10, so the message is never handled within 20s. The log shows repeated group joins "
        "(generation 4). Either the consumer is slow to get partitions assigned or the handler never runs. "
        "Let me look at the consumer.",
    )
    s.act(
        "The stock never moves (still 10), so the event isn't handled before the deadline. The group keeps "
        "re-joining, which can take a while on a fresh container. I'll give the wait more room and add a quick "
        "trace in the consumer loop to see whether messages arrive at all.",
        Edit(
            "tests/integration/test_order_consumer.py",
            'await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=20)',
            'await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=45)',
        ),
        Edit(
            "shop/consumer/order_consumer.py",
            "        async for msg in self._consumer:\n",
            "        async for msg in self._consumer:\n"
            '            print(f"got {msg.topic} partition={msg.partition} offset={msg.offset}")\n',
        ),
    )
    timeout_fail = "\n".join(
        [
            fail_header("test_order_created_event_updates_stock"),
            "",
            "+" * 35 + " Timeout " + "+" * 36,
            "~" * 19 + " Stack of asyncio_0 (140131279816384) " + "~" * 19,
            '  File "/home/dev/src/shop/.venv/lib/python3.12/site-packages/aiokafka/consumer/group_coordinator.py", '
            "line 1133, in _do_rejoin_group",
            "    await asyncio.sleep(self._retry_backoff_ms / 1000)",
            "+" * 80,
            "E   Failed: Timeout >60.0s",
        ]
    )
    s.act(
        None,
        Bash(
            cmd,
            pytest_log(
                [("tests/integration/test_order_consumer.py", "..F")],
                secs=63.02,
                quiet=True,
                collected=6,
                failures=[timeout_fail],
                short=[
                    "FAILED tests/integration/test_order_consumer.py::"
                    "test_order_created_event_updates_stock - Failed: Timeout >60.0s"
                ],
                tail_note=bar("stopping after 1 failures", "!"),
            ),
            code=1,
            desc="Re-run consumer tests",
            secs=66,
        ),
    )
    s.say(
        "Now pytest-timeout (60s) kills it before the 45s wait even matters, and there's no `got orders.v1` "
        "line in the output, so no message reached the loop: the consumer is stuck re-joining its group."
    )
    s.user(
        "hm. also drop that print — always log through structlog in the consumer, print goes nowhere in k8s.",
        rules=[("structlog", "always log through structlog in the consumer")],
    )
    s.act(
        None,
        Edit(
            "shop/consumer/order_consumer.py",
            '            print(f"got {msg.topic} partition={msg.partition} offset={msg.offset}")\n',
            '            log.debug("event.received", topic=msg.topic, partition=msg.partition, offset=msg.offset)\n',
        ),
    )
    s.act(
        "Let me check for leftover containers from earlier runs; a stale broker could explain slow joins.",
        Bash(
            "docker ps --format 'table {{.ID}}\\t{{.Image}}\\t{{.Status}}\\t{{.Names}}'",
            "CONTAINER ID   IMAGE                                STATUS          NAMES\n"
            "9f2c4e1ab7d3   confluentinc/cp-kafka:7.6.1          Up 3 hours      cranky_lovelace\n"
            "41b8d0e6c2aa   confluentinc/cp-kafka:7.6.1          Up 3 hours      vibrant_hodgkin\n"
            "c07d5a9e33f1   testcontainers/ryuk:0.8.1            Up 3 hours      testcontainers-ryuk-5d2b1f\n"
            "e6a1f0c4b912   postgres:16-alpine                   Up 6 hours      shop-postgres-1",
            desc="List running containers",
        ),
    )
    s.act(
        None,
        Bash(
            "docker rm -f 9f2c4e1ab7d3 41b8d0e6c2aa", "9f2c4e1ab7d3\n41b8d0e6c2aa", desc="Remove stale Kafka containers"
        ),
    )
    s.act(None, Bash(cmd, _consumer_timeout_fail(10, 47.9, 6), code=1, desc="Re-run consumer tests", secs=51))
    s.say(
        "Same result with a clean broker: the stock stays at 10 and the group goes through generation 6 before "
        "the test gives up. The first test of the module passes and the second one stalls, so it looks like "
        "something left behind by the earlier test is holding the group, but I haven't pinned down what yet.\n\n"
        "Changes so far: the wait in `test_order_created_event_updates_stock` is 45s instead of 20s, and the "
        "consumer logs `event.received` at debug level. Neither fixes it."
    )
    s.user(
        "ok it's still hanging and I'm out of time for today. revert the timeout bump, keep the log line, "
        "I'll pick it up another day"
    )
    s.act(
        None,
        Edit(
            "tests/integration/test_order_consumer.py",
            'await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=45)',
            'await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=20)',
        ),
    )
    s.say("Reverted the timeout; only the structlog `event.received` debug line remains changed. Nothing committed.")
    s.hit(KAFKA)
    s.outcome("failed", "consumer test still times out after three runs; user gives up for the day")
    return s


# ------------------------------------------------------------------------------------------------------------------
ADMIN_PY = """from fastapi import APIRouter, Depends

from shop.api.deps import DbSession, require_admin
from shop.orders.queries import list_orders

router = APIRouter(prefix="/admin", dependencies=[Depends(require_admin)])


@router.get("/orders")
async def admin_orders(session: DbSession, status: str | None = None, page: int = 1):
    return await list_orders(session, status=status, page=page, per_page=50)"""


def s03_admin_csv() -> Session:
    s = Session("s03-admin-csv", "2026-09-01T08:20:31", "2.1.141", "main", "velvet-drifting-otter")
    s.user(
        "I need a CSV export of orders in the admin: GET /admin/orders/export.csv?from=2026-08-01&to=2026-08-31, "
        "columns id, created_at, customer email, status, total. admin only obviously.\n\n"
        "unrelated, but I never got the order confirmation email on staging either. ignore that for now",
        after=0,
        non_rules=["I never got the order confirmation email on staging either"],
    )
    s.act(None, Glob("shop/api/admin*.py", ["shop/api/admin.py"]))
    s.act(None, Read("shop/api/admin.py", ADMIN_PY, reminder=True))
    s.act(
        "The admin router already enforces `require_admin`. One question before I write it: a month is a few "
        "thousand rows — build the CSV in memory and return it, or stream it with `StreamingResponse`?"
    )
    s.user(
        "just build it in memory, it's ~3k rows a month. we'll keep the export synchronous for now — "
        "if it ever gets slow we move it to a background job.",
        decisions=["we'll keep the export synchronous for now — if it ever gets slow we move it to a background job"],
        non_rules=[],
    )
    s.act(
        None,
        Edit(
            "shop/api/admin.py",
            "from fastapi import APIRouter, Depends\n\nfrom shop.api.deps import DbSession, require_admin\n"
            "from shop.orders.queries import list_orders\n",
            "import csv\nimport io\nfrom datetime import date\n\n"
            "from fastapi import APIRouter, Depends, Query, Response\n\n"
            "from shop.api.deps import DbSession, require_admin\n"
            "from shop.orders.queries import list_orders, orders_between\n",
        ),
        Edit(
            "shop/api/admin.py",
            "    return await list_orders(session, status=status, page=page, per_page=50)",
            "    return await list_orders(session, status=status, page=page, per_page=50)\n\n\n"
            '@router.get("/orders/export.csv")\n'
            'async def export_orders_csv(session: DbSession, from_: date = Query(alias="from"), to: date = Query()):\n'
            "    orders = await orders_between(session, from_, to)\n"
            "    buf = io.StringIO()\n"
            "    writer = csv.writer(buf)\n"
            '    writer.writerow(["id", "created_at", "customer_email", "status", "total"])\n'
            "    for o in orders:\n"
            "        writer.writerow([o.id, o.created_at.isoformat(), o.customer.email, o.status.value, o.total])\n"
            '    return Response(buf.getvalue(), media_type="text/csv",\n'
            '                    headers={"Content-Disposition": f"attachment; filename=orders-{from_}-{to}.csv"})',
        ),
    )
    s.act(
        None,
        Write(
            "tests/api/test_admin_export.py",
            """import csv
import io


async def test_export_csv_lists_orders_in_range(admin_client, make_order):
    await make_order(created="2026-08-03T10:00:00+00:00")
    await make_order(created="2026-09-02T10:00:00+00:00")
    resp = await admin_client.get("/admin/orders/export.csv", params={"from": "2026-08-01", "to": "2026-08-31"})
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(resp.text)))
    assert rows[0] == ["id", "created_at", "customer_email", "status", "total"]
    assert len(rows) == 2


async def test_export_csv_requires_admin(client):
    resp = await client.get("/admin/orders/export.csv", params={"from": "2026-08-01", "to": "2026-08-31"})
    assert resp.status_code == 403
""",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_admin.py tests/api/test_admin_export.py -q",
            pytest_log(
                [("tests/api/test_admin.py", "." * 8), ("tests/api/test_admin_export.py", "..")], secs=4.12, quiet=True
            ),
            desc="Run admin tests",
            secs=7,
        ),
    )
    s.act(
        None,
        Bash(
            'ruff check shop tests && git add -A && git commit -m "admin: CSV export of orders by date range"',
            "All checks passed!\n"
            + git_commit(
                "main",
                "a4c2d19",
                "admin: CSV export of orders by date range",
                2,
                41,
                2,
                ["tests/api/test_admin_export.py"],
            ),
            desc="Lint and commit",
        ),
    )
    s.act(None, Denied(Bash("git push origin main", desc="Push to origin")))
    s.user(
        "push it to a branch and open a PR — we never push straight to main.",
        rules=[("pr_only", "we never push straight to main")],
    )
    s.branch = "feat/admin-csv-export"
    s.act(
        "Moving the commit to a branch and resetting local main to origin:",
        Bash(
            "git switch -c feat/admin-csv-export && git branch -f main origin/main && "
            "git push -u origin feat/admin-csv-export",
            "Switched to a new branch 'feat/admin-csv-export'\n"
            + git_push("feat/admin-csv-export", "", "", new_branch=True),
            desc="Branch, reset main, push",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            'gh pr create --fill --base main --title "admin: CSV export of orders by date range"',
            "\nCreating pull request for feat/admin-csv-export into main in dev-shop/shop\n\n"
            "https://github.com/dev-shop/shop/pull/212",
            desc="Open the PR",
            secs=3,
        ),
    )
    s.say(
        "PR is up: https://github.com/dev-shop/shop/pull/212. Local `main` is back at `origin/main`, and the "
        "commit lives on `feat/admin-csv-export`."
    )
    s.outcome("success", "admin CSV export implemented, tested, pushed to a branch and PR #212 opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s04_coupon_stacking() -> Session:
    s = Session("s04-coupon-stacking", "2026-09-01T22:35:12", "2.1.141", "feat/coupon-stacking", "amber-leaping-finch")
    s.user(
        "coupons: a customer should be able to combine one percentage coupon with one free-shipping coupon, "
        "but not two percentage ones. the rules are in shop/promotions/rules.py",
        after=0,
    )
    s.act(None, Read("shop/promotions/rules.py", src.PROMO_RULES, total=22))
    s.act(
        "`check_combinable` currently allows a single coupon, full stop. I'll allow at most one per kind.",
        Edit(
            "shop/promotions/rules.py",
            '    if len(coupons) > 1:\n        raise CouponNotCombinable("only one coupon per order")',
            "    kinds = [c.kind for c in coupons]\n"
            "    if len(kinds) != len(set(kinds)):\n"
            '        raise CouponNotCombinable("at most one coupon of each kind per order")\n'
            "    if len(coupons) > 2:\n"
            '        raise CouponNotCombinable("at most two coupons per order")',
        ),
    )
    s.act(
        None,
        Read(
            "tests/unit/test_promotions.py",
            """def test_single_coupon_is_combinable(make_coupon):
    check_combinable([make_coupon(kind=CouponKind.PERCENT)])


def test_two_coupons_rejected(make_coupon):
    with pytest.raises(CouponNotCombinable):
        check_combinable([make_coupon(kind=CouponKind.PERCENT), make_coupon(kind=CouponKind.FREE_SHIPPING)])""",
            offset=88,
            limit=7,
            total=141,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/unit/test_promotions.py",
            "def test_two_coupons_rejected(make_coupon):\n    with pytest.raises(CouponNotCombinable):\n"
            "        check_combinable([make_coupon(kind=CouponKind.PERCENT), "
            "make_coupon(kind=CouponKind.FREE_SHIPPING)])",
            "def test_percent_and_free_shipping_combine(make_coupon):\n"
            "    check_combinable([make_coupon(kind=CouponKind.PERCENT), "
            "make_coupon(kind=CouponKind.FREE_SHIPPING)])\n\n\n"
            "def test_two_percent_coupons_rejected(make_coupon):\n"
            "    with pytest.raises(CouponNotCombinable):\n"
            "        check_combinable([make_coupon(kind=CouponKind.PERCENT), "
            "make_coupon(kind=CouponKind.PERCENT)])",
        ),
    )
    midnight = "\n".join(
        [
            fail_header("test_coupon_expires_at_midnight"),
            "",
            "make_coupon = <function make_coupon.<locals>._make at 0x7fd1b23c4ea0>",
            "",
            "    def test_coupon_expires_at_midnight(make_coupon):",
            "        coupon = make_coupon(expires_on=datetime.now(timezone.utc).date())",
            ">       assert coupon_status(coupon) is CouponStatus.ACTIVE",
            "E       AssertionError: assert <CouponStatus.EXPIRED: 'expired'> is <CouponStatus.ACTIVE: 'active'>",
            "E        +  where <CouponStatus.EXPIRED: 'expired'> = coupon_status(Coupon(code='TEST-7F2A', "
            "kind=<CouponKind.PERCENT: 'percent'>, expires_on=datetime.date(2026, 9, 1), max_uses=None, uses=0))",
            "",
            "tests/unit/test_promotions.py:61: AssertionError",
        ]
    )
    files = [("tests/unit/test_promotions.py", ".........F..........")]
    s.act(
        None,
        Bash(
            "pytest tests/unit/test_promotions.py -q",
            pytest_log(
                files,
                secs=0.91,
                quiet=True,
                failures=[midnight],
                short=[
                    "FAILED tests/unit/test_promotions.py::test_coupon_expires_at_midnight - "
                    "AssertionError: assert <CouponStatus.EXPIRED: 'expired'> is "
                    "<CouponStatus.ACTIVE: 'active'>"
                ],
            ),
            code=1,
            desc="Run promotion tests",
            secs=3,
        ),
    )
    s.act(
        "Both new combination tests pass. The failure is `test_coupon_expires_at_midnight`, which I didn't touch. "
        "Checking whether it fails without my change too:",
        Bash(
            "git stash && pytest tests/unit/test_promotions.py -q -k midnight; git stash pop",
            "Saved working directory and index state WIP on feat/coupon-stacking: 77d0e3a promotions: coupon kinds\n"
            + pytest_log(
                [("tests/unit/test_promotions.py", "F")],
                secs=0.44,
                quiet=True,
                collected=1,
                short=[
                    "FAILED tests/unit/test_promotions.py::test_coupon_expires_at_midnight - "
                    "AssertionError: assert <CouponStatus.EXPIRED: 'expired'> is "
                    "<CouponStatus.ACTIVE: 'active'>"
                ],
            )
            + "\nOn branch feat/coupon-stacking\nChanges not staged for commit:\n"
            "\tmodified:   shop/promotions/rules.py\n\tmodified:   tests/unit/test_promotions.py\n"
            "Dropped refs/stash@{0} (5be8f1c0d2a7e4f9b3c1a6d8e0f2b4c6a8d0e2f4)",
            desc="Check the failure on the base commit",
        ),
        think="It fails on the base commit as well. The test builds the expiry from the UTC date, while "
        "coupon_status compares against datetime.now().date(), the local date. It's 00:37 in Berlin, "
        "22:37 UTC: the local date is already 2 Sep, the coupon expires 1 Sep.",
    )
    s.say(
        "It fails without my change as well, so it's pre-existing. Likely cause: the test builds the expiry from "
        "the UTC date while `coupon_status` compares with `datetime.now().date()` (local time). It's past midnight "
        "in Berlin but not in UTC, so the coupon looks a day old."
    )
    s.user(
        "yeah that one passed this afternoon, I bet it's a time-of-day thing. it's 00:40 here. "
        "commit the stacking change and push, skip the midnight test for now"
    )
    s.act(
        None,
        Bash(
            'git commit -am "promotions: allow one coupon per kind (percent + free shipping)" && '
            "git push -u origin feat/coupon-stacking",
            git_commit(
                "feat/coupon-stacking",
                "c18a6f2",
                "promotions: allow one coupon per kind (percent + free shipping)",
                2,
                14,
                3,
            )
            + "\n"
            + git_push("feat/coupon-stacking", "", "", new_branch=True),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say(
        "Pushed `feat/coupon-stacking` (c18a6f2). `test_coupon_expires_at_midnight` still fails between local "
        "midnight and 02:00; I left it alone as you asked."
    )
    s.hit(TZ)
    s.outcome("success", "coupon stacking done and pushed; the midnight test failure is pre-existing and skipped")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _all_error_setup_tail() -> str:
    """The tail (| tail -30) of a pytest run where the session fixture's `alembic upgrade head` fails."""
    lines = [
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ",
        ".venv/lib/python3.12/site-packages/alembic/command.py:406: in upgrade",
        "    script.run_env()",
        "migrations/env.py:71: in <module>",
        "    run_migrations_online()",
        ".venv/lib/python3.12/site-packages/alembic/script/base.py:259: in _catch_revision_errors",
        "    raise util.CommandError(resolution) from re",
        "E   alembic.util.exc.CommandError: Multiple head revisions are present for given argument 'head'; please "
        "specify a specific target revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all "
        "heads",
        bar("short test summary info"),
    ]
    tests = [
        "test_admin.py::test_admin_orders_requires_admin",
        "test_admin.py::test_admin_orders_list",
        "test_admin.py::test_admin_orders_filter_status",
        "test_admin_export.py::test_export_csv_lists_orders_in_range",
        "test_auth.py::test_login_ok",
        "test_auth.py::test_login_wrong_password",
    ]
    lines += [
        f"ERROR tests/api/{t} - alembic.util.exc.CommandError: Multiple head revisions are present for given argu..."
        for t in tests
    ]
    lines.append("...")
    lines.append(
        "ERROR tests/api/test_orders.py::test_order_history_newest_first - alembic.util.exc.CommandError: "
        "Multiple head revisions are present for given argu..."
    )
    lines.append("68 errors in 4.31s")
    return "\n".join(lines)


def s05_alembic_gift_cards() -> Session:
    s = Session("s05-alembic-gift-cards", "2026-09-02T09:10:03", "2.1.147", "feat/gift-cards", "quiet-folding-lynx")
    s.queued_start("merged main into feat/gift-cards and now every single test errors at setup. wtf")
    s.user("merged main into feat/gift-cards and now every single test errors at setup. wtf", after=0.3)
    s.act(
        None,
        Bash(
            "pytest tests/api -q -p no:randomly 2>&1 | tail -20", _all_error_setup_tail(), desc="Run API tests", secs=8
        ),
    )
    s.act(
        "Every test errors in the session fixture that runs the migrations: Alembic sees more than one head. "
        "Looking at the revision graph:",
        Bash("alembic upgrade head", ALEMBIC_MULTIPLE_HEADS, code=255, desc="Try the upgrade directly"),
        Sibling(Bash("alembic current", desc="Show current revision")),
    )
    s.act(
        None,
        Bash(
            "alembic heads --verbose",
            "Rev: 4c1d2e9a7b10 (head)\nParent: 8b2f6d0c1e55\nPath: migrations/versions/"
            "4c1d2e9a7b10_add_gift_cards.py\n\n    add gift cards\n\n    Revision ID: 4c1d2e9a7b10\n"
            "    Revises: 8b2f6d0c1e55\n    Create Date: 2026-08-27 16:02:41.118734\n\n"
            "Rev: e7f3a1c90d22 (head)\nParent: 8b2f6d0c1e55\nPath: migrations/versions/"
            "e7f3a1c90d22_add_order_notes.py\n\n    add order notes\n\n    Revision ID: e7f3a1c90d22\n"
            "    Revises: 8b2f6d0c1e55\n    Create Date: 2026-08-31 11:47:09.502310",
            desc="List heads",
        ),
    )
    s.act(
        "Two heads with the same parent `8b2f6d0c1e55`: your `add_gift_cards` and `add_order_notes` from main. "
        "Let me first see what your local DB has applied.",
        Bash("alembic current", alembic_info(["4c1d2e9a7b10 (head)"]), desc="Show current revision"),
    )
    s.act(
        "Your DB is at the gift-cards head. Applying the other branch on top with `upgrade heads`:",
        Bash(
            "alembic upgrade heads",
            alembic_info(
                [
                    "INFO  [alembic.runtime.migration] Running upgrade 8b2f6d0c1e55 -> e7f3a1c90d22, add order notes",
                    "Traceback (most recent call last):",
                    '  File "/home/dev/src/shop/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, '
                    "in _exec_single_context",
                    "    self.dialect.do_execute(",
                    '  File "/home/dev/src/shop/.venv/lib/python3.12/site-packages/psycopg/cursor.py", line 732, in execute',
                    "    raise ex.with_traceback(None)",
                    'psycopg.errors.DuplicateColumn: column "notes" of relation "orders" already exists',
                    "",
                    "The above exception was the direct cause of the following exception:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "/home/dev/src/shop/.venv/bin/alembic", line 8, in <module>',
                    "    sys.exit(main())",
                    'sqlalchemy.exc.ProgrammingError: (psycopg.errors.DuplicateColumn) column "notes" of relation '
                    '"orders" already exists',
                    "[SQL: ALTER TABLE orders ADD COLUMN notes TEXT]",
                    "(Background on this error at: https://sqlalche.me/e/20/f405)",
                ]
            ),
            code=1,
            desc="Upgrade all heads",
            secs=3,
        ),
        think="orders.notes already exists although alembic_version says only the gift-cards branch is applied. "
        "The DB was probably migrated from a main checkout at some point and then re-stamped to 4c1d2e9a7b10.",
    )
    s.hit(ALEMBIC)
    s.one_off(
        "local dev DB already has the orders.notes column (migrated from a main checkout, then re-stamped), "
        "so applying e7f3a1c90d22 fails with DuplicateColumn"
    )
    s.outcome("failed", "abandoned right after `alembic upgrade heads` failed; the two heads are still unmerged")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s06_refund_outbox() -> Session:
    s = Session("s06-refund-outbox", "2026-09-02T14:30:27", "2.1.147", "feat/refund-outbox", "tender-orbiting-cod")
    s.user(
        "refunds: when a refund is issued we publish `refund.issued` straight to Kafka from the request handler. "
        "if Kafka is down the refund still succeeds at Stripe and the event is just lost. what are the options?",
        after=0,
    )
    s.act(
        None,
        Read(
            "shop/payments/refunds.py",
            """async def issue_refund(session, order: Order, amount: Decimal) -> Refund:
    refund = await stripe_client.create_refund(order.payment_intent_id, amount)
    order.status = OrderStatus.REFUNDED
    await session.commit()
    await producer.send_and_wait("refunds.v1", {"type": "refund.issued", "order_id": order.id,
                                                "amount": str(amount), "refund_id": refund["id"]})
    return refund""",
            offset=12,
            limit=7,
            total=40,
        ),
    )
    s.say(
        "Right: the DB commit and the Kafka publish are two separate writes, so either can happen without the "
        "other. Two standard options:\n\n1. **Transactional outbox** — write the event into an `outbox` table in "
        "the same DB transaction as the status change; a relay publishes unsent rows to Kafka and marks them "
        "sent. At-least-once, consumers must be idempotent (ours already dedupe on event id).\n2. **Publish "
        "first, then commit** with retries — simpler, but a crash between the two still loses or duplicates "
        "state.\n\nI'd recommend (1)."
    )
    s.user(
        "ok. Decision: refund events go through the outbox table, not straight to Kafka. the relay can live in "
        "the consumer process for now.",
        decisions=[
            "refund events go through the outbox table, not straight to Kafka",
            "the relay can live in the consumer process for now",
        ],
    )
    s.act(
        "Implementing the outbox and the relay.",
        TodoWrite(
            [
                ("Outbox table + model", "in_progress", "Adding the outbox table"),
                ("Write refund.issued to the outbox in issue_refund", "pending", "Writing refund events to the outbox"),
                ("Relay task in the consumer process", "pending", "Adding the relay task"),
                ("Tests", "pending", "Writing tests"),
            ]
        ),
    )
    s.act(
        None,
        Write(
            "shop/orders/outbox.py",
            """import asyncio

from sqlalchemy import func, select, update

from shop.db.models import OutboxEvent


async def enqueue(session, topic: str, payload: dict) -> None:
    session.add(OutboxEvent(topic=topic, payload=payload))


async def relay_once(sessionmaker, producer, batch: int = 100) -> int:
    async with sessionmaker() as session:
        rows = (await session.scalars(
            select(OutboxEvent).where(OutboxEvent.sent_at.is_(None)).order_by(OutboxEvent.id)
            .limit(batch).with_for_update(skip_locked=True)
        )).all()
        for row in rows:
            await producer.send_and_wait(row.topic, row.payload)
        if rows:
            await session.execute(update(OutboxEvent).where(OutboxEvent.id.in_([r.id for r in rows]))
                                  .values(sent_at=func.now()))
        await session.commit()
        return len(rows)
""",
        ),
    )
    s.act(
        None,
        Edit(
            "shop/payments/refunds.py",
            "    order.status = OrderStatus.REFUNDED\n    await session.commit()\n"
            '    await producer.send_and_wait("refunds.v1", {"type": "refund.issued", "order_id": order.id,\n'
            '                                                "amount": str(amount), "refund_id": refund["id"]})',
            "    order.status = OrderStatus.REFUNDED\n"
            '    await outbox.enqueue(session, "refunds.v1", {"type": "refund.issued", "order_id": order.id,\n'
            '                                                 "amount": str(amount), "refund_id": refund["id"]})\n'
            "    await session.commit()",
        ),
    )
    s.act(
        None,
        Write(
            "tests/integration/test_outbox_relay.py",
            """async def test_refund_event_written_to_outbox(db_session, make_paid_order, stripe_mock):
    order = await make_paid_order()
    await issue_refund(db_session, order, order.total)
    events = (await db_session.scalars(select(OutboxEvent))).all()
    assert [e.payload["type"] for e in events] == ["refund.issued"]


async def test_relay_publishes_and_marks_sent(db_sessionmaker, kafka_producer, seed_outbox):
    await seed_outbox(3)
    assert await relay_once(db_sessionmaker, kafka_producer) == 3
    assert await relay_once(db_sessionmaker, kafka_producer) == 0
""",
        ),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Outbox table + model", "completed", "Adding the outbox table"),
                (
                    "Write refund.issued to the outbox in issue_refund",
                    "completed",
                    "Writing refund events to the outbox",
                ),
                ("Relay task in the consumer process", "completed", "Adding the relay task"),
                ("Tests", "in_progress", "Writing tests"),
            ]
        ),
    )
    commit_fail = "\n".join(
        [
            fail_header("test_refund_issued_marks_order_refunded"),
            "",
            "    async def test_refund_issued_marks_order_refunded(order_consumer, kafka_producer, db_session, make_paid_order):",
            "        order = await make_paid_order()",
            '        await kafka_producer.send_and_wait("refunds.v1", refund_issued(order_id=order.id))',
            '>       await wait_for(lambda: order_status(db_session, order.id), equals="refunded", timeout=20)',
            "",
            "tests/integration/test_refund_events.py:22: ",
            "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ",
            "shop/consumer/order_consumer.py:31: in run",
            "    await self._consumer.commit()",
            ".venv/lib/python3.12/site-packages/aiokafka/consumer/consumer.py:583: in commit",
            "    await self._coordinator.commit_offsets(assignment, offsets)",
            ".venv/lib/python3.12/site-packages/aiokafka/consumer/group_coordinator.py:1015: in commit_offsets",
            "    raise Errors.CommitFailedError(",
            "E   aiokafka.errors.CommitFailedError: CommitFailedError: Commit cannot be completed since the group has "
            "already rebalanced and may have assigned the partitions to another member",
            " Captured log call ".center(80, "-"),
            "WARNING  aiokafka.consumer.group_coordinator:group_coordinator.py:1210 Heartbeat failed for group "
            "shop-orders because it is rebalancing",
            "ERROR    aiokafka.consumer.group_coordinator:group_coordinator.py:1016 OffsetCommit failed for group "
            "shop-orders due to group error ([Error 22] IllegalGenerationError: shop-orders), will rejoin",
        ]
    )
    files = [
        ("tests/integration/test_order_consumer.py", "......"),
        ("tests/integration/test_outbox_relay.py", ".."),
        ("tests/integration/test_refund_events.py", ".F.."),
        ("tests/unit/test_order_service.py", "." * 21),
    ]
    s.act(
        None,
        Bash(
            "pytest tests/unit/test_order_service.py tests/integration -p no:randomly",
            pytest_log(
                files,
                secs=71.4,
                failures=[commit_fail],
                warnings=2,
                warn_text=(
                    "tests/integration/test_outbox_relay.py::test_relay_publishes_and_marks_sent\n"
                    "  /home/dev/src/shop/.venv/lib/python3.12/site-packages/aiokafka/util.py:40: "
                    "DeprecationWarning: There is no current event loop\n    loop = asyncio.get_event_loop()"
                ),
                short=[
                    "FAILED tests/integration/test_refund_events.py::"
                    "test_refund_issued_marks_order_refunded - aiokafka.errors.CommitFailedError: "
                    "CommitFailedError: Commit cannot be completed since the group has already "
                    "rebalanced and may have assigned the partitions to another member"
                ],
            ),
            code=1,
            desc="Run unit + integration tests",
            secs=76,
        ),
    )
    s.say(
        "The two new outbox tests pass, as does the order service. One failure: "
        "`test_refund_events.py::test_refund_issued_marks_order_refunded` with `CommitFailedError` (the consumer "
        "group rebalanced under it). That test publishes to Kafka directly and doesn't go through the outbox, so "
        "it isn't caused by this change. Want me to dig into it?"
    )
    s.user("that one's known, ignore it, thanks")
    s.say("👍 Leaving it. The outbox work is ready on `feat/refund-outbox` (uncommitted, as usual for you to review).")
    s.hit(KAFKA)
    s.outcome(
        "success",
        "outbox for refund events implemented with passing tests; the Kafka failure is a known "
        "flake the user told to ignore",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa2_webhook_tests(a: Session) -> None:
    a.act(
        "I'll look at the webhook handler and the existing Stripe fixtures first.",
        Read(
            "shop/payments/webhooks.py",
            src.WEBHOOKS_PY.replace(
                '    if event["type"] == "payment_intent.succeeded":',
                '    if event["type"] == "charge.refunded":\n'
                '        charge = event["data"]["object"]\n'
                '        await mark_refunded(charge["metadata"]["order_id"], from_cents(charge["amount_refunded"]))\n'
                '    elif event["type"] == "payment_intent.succeeded":',
            ),
            total=30,
        ),
    )
    a.act(
        None,
        Grep(
            r"def (stripe_mock|signed_event|stripe_webhook_secret)",
            [
                "tests/conftest.py:71:def stripe_mock(monkeypatch):",
                "tests/conftest.py:84:def stripe_webhook_secret(monkeypatch):",
                "tests/conftest.py:90:def signed_event(stripe_webhook_secret):",
            ],
            mode="content",
            path="tests",
        ),
    )
    a.act(
        None,
        Read(
            "tests/conftest.py",
            """@pytest.fixture
def signed_event(stripe_webhook_secret):
    def _sign(event: dict) -> tuple[bytes, str]:
        payload = json.dumps(event, separators=(",", ":")).encode()
        ts = int(time.time())
        sig = hmac.new(stripe_webhook_secret.encode(), f"{ts}.".encode() + payload, hashlib.sha256).hexdigest()
        return payload, f"t={ts},v1={sig}"
    return _sign""",
            offset=89,
            limit=8,
            total=132,
        ),
    )
    a.act(
        None,
        Write(
            "tests/api/test_stripe_webhooks.py",
            """import pytest

from tests.helpers.stripe_events import charge_refunded, payment_succeeded


async def test_charge_refunded_marks_order_refunded(client, make_paid_order, signed_event):
    order = await make_paid_order(total_cents=4599)
    payload, sig = signed_event(charge_refunded(order_id=order.id, amount_refunded=4599))
    resp = await client.post("/webhooks/stripe", content=payload, headers={"stripe-signature": sig})
    assert resp.status_code == 200
    await assert_order_status(order.id, "refunded")


async def test_partial_refund_keeps_order_paid(client, make_paid_order, signed_event):
    order = await make_paid_order(total_cents=4599)
    payload, sig = signed_event(charge_refunded(order_id=order.id, amount_refunded=1000))
    resp = await client.post("/webhooks/stripe", content=payload, headers={"stripe-signature": sig})
    assert resp.status_code == 200
    await assert_order_status(order.id, "partially_refunded")


async def test_bad_signature_is_rejected(client):
    resp = await client.post("/webhooks/stripe", content=b"{}", headers={"stripe-signature": "t=1,v1=deadbeef"})
    assert resp.status_code == 400


async def test_duplicate_event_is_ignored(client, make_paid_order, signed_event):
    order = await make_paid_order(total_cents=4599)
    payload, sig = signed_event(charge_refunded(order_id=order.id, amount_refunded=4599, event_id="evt_dup"))
    for _ in range(2):
        resp = await client.post("/webhooks/stripe", content=payload, headers={"stripe-signature": sig})
        assert resp.status_code == 200
""",
        ),
    )
    sig_fail = "\n".join(
        [
            fail_header("test_charge_refunded_marks_order_refunded"),
            "",
            ">       assert resp.status_code == 200",
            "E       assert 400 == 200",
            "E        +  where 400 = <Response [400 Bad Request]>.status_code",
            "",
            "tests/api/test_stripe_webhooks.py:10: AssertionError",
            " Captured log call ".center(80, "-"),
            "WARNING  shop.payments.webhooks:webhooks.py:19 stripe signature rejected: "
            "stripe._error.SignatureVerificationError: No signatures found matching the expected signature for payload",
        ]
    )
    a.act(
        None,
        Bash(
            "pytest tests/api/test_stripe_webhooks.py -q -p no:randomly",
            pytest_log(
                [("tests/api/test_stripe_webhooks.py", "FF.F")],
                secs=2.61,
                quiet=True,
                failures=[sig_fail, "(2 more failures: assert 400 == 200, same log line)"],
                short=[
                    "FAILED tests/api/test_stripe_webhooks.py::"
                    "test_charge_refunded_marks_order_refunded - assert 400 == 200",
                    "FAILED tests/api/test_stripe_webhooks.py::"
                    "test_partial_refund_keeps_order_paid - assert 400 == 200",
                    "FAILED tests/api/test_stripe_webhooks.py::test_duplicate_event_is_ignored - assert 400 == 200",
                ],
            ),
            code=1,
            desc="Run the new webhook tests",
            secs=5,
        ),
    )
    a.act(
        None,
        Grep(
            r"json\.dumps\(payload\)|request\.json\(\)",
            [
                "shop/payments/webhooks.py:13:    payload = await request.json()",
                "shop/payments/webhooks.py:16:            json.dumps(payload), stripe_signature, settings.stripe_webhook_secret",
            ],
            mode="content",
            path="shop/payments",
        ),
    )
    a.say(
        "Wrote `tests/api/test_stripe_webhooks.py` with 4 tests (full refund, partial refund, bad signature, "
        "duplicate event id). They use the existing `signed_event` fixture and `stripe_mock`, so no real Stripe "
        "calls.\n\n3 of 4 fail with 400: the handler logs `SignatureVerificationError: No signatures found matching "
        "the expected signature for payload`. Cause is in the handler, not the tests: `webhooks.py` parses the "
        "body with `await request.json()` and passes `json.dumps(payload)` to `construct_event`. Re-serialising "
        "changes the bytes (whitespace/key order), so the HMAC never matches. `construct_event` must get the raw "
        "body: `payload = await request.body()`. Only the bad-signature test passes."
    )


def s07_stripe_webhook() -> Session:
    s = Session(
        "s07-stripe-webhook", "2026-09-03T09:00:18", "2.1.147", "feat/stripe-refund-webhook", "crisp-wandering-ibis"
    )
    s.user(
        "hook up the Stripe `charge.refunded` webhook on POST /webhooks/stripe so refunds issued from the Stripe "
        "dashboard mark our order as refunded (or partially_refunded)",
        after=0,
    )
    s.act(None, Read("shop/payments/webhooks.py", src.WEBHOOKS_PY, total=24))
    s.act(None, ReadTooBig("tests/fixtures/stripe/events.json", 41873))
    s.act(
        None,
        Grep(
            '"type": "charge.refunded"',
            ['tests/fixtures/stripe/events.json:2211:    "type": "charge.refunded",'],
            mode="content",
            path="tests/fixtures/stripe",
        ),
    )
    s.act(
        "Adding the handler branch.",
        Edit(
            "shop/payments/webhooks.py",
            '    if event["type"] == "payment_intent.succeeded":',
            '    if event["type"] == "charge.refunded":\n'
            '        charge = event["data"]["object"]\n'
            '        await mark_refunded(charge["metadata"]["order_id"], charge["amount_refunded"] / 100)\n'
            '    elif event["type"] == "payment_intent.succeeded":',
        ),
    )
    s.user(
        "careful, that's a float. money is Decimal, never float — we went over this. there's from_cents() in money.py",
        rules=[("decimal", "money is Decimal, never float")],
    )
    s.act(
        None,
        Edit("shop/payments/webhooks.py", 'charge["amount_refunded"] / 100)', 'from_cents(charge["amount_refunded"]))'),
    )
    s.act(
        "Fixed. I'll have a background agent write the webhook tests while I wire `mark_refunded` into the "
        "payments service.",
        Agent(
            "Write Stripe webhook tests",
            "Write pytest tests for the POST /webhooks/stripe handler in shop/payments/webhooks.py, covering "
            "charge.refunded (full and partial), an invalid signature, and a duplicate event id. Use the existing "
            "fixtures in tests/conftest.py (stripe_mock, signed_event); don't call the real Stripe API. Run them "
            "and report what passes and what fails, with the cause of any failure.",
            "general-purpose",
            _sa2_webhook_tests,
            background=True,
        ),
    )
    s.act(
        None,
        Read(
            "shop/payments/service.py",
            """async def mark_paid(order_id: str) -> None:
    async with sessionmaker() as session:
        order = await session.get(Order, int(order_id))
        order.status = OrderStatus.PAID
        await session.commit()""",
            offset=30,
            limit=5,
            total=58,
        ),
    )
    s.act(
        None,
        Edit(
            "shop/payments/service.py",
            "        order.status = OrderStatus.PAID\n        await session.commit()",
            "        order.status = OrderStatus.PAID\n        await session.commit()\n\n\n"
            "async def mark_refunded(order_id: str, amount: Decimal) -> None:\n"
            "    async with sessionmaker() as session:\n"
            "        order = await session.get(Order, int(order_id))\n"
            "        order.refunded_total += amount\n"
            "        order.status = (OrderStatus.REFUNDED if order.refunded_total >= order.total\n"
            "                        else OrderStatus.PARTIALLY_REFUNDED)\n"
            "        await session.commit()",
        ),
    )
    s.agent_done(after=40)
    s.act(
        "The agent found a real bug: the handler verifies a re-serialised `json.dumps(await request.json())` "
        "instead of the raw body, so Stripe's HMAC can't match. Fixing:",
        Edit(
            "shop/payments/webhooks.py",
            "    payload = await request.json()\n    try:\n        event = stripe.Webhook.construct_event(\n"
            "            json.dumps(payload), stripe_signature, settings.stripe_webhook_secret\n        )",
            "    payload = await request.body()  # the raw bytes: the signature is over these, not re-dumped JSON\n"
            "    try:\n        event = stripe.Webhook.construct_event(\n"
            "            payload, stripe_signature, settings.stripe_webhook_secret\n        )",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_stripe_webhooks.py tests/api/test_checkout.py -q",
            pytest_log(
                [("tests/api/test_checkout.py", "." * 11), ("tests/api/test_stripe_webhooks.py", "....")],
                secs=5.2,
                quiet=True,
            ),
            desc="Run webhook + checkout tests",
            secs=8,
        ),
    )
    s.say(
        "All green: 4 webhook tests + 11 checkout tests. `charge.refunded` now marks the order refunded or "
        "partially_refunded, amounts go through `from_cents`, and signature verification uses the raw body."
    )
    s.user(
        "looks good. rule: tests never hit the real Stripe API — everything goes through stripe-mock, so keep "
        "STRIPE_API_BASE pointing at the container in conftest.\n"
        "note for next time: construct_event needs the raw request body, not request.json() dumped back to a "
        "string.\ncommit + push pls",
        rules=[("stripe_mock", "tests never hit the real Stripe API — everything goes through stripe-mock")],
        lessons=["construct_event needs the raw request body, not request.json() dumped back to a string"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "payments: handle charge.refunded webhook, verify raw body" && '
            "git push -u origin feat/stripe-refund-webhook",
            git_commit(
                "feat/stripe-refund-webhook",
                "5d7a0b3",
                "payments: handle charge.refunded webhook, verify raw body",
                3,
                88,
                4,
                ["tests/api/test_stripe_webhooks.py"],
            )
            + "\n"
            + git_push("feat/stripe-refund-webhook", "", "", new_branch=True),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed `feat/stripe-refund-webhook` (5d7a0b3).")
    s.one_off(
        "Stripe webhook SignatureVerificationError: the handler verified re-serialised JSON instead of the "
        "raw request body"
    )
    s.outcome("success", "charge.refunded webhook implemented, signature bug fixed, tests pass, pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s08_env_and_retries() -> Session:
    s = Session("s08-env-retries", "2026-09-03T15:10:55", "2.1.147", "main", "sleepy-copper-newt")
    s.local_command("model", "opus", "Set model to \x1b[1mopus (claude-opus-4-6)\x1b[22m", after=0)
    s.user("pulled main and now pytest dies at import. fix my env pls")
    collect = "\n".join(
        [
            bar("ERRORS"),
            fail_header("ERROR collecting tests/api/test_checkout.py"),
            "ImportError while importing test module '/home/dev/src/shop/tests/api/test_checkout.py'.",
            "Hint: make sure your test modules/packages have valid Python names.",
            "Traceback:",
            "/usr/lib/python3.12/importlib/__init__.py:90: in import_module",
            "    return _bootstrap._gcd_import(name[level:], package, level)",
            "tests/api/test_checkout.py:5: in <module>",
            "    import respx",
            "E   ModuleNotFoundError: No module named 'respx'",
            bar("short test summary info"),
            "ERROR tests/api/test_checkout.py",
            bar("Interrupted: 1 error during collection", "!"),
            "1 error in 1.88s",
        ]
    )
    s.act(None, Bash("pytest -q -x", collect, code=2, desc="Run the test suite", secs=4))
    s.act(
        "`respx` is new on main (the checkout tests mock httpx with it) and isn't in your venv yet. Syncing:",
        Bash(
            "uv sync --all-extras",
            "Resolved 94 packages in 12ms\nPrepared 2 packages in 311ms\nInstalled 2 packages in 9ms\n"
            " + respx==0.21.1\n + types-python-dateutil==2.9.0.20240906",
            desc="Sync the venv",
            secs=3,
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
                    },
                ),
                secs=19.7,
                quiet=True,
            ),
            desc="Run non-integration tests",
            secs=23,
        ),
    )
    s.say("Fixed: `uv sync` installed `respx` 0.21.1; all 140 non-integration tests pass.")
    s.user(
        "while you're here: the stripe client should retry on 429 and 5xx, Jonas asked for it. 3 attempts, "
        "exponential backoff. shop/payments/stripe_client.py",
        blocks_after=[TODO_REMINDER],
    )
    s.act(
        None,
        Edit(
            "shop/payments/stripe_client.py",
            "    timeout=10.0,\n)",
            "    timeout=10.0,\n    transport=httpx.AsyncHTTPTransport(retries=3),\n)",
            not_read=True,
        ),
    )
    s.act(None, Read("shop/payments/stripe_client.py", src.STRIPE_CLIENT, total=19))
    s.act(
        "`AsyncHTTPTransport(retries=...)` only retries connection errors, not 429/5xx, so I'll add a small "
        "retry wrapper instead.",
        Edit(
            "shop/payments/stripe_client.py",
            '    resp = await _client.post(\n        "/v1/payment_intents",\n'
            '        data={"amount": int(amount * 100), "currency": currency, "metadata[order_id]": order_id},\n'
            "    )",
            '    resp = await _post_with_retry(\n        "/v1/payment_intents",\n'
            '        data={"amount": int(amount * 100), "currency": currency, "metadata[order_id]": order_id},\n'
            "    )",
        ),
        Edit(
            "shop/payments/stripe_client.py",
            "    timeout=10.0,\n)\n",
            "    timeout=10.0,\n)\n\nRETRY_STATUSES = {429, 500, 502, 503, 504}\n\n\n"
            "async def _post_with_retry(path: str, *, data: dict, attempts: int = 3) -> httpx.Response:\n"
            "    for attempt in range(attempts):\n"
            "        resp = await _client.post(path, data=data)\n"
            "        if resp.status_code not in RETRY_STATUSES or attempt == attempts - 1:\n"
            "            return resp\n"
            "        await asyncio.sleep(0.5 * 2**attempt)\n"
            "    return resp\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/api/test_checkout.py -q",
            pytest_log([("tests/api/test_checkout.py", "." * 11)], secs=3.3, quiet=True),
            desc="Run checkout tests",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            'git switch -c feat/stripe-client-retries && git commit -am "payments: retry stripe calls on 429/5xx"',
            "Switched to a new branch 'feat/stripe-client-retries'\n"
            + git_commit("feat/stripe-client-retries", "0b6e4d8", "payments: retry stripe calls on 429/5xx", 1, 14, 2),
            desc="Branch and commit",
        ),
    )
    s.branch = "feat/stripe-client-retries"
    s.user(
        "always run ruff format before you commit, CI rejects unformatted code. fix up the commit",
        rules=[("ruff_format", "always run ruff format before you commit")],
    )
    s.act(
        None,
        Bash(
            "ruff format shop tests && git commit -a --amend --no-edit && git push -u origin "
            "feat/stripe-client-retries",
            "1 file reformatted, 118 files left unchanged\n"
            + git_commit("feat/stripe-client-retries", "9a1f5c2", "payments: retry stripe calls on 429/5xx", 1, 15, 2)
            + "\n"
            + git_push("feat/stripe-client-retries", "", "", new_branch=True),
            desc="Format, amend, push",
            secs=4,
        ),
    )
    s.say("Reformatted (`stripe_client.py` had one long line), amended and pushed `feat/stripe-client-retries`.")
    s.one_off("ModuleNotFoundError: No module named 'respx' after pulling main (venv out of date; fixed with uv sync)")
    s.outcome("success", "venv fixed with uv sync, stripe client retries added, formatted and pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s09_ci_hang() -> Session:
    s = Session("s09-ci-hang", "2026-09-04T10:15:40", "2.1.147", "fix/ci-consumer-hang", "stormy-nesting-bison")
    s.user(
        "CI integration job has been timing out at 30 min since yesterday. why does this always fail on CI and "
        "never locally?",
        after=0,
        non_rules=["why does this always fail on CI and never locally?"],
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow ci.yml -L 5",
            "STATUS  TITLE                                        WORKFLOW  BRANCH                     EVENT  "
            "      ID           ELAPSED  AGE\n"
            "X       payments: retry stripe calls on 429/5xx     ci        feat/stripe-client-retries pull_"
            "request  10874523311  30m12s   about 18 hours ago\n"
            "X       payments: handle charge.refunded webhook... ci        feat/stripe-refund-webhook pull_"
            "request  10871190455  30m9s    about 1 day ago\n"
            "✓       admin: CSV export of orders by date range  ci        feat/admin-csv-export      pull_"
            "request  10859930127  6m41s    about 3 days ago",
            desc="Recent CI runs",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run view 10874523311 --log-failed | tail -25",
            "integration\tRun tests\t2026-09-03T15:31:07.0412Z tests/integration/test_order_consumer.py::"
            "test_order_created_event_is_consumed PASSED [ 26%]\n"
            "integration\tRun tests\t2026-09-03T15:31:29.8830Z tests/integration/test_order_consumer.py::"
            "test_duplicate_event_is_idempotent PASSED [ 33%]\n"
            "integration\tRun tests\t2026-09-03T16:00:58.1170Z ##[error]The operation was canceled.\n"
            "integration\tPost Run tests\t2026-09-03T16:00:58.3021Z Cleaning up orphan processes\n"
            "integration\tPost Run tests\t2026-09-03T16:00:58.3399Z Terminate orphan process: pid (2114) "
            "(python)",
            desc="Failed job log",
            secs=3,
        ),
    )
    s.act(
        "It hangs right after `test_duplicate_event_is_idempotent` *passed*, so in its teardown, not in a test "
        "body. That points at the `order_consumer` fixture.",
        Read("tests/integration/conftest.py", src.KAFKA_CONFTEST, total=36),
    )
    hang = "\n".join(
        [
            fail_header("ERROR at teardown of test_duplicate_event_is_idempotent"),
            "",
            "+" * 35 + " Timeout " + "+" * 36,
            "~" * 19 + " Stack of asyncio_0 (139788402317120) " + "~" * 19,
            '  File "/home/dev/src/shop/.venv/lib/python3.12/site-packages/aiokafka/consumer/group_coordinator.py", '
            "line 1187, in _heartbeat_routine",
            "    await asyncio.wait([self._closing], timeout=sleep_time)",
            '  File "/home/dev/src/shop/.venv/lib/python3.12/site-packages/aiokafka/consumer/group_coordinator.py", '
            "line 1028, in _maybe_do_last_autocommit",
            "    await self.commit_offsets(assignment, offsets)",
            "+" * 80,
            "E   Failed: Timeout >120.0s",
        ]
    )
    s.act(
        None,
        Bash(
            "pytest tests/integration/test_order_consumer.py -p no:randomly --timeout=120 -q",
            pytest_log(
                [("tests/integration/test_order_consumer.py", "...E")],
                secs=168.2,
                quiet=True,
                collected=6,
                errors=[hang],
                short=[
                    "ERROR tests/integration/test_order_consumer.py::"
                    "test_duplicate_event_is_idempotent - Failed: Timeout >120.0s"
                ],
                tail_note=bar("stopping after 1 failures", "!"),
            ),
            code=1,
            desc="Reproduce with a teardown timeout",
            timeout=300000,
            secs=172,
        ),
    )
    s.act(
        "Reproduced locally with `-p no:randomly` (test order matters, which is why it looked CI-only): the "
        "teardown of `test_duplicate_event_is_idempotent` hangs for 120s inside aiokafka's group coordinator. "
        "The fixture only does `task.cancel()`, it never calls `consumer.stop()`, so the consumer's heartbeat "
        "task keeps the member in group `shop-orders` and"
    )
    s.interrupt(after=4)
    s.user("sorry, standup. I'll just rerun CI for now and hope it goes green, we'll get back to this")
    s.say(
        "Sure. When we come back to it: the teardown of the `order_consumer` fixture "
        "(tests/integration/conftest.py) is where it hangs."
    )
    s.hit(KAFKA)
    s.outcome("failed", "CI hang reproduced but not fixed; user interrupts and just reruns CI")
    return s


SESSIONS = [
    s01_order_totals,
    s02_consumer_timeout,
    s03_admin_csv,
    s04_coupon_stacking,
    s05_alembic_gift_cards,
    s06_refund_outbox,
    s07_stripe_webhook,
    s08_env_and_retries,
    s09_ci_hang,
]

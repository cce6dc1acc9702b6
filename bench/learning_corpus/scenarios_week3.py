"""Sessions of the third week (Mon 14 Sep - Fri 18 Sep 2026)."""

from __future__ import annotations

import shop_source as src
from fake_output import ALEMBIC_MULTIPLE_HEADS, alembic_info, git_commit, git_push, pytest_log, suite
from transcript_kit import (
    TMP_TASKS,
    Agent,
    Bash,
    Denied,
    Edit,
    Glob,
    Grep,
    Read,
    ReadTooBig,
    Session,
    TaskCreate,
    TaskUpdate,
    Write,
)

ALEMBIC = "alembic-multiple-heads"

ORDER_MODEL = """class Order(Base):
    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(primary_key=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customers.id"), index=True)
    status: Mapped[OrderStatus] = mapped_column(default=OrderStatus.PENDING)
    total: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    refunded_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal("0.00"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())"""

MONEY_CENTS = '''"""Money is an int of cents. VAT rates are basis points, so no Decimal is needed anywhere."""

VAT_BPS = {"default": 1900, "books": 700, "food": 700}


def vat_bps(category: str) -> int:
    return VAT_BPS.get(category, VAT_BPS["default"])


def vat_cents(net_cents: int, category: str) -> int:
    """VAT on a net amount, rounded half up to a whole cent."""
    return (net_cents * vat_bps(category) + 5_000) // 10_000


def format_cents(cents: int) -> str:
    euros, rest = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{euros:,}".replace(",", ".") + f",{rest:02d} €"'''


def _sa4_decimal_money(a: Session) -> None:
    a.act(
        "Starting with the database columns.",
        Grep(
            r"Numeric\(",
            [
                "shop/db/models.py:31:    total: Mapped[Decimal] = mapped_column(Numeric(12, 2))",
                "shop/db/models.py:32:    refunded_total: Mapped[Decimal] = mapped_column(Numeric(12, 2),"
                ' default=Decimal("0.00"))',
                "shop/db/models.py:58:    unit_price: Mapped[Decimal] = mapped_column(Numeric(12, 2))",
                "shop/invoices/models.py:19:    amount: Mapped[Decimal] = mapped_column(Numeric(12, 2))",
            ],
            mode="content",
            path="shop",
        ),
    )
    a.act(
        None,
        Grep(
            r":\s*Decimal\b",
            [
                "shop/api/schemas.py:37:    total: Decimal",
                "shop/api/schemas.py:65:    subtotal: Decimal",
                "shop/api/schemas.py:66:    total_with_tax: Decimal",
                "shop/payments/refunds.py:12:async def issue_refund(session, order: Order, amount: Decimal) -> Refund:",
                "shop/payments/service.py:38:async def mark_refunded(order_id: str, amount: Decimal) -> None:",
                "shop/payments/stripe_client.py:57:async def create_payment_intent(amount: Decimal, currency: str, "
                "order_id: int) -> dict:",
            ],
            mode="content",
            path="shop",
        ),
    )
    a.act(
        None,
        Grep(
            r"to_money\(|from_cents\(",
            ["shop/api/orders.py", "shop/payments/webhooks.py", "shop/orders/pricing.py", "shop/money.py"],
            path="shop",
        ),
    )
    a.act(
        None,
        Grep(
            r"Decimal\(\"",
            [
                "tests/api/test_order_summary.py",
                "tests/api/test_checkout.py",
                "tests/unit/test_money.py",
                "tests/unit/test_order_service.py",
                "tests/conftest.py",
            ],
            path="tests",
        ),
    )
    a.act(
        None,
        Read(
            "shop/payments/webhooks.py",
            """    if event["type"] == "charge.refunded":
        charge = event["data"]["object"]
        await mark_refunded(charge["metadata"]["order_id"], from_cents(charge["amount_refunded"]))""",
            offset=21,
            limit=3,
            total=33,
        ),
    )
    a.act(None, Glob("migrations/versions/*cents*.py", []))
    a.say(
        "Decimal money, grouped by module (no migration to cents exists yet):\n\n"
        "**DB columns** (`Numeric(12, 2)`): `shop/db/models.py:31` orders.total, `:32` orders.refunded_total, "
        "`:58` order_items.unit_price; `shop/invoices/models.py:19` invoices.amount\n\n"
        "**API schemas**: `shop/api/schemas.py:37` OrderOut.total, `:65-66` OrderSummary.subtotal / "
        "total_with_tax\n\n**Services / signatures**: `shop/payments/refunds.py:12` issue_refund(amount), "
        "`shop/payments/service.py:38` mark_refunded(amount), `shop/payments/stripe_client.py:57` "
        "create_payment_intent(amount) — converts back with `int(amount * 100)`\n\n"
        "**Helpers**: `shop/money.py` (`to_money`, `from_cents`, Decimal VAT rates), used in "
        "shop/api/orders.py, shop/payments/webhooks.py (`from_cents(charge['amount_refunded'])`, i.e. Stripe "
        "already sends cents), shop/orders/pricing.py\n\n"
        "**Tests with Decimal literals**: test_order_summary.py, test_checkout.py, test_money.py, "
        "test_order_service.py, tests/conftest.py (factories)"
    )


def s19_money_cents() -> Session:
    s = Session("s19-money-cents", "2026-09-14T08:10:57", "2.1.173", "refactor/money-cents", "bold-ticking-lemur")
    s.user(
        "ok, big one. we sat down with finance and the Stripe side this morning. rule: money is an int of cents "
        "now, never Decimal. Stripe wants cents anyway and we keep rounding in the wrong places. start with "
        "orders + payments: models, API schemas, the stripe client. DB columns become BIGINT *_cents",
        after=0,
        rules=[("cents", "money is an int of cents now, never Decimal", "decimal")],
        decisions=["DB columns become BIGINT *_cents"],
    )
    s.title("Switch money from Decimal to integer cents")
    s.act(
        "That reverses the Decimal convention, so this touches a lot. Tracking it:",
        TaskCreate(
            "Inventory Decimal money", "Every Decimal money field, signature and test", "Inventorying Decimal money"
        ),
        TaskCreate(
            "Orders + payments to cents",
            "Models, migration, schemas, money helpers, stripe client",
            "Converting orders and payments to cents",
        ),
        TaskCreate("Tests green", "Adjust tests asserting Decimal values", "Fixing tests"),
    )
    s.act(
        None,
        Agent(
            "Inventory Decimal money fields",
            "Find every place in shop/ and tests/ where a money amount is a Decimal: SQLAlchemy columns "
            "(Numeric), pydantic fields, function signatures, helpers in shop/money.py and where they are "
            "used, and tests asserting Decimal values. Group by module with file:line. Don't change "
            "anything.",
            "general-purpose",
            _sa4_decimal_money,
            model="claude-sonnet-4-6",
        ),
    )
    s.act(None, Read("shop/db/models.py", ORDER_MODEL, offset=24, limit=9, total=140))
    s.act(
        None,
        Edit(
            "shop/db/models.py",
            "    total: Mapped[Decimal] = mapped_column(Numeric(10, 2))",
            "    total_cents: Mapped[int] = mapped_column(BigInteger)",
            not_found=True,
        ),
    )
    s.act(
        "Precision is (12, 2), not (10, 2):",
        Edit(
            "shop/db/models.py",
            "    total: Mapped[Decimal] = mapped_column(Numeric(12, 2))\n"
            '    refunded_total: Mapped[Decimal] = mapped_column(Numeric(12, 2), default=Decimal("0.00"))',
            "    total_cents: Mapped[int] = mapped_column(BigInteger)\n"
            "    refunded_total_cents: Mapped[int] = mapped_column(BigInteger, default=0)",
        ),
    )
    s.act(
        None,
        Bash(
            'alembic revision --autogenerate -m "money as integer cents"',
            alembic_info(
                [
                    "INFO  [alembic.autogenerate.compare] Detected added column 'orders.total_cents'",
                    "INFO  [alembic.autogenerate.compare] Detected added column 'orders.refunded_total_cents'",
                    "INFO  [alembic.autogenerate.compare] Detected removed column 'orders.refunded_total'",
                    "INFO  [alembic.autogenerate.compare] Detected removed column 'orders.total'",
                    "Generating /home/dev/src/shop/migrations/versions/3d9c7a2e6b14_money_as_integer_cents.py ...  done",
                ]
            ),
            desc="Autogenerate the migration",
            secs=3,
        ),
    )
    autogen = """def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.add_column("orders", sa.Column("total_cents", sa.BigInteger(), nullable=False))
    op.add_column("orders", sa.Column("refunded_total_cents", sa.BigInteger(), nullable=False))
    op.drop_column("orders", "refunded_total")
    op.drop_column("orders", "total")
    # ### end Alembic commands ###"""
    s.act(
        "Autogenerate would drop the old columns without copying the data. Adjusting it:",
        Read("migrations/versions/3d9c7a2e6b14_money_as_integer_cents.py", autogen, offset=19, limit=7, total=36),
    )
    s.act(
        None,
        Edit(
            "migrations/versions/3d9c7a2e6b14_money_as_integer_cents.py",
            autogen,
            """def upgrade() -> None:
    op.add_column("orders", sa.Column("total_cents", sa.BigInteger(), nullable=True))
    op.add_column("orders", sa.Column("refunded_total_cents", sa.BigInteger(), nullable=True))
    op.execute("UPDATE orders SET total_cents = round(total * 100)::bigint, "
               "refunded_total_cents = round(refunded_total * 100)::bigint")
    op.alter_column("orders", "total_cents", nullable=False)
    op.alter_column("orders", "refunded_total_cents", nullable=False, server_default="0")
    op.drop_column("orders", "refunded_total")
    op.drop_column("orders", "total")""",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The "
        "conversation is summarized below:\nAnalysis:\nThe user announced a change of convention and asked "
        "to convert orders and payments from Decimal money to integer cents.\n\nSummary:\n"
        '1. Primary Request and Intent:\n   The user said: "rule: money is an int of cents now, never '
        'Decimal". Convert orders + payments: models, API schemas, the stripe client; DB columns become '
        "BIGINT *_cents.\n\n2. Key Technical Concepts:\n   - SQLAlchemy 2.0 Mapped columns, Alembic "
        "autogenerate with a manual data migration\n   - Stripe amounts are already integer cents\n\n"
        "3. Files and Code Sections:\n   - shop/db/models.py: Order.total/refunded_total -> total_cents/"
        "refunded_total_cents (BigInteger)\n   - migrations/versions/3d9c7a2e6b14_money_as_integer_cents.py: "
        "add nullable columns, UPDATE ... round(total * 100)::bigint, then NOT NULL, drop old columns\n"
        "   - A subagent inventoried Decimal usage: schemas.py:37,65-66; refunds.py:12; service.py:38; "
        "stripe_client.py:57; shop/money.py helpers; tests with Decimal literals\n\n"
        "4. Errors and fixes:\n   - Edit of models.py failed once (string not found: Numeric(10, 2) vs "
        "Numeric(12, 2)); retried with the right string.\n\n5. Pending Tasks:\n   - schemas, shop/money.py, "
        "stripe client, tests\n\n6. Current Work:\n   Migration adjusted; next are the API schemas and "
        "money helpers.\n\n7. Optional Next Step:\n   Convert OrderSummary and shop/money.py to cents.",
        pre_tokens=167_412,
        post_tokens=14_903,
    )
    s.act(
        "Continuing with the schemas and the money helpers.",
        Read(
            "shop/api/schemas.py",
            """class OrderSummary(BaseModel):
    id: int
    status: OrderStatus
    item_count: int
    subtotal: Decimal
    total_with_tax: Decimal""",
            offset=61,
            limit=6,
            total=228,
        ),
        Read("shop/money.py", src.MONEY_PY),
    )
    s.act(
        None,
        Edit(
            "shop/api/schemas.py",
            "    subtotal: Decimal\n    total_with_tax: Decimal",
            "    subtotal_cents: int\n    total_with_tax_cents: int",
        ),
        Edit("shop/money.py", src.MONEY_PY, MONEY_CENTS),
    )
    s.act(
        None,
        Bash(
            "mypy shop",
            'shop/api/orders.py:57: error: Module "shop.money" has no attribute "to_money"  '
            '[attr-defined]\nshop/api/checkout.py:61: error: Argument "amount" to "create_payment_intent" '
            'has incompatible type "int"; expected "Decimal"  [arg-type]\nFound 2 errors in 2 files '
            "(checked 86 source files)",
            code=1,
            desc="Type-check",
        ),
    )
    s.act(
        None,
        Read(
            "shop/payments/stripe_client.py",
            """async def create_payment_intent(amount: Decimal, currency: str, order_id: int) -> dict:
    resp = await _post_with_retry(
        "/v1/payment_intents",
        data={"amount": int(amount * 100), "currency": currency, "metadata[order_id]": order_id},
    )""",
            offset=57,
            limit=5,
            total=64,
        ),
        Read(
            "shop/api/orders.py",
            """    subtotal = to_money(sum(item.unit_price * item.qty for item in order.items))
    return OrderSummary(
        id=order.id,
        status=order.status,
        item_count=sum(item.qty for item in order.items),
        subtotal=subtotal,
        total_with_tax=to_money(
            sum(item.unit_price * item.qty * (1 + vat_rate(item.category)) for item in order.items)
        ),
    )""",
            offset=51,
            limit=10,
            total=133,
        ),
    )
    s.act(
        None,
        Edit(
            "shop/payments/stripe_client.py",
            "async def create_payment_intent(amount: Decimal, currency: str, order_id: int) -> dict:",
            "async def create_payment_intent(amount: int, currency: str, order_id: int) -> dict:\n"
            '    """amount in cents, as Stripe expects it."""',
        ),
        Edit("shop/payments/stripe_client.py", '"amount": int(amount * 100)', '"amount": amount'),
        Edit(
            "shop/api/orders.py",
            """    subtotal = to_money(sum(item.unit_price * item.qty for item in order.items))
    return OrderSummary(
        id=order.id,
        status=order.status,
        item_count=sum(item.qty for item in order.items),
        subtotal=subtotal,
        total_with_tax=to_money(
            sum(item.unit_price * item.qty * (1 + vat_rate(item.category)) for item in order.items)
        ),
    )""",
            """    subtotal = sum(item.unit_price_cents * item.qty for item in order.items)
    vat = sum(vat_cents(item.unit_price_cents * item.qty, item.category) for item in order.items)
    return OrderSummary(
        id=order.id,
        status=order.status,
        item_count=sum(item.qty for item in order.items),
        subtotal_cents=subtotal,
        total_with_tax_cents=subtotal + vat,
    )""",
        ),
    )
    s.act(
        None,
        Read(
            "tests/api/test_order_summary.py",
            """    # 20.00 * 1.07 + 2 * 9.99 * 1.19 = 21.40 + 23.7762 -> 45.18
    assert Decimal(resp.json()["total_with_tax"]) == Decimal("45.18")""",
            offset=9,
            limit=2,
            total=10,
        ),
        Read(
            "tests/unit/test_money.py",
            """def test_to_money_rounds_half_up():
    assert to_money(Decimal("2.675")) == Decimal("2.68")""",
            offset=8,
            limit=2,
            total=61,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/api/test_order_summary.py",
            "    # 20.00 * 1.07 + 2 * 9.99 * 1.19 = 21.40 + 23.7762 -> 45.18\n"
            '    assert Decimal(resp.json()["total_with_tax"]) == Decimal("45.18")',
            "    # 2000 + 140 VAT, 2 * 999 + 380 VAT (379.62 rounded) -> 4518\n"
            '    assert resp.json()["total_with_tax_cents"] == 4518',
        ),
        Edit(
            "tests/unit/test_money.py",
            'def test_to_money_rounds_half_up():\n    assert to_money(Decimal("2.675")) == Decimal("2.68")',
            'def test_vat_cents_rounds_half_up():\n    assert vat_cents(1250, "books") == 88  # 87.5 -> 88',
        ),
    )
    s.act(
        None,
        Bash(
            "mypy shop && pytest -q -p no:randomly --ignore=tests/integration",
            "Success: no issues found in 86 source files\n"
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
                        "tests/api/test_cart.py": 15,
                        "tests/api/test_orders.py": 18,
                    },
                ),
                secs=24.1,
                quiet=True,
            ),
            desc="Type-check and test",
            secs=32,
        ),
    )
    s.act(None, TaskUpdate("1", "completed"), TaskUpdate("2", "completed"), TaskUpdate("3", "completed"))
    s.act(
        None,
        Bash(
            'ruff format shop tests migrations && git add -A && git commit -m "money: orders and payments as '
            'integer cents" && git push -u origin refactor/money-cents && gh pr create --fill --base main',
            "3 files reformatted, 127 files left unchanged\n"
            + git_commit(
                "refactor/money-cents",
                "f27c81e",
                "money: orders and payments as integer cents",
                11,
                96,
                71,
                ["migrations/versions/3d9c7a2e6b14_money_as_integer_cents.py"],
            )
            + "\n"
            + git_push("refactor/money-cents", "", "", new_branch=True, pr=False)
            + "\n\nCreating pull request for refactor/money-cents into main in dev-shop/shop\n\n"
            "https://github.com/dev-shop/shop/pull/226",
            desc="Format, commit, push, PR",
            secs=7,
        ),
    )
    s.say(
        "PR #226 (https://github.com/dev-shop/shop/pull/226): orders + payments in integer cents, data migration "
        "with `round(total * 100)`, money helpers without Decimal, mypy clean, 189 tests pass. Invoices "
        "(`invoices.amount`) and `order_items.unit_price` columns are still Numeric — next PR."
    )
    s.user("great. invoices and order items tomorrow")
    s.one_off("mypy arg-type error after the cents switch: create_payment_intent still declared amount: Decimal")
    s.outcome(
        "success", "orders/payments moved to integer cents with a data migration; mypy and tests green; PR opened"
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def s20_deps() -> Session:
    s = Session("s20-deps", "2026-09-14T14:30:12", "2.1.173", "chore/deps-sept", "lucky-fuzzy-gecko")
    s.user(
        "monthly dependency bump. uv lock --upgrade, then the full suite. fastapi, sqlalchemy, aiokafka and stripe "
        "are the ones I care about",
        after=0,
    )
    s.act(
        None,
        Bash(
            "uv lock --upgrade",
            "Resolved 97 packages in 2.14s\nUpdated aiokafka v0.11.0 -> v0.12.0\n"
            "Updated alembic v1.13.2 -> v1.13.3\nUpdated anyio v4.6.0 -> v4.6.2\n"
            "Updated fastapi v0.114.2 -> v0.115.0\nUpdated pydantic v2.9.1 -> v2.9.2\n"
            "Updated pydantic-core v2.23.3 -> v2.23.4\nUpdated sqlalchemy v2.0.34 -> v2.0.35\n"
            "Updated starlette v0.38.5 -> v0.38.6\nUpdated stripe v10.12.0 -> v11.0.0\n"
            "Updated uvicorn v0.30.6 -> v0.31.0",
            desc="Upgrade the lock file",
            secs=5,
        ),
    )
    s.act("stripe jumps a major version (10 → 11). Let me look at the lock diff.", ReadTooBig("uv.lock", 98213))
    s.act(
        None,
        Bash(
            "git diff --stat && uv sync --all-extras",
            " uv.lock | 412 ++++++++++++++++++++++++++++++++++++++--------------------------------\n"
            " 1 file changed, 206 insertions(+), 206 deletions(-)\nResolved 97 packages in 9ms\n"
            "Prepared 10 packages in 1.21s\nUninstalled 10 packages in 48ms\nInstalled 10 packages in 31ms",
            desc="Lock diff size and sync",
            secs=4,
        ),
    )
    bg = Bash("pytest -q -p no:randomly", desc="Full suite after dependency upgrade", bg=True)
    s.act("Running the full suite (with integration tests) in the background while I check the stripe 11 changes.", bg)
    s.act(
        None,
        Grep(
            r"stripe\.(error|Webhook|SignatureVerificationError)",
            [
                "shop/payments/webhooks.py:19:    except stripe.SignatureVerificationError:",
                "shop/payments/webhooks.py:15:        event = stripe.Webhook.construct_event(",
            ],
            mode="content",
            path="shop",
        ),
    )
    s.say(
        "We only use `stripe.Webhook.construct_event` and `stripe.SignatureVerificationError` from the SDK "
        "(payments go through our own httpx client), and both exist unchanged in stripe 11."
    )
    s.bash_done(bg.bg_task, after=70)
    s.act(
        None,
        Bash(
            f"tail -n 4 {TMP_TASKS}/{s.id}/tasks/{bg.bg_task}.output",
            "........................................................................ [ 84%]\n"
            ".................................                                       [100%]\n"
            "201 passed, 2 warnings in 93.82s (0:01:33)",
            desc="Result of the background run",
        ),
    )
    s.say(
        "All 201 tests pass, including the Kafka integration tests on aiokafka 0.12. The 2 warnings are "
        "pydantic deprecation notices in tests/helpers."
    )
    s.turn_done()
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The "
        "conversation is summarized below:\nAnalysis:\nMonthly dependency upgrade of the shop project.\n\n"
        "Summary:\n1. Primary Request and Intent:\n   `uv lock --upgrade`, then the full test suite; the user "
        "cares about fastapi, sqlalchemy, aiokafka and stripe.\n\n2. Key Technical Concepts:\n   - uv lock / "
        "uv sync; pytest run in the background\n   - Project conventions seen earlier: money is an int of "
        "cents; always run ruff format before committing; tests never hit the real Stripe API.\n\n"
        "3. Files and Code Sections:\n   - uv.lock: 10 packages updated (aiokafka 0.12.0, fastapi 0.115.0, "
        "sqlalchemy 2.0.35, stripe 11.0.0, ...); too large to Read (98k tokens)\n\n4. Errors and fixes:\n"
        "   - none\n\n5. Pending Tasks:\n   - commit the lock file\n\n6. Current Work:\n   Full suite passed "
        "(201 passed).\n\n7. Optional Next Step:\n   Commit uv.lock on chore/deps-sept.",
        pre_tokens=61_230,
        post_tokens=9_877,
    )
    s.user("should we switch to confluent-kafka while we're at it? Jonas keeps asking")
    s.say(
        "I'd stay on aiokafka:\n- **aiokafka**: native asyncio, fits our FastAPI/async SQLAlchemy stack, the "
        "consumer and tests are built around it, now stable on 0.12.\n- **confluent-kafka**: faster (librdkafka) "
        "and more complete, but its Python API is callback/thread based; the asyncio wrapper is experimental, so "
        "the consumer would need rewriting around threads.\n\nOur volume (a few thousand orders a day) is far from "
        "where throughput matters."
    )
    s.user(
        "Decision: we stay on aiokafka, not confluent-kafka — the async API matters more to us than raw "
        "throughput. commit the bump",
        decisions=["we stay on aiokafka, not confluent-kafka — the async API matters more to us than raw throughput"],
    )
    s.act(
        None,
        Bash(
            'ruff format --check shop tests && git add uv.lock && git commit -m "deps: September upgrade '
            '(fastapi 0.115, sqlalchemy 2.0.35, aiokafka 0.12, stripe 11)" && git push -u origin '
            "chore/deps-sept",
            "131 files already formatted\n"
            + git_commit(
                "chore/deps-sept",
                "c3a0e77",
                "deps: September upgrade (fastapi 0.115, sqlalchemy 2.0.35, aiokafka 0.12, stripe 11)",
                1,
                206,
                206,
            )
            + "\n"
            + git_push("chore/deps-sept", "", "", new_branch=True),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed `chore/deps-sept` (c3a0e77).")
    s.outcome("success", "dependencies upgraded, full suite green in the background run, committed and pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s21_alembic_ci() -> Session:
    s = Session("s21-alembic-ci", "2026-09-15T09:20:40", "2.1.173", "feat/shipping-zones", "sandy-orbit-otter")
    s.user("CI is red on the shipping zones PR (#231). I think it's the alembic thing again", after=0)
    s.act(
        None,
        Bash(
            "gh pr checks 231",
            "Some checks were not successful\n0 cancelled, 2 failing, 1 successful, 0 skipped, and 0 pending "
            "checks\n\n   NAME        DESCRIPTION  ELAPSED  URL\nX  migrations               1m12s    "
            "https://github.com/dev-shop/shop/actions/runs/10991200457/job/30521887310\nX  test       "
            "              5m03s    https://github.com/dev-shop/shop/actions/runs/10991200457/job/"
            "30521887355\n✓  lint                     41s      https://github.com/dev-shop/shop/actions/"
            "runs/10991200457/job/30521887291",
            code=1,
            desc="PR checks",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run view 10991200457 --log-failed | grep -E 'FAILED|head' | head -n 5",
            "migrations\tRun migrations\t2026-09-15T08:58:12.4410Z docker compose run --rm migrate alembic "
            "upgrade head\n"
            f"migrations\tRun migrations\t2026-09-15T08:58:19.0936Z {ALEMBIC_MULTIPLE_HEADS}\n"
            "test\tRun tests\t2026-09-15T09:03:21.7702Z FAILED tests/test_migrations.py::test_single_head - "
            "AssertionError: expected a single alembic head, found 2: ['9b0e5d3c2f41', 'c2a7e4410f8b']\n"
            "test\tRun tests\t2026-09-15T09:03:21.7705Z ========= 1 failed, 207 passed, 2 warnings in 301.22s "
            "(0:05:01) =========",
            desc="Failed CI log lines",
            secs=3,
        ),
    )
    s.act(
        "Yes: two heads once the PR is merged with main — `test_single_head` and the migrate job both say so. "
        "Reproducing locally:",
        Bash(
            "git fetch origin && git merge origin/main --no-edit && alembic heads",
            "Merge made by the 'ort' strategy.\n migrations/versions/c2a7e4410f8b_invoice_numbers_per_year.py | 31 "
            "+++++\n shop/invoices/numbering.py | 44 ++++++\n 2 files changed, 75 insertions(+)\n"
            " create mode 100644 migrations/versions/c2a7e4410f8b_invoice_numbers_per_year.py\n"
            " create mode 100644 shop/invoices/numbering.py\n9b0e5d3c2f41 (head)\nc2a7e4410f8b (head)",
            desc="Merge main and list heads",
            secs=4,
        ),
    )
    s.act(
        "Your `shipping zones` and main's `invoice numbers per year` both revise `3d9c7a2e6b14`. Merge revision:",
        Bash(
            'alembic merge -m "merge shipping zones and invoice numbers heads" 9b0e5d3c2f41 c2a7e4410f8b && '
            "alembic upgrade head",
            "Generating /home/dev/src/shop/migrations/versions/5c8d1a7e2b90_merge_shipping_zones_and_invoice_"
            "numbers_heads.py ...  done\n"
            + alembic_info(
                [
                    "INFO  [alembic.runtime.migration] Running upgrade 3d9c7a2e6b14 -> c2a7e4410f8b, invoice numbers "
                    "per year",
                    "INFO  [alembic.runtime.migration] Running upgrade 9b0e5d3c2f41, c2a7e4410f8b -> 5c8d1a7e2b90, "
                    "merge shipping zones and invoice numbers heads",
                ]
            ),
            desc="Merge heads and upgrade",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/test_migrations.py tests/api/test_shipping_zones.py -q",
            pytest_log(
                [("tests/api/test_shipping_zones.py", "." * 7), ("tests/test_migrations.py", "...")],
                secs=3.9,
                quiet=True,
            ),
            desc="Migration + shipping zone tests",
            secs=7,
        ),
    )
    s.act(
        None,
        Bash(
            "git add migrations/versions/5c8d1a7e2b90_merge_shipping_zones_and_invoice_numbers_heads.py && "
            'git commit -m "migrations: merge shipping zones and invoice numbers heads" && git push',
            git_commit(
                "feat/shipping-zones",
                "1d7e2c5",
                "migrations: merge shipping zones and invoice numbers heads",
                1,
                24,
                0,
                ["migrations/versions/5c8d1a7e2b90_merge_shipping_zones_and_invoice_numbers_heads.py"],
            )
            + "\n"
            + git_push("feat/shipping-zones", "8a44f10", "1d7e2c5"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "gh pr checks 231 --watch --interval 30",
            "All checks were successful\n0 cancelled, 0 failing, 3 successful, 0 skipped, and 0 pending "
            "checks\n\n   NAME        DESCRIPTION  ELAPSED  URL\n✓  lint                     39s      "
            "https://github.com/dev-shop/shop/actions/runs/10991874102/job/30523310845\n✓  migrations         "
            "      1m05s    https://github.com/dev-shop/shop/actions/runs/10991874102/job/30523310871\n"
            "✓  test                     5m11s    https://github.com/dev-shop/shop/actions/runs/10991874102/"
            "job/30523310902",
            desc="Wait for CI",
            timeout=600000,
            secs=340,
        ),
    )
    s.say("CI is green on #231: merged main, added merge revision `5c8d1a7e2b90`, one head again.")
    s.user("green. thanks")
    s.hit(ALEMBIC)
    s.outcome("success", "CI failure from two alembic heads fixed with a merge revision; checks green")
    return s


# ------------------------------------------------------------------------------------------------------------------
EMAIL_TEMPLATE = """  <tr class="total-row">
    <td colspan="2">Total</td>
    <td class="total">{{ order.total_cents }} €</td>
  </tr>"""

TEMPLATING_PY = """from jinja2 import Environment, FileSystemLoader, select_autoescape

from shop.clock import BUSINESS_TZ

env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape())


def local_dt(value):
    return value.astimezone(BUSINESS_TZ).strftime("%d.%m.%Y %H:%M")


env.filters["local_dt"] = local_dt"""


def s22_email_total() -> Session:
    s = Session("s22-email-total", "2026-09-16T08:55:19", "2.1.176", "fix/order-email-template", "keen-dappled-puffin")
    s.user(
        "the order confirmation email shows the total as 4599 € instead of 45,99 € since the cents switch. fix "
        "the template",
        after=0,
    )
    s.title("Fix order email total formatting")
    s.act(
        None,
        Grep(
            r"_cents",
            [
                'templates/email/order_confirmation.html:41:    <td class="total">{{ order.total_cents }} €</td>',
                "templates/email/refund_issued.html:18:  <p>Refunded: {{ refund.amount_cents }} €</p>",
            ],
            mode="content",
            path="templates/email",
        ),
    )
    s.act(
        None,
        Read("templates/email/order_confirmation.html", EMAIL_TEMPLATE, offset=39, limit=4, total=77),
        Read("shop/templating.py", TEMPLATING_PY),
    )
    s.act(
        "The refund email has the same problem. Adding a `format_cents` filter (the helper already exists in "
        "shop/money.py) and using it in both templates:",
        Edit(
            "shop/templating.py",
            'env.filters["local_dt"] = local_dt',
            'env.filters["local_dt"] = local_dt\nenv.filters["format_cents"] = format_cents',
        ),
        Edit(
            "shop/templating.py",
            "from shop.clock import BUSINESS_TZ\n",
            "from shop.clock import BUSINESS_TZ\nfrom shop.money import format_cents\n",
        ),
        Edit(
            "templates/email/order_confirmation.html",
            "{{ order.total_cents }} €",
            "{{ order.total_cents|format_cents }}",
        ),
    )
    s.act(
        None,
        Read(
            "templates/email/refund_issued.html",
            "  <p>Refunded: {{ refund.amount_cents }} €</p>",
            offset=18,
            limit=1,
            total=30,
        ),
    )
    s.act(
        None,
        Edit(
            "templates/email/refund_issued.html",
            "{{ refund.amount_cents }} €",
            "{{ refund.amount_cents|format_cents }}",
        ),
    )
    s.act(
        None,
        Write(
            "tests/unit/test_email_templates.py",
            """from shop.templating import env


def test_order_confirmation_total_in_euros(make_order_view):
    html = env.get_template("email/order_confirmation.html").render(order=make_order_view(total_cents=4599))
    assert "45,99 €" in html


def test_refund_amount_in_euros(make_refund_view):
    html = env.get_template("email/refund_issued.html").render(refund=make_refund_view(amount_cents=123456))
    assert "1.234,56 €" in html
""",
        ),
    )
    s.act(
        None,
        Bash(
            'pytest tests/unit/test_email_templates.py -q && git add -A && git commit -m "email: add '
            'format_cents filter" -- shop/templating.py tests/unit/test_email_templates.py && git commit -am '
            '"email: show totals with format_cents"',
            pytest_log([("tests/unit/test_email_templates.py", "..")], secs=0.4, quiet=True)
            + "\n"
            + git_commit(
                "fix/order-email-template",
                "5a1f9c3",
                "email: add format_cents filter",
                2,
                15,
                0,
                ["tests/unit/test_email_templates.py"],
            )
            + "\n"
            + git_commit("fix/order-email-template", "2c4e9d1", "email: show totals with format_cents", 2, 2, 2),
            desc="Test and commit",
            secs=4,
        ),
    )
    s.act(
        None,
        Denied(
            Bash("git push -u origin fix/order-email-template", desc="Push the branch"),
            said="wait — squash those two into one commit first, then push",
        ),
    )
    s.act(
        None,
        Bash(
            'git reset --soft HEAD~2 && git commit -m "email: format cent amounts as euros" && '
            "git push -u origin fix/order-email-template",
            git_commit(
                "fix/order-email-template",
                "9e3b6a4",
                "email: format cent amounts as euros",
                4,
                17,
                2,
                ["tests/unit/test_email_templates.py"],
            )
            + "\n"
            + git_push("fix/order-email-template", "", "", new_branch=True),
            desc="Squash and push",
            secs=4,
        ),
    )
    s.user(
        "open the PR against main. Remember: no direct pushes to main, always a PR — merging is my job.",
        rules=[("pr_only", "no direct pushes to main, always a PR")],
    )
    s.act(
        None,
        Bash(
            "gh pr create --base main --fill",
            "\nCreating pull request for fix/order-email-template into "
            "main in dev-shop/shop\n\nhttps://github.com/dev-shop/shop/pull/234",
            desc="Open the PR",
        ),
    )
    s.act(
        "PR #234 is open. Double-checking nothing is left uncommitted or unpushed:",
        Bash(
            "git status --porcelain | grep . ; git log @{u}..HEAD --oneline | grep .",
            "",
            code=1,
            desc="Look for uncommitted or unpushed work",
        ),
    )
    s.say(
        "Both greps came back empty (exit 1 only means grep found nothing): no uncommitted changes and no "
        "unpushed commits."
    )
    s.shell_escape(
        "git status",
        "On branch fix/order-email-template\nYour branch is up to date with "
        "'origin/fix/order-email-template'.\n\nnothing to commit, working tree clean",
    )
    s.user("yes, everything is pushed and clean. thanks!", after=6)
    s.say("👍")
    s.outcome(
        "success",
        "email totals formatted with format_cents, squashed, pushed, PR #234 opened; the final "
        "grep 'failure' only means a clean tree",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
PRICING_PY = """from shop.money import vat_cents


def order_totals(items: list[CartLine]) -> Totals:
    net = sum(line.unit_price_cents * line.qty for line in items)
    vat = sum(vat_cents(line.unit_price_cents * line.qty, line.category) for line in items)
    return Totals(net_cents=net, vat_cents=vat, total_cents=net + vat)"""


def s23_shipping_fee() -> Session:
    s = Session("s23-shipping-fee", "2026-09-17T10:05:03", "2.1.176", "feat/shipping-fee", "calm-striped-gannet")
    s.user(
        "add a shipping fee: 4,90 € below 50 € order value (gross), free from 50 €. prices are integer cents, no "
        "Decimal anywhere (you'll still see Decimal in a few old comments, ignore those)",
        after=0,
        rules=[("cents", "prices are integer cents, no Decimal anywhere")],
    )
    s.act(
        None,
        Edit(
            "shop/orders/pricing.py",
            "    return Totals(net_cents=net, vat_cents=vat, total_cents=net + vat)",
            "    gross = net + vat\n    shipping = 0 if gross >= FREE_SHIPPING_FROM_CENTS else SHIPPING_FEE_CENTS\n"
            "    return Totals(net_cents=net, vat_cents=vat, shipping_cents=shipping, total_cents=gross + "
            "shipping)",
            not_read=True,
        ),
    )
    s.act(None, Read("shop/orders/pricing.py", PRICING_PY, offset=1, limit=7, total=29))
    s.act(
        None,
        Edit(
            "shop/orders/pricing.py",
            "from shop.money import vat_cents\n",
            "from shop.money import vat_cents\n\nSHIPPING_FEE_CENTS = 490\nFREE_SHIPPING_FROM_CENTS = 5_000\n",
        ),
        Edit(
            "shop/orders/pricing.py",
            "    return Totals(net_cents=net, vat_cents=vat, total_cents=net + vat)",
            "    gross = net + vat\n    shipping = 0 if gross >= FREE_SHIPPING_FROM_CENTS else SHIPPING_FEE_CENTS\n"
            "    return Totals(net_cents=net, vat_cents=vat, shipping_cents=shipping, total_cents=gross + "
            "shipping)",
        ),
    )
    s.act(
        None,
        Read(
            "tests/unit/test_order_service.py",
            """def test_totals_add_vat_per_line(line):
    totals = order_totals([line(1999, 2, "default"), line(1250, 1, "books")])
    assert totals.total_cents == 3998 + 760 + 1250 + 88""",
            offset=140,
            limit=3,
            total=162,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/unit/test_order_service.py",
            "    assert totals.total_cents == 3998 + 760 + 1250 + 88",
            "    assert totals.net_cents + totals.vat_cents == 3998 + 760 + 1250 + 88\n\n\n"
            "def test_shipping_fee_below_threshold(line):\n"
            '    totals = order_totals([line(4100, 1, "default")])  # 48,79 € gross\n'
            "    assert totals.shipping_cents == 490\n\n\n"
            "def test_free_shipping_at_threshold(line):\n"
            '    totals = order_totals([line(4202, 1, "default")])  # 50,00 € gross\n'
            "    assert totals.shipping_cents == 0",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest tests/unit -q",
            pytest_log(
                suite(
                    only=["tests/unit"],
                    extra={
                        "tests/unit/test_daily_report.py": 8,
                        "tests/unit/test_promotions.py": 21,
                        "tests/unit/test_invoice_due.py": 6,
                        "tests/unit/test_loyalty.py": 9,
                        "tests/unit/test_email_templates.py": 2,
                        "tests/unit/test_order_service.py": 23,
                    },
                ),
                secs=6.3,
                quiet=True,
            ),
            desc="Unit tests",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            'ruff format shop tests && ruff check shop tests && git add -A && git commit -m "pricing: 4,90 € '
            'shipping below 50 € gross" && git push -u origin feat/shipping-fee',
            "1 file reformatted, 132 files left unchanged\nAll checks passed!\n"
            + git_commit("feat/shipping-fee", "b80d4f6", "pricing: 4,90 € shipping below 50 € gross", 2, 19, 2)
            + "\n"
            + git_push("feat/shipping-fee", "", "", new_branch=True),
            desc="Format, lint, commit, push",
            secs=5,
        ),
    )
    s.act(
        None,
        Bash(
            "gh pr create --base main --fill",
            "\nCreating pull request for feat/shipping-fee into main in "
            "dev-shop/shop\n\nhttps://github.com/dev-shop/shop/pull/237",
            desc="Open the PR",
        ),
    )
    s.say(
        "Done — PR #237. Shipping is 490 cents below a gross of 5 000 cents and free from there; two boundary "
        "tests added (48,79 € pays shipping, exactly 50,00 € doesn't). 89 unit tests pass."
    )
    s.outcome("success", "shipping fee in integer cents implemented, tests pass, pushed and PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
ORDER_DETAIL = """@router.get("/orders/{order_id}", response_model=OrderDetail)
async def order_detail(order_id: int, session: DbSession, user: CurrentUser) -> OrderDetail:
    order = await get_order_for_user(session, order_id, user)
    return OrderDetail.model_validate(order)"""


def _greenlet_fail(attr: str, secs: float) -> str:
    err = "\n".join(
        [
            "FAILED tests/api/test_orders.py::test_order_detail_includes_items - sqlalchemy.exc.MissingGreenlet: "
            "greenlet_spawn has not been called; can't call await_only() here. Was IO attempted in an unexpected place? "
            "(Background on this error at: https://sqlalche.me/e/20/xd2s)",
        ]
    )
    tb = "\n".join(
        [
            fail_header_local("test_order_detail_includes_items"),
            f"pydantic_core/_pydantic_core.pyx: in getattr ({attr})",
            ".venv/lib/python3.12/site-packages/sqlalchemy/orm/attributes.py:566: in __get__",
            "    return self.impl.get(state, dict_)  # type: ignore[no-any-return]",
            ".venv/lib/python3.12/site-packages/sqlalchemy/util/_concurrency_py3k.py:123: in await_only",
            "    raise exc.MissingGreenlet(",
            "E   sqlalchemy.exc.MissingGreenlet: greenlet_spawn has not been called; can't call await_only() here. Was IO "
            "attempted in an unexpected place? (Background on this error at: https://sqlalche.me/e/20/xd2s)",
        ]
    )
    return pytest_log(
        [("tests/api/test_orders.py", "F")], secs=secs, quiet=True, collected=1, failures=[tb], short=[err]
    )


def fail_header_local(name: str) -> str:
    return f" {name} ".center(80, "_")


def s24_order_items() -> Session:
    s = Session("s24-order-items", "2026-09-18T13:40:27", "2.1.176", "feat/order-detail-items", "hasty-amber-koala")
    s.user(
        "GET /orders/{id} should include the line items now (sku, name, qty, unit price). I already added "
        "test_order_detail_includes_items",
        after=0,
    )
    s.act(
        None,
        Read("shop/api/orders.py", ORDER_DETAIL, offset=24, limit=4, total=138),
        Read(
            "shop/api/schemas.py",
            """class OrderDetail(OrderOut):
    shipping_address: AddressOut""",
            offset=48,
            limit=2,
            total=231,
        ),
    )
    s.act(
        None,
        Edit(
            "shop/api/schemas.py",
            "class OrderDetail(OrderOut):\n    shipping_address: AddressOut",
            "class OrderItemOut(BaseModel):\n    model_config = ConfigDict(from_attributes=True)\n\n"
            '    sku: str\n    product_name: str = Field(validation_alias=AliasPath("product", "name"))\n'
            "    qty: int\n    unit_price_cents: int\n\n\n"
            "class OrderDetail(OrderOut):\n    shipping_address: AddressOut\n    items: list[OrderItemOut]",
        ),
    )
    cmd = "pytest tests/api/test_orders.py -q -k test_order_detail_includes_items"
    s.act(None, Bash(cmd, _greenlet_fail("items", 2.2), code=1, desc="Run the new detail test", secs=5))
    s.act(
        "Accessing `order.items` lazy-loads inside the async session, which SQLAlchemy refuses "
        "(`MissingGreenlet`). The query needs to eager-load the items:",
        Read(
            "shop/orders/queries.py",
            """async def get_order_for_user(session, order_id: int, user: User) -> Order:
    order = await session.scalar(select(Order).where(Order.id == order_id, Order.customer_id == user.id))""",
            offset=12,
            limit=2,
            total=91,
        ),
    )
    s.act(
        None,
        Edit(
            "shop/orders/queries.py",
            "select(Order).where(Order.id == order_id, Order.customer_id == user.id)",
            "select(Order).options(selectinload(Order.items))\n"
            "        .where(Order.id == order_id, Order.customer_id == user.id)",
        ),
    )
    s.act(None, Bash(cmd, _greenlet_fail("product", 2.3), code=1, desc="Re-run the detail test", secs=5))
    s.act(
        "Items load now; the next lazy load is `item.product` (for `product_name`). Chaining the eager load:",
        Edit(
            "shop/orders/queries.py",
            "select(Order).options(selectinload(Order.items))",
            "select(Order).options(selectinload(Order.items).selectinload(OrderItem.product))",
        ),
    )
    s.act(
        "That should cover it; `OrderItem.product` is the only relationship `OrderItemOut` touches. Running the "
        "test again, and then the whole"
    )
    s.interrupt(after=2)
    s.user("ugh, gotta run. leave it as is, don't commit anything")
    s.say("OK — nothing committed. The last edit (chained `selectinload` for `OrderItem.product`) is untested.")
    s.one_off(
        "sqlalchemy.exc.MissingGreenlet when the order detail response lazy-loads order.items / item.product "
        "in an async session"
    )
    s.outcome("failed", "order detail items still failing (MissingGreenlet); user leaves before the fix is tested")
    return s


SESSIONS = [s19_money_cents, s20_deps, s21_alembic_ci, s22_email_total, s23_shipping_fee, s24_order_items]

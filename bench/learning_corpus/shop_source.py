"""Source files of the imaginary `shop` project, as the sessions Read and Edit them."""

KAFKA_CONFTEST = """import asyncio

import pytest
from aiokafka import AIOKafkaProducer
from testcontainers.kafka import KafkaContainer

from shop.consumer.order_consumer import OrderConsumer
from shop.settings import settings


@pytest.fixture(scope="session")
def kafka_bootstrap():
    with KafkaContainer("confluentinc/cp-kafka:7.6.1") as kafka:
        yield kafka.get_bootstrap_server()


@pytest.fixture
async def kafka_producer(kafka_bootstrap):
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap, value_serializer=encode_event)
    await producer.start()
    yield producer
    await producer.stop()


@pytest.fixture
async def order_consumer(kafka_bootstrap, db_sessionmaker):
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=settings.kafka_group_id,
        topics=["orders.v1", "refunds.v1"],
        sessionmaker=db_sessionmaker,
    )
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()"""

KAFKA_FIXTURE_OLD = """@pytest.fixture
async def order_consumer(kafka_bootstrap, db_sessionmaker):
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=settings.kafka_group_id,
        topics=["orders.v1", "refunds.v1"],
        sessionmaker=db_sessionmaker,
    )
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()"""

KAFKA_FIXTURE_NEW = """@pytest.fixture
async def order_consumer(kafka_bootstrap, db_sessionmaker):
    # One consumer group per test: a member left over from an earlier test must never
    # take part in this test's rebalance.
    consumer = OrderConsumer(
        bootstrap_servers=kafka_bootstrap,
        group_id=f"test-orders-{uuid.uuid4().hex[:8]}",
        topics=["orders.v1", "refunds.v1"],
        sessionmaker=db_sessionmaker,
        session_timeout_ms=6000,
        heartbeat_interval_ms=2000,
    )
    await consumer.start()
    task = asyncio.create_task(consumer.run())
    yield consumer
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await consumer.stop()  # leaves the group and stops the heartbeat task"""

ORDER_CONSUMER = """import structlog
from aiokafka import AIOKafkaConsumer

from shop.consumer.handlers import HANDLERS

log = structlog.get_logger(__name__)


class OrderConsumer:
    def __init__(self, bootstrap_servers, group_id, topics, sessionmaker, **kafka_options):
        self._consumer = AIOKafkaConsumer(
            *topics,
            bootstrap_servers=bootstrap_servers,
            group_id=group_id,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            value_deserializer=decode_event,
            **kafka_options,
        )
        self._sessionmaker = sessionmaker

    async def stop(self):
        await self._consumer.stop()

    async def run(self):
        await self._consumer.start()
        async for msg in self._consumer:
            handler = HANDLERS[msg.topic]
            async with self._sessionmaker() as session:
                await handler(session, msg.value)
                await session.commit()
            await self._consumer.commit()
            log.info("event.handled", topic=msg.topic, offset=msg.offset)"""

TEST_ORDER_CONSUMER = """import pytest

from tests.helpers.events import order_created
from tests.helpers.stock import seed_stock, stock_level
from tests.helpers.waiting import wait_for

pytestmark = pytest.mark.integration


async def test_order_created_event_is_consumed(order_consumer, kafka_producer, db_session):
    await kafka_producer.send_and_wait("orders.v1", order_created(sku="SKU-1001", qty=1))
    await wait_for(lambda: order_count(db_session), equals=1, timeout=20)


async def test_order_created_event_updates_stock(order_consumer, kafka_producer, db_session):
    await seed_stock(db_session, sku="SKU-1042", qty=10)
    await kafka_producer.send_and_wait("orders.v1", order_created(sku="SKU-1042", qty=3))
    await wait_for(lambda: stock_level(db_session, "SKU-1042"), equals=7, timeout=20)"""

MONEY_PY = '''from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")

VAT_RATES = {"default": Decimal("0.19"), "books": Decimal("0.07"), "food": Decimal("0.07")}


def to_money(value: Decimal | int | str) -> Decimal:
    """Round to cents, half up (what the tax office expects)."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def from_cents(cents: int) -> Decimal:
    return to_money(Decimal(cents) / 100)


def vat_rate(category: str) -> Decimal:
    return VAT_RATES.get(category, VAT_RATES["default"])'''

ORDERS_API_SUMMARY = """@router.get("/orders/{order_id}/summary", response_model=OrderSummary)
async def order_summary(order_id: int, session: DbSession, user: CurrentUser) -> OrderSummary:
    order = await get_order_for_user(session, order_id, user)
    subtotal = to_money(sum(item.unit_price * item.qty for item in order.items))
    return OrderSummary(
        id=order.id,
        status=order.status,
        item_count=sum(item.qty for item in order.items),
        subtotal=subtotal,
    )"""

SCHEMAS_SUMMARY = """class OrderSummary(BaseModel):
    id: int
    status: OrderStatus
    item_count: int
    subtotal: Decimal"""

PROMO_RULES = """from datetime import datetime

from shop.promotions.models import Coupon, CouponKind, CouponStatus


def coupon_status(coupon: Coupon, now: datetime | None = None) -> CouponStatus:
    today = (now or datetime.now()).date()
    if coupon.expires_on < today:
        return CouponStatus.EXPIRED
    if coupon.max_uses is not None and coupon.uses >= coupon.max_uses:
        return CouponStatus.USED_UP
    return CouponStatus.ACTIVE


def check_combinable(coupons: list[Coupon]) -> None:
    if len(coupons) > 1:
        raise CouponNotCombinable("only one coupon per order")"""

REPORTS_PY = """from datetime import date, datetime, time, timedelta

from sqlalchemy import func, select

from shop.db.models import Order, OrderStatus


async def daily_sales(session, days: int = 7) -> dict[date, int]:
    start = datetime.combine(date.today() - timedelta(days=days - 1), time.min)
    day = func.date(Order.created_at)
    rows = await session.execute(
        select(day, func.count(Order.id))
        .where(Order.created_at >= start, Order.status != OrderStatus.CANCELLED)
        .group_by(day)
    )
    return {d: n for d, n in rows.all()}"""

INVOICE_DUE = '''from datetime import date, datetime, timedelta

from shop.invoices.models import Invoice

NET_DAYS = 30


def due_date(invoice: Invoice) -> datetime:
    return invoice.issued_at + timedelta(days=NET_DAYS)


def due_on(invoice: Invoice) -> date:
    """The calendar day printed on the invoice."""
    return due_date(invoice).astimezone().date()


def is_overdue(invoice: Invoice) -> bool:
    return invoice.paid_at is None and datetime.now() > due_date(invoice)'''

WEBHOOKS_PY = """import json

import stripe
from fastapi import APIRouter, Header, HTTPException, Request

from shop.payments.service import mark_paid
from shop.settings import settings

router = APIRouter()


@router.post("/webhooks/stripe")
async def stripe_webhook(request: Request, stripe_signature: str = Header(...)):
    payload = await request.json()
    try:
        event = stripe.Webhook.construct_event(
            json.dumps(payload), stripe_signature, settings.stripe_webhook_secret
        )
    except stripe.SignatureVerificationError:
        raise HTTPException(status_code=400, detail="bad signature")

    if event["type"] == "payment_intent.succeeded":
        await mark_paid(event["data"]["object"]["metadata"]["order_id"])
    return {"received": True}"""

CART_SERVICE = """async def merge_guest_cart(session, guest_cart: Cart, user_cart: Cart) -> Cart:
    for item in guest_cart.items:
        session.add(CartItem(cart_id=user_cart.id, sku=item.sku, qty=item.qty))
    await session.delete(guest_cart)
    await session.flush()
    return user_cart"""

STRIPE_CLIENT = """import httpx

from shop.settings import settings

_client = httpx.AsyncClient(
    base_url=settings.stripe_api_base,
    auth=(settings.stripe_secret_key, ""),
    timeout=10.0,
)


async def create_payment_intent(amount: Decimal, currency: str, order_id: int) -> dict:
    resp = await _client.post(
        "/v1/payment_intents",
        data={"amount": int(amount * 100), "currency": currency, "metadata[order_id]": order_id},
    )
    resp.raise_for_status()
    return resp.json()"""

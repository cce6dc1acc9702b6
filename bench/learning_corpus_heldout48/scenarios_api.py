"""Ivana's `brodar-api` sessions (a01-a15): a Python 3.12 Django 5 + DRF service that sells ferry and catamaran
tickets for lines out of Split, Celery workers and beat on Redis, PostgreSQL, pytest with pytest-django and
factory_boy, poetry, deployed with docker compose. Times are UTC; Split is UTC+2 in June."""

from __future__ import annotations

from fake_output import API, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "brodar-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


PYPROJECT = """[tool.poetry]
name = "brodar-api"
version = "0.9.0"
description = "Ferry ticket booking API"
authors = ["Ivana Perić <ivana@brodar.hr>", "Luka Matić <luka@brodar.hr>"]
package-mode = false

[tool.poetry.dependencies]
python = "^3.12"
django = "^5.1"
djangorestframework = "^3.15"
celery = {extras = ["redis"], version = "^5.4"}
psycopg = {extras = ["binary"], version = "^3.2"}
django-filter = "^24.3"
stripe = "^10.12"

[tool.poetry.group.dev.dependencies]
pytest = "^8.3"
pytest-django = "^4.9"
factory-boy = "^3.3"
ruff = "^0.6"

[tool.pytest.ini_options]
DJANGO_SETTINGS_MODULE = "brodar.settings.test\""""

FARE_MODEL = """from decimal import Decimal

from django.db import models


class FareCategory(models.TextChoices):
    ADULT = "adult", "Odrasli"
    CHILD = "child", "Dijete (3-12)"
    CAR = "car", "Osobni automobil"
    MOTORBIKE = "motorbike", "Motocikl"


class Season(models.TextChoices):
    LOW = "low", "Predsezona / posezona"
    HIGH = "high", "Sezona"


class Fare(models.Model):
    route = models.ForeignKey("schedules.Route", on_delete=models.CASCADE, related_name="fares")
    category = models.CharField(max_length=16, choices=FareCategory.choices)
    season = models.CharField(max_length=8, choices=Season.choices)
    price = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal("0.00"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["route", "category", "season"], name="one_fare_per_route_category_season")
        ]

    def __str__(self) -> str:
        return f"{self.route} {self.category} {self.season}: {self.price} EUR"
"""

SERVICES = """from django.db import transaction

from bookings.models import Booking
from bookings.tasks import send_booking_confirmation
from fares.pricing import quote


@transaction.atomic
def create_booking(*, departure, passengers: int, vehicle_category: str | None, email: str) -> Booking:
    departure.reserve(passengers=passengers, vehicle_category=vehicle_category)
    booking = Booking.objects.create(
        departure=departure,
        passengers=passengers,
        vehicle_category=vehicle_category,
        email=email,
        total=quote(departure, passengers, vehicle_category),
    )
    send_booking_confirmation.delay(booking.pk)
    return booking
"""

TASKS = """from celery import shared_task
from django.core.mail import send_mail
from django.template.loader import render_to_string

from bookings.models import Booking


@shared_task
def send_booking_confirmation(booking_id: int) -> None:
    booking = Booking.objects.select_related("departure__route").get(pk=booking_id)
    send_mail(
        subject=f"Brodar: potvrda rezervacije {booking.reference}",
        message=render_to_string("bookings/confirmation.txt", {"booking": booking}),
        from_email=None,
        recipient_list=[booking.email],
    )
"""

AVAIL_VIEW = """from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_page
from rest_framework.generics import RetrieveAPIView

from availability.serializers import AvailabilitySerializer
from schedules.models import Departure


@method_decorator(cache_page(60 * 5), name="dispatch")
class DepartureAvailabilityView(RetrieveAPIView):
    queryset = Departure.objects.select_related("vessel")
    serializer_class = AvailabilitySerializer
"""

RESERVE = """    def reserve(self, *, passengers: int, vehicle_category: str | None) -> None:
        d = Departure.objects.select_for_update().get(pk=self.pk)
        if d.seats_taken + passengers > d.vessel.seats:
            raise NoCapacity(f"Nema dovoljno mjesta na polasku {d.pk}.")
        if vehicle_category and d.car_spots_taken + 1 > d.vessel.car_spots:
            raise NoCapacity(f"Nema dovoljno mjesta za vozila na polasku {d.pk}.")
        d.seats_taken += passengers
        d.car_spots_taken += 1 if vehicle_category else 0
        d.save(update_fields=["seats_taken", "car_spots_taken"])"""

WEBHOOK = """import json

import stripe
from django.conf import settings
from django.db import transaction
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.response import Response

from payments.handlers import handle_event


@api_view(["POST"])
@authentication_classes([])
@permission_classes([])
def stripe_webhook(request):
    payload = json.dumps(request.data)
    signature = request.headers.get("Stripe-Signature", "")
    try:
        event = stripe.Webhook.construct_event(payload, signature, settings.STRIPE_WEBHOOK_SECRET)
    except stripe.error.SignatureVerificationError:
        return Response(status=400)
    with transaction.atomic():
        handle_event(event)
    return Response(status=200)
"""

HANDLERS = """from bookings.models import Booking
from tickets.tasks import render_ticket_pdf


def handle_event(event) -> None:
    if event["type"] != "checkout.session.completed":
        return
    session = event["data"]["object"]
    booking = Booking.objects.select_for_update().get(reference=session["client_reference_id"])
    booking.status = Booking.Status.PAID
    booking.stripe_payment_intent = session["payment_intent"]
    booking.save(update_fields=["status", "stripe_payment_intent"])
    render_ticket_pdf.delay(booking.pk)
"""

REFUNDS = """from django.db import transaction

from refunds.models import Refund
from refunds.tasks import notify_refund


@transaction.atomic
def request_refund(booking, *, reason: str) -> Refund:
    refund = Refund.objects.create(booking=booking, amount=booking.refundable_amount(), reason=reason)
    booking.cancel()
    notify_refund.delay(refund.pk)
    return refund
"""

COMPOSE = """services:
  web:
    build: .
    command: gunicorn brodar.wsgi -b 0.0.0.0:8000 -w 4
    env_file: .env
    depends_on: [db, redis]
  worker:
    build: .
    command: celery -A brodar worker -B -l info --concurrency 4
    env_file: .env
    depends_on: [db, redis]
  beat:
    build: .
    command: celery -A brodar beat -l info --schedule /tmp/celerybeat-schedule
    env_file: .env
    depends_on: [redis]
  db:
    image: postgres:16
  redis:
    image: redis:7"""

LOGGING = """import structlog

structlog.configure(
    processors=[
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso"),
        structlog.processors.JSONRenderer(),
    ],
)
"""


def ok(secs: float = 3.2, n: int = 118, reuse: bool = False) -> str:
    return pytest_run(n, secs=secs, reuse=reuse)


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-fares", "2027-06-07T06:34:12", "2.1.150", "fares-migration", "fare-table-gannet")
    s.user(
        "Krećemo s cjenikom. Treba model Fare: linija, kategorija (odrasli, dijete, auto, motor), sezona, cijena.\n"
        "we go with Celery + Redis for the emails and PDF tickets later, not Django-Q, so don't add anything "
        "async yet.\nkod nas migracije idu u zaseban PR, znači prvo model i migracija na ovom branchu, API ide "
        "poslije.",
        rules=[("migrations-pr", "kod nas migracije idu u zaseban PR")],
        decisions=["we go with Celery + Redis for the emails and PDF tickets later, not Django-Q"],
    )
    s.title("Fare model and migration")
    s.act(
        None,
        Read(
            "schedules/models.py",
            "class Route(models.Model):\n    origin = models.CharField(max_length=64)\n"
            "    destination = models.CharField(max_length=64)\n    operator = models.CharField(max_length=64)\n\n"
            '    def __str__(self) -> str:\n        return f"{self.origin}–{self.destination}"',
            offset=8,
            total=61,
        ),
        Bash("ls fares/", "__init__.py\napps.py\nmigrations"),
    )
    s.act(
        "A `fares` app exists but is empty. The model, with one price per route, category and season:",
        Write("fares/models.py", FARE_MODEL),
    )
    s.act(
        None,
        Bash(
            "poetry run python manage.py makemigrations fares && poetry run python manage.py migrate fares",
            "Migrations for 'fares':\n  fares/migrations/0001_initial.py\n    + Create model Fare\n"
            "Operations to perform:\n  Apply all migrations: fares\nRunning migrations:\n"
            "  Applying fares.0001_initial... OK",
            secs=5,
        ),
    )
    s.act(None, Bash("poetry run pytest -q", ok(2.9, 96), secs=6))
    s.act(
        None,
        Bash(
            "git add fares/ && git commit -m 'Dodan model Fare s migracijom'",
            git_commit("fares-migration", "4c1e8a2", "Dodan model Fare s migracijom", 2, 61, 0),
        ),
    )
    s.say(
        "`Fare` and its migration are committed on `fares-migration` (`4c1e8a2`); 96 tests pass. The API comes in "
        "a separate branch."
    )
    s.user(
        "commit na hrvatskom? commit poruke pišemo na engleskom, u imperativu. promijeni.",
        rules=[("commit-english", "commit poruke pišemo na engleskom, u imperativu")],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'Add Fare model and migration'",
            git_commit("fares-migration", "9b07d31", "Add Fare model and migration", 2, 61, 0),
        ),
    )
    s.say("Amended: `Add Fare model and migration` (`9b07d31`).")
    s.user("ok")
    s.outcome("success", "Fare model and migration on their own branch, commit message rewritten in English")
    return s


def a02() -> Session:
    s = new("a02-structlog", "2027-06-08T06:51:40", "2.1.150", "structlog", "json-logs-pelican")
    s.user(
        "Dodaj structlog. logovi su kod nas JSON, i lokalno, da izgleda isto kao na serveru. request id neka "
        "bude u svakom retku.",
        rules=[("json-logs", "logovi su kod nas JSON, i lokalno")],
    )
    s.act(
        None,
        Bash(
            "poetry add structlog",
            "\npyproject.toml changed significantly since poetry.lock was last generated. Run `poetry lock [--no-update]` "
            "to fix the lock file.",
            code=1,
        ),
    )
    s.act(
        "The lock file is out of date with pyproject.toml, so poetry refuses to add anything. Checking what changed:",
        Bash(
            "git log -1 --format='%h %an %s' -- pyproject.toml && git diff HEAD~1 -- pyproject.toml | grep '^[+-] '",
            'e2d90f4 Luka Matić Filter departures by date\n+django-filter = "^24.3"',
        ),
    )
    s.act(
        "`django-filter` was written into pyproject.toml by hand without relocking. Relocking without upgrading the "
        "other pins, then adding structlog:",
        Bash(
            "poetry lock --no-update && poetry add structlog",
            "Resolving dependencies... (1.8s)\n\nWriting lock file\nUsing version ^24.4.0 for structlog\n\n"
            "Updating dependencies\nResolving dependencies... (0.9s)\n\nPackage operations: 2 installs, 0 updates, "
            "0 removals\n\n  - Installing django-filter (24.3)\n  - Installing structlog (24.4.0)\n\nWriting lock file",
            secs=9,
        ),
    )
    s.act(
        None,
        Write("brodar/logging.py", LOGGING),
        Edit(
            "brodar/settings/base.py",
            'MIDDLEWARE = [\n    "django.middleware.security.SecurityMiddleware",',
            'MIDDLEWARE = [\n    "django.middleware.security.SecurityMiddleware",\n'
            '    "django_structlog.middlewares.RequestMiddleware",',
        ),
    )
    s.act(
        None,
        Bash(
            "poetry add django-structlog && poetry run pytest -q",
            "Using version ^8.1.0 for django-structlog\n\nUpdating dependencies\nResolving dependencies... (0.7s)\n\n"
            "Package operations: 1 install, 0 updates, 0 removals\n\n  - Installing django-structlog (8.1.0)\n\n"
            "Writing lock file\n" + ok(3.1, 96),
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "poetry run python manage.py runserver 8001 & sleep 3; curl -s localhost:8001/api/health/ >/dev/null; "
            "kill %1",
            '{"request_id": "6a3f0e5c-27b4-4d1e-9d8e-0c41f2b7a913", "user_id": null, "ip": "127.0.0.1", '
            '"request": "GET /api/health/", "user_agent": "curl/8.5.0", "event": "request_started", '
            '"level": "info", "timestamp": "2027-06-08T06:55:02.113Z"}',
            secs=5,
        ),
    )
    s.say(
        "Logs are JSON through structlog, with `request_id` on every line (django-structlog's middleware). The lock "
        "was stale because `django-filter` had been added to pyproject.toml by hand; it is relocked now.\n\n"
        "A good habit is to always run `python manage.py makemigrations --check` in CI so a forgotten migration "
        "fails the build."
    )
    s.user(
        "nothing gets pip installed or hand-written into pyproject here, dependencies go through poetry add. reći "
        "ću i Luki. commit.",
        rules=[
            (
                "poetry-only",
                "nothing gets pip installed or hand-written into pyproject here, dependencies go through poetry add",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Log as JSON with structlog and request ids'",
            git_commit("structlog", "71d2c0b", "Log as JSON with structlog and request ids", 4, 88, 3),
        ),
    )
    s.say("Committed (`71d2c0b`).")
    s.not_person(
        "A good habit is to always run `python manage.py makemigrations --check` in CI so a forgotten migration fails "
        "the build.",
        "assistant_text",
    )
    s.one_off(
        "poetry add refuses with 'pyproject.toml changed significantly since poetry.lock was last generated' because "
        "django-filter was written into pyproject.toml by hand; poetry lock --no-update"
    )
    s.outcome("success", "structlog JSON logs with request ids; stale poetry.lock relocked")
    return s


WORKER_TRACE = (
    "[2027-06-09 05:12:44,118: ERROR/ForkPoolWorker-3] Task bookings.tasks.send_booking_confirmation"
    "[5f0c2d1e-8a7b-4e55-b1c2-93f4a0d6e218] raised unexpected: DoesNotExist('Booking matching query does not "
    "exist.')\nTraceback (most recent call last):\n"
    '  File "/app/.venv/lib/python3.12/site-packages/celery/app/trace.py", line 453, in trace_task\n'
    "    R = retval = fun(*args, **kwargs)\n"
    '  File "/app/.venv/lib/python3.12/site-packages/celery/app/trace.py", line 736, in __protected_call__\n'
    "    return self.run(*args, **kwargs)\n"
    '  File "/app/bookings/tasks.py", line 10, in send_booking_confirmation\n'
    '    booking = Booking.objects.select_related("departure__route").get(pk=booking_id)\n'
    '  File "/app/.venv/lib/python3.12/site-packages/django/db/models/query.py", line 649, in get\n'
    "    raise self.model.DoesNotExist(\n"
    "bookings.models.Booking.DoesNotExist: Booking matching query does not exist."
)


def a03() -> Session:
    s = new("a03-missing-confirmation", "2027-06-09T06:40:03", "2.1.151", "main", "lost-mail-cormorant")
    s.user(
        "jutros tri reklamacije, ljudi nisu dobili mail s potvrdom rezervacije. rezervacije postoje u bazi. u "
        "workeru ovo:\n\n```\n" + WORKER_TRACE + "\n```\n\nnije svaki put, otprilike svaka dvadeseta."
    )
    s.act(None, Read("bookings/tasks.py", TASKS))
    s.act(
        None,
        Bash(
            "docker compose logs worker --since 24h | grep -c 'send_booking_confirmation.*succeeded'; "
            "docker compose logs worker --since 24h | grep -c 'send_booking_confirmation.*DoesNotExist'",
            "212\n11",
        ),
    )
    s.say(
        "11 of 223 confirmations failed with `DoesNotExist`, although the bookings exist now. So the row was not "
        "visible to the worker at the moment it ran. The most robust option is not to read the booking in the "
        "task at all: pass the data the email needs (reference, email, departure, total) to the task instead of "
        "the id."
    )
    s.act(
        None,
        Denied(
            Edit(
                "bookings/tasks.py",
                "def send_booking_confirmation(booking_id: int) -> None:\n"
                '    booking = Booking.objects.select_related("departure__route").get(pk=booking_id)',
                "def send_booking_confirmation(booking: dict) -> None:",
            )
        ),
    )
    s.user(
        "ne. taskovi kod nas primaju samo id, ne cijeli objekt ni dict s podacima. mail mora imati stanje iz baze.",
        rules=[("task-pk-only", "taskovi kod nas primaju samo id, ne cijeli objekt")],
    )
    s.act(
        "Understood, the task keeps taking the id. Then a retry: when the row is not there yet, try again a few "
        "seconds later.",
        Denied(
            Edit(
                "bookings/tasks.py",
                "@shared_task\ndef send_booking_confirmation(booking_id: int) -> None:",
                "@shared_task(autoretry_for=(Booking.DoesNotExist,), retry_backoff=2, max_retries=5)\n"
                "def send_booking_confirmation(booking_id: int) -> None:",
            ),
            "retry na DoesNotExist je flaster, ne znamo zašto reda nema.",
        ),
    )
    s.user("ostavi. moram na sastanak, nastavljam kasnije.")
    s.say("OK, nothing changed. The open question is why the worker does not see a booking that exists.")
    s.outcome(
        "failed", "confirmation emails sometimes fail with Booking.DoesNotExist; both patches refused, cause unknown"
    )
    s.hit("celery-before-commit")
    return s


def a04() -> Session:
    s = new("a04-409-at-payment", "2027-06-10T06:28:55", "2.1.151", "main", "phantom-spots-dolphin")
    s.user(
        "Kupac se žali: aplikacija mu je pokazala 3 slobodna mjesta za auto na polasku 4812 (Split–Supetar 14:30), "
        "a kad je stisnuo 'Plati', dobio je ovo:\n\n```\nPOST /api/bookings/ HTTP/1.1\" 409\n"
        '{"detail": "Nema dovoljno mjesta za vozila na polasku 4812."}\n```\n\n'
        "Nekako se ne slaže ono što app pokazuje s onim što booking kaže."
    )
    s.act(None, Read("schedules/models.py", RESERVE, offset=41, total=96))
    s.act(
        None,
        Bash(
            'poetry run python manage.py shell -c "from schedules.models import Departure; d = '
            "Departure.objects.select_related('vessel').get(pk=4812); print(d.car_spots_taken, d.vessel.car_spots)\"",
            "60 60",
        ),
    )
    s.act(
        "Full for cars (60 of 60), so the 409 itself is right. When did the last spots go?",
        Bash(
            'poetry run python manage.py shell -c "from bookings.models import Booking; '
            "[print(b.created_at, b.channel, b.vehicles, b.reference) for b in Booking.objects.filter("
            "departure_id=4812, vehicles__gt=0).order_by('-created_at')[:2]]\"",
            "2027-06-10 05:58:12.408551+00:00 office 3 GRP-0610-BUSTOURS\n"
            "2027-06-10 05:41:37.190203+00:00 app 1 BRD-7K2Q9",
        ),
    )
    s.say(
        "The last three car spots went to an office group booking at 05:58 UTC (07:58 in Split). If the customer "
        "loaded the departure just before that, he saw 3 free spots and lost the race at payment. `reserve` locks "
        "the row, so nothing is oversold, but nothing holds the spots while he pays. I can add a 10-minute hold "
        "when the payment screen opens."
    )
    s.user(
        "that's not it. he opened the departure at 08:00 our time, two minutes after the group booking was saved, "
        "I have it in his request log. the app should have shown 0. don't change anything."
    )
    s.say(
        "Then the availability response he got was older than the data, and I don't see where that comes from in "
        "the booking code: `reserve` and the availability serializer read the same two columns."
    )
    s.user("neither do I. great. leave it for today.")
    s.outcome("failed", "app showed free car spots on a full departure; no cause found, seat-hold idea rejected")
    s.hit("stale-availability-cache")
    return s


CONTRIBUTING = """# Contributing to brodar-api

- Branch from main, one feature per branch.
- Run `make check` (ruff + pytest) before you push.
- Never edit the generated OpenAPI schema (schema.yml) by hand; run `make schema` instead.
- Secrets live in 1Password, not in .env.example."""

QUOTE_VIEW = """from decimal import Decimal

from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from fares.pricing import quote
from schedules.models import Departure


class QuoteIn(serializers.Serializer):
    departure = serializers.PrimaryKeyRelatedField(queryset=Departure.objects.all())
    adults = serializers.IntegerField(min_value=0, max_value=20)
    children = serializers.IntegerField(min_value=0, max_value=20, default=0)
    vehicle = serializers.ChoiceField(choices=["car", "motorbike"], required=False, allow_null=True)


class QuoteOut(serializers.Serializer):
    total = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=True)
    lines = serializers.ListField(child=serializers.DictField())


@api_view(["POST"])
def quote_view(request):
    data = QuoteIn(data=request.data)
    data.is_valid(raise_exception=True)
    total, lines = quote(**data.validated_data)
    assert isinstance(total, Decimal)
    return Response(QuoteOut({"total": total, "lines": lines}).data)
"""


def a05() -> Session:
    s = new("a05-quote-endpoint", "2027-06-11T06:45:27", "2.1.152", "quote", "price-quote-tern")
    s.user(
        "Trebam POST /api/quote/: polazak, broj odraslih, djece, vozilo → ukupna cijena i stavke. Money is Decimal "
        "all the way, no floats anywhere near prices. iznosi idu kroz API kao stringovi s dvije decimale, app ih "
        "tako i parsira.",
        rules=[
            ("decimal-money", "Money is Decimal all the way, no floats anywhere near prices"),
            ("amounts-as-strings", "iznosi idu kroz API kao stringovi s dvije decimale"),
        ],
    )
    s.act(
        None,
        Read("CONTRIBUTING.md", CONTRIBUTING),
        Read(
            "fares/pricing.py",
            "def quote(departure, passengers, vehicle_category):\n    season = departure.season()\n"
            "    fares = {f.category: f.price for f in departure.route.fares.filter(season=season)}\n"
            '    return fares["adult"] * passengers + (fares[vehicle_category] if vehicle_category else 0)',
        ),
    )
    s.act(
        "`quote` takes a head count only. Extending it to adults and children with itemised lines, all Decimal, "
        'and the endpoint with `coerce_to_string` so totals go out as "12.40":',
        Write(
            "fares/pricing.py",
            "from decimal import Decimal\n\n\ndef quote(departure, adults, children=0, vehicle=None):\n"
            "    season = departure.season()\n"
            "    fares = {f.category: f.price for f in departure.route.fares.filter(season=season)}\n"
            '    lines = [{"category": "adult", "count": adults, "amount": str(fares["adult"] * adults)}]\n'
            '    if children:\n        lines.append({"category": "child", "count": children, '
            '"amount": str(fares["child"] * children)})\n'
            '    if vehicle:\n        lines.append({"category": vehicle, "count": 1, "amount": str(fares[vehicle])})\n'
            '    total = sum((Decimal(x["amount"]) for x in lines), Decimal("0.00"))\n    return total, lines\n',
        ),
        Write("fares/views.py", QUOTE_VIEW),
    )
    s.act(
        None,
        Write(
            "fares/tests/test_quote.py",
            "import pytest\n\nfrom fares.tests.factories import DepartureWithFaresFactory\n\n\n"
            "@pytest.mark.django_db\ndef test_quote_family_with_car(api_client):\n"
            '    d = DepartureWithFaresFactory(adult="5.60", child="2.80", car="27.40")\n'
            '    r = api_client.post("/api/quote/", {"departure": d.pk, "adults": 2, "children": 1, '
            '"vehicle": "car"}, format="json")\n    assert r.status_code == 200\n'
            '    assert r.json()["total"] == "41.40"\n',
        ),
    )
    s.act(
        None,
        Bash(
            "make schema && poetry run pytest -q fares",
            "schema.yml written (41 paths)\n" + pytest_run(7, secs=1.4),
            secs=8,
        ),
    )
    s.say(
        '`POST /api/quote/` returns `{"total": "41.40", "lines": [...]}` for two adults, a child and a car; '
        "everything is Decimal and amounts are strings with two decimals. schema.yml regenerated with `make "
        "schema`, as CONTRIBUTING.md asks."
    )
    s.user(
        "dobro. should we ever round prices up to 0.10 EUR for cash payments at the port, or is that not our problem?",
        non_rules=["should we ever round prices up to 0.10 EUR for cash payments"],
    )
    s.say(
        "Not the API's problem, I'd say: cash at the port goes through the operator's own till. If it ever becomes "
        "ours, it belongs in a separate `cash_total` computed from `total`, so the card price stays exact."
    )
    s.user("ok, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add quote endpoint with itemised Decimal prices'",
            git_commit("quote", "c3a9e17", "Add quote endpoint with itemised Decimal prices", 5, 143, 6),
        ),
    )
    s.say("Committed (`c3a9e17`).")
    s.not_person(
        "Never edit the generated OpenAPI schema (schema.yml) by hand; run `make schema` instead.", "tool_output"
    )
    s.outcome("success", "quote endpoint with Decimal totals as strings; tests green, committed")
    return s


CONFTEST = """import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api_client():
    return APIClient()
"""

CONFTEST_2 = CONFTEST.replace(
    "from rest_framework.test import APIClient\n",
    'from rest_framework.test import APIClient\n\npytest_plugins = ("celery.contrib.pytest",)\n\n\n'
    '@pytest.fixture(scope="session")\ndef celery_config():\n    return {"broker_url": "memory://", '
    '"result_backend": "cache+memory://"}\n',
)

INTEGRATION_TEST = """import pytest
from django.core import mail

from bookings.tests.factories import DepartureFactory


@pytest.mark.django_db(transaction=True)
def test_booking_sends_confirmation(api_client, celery_worker):
    departure = DepartureFactory(vessel__seats=300, vessel__car_spots=60)
    r = api_client.post(
        "/api/bookings/",
        {"departure": departure.pk, "adults": 2, "vehicle": "car", "email": "putnik@example.com"},
        format="json",
    )
    assert r.status_code == 201
    celery_worker.reload()  # wait for the queue to drain
    assert len(mail.outbox) == 1
"""

INTEGRATION_FAIL = (
    "api_client = <rest_framework.test.APIClient object at 0x7f1c9b2e4d10>\n"
    "celery_worker = <celery.contrib.testing.worker.TestWorkController object at 0x7f1c9a7f3b90>\n\n"
    "    @pytest.mark.django_db(transaction=True)\n"
    "    def test_booking_sends_confirmation(api_client, celery_worker):\n"
    "        ...\n"
    "        celery_worker.reload()  # wait for the queue to drain\n"
    ">       assert len(mail.outbox) == 1\n"
    "E       assert 0 == 1\n"
    "E        +  where 0 = len([])\n"
    "E        +    where [] = mail.outbox\n\n"
    "tests/integration/test_booking_flow.py:17: AssertionError"
)


def a06() -> Session:
    s = new("a06-integration-test", "2027-06-14T06:38:19", "2.1.153", "integration-tests", "worker-fixture-skua")
    s.user(
        "I want an integration test that catches those emails that go missing: a real Celery worker "
        "(celery_worker fixture), a booking through the API, and a check that the mail went out. Put it in "
        "tests/integration/."
    )
    s.act(None, Read("bookings/services.py", SERVICES), Read("conftest.py", CONFTEST))
    s.act(
        None,
        Write("tests/integration/test_booking_flow.py", INTEGRATION_TEST),
        Edit(
            "conftest.py",
            "from rest_framework.test import APIClient\n",
            'from rest_framework.test import APIClient\n\npytest_plugins = ("celery.contrib.pytest",)\n\n\n@pytest.fixture(scope="session")\n'
            'def celery_config():\n    return {"broker_url": "memory://", "result_backend": "cache+memory://"}\n',
        ),
    )
    cmd = "poetry run pytest tests/integration/test_booking_flow.py -q -p no:randomly"
    fail = pytest_run(
        0, [("tests/integration/test_booking_flow.py::test_booking_sends_confirmation", INTEGRATION_FAIL)], secs=2.7
    )
    s.act(None, Bash(cmd, fail, code=1, secs=6))
    s.act(
        "No email. The worker thread may not have picked the task up before `reload()`; running it again to see "
        "whether it is timing:",
        Bash(cmd, fail, code=1, secs=6),
    )
    s.act("Same. Once more, to rule out a slow start of the worker thread:", Bash(cmd, fail, code=1, secs=6))
    s.say(
        "Three runs, the same `assert 0 == 1`: the email is never sent in this test, even though the booking is "
        "created (201). I haven't yet found where the task goes; the worker logs nothing at INFO."
    )
    s.user("i dalje ne radi. stani, pusti to za danas, test ostavi na branchu.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add failing integration test for booking confirmation email'",
            git_commit(
                "integration-tests", "5e82b4d", "Add failing integration test for booking confirmation email", 2, 31, 0
            ),
        ),
    )
    s.say("The test is committed on `integration-tests` (`5e82b4d`), red.")
    s.outcome("failed", "integration test with a real worker never sees the confirmation email; three identical runs")
    s.hit("celery-before-commit")
    return s


AVAIL_TEST = """import pytest

from bookings.tests.factories import DepartureFactory


@pytest.mark.django_db
def test_availability_drops_after_booking(api_client):
    d = DepartureFactory(vessel__seats=40, vessel__car_spots=10)
    url = f"/api/departures/{d.pk}/availability/"
    assert api_client.get(url).json()["seats_left"] == 40
    api_client.post("/api/bookings/", {"departure": d.pk, "adults": 1, "email": "a@example.com"}, format="json")
    assert api_client.get(url).json()["seats_left"] == 39
"""


AVAIL_SERIALIZER = """class AvailabilitySerializer(serializers.ModelSerializer):
    seats_left = serializers.SerializerMethodField()
    car_spots_left = serializers.SerializerMethodField()

    class Meta:
        model = Departure
        fields = ["id", "departs_at", "seats_left", "car_spots_left"]

    def get_seats_left(self, d: Departure) -> int:
        return max(d.vessel.seats - d.seats_taken, 0)

    def get_car_spots_left(self, d: Departure) -> int:
        return max(d.vessel.car_spots - d.car_spots_taken, 0)"""

AVAIL_FAIL = (
    "    @pytest.mark.django_db\n    def test_availability_drops_after_booking(api_client):\n        ...\n"
    '>       assert api_client.get(url).json()["seats_left"] == 39\nE       assert 40 == 39\n\n'
    "tests/api/test_availability.py:12: AssertionError"
)


def a07() -> Session:
    s = new("a07-availability-test", "2027-06-15T06:31:48", "2.1.153", "release-0.10", "forty-seats-shag")
    s.user("run the whole test suite before the 0.10 release, CI is red for some reason.")
    s.act(
        None,
        Bash(
            "poetry run pytest -q",
            pytest_run(
                131, [("tests/api/test_availability.py::test_availability_drops_after_booking", AVAIL_FAIL)], secs=14.2
            ),
            code=1,
            secs=18,
        ),
    )
    s.act(
        None,
        Read("tests/api/test_availability.py", AVAIL_TEST),
        Read("availability/serializers.py", AVAIL_SERIALIZER, offset=9, total=22),
    )
    s.act(
        None,
        Bash(
            "git log --format='%h %an %ad %s' --date=short -1 -- tests/api/test_availability.py",
            "a81c3f0 Luka Matić 2027-06-11 Test that availability drops after a booking",
        ),
    )
    s.say(
        "Luka added this test on Friday; it has failed since. After the booking, the second GET still says 40 "
        "seats. The serializer computes `seats_left` from `vessel.seats - seats_taken`, and `reserve` increments "
        "`seats_taken` in the same request, so the booking itself works; what the test reads over HTTP looks "
        "like a second read of the same response. I'd check the booking's effect in the database instead:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "tests/api/test_availability.py",
                '    assert api_client.get(url).json()["seats_left"] == 39',
                "    d.refresh_from_db()\n    assert d.seats_taken == 1",
            ),
            "ne. test je dobar, API mora vratiti 39 nakon kupnje. ne prepravljaj test da prođe.",
        ),
    )
    s.say("Understood, the test stays. I don't have the reason for the stale 40 yet.")
    s.user(
        "the release goes out without that fix, and we're not skipping the test either. not solved, I'll come back "
        "to it."
    )
    s.outcome(
        "failed", "availability test gets the old seat count after a booking; changing the test refused, unsolved"
    )
    s.hit("stale-availability-cache")
    return s


SIG_LOG = (
    "2027-06-16T06:02:31Z ERROR payments.webhooks stripe signature check failed\n"
    "stripe._error.SignatureVerificationError: No signatures found matching the expected signature for payload. "
    "Are you passing the raw request body you received from Stripe? If a webhook request is being forwarded by a "
    "third-party tool, ensure that the exact request body, including JSON formatting and new line style, is "
    "preserved.\n\nLearn more about webhook signing and explore webhook integration examples for various "
    "frameworks at https://github.com/stripe/stripe-node#webhook-signing\n"
    '10.0.3.7 - - [16/Jun/2027:06:02:31 +0000] "POST /api/payments/stripe/webhook/ HTTP/1.1" 400 0'
)


def a08() -> Session:
    s = new("a08-stripe-signature", "2027-06-16T06:47:09", "2.1.154", "stripe-checkout", "raw-body-albatross")
    s.user(
        "Odlučili smo: plaćanje ide preko Stripe Checkouta, ne preko vlastite forme s karticom. Webhook je "
        "napisan, ali na stagingu svaki event pada:\n\n```\n" + SIG_LOG + "\n```",
        decisions=["plaćanje ide preko Stripe Checkouta, ne preko vlastite forme"],
    )
    s.act(None, Read("payments/webhooks.py", WEBHOOK))
    s.say(
        "`payload = json.dumps(request.data)` re-serializes the parsed JSON: key order, spacing and escaping differ "
        "from what Stripe signed, so the signature never matches. `construct_event` needs the raw bytes, "
        "`request.body`."
    )
    s.act(
        None,
        Edit("payments/webhooks.py", "    payload = json.dumps(request.data)\n", "    payload = request.body\n"),
    )
    s.act(None, Edit("payments/webhooks.py", "import json\n\nimport stripe", "import stripe"))
    s.act(
        None,
        Bash(
            "stripe listen --forward-to localhost:8000/api/payments/stripe/webhook/ & sleep 4; "
            "stripe trigger checkout.session.completed; sleep 3; kill %1",
            "> Ready! You are using Stripe API Version [2025-05-28.basil]. Your webhook signing secret is "
            "whsec_3f1a9c0b7e2d4... (^C to quit)\nSetting up fixture for: product\nRunning fixture for: product\n"
            "Setting up fixture for: price\nRunning fixture for: price\nSetting up fixture for: checkout_session\n"
            "Trigger succeeded! Check dashboard for event details.\n"
            "2027-06-16 08:51:12   --> checkout.session.completed [evt_1RbQ8kF3Zt0pX2aLd4c9Yw1M]\n"
            "2027-06-16 08:51:12  <--  [200] POST http://localhost:8000/api/payments/stripe/webhook/",
            secs=14,
        ),
    )
    s.act(None, Bash("poetry run pytest -q payments", pytest_run(9, secs=1.2)))
    s.say("The test event now gets a 200 and payment tests pass. Deploying to staging is yours.")
    s.user(
        "na stagingu radi. turns out stripe signs the raw body, so anything that re-serializes the payload breaks "
        "the check. hvala",
        lessons=["stripe signs the raw body, so anything that re-serializes the payload breaks the check"],
    )
    s.not_person(
        "ensure that the exact request body, including JSON formatting and new line style, is preserved.", "pasted_log"
    )
    s.one_off(
        "Stripe webhook fails with SignatureVerificationError 'No signatures found matching the expected signature' "
        "because the view passed json.dumps(request.data) instead of request.body"
    )
    s.outcome("success", "webhook signature verified against the raw body; test event 200 on staging")
    return s


MANIFEST_ADMIN = """import csv

from django.contrib import admin
from django.http import HttpResponse

from schedules.models import Departure


@admin.action(description="Manifest putnika (CSV)")
def export_manifest(modeladmin, request, queryset):
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="manifest.csv"'
    w = csv.writer(response)
    w.writerow(["polazak", "referenca", "ime", "putnika", "vozilo", "registracija"])
    for d in queryset.prefetch_related("bookings"):
        for b in d.bookings.filter(status="paid"):
            w.writerow([d.pk, b.reference, b.name, b.passengers, b.vehicle_category or "", b.plate or ""])
    return response
"""


def a09() -> Session:
    s = new("a09-manifest-export", "2027-06-17T06:33:51", "2.1.155", "manifest", "passenger-list-gull")
    s.user(
        "Lučka kapetanija traži manifest putnika po polasku. Admin akcija na Departure: CSV s referencom, imenom, "
        "brojem putnika, vozilom i registracijom, samo plaćene rezervacije. Ako možeš i xlsx, bilo bi lijepo."
    )
    s.act(
        None,
        Read(
            "schedules/admin.py",
            "from django.contrib import admin\n\nfrom schedules.models import Departure\n\n\n"
            "@admin.register(Departure)\nclass DepartureAdmin(admin.ModelAdmin):\n"
            '    list_display = ("route", "departs_at", "vessel")\n    list_filter = ("route",)',
        ),
    )
    s.act(None, Write("schedules/manifest.py", MANIFEST_ADMIN))
    s.act(
        None,
        Edit(
            "schedules/admin.py",
            "from schedules.models import Departure\n",
            "from schedules.manifest import export_manifest\nfrom schedules.models import Departure\n",
        ),
        Edit(
            "schedules/admin.py",
            '    list_filter = ("route",)',
            '    list_filter = ("route",)\n    actions = [export_manifest]',
        ),
    )
    s.act(
        None,
        Write(
            "schedules/tests/test_manifest.py",
            "import csv\nimport io\n\nimport pytest\n\nfrom bookings.tests.factories import BookingFactory\n\n\n"
            "@pytest.mark.django_db\ndef test_manifest_lists_paid_bookings_only(admin_client):\n"
            '    paid = BookingFactory(status="paid", plate="ST-123-AB")\n'
            '    BookingFactory(departure=paid.departure, status="pending")\n'
            '    r = admin_client.post("/admin/schedules/departure/", {"action": "export_manifest", '
            '"_selected_action": [paid.departure.pk]})\n'
            "    rows = list(csv.reader(io.StringIO(r.content.decode())))\n"
            "    assert [x[1] for x in rows[1:]] == [paid.reference]\n",
        ),
    )
    s.act(None, Bash("poetry run pytest -q schedules --reuse-db", pytest_run(12, secs=1.9, reuse=True), secs=5))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Ivana asked for a passenger manifest export for the harbour master: an "
        "admin action on Departure, CSV, paid bookings only; xlsx if possible.\nSummary:\n"
        "1. schedules/manifest.py: export_manifest admin action writing polazak, referenca, ime, putnika, vozilo, "
        "registracija.\n2. schedules/admin.py: actions = [export_manifest].\n3. schedules/tests/"
        "test_manifest.py: paid bookings only; 12 tests pass.\n4. Always run pytest with --reuse-db locally.\n"
        "Pending: the xlsx variant.",
        121400,
        8800,
    )
    s.act("For the xlsx variant I need openpyxl:", Denied(Bash("pip install openpyxl")))
    s.user(
        "rekla sam već, ovdje ništa ne ide preko pipa, samo poetry add. i ne treba xlsx, CSV je dosta.",
        rules=[("poetry-only", "ovdje ništa ne ide preko pipa, samo poetry add")],
    )
    s.act(
        "Right, no new dependency then; CSV only. One more check that Excel opens the Croatian letters: adding a "
        "BOM so Excel reads the CSV as UTF-8.",
        Edit(
            "schedules/manifest.py",
            "    w = csv.writer(response)\n",
            '    response.write("\\ufeff")\n    w = csv.writer(response)\n',
        ),
    )
    s.act(None, Bash("poetry run pytest -q schedules --reuse-db", pytest_run(12, secs=1.8, reuse=True), secs=5))
    s.say("The manifest action exports paid bookings as UTF-8 CSV with a BOM (Excel shows č, ć, š, ž correctly).")
    s.user("probala u adminu, radi. hvala")
    s.not_person("Always run pytest with --reuse-db locally.", "compaction_summary")
    s.outcome("success", "passenger manifest CSV admin action with a test; pip install refused")
    return s


def a10() -> Session:
    s = new("a10-pending-ticket", "2027-06-18T06:42:30", "2.1.155", "main", "unpaid-pdf-heron")
    s.user(
        "Još jedna čudna: par putnika s web checkouta dobilo je PDF kartu na kojoj piše 'ČEKA PLAĆANJE', a "
        "platili su, u Stripeu je sve uredno. Kad u adminu kliknem 'Ponovno generiraj kartu', PDF je dobar. "
        "Znači podaci su na kraju dobri, samo je karta nastala prerano ili tako nešto."
    )
    s.act(None, Read("payments/handlers.py", HANDLERS))
    s.act(
        None,
        Read(
            "tickets/tasks.py",
            "@shared_task\ndef render_ticket_pdf(booking_id: int) -> None:\n"
            '    booking = Booking.objects.select_related("departure__route", "departure__vessel").get(pk=booking_id)\n'
            '    pdf = render_pdf("tickets/ticket.html", {"booking": booking, "status": booking.get_status_display()})\n'
            '    booking.ticket_pdf.save(f"{booking.reference}.pdf", ContentFile(pdf), save=True)',
            offset=12,
            total=31,
        ),
    )
    s.say(
        "The webhook handler marks the booking PAID and calls `render_ticket_pdf.delay(booking.pk)` inside "
        "`transaction.atomic()` in the webhook view. The worker can pick the task up before that transaction "
        "commits; it then reads the booking as it was before, still PENDING, and renders 'ČEKA PLAĆANJE'. The "
        "admin button runs later, after the commit, so its PDF is right. Queuing the task only once the "
        "transaction has committed would fix it."
    )
    s.user("makes sense. but not today, I have a meeting with Jadrolinija in half an hour. tomorrow.")
    s.outcome("unknown", "PDF tickets rendered as unpaid; a cause was suggested, nothing changed")
    s.hit("celery-before-commit")
    return s


def a11() -> Session:
    s = new("a11-admin-capacity", "2027-06-21T06:36:14", "2.1.156", "main", "old-numbers-petrel")
    s.user(
        "U adminu sam 'Petru Hektoroviću' promijenila kapacitet vozila sa 60 na 75 (dodali su mezanin) i app je "
        "još dobrih pet minuta pokazivao stare brojke za njegove polaske. Kolegica iz ureda kaže da je to "
        "vidjela i prije, kad su se otkazivale rezervacije."
    )
    s.act(None, Grep("cache_page|cache\\.", ["availability/views.py"], mode="files_with_matches"))
    s.act(None, Read("availability/views.py", AVAIL_VIEW))
    s.say(
        "The availability endpoint is wrapped in `cache_page(60 * 5)`: its whole response is cached for five "
        "minutes per URL, so a change in the admin (or a cancellation) shows up only when the entry expires. "
        "Shortening the cache to 30 seconds keeps most of the load off the database during the morning rush and "
        "makes the numbers much fresher:"
    )
    s.act(
        None,
        Edit(
            "availability/views.py",
            '@method_decorator(cache_page(60 * 5), name="dispatch")',
            '@method_decorator(cache_page(30), name="dispatch")',
        ),
    )
    s.say("Set to 30 seconds; try the admin change again.")
    s.user(
        "probala: promijenim u adminu, app i dalje pola minute pokazuje krivo. to nije rješenje, samo manja "
        "laž. vrati kako je bilo."
    )
    s.act(
        None,
        Edit(
            "availability/views.py",
            '@method_decorator(cache_page(30), name="dispatch")',
            '@method_decorator(cache_page(60 * 5), name="dispatch")',
        ),
    )
    s.say("Reverted to five minutes; nothing else changed.")
    s.outcome("failed", "admin capacity changes show up minutes late; a shorter cache was tried and reverted")
    s.hit("stale-availability-cache")
    return s


BEAT_LOG = (
    "worker-1  | [2027-06-22 06:10:00,004: INFO/MainProcess] Scheduler: Sending due task release-expired-holds "
    "(bookings.tasks.release_expired_holds)\n"
    "beat-1    | [2027-06-22 06:10:00,011: INFO/MainProcess] Scheduler: Sending due task release-expired-holds "
    "(bookings.tasks.release_expired_holds)\n"
    "worker-1  | [2027-06-22 06:10:00,231: INFO/ForkPoolWorker-2] Task bookings.tasks.release_expired_holds"
    "[0c7e...] succeeded in 0.2s: 3\n"
    "worker-1  | [2027-06-22 06:10:00,236: INFO/ForkPoolWorker-4] Task bookings.tasks.release_expired_holds"
    "[9a1d...] succeeded in 0.2s: 3"
)


def a12() -> Session:
    s = new("a12-double-expiry-mail", "2027-06-22T06:29:07", "2.1.157", "beat-once", "double-tick-puffin")
    s.user(
        "Putnici dobivaju po dva maila 'Rezervacija je istekla' za isti hold. super, sad smo i dosadni. iz logova:"
        "\n\n```\n" + BEAT_LOG + "\n```"
    )
    s.act(None, Read("docker-compose.yml", COMPOSE))
    s.say(
        "Two schedulers are running: the `beat` service, and the worker itself, started with `-B` (embedded "
        "beat). Each sends `release_expired_holds` every minute, so every expired hold is processed twice and "
        "gets two emails. Removing `-B` from the worker leaves the dedicated beat service as the only scheduler."
    )
    s.act(
        None,
        Edit(
            "docker-compose.yml",
            "command: celery -A brodar worker -B -l info --concurrency 4",
            "command: celery -A brodar worker -l info --concurrency 4",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d worker beat && sleep 70 && docker compose logs --since 75s | grep 'Sending due task "
            "release-expired-holds'",
            "beat-1    | [2027-06-22 06:35:00,006: INFO/MainProcess] Scheduler: Sending due task release-expired-holds "
            "(bookings.tasks.release_expired_holds)",
            secs=80,
        ),
    )
    s.say("One `Sending due task` per minute now, from `beat` only.")
    s.user(
        "merge it to main. i nešto za sve repoe: zaboravi rebase, od sad ide normalan merge commit. Luka je dva "
        "puta izgubio commitove zbog force pusha nakon rebasea.",
        rules=[("merge-commits", "zaboravi rebase, od sad ide normalan merge commit", "rebase")],
    )
    s.act(
        None,
        Bash(
            "git add docker-compose.yml && git commit -m 'Run a single beat scheduler' && git checkout -q main && "
            "git pull -q && git merge --no-ff beat-once -m \"Merge branch 'beat-once'\"",
            git_commit("beat-once", "2f6b9a1", "Run a single beat scheduler", 1, 1, 1)
            + "\nMerge made by the 'ort' strategy.\n docker-compose.yml | 2 +-\n 1 file changed, 1 insertion(+), "
            "1 deletion(-)",
        ),
    )
    s.say("Merged into `main` with a merge commit, no rebase.")
    s.user("hvala")
    s.one_off(
        "celery beat runs twice (the worker started with -B and a separate beat service), so release_expired_holds "
        "fires twice a minute and passengers get two expiry emails; -B removed from the worker"
    )
    s.outcome("success", "single beat scheduler, duplicate expiry emails stopped; merged with a merge commit")
    return s


def explore_delay(child: Session) -> None:
    child.act(
        None,
        Grep(
            "\\.delay\\(|\\.apply_async\\(",
            [
                "bookings/services.py:19:    send_booking_confirmation.delay(booking.pk)",
                "payments/handlers.py:13:    render_ticket_pdf.delay(booking.pk)",
                "refunds/services.py:12:    notify_refund.delay(refund.pk)",
                "bookings/views.py:58:        send_hold_reminder.apply_async((hold.pk,), countdown=600)",
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Grep(
            "transaction\\.atomic|ATOMIC_REQUESTS",
            [
                "bookings/services.py:8:@transaction.atomic",
                "payments/webhooks.py:22:    with transaction.atomic():",
                "refunds/services.py:8:@transaction.atomic",
                'brodar/settings/base.py:71:        "ATOMIC_REQUESTS": False,',
            ],
            mode="content",
        ),
    )
    child.say(
        "Task calls made inside an open transaction:\n- bookings/services.py:19 send_booking_confirmation.delay — "
        "inside @transaction.atomic (create_booking, :8).\n- payments/handlers.py:13 render_ticket_pdf.delay — "
        "called from payments/webhooks.py:22 `with transaction.atomic()`.\n- refunds/services.py:12 "
        "notify_refund.delay — inside @transaction.atomic (request_refund, :8).\nOutside a transaction: "
        "bookings/views.py:58 send_hold_reminder.apply_async (hold already saved, autocommit). ATOMIC_REQUESTS is "
        "off."
    )


REFUND_SENTRY = (
    "DoesNotExist: Refund matching query does not exist.\n"
    '  File "refunds/tasks.py", line 9, in notify_refund\n'
    '    refund = Refund.objects.select_related("booking").get(pk=refund_id)\n'
    "refunds.tasks.notify_refund · brodar-api@0.10.1 · production · 7 events · 5 users"
)


def a13() -> Session:
    s = new("a13-on-commit", "2027-06-23T06:30:44", "2.1.160", "tasks-on-commit", "after-commit-shearwater")
    s.user(
        "Sad i refundi. Sentry:\n\n```\n" + REFUND_SENTRY + "\n```\n\nI onaj integracijski test (preimenovala sam "
        "ga u test_confirmation_email_reaches_passenger) i dalje pada u CI-ju:\n\n```\nFAILED "
        "tests/integration/test_booking_flow.py::test_confirmation_email_reaches_passenger - assert 0 == 1\n```\n\n"
        "Mislim da je sve ovo ista priča kao s PDF-om: task krene prije nego što se transakcija commita. Mailovi, "
        "PDF, refundi. Riješi to jednom, za sve taskove."
    )
    s.act(
        "First, every place that queues a task inside an open transaction:",
        Agent(
            "Find tasks queued inside transactions",
            "In this Django project, list every Celery .delay( / .apply_async( call and say whether it runs inside "
            "a transaction (transaction.atomic decorator or block, ATOMIC_REQUESTS). Do not change any code; "
            "always give file:line for each call site.",
            "Explore",
            explore_delay,
        ),
    )
    s.act(
        None,
        Read("bookings/services.py", SERVICES),
        Read("payments/handlers.py", HANDLERS),
        Read("refunds/services.py", REFUNDS),
    )
    s.act(
        "Three call sites queue a task before their transaction commits; the worker, on its own connection, then "
        "reads a row that is not committed yet (DoesNotExist) or its old state (the PENDING ticket). Each one "
        "moves into `transaction.on_commit`, so the task is sent only after the commit:",
        Edit(
            "bookings/services.py",
            "    send_booking_confirmation.delay(booking.pk)\n",
            "    transaction.on_commit(partial(send_booking_confirmation.delay, booking.pk))\n",
        ),
        Edit(
            "bookings/services.py",
            "from django.db import transaction\n",
            "from functools import partial\n\nfrom django.db import transaction\n",
        ),
        Edit(
            "payments/handlers.py",
            "    render_ticket_pdf.delay(booking.pk)",
            "    transaction.on_commit(partial(render_ticket_pdf.delay, booking.pk))",
        ),
        Edit(
            "payments/handlers.py",
            "from bookings.models import Booking\n",
            "from functools import partial\n\nfrom django.db import transaction\n\nfrom bookings.models import Booking\n",
        ),
        Edit(
            "refunds/services.py",
            "    notify_refund.delay(refund.pk)\n",
            "    transaction.on_commit(partial(notify_refund.delay, refund.pk))\n",
        ),
        Edit(
            "refunds/services.py",
            "from django.db import transaction\n",
            "from functools import partial\n\nfrom django.db import transaction\n",
        ),
    )
    s.act(
        "And a unit test that fails if a confirmation is queued before the commit:",
        Write(
            "bookings/tests/test_on_commit.py",
            "import pytest\n\nfrom bookings.services import create_booking\nfrom bookings.tests.factories import "
            "DepartureFactory\n\n\n@pytest.mark.django_db\ndef test_confirmation_is_queued_on_commit("
            "django_capture_on_commit_callbacks, mocker):\n"
            '    delay = mocker.patch("bookings.tasks.send_booking_confirmation.delay")\n'
            "    with django_capture_on_commit_callbacks(execute=False) as callbacks:\n"
            "        booking = create_booking(departure=DepartureFactory(), passengers=1, vehicle_category=None, "
            'email="a@example.com")\n        delay.assert_not_called()\n    assert len(callbacks) == 1\n'
            "    callbacks[0]()\n    delay.assert_called_once_with(booking.pk)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "poetry run pytest -q tests/integration bookings payments refunds",
            pytest_run(44, secs=7.9),
            secs=12,
        ),
    )
    s.say(
        "All three tasks are queued with `transaction.on_commit(partial(...))`. The renamed integration test "
        "passes with the real worker, the new test checks that nothing is queued before the commit, and "
        "payments and refunds are green (44 tests)."
    )
    s.user(
        "lesson: a .delay() inside a transaction can run before the commit, the worker simply doesn't see the row "
        "yet. commit i PR.",
        lessons=[
            "a .delay() inside a transaction can run before the commit, the worker simply doesn't see the row yet"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Queue Celery tasks only after the transaction commits' && "
            "git push -u origin tasks-on-commit && gh pr create --fill",
            git_commit("tasks-on-commit", "8d41c6e", "Queue Celery tasks only after the transaction commits", 5, 47, 6)
            + "\nbranch 'tasks-on-commit' set up to track 'origin/tasks-on-commit'.\n"
            "https://github.com/brodar-hr/brodar-api/pull/87",
            secs=6,
        ),
    )
    s.say("PR #87 is open.")
    s.not_person("Do not change any code; always give file:line for each call site.", "subagent_prompt")
    s.outcome("success", "tasks queued with transaction.on_commit in three places; integration test green, PR opened")
    s.hit("celery-before-commit", fixed=True)
    return s


APPS = """from django.apps import AppConfig


class AvailabilityConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "availability"
    verbose_name = "Dostupnost"
"""

CACHE_MOD = """from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from bookings.models import Booking
from schedules.models import Departure, Vessel

TIMEOUT = 60 * 5


def availability_key(departure_id: int) -> str:
    return f"availability:v1:{departure_id}"


@receiver([post_save, post_delete], sender=Booking)
def booking_changed(sender, instance, **kwargs):
    cache.delete(availability_key(instance.departure_id))


@receiver(post_save, sender=Departure)
def departure_changed(sender, instance, **kwargs):
    cache.delete(availability_key(instance.pk))


@receiver(post_save, sender=Vessel)
def vessel_changed(sender, instance, **kwargs):
    cache.delete_many([availability_key(pk) for pk in instance.departures.values_list("pk", flat=True)])
"""

AVAIL_VIEW_NEW = """from django.core.cache import cache
from rest_framework.generics import RetrieveAPIView
from rest_framework.response import Response

from availability.cache import TIMEOUT, availability_key
from availability.serializers import AvailabilitySerializer
from schedules.models import Departure


class DepartureAvailabilityView(RetrieveAPIView):
    queryset = Departure.objects.select_related("vessel")
    serializer_class = AvailabilitySerializer

    def retrieve(self, request, *args, **kwargs):
        key = availability_key(int(kwargs["pk"]))
        data = cache.get(key)
        if data is None:
            data = self.get_serializer(self.get_object()).data
            cache.set(key, data, TIMEOUT)
        return Response(data)
"""


def a14() -> Session:
    s = new("a14-availability-cache", "2027-06-24T06:41:22", "2.1.161", "availability-cache", "fresh-count-kittiwake")
    s.user(
        "Onaj Lukin test je preimenovan u sklopu njegovog refaktora i i dalje pada:\n\n```\nFAILED "
        "tests/api/test_availability.py::test_remaining_spots_update_after_booking - assert 38 == 37\n```\n\n"
        "To je isti cache_page na dostupnosti kao u ponedjeljak, sigurna sam. I 409 kod plaćanja prije dva "
        "tjedna, i ovaj test. Riješi to kako treba: kad se nešto "
        "promijeni, broj mora biti točan odmah."
    )
    s.act(
        None,
        Read("availability/views.py", AVAIL_VIEW),
        Read("availability/apps.py", APPS),
        Read("conftest.py", CONFTEST_2),
    )
    s.act(
        "`cache_page` caches the whole response by URL and knows nothing about bookings, so it cannot be "
        "invalidated when a booking or the admin changes the numbers. Replacing it with a per-departure key that "
        "is deleted whenever a booking, the departure or its vessel is saved:",
        Write("availability/cache.py", CACHE_MOD),
        Write("availability/views.py", AVAIL_VIEW_NEW),
    )
    s.act(
        None,
        Edit(
            "availability/apps.py",
            '    name = "availability"\n',
            '    name = "availability"\n\n    def ready(self):\n        from availability import cache  # noqa: F401  '
            "(signal receivers)\n",
        ),
        Edit(
            "conftest.py",
            'pytest_plugins = ("celery.contrib.pytest",)\n',
            'pytest_plugins = ("celery.contrib.pytest",)\n\n\n@pytest.fixture(autouse=True)\ndef _clear_cache():\n'
            "    from django.core.cache import cache\n\n    cache.clear()\n    yield\n",
        ),
    )
    s.act(
        None,
        Bash(
            "poetry run pytest -q",
            pytest_run(138, secs=15.6),
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            'poetry run python manage.py shell -c "from django.core.cache import cache; from '
            "availability.cache import availability_key; from schedules.models import Vessel; "
            "cache.set(availability_key(4812), {'car_spots_left': 3}); v = Vessel.objects.get(name='Petar "
            "Hektorović'); v.car_spots = 75; v.save(); print(cache.get(availability_key(4812)))\"",
            "None",
        ),
    )
    s.say(
        "Availability is cached per departure (`availability:v1:<id>`) and the key is deleted on every booking "
        "change, departure change and vessel change, so the next request recomputes it; changing Petar "
        "Hektorović's car spots drops the cached entry at once. Tests clear the cache between tests, and the "
        "full suite passes (138), the renamed availability test included."
    )
    s.user(
        "odlično. naučila sam: cache_page na podacima koji se mijenjaju svakom kupnjom samo skriva pravo stanje. "
        "Odluka: dostupnost keširamo po polasku i brišemo ključ kod svake promjene. commit.",
        lessons=["cache_page na podacima koji se mijenjaju svakom kupnjom samo skriva pravo stanje"],
        decisions=["dostupnost keširamo po polasku i brišemo ključ kod svake promjene"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Cache availability per departure and invalidate it on change'",
            git_commit(
                "availability-cache",
                "b0e47d3",
                "Cache availability per departure and invalidate it on change",
                5,
                58,
                5,
            ),
        ),
    )
    s.say("Committed (`b0e47d3`).")
    s.outcome("success", "cache_page replaced by a per-departure cache invalidated by signals; suite green on Redis")
    s.hit("stale-availability-cache", fixed=True)
    return s


def a15() -> Session:
    s = new("a15-readable-logs", "2027-06-25T06:52:33", "2.1.162", "dev-logs", "console-logs-grebe")
    s.user(
        "JSON logovi u terminalu su mi nečitljivi dok debugiram. lokalno hoću obične čitljive logove s bojama, "
        "JSON neka ostane za server.",
        rules=[
            (
                "plain-local-logs",
                "lokalno hoću obične čitljive logove s bojama, JSON neka ostane za server",
                "json-logs",
            )
        ],
    )
    s.act(None, Read("brodar/logging.py", LOGGING))
    s.act(
        None,
        Edit(
            "brodar/logging.py",
            "import structlog\n\nstructlog.configure(",
            "import structlog\nfrom django.conf import settings\n\nrenderer = (\n    structlog.dev.ConsoleRenderer("
            "colors=True) if settings.DEBUG else structlog.processors.JSONRenderer()\n)\n\nstructlog.configure(",
        ),
    )
    s.act(
        None,
        Edit("brodar/logging.py", "        structlog.processors.JSONRenderer(),\n", "        renderer,\n"),
    )
    s.act(
        None,
        Bash(
            "DEBUG=1 poetry run python manage.py check && poetry run pytest -q",
            "System check identified no issues (0 silenced).\n" + ok(15.1, 139),
            secs=20,
        ),
    )
    s.say("With `DEBUG` on, structlog prints coloured console lines; without it (staging, production) it stays JSON.")
    s.user("to je to, hvala. commit i merge.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Readable console logs when DEBUG is on' && git checkout -q main && "
            "git merge --no-ff dev-logs -m \"Merge branch 'dev-logs'\"",
            git_commit("dev-logs", "6ac2e90", "Readable console logs when DEBUG is on", 1, 6, 1)
            + "\nMerge made by the 'ort' strategy.",
        ),
    )
    s.say("Merged (`6ac2e90`).")
    s.outcome("success", "console logs in development, JSON on servers; merged")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15]

"""Sessions in `kvytok` (/home/oksana/work/kvytok): a Django 5 + Django REST Framework ticketing backend with
Celery (Redis broker) for e-mails and PDF tickets, Postgres, pytest-django + factory_boy, ruff, mypy
(django-stubs), docker compose for the local Postgres/Redis, GitHub Actions."""

from __future__ import annotations

from fake_output import KV, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

CELERY = "celery-task-before-commit"


def kv(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KV, project="kvytok")


SERVICES_CHECKOUT = """@transaction.atomic
def refund_order(order: Order, by: User) -> Order:
    order = Order.objects.select_for_update().get(pk=order.pk)
    if order.status != "paid":
        raise RefundNotAllowed(order.status)
    order.status, order.refund_amount, order.refunded_at = "refunded", order.total, timezone.now()
    order.save(update_fields=["status", "refund_amount", "refunded_at"])
    send_refund_notice.delay(order.pk)
    return order


@transaction.atomic
def checkout(cart: Cart, customer: Customer) -> Order:
    order = Order.objects.create(customer=customer, event=cart.event, total=cart.total())
    tickets = [Ticket(order=order, seat=hold.seat, price=hold.price) for hold in cart.holds.select_for_update()]
    Ticket.objects.bulk_create(tickets)
    cart.holds.all().delete()
    send_confirmation.delay(order.pk)
    for t in tickets:
        render_ticket_pdf.delay(t.pk)
    return order"""

TASKS = """@shared_task(bind=True, acks_late=True)
def send_confirmation(self, order_id: int) -> None:
    order = Order.objects.select_related("event", "customer").get(pk=order_id)
    send_mail(
        subject=f"Ваші квитки: {order.event.title}",
        message=render_to_string("orders/confirmation.txt", {"order": order}),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[order.customer.email],
    )"""

WORKER_LOG = """[2027-04-06 06:58:12,391: INFO/MainProcess] Task kvytok.orders.tasks.send_confirmation[5b0f2c8e-1d4a-4c3e-9f61-2a7d0b9e4c11] received
[2027-04-06 06:58:12,404: ERROR/ForkPoolWorker-2] Task kvytok.orders.tasks.send_confirmation[5b0f2c8e-1d4a-4c3e-9f61-2a7d0b9e4c11] raised unexpected: DoesNotExist('Order matching query does not exist.')
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/site-packages/celery/app/trace.py", line 453, in trace_task
    R = retval = fun(*args, **kwargs)
  File "/app/kvytok/orders/tasks.py", line 14, in send_confirmation
    order = Order.objects.select_related("event", "customer").get(pk=order_id)
  File "/usr/local/lib/python3.12/site-packages/django/db/models/query.py", line 649, in get
    raise self.model.DoesNotExist(
kvytok.orders.models.Order.DoesNotExist: Order matching query does not exist."""


def k01_seat_hold() -> Session:
    s = kv("k01-seat-hold", "2027-04-05T06:41:12", "2.1.201", "feat/seat-hold", "warm-rynok-sparrow")
    s.user(
        "привіт. треба endpoint POST /api/events/<id>/holds/ який тримає вибрані місця на 10 хв, модель SeatHold "
        "вже є в tickets/models.py. put the logic on the model, fat models thin views, as usual. in tests use "
        "factories from tests/factories.py, not Model.objects.create by hand",
        after=0,
        rules=[
            ("logic-on-model", "put the logic on the model, fat models thin views"),
            ("factories", "in tests use factories from tests/factories.py, not Model.objects.create by hand"),
        ],
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Add SeatHold.hold() on the model", "in_progress", "Adding SeatHold.hold()"),
                ("Add POST /api/events/<id>/holds/ view and route", "pending", "Adding the holds view"),
                ("Test with factories", "pending", "Writing hold tests"),
            ]
        ),
    )
    s.act(
        None,
        Read(
            "kvytok/tickets/models.py",
            "class SeatHold(models.Model):\n    event = models.ForeignKey(Event, on_delete=models.CASCADE)\n"
            "    seat = models.ForeignKey(Seat, on_delete=models.CASCADE)\n    session_key = models.CharField(max_length=40)\n"
            "    expires_at = models.DateTimeField(db_index=True)\n\n    class Meta:\n"
            '        constraints = [models.UniqueConstraint(fields=["event", "seat"], name="uniq_hold_per_seat")]',
            offset=58,
            total=91,
        ),
    )
    s.act(
        "I'll add a classmethod on SeatHold that locks the seats and creates the holds, and a thin view that calls it.",
        Edit(
            "kvytok/tickets/models.py",
            '    class Meta:\n        constraints = [models.UniqueConstraint(fields=["event", "seat"], name="uniq_hold_per_seat")]',
            '    class Meta:\n        constraints = [models.UniqueConstraint(fields=["event", "seat"], name="uniq_hold_per_seat")]\n\n'
            "    HOLD_FOR = timedelta(minutes=10)\n\n    @classmethod\n"
            '    def hold(cls, event: Event, seat_ids: list[int], session_key: str) -> list["SeatHold"]:\n'
            "        now = timezone.now()\n        cls.objects.filter(event=event, expires_at__lt=now).delete()\n"
            "        seats = Seat.objects.select_for_update().filter(pk__in=seat_ids, hall=event.hall)\n"
            "        return cls.objects.bulk_create(\n"
            "            [cls(event=event, seat=s, session_key=session_key, expires_at=now + cls.HOLD_FOR) for s in seats]\n"
            "        )",
        ),
        Write(
            "tests/tickets/test_holds.py",
            "import pytest\n\nfrom tests.factories import EventFactory, SeatFactory\n\n\n@pytest.mark.django_db\n"
            "def test_hold_blocks_seat_for_ten_minutes(api_client):\n    event = EventFactory()\n"
            "    seat = SeatFactory(hall=event.hall)\n"
            '    r = api_client.post(f"/api/events/{event.pk}/holds/", {"seats": [seat.pk]}, format="json")\n'
            "    assert r.status_code == 201\n"
            '    r2 = api_client.post(f"/api/events/{event.pk}/holds/", {"seats": [seat.pk]}, format="json")\n'
            "    assert r2.status_code == 409\n",
        ),
    )
    s.act(None, Bash("pytest tests/tickets -q", pytest_run(23, secs=9.81), desc="Run ticket tests", secs=12))
    s.act(
        None,
        Bash(
            "ruff check . && ruff format --check .",
            "All checks passed!\n118 files already formatted",
            desc="Lint",
        ),
    )
    s.say(
        "`SeatHold.hold()` locks the seats and creates 10-minute holds; the view returns 409 on a taken seat. 23 passed."
    )
    s.user(
        "супер, закоміть. commit messages in English, imperative, no emoji, в обох репах",
        rules=[("commit-english", "commit messages in English, imperative, no emoji")],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add seat hold endpoint"',
            git_commit("feat/seat-hold", "3c9e1a4", "Add seat hold endpoint", 4, 96, 2),
        ),
    )
    s.say("Committed as `Add seat hold endpoint`.")
    s.user("thank you!")
    s.outcome("success", "seat hold endpoint added with tests and committed; Oksana thanks")
    return s


def k02_confirmation_worker_log() -> Session:
    s = kv("k02-confirmation-log", "2027-04-06T07:05:40", "2.1.201", "fix/confirmation-email", "pale-lychakiv-owl")
    s.user(
        "morning. листи з підтвердженням не йдуть деяким людям, в docker compose logs worker бачу таке:\n```\n"
        + WORKER_LOG
        + "\n```\nподивись будьласка",
        after=0,
    )
    s.act(None, Read("kvytok/orders/tasks.py", TASKS, offset=3, total=42))
    s.act(
        "The task loads the order by id and the row isn't there. First I'll check the worker talks to the same "
        "database as the web container.",
        Bash(
            "docker compose exec worker env | grep -E 'DATABASE_URL|CELERY_BROKER'; docker compose exec web env | grep DATABASE_URL",
            "DATABASE_URL=postgres://kvytok:kvytok@db:5432/kvytok\nCELERY_BROKER_URL=redis://redis:6379/0\n"
            "DATABASE_URL=postgres://kvytok:kvytok@db:5432/kvytok",
            desc="Compare worker and web env",
        ),
    )
    s.act(
        None,
        Bash(
            'docker compose exec db psql -U kvytok -c "select id, status, created_at from orders_order where id = 4127;"',
            "  id  | status |          created_at\n------+--------+-------------------------------\n 4127 | paid   | 2027-04-06 06:58:12.377+00\n(1 row)",
            desc="Look the order up",
        ),
    )
    s.user("run the tests with --reuse-db btw, it's faster", rules=[("reuse-db", "run the tests with --reuse-db")])
    s.act(
        None,
        Bash("pytest --reuse-db tests/orders -q", pytest_run(41, secs=6.12), desc="Run order tests", secs=8),
    )
    s.say(
        "Same database, and order 4127 exists now with status paid, yet the worker didn't find it at 06:58:12.404. "
        "The order tests pass, but they run Celery eagerly, so they wouldn't show this. I haven't found why the "
        "worker missed the row. Going forward, always check the worker logs with `docker compose logs worker` "
        "after a checkout test."
    )
    s.not_person(
        "Going forward, always check the worker logs with `docker compose logs worker` after a checkout test.",
        "assistant_text",
    )
    s.user("ок, still broken. мушу бігти на дейлі")
    s.outcome("failed", "worker keeps failing with Order.DoesNotExist; env and row checked, cause not found")
    s.hit(CELERY)
    return s


def k03_port_5432() -> Session:
    s = kv("k03-port-5432", "2027-04-07T06:50:03", "2.1.202", "main", "quiet-stryi-heron")
    s.user("docker compose up -d db не піднімається після апдейту убунти, глянь що там", after=0)
    err = (
        "[+] Running 1/2\n ✔ Network kvytok_default  Created                                               0.1s\n"
        " ⠿ Container kvytok-db-1     Starting                                              0.4s\nError response "
        "from daemon: driver failed programming external connectivity on endpoint kvytok-db-1 (9e0c4b1f7a2d): "
        "Bind for 0.0.0.0:5432 failed: port is already allocated"
    )
    s.act(None, Bash("docker compose up -d db", err, code=1, desc="Start Postgres", secs=3))
    s.act(
        "Maybe a stale container from before the upgrade still holds the port. Taking the stack down and trying again.",
        Bash(
            "docker compose down",
            " ✔ Container kvytok-db-1     Removed  0.1s\n ✔ Network kvytok_default  Removed  0.2s",
        ),
    )
    s.act(None, Bash("docker compose up -d db", err, code=1, desc="Start Postgres again", secs=3))
    s.act(None, Bash("docker ps --format '{{.Names}} {{.Ports}}'", "kvytok-redis-1 0.0.0.0:6379->6379/tcp"))
    s.act(
        "No other container has 5432. Retrying once more in case the daemon released it late.",
        Bash("docker compose up -d db", err, code=1, desc="Start Postgres (retry)", secs=3),
    )
    s.act(
        None,
        Bash(
            "sudo ss -ltnp 'sport = :5432'",
            "State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n"
            'LISTEN 0      244        127.0.0.1:5432      0.0.0.0:*    users:(("postgres",pid=1184,fd=6))',
        ),
    )
    s.say(
        "A host Postgres (pid 1184, the Ubuntu `postgresql` service) is listening on 5432, so Docker can't bind it. "
        "Did the upgrade pull in postgresql, or do you use it for something?"
    )
    s.user(
        "а, так, я ставила postgresql-16 для іншого проекту, і він тепер стартує сам. просто зупини і вимкни його. "
        "до речі, вирішили з Тарасом: платежі через WayForPay, LiqPay поки відкладаємо",
        decisions=["вирішили з Тарасом: платежі через WayForPay, LiqPay поки відкладаємо"],
    )
    s.act(
        None,
        Bash(
            "sudo systemctl disable --now postgresql && docker compose up -d db",
            "Synchronizing state of postgresql.service with SysV service script with /usr/lib/systemd/systemd-sysv-install.\n"
            "Executing: /usr/lib/systemd/systemd-sysv-install disable postgresql\n"
            'Removed "/etc/systemd/system/multi-user.target.wants/postgresql.service".\n'
            "[+] Running 2/2\n ✔ Network kvytok_default  Created  0.1s\n ✔ Container kvytok-db-1     Started  0.6s",
            desc="Stop host Postgres, start the container",
            secs=5,
        ),
    )
    s.say("Host postgresql stopped and disabled; kvytok-db-1 is up on 5432. Noted WayForPay over LiqPay.")
    s.user("top, thanks")
    s.outcome("success", "local Postgres container starts once the host postgresql service is disabled")
    s.one_off(
        "after installing postgresql-16 on the host, its service holds port 5432 and docker compose up -d db fails "
        "with 'port is already allocated' (three tries) until the service is disabled"
    )
    return s


def k04_pdf_missing_words() -> Session:
    s = kv("k04-pdf-missing", "2027-04-08T07:20:51", "2.1.202", "main", "still-zbruch-finch")
    s.user(
        "слухай, саппорт пише що деяким покупцям не приходить квиток на пошту, хоча в адмінці замовлення є і "
        "статус paid. не всім, десь одному з двадцяти. можеш глянути де воно відправляється і чому могло не дійти?",
        after=0,
    )
    s.act(
        None,
        Grep(
            "send_confirmation|render_ticket_pdf",
            ["kvytok/orders/services.py", "kvytok/orders/tasks.py", "kvytok/tickets/tasks.py"],
            path="kvytok",
        ),
    )
    s.act(None, Read("kvytok/orders/tasks.py", TASKS, offset=3, total=42))
    s.act(
        None,
        Read(
            "kvytok/settings/prod.py",
            'EMAIL_BACKEND = "anymail.backends.sendgrid.EmailBackend"\nANYMAIL = {"SENDGRID_API_KEY": env("SENDGRID_API_KEY")}\n'
            'DEFAULT_FROM_EMAIL = "Квиток <no-reply@kvytok.ua>"',
            offset=71,
            total=104,
        ),
    )
    s.say(
        "Лист іде з Celery-таски `send_confirmation` через SendGrid (anymail). Варто перевірити два місця: чи таска "
        "взагалі відпрацювала (логи воркера / Sentry за ці замовлення) і чи SendGrid не відкинув лист (Activity feed, "
        "bounces). Дай номери кількох замовлень, і я подивлюсь логи."
    )
    s.user("ой, мене кличуть на дзвінок, потім продовжимо")
    s.outcome("unknown", "Oksana was called away while the e-mail path was being traced; nothing found or changed")
    s.hit(CELERY)
    return s


def k05_refunds() -> Session:
    s = kv("k05-refunds", "2027-04-09T06:30:22", "2.1.202", "feat/refunds", "bright-shevchenko-stork")
    s.user(
        "додай refund endpoint для замовлення: POST /api/orders/<id>/refund/, тільки власник або staff. "
        "домовились з Тарасом що повернення тільки повне, часткових не буде. і гроші тільки в Decimal, ніяких "
        "float, навіть в серіалізаторі",
        after=0,
        rules=[("money-decimal", "гроші тільки в Decimal, ніяких float")],
        decisions=["домовились з Тарасом що повернення тільки повне, часткових не буде"],
    )
    s.act(
        None,
        Read(
            "kvytok/orders/migrations/0013_order_status.py",
            'class Migration(migrations.Migration):\n    dependencies = [("orders", "0012_order_total")]\n\n'
            '    operations = [\n        migrations.AddField(\n            model_name="order",\n'
            '            name="status",\n            field=models.CharField(default="pending", max_length=16),\n'
            "        ),\n    ]",
            total=16,
        ),
    )
    s.act(
        "I need a `refunded_at` field. 0013 is the latest orders migration, I'll add it there.",
        Denied(
            Edit(
                "kvytok/orders/migrations/0013_order_status.py",
                "        ),\n    ]",
                '        ),\n        migrations.AddField(\n            model_name="order",\n            name="refunded_at",\n'
                "            field=models.DateTimeField(null=True, blank=True),\n        ),\n    ]",
            )
        ),
    )
    s.user(
        "ні, 0013 вже в main. never edit a migration that's already on main, make a new one",
        rules=[("migrations-immutable", "never edit a migration that's already on main, make a new one")],
    )
    s.act(
        None,
        Read(
            "kvytok/orders/models.py",
            '    status = models.CharField(max_length=16, default="pending")\n'
            "    created_at = models.DateTimeField(auto_now_add=True)\n\n    objects = OrderQuerySet.as_manager()\n\n"
            '    def mark_paid(self) -> None:\n        self.status = "paid"\n'
            '        self.save(update_fields=["status"])',
            offset=31,
            total=88,
        ),
    )
    s.act(
        None,
        Edit(
            "kvytok/orders/models.py",
            '    status = models.CharField(max_length=16, default="pending")',
            '    status = models.CharField(max_length=16, default="pending")\n'
            "    refunded_at = models.DateTimeField(null=True, blank=True)\n"
            '    refund_amount = models.DecimalField(max_digits=10, decimal_places=2, default=Decimal("0.00"))',
        ),
    )
    s.act(
        None,
        Bash(
            "python manage.py makemigrations orders --name order_refund",
            "Migrations for 'orders':\n  kvytok/orders/migrations/0014_order_refund.py\n"
            "    + Add field refunded_at to order\n    + Add field refund_amount to order",
        ),
    )
    s.act(
        None,
        Edit(
            "kvytok/orders/models.py",
            "    def mark_paid(self) -> None:",
            '    def refund(self) -> None:\n        if self.status != "paid":\n'
            '            raise RefundNotAllowed(self.status)\n        self.status = "refunded"\n'
            "        self.refund_amount = self.total\n        self.refunded_at = timezone.now()\n"
            '        self.save(update_fields=["status", "refund_amount", "refunded_at"])\n\n'
            "    def mark_paid(self) -> None:",
        ),
        Write(
            "tests/orders/test_refund.py",
            "import pytest\nfrom decimal import Decimal\n\nfrom tests.factories import PaidOrderFactory\n\n\n"
            "@pytest.mark.django_db\ndef test_full_refund(api_client_for):\n"
            '    order = PaidOrderFactory(total=Decimal("850.00"))\n'
            '    r = api_client_for(order.customer).post(f"/api/orders/{order.pk}/refund/")\n'
            '    assert r.status_code == 200\n    assert r.json()["refund_amount"] == "850.00"\n',
        ),
    )
    s.act(None, Bash("pytest --reuse-db tests/orders -q", pytest_run(44, secs=6.9), desc="Run order tests", secs=9))
    s.act(
        None,
        Bash(
            "ruff check kvytok tests && mypy kvytok",
            "All checks passed!\nSuccess: no issues found in 109 source files",
            desc="Lint and type-check",
            secs=20,
        ),
    )
    s.say(
        "Refund endpoint added (full refunds only, owner or staff), amounts as Decimal (`DecimalField` in the "
        "serializer, serialized as strings), new migration 0014_order_refund. 44 passed."
    )
    s.user("ok, norm")
    s.outcome("success", "full-refund endpoint with a new migration and tests; the edit of a merged migration refused")
    return s


def k06_migration_conflict() -> Session:
    s = kv("k06-merge-migrations", "2027-04-12T07:00:14", "2.1.203", "feat/refunds", "grey-vynnyky-crane")
    s.user(
        "після мержу main в мою гілку migrate падає:\n```\nCommandError: Conflicting migrations detected; multiple "
        "leaf nodes in the migration graph: (0014_order_promo_code, 0014_order_refund in orders).\nTo fix them run "
        "'python manage.py makemigrations --merge'\n```",
        after=0,
    )
    s.act(
        None,
        Bash(
            "python manage.py makemigrations --merge --noinput",
            "Merging orders\n  Branch 0014_order_promo_code\n    + Add field promo_code to order\n"
            "  Branch 0014_order_refund\n    + Add field refunded_at to order\n    + Add field refund_amount to order\n\n"
            "Created new merge migration kvytok/orders/migrations/0015_merge_20270412_0701.py",
        ),
    )
    s.say(
        "Created `0015_merge_20270412_0701.py`; the two 0014 migrations touch different fields, so no conflict in "
        "the schema."
    )
    s.shell_escape(
        "git status --short",
        "?? kvytok/orders/migrations/0015_merge_20270412_0701.py",
    )
    s.user(
        "фу, 0015_merge_20270412_0701. відтепер міграції називай нормально через --name, щоб з назви було видно що там",
        rules=[("migration-names", "міграції називай нормально через --name")],
    )
    s.act(
        None,
        Bash(
            "rm kvytok/orders/migrations/0015_merge_20270412_0701.py && python manage.py makemigrations --merge "
            "--noinput --name merge_promo_code_and_refund && python manage.py migrate",
            "Created new merge migration kvytok/orders/migrations/0015_merge_promo_code_and_refund.py\n"
            "Operations to perform:\n  Apply all migrations: admin, auth, contenttypes, events, orders, sessions, tickets\n"
            "Running migrations:\n  Applying orders.0014_order_promo_code... OK\n"
            "  Applying orders.0015_merge_promo_code_and_refund... OK",
        ),
    )
    s.act(None, Bash("pytest --reuse-db -q", pytest_run(131, secs=21.4), desc="Full test run", secs=24))
    s.say("Renamed to `0015_merge_promo_code_and_refund`, migrated, full suite green (131 passed).")
    s.user(
        "дякую. урок: після мержу main спершу перевіряю міграції через makemigrations --check, а потім вже все інше",
        lessons=["урок: після мержу main спершу перевіряю міграції через makemigrations --check"],
    )
    s.outcome("success", "conflicting 0014 migrations merged with a named merge migration, suite green")
    s.one_off(
        "two branches each added an orders 0014 migration; migrate fails with 'Conflicting migrations detected; "
        "multiple leaf nodes' until a merge migration is made"
    )
    return s


def k07_pdf_sentry() -> Session:
    s = kv("k07-pdf-sentry", "2027-04-13T06:45:37", "2.1.203", "fix/ticket-pdf", "cold-pidzamche-rook")
    s.user(
        "знову шось з квитками, тепер pdf. в sentry на стейджингу:\n```\nDoesNotExist: Ticket matching query does "
        'not exist.\n  File "kvytok/tickets/tasks.py", line 34, in render_ticket_pdf\n    ticket = '
        'Ticket.objects.select_related("order", "seat").get(pk=ticket_id)\n  File '
        '"django/db/models/query.py", line 649, in get\n    raise self.model.DoesNotExist(\n\n'
        "celery.task: kvytok.tickets.tasks.render_ticket_pdf | environment: staging | 12 events, 3 users\n```\n"
        "чому воно завжди вилазить саме на стейджингу?",
        after=0,
        non_rules=["чому воно завжди вилазить саме на стейджингу?"],
    )
    s.act(
        None,
        Read(
            "kvytok/tickets/tasks.py",
            "@shared_task(autoretry_for=(WeasyPrintError,), max_retries=2)\ndef render_ticket_pdf(ticket_id: int) -> None:\n"
            '    ticket = Ticket.objects.select_related("order", "seat").get(pk=ticket_id)\n'
            '    pdf = HTML(string=render_to_string("tickets/ticket.html", {"t": ticket})).write_pdf()\n'
            '    ticket.pdf.save(f"{ticket.code}.pdf", ContentFile(pdf))',
            offset=31,
            total=48,
        ),
    )
    s.act(
        "The ticket row isn't visible to the worker yet when the task starts. Staging has more load than local, so "
        "the task gets picked up faster. I'll give the rows a moment by delaying the task a few seconds.",
        Denied(
            Edit(
                "kvytok/orders/services.py",
                "        render_ticket_pdf.delay(t.pk)",
                "        render_ticket_pdf.apply_async((t.pk,), countdown=5)",
            )
        ),
    )
    s.user(
        "ні, це костиль, countdown нічого не гарантує. і ще: checkout and refund code lives in orders/services.py "
        "as plain functions, not on the model. моделі в нас вже по 600 рядків, Order.refund() теж переїде туди",
        rules=[
            (
                "services-not-models",
                "checkout and refund code lives in orders/services.py as plain functions, not on the model",
                "logic-on-model",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "kvytok/orders/services.py",
            "@transaction.atomic\ndef checkout(cart: Cart, customer: Customer) -> Order:",
            "@transaction.atomic\ndef refund_order(order: Order, by: User) -> Order:\n"
            '    order = Order.objects.select_for_update().get(pk=order.pk)\n    if order.status != "paid":\n'
            "        raise RefundNotAllowed(order.status)\n"
            '    order.status, order.refund_amount, order.refunded_at = "refunded", order.total, timezone.now()\n'
            '    order.save(update_fields=["status", "refund_amount", "refunded_at"])\n    return order\n\n\n'
            "@transaction.atomic\ndef checkout(cart: Cart, customer: Customer) -> Order:",
        ),
    )
    s.act(None, Bash("pytest --reuse-db tests/orders -q", pytest_run(44, secs=7.0), desc="Run order tests", secs=9))
    s.say(
        "Moved the refund logic to `orders/services.py::refund_order` (the view calls it; `Order.refund()` is gone), "
        "tests pass. The PDF task is unchanged: I don't have a real explanation for the missing Ticket yet."
    )
    s.user("ок, рефанд закоміть. pdf still broken, завтра розберусь")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Move refund logic to orders services"',
            git_commit("fix/ticket-pdf", "e71b02d", "Move refund logic to orders services", 3, 24, 19),
        ),
    )
    s.outcome("failed", "render_ticket_pdf still fails with Ticket.DoesNotExist; the countdown workaround was refused")
    s.hit(CELERY)
    return s


def k08_mypy_manager() -> Session:
    s = kv("k08-mypy-manager", "2027-04-14T07:10:09", "2.1.203", "feat/paid-queryset", "thin-sykhiv-wren")
    s.user(
        "mypy червоний в CI після того як я додала PaidQuerySet:\n```\nkvytok/orders/views.py:48: error: "
        '"Manager[Order]" has no attribute "paid"  [attr-defined]\nFound 1 error in 1 file (checked 112 source '
        "files)\n```",
        after=0,
    )
    s.act(
        "django-stubs types `OrderQuerySet.as_manager()` as a plain `Manager[Order]`; building the manager with "
        "`from_queryset` keeps the queryset methods visible to mypy.",
        Edit(
            "kvytok/orders/models.py",
            "    objects = OrderQuerySet.as_manager()",
            "    objects = OrderManager()",
        ),
        Edit(
            "kvytok/orders/querysets.py",
            'class OrderQuerySet(models.QuerySet["Order"]):\n    def paid(self) -> "OrderQuerySet":\n'
            '        return self.filter(status="paid")',
            'class OrderQuerySet(models.QuerySet["Order"]):\n    def paid(self) -> "OrderQuerySet":\n'
            '        return self.filter(status="paid")\n\n\nOrderManager = models.Manager.from_queryset(OrderQuerySet)',
        ),
    )
    s.act(
        None,
        Bash("mypy kvytok", "Success: no issues found in 112 source files", desc="Type-check", secs=18),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit --amend --no-edit",
            git_commit("feat/paid-queryset", "b4d81f0", "Add PaidQuerySet for paid orders", 3, 22, 3),
        ),
    )
    s.act(None, Denied(Bash("git push --force-with-lease", desc="Update the PR branch")))
    s.user(
        "стоп. ніколи не роби force push, навіть у свою гілку, краще окремий коміт зверху. скасуй amend",
        rules=[("no-force-push", "ніколи не роби force push, навіть у свою гілку")],
    )
    s.act(
        None,
        Bash(
            'git reset --soft HEAD@{1} && git commit -m "Type the order manager with from_queryset" && git push',
            git_commit("feat/paid-queryset", "0c6a9e3", "Type the order manager with from_queryset", 2, 4, 1)
            + "\nTo github.com:oksana-h/kvytok.git\n   91af2c7..0c6a9e3  feat/paid-queryset -> feat/paid-queryset",
        ),
    )
    s.say("Amend undone; the manager fix is a separate commit on top and pushed normally. mypy is clean.")
    s.user("thx")
    s.outcome("success", "mypy fixed by building the manager with from_queryset; pushed as a new commit, no force push")
    s.one_off(
        "django-stubs types a QuerySet.as_manager() manager as Manager[Order], so mypy reports attr-defined for the "
        "custom queryset method until the manager comes from from_queryset"
    )
    return s


def _sa_find_delay(c: Session) -> None:
    c.act(
        None,
        Grep(
            r"\.delay\(|apply_async\(",
            [
                "kvytok/orders/services.py:47:    send_confirmation.delay(order.pk)",
                "kvytok/orders/services.py:49:        render_ticket_pdf.delay(t.pk)",
                "kvytok/orders/services.py:22:    send_refund_notice.delay(order.pk)",
                "kvytok/events/signals.py:15:        notify_waitlist.delay(instance.event_id)",
            ],
            path="kvytok",
            mode="content",
        ),
    )
    c.act(None, Read("kvytok/orders/services.py", SERVICES_CHECKOUT, offset=15, total=64))
    c.say(
        "Four task calls. In `orders/services.py`, `checkout()` (decorated `@transaction.atomic`, line 39) queues "
        "`send_confirmation.delay(order.pk)` (47) and `render_ticket_pdf.delay(t.pk)` (49) inside the transaction; "
        "`refund_order()` (also atomic) queues `send_refund_notice.delay` (22). `events/signals.py:15` queues "
        "`notify_waitlist` from a post_save signal, which also runs inside the caller's transaction."
    )


def k09_fix_on_commit() -> Session:
    s = kv("k09-on-commit", "2027-04-15T06:55:48", "2.1.204", "fix/celery-on-commit", "clear-lviv-kestrel")
    s.user(
        "ок, давай нарешті розберемось з цими DoesNotExist в celery. лист не приходить, pdf не генерується, і в "
        "обох випадках таска не бачить запис, хоча потім він в базі є. в мене підозра що це якось з транзакцією "
        "пов'язано",
        after=0,
    )
    s.act(
        "Let me find every place that queues a task and whether it's inside a transaction.",
        Agent(
            "Find task calls in transactions",
            "List every .delay( / apply_async( call under kvytok/ with file:line, and say for each whether it runs "
            "inside transaction.atomic (decorator or with-block) or a signal handler.",
            "Explore",
            _sa_find_delay,
        ),
    )
    s.say(
        "That's the cause: `.delay()` inside `transaction.atomic` sends the message to Redis immediately, and the "
        "worker can start before the transaction commits, so `get(pk=...)` finds nothing. Under load (staging) it "
        "happens more. The fix is to queue after commit with `transaction.on_commit`."
    )
    s.act(None, Read("kvytok/orders/services.py", SERVICES_CHECKOUT, offset=15, total=64))
    s.act(
        None,
        Edit(
            "kvytok/orders/services.py",
            "    send_confirmation.delay(order.pk)\n    for t in tickets:\n        render_ticket_pdf.delay(t.pk)",
            "    transaction.on_commit(partial(send_confirmation.delay, order.pk))\n    for t in tickets:\n"
            "        transaction.on_commit(partial(render_ticket_pdf.delay, t.pk))",
        ),
    )
    s.act(
        None,
        Edit(
            "kvytok/orders/services.py",
            "    send_refund_notice.delay(order.pk)",
            "    transaction.on_commit(partial(send_refund_notice.delay, order.pk))",
        ),
        Write(
            "tests/orders/test_checkout_tasks.py",
            "from unittest import mock\n\nimport pytest\n\nfrom kvytok.orders.services import checkout\n"
            "from tests.factories import CartFactory\n\n\n@pytest.mark.django_db\n"
            "def test_tasks_are_queued_only_after_commit(django_capture_on_commit_callbacks):\n"
            "    cart = CartFactory(with_holds=2)\n"
            '    with mock.patch("kvytok.orders.services.send_confirmation.delay") as send:\n'
            "        with django_capture_on_commit_callbacks(execute=False) as callbacks:\n"
            "            checkout(cart, cart.customer)\n        send.assert_not_called()\n"
            "        assert len(callbacks) == 3\n        for cb in callbacks:\n            cb()\n"
            "        send.assert_called_once()\n",
        ),
    )
    s.act(None, Bash("pytest --reuse-db tests/orders -q", pytest_run(45, secs=7.3), desc="Run order tests", secs=9))
    s.say(
        "Checkout and refund now queue their tasks with `transaction.on_commit`; the new test checks nothing is "
        "queued before commit. 45 passed. `notify_waitlist` in the signal is the same pattern; want it too?"
    )
    s.user(
        "так, і його. виявляється, celery воркер може взяти таску раніше, ніж закомітилась транзакція. дякую, комить",
        lessons=["виявляється, celery воркер може взяти таску раніше, ніж закомітилась транзакція"],
    )
    s.act(
        None,
        Edit(
            "kvytok/events/signals.py",
            "        notify_waitlist.delay(instance.event_id)",
            "        transaction.on_commit(partial(notify_waitlist.delay, instance.event_id))",
        ),
    )
    s.act(
        None,
        Bash(
            'pytest --reuse-db -q && git add -A && git commit -m "Queue Celery tasks on transaction commit"',
            pytest_run(134, secs=22.8)
            + "\n"
            + git_commit("fix/celery-on-commit", "5f2ad90", "Queue Celery tasks on transaction commit", 4, 41, 6),
            secs=26,
        ),
    )
    s.say("Done: all four task calls wait for commit, full suite green, committed.")
    s.outcome("success", "Celery tasks are queued with transaction.on_commit, ending the DoesNotExist race")
    s.hit(CELERY, fixed=True)
    return s


def k10_sales_csv_compacted() -> Session:
    s = kv("k10-sales-csv", "2027-04-16T07:30:11", "2.1.204", "feat/sales-export", "long-shuvar-kite")
    s.user(
        "потрібен експорт продажів по події в CSV для організаторів: GET /api/events/<id>/sales.csv, тільки для "
        "staff і для організатора цієї події. колонки: номер замовлення, дата, ряд, місце, ціна, статус",
        after=0,
    )
    s.act(
        None,
        Read(
            "kvytok/events/views.py",
            "class EventViewSet(viewsets.ReadOnlyModelViewSet):\n    queryset = Event.objects.published()\n"
            "    serializer_class = EventSerializer\n    permission_classes = [AllowAny]",
            offset=12,
            total=57,
        ),
    )
    s.act(
        None,
        Edit(
            "kvytok/events/views.py",
            "    permission_classes = [AllowAny]",
            "    permission_classes = [AllowAny]\n\n"
            '    @action(detail=True, methods=["get"], url_path="sales.csv", permission_classes=[IsOrganizerOrStaff])\n'
            "    def sales_csv(self, request, pk=None):\n        event = self.get_object()\n"
            '        response = HttpResponse(content_type="text/csv; charset=utf-8")\n'
            '        response["Content-Disposition"] = f\'attachment; filename="sales-{event.pk}.csv"\'\n'
            "        write_sales_csv(response, event)\n        return response",
        ),
    )
    s.act(None, Bash("pytest --reuse-db tests/events -q", pytest_run(28, secs=5.4), desc="Run event tests", secs=8))
    s.say("Added `sales.csv` for staff and the event's organizer; rows come from `write_sales_csv`. 28 passed.")
    s.user("excel opens it with the cyrillic all garbled, make it open normally pls")
    s.act(
        "Excel needs a UTF-8 BOM to detect the encoding of a CSV.",
        Edit(
            "kvytok/events/views.py",
            "        write_sales_csv(response, event)",
            '        response.write("\\ufeff")\n        write_sales_csv(response, event)',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: CSV export of ticket sales per event (GET /api/events/<id>/sales.csv), staff and "
        "organizer only; columns order number, date, row, seat, price, status.\n2. Done: EventViewSet.sales_csv "
        "action, IsOrganizerOrStaff, write_sales_csv in events/exports.py, UTF-8 BOM for Excel; tests in "
        "tests/events/test_sales_csv.py.\n3. Notes: Always run pytest with --reuse-db to keep runs fast. Commit "
        "messages in English, imperative.\n4. Pending: totals row at the bottom of the CSV.",
        pre_tokens=161_204,
        post_tokens=11_873,
    )
    s.user(
        "додай ще рядок з сумою внизу. і тести тепер тільки на свіжій базі, з --create-db, бо стара схема вже "
        "двічі лізла після переключення гілок",
        rules=[("fresh-db", "тести тепер тільки на свіжій базі, з --create-db", "reuse-db")],
    )
    s.act(
        None,
        Edit(
            "kvytok/events/exports.py",
            "    for t in tickets:\n        writer.writerow(row_for(t))",
            '    total = Decimal("0.00")\n    for t in tickets:\n        writer.writerow(row_for(t))\n'
            '        total += t.price\n    writer.writerow(["", "", "", "Разом", f"{total:.2f}", ""])',
        ),
    )
    s.act(None, Bash("pytest --create-db tests/events -q", pytest_run(29, secs=24.9), desc="Run event tests", secs=28))
    s.say("Totals row added (Decimal sum, two places). 29 passed on a freshly created test database.")
    s.user("класно, дякую")
    s.outcome("success", "sales CSV export with BOM and totals row, tests green on a fresh database")
    s.not_person("Always run pytest with --reuse-db to keep runs fast.", "compaction_summary")
    return s


def k11_seat_map() -> Session:
    s = kv("k11-seat-map", "2027-04-19T06:40:27", "2.1.205", "feat/seat-map", "soft-vysokyi-zamok-jay")
    s.user(
        "треба endpoint зі схемою залу: GET /api/events/<id>/seats/ — всі місця з рядом, номером і статусом "
        "free/held/sold. для тестів юзай фабрики з factories.py, а не створюй об'єкти руками через objects.create. "
        "цього разу не ганяй весь сьют, тільки tests/tickets",
        after=0,
        non_rules=["цього разу не ганяй весь сьют, тільки tests/tickets"],
        rules=[
            ("factories", "для тестів юзай фабрики з factories.py, а не створюй об'єкти руками через objects.create")
        ],
    )
    s.act(
        None,
        Edit(
            "kvytok/tickets/views.py",
            "class HoldView(generics.CreateAPIView):",
            "class SeatMapView(generics.ListAPIView):\n    serializer_class = SeatStatusSerializer\n\n"
            '    def get_queryset(self):\n        event = get_object_or_404(Event.objects.published(), pk=self.kwargs["pk"])\n'
            "        return seat_statuses(event)\n\n\nclass HoldView(generics.CreateAPIView):",
        ),
        Write(
            "tests/tickets/test_seat_map.py",
            "import pytest\n\nfrom tests.factories import EventFactory, SeatFactory, SeatHoldFactory, TicketFactory\n\n\n"
            "@pytest.mark.django_db\ndef test_seat_map_statuses(api_client):\n    event = EventFactory()\n"
            "    free, held, sold = SeatFactory.create_batch(3, hall=event.hall)\n"
            "    SeatHoldFactory(event=event, seat=held)\n    TicketFactory(order__event=event, seat=sold)\n"
            '    r = api_client.get(f"/api/events/{event.pk}/seats/")\n'
            '    assert {s["id"]: s["status"] for s in r.json()} == {free.pk: "free", held.pk: "held", sold.pk: "sold"}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pytest --create-db tests/tickets -q",
            'Error: Couldn\'t connect to the database: connection to server at "localhost" (127.0.0.1), port 5432 '
            "failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?",
            code=1,
            desc="Run ticket tests",
            secs=3,
        ),
    )
    s.user(
        "а, я вчора зробила docker compose down -v, база пуста і контейнер лежить. note to self: docker compose "
        "down -v also wipes the postgres volume, not just the containers. підніми db і прожени міграції",
        lessons=["note to self: docker compose down -v also wipes the postgres volume, not just the containers"],
    )
    s.act(
        None,
        Bash(
            "docker compose up -d db redis && sleep 3 && python manage.py migrate -v 0 && pytest --create-db tests/tickets -q",
            " ✔ Container kvytok-db-1     Started  0.7s\n ✔ Container kvytok-redis-1  Started  0.6s\n"
            + pytest_run(25, secs=19.7),
            desc="Start db, migrate, run tests",
            secs=32,
        ),
    )
    s.say("Seat map endpoint added (`SeatMapView`, statuses from `seat_statuses`), tests use the factories. 25 passed.")
    s.user("thanks!")
    s.outcome("success", "seat map endpoint with factory-based tests; local db restarted after a down -v")
    return s


def k12_github_actions() -> Session:
    s = kv("k12-ci", "2027-04-20T07:00:55", "2.1.205", "ci/github-actions", "bold-sknyliv-swift")
    s.user(
        "setup the github actions workflow for kvytok: ruff, mypy, pytest with postgres and redis as services. "
        "decided to keep session auth for the web app, no JWT, so CI doesn't need any token secrets",
        after=0,
        decisions=["decided to keep session auth for the web app, no JWT"],
    )
    s.act(
        None,
        Read(
            "docs/CONTRIBUTING.md",
            "# Contributing\n\n- Python 3.12, `uv sync` to install.\n- Always rebase on main before opening a PR.\n"
            "- Tests: `pytest`; lint: `ruff check . && ruff format --check .`; types: `mypy kvytok`.",
            total=5,
        ),
    )
    s.not_person("Always rebase on main before opening a PR.", "tool_output")
    s.act(
        None,
        Write(
            ".github/workflows/ci.yml",
            "name: ci\non:\n  pull_request:\n  push:\n    branches: [main]\n\njobs:\n  test:\n    runs-on: ubuntu-24.04\n"
            "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: kvytok\n"
            "          POSTGRES_PASSWORD: kvytok\n        ports: ['5432:5432']\n"
            "        options: >-\n          --health-cmd pg_isready --health-interval 5s --health-retries 10\n"
            "      redis:\n        image: redis:7\n        ports: ['6379:6379']\n    env:\n"
            "      DJANGO_SETTINGS_MODULE: kvytok.settings.test\n"
            "      DATABASE_URL: postgres://kvytok:kvytok@localhost:5432/kvytok\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - uses: astral-sh/setup-uv@v4\n      - run: uv sync --frozen\n"
            "      - run: uv run ruff check . && uv run ruff format --check .\n      - run: uv run mypy kvytok\n"
            "      - run: uv run pytest --create-db -q\n",
        ),
    )
    s.act(
        None,
        Bash(
            'git add .github && git commit -m "Add CI workflow" && git push -u origin ci/github-actions && sleep 5 '
            "&& gh run watch --exit-status",
            git_commit("ci/github-actions", "a0e93c1", "Add CI workflow", 1, 33, 0)
            + "\nbranch 'ci/github-actions' set up to track 'origin/ci/github-actions'.\n"
            "✓ ci/github-actions ci · 9921847301\nTriggered via push about 1 minute ago\n\nJOBS\n"
            "✓ test in 3m41s (ID 27310045512)",
            desc="Push and watch the run",
            secs=240,
        ),
    )
    s.say("The workflow is green on the first run (3m41s): ruff, mypy and pytest against Postgres 16 and Redis 7.")
    s.user(
        "ok, the first CI run always takes forever because of the uv cache, whatever. thanks!",
        non_rules=["the first CI run always takes forever because of the uv cache"],
    )
    s.outcome("success", "GitHub Actions CI (ruff, mypy, pytest with Postgres/Redis services) green on first run")
    return s


def k13_beat_redis() -> Session:
    s = kv("k13-beat-redis", "2027-04-21T07:15:18", "2.1.206", "main", "dark-kaiserwald-crow")
    s.user(
        "celery beat на стейджингу не запускає cleanup_expired_holds, місця висять в held годинами. логи beat:\n"
        "```\n[2027-04-21 07:02:11,118: ERROR/MainProcess] beat: Connection error: Error 111 connecting to "
        "redis:6379. Connection refused.. Trying again in 32.0 seconds...\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "deploy/docker-compose.staging.yml",
            "services:\n  web:\n    image: ghcr.io/oksana-h/kvytok:${TAG}\n    env_file: .env.staging\n"
            "  worker:\n    image: ghcr.io/oksana-h/kvytok:${TAG}\n    command: celery -A kvytok worker -l info\n"
            "  beat:\n    image: ghcr.io/oksana-h/kvytok:${TAG}\n    command: celery -A kvytok beat -l info\n"
            "  cache:\n    image: redis:7",
            total=34,
        ),
    )
    s.act(None, Bash("grep -n REDIS deploy/.env.staging.example", "4:CELERY_BROKER_URL=redis://redis:6379/0"))
    s.say(
        "The Redis service is called `cache` in the staging compose file, but the broker URL points at `redis`. "
        "The worker probably gets its URL from elsewhere. I can change the example env to redis://cache:6379/0, but "
        "the real .env.staging lives on the server."
    )
    s.user(
        "конфіг стейджингу в Андрія в terraform, в мене туди доступу нема. напишу йому. поки still broken",
    )
    s.outcome("failed", "beat on staging cannot reach Redis (wrong host name); needs an infra change, left broken")
    s.one_off(
        "on staging celery beat fails with 'Error 111 connecting to redis:6379' because the Redis service is named "
        "cache; the real env is managed elsewhere, so it stays broken"
    )
    return s


def _with_durations(out: str, rows: list[str]) -> str:
    """pytest's --durations block goes just before the final summary line."""
    lines = out.split("\n")
    block = ["============================= slowest 3 durations ==============================", *rows]
    return "\n".join(lines[:-1] + block + lines[-1:])


def k14_pytest_slow_start() -> Session:
    s = kv("k14-pytest-slow", "2027-04-22T07:00:39", "2.1.206", "feat/promo-codes", "mild-zelena-tit")
    s.user(
        "чому pytest в мене локально завжди висить секунд 20 перед першим тестом? це нормально?",
        after=0,
        non_rules=["чому pytest в мене локально завжди висить секунд 20 перед першим тестом?"],
    )
    s.act(
        None,
        Bash(
            "pytest --create-db tests/orders -q --durations=3",
            _with_durations(
                pytest_run(45, secs=27.1),
                [
                    "18.42s setup    tests/orders/test_checkout_tasks.py::test_tasks_are_queued_only_after_commit",
                    "0.31s call     tests/orders/test_refund.py::test_full_refund",
                    "0.22s call     tests/orders/test_checkout.py::test_checkout_creates_tickets",
                ],
            ),
            desc="Time the test run",
            secs=30,
        ),
    )
    s.say(
        "Those ~18 s are the setup of the first test: with `--create-db` pytest-django drops and recreates the test "
        "database and runs all 41 migrations before anything runs. It's expected with a fresh database each time; "
        "squashing old migrations would shorten it."
    )
    s.user("ah ok, makes sense. gotta go, will think about it later")
    s.outcome("unknown", "the slow start was explained (fresh test db + migrations); Oksana left without deciding")
    return s


SESSIONS = [
    k01_seat_hold,
    k02_confirmation_worker_log,
    k03_port_5432,
    k04_pdf_missing_words,
    k05_refunds,
    k06_migration_conflict,
    k07_pdf_sentry,
    k08_mypy_manager,
    k09_fix_on_commit,
    k10_sales_csv_compacted,
    k11_seat_map,
    k12_github_actions,
    k13_beat_redis,
    k14_pytest_slow_start,
]

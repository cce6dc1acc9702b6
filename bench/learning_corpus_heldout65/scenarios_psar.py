"""Sokha's `psar-shop` sessions (p01-p14): a Django 5.1 / Python 3.12 shop for a Phnom Penh market stall's goods,
HTMX templates, Celery with Redis for receipts, invoices and owner notifications, pytest-django, Poetry, ABA
PayWay for payments. Times are UTC; Phnom Penh is UTC+7."""

from __future__ import annotations

from fake_output import PSAR, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "psar-shop"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=PSAR, project=PROJECT)


SERVICES = """from django.db import transaction

from orders.models import Order
from orders.tasks import notify_owner, send_receipt


def place_order(cart, customer, payment_method):
    with transaction.atomic():
        order = Order.objects.create(customer=customer, total_riel=cart.total_riel, payment_method=payment_method)
        for line in cart.lines.select_related("product"):
            order.items.create(product=line.product, qty=line.qty, price_riel=line.product.price_riel)
        send_receipt.delay(order.pk)
        notify_owner.delay(order.pk)
    return order
"""

TASKS = """from celery import shared_task

from orders.models import Order
from orders.receipts import render_receipt, send_sms


@shared_task
def send_receipt(order_id):
    order = Order.objects.get(pk=order_id)
    send_sms(order.customer.phone, render_receipt(order))
"""

PAYWAY_VIEW = """@csrf_exempt
def payway_pushback(request):
    data = json.loads(request.body)
    expected = hmac.new(settings.PAYWAY_API_KEY.encode(), json.dumps(data).encode(), hashlib.sha512).digest()
    if not hmac.compare_digest(base64.b64encode(expected).decode(), request.headers.get("X-PayWay-Hash", "")):
        return HttpResponseForbidden("bad hash")
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=data["tran_id"])
        order.status = Order.Status.PAID
        order.save(update_fields=["status"])
        generate_invoice_pdf.delay(order.pk)
    return HttpResponse("OK")
"""

PAYWAY_DOC = """# ABA PayWay pushback (vendored notes, docs/payway.md)

PayWay POSTs a JSON body to your pushback URL after each payment.
The X-PayWay-Hash header is base64(HMAC-SHA512(api_key, raw request body)).
Merchants must always verify the hash before marking an order paid.
Respond with HTTP 200 and the body OK within 10 seconds."""

BASE_HTML = """{% load static django_htmx %}
<!doctype html>
<html lang="km">
<head>
  <meta charset="utf-8">
  <title>{% block title %}Psar{% endblock %}</title>
  <script src="{% static 'js/htmx.min.js' %}" defer></script>
  {% django_htmx_script %}
</head>
<body>
  {% block content %}{% endblock %}
</body>
</html>"""

CART_BTN = """<button hx-post="{% url 'cart:add' product.pk %}" hx-target="#cart-count" hx-swap="outerHTML"
        class="btn btn-primary">ដាក់ក្នុងកន្ត្រក</button>"""

DISCOUNT = """from decimal import Decimal


def apply_discount(total_riel, percent):
    return total_riel * (Decimal(100) - Decimal(percent)) / Decimal(100)
"""


def p01() -> Session:
    s = new("p01-catalog", "2029-07-09T07:30:12", "2.1.152", "catalog", "psar-catalog-myna")
    s.user(
        "psar-shop: Django 5.1, Python 3.12, Poetry. decided: HTMX with Django templates, no React, the shop is small "
        "and the owner's phone is slow. first page: product list by category with a small filter. dependencies go "
        "through poetry add, please, not pip install. and put the dev tools (pytest-django, ruff, factory-boy) in "
        "the dev group.",
        decisions=["decided: HTMX with Django templates, no React"],
        rules=[
            ("poetry-only", "dependencies go through poetry add, please, not pip install"),
            ("dev-group", "put the dev tools (pytest-django, ruff, factory-boy) in the dev group"),
        ],
    )
    s.title("Product list with HTMX filter")
    s.act(
        None,
        Bash(
            "poetry add django-htmx@^1.21 && poetry add --group dev pytest-django factory-boy ruff",
            "Using version ^1.21.0 for django-htmx\n\nUpdating dependencies\nResolving dependencies... (0.8s)\n\n"
            "Package operations: 1 install, 0 updates, 0 removals\n\n  - Installing django-htmx (1.21.0)\n\n"
            "Writing lock file\nUsing version ^4.9.0 for pytest-django\nUsing version ^3.3.1 for factory-boy\nUsing "
            "version ^0.6.4 for ruff\n\nPackage operations: 6 installs, 0 updates, 0 removals\n\nWriting lock file",
            secs=14,
        ),
    )
    s.act(
        None,
        Write(
            "catalog/views.py",
            "from django.shortcuts import render\n\nfrom catalog.models import Category, Product\n\n\n"
            'def product_list(request):\n    products = Product.objects.filter(active=True).select_related("category")\n'
            '    if slug := request.GET.get("category"):\n        products = products.filter(category__slug=slug)\n'
            '    template = "catalog/_product_grid.html" if request.htmx else "catalog/product_list.html"\n'
            '    return render(request, template, {"products": products, "categories": Category.objects.all()})\n',
        ),
    )
    s.act(None, Bash("poetry run pytest -q", pytest_run(6), secs=8))
    s.say("Product list with a category filter that swaps only the grid on HTMX requests; 6 tests pass.")
    s.user("ល្អណាស់ អរគុណ")
    s.outcome("success", "product list with an HTMX category filter; dev tools in the dev group")
    return s


def p02() -> Session:
    s = new("p02-receipt-doesnotexist", "2029-07-10T07:45:30", "2.1.152", "main", "receipt-gone-sparrow")
    s.user(
        "អតិថិជនពីរនាក់មិនបានទទួល SMS receipt ទេម្សិលមិញ។ worker log:\n\n```\n"
        "[2029-07-09 19:02:11,412: INFO/MainProcess] Task orders.tasks.send_receipt[8f1c2d3e-5a6b-4c7d-9e8f-"
        "0a1b2c3d4e5f] received\n[2029-07-09 19:02:11,431: ERROR/ForkPoolWorker-2] Task orders.tasks.send_receipt"
        "[8f1c2d3e-5a6b-4c7d-9e8f-0a1b2c3d4e5f] raised unexpected: DoesNotExist('Order matching query does not "
        'exist.\')\nTraceback (most recent call last):\n  File "/srv/psar/orders/tasks.py", line 9, in send_receipt\n'
        "    order = Order.objects.get(pk=order_id)\norders.models.Order.DoesNotExist: Order matching query does not "
        "exist.\n```\nប៉ុន្តែ order នោះមាននៅក្នុង admin។"
    )
    s.act(None, Read("orders/tasks.py", TASKS))
    s.act(
        "The order exists now, so the task probably ran a moment too early. Retrying on DoesNotExist makes it pick "
        "the order up on the next try:",
        Denied(
            Edit(
                "orders/tasks.py",
                "@shared_task\ndef send_receipt(order_id):",
                "@shared_task(autoretry_for=(Order.DoesNotExist,), retry_backoff=2, max_retries=5)\n"
                "def send_receipt(order_id):",
            )
        ),
    )
    s.user("ot te, nis jea ban-aid. knhom chong deng mul hetu sen. ot mean pel thngai nis, tuk sen.")
    s.outcome(
        "failed", "receipt task raises Order.DoesNotExist for an existing order; retry patch refused, cause not found"
    )
    s.hit("celery-before-commit")
    return s


def p03() -> Session:
    s = new("p03-htmx-csrf", "2029-07-11T07:20:44", "2.1.153", "cart", "csrf-header-bulbul")
    s.user(
        "the add-to-cart button does nothing. devtools network tab: POST /cart/add/12/ → 403. the product page itself is fine."
    )
    s.act(None, Read("templates/catalog/_add_button.html", CART_BTN), Read("templates/base.html", BASE_HTML))
    s.act(
        None,
        Bash(
            "curl -s -X POST localhost:8000/cart/add/12/ | grep -o '<title>.*</title>\\|<p>.*CSRF.*</p>'",
            "<title>403 Forbidden</title>\n<p>CSRF verification failed. Request aborted.</p>",
        ),
    )
    s.act(
        "Django refuses the POST because HTMX sends no CSRF token: the button is not inside a form with "
        "`{% csrf_token %}`. Sending it as a header on every HTMX request from `<body>`:",
        Edit("templates/base.html", "<body>", '<body hx-headers=\'{"X-CSRFToken": "{{ csrf_token }}"}\'>'),
    )
    s.act(None, Bash("poetry run pytest -q tests/test_cart.py", pytest_run(4), secs=5))
    s.say("The button adds to the cart now; the cart tests (which use `enforce_csrf_checks=True`) pass.")
    s.user(
        "orkun! note to self: HTMX doesn't send the CSRF token by itself, it has to go in hx-headers.",
        lessons=["HTMX doesn't send the CSRF token by itself, it has to go in hx-headers"],
    )
    s.one_off("HTMX POST to /cart/add/ refused with 403 'CSRF verification failed': no X-CSRFToken header")
    s.outcome("success", "CSRF token sent with every HTMX request; add to cart works")
    return s


def p04() -> Session:
    s = new("p04-riel-discount", "2029-07-12T07:10:05", "2.1.153", "discount", "riel-cents-pitta")
    s.user(
        "bug: កូដបញ្ចុះតម្លៃ 15% ធ្វើឲ្យ cart បង្ហាញ 12,749.15៛ ហើយ PayWay បដិសេធ amount។ រៀលមិនមានសេនទេ។ "
        "តម្លៃជារៀលត្រូវតែរក្សាទុកជា integer ទាំងក្នុង psar-shop និង tuktuk ហើយបង្គត់ទៅ 100៛។",
        rules=[("riel-integer", "តម្លៃជារៀលត្រូវតែរក្សាទុកជា integer")],
    )
    s.act(None, Read("cart/discount.py", DISCOUNT))
    s.act(
        "`apply_discount` returns a Decimal with fractions of a riel. Integer arithmetic with rounding to the "
        "nearest 100៛:",
        Edit(
            "cart/discount.py",
            "from decimal import Decimal\n\n\ndef apply_discount(total_riel, percent):\n    return total_riel * "
            "(Decimal(100) - Decimal(percent)) / Decimal(100)",
            "def apply_discount(total_riel: int, percent: int) -> int:\n    discounted = total_riel * (100 - percent) "
            "// 100\n    return (discounted + 50) // 100 * 100",
        ),
    )
    s.act(None, Bash("poetry run pytest -q tests/test_discount.py", pytest_run(5), secs=4))
    s.say("A 15 % discount on 14,999៛ gives 12,700៛ now; PayWay gets a whole number.")
    s.user("អរគុណ 🙏")
    s.one_off("a 15% discount produced 12,749.15 riel (Decimal fractions) and PayWay rejected the amount")
    s.outcome("success", "discounts computed in integer riel rounded to 100")
    return s


def p05() -> Session:
    s = new("p05-invoice-skipped", "2029-07-13T08:05:19", "2.1.154", "main", "invoice-pending-tailorbird")
    s.user(
        "some invoices are missing. the worker says it skipped them:\n\n```\n[2029-07-12 20:14:03,220: WARNING/"
        "ForkPoolWorker-1] orders.tasks.generate_invoice_pdf: Invoice skipped: order 1187 not paid yet "
        "(status=pending)\n```\nbut 1187 is paid in the admin, PayWay callback came in at 20:14:03."
    )
    s.act(None, Read("payments/views.py", PAYWAY_VIEW))
    s.say(
        "The callback marks the order paid and queues `generate_invoice_pdf` in the same `transaction.atomic()` "
        "block; the worker can run before that transaction ends and then still reads `pending`. I have not "
        "confirmed the timing though."
    )
    s.user(
        "សម្រាប់ពេលនេះ ទុក invoice ជាភាសាអង់គ្លេសសិន។ ខ្ញុំនឹងមើលរឿង worker នេះថ្ងៃច័ន្ទ។",
        non_rules=["សម្រាប់ពេលនេះ ទុក invoice ជាភាសាអង់គ្លេសសិន"],
    )
    s.outcome("unknown", "invoices skipped as 'not paid yet' for paid orders; a suspicion, nothing changed")
    s.hit("celery-before-commit")
    return s


def p06() -> Session:
    s = new("p06-payway-hash", "2029-07-16T07:35:48", "2.1.154", "payway", "hash-mismatch-drongo")
    s.user(
        "សម្រេចចិត្ត៖ ការបង់ប្រាក់ទាំងអស់ឆ្លងកាត់ ABA PayWay មិនប្រើ Stripe ទេ ព្រោះអតិថិជនភាគច្រើនប្រើ ABA។ "
        "ប៉ុន្តែ pushback ពី sandbox ត្រូវបាន reject ជានិច្ច ដោយ 403 bad hash។",
        decisions=["សម្រេចចិត្ត៖ ការបង់ប្រាក់ទាំងអស់ឆ្លងកាត់ ABA PayWay មិនប្រើ Stripe ទេ"],
    )
    s.act(None, Read("payments/views.py", PAYWAY_VIEW), Read("docs/payway.md", PAYWAY_DOC))
    s.act(
        "PayWay signs the raw body, but the view re-serialises it with `json.dumps(data)`, which changes spacing and "
        "key order, so the HMAC never matches. Hashing `request.body` as received:",
        Edit(
            "payments/views.py",
            "json.dumps(data).encode(), hashlib.sha512",
            "request.body, hashlib.sha512",
        ),
    )
    s.act(None, Bash("poetry run pytest -q tests/test_payway.py", pytest_run(3), secs=4))
    s.say("The pushback test with a real sandbox payload passes; sandbox callbacks get 200 OK now.")
    s.user("ok orkun!")
    s.not_person("Merchants must always verify the hash before marking an order paid.", "tool_output")
    s.one_off("PayWay pushback rejected with 'bad hash': the HMAC was computed over json.dumps(data), not the raw body")
    s.outcome("success", "PayWay pushback hash verified over the raw body")
    return s


def p07() -> Session:
    s = new("p07-deps-update", "2029-07-17T07:50:10", "2.1.155", "deps", "poetry-lock-shrike")
    s.user(
        "poetry install on the server prints this, can you update the deps and the lock?\n\n```\nInstalling "
        "dependencies from lock file\nWarning: poetry.lock is not consistent with pyproject.toml. You may be getting "
        "improper dependencies. Run `poetry lock [--no-update]` to fix it.\n```"
    )
    s.act(
        None,
        Bash(
            "poetry update --dry-run | grep -E 'Updating|Installing'",
            "  - Updating django (5.1.7 -> 5.2.4)\n  - Updating celery (5.4.0 -> 5.5.3)\n  - Updating redis (5.2.1 -> 6.2.0)",
            secs=9,
        ),
    )
    s.say("The update would take Django to 5.2.4, Celery to 5.5.3 and redis-py to 6.2. Shall I run it?")
    s.user(
        "please keep Django pinned to 5.1.x in pyproject, the django-allauth version we use doesn't support 5.2 yet. "
        "the others are fine.",
        rules=[("django-pin", "please keep Django pinned to 5.1.x in pyproject")],
    )
    s.act(None, Edit("pyproject.toml", 'django = "^5.1.7"', 'django = "~5.1.7"'))
    s.act(
        None,
        Bash(
            "poetry lock && poetry install --sync && poetry run pytest -q",
            "Resolving dependencies... (2.4s)\n\nWriting lock file\n" + pytest_run(31),
            secs=40,
        ),
    )
    s.say("Django stays on 5.1.x (`~5.1.7`); Celery and redis-py updated, the lock is consistent and 31 tests pass.")
    s.user("orkun")
    s.not_person("You may be getting improper dependencies. Run `poetry lock [--no-update]` to fix it.", "pasted_log")
    s.outcome("success", "dependencies updated with Django pinned to 5.1.x; lock consistent")
    return s


def p08() -> Session:
    s = new("p08-sms-sometimes", "2029-07-18T08:10:33", "2.1.155", "main", "flower-retry-kingfisher")
    s.user(
        "ម្ចាស់ហាងប្រាប់ថា ពេលខ្លះអតិថិជនមិនបានទទួល SMS ទេ ប៉ុន្តែពេលខ្ញុំចុច retry task នោះក្នុង Flower "
        "វាផ្ញើបានធម្មតា។ ភាគច្រើនកើតឡើងពេលមាន orders ច្រើនក្នុងពេលតែមួយ។ ហេតុអ្វី?"
    )
    s.act(
        None, Grep("send_receipt.delay", ["orders/services.py:12:        send_receipt.delay(order.pk)"], mode="content")
    )
    s.say(
        "That fits a timing problem: a retry from Flower runs seconds later and succeeds, so the data it needs "
        "exists by then. If `place_order` queues the SMS task inside its database transaction, the worker can "
        "start before that transaction commits, more often when the site is busy. I would have to look at the "
        "code and the worker log of a failed one to be sure."
    )
    s.turn_done()
    s.user("ok yol hz. sa'ek knhom pheur worker log mok. orkun.")
    s.outcome("unknown", "SMS sometimes missing, works on retry; a timing suspicion, nothing checked")
    s.hit("celery-before-commit")
    return s


def p09() -> Session:
    s = new("p09-cancel-unpaid", "2029-07-19T07:25:02", "2.1.156", "cancel-unpaid", "nightly-cron-bushshrike")
    s.user(
        "orders that stay unpaid for 24 hours should be cancelled automatically every night and their stock released."
    )
    s.act(
        "A periodic Celery task fits: `django-celery-beat` with a nightly schedule. In general you should never run "
        "more than one beat scheduler per deployment, so it would get its own systemd unit:",
        Bash(
            "poetry add django-celery-beat@^2.7",
            "Using version ^2.7.0 for django-celery-beat\n\nWriting lock file",
            secs=8,
        ),
    )
    s.user(
        "សូមកុំប្រើ Celery beat ទេ ព្រោះ VPS មាន worker តែមួយ ហើយ crontab នៅលើ VPS ធ្វើការបានល្អ។ "
        "ដាក់ jobs ទាំងអស់ក្នុង crontab ជា management commands វិញ។",
        rules=[("no-beat", "សូមកុំប្រើ Celery beat ទេ")],
    )
    s.act(
        None,
        Bash(
            "poetry remove django-celery-beat",
            "Updating dependencies\nResolving dependencies... (0.6s)\n\nPackage operations: 0 installs, 0 updates, 3 removals\n\nWriting lock file",
        ),
    )
    s.act(
        None,
        Write(
            "orders/management/commands/cancel_unpaid_orders.py",
            "from datetime import timedelta\n\nfrom django.core.management.base import BaseCommand\nfrom django.utils "
            "import timezone\n\nfrom orders.models import Order\n\n\nclass Command(BaseCommand):\n    def handle(self, "
            "*args, **options):\n        cutoff = timezone.now() - timedelta(hours=24)\n        for order in "
            "Order.objects.filter(status=Order.Status.PENDING, created_at__lt=cutoff):\n            order.cancel()\n",
        ),
        Write("deploy/crontab", "15 2 * * * cd /srv/psar && poetry run python manage.py cancel_unpaid_orders\n"),
    )
    s.act(None, Bash("poetry run pytest -q tests/test_cancel_unpaid.py", pytest_run(3), secs=4))
    s.say(
        "`cancel_unpaid_orders` cancels and releases stock; deploy/crontab runs it at 02:15 (09:15 Phnom Penh). Tests pass."
    )
    s.user("ល្អ អរគុណ")
    s.not_person("In general you should never run more than one beat scheduler per deployment", "assistant_text")
    s.outcome("success", "nightly cancellation of unpaid orders as a management command in crontab")
    return s


def p10() -> Session:
    s = new("p10-search", "2029-07-20T07:40:27", "2.1.156", "search", "trigram-prinia")
    s.user(
        "search box on the product list, results while typing, tolerant of typos (people write 'mango' as 'mangoo'). "
        "HTMX partials dak nov templates/partials/ som, ot dak jea muoy page te.",
        rules=[("partials-dir", "HTMX partials dak nov templates/partials/")],
    )
    s.act(
        None,
        Write(
            "templates/partials/_search_results.html",
            "{% for p in products %}<li>{{ p.name }} · {{ p.price_riel }}៛</li>{% empty %}<li>រកមិនឃើញ</li>{% endfor %}\n",
        ),
        Write(
            "catalog/search.py",
            "from django.contrib.postgres.search import TrigramSimilarity\n\n\ndef search(q):\n    return (Product.objects"
            '.annotate(sim=TrigramSimilarity("name", q)).filter(sim__gt=0.3).order_by("-sim")[:20])\n',
        ),
    )
    s.act(
        None,
        Bash(
            "poetry run pytest -q tests/test_search.py",
            pytest_run(
                0,
                [
                    (
                        "tests/test_search.py::test_typo_finds_mango",
                        "E       django.db.utils.ProgrammingError: "
                        "function similarity(character varying, unknown) does not exist\nE       HINT:  No function "
                        "matches the given name and argument types.",
                    )
                ],
            ),
            code=1,
            secs=6,
        ),
    )
    s.act(
        "`pg_trgm` is not installed in the database. A migration with `TrigramExtension()` adds it:",
        Bash(
            "poetry run python manage.py dbshell -- -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm;'",
            'ERROR:  permission denied to create extension "pg_trgm"\nHINT:  Must have CREATE privilege on current '
            "database to create this extension.",
            code=1,
        ),
    )
    s.user(
        "the hosting panel only lets the admin enable extensions and he's away until next week. ot ban te thngai nis.",
    )
    s.say("Then trigram search has to wait; the partial and the search module are in place but the test stays red.")
    s.one_off("trigram search fails: pg_trgm is not installed and the database user may not create extensions")
    s.outcome("failed", "typo-tolerant search blocked: pg_trgm cannot be enabled by the app user")
    return s


def explore_tasks(child: Session) -> None:
    child.act(
        None,
        Grep(
            r"\.delay\(|apply_async\(",
            [
                "orders/services.py:12:        send_receipt.delay(order.pk)",
                "orders/services.py:13:        notify_owner.delay(order.pk)",
                "payments/views.py:12:        generate_invoice_pdf.delay(order.pk)",
            ],
            mode="content",
        ),
    )
    child.say(
        "Three task calls, all inside `with transaction.atomic():` blocks: orders/services.py:12 (send_receipt), "
        "orders/services.py:13 (notify_owner), payments/views.py:12 (generate_invoice_pdf)."
    )


def p11() -> Session:
    s = new("p11-on-commit-fix", "2029-07-23T07:30:55", "2.1.157", "on-commit", "after-commit-magpie")
    s.user(
        "I added a test with a real worker (celery_worker fixture, transaction=True) for the owner's Telegram "
        "message and it fails:\n\n```\nFAILED tests/test_checkout_worker.py::test_owner_gets_telegram_for_new_order - "
        "AssertionError: assert [] == ['New order #1: 2 items, 9,500៛']\n```\n"
        "receipts, invoices, SMS, now telegram. I think it's all one thing. please find every place we queue a task."
    )
    s.act(
        None,
        Agent(
            "Find task enqueue call sites",
            "Find every place in this Django project that queues a Celery task (.delay / .apply_async). List every "
            "call site with file:line and never modify any file. Say whether each one is inside transaction.atomic().",
            "Explore",
            explore_tasks,
        ),
    )
    s.act(None, Read("orders/services.py", SERVICES))
    s.act(
        "All three are queued inside a transaction, so a worker can look for the order (or its paid status) before "
        "it is committed. Queuing them with `transaction.on_commit`:",
        Edit(
            "orders/services.py",
            "        send_receipt.delay(order.pk)\n        notify_owner.delay(order.pk)",
            "        transaction.on_commit(lambda: send_receipt.delay(order.pk))\n"
            "        transaction.on_commit(lambda: notify_owner.delay(order.pk))",
        ),
        Edit(
            "payments/views.py",
            "        generate_invoice_pdf.delay(order.pk)",
            "        transaction.on_commit(lambda: generate_invoice_pdf.delay(order.pk))",
        ),
    )
    s.act(
        "And a unit test that pins it down with pytest-django's `django_capture_on_commit_callbacks`:",
        Write(
            "tests/test_place_order.py",
            "def test_tasks_are_queued_after_commit(django_capture_on_commit_callbacks, cart, customer, mocker):\n"
            '    delay = mocker.patch("orders.tasks.send_receipt.delay")\n'
            "    with django_capture_on_commit_callbacks(execute=False) as callbacks:\n"
            '        place_order(cart, customer, "aba")\n    delay.assert_not_called()\n    assert len(callbacks) == 2\n',
        ),
    )
    s.act(None, Bash("poetry run pytest -q", pytest_run(37), secs=21))
    s.say("All 37 tests pass, including the worker test for the Telegram message.")
    s.user(
        "អរគុណច្រើន! turns out the worker can pick up the task before Django commits the transaction, that's why "
        "the retry in Flower always worked.",
        lessons=["the worker can pick up the task before Django commits the transaction"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -qm 'Queue Celery tasks on commit' && gh pr create --fill --base main",
            "https://github.com/sokha-dev/psar-shop/pull/9",
        ),
    )
    s.say("PR #9 is open.")
    s.not_person("List every call site with file:line and never modify any file.", "subagent_prompt")
    s.outcome("success", "Celery tasks queued with transaction.on_commit; worker test passes")
    s.hit("celery-before-commit", fixed=True)
    return s


def p12() -> Session:
    s = new("p12-django-52", "2029-07-24T07:15:40", "2.1.158", "django-52", "upgrade-minivet")
    s.user("django-allauth 65.10 came out yesterday and it supports Django 5.2 now.")
    s.user(
        "so the pin has no reason anymore: let's move to Django 5.2 and stay on the latest 5.2 patch release.",
        rules=[("django-latest", "let's move to Django 5.2 and stay on the latest 5.2 patch release", "django-pin")],
        after=14,
    )
    s.act(None, Denied(Bash("pip install -U 'django>=5.2,<5.3'")))
    s.user(
        "like I said, poetry add only, no pip in this project.",
        rules=[("poetry-only", "poetry add only, no pip in this project")],
    )
    s.act(
        None,
        Bash(
            "poetry add 'django@~5.2' 'django-allauth@^65.10' && poetry run pytest -q",
            "Updating dependencies\nResolving dependencies... (1.9s)\n\nPackage operations: 0 installs, 2 updates, 0 "
            "removals\n\n  - Updating django (5.1.7 -> 5.2.4)\n  - Updating django-allauth (65.3.1 -> 65.10.0)\n\n"
            "Writing lock file\n" + pytest_run(37).replace("5.1.7", "5.2.4"),
            secs=35,
        ),
    )
    s.say("Django 5.2.4 with allauth 65.10; `~5.2` keeps it on the latest 5.2 patch. 37 tests pass.")
    s.user("orkun")
    s.outcome("success", "upgraded to Django 5.2 through poetry (pip refused)")
    return s


def p13() -> Session:
    s = new("p13-beat-back", "2029-07-25T07:45:03", "2.1.159", "beat", "beat-returns-oriole")
    s.user(
        "psar-shop ផ្លាស់ទៅ container ហើយ VPS ចាស់ និង crontab របស់វាត្រូវបានលុបចោលម្សិលមិញ ដូច្នេះហេតុផលនោះលែងមានទៀតហើយ។ "
        "សូមដាក់ scheduled jobs ទាំងអស់ក្នុង Celery beat វិញ រួមទាំង cancel_unpaid_orders។",
        rules=[("beat-schedule", "សូមដាក់ scheduled jobs ទាំងអស់ក្នុង Celery beat វិញ", "no-beat")],
    )
    s.act(
        None,
        Edit(
            "psar/celery.py",
            "app.autodiscover_tasks()",
            'app.autodiscover_tasks()\n\napp.conf.beat_schedule = {\n    "cancel-unpaid-orders": {\n'
            '        "task": "orders.tasks.cancel_unpaid_orders",\n        "schedule": crontab(hour=2, minute=15),\n    },\n}',
        ),
        Write(
            "orders/tasks_schedule.py",
            "from celery import shared_task\nfrom django.core.management import call_command\n\n\n"
            '@shared_task(name="orders.tasks.cancel_unpaid_orders")\ndef cancel_unpaid_orders():\n'
            '    call_command("cancel_unpaid_orders")\n',
        ),
    )
    s.act(
        None,
        Edit(
            "Procfile",
            "worker: celery -A psar worker -l info",
            "worker: celery -A psar worker -l info\nbeat: celery -A psar beat -l info --schedule /tmp/celerybeat-schedule",
        ),
    )
    s.act(None, Bash("poetry run pytest -q && git rm -q deploy/crontab", pytest_run(38), secs=20))
    s.say(
        "The nightly cancellation runs from Celery beat (its own process, schedule file in /tmp); deploy/crontab is removed."
    )
    s.user("ល្អណាស់ អរគុណ")
    s.outcome("success", "scheduled jobs moved to Celery beat after the VPS crontab went away")
    return s


def p14() -> Session:
    s = new("p14-r2-images", "2029-07-26T07:20:18", "2.1.160", "r2-images", "signature-babbler")
    s.user(
        "product images should go to Cloudflare R2 through django-storages instead of the container disk. "
        "I put the keys in .env."
    )
    s.act(
        None,
        Edit(
            "psar/settings/base.py",
            'STORAGES = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},',
            'STORAGES = {"default": {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": {"bucket_name": '
            '"psar-media", "endpoint_url": env("R2_ENDPOINT"), "region_name": "auto"}},',
        ),
    )
    s.act(
        None,
        Bash(
            'poetry run python manage.py shell -c "from django.core.files.storage import default_storage as s; '
            "from django.core.files.base import ContentFile; print(s.save('probe.txt', ContentFile(b'x')))\"",
            "botocore.exceptions.ClientError: An error occurred (SignatureDoesNotMatch) when calling the PutObject "
            "operation: The request signature we calculated does not match the signature you provided. Check your "
            "secret access key and signing method.",
            code=1,
            secs=5,
        ),
    )
    s.say(
        "R2 rejects the signature. Usually that is a wrong secret key or an old signing version; the access key in "
        "`.env` is 20 characters but the secret looks shorter than R2's 64. Could you check the token in the "
        "Cloudflare dashboard?"
    )
    s.user(
        "ot te, knhom ot mean access to dashboard. for now leave it, I'll ask the owner for a new token tomorrow.",
        non_rules=["for now leave it, I'll ask the owner for a new token tomorrow"],
    )
    s.act(None, Bash("git checkout -- psar/settings/base.py", ""))
    s.say("Settings reverted; images stay on the disk until the token is sorted.")
    s.one_off("R2 upload through django-storages fails with SignatureDoesNotMatch (a truncated secret key in .env)")
    s.outcome("failed", "R2 uploads rejected with SignatureDoesNotMatch; reverted")
    return s


SESSIONS = [p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14]

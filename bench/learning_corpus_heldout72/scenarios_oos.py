"""Sayali's `oos-tolan` sessions (o01-o15): Django 5.1 + DRF for a cooperative sugar factory's cane weighbridge
records, PostgreSQL 16, Celery 5 on Redis, pytest-django, mypy with django-stubs, ruff, Ansible to two Ubuntu VMs
behind nginx and gunicorn. Times are UTC; Pune is UTC+05:30."""

from __future__ import annotations

from transcript_kit import OOS, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "oos-tolan"
H = OOS


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=OOS, project=PROJECT)


def pytest_out(passed: int, failures: list[tuple[str, str]] = (), secs: float = 6.41) -> str:
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0",
        "django: version: 5.1.4, settings: tolan.settings.test (from ini)",
        f"rootdir: {H}",
        "configfile: pyproject.toml",
        "plugins: django-4.9.0, cov-6.0.0",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ==================================="]
        for test, err in failures:
            out += [f"_____ {test.split('::')[-1]} _____", err, ""]
        out += ["=========================== short test summary info ============================"]
        out += [f"FAILED {t} - {e.splitlines()[-1][:90]}" for t, e in failures]
        out.append(f"==================== {len(failures)} failed, {passed} passed in {secs:.2f}s ====================")
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


SLIP_VIEWS = """from django.db import transaction
from rest_framework import viewsets

from slips.models import WeighSlip
from slips.serializers import WeighSlipSerializer
from slips.tasks import generate_slip_pdf


class WeighSlipViewSet(viewsets.ModelViewSet):
    queryset = WeighSlip.objects.select_related("farmer", "vehicle")
    serializer_class = WeighSlipSerializer

    @transaction.atomic
    def perform_create(self, serializer):
        slip = serializer.save(operator=self.request.user)
        slip.farmer.touch_last_delivery()
        generate_slip_pdf.delay(slip.pk)
"""

CONTRIBUTING = """# Contributing to oos-tolan

1. Branch from `develop`, name it `feat/<ticket>` or `fix/<ticket>`.
2. Always run `make check` (ruff, mypy, pytest) before opening a pull request.
3. Migrations: one per PR, named, never edited after merge.
4. Ansible changes go through `--check --diff` on staging first.
"""


def o01() -> Session:
    s = new("o01-tare-weight", "2029-10-22T04:12:08", "2.1.160", "feat/tare-weight", "tare-weight-kite")
    s.user(
        "सुप्रभात 🙏 oos-tolan: weighbridge records for the sugar factory. WeighSlip ला tare_weight_kg आणि "
        "net_weight_kg हवेत, net = gross - tare. serializer मध्ये net read-only. "
        "नेहमी आधी टेस्ट चालवा, मग commit करा.",
        rules=[("tests-first", "नेहमी आधी टेस्ट चालवा, मग commit करा")],
    )
    s.title("Tare and net weight on weigh slips")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run `make check` (ruff, mypy, pytest) before opening a pull request.", "tool_output")
    s.act(
        "Adding the fields, a migration and a property-based net weight:",
        Bash(
            "python manage.py makemigrations slips -n tare_and_net_weight",
            "Migrations for 'slips':\n  slips/migrations/0012_tare_and_net_weight.py\n"
            "    + Add field tare_weight_kg to weighslip\n    + Add field net_weight_kg to weighslip",
        ),
    )
    s.act(None, Bash("pytest -q slips", pytest_out(41, secs=5.12), secs=9))
    s.say("41 tests pass with the new fields; `net_weight_kg` is read-only in `WeighSlipSerializer`.")
    s.user(
        "छान. and one more thing: we go with Celery beat for the nightly reconciliation, not cron on the VM. उद्या करू.",
        decisions=["we go with Celery beat for the nightly reconciliation, not cron on the VM"],
    )
    s.say("Noted, I'll set up the beat schedule tomorrow.")
    s.outcome("success", "tare and net weight fields with migration 0012, tests pass")
    return s


NGINX = """server {
    listen 443 ssl;
    server_name tolan.example-sakhar.in;

    location / {
        proxy_pass http://127.0.0.1:8000;
        proxy_set_header Host $host;
    }
}
"""


def o02() -> Session:
    s = new("o02-csv-upload-413", "2029-10-23T04:30:41", "2.1.160", "fix/csv-upload", "csv-upload-heron")
    s.user(
        "the gate office can't upload the day's weighbridge CSV, browser says 413 Request Entity Too Large. "
        "file is ~3 MB.\n\nalso, story from last month: someone committed the Redis password in "
        "tolan/settings/prod.py and we had to rotate everything on both VMs. secrets never go into the repo. "
        "ansible-vault for this project.",
        rules=[("secrets-repo", "secrets never go into the repo")],
    )
    s.act(None, Read("deploy/roles/nginx/templates/tolan.conf.j2", NGINX))
    s.act(
        "nginx defaults `client_max_body_size` to 1m, which is what's rejecting the upload:",
        Edit(
            "deploy/roles/nginx/templates/tolan.conf.j2",
            "    server_name tolan.example-sakhar.in;\n",
            "    server_name tolan.example-sakhar.in;\n    client_max_body_size 10m;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i deploy/inventory/prod.ini deploy/site.yml --tags nginx --ask-vault-pass",
            "PLAY [tolan_web] ***************************************************************\n\n"
            "TASK [nginx : render site config] **********************************************\n"
            "changed: [tolan-vm1]\nchanged: [tolan-vm2]\n\nRUNNING HANDLER [nginx : reload nginx] "
            "**************************************\nchanged: [tolan-vm1]\nchanged: [tolan-vm2]\n\n"
            "PLAY RECAP *********************************************************************\n"
            "tolan-vm1                  : ok=6    changed=2    unreachable=0    failed=0    skipped=0\n"
            "tolan-vm2                  : ok=6    changed=2    unreachable=0    failed=0    skipped=0",
            secs=48,
        ),
    )
    s.say("Both VMs reloaded with `client_max_body_size 10m`. Secrets stay in `group_vars/all/vault.yml`.")
    s.user("upload zala 👍 thanks")
    s.one_off("nginx rejected a 3 MB weighbridge CSV upload with 413 (client_max_body_size defaulted to 1m)")
    s.outcome("success", "client_max_body_size raised, upload works")
    return s


CELERY_LOG_1 = """[2029-10-24 09:41:12,208: INFO/MainProcess] Task slips.tasks.generate_slip_pdf[5e0c1a7e-88d2-4c1f-b6a3-0f2e91c4d7aa] received
[2029-10-24 09:41:12,231: ERROR/ForkPoolWorker-3] Task slips.tasks.generate_slip_pdf[5e0c1a7e-88d2-4c1f-b6a3-0f2e91c4d7aa] raised unexpected: DoesNotExist('WeighSlip matching query does not exist.')
Traceback (most recent call last):
  File "/home/tolan/venv/lib/python3.12/site-packages/celery/app/trace.py", line 453, in trace_task
    R = retval = fun(*args, **kwargs)
  File "/home/tolan/app/slips/tasks.py", line 18, in generate_slip_pdf
    slip = WeighSlip.objects.get(pk=slip_id)
slips.models.WeighSlip.DoesNotExist: WeighSlip matching query does not exist."""


def o03() -> Session:
    s = new("o03-slip-pdf-missing", "2029-10-24T04:55:19", "2.1.161", "develop", "slip-pdf-otter")
    s.user(
        "हे बघा, celery worker log from vm2 this morning:\n\n```\n" + CELERY_LOG_1 + "\n```\n"
        "slip 18211 नक्की आहे DB मध्ये, मी admin मध्ये पाहिलं."
    )
    s.act(
        None,
        Read(
            "slips/tasks.py",
            "from celery import shared_task\n\nfrom slips.models import WeighSlip\nfrom slips.pdf import render_slip\n\n\n@shared_task\ndef generate_slip_pdf(slip_id: int) -> None:\n    slip = WeighSlip.objects.get(pk=slip_id)\n    render_slip(slip)\n",
        ),
    )
    s.act(
        "Adding a retry on DoesNotExist so the worker tries again a few seconds later:",
        Edit(
            "slips/tasks.py",
            "@shared_task\ndef generate_slip_pdf(slip_id: int) -> None:",
            "@shared_task(autoretry_for=(WeighSlip.DoesNotExist,), retry_backoff=2, max_retries=3)\n"
            "def generate_slip_pdf(slip_id: int) -> None:",
        ),
    )
    s.act(None, Bash("pytest -q slips/tests/test_tasks.py", pytest_out(6, secs=2.3)))
    s.say("Tests pass; the task now retries up to 3 times when the slip isn't found yet.")
    s.user(
        "retry म्हणजे पट्टी आहे, उपाय नाही. vm2 वर अजून 4 slips PDF विना. revert करा, उद्या नीट बघू.",
    )
    s.act(None, Bash("git checkout -- slips/tasks.py && git status --short", ""))
    s.say("Reverted; `slips/tasks.py` is back to what it was.")
    s.hit("celery-before-commit")
    s.outcome("failed", "generate_slip_pdf DoesNotExist not solved, the retry patch was reverted")
    return s


def o04() -> Session:
    s = new("o04-beat-reconcile", "2029-10-25T04:08:02", "2.1.161", "feat/reconcile", "beat-reconcile-finch")
    s.user(
        "आज reconciliation: every night compare weighbridge totals with the mill's crushing register, Celery beat "
        "at 23:30 IST. आणि एक: दोन्ही repos मध्ये commit messages Conventional Commits मध्ये लिहा, "
        "ghat-rakshak साठी पण.",
        rules=[("conventional-commits", "दोन्ही repos मध्ये commit messages Conventional Commits मध्ये लिहा")],
    )
    s.act(
        None,
        Write(
            "tolan/celery_beat.py",
            'from celery.schedules import crontab\n\nBEAT_SCHEDULE = {\n    "nightly-reconcile": {\n'
            '        "task": "reconcile.tasks.reconcile_day",\n        "schedule": crontab(hour=18, minute=0),  # 23:30 IST\n'
            "    },\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest -q reconcile && ruff check . && mypy .",
            pytest_out(12, secs=3.9) + "\nAll checks passed!\nSuccess: no issues found in 84 source files",
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(reconcile): nightly weighbridge vs crushing register'",
            "[feat/reconcile 4c1a9e2] feat(reconcile): nightly weighbridge vs crushing register\n 3 files changed, 96 insertions(+)",
        ),
    )
    s.say(
        "Committed. The schedule is `crontab(hour=18, minute=0)`, which is 23:30 IST because `CELERY_TIMEZONE` is UTC here."
    )
    s.user("ok chalel 👍")
    s.outcome("success", "nightly reconcile task on Celery beat, tests and linters green, committed")
    return s


MIGRATE_CHECK = """$ python manage.py makemigrations --check --dry-run
CommandError: Conflicting migrations detected; multiple leaf nodes in the migration graph: (0014_vehicle_rfid_tag, 0014_weighslip_moisture_pct in slips).
To fix them run 'python manage.py makemigrations --merge'
Error: Process completed with exit code 1."""


def o05() -> Session:
    s = new("o05-ci-leaf-nodes", "2029-10-26T04:40:55", "2.1.162", "develop", "leaf-nodes-crane")
    s.user(
        "CI red on develop after merging Amol's rfid branch:\n\n```\n" + MIGRATE_CHECK + "\n```\n\n"
        "and this review comment from Nikhil on my PR, please take care of it too:\n\n"
        "> review: slips/serializers.py has two new `# type: ignore`. mypy has to pass with django-stubs, "
        "no new type: ignore without a comment saying why. also ruff check and ruff format must be clean before a push.",
        rules=[
            ("mypy-no-ignore", "no new type: ignore without a comment saying why"),
            ("ruff-clean", "ruff check and ruff format must be clean before a push"),
        ],
    )
    s.act(
        None,
        Bash(
            "python manage.py makemigrations --merge --noinput",
            "Merging slips\n  Branch 0014_vehicle_rfid_tag\n    - Add field rfid_tag to vehicle\n"
            "  Branch 0014_weighslip_moisture_pct\n    - Add field moisture_pct to weighslip\n\n"
            "Created new merge migration slips/migrations/0015_merge_20291026_1012.py",
        ),
    )
    s.act(
        None,
        Bash(
            "python manage.py migrate && pytest -q",
            "Operations to perform:\n  Apply all migrations: admin, auth, contenttypes, farmers, reconcile, sessions, slips\n"
            "Running migrations:\n  Applying slips.0014_vehicle_rfid_tag... OK\n  Applying slips.0015_merge_20291026_1012..."
            'Traceback (most recent call last):\n...\ndjango.db.utils.ProgrammingError: column "moisture_pct" of relation '
            '"slips_weighslip" already exists',
            code=1,
            secs=14,
        ),
    )
    s.say(
        "The local DB already had 0014_weighslip_moisture_pct applied from your branch under a different order; "
        "the merge migration is fine but the dev database needs `migrate slips 0013` first."
    )
    s.user("वेळ गेला आज, मीटिंग आहे. बस, इथेच थांबू. CI अजून लाल.")
    s.hit("migration-leaf-conflict")
    s.outcome("failed", "conflicting 0014 migrations after merge; merge migration broke the local DB, CI still red")
    return s


def o06() -> Session:
    s = new("o06-blank-receipts", "2029-10-29T04:22:37", "2.1.162", "develop", "blank-receipts-myna")
    s.user(
        "गेटवरच्या ऑपरेटरचा फोन आला: काल संध्याकाळी ट्रॅक्टरवाल्या शेतकऱ्यांना पावती मिळाली नाही, "
        "रिसिटची PDF रिकामी येते, नंतर पुन्हा print केलं तर येते. गर्दीच्या वेळी जास्त होतं."
    )
    s.act(
        None,
        Bash(
            "grep -c 'generate_slip_pdf.*raised unexpected' /var/log/tolan/celery-worker.log.1",
            "grep: /var/log/tolan/celery-worker.log.1: No such file or directory",
            code=2,
        ),
    )
    s.say(
        "The worker logs live on the VMs, not here. Given the earlier DoesNotExist, my guess is the same race: "
        "generate_slip_pdf runs before the slip row is visible. Should I add `select_for_update` in the task?"
    )
    s.user("नाही, ते नाही. मला आधी कारण नक्की हवं. उद्या vm वरचे logs आणते.")
    s.hit("celery-before-commit")
    s.outcome("failed", "blank receipts at rush hour, no fix; logs not available locally")
    return s


def o07() -> Session:
    s = new("o07-moisture-migrate", "2029-10-30T04:05:14", "2.1.163", "feat/moisture", "moisture-migrate-ibis")
    s.user(
        "moisture_pct column prod वर जायचा आहे. prod साठी नियम:\n"
        "१) prod वर migrate आधी pg_dump घ्या\n"
        "२) शुक्रवारी deploy नाही\n"
        "३) ansible-playbook आधी --check --diff ने चालवा\n"
        "आज मंगळवार, चालेल.",
        rules=[
            ("dump-before-migrate", "prod वर migrate आधी pg_dump घ्या"),
            ("no-friday-deploy", "शुक्रवारी deploy नाही"),
            ("ansible-check-first", "ansible-playbook आधी --check --diff ने चालवा"),
        ],
    )
    s.act(
        None,
        Bash(
            "ssh tolan-db 'pg_dump -Fc -d tolan -f /var/backups/tolan/pre-0016-20291030.dump && ls -lh /var/backups/tolan/ | tail -1'",
            "-rw-r--r-- 1 postgres postgres 412M Oct 30 09:37 pre-0016-20291030.dump",
            secs=95,
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i deploy/inventory/prod.ini deploy/site.yml --tags app,migrate --check --diff --ask-vault-pass",
            "TASK [app : checkout release] ***\nchanged: [tolan-vm1]\nchanged: [tolan-vm2]\n"
            "TASK [migrate : run migrations] ***\nskipping: [tolan-vm1]\n\nPLAY RECAP ***\n"
            "tolan-vm1 : ok=11 changed=1 unreachable=0 failed=0 skipped=3\ntolan-vm2 : ok=9 changed=1 unreachable=0 failed=0 skipped=3",
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i deploy/inventory/prod.ini deploy/site.yml --tags app,migrate --ask-vault-pass",
            "TASK [migrate : run migrations] ***\nchanged: [tolan-vm1]\nTASK [app : restart gunicorn] ***\n"
            "changed: [tolan-vm1]\nchanged: [tolan-vm2]\n\nPLAY RECAP ***\n"
            "tolan-vm1 : ok=14 changed=3 unreachable=0 failed=0 skipped=0\ntolan-vm2 : ok=11 changed=2 unreachable=0 failed=0 skipped=1",
            secs=70,
        ),
    )
    s.say("Dump taken (412M), dry run clean, migration 0016 applied on prod and gunicorn restarted on both VMs.")
    s.user("👍 done")
    s.outcome("success", "moisture_pct migration deployed to prod after pg_dump and a --check run")
    return s


def o08() -> Session:
    s = new("o08-two-0017", "2029-10-31T04:48:50", "2.1.163", "develop", "two-0017-loris")
    s.user(
        "develop merge केल्यावर पुन्हा तेच migrations चं भांडण. farmers app मध्ये दोन 0017 आहेत, "
        "एक माझा एक Pooja चा. मागच्या वेळी --merge केलं आणि local DB बिघडला."
    )
    s.act(
        None,
        Bash(
            "ls farmers/migrations/ | tail -4",
            "0016_farmer_aadhaar_last4.py\n0017_farmer_bank_ifsc.py\n0017_farmer_village_code.py\n__init__.py",
        ),
    )
    s.say(
        "Two leaf migrations, 0017_farmer_bank_ifsc and 0017_farmer_village_code. Since neither is on prod yet, the cleanest is "
        "to renumber yours to 0018 with a dependency on Pooja's. Shall I do that and commit?"
    )
    s.user(
        "हो, renumber करा. आणि हो, run the full pytest before every commit, I keep saying this 😅",
        rules=[("tests-first", "run the full pytest before every commit")],
    )
    s.act(
        None,
        Bash(
            'git mv farmers/migrations/0017_farmer_village_code.py farmers/migrations/0018_farmer_village_code.py && sed -i "s/0016_farmer_aadhaar_last4/0017_farmer_bank_ifsc/" farmers/migrations/0018_farmer_village_code.py && pytest -q',
            pytest_out(188, secs=21.7),
            secs=30,
        ),
    )
    s.say("Renumbered to 0018 depending on 0017_farmer_bank_ifsc; 188 tests pass.")
    s.user("ठीक आहे, उद्या बघू.")
    s.hit("migration-leaf-conflict")
    s.outcome("unknown", "renumbered the second 0017 migration; she leaves without saying whether it is settled")
    return s


def o09() -> Session:
    s = new("o09-vm2-unreachable", "2029-11-01T04:16:29", "2.1.164", "develop", "vm2-unreachable-bat")
    s.user("deploy reconcile to staging please")
    cmd = "ansible-playbook -i deploy/inventory/staging.ini deploy/site.yml --tags app --ask-vault-pass"
    out = (
        "PLAY [tolan_web] ***\n\nTASK [Gathering Facts] ***\n"
        'fatal: [tolan-stg]: UNREACHABLE! => {"changed": false, "msg": "Failed to connect to the host via ssh: '
        'ssh: connect to host 10.20.4.17 port 22: Connection timed out", "unreachable": true}\n\n'
        "PLAY RECAP ***\ntolan-stg : ok=0 changed=0 unreachable=1 failed=0 skipped=0"
    )
    s.act(None, Bash(cmd, out, code=4, secs=35))
    s.act("Timed out on SSH; trying again in case it was a blip:", Bash(cmd, out, code=4, secs=35))
    s.act(None, Bash(cmd, out, code=4, secs=35))
    s.say(
        "Three times the same: 10.20.4.17 doesn't answer on port 22. The staging VM is probably down or the VPN dropped."
    )
    s.user("हो, factory चा IT म्हणतो power cut आहे तिकडे. आज नाही होणार.")
    s.one_off("staging VM unreachable over SSH (power cut at the factory), ansible deploy failed three times")
    s.outcome("failed", "staging deploy impossible, host unreachable")
    return s


CELERY_TEST_FAIL = """    def test_create_slip_queues_pdf(api_client, farmer, vehicle, django_capture_on_commit_callbacks):
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            resp = api_client.post("/api/slips/", {"farmer": farmer.pk, "vehicle": vehicle.pk, "gross_weight_kg": 18420})
        assert resp.status_code == 201
>       assert len(callbacks) == 1
E       assert 0 == 1
E        +  where 0 = len([])"""


def o10() -> Session:
    s = new("o10-on-commit", "2029-11-02T03:58:44", "2.1.164", "fix/slip-pdf-race", "on-commit-heron")
    s.user(
        "vm2 चे logs आणले. PDF blank ज्या slips ना, त्या सगळ्या perform_create मधून. "
        "मी एक test लिहिली, ती fail होते:\n\n```\n" + CELERY_TEST_FAIL + "\n```"
    )
    s.act(None, Read("slips/views.py", SLIP_VIEWS))
    s.say(
        "That's the root cause of all three reports: `generate_slip_pdf.delay()` is called inside "
        "`@transaction.atomic`, so the worker can pick the task up before the INSERT commits and sees no row. "
        "I'd suggest always wrapping task enqueueing in transaction.on_commit going forward."
    )
    s.not_person(
        "I'd suggest always wrapping task enqueueing in transaction.on_commit going forward.", "assistant_text"
    )
    s.act(
        None,
        Edit(
            "slips/views.py",
            "        generate_slip_pdf.delay(slip.pk)",
            "        transaction.on_commit(lambda: generate_slip_pdf.delay(slip.pk))",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest -q slips && ruff check . && ruff format --check . && mypy .",
            pytest_out(52, secs=7.0)
            + "\nAll checks passed!\n96 files already formatted\nSuccess: no issues found in 86 source files",
            secs=40,
        ),
    )
    s.user(
        "perfect. lesson: a Celery task queued inside atomic() can run before the commit. "
        "commit करा: fix(slips): enqueue slip PDF on commit",
        lessons=["a Celery task queued inside atomic() can run before the commit"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix(slips): enqueue slip PDF on commit'",
            "[fix/slip-pdf-race 9d0e3b1] fix(slips): enqueue slip PDF on commit\n 2 files changed, 19 insertions(+), 1 deletion(-)",
        ),
    )
    s.say("Committed as 9d0e3b1.")
    s.hit("celery-before-commit", fixed=True)
    s.outcome(
        "success",
        "generate_slip_pdf enqueued with transaction.on_commit, test with django_capture_on_commit_callbacks passes",
    )
    return s


def audit_gunicorn(child: Session) -> None:
    child.act(
        None,
        Read(
            "deploy/roles/app/templates/gunicorn.service.j2",
            "[Service]\nExecStart=/home/tolan/venv/bin/gunicorn tolan.wsgi -w 5 --timeout 30 --max-requests 500\n",
        ),
    )
    child.act(
        None,
        Bash("grep -rn 'timeout' deploy/roles/app/", "deploy/roles/app/templates/gunicorn.service.j2:2:--timeout 30"),
    )
    child.say(
        "deploy/roles/app/templates/gunicorn.service.j2:2 runs 5 sync workers with --timeout 30 and --max-requests 500. "
        "The slips CSV export (reports/views.py) builds the whole file in memory; for >20k rows it exceeds 30 s, "
        "which matches the WORKER TIMEOUT lines. --max-requests only recycles workers, it hides the memory growth."
    )


def o11() -> Session:
    s = new("o11-worker-timeout", "2029-11-05T04:31:06", "2.1.165", "develop", "worker-timeout-gecko")
    s.user(
        "season report download gives 502. nginx error log:\n\n```\n2029/11/04 17:02:44 [error] 1123#1123: *88213 upstream "
        "prematurely closed connection while reading response header from upstream, client: 10.20.1.44, "
        'server: tolan.example-sakhar.in, request: "GET /reports/season.csv?season=2029-30 HTTP/1.1"\n```'
    )
    s.act(
        "Launching a background agent to audit the gunicorn setup while I look at the view:",
        Agent(
            "Audit gunicorn timeouts",
            "Look at the gunicorn systemd template and the report views in /home/sayali/work/oos-tolan and explain "
            "why /reports/season.csv returns 502. Always include file paths and line numbers. Do not change files.",
            "general-purpose",
            audit_gunicorn,
            background=True,
        ),
    )
    s.not_person("Always include file paths and line numbers.", "subagent_prompt")
    s.act(
        None,
        Read(
            "reports/views.py",
            'def season_csv(request):\n    rows = WeighSlip.objects.for_season(request.GET["season"]).values_list(*COLUMNS)\n    body = render_csv(rows)\n    return HttpResponse(body, content_type="text/csv")\n',
        ),
    )
    s.agent_done(after=40)
    s.act(
        None,
        Edit(
            "reports/views.py",
            '    body = render_csv(rows)\n    return HttpResponse(body, content_type="text/csv")',
            '    return StreamingHttpResponse(stream_csv(rows.iterator(chunk_size=2000)), content_type="text/csv")',
        ),
    )
    s.act(None, Bash("pytest -q reports", pytest_out(9, secs=2.2)))
    s.say(
        "The season CSV now streams with `StreamingHttpResponse`; no 30 s timeout on 2029-30 data locally (11.4 s, 61 MB)."
    )
    s.user(
        "turns out --max-requests hides memory growth, it doesn't fix it. streaming बरोबर. deploy उद्या.",
        lessons=["turns out --max-requests hides memory growth, it doesn't fix it"],
    )
    s.one_off("season CSV report returned 502: gunicorn sync worker timeout while building the whole CSV in memory")
    s.outcome("success", "season report streams with StreamingHttpResponse, tests pass")
    return s


def o12() -> Session:
    s = new("o12-vault-rotate", "2029-11-06T04:02:19", "2.1.165", "chore/vault", "vault-rotate-swift")
    s.user(
        "need to rotate the Redis password. I will not paste the value here, just tell me the ansible-vault command and I edit it myself."
    )
    s.act(
        None,
        Denied(Bash("ansible-vault view deploy/group_vars/all/vault.yml --vault-password-file ~/.tolan-vault-pass")),
    )
    s.user("vault ची content इथे दिसायला नको. फक्त command सांगा, मी tmux मध्ये चालवते.")
    s.say(
        "Run `ansible-vault edit deploy/group_vars/all/vault.yml`, change `vault_redis_password`, then deploy with `--tags celery,app`."
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary request: rotate the Redis "
        "password in deploy/group_vars/all/vault.yml; the user edits the vault herself in tmux.\n2. Key technical "
        "concepts: ansible-vault, Celery broker URL, Redis requirepass.\n3. Files: deploy/group_vars/all/vault.yml "
        "(not read), deploy/roles/redis/templates/redis.conf.j2.\n4. User preferences: The user wants every Ansible "
        "role to have a molecule test before it is changed.\n5. Pending: deploy celery and app tags after the edit.",
        98411,
        11802,
    )
    s.not_person(
        "The user wants every Ansible role to have a molecule test before it is changed.", "compaction_summary"
    )
    s.user("vault edited. now deploy, celery and app tags.")
    s.act(
        None,
        Bash(
            "ansible-playbook -i deploy/inventory/prod.ini deploy/site.yml --tags redis,celery,app --ask-vault-pass",
            "TASK [redis : render redis.conf] ***\nchanged: [tolan-db]\nTASK [celery : restart workers] ***\n"
            "changed: [tolan-vm1]\nchanged: [tolan-vm2]\n\nPLAY RECAP ***\ntolan-db : ok=5 changed=2 unreachable=0 failed=0\n"
            "tolan-vm1 : ok=12 changed=2 unreachable=0 failed=0\ntolan-vm2 : ok=12 changed=2 unreachable=0 failed=0",
            secs=80,
        ),
    )
    s.say("Redis restarted with the new password; both workers reconnected (celery inspect ping: 2 nodes online).")
    s.user("workers are online, good 👍")
    s.outcome("success", "Redis password rotated via ansible-vault, workers reconnected")
    return s


def find_slip_clients(child: Session) -> None:
    child.act(None, Grep("api/slips", ["gate_app/config.json", "reports/management/commands/export_slips.py"]))
    child.act(
        None,
        Read(
            "reports/management/commands/export_slips.py",
            '        url = data["next"]\n        while url:\n            data = session.get(url).json()\n            url = data["next"]',
            offset=31,
        ),
    )
    child.say(
        "Two clients of /api/slips/: gate_app/config.json (the gate tablet app, reads page 1 for today's slips) and reports/management/commands/export_slips.py:31-34, which follows `next` until it is null. Both cope with pagination."
    )


def o13() -> Session:
    s = new("o13-friday-deploy", "2029-11-07T04:44:12", "2.1.166", "develop", "friday-deploy-tern")
    s.user(
        "season report streaming fix prod वर न्यायचा, शुक्रवारी. friday deploys are fine again now that "
        "we have the staging VM back, just not after 4 pm IST. so friday morning is ok.\n"
        "should we always paginate the slips endpoint? it returns 200 by default now",
        rules=[
            (
                "friday-before-4",
                "friday deploys are fine again now that we have the staging VM back, just not after 4 pm IST",
                "no-friday-deploy",
            )
        ],
        non_rules=["should we always paginate the slips endpoint?"],
    )
    s.act(
        None,
        Agent(
            "Find slips endpoint consumers",
            "In /home/sayali/work/oos-tolan, find every client of /api/slips/ (gate tablet app config, reports, "
            "management commands) and whether it follows the `next` link of paginated responses. Do not edit anything.",
            "Explore",
            find_slip_clients,
        ),
    )
    s.act(
        None,
        Read(
            "tolan/settings/base.py",
            '# Always keep PAGE_SIZE at or below 500, the gate tablets time out above that.\nREST_FRAMEWORK = {\n    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",\n    "PAGE_SIZE": 200,\n}\n',
        ),
    )
    s.not_person("Always keep PAGE_SIZE at or below 500, the gate tablets time out above that.", "tool_output")
    s.say(
        "The slips endpoint already paginates at PAGE_SIZE 200 via DRF defaults; the gate app reads all pages. "
        "I'd keep it. I'll prepare the release branch for Friday morning."
    )
    s.act(
        None,
        Bash(
            "git checkout -b release/2029.11.09 && git log --oneline -3",
            "Switched to a new branch 'release/2029.11.09'\nb71c0d4 fix(reports): stream season csv\n9d0e3b1 fix(slips): enqueue slip PDF on commit\n4c1a9e2 feat(reconcile): nightly weighbridge vs crushing register",
        ),
    )
    s.user("ठीक. शुक्रवारी सकाळी 10 ला.")
    s.outcome("success", "release branch prepared for a Friday-morning deploy, pagination question answered")
    return s


def o14() -> Session:
    s = new(
        "o14-linear-migrations", "2029-11-08T04:09:51", "2.1.166", "chore/linear-migrations", "linear-migrations-wren"
    )
    s.user(
        "deploy चा migrate task fail झाला staging वर:\n\n```\nTASK [migrate : run migrations] ***\n"
        'fatal: [tolan-stg]: FAILED! => {"changed": false, "cmd": "./manage.py migrate --noinput", "msg": '
        '"CommandError: Conflicting migrations detected; multiple leaf nodes in the migration graph: '
        '(0019_slip_season_fk, 0019_slip_shift_code in slips)."}\n```\n'
        "तिसऱ्यांदा. हे थांबवायचंय, merge वेळीच दिसायला हवं."
    )
    s.act(
        "django-linear-migrations writes a max_migration.txt per app; two branches that add a migration then conflict "
        "in git on that file, at merge time instead of at deploy. Adding it:",
        Bash(
            "uv add --dev django-linear-migrations && python manage.py create_max_migration_files",
            "Resolved 64 packages in 418ms\nInstalled 1 package in 9ms\n + django-linear-migrations==2.16.0\n"
            "Created max_migration.txt for farmers.\nCreated max_migration.txt for reconcile.\nCreated max_migration.txt for slips.",
            secs=8,
        ),
    )
    s.act(
        None,
        Edit(
            "tolan/settings/dev.py",
            'INSTALLED_APPS += ["django_extensions"]',
            'INSTALLED_APPS += ["django_extensions", "django_linear_migrations"]',
        ),
    )
    s.act(
        None,
        Bash(
            "git mv slips/migrations/0019_slip_shift_code.py slips/migrations/0020_slip_shift_code.py && "
            "python manage.py rebase_migration slips && pytest -q",
            "Renamed 0019_slip_shift_code.py to 0020_slip_shift_code.py; dependency now 0019_slip_season_fk.\n"
            + pytest_out(203, secs=24.6),
            secs=35,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'chore(migrations): add django-linear-migrations and max_migration.txt'",
            "[chore/linear-migrations 1e77a30] chore(migrations): add django-linear-migrations and max_migration.txt\n 6 files changed, 11 insertions(+), 1 deletion(-)",
        ),
    )
    s.say(
        "Committed. From now on a second migration on another branch conflicts in max_migration.txt during the git merge."
    )
    s.user(
        "mast 🙏 decided: every new app gets max_migration.txt from day one.",
        decisions=["every new app gets max_migration.txt from day one"],
    )
    s.hit("migration-leaf-conflict", fixed=True)
    s.outcome("success", "django-linear-migrations added with max_migration.txt; conflicting 0019 rebased; tests pass")
    return s


def o15() -> Session:
    s = new("o15-farmer-sms", "2029-11-09T04:27:33", "2.1.167", "feat/sms", "farmer-sms-kestrel")
    s.user(
        "for now just print the SMS payload in the task, we will wire the gateway later. "
        "शेतकऱ्याला slip नंबर आणि net weight जाईल.",
        non_rules=["for now just print the SMS payload in the task"],
    )
    s.act(
        None,
        Write(
            "slips/sms.py",
            "import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef send_slip_sms(slip) -> None:\n"
            '    msg = f"Oos Tolan: slip {slip.number}, net {slip.net_weight_kg} kg"\n'
            '    logger.info("sms to %s: %s", slip.farmer.mobile, msg)\n',
        ),
    )
    s.act(None, Bash("pytest -q slips && ruff check .", pytest_out(55, secs=7.3) + "\nAll checks passed!", secs=15))
    s.say("The payload is logged at INFO for each new slip; 55 tests pass.")
    s.user("बरं. मी Sachin ला दाखवते.")
    s.outcome(
        "unknown", "SMS payload logging added; she leaves to show a colleague without saying if it is what she wanted"
    )
    return s


SESSIONS = [o01, o02, o03, o04, o05, o06, o07, o08, o09, o10, o11, o12, o13, o14, o15]

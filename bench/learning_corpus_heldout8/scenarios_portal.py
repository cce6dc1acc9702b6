"""Sessions in `portale-soci` (C:\\Users\\giulia\\src\\portale-soci): the members' portal of a consumer cooperative in
Emilia. Django 5.1 monolith (apps members, invoices, newsletter), pytest-django + factory_boy, Celery 5 with Redis,
django-environ, ruff, run locally with Docker Desktop (WSL2 backend) via compose.yaml."""

from __future__ import annotations

from fake_output import PORTAL, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

CRLF = "crlf-shell-scripts"
COMMIT = "celery-before-commit"


def portal(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=PORTAL, project="portale-soci")


WORKER_TRACE = """[2027-02-03 10:41:07,552: ERROR/ForkPoolWorker-2] Task members.tasks.send_welcome_email[5c1e9a40-7d2b-4f0e-9a77-0f4b1d2c8e31] raised unexpected: DoesNotExist('Member matching query does not exist.')
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/site-packages/celery/app/trace.py", line 453, in trace_task
    R = retval = fun(*args, **kwargs)
  File "/app/members/tasks.py", line 14, in send_welcome_email
    member = Member.objects.get(pk=member_id)
  File "/usr/local/lib/python3.12/site-packages/django/db/models/query.py", line 649, in get
    raise self.model.DoesNotExist(
members.models.Member.DoesNotExist: Member matching query does not exist."""

COMPOSE_UP_1 = """[+] Running 3/3
 ✔ Container portale-soci-redis-1   Running
 ✔ Container portale-soci-db-1      Healthy
 ✘ Container portale-soci-web-1     Error
web-1  | exec /app/docker-entrypoint.sh: no such file or directory
web-1 exited with code 255"""

WORKER_BASH_R = """worker-1  | /usr/bin/env: 'bash\\r': No such file or directory
worker-1 exited with code 127"""

MEMBERS_VIEW = """@transaction.atomic
def register(request):
    form = RegistrationForm(request.POST)
    if not form.is_valid():
        return render(request, "members/register.html", {"form": form})
    member = form.save()
    send_welcome_email.delay(member.pk)
    return redirect("members:welcome")"""


# ------------------------------------------------------------------------------------------------------------------
def b01_member_model() -> Session:
    s = portal("b01-member-model", "2027-02-01T10:02:11", "2.1.183", "feature/member-card", "mild-lame-magpie")
    s.user(
        "Ciao, nel portale soci serve il numero tessera sul Member, univoco, formato BO-000123. Qui da noi le "
        "settings si leggono solo con env(), mai os.environ diretto. And run the tests against the SQLite "
        "settings locally, it's faster than spinning up Postgres",
        after=0,
        rules=[
            ("env-only", "Qui da noi le settings si leggono solo con env(), mai os.environ diretto"),
            ("sqlite-tests", "run the tests against the SQLite settings locally"),
        ],
    )
    s.act(
        None,
        Edit(
            "members\\models.py",
            "    joined_on = models.DateField(default=date.today)",
            "    joined_on = models.DateField(default=date.today)\n    card_number = models.CharField(max_length=9, unique=True, validators=[CARD_NUMBER])",
        ),
    )
    s.act(
        None,
        Bash(
            "py manage.py makemigrations members; py -m pytest members --ds=config.settings.test_sqlite -q",
            "Migrations for 'members':\n  members\\migrations\\0007_member_card_number.py\n    + Add field card_number to member\n"
            + pytest_run(38, secs="3.87"),
            desc="Migration and tests",
            secs=15,
        ),
    )
    s.say(
        "card_number added (unique, validated as BO-000000) with migration 0007; 38 tests pass on the SQLite settings."
    )
    s.user("bene grazie")
    s.outcome("success", "member card number field with migration, tests green")
    return s


def b02_entrypoint_missing() -> Session:
    s = portal("b02-entrypoint-missing", "2027-02-02T13:15:40", "2.1.183", "main", "fine-zamboni-tern")
    s.user(
        "Ho rifatto il clone del repo sul portatile nuovo e docker compose up non parte più il web:\n\n"
        f"```\n{COMPOSE_UP_1}\n```\n\nil file c'è, l'ho controllato",
        after=0,
    )
    s.act(
        None,
        Read(
            "Dockerfile",
            'COPY docker-entrypoint.sh /app/\nRUN chmod +x /app/docker-entrypoint.sh\nENTRYPOINT ["/app/docker-entrypoint.sh"]',
            offset=18,
            limit=3,
            total=26,
        ),
    )
    s.act(
        "The file exists, so 'no such file' likely refers to something the script needs. I'll rebuild without cache in case the image is stale.",
        Bash(
            "docker compose build --no-cache web; docker compose up -d web; docker compose logs web --tail 5",
            "[+] Building 94.2s (12/12) FINISHED\n ✔ Container portale-soci-web-1  Started\n"
            "web-1  | exec /app/docker-entrypoint.sh: no such file or directory",
            desc="Rebuild and start web",
            secs=110,
        ),
    )
    s.say("Same error after a clean rebuild. The image and the COPY look right; I haven't found the cause.")
    s.user("vabbè, per oggi lo lancio dal vecchio portatile")
    s.outcome("failed", "web container still fails to start after a no-cache rebuild; person works around it")
    s.hit(CRLF)
    return s


def b03_welcome_doesnotexist() -> Session:
    s = portal("b03-welcome-doesnotexist", "2027-02-03T10:50:26", "2.1.184", "main", "dark-galvani-rook")
    s.user(f"the worker throws this for some new registrations:\n\n```\n{WORKER_TRACE}\n```", after=0)
    s.act(
        None,
        Read(
            "members\\tasks.py",
            "@shared_task\ndef send_welcome_email(member):\n    member = Member.objects.get(pk=member.pk)\n    send_mail(...)",
            offset=11,
            limit=4,
            total=30,
        ),
    )
    s.user(
        "ah wait, that's passing the whole object? Celery tasks take primary keys, never model instances. fix that too",
        rules=[("celery-pks", "Celery tasks take primary keys, never model instances")],
    )
    s.act(
        "Switching to a pk, and adding an automatic retry so a registration that isn't there yet is picked up a few seconds later.",
        Edit(
            "members\\tasks.py",
            "@shared_task\ndef send_welcome_email(member):\n    member = Member.objects.get(pk=member.pk)",
            "@shared_task(autoretry_for=(Member.DoesNotExist,), retry_backoff=5, max_retries=3)\n"
            "def send_welcome_email(member_id):\n    member = Member.objects.get(pk=member_id)",
        ),
    )
    s.act(
        None,
        Bash(
            "py -m pytest members\\tests\\test_tasks.py -q --ds=config.settings.test_sqlite",
            pytest_run(6, secs="1.02"),
            desc="Task tests",
            secs=8,
        ),
    )
    s.user(
        "mah, il retry non mi convince, sembra che nasconda il problema invece di risolverlo. annulla il retry, tieni solo la pk"
    )
    s.act(
        None,
        Edit(
            "members\\tasks.py",
            "@shared_task(autoretry_for=(Member.DoesNotExist,), retry_backoff=5, max_retries=3)",
            "@shared_task",
        ),
    )
    s.say("Retry removed; the task takes member_id. The DoesNotExist itself is not explained yet.")
    s.outcome("failed", "the worker's DoesNotExist is not fixed (retry rejected), only the pk change kept")
    s.hit(COMMIT)
    return s


def b04_django_db_mark() -> Session:
    s = portal("b04-django-db-mark", "2027-02-04T08:25:09", "2.1.184", "feature/newsletter-prefs", "cool-righi-wagtail")
    s.user("write the tests for NewsletterPreference.toggle please", after=0)
    s.act(
        None,
        Write(
            "newsletter\\tests\\test_preferences.py",
            "import json\n\nfrom newsletter.models import NewsletterPreference\n\n\ndef test_toggle_flips_opt_in():\n"
            "    pref = NewsletterPreference.objects.create(member=MemberFactory(), opt_in=False)\n    pref.toggle()\n"
            "    pref.refresh_from_db()\n    assert pref.opt_in\n",
        ),
    )
    s.act(
        None,
        Bash(
            "py -m pytest newsletter -q --ds=config.settings.test_sqlite",
            pytest_run(
                11,
                [
                    (
                        "newsletter/tests/test_preferences.py::test_toggle_flips_opt_in",
                        'E   RuntimeError: Database access not allowed, use the "django_db" mark, or the "db" or '
                        '"transactional_db" fixtures to enable it.',
                    )
                ],
                secs="1.44",
            ),
            code=1,
            desc="Newsletter tests",
            secs=9,
        ),
    )
    s.user(
        "usa le factory che ci sono già in members/tests e metti il mark. ma i test li dobbiamo sempre far "
        "girare con Docker acceso o no?",
        non_rules=["ma i test li dobbiamo sempre far girare con Docker acceso o no?"],
    )
    s.act(
        None,
        Edit(
            "newsletter\\tests\\test_preferences.py",
            "import json\n\nfrom newsletter.models import NewsletterPreference\n\n\ndef test_toggle_flips_opt_in():",
            "import pytest\n\nfrom members.tests.factories import MemberFactory\nfrom newsletter.models import NewsletterPreference\n\n\n@pytest.mark.django_db\ndef test_toggle_flips_opt_in():",
        ),
    )
    s.act(
        None,
        Bash(
            "py -m pytest newsletter -q --ds=config.settings.test_sqlite",
            pytest_run(12, secs="1.51"),
            desc="Newsletter tests",
            secs=9,
        ),
    )
    s.say(
        "Test marked with django_db and built from MemberFactory; 12 pass. With the SQLite settings Docker isn't needed; only the Postgres settings need the db container."
    )
    s.user("chiaro, grazie")
    s.outcome("success", "newsletter preference tests pass after adding the django_db mark")
    s.one_off('pytest-django RuntimeError: Database access not allowed, use the "django_db" mark')
    return s


def b05_worker_bash_r() -> Session:
    s = portal("b05-worker-bash-r", "2027-02-04T15:40:51", "2.1.184", "main", "wet-bertoloni-snipe")
    s.user(
        f"now the celery worker dies on startup, the web one is fine on the old laptop:\n\n```\n{WORKER_BASH_R}\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "scripts\\start-worker.sh",
            "#!/usr/bin/env bash\nset -euo pipefail\nexec celery -A config worker -l info",
            total=3,
        ),
    )
    s.act(
        "That '\\r' means the script has Windows line endings. The checkout converts them because core.autocrlf is true; I'll turn that off globally.",
        Denied(
            Bash("git config --global core.autocrlf false", desc="Disable autocrlf globally"),
            "non toccare la mia config globale di git, la uso per altri progetti",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose run --rm worker sed -i 's/\\r$//' /app/scripts/start-worker.sh",
            "",
            desc="Strip CR inside the container",
        ),
    )
    s.say(
        "I stripped the carriage returns inside a throwaway container, but that doesn't persist: the next build copies the CRLF file again."
    )
    s.user("ok lascia stare, domani ci guardo con calma")
    s.outcome(
        "failed",
        "worker still cannot start; the global git change was rejected and the in-container edit does not persist",
    )
    s.hit(CRLF)
    return s


def b06_environ_staging() -> Session:
    s = portal(
        "b06-environ-staging", "2027-02-05T09:10:37", "2.1.184", "feature/export-members", "gold-mascarella-hawk"
    )
    s.user(
        "py manage.py shell non parte da PowerShell:\n\n```\ndjango.core.exceptions.ImproperlyConfigured: Set the "
        "DATABASE_URL environment variable\n```\n\nil .env c'è",
        after=0,
    )
    s.act(
        None,
        Read(
            "CONTRIBUTING.md",
            "## Settings\n\nNever import models in settings.py.\nSettings are read with django-environ from .env at the repository root.",
            offset=14,
            limit=4,
            total=60,
        ),
    )
    s.not_person("Never import models in settings.py.", "tool_output")
    s.act(
        None,
        Read(
            "config\\settings\\base.py",
            'env = environ.Env()\nenviron.Env.read_env(".env")',
            offset=3,
            limit=2,
            total=140,
        ),
    )
    s.act(
        "read_env('.env') is relative to the current directory; from PowerShell in config\\ it misses the file. I'll anchor it to BASE_DIR.",
        Edit("config\\settings\\base.py", 'environ.Env.read_env(".env")', 'environ.Env.read_env(BASE_DIR / ".env")'),
    )
    s.act(None, Bash("py manage.py check", "System check identified no issues (0 silenced).", desc="Django check"))
    s.act(
        "Let me also check the migration state on staging before you export.",
        Denied(
            Bash(
                "powershell -NoProfile -Command '$env:DATABASE_URL = $env:STAGING_DATABASE_URL; py manage.py showmigrations members'",
                desc="Show migrations on staging",
            )
        ),
    )
    s.user(
        "don't run manage.py against the shared staging DB from your machine, ever. staging si tocca solo dalla pipeline",
        rules=[("no-staging-manage", "don't run manage.py against the shared staging DB from your machine, ever")],
    )
    s.say("Understood, I won't. Locally `py manage.py check` and `shell` now find .env from any folder.")
    s.user("ok funziona")
    s.outcome("success", "ImproperlyConfigured fixed by anchoring read_env to BASE_DIR; confirmed by the person")
    s.one_off(
        "django-environ ImproperlyConfigured: Set the DATABASE_URL environment variable (read_env path relative to cwd)"
    )
    return s


def b07_stale_invoice() -> Session:
    s = portal("b07-stale-invoice", "2027-02-08T11:30:15", "2.1.185", "main", "odd-san-vitale-ibis")
    s.user(
        "Strange one, no error anywhere: when a member changes their address and then downloads the invoice PDF right "
        "away, the PDF has the OLD address. If they download it again a minute later it's correct",
        after=0,
    )
    s.act(
        None,
        Read(
            "invoices\\views.py",
            '@transaction.atomic\ndef update_address(request):\n    form = AddressForm(request.POST, instance=request.user.member)\n    form.save()\n    render_invoice_pdf.delay(request.user.member.pk)\n    return redirect("invoices:list")',
            offset=40,
            limit=6,
            total=120,
        ),
    )
    s.act(
        "The PDF task might be reading a cached member. I'll make it refresh from the database before rendering.",
        Edit(
            "invoices\\tasks.py",
            "    member = Member.objects.get(pk=member_id)",
            "    member = Member.objects.get(pk=member_id)\n    member.refresh_from_db()",
        ),
    )
    s.act(
        None,
        Bash(
            "py -m pytest invoices -q --ds=config.settings.test_sqlite",
            pytest_run(19, secs="2.31"),
            desc="Invoice tests",
            secs=10,
        ),
    )
    s.say("Tests pass and the task now refreshes the member before rendering.")
    s.user("provato su staging: il PDF ha ancora l'indirizzo vecchio. lasciamo perdere per oggi")
    s.outcome("failed", "stale address in the invoice PDF persists on staging after the refresh_from_db change")
    s.hit(COMMIT)
    return s


def b08_powershell_and() -> Session:
    s = portal("b08-powershell-and", "2027-02-09T08:45:02", "2.1.185", "main", "sly-pratello-owl")
    s.user(
        "Il comando del README non va nel mio terminale:\n\n```\nPS C:\\Users\\giulia\\src\\portale-soci> docker compose up -d && py manage.py migrate\n"
        "At line:1 char:22\n+ docker compose up -d && py manage.py migrate\n+                      ~~\n"
        "The token '&&' is not a valid statement separator in this version.\n    + CategoryInfo          : ParserError: (:) [], "
        "ParentContainsErrorRecordException\n    + FullyQualifiedErrorId : InvalidEndOfLine\n```\n\n"
        "Also, decision: Celery stays on Redis as broker, we're not adding RabbitMQ, so you can drop that TODO in the README",
        after=0,
        decisions=["decision: Celery stays on Redis as broker, we're not adding RabbitMQ"],
    )
    s.act(
        None,
        Bash(
            "powershell -NoProfile -Command '$PSVersionTable.PSVersion.ToString()'",
            "5.1.22621.4391",
            desc="PowerShell version",
        ),
    )
    s.act(
        "Windows PowerShell 5.1 has no `&&` (PowerShell 7 does). I'll give the README a form that works in both.",
        Edit(
            "README.md",
            "    docker compose up -d && py manage.py migrate\n\nTODO: evaluate RabbitMQ as broker",
            "    docker compose up -d; if ($?) { py manage.py migrate }\n\n(With PowerShell 7 or Git Bash, `&&` works too.)",
        ),
    )
    s.say(
        "README updated: `docker compose up -d; if ($?) { py manage.py migrate }` runs in PowerShell 5.1; the RabbitMQ TODO is gone."
    )
    s.user("👍")
    s.outcome("success", "README command fixed for Windows PowerShell 5.1")
    s.one_off("Windows PowerShell 5.1: The token '&&' is not a valid statement separator in this version")
    return s


def b09_exited_127_it() -> Session:
    s = portal("b09-exited-127-it", "2027-02-09T14:20:48", "2.1.185", "main", "tiny-lame-vole")
    s.user(
        "Sul portatile nuovo il container di celery beat parte e muore subito, in Docker Desktop vedo solo "
        '"Exited (127)" e nei log niente di utile, una riga vuota. Il web e il worker li lancio dal vecchio. '
        "Hai idee?",
        after=0,
    )
    s.act(
        None, Grep("\\r$", ["scripts\\start-beat.sh", "scripts\\start-worker.sh", "docker-entrypoint.sh"], glob="*.sh")
    )
    s.say(
        "All three shell scripts in the checkout have CRLF line endings (the files contain \\r). Exit code 127 means "
        "'command not found': with CRLF the kernel looks for an interpreter called 'bash\\r' or 'sh\\r'. The earlier "
        "web and worker failures are probably the same thing. A .gitattributes rule forcing LF for *.sh would fix "
        "it for every clone."
    )
    s.user("ok grazie")
    s.outcome("unknown", "cause named (CRLF in the scripts), nothing changed; only thanks, no verdict")
    s.hit(CRLF)
    return s


def _sa_atomic_tasks(c: Session) -> None:
    c.act(
        None,
        Grep(
            "\\.delay\\(|\\.apply_async\\(",
            [
                "members\\views.py:58:    send_welcome_email.delay(member.pk)",
                "invoices\\views.py:45:    render_invoice_pdf.delay(request.user.member.pk)",
                "newsletter\\services.py:22:        sync_mailing_list.delay(pref.member_id)",
            ],
            mode="content",
        ),
    )
    c.say(
        "Three calls enqueue Celery tasks. members/views.py:58 (register) and invoices/views.py:45 (update_address) "
        "are inside @transaction.atomic views; newsletter/services.py:22 is inside a `with transaction.atomic()` "
        "block. None of them uses transaction.on_commit."
    )


def b10_welcome_random_it() -> Session:
    s = portal("b10-welcome-random-it", "2027-02-11T09:05:33", "2.1.186", "main", "shy-marsala-finch")
    s.user(
        "Allora, ci segnalano che a volte la mail di benvenuto non parte. A volte sì, a volte no, boh. Nei log del "
        "worker oggi non vedo errori, solo che per due soci il task non c'è proprio o finisce subito. Puoi indagare?",
        after=0,
    )
    s.act(
        "I'll have a background agent list where tasks are enqueued inside transactions while I read the task.",
        Agent(
            "Tasks enqueued in transactions",
            "List every place that enqueues a Celery task (.delay or .apply_async) and say whether it runs inside "
            "transaction.atomic. Report only.",
            "general-purpose",
            _sa_atomic_tasks,
            background=True,
        ),
    )
    s.act(None, Read("members\\views.py", MEMBERS_VIEW, offset=51, limit=8, total=90))
    s.agent_done(after=12)
    s.say(
        "The register view enqueues send_welcome_email inside @transaction.atomic: the worker can pick the task up "
        "before the transaction commits, so the member isn't visible yet. invoices and newsletter do the same."
    )
    s.user("ah aspetta, devo scappare, mi chiamano")
    s.outcome(
        "unknown",
        "intermittent welcome mail described in Italian; cause suspected by a background agent, then abandoned",
    )
    s.hit(COMMIT)
    return s


def b11_ruff_dj001() -> Session:
    s = portal("b11-ruff-dj001", "2027-02-12T13:50:19", "2.1.186", "feature/member-notes", "meek-strada-gull")
    s.user("add an optional free-text notes field to Member and make ruff pass", after=0)
    s.act(
        None,
        Edit(
            "members\\models.py",
            "    card_number = models.CharField(",
            "    notes = models.TextField(null=True, blank=True)\n    card_number = models.CharField(",
        ),
    )
    s.act(
        None,
        Bash(
            "ruff check .",
            "members\\models.py:31:13: DJ001 Avoid using `null=True` on string-based fields such as `TextField`\n"
            "   |\n31 |     notes = models.TextField(null=True, blank=True)\n   |             ^^^^^^^^^^^^^^^^ DJ001\n   |\n\nFound 1 error.",
            code=1,
            desc="Lint",
        ),
    )
    s.act(
        None,
        Edit(
            "members\\models.py",
            "    notes = models.TextField(null=True, blank=True)",
            '    notes = models.TextField(blank=True, default="")',
        ),
    )
    s.act(
        None,
        Bash(
            "ruff check . ; py manage.py makemigrations members",
            "All checks passed!\nMigrations for 'members':\n  members\\migrations\\0008_member_notes.py\n    + Add field notes to member",
            desc="Lint and migration",
        ),
    )
    s.act(
        None,
        Bash(
            'git add members && git commit -m "add notes field"',
            git_commit("feature/member-notes", "a1f03d7", "add notes field", 2, 19, 0),
            desc="Commit",
        ),
    )
    s.user(
        "always run ruff format before committing, not just ruff check. c'era un file non formattato nel diff",
        rules=[("ruff-format", "always run ruff format before committing")],
    )
    s.act(
        None,
        Bash(
            'ruff format . ; git commit -am "Format members models"',
            "1 file reformatted, 63 files left unchanged\n"
            + git_commit("feature/member-notes", "b7c2e41", "Format members models", 1, 3, 2),
            desc="Format and commit",
        ),
    )
    s.say("Formatted and committed; ruff check and format are clean.")
    s.user("grazie")
    s.outcome("success", "notes field added, DJ001 fixed, formatted and committed")
    s.one_off("ruff DJ001 Avoid using `null=True` on string-based fields such as `TextField`")
    return s


def b12_fix_crlf() -> Session:
    s = portal("b12-fix-crlf", "2027-02-15T09:30:44", "2.1.187", "fix/line-endings", "true-san-luca-kite")
    s.user(
        "Ok, let's fix the scripts properly so the new laptop works: web, worker and beat. Something that "
        "lives in the repo, so every clone gets it",
        after=0,
    )
    s.act(
        None,
        Write(
            ".gitattributes",
            "* text=auto\n*.sh text eol=lf\nDockerfile text eol=lf\n*.ps1 text eol=crlf\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git add --renormalize . ; git status --short",
            "M  docker-entrypoint.sh\nM  scripts/start-beat.sh\nM  scripts/start-worker.sh\nA  .gitattributes",
            desc="Renormalize line endings",
        ),
    )
    s.act(
        None,
        Bash(
            'docker compose build web worker beat; docker compose up -d; docker compose ps --format "table {{.Name}}\\t{{.Status}}"',
            "[+] Building 71.8s (24/24) FINISHED\nNAME                       STATUS\nportale-soci-beat-1        Up 6 seconds\n"
            "portale-soci-db-1          Up 2 minutes (healthy)\nportale-soci-redis-1       Up 2 minutes\n"
            "portale-soci-web-1         Up 6 seconds\nportale-soci-worker-1      Up 6 seconds",
            desc="Rebuild and start everything",
            secs=95,
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -m "Force LF line endings for shell scripts"',
            git_commit("fix/line-endings", "f4d90a2", "Force LF line endings for shell scripts", 4, 5, 0),
            desc="Commit",
        ),
    )
    s.say(
        "With `*.sh text eol=lf` in .gitattributes and a renormalize, the scripts are LF in every checkout; web, worker and beat all start."
    )
    s.user(
        "funziona tutto! lezione: su Windows git converte gli .sh in CRLF e Linux nel container non li esegue più. "
        "push e apro la PR, same as the API: no pushing to main",
        lessons=["lezione: su Windows git converte gli .sh in CRLF e Linux nel container non li esegue più"],
        rules=[("no-push-main", "same as the API: no pushing to main")],
    )
    s.act(
        None,
        Bash(
            "git push -u origin fix/line-endings",
            "To https://dev.azure.com/officine-ferri/portale/_git/portale-soci\n * [new branch]      fix/line-endings -> fix/line-endings",
            desc="Push the branch",
        ),
    )
    s.outcome("success", ".gitattributes forces LF for shell scripts; all containers start on the new laptop")
    s.hit(CRLF, fixed=True)
    return s


def b13_fix_on_commit() -> Session:
    s = portal("b13-fix-on-commit", "2027-02-16T14:05:12", "2.1.187", "fix/celery-on-commit", "wise-irnerio-heron")
    s.user(
        "Riprendiamo la mail di benvenuto e il PDF con l'indirizzo vecchio: se è la transazione come diceva l'agente, "
        "sistemiamo tutti e tre i punti",
        after=0,
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Enqueue send_welcome_email on commit", "in_progress", "Enqueuing send_welcome_email on commit"),
                ("Enqueue render_invoice_pdf on commit", "pending", "Enqueuing render_invoice_pdf on commit"),
                ("Enqueue sync_mailing_list on commit", "pending", "Enqueuing sync_mailing_list on commit"),
                ("Test with captured on_commit callbacks", "pending", "Testing on_commit callbacks"),
            ]
        ),
    )
    s.act(
        None,
        Edit(
            "members\\views.py",
            "    send_welcome_email.delay(member.pk)",
            "    transaction.on_commit(lambda: send_welcome_email.delay(member.pk))",
        ),
        Edit(
            "invoices\\views.py",
            "    render_invoice_pdf.delay(request.user.member.pk)",
            "    member_id = request.user.member.pk\n    transaction.on_commit(lambda: render_invoice_pdf.delay(member_id))",
        ),
        Edit(
            "newsletter\\services.py",
            "        sync_mailing_list.delay(pref.member_id)",
            "        transaction.on_commit(lambda: sync_mailing_list.delay(pref.member_id))",
        ),
    )
    s.act(
        None,
        Edit(
            "members\\tests\\test_views.py",
            "def test_register_sends_welcome(client, mailoutbox):",
            "def test_register_sends_welcome(client, mailoutbox, django_capture_on_commit_callbacks):",
        ),
    )
    s.user(
        "te l'ho già detto: ai task passa solo la pk, mai l'oggetto intero. in invoices stavi per passare "
        "request.user.member?",
        rules=[("celery-pks", "te l'ho già detto: ai task passa solo la pk, mai l'oggetto intero")],
    )
    s.say(
        "No: render_invoice_pdf gets member_id, a plain int captured before the lambda. All three tasks receive primary keys."
    )
    s.act(
        None,
        Bash(
            "py -m pytest -q --ds=config.settings.test_sqlite",
            pytest_run(74, secs="8.90"),
            desc="Full test suite",
            secs=20,
        ),
    )
    s.user(
        "perfetto. TIL a task queued inside atomic() can run before the commit is visible, that's the whole story",
        lessons=["TIL a task queued inside atomic() can run before the commit is visible"],
    )
    s.outcome("success", "all three task enqueues moved to transaction.on_commit; tests green; the person confirms")
    s.hit(COMMIT, fixed=True)
    return s


def b14_export_compacted() -> Session:
    s = portal(
        "b14-export-compacted", "2027-02-18T09:00:27", "2.1.188", "feature/member-export", "deep-bolognina-swift"
    )
    s.user(
        "we decided the member export runs as a nightly Celery beat job instead of on demand. Fammi il task e la "
        "schedule in beat, CSV in MEDIA_ROOT\\exports",
        after=0,
        decisions=["we decided the member export runs as a nightly Celery beat job instead of on demand"],
    )
    s.act(
        None,
        Write(
            "members\\tasks_export.py",
            '@shared_task\ndef export_members_csv():\n    path = Path(settings.MEDIA_ROOT) / "exports" / f"soci-{timezone.localdate():%Y%m%d}.csv"\n'
            '    path.parent.mkdir(parents=True, exist_ok=True)\n    with path.open("w", newline="", encoding="utf-8") as f:\n'
            '        writer = csv.writer(f, delimiter=";")\n        for m in Member.objects.order_by("card_number").iterator():\n'
            "            writer.writerow([m.card_number, m.last_name, m.first_name, m.email])\n    return str(path)\n",
        ),
        Edit(
            "config\\celery.py",
            "app.conf.beat_schedule = {",
            'app.conf.beat_schedule = {\n    "export-members-nightly": {"task": "members.tasks_export.export_members_csv", "schedule": crontab(hour=2, minute=30)},',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: nightly member export as a Celery beat task, CSV under MEDIA_ROOT\\exports.\n"
        "2. Notes: User preference: always run the test suite with --reuse-db.\n"
        "3. Current state: members/tasks_export.py written; beat schedule entry at 02:30.\n4. Next: tests.",
        pre_tokens=152_310,
        post_tokens=11_870,
    )
    s.not_person("User preference: always run the test suite with --reuse-db.", "compaction_summary")
    s.user(
        "lascia perdere SQLite per i test, d'ora in poi solo Postgres in Docker, come in CI: con SQLite l'iterator e "
        "i lock ci hanno già fregato due volte",
        rules=[
            (
                "postgres-tests",
                "lascia perdere SQLite per i test, d'ora in poi solo Postgres in Docker, come in CI",
                "sqlite-tests",
            )
        ],
    )
    s.act(
        None,
        Write(
            "members\\tests\\test_export.py",
            "import pytest\n\nfrom members.tasks_export import export_members_csv\nfrom members.tests.factories import MemberFactory\n\n\n"
            "@pytest.mark.django_db\ndef test_export_writes_one_row_per_member(settings, tmp_path):\n    settings.MEDIA_ROOT = tmp_path\n"
            '    MemberFactory.create_batch(3)\n    path = export_members_csv()\n    assert len(open(path, encoding="utf-8").read().splitlines()) == 3\n',
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d db; py -m pytest members -q --ds=config.settings.test",
            pytest_run(44, secs="11.37"),
            desc="Member tests on Postgres",
            secs=30,
        ),
    )
    s.say(
        "Export task and nightly schedule (02:30) in place; members tests, including the new export test, pass on Postgres (44)."
    )
    s.user("ok now add a column with the join date too")
    s.act(
        None,
        Edit(
            "members\\tasks_export.py",
            "            writer.writerow([m.card_number, m.last_name, m.first_name, m.email])",
            "            writer.writerow([m.card_number, m.last_name, m.first_name, m.email, m.joined_on.isoformat()])",
        ),
    )
    s.act(
        None,
        Bash(
            "py -m pytest members -q --ds=config.settings.test",
            pytest_run(44, secs="11.02"),
            desc="Member tests on Postgres",
            secs=28,
        ),
    )
    s.say("joined_on added as the fifth column; 44 pass.")
    s.outcome("success", "nightly export task with tests on Postgres; the next request implies the export was accepted")
    return s


SESSIONS = [
    b01_member_model,
    b02_entrypoint_missing,
    b03_welcome_doesnotexist,
    b04_django_db_mark,
    b05_worker_bash_r,
    b06_environ_staging,
    b07_stale_invoice,
    b08_powershell_and,
    b09_exited_127_it,
    b10_welcome_random_it,
    b11_ruff_dj001,
    b12_fix_crlf,
    b13_fix_on_commit,
    b14_export_compacted,
]

"""Marek's `kolaj-infra` sessions (i01-i15): no Ansible, plain bash scripts, systemd units and a Caddyfile for two
Hetzner Cloud VMs (kolaj-1 production, kolaj-2 staging, Debian 12), a Makefile that copies and reloads them over
ssh, and restic backups to a Hetzner Storage Box. Times are UTC; Bratislava is UTC+2 in October."""

from __future__ import annotations

from fake_output import INFRA, git_commit, journal
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kolaj-infra"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=INFRA, project=PROJECT)


UNIT = """[Unit]
Description=kolaj API
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
Type=exec
DynamicUser=yes
WorkingDirectory=/opt/kolaj
ExecStart=/opt/kolaj/Kolaj.Api
Environment=ASPNETCORE_URLS=http://127.0.0.1:5080
Environment=ASPNETCORE_ENVIRONMENT=Production
EnvironmentFile=/etc/kolaj/env
ProtectSystem=strict
PrivateTmp=yes
Restart=on-failure

[Install]
WantedBy=multi-user.target
"""

MAKEFILE = """HOSTS ?= kolaj-1 kolaj-2

.PHONY: units caddy deploy

units:
\tfor h in $(HOSTS); do scp units/*.service units/*.timer root@$$h:/etc/systemd/system/ && ssh root@$$h systemctl daemon-reload; done

caddy:
\tfor h in $(HOSTS); do scp Caddyfile root@$$h:/etc/caddy/Caddyfile && ssh root@$$h systemctl reload caddy; done

deploy:
\t./scripts/deploy.sh $(HOSTS)
"""


def i01() -> Session:
    s = new("i01-infra-skeleton", "2027-10-04T13:05:40", "2.1.158", "main", "bare-metal-hare")
    s.user(
        "kolaj-infra: rozhodnutie: žiadny Ansible, len bash, systemd unity a Makefile. dva Hetzner VM, kolaj-1 "
        "prod a kolaj-2 staging. unity sú v repe v units/, na serveri sa ručne nemenia. sprav Makefile s "
        "targetmi units, caddy a deploy.",
        decisions=["rozhodnutie: žiadny Ansible, len bash, systemd unity a Makefile"],
        rules=[("units-in-repo", "unity sú v repe v units/, na serveri sa ručne nemenia")],
    )
    s.title("Infra repo skeleton")
    s.act(None, Write("units/kolaj.service", UNIT))
    s.act(
        None,
        Write(
            "Makefile",
            MAKEFILE.replace("\t", "    "),
        ),
    )
    s.act(None, Bash("make -n units", "Makefile:6: *** missing separator.  Stop.", code=2))
    s.say("My Write used spaces for the recipe lines; make needs a tab. Rewriting with tabs:")
    s.act(None, Write("Makefile", MAKEFILE))
    s.act(
        None,
        Bash(
            "make -n units HOSTS=kolaj-2",
            "for h in kolaj-2; do scp units/*.service units/*.timer root@$h:/etc/systemd/system/ && ssh root@$h "
            "systemctl daemon-reload; done",
        ),
    )
    s.say("`make -n units` expands correctly now.")
    s.user(
        "TIL make still cares about tabs in 2027. commit",
        lessons=["TIL make still cares about tabs in 2027"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: units, caddy and deploy targets'",
            git_commit("main", "a20c4f9", "feat: units, caddy and deploy targets", 3, 52, 0),
        ),
    )
    s.one_off(
        "the Makefile written with spaces fails with 'Makefile:6: *** missing separator.  Stop.'; recipes need tabs"
    )
    s.outcome("success", "Makefile (units, caddy, deploy) and the kolaj unit; make -n clean; committed")
    return s


LOGOUT_LOG = journal(
    "kolaj-1",
    "kolaj.service",
    [
        "warn: Microsoft.AspNetCore.DataProtection.Repositories.EphemeralXmlRepository[50]",
        "      Using an in-memory repository. Keys will not be persisted to storage.",
        "warn: Microsoft.AspNetCore.DataProtection.KeyManagement.XmlKeyManager[59]",
        "      Neither user profile nor HKLM registry available. Using an ephemeral key repository. Protected data will be unavailable when application exits.",
        "info: Microsoft.AspNetCore.Authentication.Cookies.CookieAuthenticationHandler[7]",
        "      Cookies was not authenticated. Failure message: Unprotect ticket failed",
    ],
    start="Oct 06 12:31:07",
)


def i02() -> Session:
    s = new("i02-logged-out", "2027-10-06T12:36:10", "2.1.159", "main", "ephemeral-keys-wolf")
    s.user(
        "Po každom deployi sú všetci v admine odhlásení, kolegyne sa sťažujú. journal z kolaj-1:\n\n```\n"
        + LOGOUT_LOG
        + "\n```"
    )
    s.act(None, Read("units/kolaj.service", UNIT))
    s.say(
        "Data Protection keys (which sign the auth cookies) live only in memory: with `DynamicUser=yes` the "
        "service has no home directory and nowhere writable that survives a restart, so every deploy makes new "
        "keys and old cookies fail with 'Unprotect ticket failed'. The quickest change is a fixed user with a home:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "units/kolaj.service",
                "DynamicUser=yes",
                "User=root",
            ),
            "app pod rootom nebude",
        ),
    )
    s.say(
        "Fair. Then the keys need a persistent directory the dynamic user may write, and the app has to be told "
        "to keep them there; I'd want to check what else in the app writes to disk before choosing."
    )
    s.user("dnes to už nestihnem, nechaj to")
    s.outcome("failed", "admin users logged out after each deploy (ephemeral Data Protection keys); root refused")
    s.hit("dynamicuser-state")
    return s


CADDYFILE = """kolaj.sk {
\tencode zstd gzip
\treverse_proxy 127.0.0.1:5080
}

staging.kolaj.sk {
\tbasic_auth {
\t\tmarek $2a$14$Zx0Qm3b1c6mD0x6Y0g1aFe6uB1Y2hT7l7C7m2O5bC7R6sVq8pH3aK
\t}
\treverse_proxy 127.0.0.1:5080
}
"""


def i03() -> Session:
    s = new("i03-caddy-acme", "2027-10-07T13:02:29", "2.1.159", "main", "acme-port-kite")
    s.user(
        "caddy na kolaj-2 nedostane certifikat pre staging.kolaj.sk:\n\n```\n"
        '{"level":"error","ts":1791378120.51,"logger":"tls.obtain","msg":"could not get certificate from issuer",'
        '"identifier":"staging.kolaj.sk","issuer":"acme-v02.api.letsencrypt.org-directory","error":"HTTP 400 '
        'urn:ietf:params:acme:error:connection - 157.90.41.22: Timeout during connect (likely firewall problem)"}'
        "\n```"
    )
    s.act(
        None,
        Bash(
            "hcloud firewall describe kolaj-web -o format='{{range .Rules}}{{.Direction}} {{.Port}} {{.SourceIPs}}{{\"\\n\"}}{{end}}'",
            "in 22 [0.0.0.0/0 ::/0]\nin 443 [0.0.0.0/0 ::/0]",
        ),
    )
    s.say(
        "The Hetzner Cloud firewall `kolaj-web` allows 22 and 443 only. Let's Encrypt's HTTP-01 challenge comes "
        "in on port 80. To script it later: `export HCLOUD_TOKEN=...` and then:"
    )
    s.user(
        "give me shell commands in fish syntax, not bash. HCLOUD_TOKEN mam v hcloud contexte, netreba",
        rules=[("fish-syntax", "give me shell commands in fish syntax, not bash")],
    )
    s.act(
        None,
        Bash(
            "hcloud firewall add-rule kolaj-web --direction in --protocol tcp --port 80 --source-ips 0.0.0.0/0 "
            "--source-ips ::/0",
            "Firewall rules 2 added to firewall 18834512",
        ),
    )
    s.act(None, Bash("ssh root@kolaj-2 systemctl restart caddy", ""))
    s.user(
        "reload caddy, don't restart it. restart zhodí aj kolaj.sk spojenia. a Caddyfile sa mení len v repe a "
        "nasadzuje cez make caddy.",
        rules=[
            ("caddy-reload", "reload caddy, don't restart it"),
            ("caddyfile-repo", "Caddyfile sa mení len v repe a nasadzuje cez make caddy"),
        ],
    )
    s.act(None, Read("Caddyfile", CADDYFILE))
    s.act(
        None,
        Bash(
            "make caddy HOSTS=kolaj-2 && ssh root@kolaj-2 journalctl -u caddy --since -2min -o cat | grep -m1 "
            "'certificate obtained'",
            "for h in kolaj-2; do scp Caddyfile root@$h:/etc/caddy/Caddyfile && ssh root@$h systemctl reload caddy; "
            "done\n"
            '{"level":"info","ts":1791378411.02,"logger":"tls.obtain","msg":"certificate obtained successfully",'
            '"identifier":"staging.kolaj.sk","issuer":"acme-v02.api.letsencrypt.org-directory"}',
            secs=20,
        ),
    )
    s.say("Port 80 open, Caddyfile deployed with a reload, certificate for staging.kolaj.sk obtained.")
    s.user(
        "ukázalo sa, že Hetzner firewall mal zavretý port 80, preto ACME padalo. ok dik",
        lessons=["ukázalo sa, že Hetzner firewall mal zavretý port 80, preto ACME padalo"],
    )
    s.one_off(
        "Caddy cannot obtain the staging.kolaj.sk certificate ('Timeout during connect (likely firewall "
        "problem)') because the Hetzner Cloud firewall allowed only 22 and 443; hcloud firewall add-rule port 80"
    )
    s.outcome("success", "port 80 opened in the Hetzner firewall; staging certificate obtained")
    return s


def i04() -> Session:
    s = new("i04-upload-denied", "2027-10-08T13:10:18", "2.1.159", "main", "readonly-disk-lark")
    s.user(
        "na staging som nasadil branch s prílohami k faktúram a upload hádže 500:\n\n```\n"
        + journal(
            "kolaj-2",
            "kolaj.service",
            [
                "fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]",
                "      An unhandled exception has occurred while executing the request.",
                "      System.UnauthorizedAccessException: Access to the path '/opt/kolaj/uploads/invoices/41' is denied.",
                "       ---> System.IO.IOException: Read-only file system",
            ],
            start="Oct 08 13:08:51",
            pid=9120,
        )
        + "\n```"
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-2 systemctl show kolaj -p DynamicUser -p ProtectSystem -p StateDirectory -p ReadWritePaths",
            "DynamicUser=yes\nProtectSystem=strict\nStateDirectory=\nReadWritePaths=",
        ),
    )
    s.say(
        "`ProtectSystem=strict` mounts everything read-only for the service, and with `DynamicUser=yes` it has "
        "no writable place besides its private /tmp. A quick way to unblock the upload:"
    )
    s.act(
        None,
        Denied(Bash("ssh root@kolaj-2 'mkdir -p /opt/kolaj/uploads && chmod 777 /opt/kolaj/uploads'")),
    )
    s.user("chmod 777 na serveri? nie. nechávam to, nemám čas")
    s.outcome("failed", "attachment upload 500s on staging: read-only file system for the dynamic user; chmod refused")
    s.hit("dynamicuser-state")
    return s


BACKUP_DOC = """# Backups

restic to the Hetzner Storage Box u412907 (sftp, port 23), repository `kolaj`.

- `scripts/backup.sh` dumps Postgres (`pg_dump -Fc`) into /var/backups/kolaj and backs up that and /var/lib/kolaj.
- The password is in /etc/kolaj/restic.pass (root, 0600), copied by hand from Bitwarden.
- Always test a restore after changing the backup configuration.
"""


def i05() -> Session:
    s = new("i05-restic", "2027-10-11T12:52:37", "2.1.160", "backup", "snapshot-mink")
    s.user(
        "zálohy: rozhodli sme sa pre restic na Hetzner Storage Box, nie snapshoty VM. restic drží 7 denných "
        "snapshotov a nič viac. sprav backup.sh a timer, popis je v docs/backup.md",
        decisions=["rozhodli sme sa pre restic na Hetzner Storage Box, nie snapshoty VM"],
        rules=[("restic-7", "restic drží 7 denných snapshotov a nič viac")],
    )
    s.act(None, Read("docs/backup.md", BACKUP_DOC))
    s.act(
        None,
        Write(
            "scripts/backup.sh",
            "#!/usr/bin/env bash\nset -euo pipefail\nexport RESTIC_REPOSITORY=sftp://u412907@u412907.your-"
            "storagebox.de:23/kolaj\nexport RESTIC_PASSWORD_FILE=/etc/kolaj/restic.pass\n\nsudo -u postgres "
            "pg_dump -Fc kolaj > /var/backups/kolaj/kolaj.dump\nrestic backup --tag nightly /var/backups/kolaj "
            "/var/lib/kolaj\nrestic forget --tag nightly --keep-daily 7 --prune\n",
        ),
        Write(
            "units/kolaj-backup.timer",
            "[Unit]\nDescription=nightly kolaj backup\n\n[Timer]\nOnCalendar=*-*-* 02:30:00\nPersistent=true\n\n"
            "[Install]\nWantedBy=timers.target\n",
        ),
    )
    s.act(
        None,
        Bash(
            "scp scripts/backup.sh root@kolaj-2:/usr/local/bin/kolaj-backup && ssh root@kolaj-2 /usr/local/bin/kolaj-backup",
            "Fatal: unable to open config file: Lstat: file does not exist\nIs there a repository at the following "
            "location?\nsftp://u412907@u412907.your-storagebox.de:23/kolaj",
            code=1,
            secs=6,
        ),
    )
    s.say("The repository was never initialised on the Storage Box. Initialising it once (the password file is there):")
    s.act(
        None,
        Bash(
            "ssh root@kolaj-2 'RESTIC_PASSWORD_FILE=/etc/kolaj/restic.pass restic -r sftp://u412907@u412907.your-"
            "storagebox.de:23/kolaj init && /usr/local/bin/kolaj-backup'",
            "created restic repository 5b9a04c1e2 at sftp://u412907@u412907.your-storagebox.de:23/kolaj\n\n"
            "Please note that knowledge of your password is required to access\nthe repository. Losing your "
            "password means that your data is\nirrecoverably lost.\nno parent snapshot found, will read all files\n\n"
            "Files:          3 new,     0 changed,     0 unmodified\nAdded to the repository: 4.118 MiB (3.902 MiB "
            "stored)\n\nprocessed 3 files, 4.611 MiB in 0:02\nsnapshot 7e3c91b0 saved",
            secs=14,
        ),
    )
    s.say("Initialised; the first snapshot is saved. The timer runs the script at 02:30.")
    s.user("fajn, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: nightly restic backup'",
            git_commit("backup", "c41d7b2", "feat: nightly restic backup", 3, 34, 0),
        ),
    )
    s.not_person("Always test a restore after changing the backup configuration.", "tool_output")
    s.one_off(
        "the first restic backup fails with 'Fatal: unable to open config file ... Is there a repository at the "
        "following location?' because the Storage Box repository was never initialised (restic init)"
    )
    s.outcome("success", "restic backup script and nightly timer; repository initialised; first snapshot saved")
    return s


DEPLOY = """#!/usr/bin/env bash
set -euo pipefail

cd "$(dirname "$0")/.."
dotnet publish ../kolaj/src/Kolaj.Api -c Release -r linux-x64 --self-contained -o out/kolaj
for h in $@; do
  rsync -a --delete out/kolaj/ root@$h:/opt/kolaj/
  ssh root@$h systemctl restart kolaj
done
"""


def i06() -> Session:
    s = new("i06-deploy-script", "2027-10-12T13:14:50", "2.1.160", "main", "rsync-deploy-crow")
    s.user("deploy.sh: pred rsync nech sa spraví health check starej verzie a po reštarte novej, /healthz")
    s.act(None, Read("scripts/deploy.sh", DEPLOY))
    s.act(
        None,
        Edit(
            "scripts/deploy.sh",
            "  ssh root@$h systemctl restart kolaj\ndone",
            "  ssh root@$h systemctl restart kolaj\n  for i in $(seq 1 20); do\n    ssh root@$h curl -fsS "
            "127.0.0.1:5080/healthz >/dev/null && break\n    sleep 1\n  done\n  ssh root@$h curl -fsS "
            "127.0.0.1:5080/healthz\ndone",
        ),
    )
    s.act(
        "Health check added. Should I run shellcheck on the scripts before each commit, so things like the "
        "unquoted `$@` get caught?",
        Bash(
            "shellcheck scripts/*.sh",
            "\nIn scripts/deploy.sh line 6:\nfor h in $@; do\n         ^-- SC2068 (error): Double quote array "
            "expansions to avoid re-splitting elements.\n\nFor more information:\n  "
            "https://www.shellcheck.net/wiki/SC2068 -- Double quote array expansions to ...",
            code=1,
        ),
    )
    s.user(
        "áno, tak to rob vždy, shellcheck pred každým commitom. oprav to",
        rules=[("shellcheck", "shellcheck pred každým commitom")],
    )
    s.act(None, Edit("scripts/deploy.sh", "for h in $@; do", 'for h in "$@"; do'))
    s.act(None, Bash("shellcheck scripts/*.sh && echo clean", "clean"))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. scripts/deploy.sh: health "
        'check loop on 127.0.0.1:5080/healthz after the restart on each host; "$@" quoted (SC2068).\n2. '
        "shellcheck runs before each commit in this repository.\n3. User preference: Always deploy with `make "
        "deploy HOST=all`.\nPending: try the deploy on kolaj-2 and commit.",
        92300,
        8400,
    )
    s.user("now try the deploy on kolaj-2 only")
    s.act(
        None,
        Bash(
            "make deploy HOSTS=kolaj-2",
            "./scripts/deploy.sh kolaj-2\n  Kolaj.Api -> /home/marek/src/kolaj/src/Kolaj.Api/bin/Release/net8.0/"
            "linux-x64/Kolaj.Api.dll\n  Kolaj.Api -> /home/marek/src/kolaj-infra/out/kolaj/\n"
            '{"status":"Healthy"}',
            secs=48,
        ),
    )
    s.act(
        None,
        Bash(
            "shellcheck scripts/*.sh && git add -A && git commit -m 'feat: health check after deploy'",
            git_commit("main", "e90a13f", "feat: health check after deploy", 1, 7, 1),
        ),
    )
    s.say("Deployed to kolaj-2 (Healthy), shellcheck clean, committed.")
    s.user("ok")
    s.not_person("User preference: Always deploy with `make deploy HOST=all`.", "compaction_summary")
    s.outcome("success", "deploy.sh waits for /healthz after the restart; shellcheck clean; deployed to staging")
    return s


def i07() -> Session:
    s = new("i07-pdfs-gone", "2027-10-13T13:01:33", "2.1.160", "main", "vanishing-pdf-seal")
    s.user(
        "Ďalšia vec: po reboote kolaj-1 v noci sú preč všetky vygenerované PDF faktúry, appka ich musí generovať "
        "znova a niektoré staré sa už vygenerovať nedajú, lebo sa medzitým zmenil cenník. A v restic zálohe nie "
        "sú tiež. Kam ich to vlastne ukladá?"
    )
    s.act(
        None,
        Grep(
            "GetTempPath|PdfCache",
            [
                "/home/marek/src/kolaj/src/Kolaj.Api/Invoices/PdfCache.cs:9:    private readonly string _dir = "
                'Path.Combine(Path.GetTempPath(), "kolaj-pdf");',
            ],
            path="/home/marek/src/kolaj/src",
            mode="content",
        ),
    )
    s.say(
        "The PDF cache writes to `Path.GetTempPath()`, which for kolaj.service is its private /tmp "
        "(`PrivateTmp=yes`): thrown away on every restart, and not under /var/lib/kolaj where restic looks. It "
        "ends up there because the unit runs with `DynamicUser=yes` and gives the service no persistent directory "
        "it may write. The same cause as the lost logins and the read-only uploads."
    )
    s.user("hm. not today, tomorrow")
    s.outcome("unknown", "invoice PDFs lost on reboot (written to the private /tmp); cause explained, nothing changed")
    s.hit("dynamicuser-state")
    return s


def i08() -> Session:
    s = new("i08-staging-site", "2027-10-14T12:42:19", "2.1.161", "main", "second-site-finch")
    s.user(
        "staging potrebuje vlastnú DB, nie prod. for now just one VM for staging, druhý nechceme platiť. pridaj "
        "postgres unit override na kolaj-2 a env",
        non_rules=["for now just one VM for staging"],
    )
    s.act(
        None,
        Write(
            "units/kolaj.service.d/staging.conf",
            "[Service]\nEnvironment=ASPNETCORE_ENVIRONMENT=Staging\nEnvironmentFile=/etc/kolaj/env.staging\n",
        ),
    )
    s.act(
        None,
        Bash(
            "make units HOSTS='kolaj-1 kolaj-2'",
            "",
        ),
    )
    s.interrupt()
    s.user("stoj, len kolaj-2. ten override nemá čo robiť na prode")
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 'ls /etc/systemd/system/kolaj.service.d/ 2>/dev/null || echo none'",
            "none",
        ),
    )
    s.act(
        None,
        Bash(
            "scp -r units/kolaj.service.d root@kolaj-2:/etc/systemd/system/ && ssh root@kolaj-2 'systemctl "
            "daemon-reload && systemctl restart kolaj && systemctl show kolaj -p Environment'",
            "Environment=ASPNETCORE_URLS=http://127.0.0.1:5080 ASPNETCORE_ENVIRONMENT=Staging",
        ),
    )
    s.act(
        None,
        Bash(
            "shellcheck scripts/*.sh && git add -A && git commit -m 'feat: staging override for kolaj-2'",
            git_commit("main", "3b7d5c2", "feat: staging override for kolaj-2", 1, 3, 0),
        ),
    )
    s.say("The override is only on kolaj-2 (kolaj-1 untouched), staging runs as Staging; committed.")
    s.user(
        "tie prefixy feat: a fix: už nechcem, stačí normálna veta s veľkým písmenom na začiatku. prepíš to",
        rules=[
            (
                "plain-commits",
                "tie prefixy feat: a fix: už nechcem, stačí normálna veta s veľkým písmenom na začiatku",
                "conv-commits",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'Staging override for kolaj-2'",
            git_commit("main", "8d21f04", "Staging override for kolaj-2", 1, 3, 0),
        ),
    )
    s.say("Amended: `Staging override for kolaj-2`.")
    s.outcome("success", "staging drop-in deployed to kolaj-2 only (prod run interrupted before it ran); committed")
    return s


def i09() -> Session:
    s = new("i09-restic-retention", "2027-10-15T13:03:56", "2.1.161", "backup", "retention-heron")
    s.user(
        "Storage box je na 80 %. stačia tri denné a štyri týždenné, storage box je malý. uprav backup.sh a "
        "sprav prune hneď",
        rules=[("restic-fewer", "stačia tri denné a štyri týždenné, storage box je malý", "restic-7")],
    )
    s.act(
        None,
        Edit(
            "scripts/backup.sh",
            "restic forget --tag nightly --keep-daily 7 --prune",
            "restic forget --tag nightly --keep-daily 3 --keep-weekly 4 --prune",
        ),
    )
    s.say(
        "Retention changed. It's generally best to never run `restic prune` while a backup is running; the timer "
        "fires at 02:30, so now is safe. To run it on both hosts:\n\n```bash\nfor h in kolaj-1 kolaj-2; do ssh "
        "root@$h /usr/local/bin/kolaj-backup; done\n```"
    )
    s.user(
        "again: fish, not bash. a cez make, nie ručný for",
        rules=[("fish-syntax", "fish, not bash")],
    )
    s.act(
        None,
        Edit(
            "Makefile",
            "deploy:\n\t./scripts/deploy.sh $(HOSTS)",
            "deploy:\n\t./scripts/deploy.sh $(HOSTS)\n\nbackup:\n\tfor h in $(HOSTS); do scp scripts/backup.sh "
            "root@$$h:/usr/local/bin/kolaj-backup && ssh root@$$h /usr/local/bin/kolaj-backup; done",
        ),
    )
    s.act(
        None,
        Bash(
            "shellcheck scripts/*.sh && make backup",
            "snapshot 2f0a9c7d saved\nApplying Policy: keep 3 daily, 4 weekly snapshots\nremove 4 snapshots:\n"
            "[0:01] 100.00%  4 / 4 files deleted\nsnapshot 91be3d40 saved\nApplying Policy: keep 3 daily, 4 weekly "
            "snapshots\nremove 4 snapshots:\n[0:01] 100.00%  4 / 4 files deleted\nthis removes: 82 blobs / 311.402 MiB",
            secs=44,
        ),
    )
    s.say(
        "`make backup` ran on both hosts: 8 old snapshots forgotten, 311 MiB pruned. In fish, by hand, the same "
        "would be `for h in kolaj-1 kolaj-2; ssh root@$h /usr/local/bin/kolaj-backup; end`."
    )
    s.user("Ok. Commit: Keep three daily and four weekly backups")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Keep three daily and four weekly backups'",
            git_commit("backup", "6fa0e18", "Keep three daily and four weekly backups", 2, 5, 1),
        ),
    )
    s.not_person("It's generally best to never run `restic prune` while a backup is running", "assistant_text")
    s.outcome("success", "restic retention 3 daily + 4 weekly, make backup target, pruned on both hosts")
    return s


def explore_writes(child: Session) -> None:
    child.act(
        None,
        Grep(
            "GetTempPath|Storage:Root|PersistKeysToFileSystem|DataProtection",
            [
                '/home/marek/src/kolaj/src/Kolaj.Api/Invoices/PdfCache.cs:9:    private readonly string _dir = cfg["PdfCache:Dir"] ?? Path.Combine(Path.GetTempPath(), "kolaj-pdf");',
                '/home/marek/src/kolaj/src/Kolaj.Api/Program.cs:12:    .PersistKeysToFileSystem(new DirectoryInfo(builder.Configuration["DataProtection:KeysDir"] ?? "keys"));',
                '/home/marek/src/kolaj/src/Kolaj.Api/Endpoints/AttachmentEndpoints.cs:14:            var dir = Path.Combine(cfg["Storage:Root"]!, "invoices", id.ToString());',
                '/home/marek/src/kolaj/src/Kolaj.Api/appsettings.json:9:    "Root": "uploads"',
            ],
            path="/home/marek/src/kolaj/src",
            mode="content",
        ),
    )
    child.say(
        "Places where kolaj writes to disk:\n- Invoices/PdfCache.cs:9 — PdfCache:Dir, else Path.GetTempPath()/kolaj-pdf.\n- "
        'Endpoints/AttachmentEndpoints.cs:14 — Storage:Root (appsettings.json:9 sets "uploads", relative to the '
        "working directory /opt/kolaj).\n- Program.cs:12 — Data Protection keys in DataProtection:KeysDir, else "
        '"keys" under the working directory.\nNone of the three settings is set in appsettings.Production.json.'
    )


def i10() -> Session:
    s = new("i10-state-directory", "2027-10-18T12:31:44", "2.1.162", "main", "state-dir-badger")
    s.user(
        "A toto je z restic behu dnes v noci:\n\n```\n"
        + journal(
            "kolaj-1",
            "kolaj-backup.service",
            [
                "error: lstat /var/lib/kolaj: no such file or directory",
                "Files:           1 new,     0 changed,     0 unmodified",
                "Warning: at least one source file could not be read",
            ],
            start="Oct 18 02:30:14",
            pid=30412,
        )
        + "\n```\n\nodhlasovanie, uploady, PDFka a teraz záloha. v kolaj som medzitým pridal nastavenia "
        "DataProtection:KeysDir a PdfCache:Dir, je to na stagingu. zvyšok vyrieš v unite, poriadne."
    )
    s.act(
        "First, everything the app writes to disk, in the kolaj repository:",
        Agent(
            "Find kolaj's disk writes",
            "In /home/marek/src/kolaj/src, find every place the API writes files or keys to disk (temp paths, "
            "Storage:Root, Data Protection) and list them as file:line with the directory each one uses. Report "
            "only; do not edit anything.",
            "Explore",
            explore_writes,
        ),
    )
    s.say(
        "So the service needs one persistent directory for keys, uploads and PDFs. systemd gives a dynamic user "
        "exactly that with `StateDirectory=kolaj`: /var/lib/kolaj, created and owned by the service, kept across "
        "restarts and writable despite `ProtectSystem=strict`. The three settings then point into it through "
        "environment variables in the unit."
    )
    s.act(None, Read("units/kolaj.service", UNIT))
    s.act(
        None,
        Edit(
            "units/kolaj.service",
            "DynamicUser=yes\nWorkingDirectory=/opt/kolaj",
            "DynamicUser=yes\nStateDirectory=kolaj\nWorkingDirectory=/opt/kolaj",
        ),
    )
    s.act(
        None,
        Edit(
            "units/kolaj.service",
            "Environment=ASPNETCORE_ENVIRONMENT=Production",
            "Environment=ASPNETCORE_ENVIRONMENT=Production\nEnvironment=Storage__Root=/var/lib/kolaj/uploads\n"
            "Environment=PdfCache__Dir=/var/lib/kolaj/pdf\nEnvironment=DataProtection__KeysDir=/var/lib/kolaj/keys",
        ),
    )
    s.act(
        None,
        Bash(
            "systemd-analyze verify units/kolaj.service && shellcheck scripts/*.sh && make units HOSTS=kolaj-2 && "
            "ssh root@kolaj-2 'systemctl restart kolaj && sleep 3 && ls -ld /var/lib/kolaj /var/lib/private/kolaj'",
            "for h in kolaj-2; do scp units/*.service units/*.timer root@$h:/etc/systemd/system/ && ssh root@$h "
            "systemctl daemon-reload; done\nlrwxrwxrwx 1 root root 14 Oct 18 12:40 /var/lib/kolaj -> private/kolaj\n"
            "drwxr-xr-x 5 kolaj kolaj 4096 Oct 18 12:40 /var/lib/private/kolaj",
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            'ssh root@kolaj-2 \'curl -s -o /dev/null -w "%{http_code}\\n" -F file=@/etc/hostname '
            "127.0.0.1:5080/api/invoices/41/attachments && ls /var/lib/kolaj/uploads/invoices/41 /var/lib/kolaj/keys'",
            "200\n/var/lib/kolaj/keys:\nkey-0b6f4d2e-2f5a-4b8e-9d63-1f0c2a7e5b91.xml\n\n/var/lib/kolaj/uploads/"
            "invoices/41:\nhostname",
        ),
    )
    s.say(
        "On kolaj-2 the upload returns 200, the file is under /var/lib/kolaj/uploads, and the Data Protection key "
        "is persisted in /var/lib/kolaj/keys. restic's /var/lib/kolaj path exists now too."
    )
    s.user(
        "poučenie: DynamicUser bez StateDirectory znamená, že aplikácia nemá kam trvalo zapisovať. "
        "nasaď aj na kolaj-1 a commit",
        lessons=["poučenie: DynamicUser bez StateDirectory znamená, že aplikácia nemá kam trvalo zapisovať"],
    )
    s.act(
        None,
        Bash(
            "make units HOSTS=kolaj-1 && ssh root@kolaj-1 systemctl restart kolaj && git add -A && git commit -m "
            "'Give kolaj a state directory for keys, uploads and PDFs'",
            "for h in kolaj-1; do scp units/*.service units/*.timer root@$h:/etc/systemd/system/ && ssh root@$h "
            "systemctl daemon-reload; done\n"
            + git_commit("main", "f1c08b3", "Give kolaj a state directory for keys, uploads and PDFs", 1, 4, 0),
            secs=9,
        ),
    )
    s.say("Both hosts run with the state directory; committed.")
    s.outcome("success", "StateDirectory=kolaj plus storage paths in the unit; uploads, keys and backups persist")
    s.hit("dynamicuser-state", fixed=True)
    return s


def i11() -> Session:
    s = new("i11-disk-full", "2027-10-19T13:02:08", "2.1.162", "main", "full-disk-marten")
    s.user("kolaj-2: No space left on device during the deploy, rsync died. what is eating the disk?")
    s.act(
        None,
        Bash(
            "ssh root@kolaj-2 'df -h / && du -xsh /var/log/journal /var/lib/postgresql /opt/kolaj 2>/dev/null'",
            "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        38G   38G     0 100% /\n"
            "31G\t/var/log/journal\n1.9G\t/var/lib/postgresql\n212M\t/opt/kolaj",
        ),
    )
    s.say(
        "The journal takes 31 GB: staging logs at Debug with sensitive data on, and journald has no size limit "
        "on this VM. A drop-in limiting it, deployed like the other units:"
    )
    s.act(
        None,
        Write("units/journald.conf.d/size.conf", "[Journal]\nSystemMaxUse=1G\nMaxRetentionSec=14day\n"),
    )
    s.act(
        None,
        Bash(
            "scp -r units/journald.conf.d root@kolaj-2:/etc/systemd/ && ssh root@kolaj-2 'systemctl restart "
            "systemd-journald && journalctl --vacuum-size=1G | tail -1 && df -h / | tail -1'",
            "Vacuuming done, freed 30.1G of archived journals from /var/log/journal/5f2c0a1e9b7d4c36a0e1f7b2d3c4e5f6.\n"
            "/dev/sda1        38G  7.6G   29G  21% /",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "make deploy HOSTS=kolaj-2",
            './scripts/deploy.sh kolaj-2\n  Kolaj.Api -> /home/marek/src/kolaj-infra/out/kolaj/\n{"status":"Healthy"}',
            secs=46,
        ),
    )
    s.say("29 GB free, journald capped at 1 GB / 14 days, staging deployed and healthy.")
    s.user(
        "dobre. zatiaľ nechaj na stagingu logovanie na Debug, ešte ho budem potrebovať. Commit",
        non_rules=["zatiaľ nechaj na stagingu logovanie na Debug"],
    )
    s.act(
        None,
        Bash(
            "shellcheck scripts/*.sh && git add -A && git commit -m 'Cap the journal at 1 GB'",
            git_commit("main", "0ae47c9", "Cap the journal at 1 GB", 1, 3, 0),
        ),
    )
    s.one_off(
        "deploy to kolaj-2 fails with 'No space left on device' because the uncapped systemd journal grew to 31 GB; "
        "a journald drop-in with SystemMaxUse=1G and a vacuum fix it"
    )
    s.outcome("success", "journald capped on kolaj-2, 30 GB freed, staging deployed")
    return s


def i12() -> Session:
    s = new("i12-private-network", "2027-10-20T13:08:27", "2.1.162", "private-net", "vlan-pg-gecko")
    s.user(
        "Chcem, aby staging čítal anonymizovanú kópiu prod DB cez Hetzner private network, nie cez verejnú IP. "
        "kolaj-1 má 10.0.0.2, kolaj-2 10.0.0.3. Postgres na kolaj-1 nech počúva aj na 10.0.0.2."
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 \"ip -br addr; grep -E '^(listen_addresses|port)' /etc/postgresql/16/main/postgresql.conf\"",
            "lo               UNKNOWN        127.0.0.1/8 ::1/128\neth0             UP             157.90.41.21/32 "
            "2a01:4f8:c2c:5a1e::1/64\nenp7s0           UP             10.0.0.2/32\nlisten_addresses = 'localhost'",
        ),
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 \"sed -i \\\"s/^listen_addresses = 'localhost'/listen_addresses = 'localhost,10.0.0.2'/\\\" "
            "/etc/postgresql/16/main/postgresql.conf && echo 'host kolaj_ro kolaj_ro 10.0.0.3/32 scram-sha-256' >> "
            '/etc/postgresql/16/main/pg_hba.conf && systemctl restart postgresql"',
            "",
        ),
    )
    s.act(
        None,
        Bash(
            'ssh root@kolaj-2 \'PGCONNECT_TIMEOUT=5 psql "host=10.0.0.2 user=kolaj_ro dbname=kolaj_ro" -c "select 1"\'',
            'psql: error: connection to server at "10.0.0.2", port 5432 failed: timeout expired',
            code=2,
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 'ss -ltnp | grep 5432; journalctl -u postgresql@16-main --since -5min -o cat | tail -3'",
            'LISTEN 0      200        127.0.0.1:5432       0.0.0.0:*    users:(("postgres",pid=50211,fd=6))\n'
            '2027-10-20 13:12:40.118 UTC [50211] LOG:  could not bind IPv4 address "10.0.0.2": Cannot assign '
            "requested address\n2027-10-20 13:12:40.118 UTC [50211] WARNING:  could not create listen socket for "
            '"10.0.0.2"',
        ),
    )
    s.say(
        "Postgres started before `enp7s0` had its address (the private network comes up via DHCP a little later), "
        "so the bind to 10.0.0.2 failed and it listens on localhost only. Also, I changed postgresql.conf and "
        "pg_hba.conf directly on the server; those should live in the repository like the units."
    )
    s.user(
        "presne, a to je ďalší dôvod prečo som to nechcel robiť ručne. vráť tie dve zmeny na kolaj-1, dnes to vzdávam"
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 \"sed -i \\\"s/^listen_addresses = 'localhost,10.0.0.2'/listen_addresses = 'localhost'/\\\" "
            "/etc/postgresql/16/main/postgresql.conf && sed -i '/^host kolaj_ro kolaj_ro 10.0.0.3/d' "
            '/etc/postgresql/16/main/pg_hba.conf && systemctl restart postgresql && ss -ltn | grep 5432"',
            "LISTEN 0      200        127.0.0.1:5432       0.0.0.0:*",
        ),
    )
    s.say("Both changes reverted on kolaj-1; Postgres listens on localhost only, as before.")
    s.outcome("failed", "Postgres over the private network: bind to 10.0.0.2 fails at boot; server edits reverted")
    return s


def i13() -> Session:
    s = new("i13-caddy-headers", "2027-10-21T12:44:52", "2.1.163", "main", "header-tidy-wren")
    s.user("add security headers to the Caddyfile for kolaj.sk: HSTS, nosniff, frame-ancestors none")
    s.act(None, Read("Caddyfile", CADDYFILE))
    s.act(
        None,
        Edit(
            "Caddyfile",
            "kolaj.sk {\n\tencode zstd gzip\n",
            'kolaj.sk {\n\tencode zstd gzip\n\theader {\n\t\tStrict-Transport-Security "max-age=31536000"\n'
            "\t\tX-Content-Type-Options nosniff\n\t\tContent-Security-Policy \"frame-ancestors 'none'\"\n\t\t-Server\n"
            "\t}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "caddy validate --config Caddyfile --adapter caddyfile 2>&1 | tail -1 && make caddy",
            "Valid configuration\nfor h in kolaj-1 kolaj-2; do scp Caddyfile root@$h:/etc/caddy/Caddyfile && ssh "
            "root@$h systemctl reload caddy; done",
            secs=7,
        ),
    )
    s.say("Valid, deployed to both hosts with a reload.")
    s.user(
        "Na kolaj-1 som medzitým upravil kolaj.service v units/ a nasadil cez make units, ale systemctl status "
        "hovorí:\n\n```\nWarning: The unit file, source configuration file or drop-ins of kolaj.service changed on "
        "disk. Run 'systemctl daemon-reload' to reload units.\n```\n\nmake units predsa robí daemon-reload. dá sa "
        "caddy vždy reloadnúť bez výpadku, aj keď sa mení certifikát?",
        non_rules=["dá sa caddy vždy reloadnúť bez výpadku, aj keď sa mení certifikát?"],
    )
    s.act(
        None,
        Bash(
            "ssh root@kolaj-1 'ls -l --time-style=+%T /etc/systemd/system/kolaj.service; systemctl show kolaj -p "
            "NeedDaemonReload'",
            "-rw-r--r-- 1 root root 612 12:51:40 /etc/systemd/system/kolaj.service\nNeedDaemonReload=no",
        ),
    )
    s.say(
        "NeedDaemonReload is `no` now: the warning was from a `systemctl status` you ran while the copy had "
        "finished but before `make units` reached its daemon-reload. Nothing to do.\n\nAnd yes, `systemctl reload "
        "caddy` applies the new config gracefully; certificates are renewed in the background and swapped "
        "without dropping connections."
    )
    s.user("good, thanks")
    s.not_person("Run 'systemctl daemon-reload' to reload units.", "pasted_log")
    s.outcome("success", "security headers in the Caddyfile, deployed with a reload; daemon-reload warning explained")
    return s


def i14() -> Session:
    s = new("i14-restore-test", "2027-10-22T12:33:07", "2.1.163", "backup", "restore-drill-owl")
    s.user("I want to try restoring the latest kolaj-1 backup on kolaj-2 into /tmp/restore, so we know it works.")
    s.act(
        None,
        Bash(
            "ssh root@kolaj-2 'RESTIC_PASSWORD_FILE=/etc/kolaj/restic.pass restic -r sftp://u412907@u412907.your-"
            "storagebox.de:23/kolaj snapshots --host kolaj-1 --latest 1'",
            "Fatal: wrong password or no key found",
            code=1,
            secs=5,
        ),
    )
    s.act(
        None,
        Bash(
            "for h in kolaj-1 kolaj-2; do ssh root@$h sha256sum /etc/kolaj/restic.pass; done",
            "9e4c1f0b7a2d3e5f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f  /etc/kolaj/restic.pass\n"
            "0c2b8e1d4f6a9b3c5d7e0f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c  /etc/kolaj/restic.pass",
        ),
    )
    s.say(
        "The password files differ between the hosts: kolaj-2's opens its own snapshots but not kolaj-1's. "
        "Both hosts back up into the same repository, so one of them has a second key. Is the right password in "
        "Bitwarden? I could copy kolaj-1's file over to kolaj-2 with scp."
    )
    s.user(
        "nie, heslá cez scp medzi servermi nekopírujem. Bitwarden mám doma na druhom notebooku, restore skúsim v pondelok"
    )
    s.outcome("failed", "restore drill fails: kolaj-2's restic password file differs from kolaj-1's; left for Monday")
    return s


MAKEFILE_NOW = MAKEFILE.replace(".PHONY: units caddy deploy", ".PHONY: units caddy deploy backup") + (
    "\nbackup:\n\tfor h in $(HOSTS); do scp scripts/backup.sh root@$$h:/usr/local/bin/kolaj-backup && ssh "
    "root@$$h /usr/local/bin/kolaj-backup; done\n"
)


def i15() -> Session:
    s = new("i15-make-status", "2027-10-22T14:02:19", "2.1.163", "main", "status-board-tern")
    s.user(
        "last thing for today: make status, showing kolaj, caddy, postgres, the last backup and free disk on both VMs"
    )
    s.act(None, Read("Makefile", MAKEFILE_NOW))
    s.act(
        None,
        Edit(
            "Makefile",
            "deploy:\n\t./scripts/deploy.sh $(HOSTS)\n",
            "deploy:\n\t./scripts/deploy.sh $(HOSTS)\n\nstatus:\n\t./scripts/status.sh $(HOSTS)\n",
        ),
        Write(
            "scripts/status.sh",
            '#!/usr/bin/env bash\nset -euo pipefail\n\nfor h in "$@"; do\n  echo "== $h"\n  ssh root@"$h" '
            '\'systemctl is-active kolaj caddy postgresql | paste -sd" "; systemctl show kolaj-backup -p '
            "ExecMainExitTimestamp --value; df -h --output=avail / | tail -1'\ndone\n",
        ),
    )
    s.act(
        None,
        Bash(
            "chmod +x scripts/status.sh && shellcheck scripts/*.sh && make status",
            "./scripts/status.sh kolaj-1 kolaj-2\n== kolaj-1\nactive active active\nFri 2027-10-22 02:30:41 UTC\n   "
            "31G\n== kolaj-2\nactive active active\nFri 2027-10-22 02:30:38 UTC\n   29G",
        ),
    )
    s.say("`make status` shows both VMs: all three services active, last backup 02:30 today, 31 GB / 29 GB free.")
    s.user("paráda. Commit a končím, díky")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add make status'",
            git_commit("main", "5c3e8a1", "Add make status", 2, 12, 0),
        ),
    )
    s.outcome("success", "make status target with a status script for both VMs; committed")
    return s


SESSIONS = [i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15]

#!/usr/bin/env python3
"""Generate the 50th held-out learning corpus (Mārtiņš's `kvits`, a Go 1.23 e-invoicing HTTP service with chi,
sqlc + pgx on PostgreSQL 16 behind PgBouncer, goose and testcontainers-go, and `kvits-infra`, Ansible roles +
Terraform for Hetzner Cloud with Molecule and Vault, on Fedora in Riga, about half in Latvian): Claude Code
v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Latvian ("lv"), guessed by transcript_kit.lang_of (Latvian words with or without
diacritics and words with ā ē ī ū č ģ ķ ļ ņ š ž against English function words). The shared language checks apply
as they are (standard_language_checks), with a share of 35-65 % Latvian messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_infra  # noqa: E402
import scenarios_kvits  # noqa: E402
from fake_output import INFRA, KVITS  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kvits": KVITS, "kvits-infra": INFRA}
# said in one repository, meant for both: commit subjects, and how PRs are merged (and its reversal)
GLOBAL_RULES = {"commit-go-style", "squash-merge", "merge-commits"}
COMPATIBLE = [
    ("slog-json", "no-pii-logs"),  # logs are slog JSON, and no personal codes or IBANs in them
    ("vat-from-table", "vat-literal-in-tests"),  # rates come from the table, and tests may hard-code 21 %
]

PROBLEMS = {
    "pgbouncer-prepared-statements": {
        "project": "kvits",
        "description": "Every kvits binary opens its pgx pool in internal/db/pool.go with pgx's default "
        "QueryExecModeCacheStatement, which prepares each query under a name (stmtcache_<hash>) on the server "
        "connection; production and staging reach Postgres through PgBouncer in pool_mode = transaction, which "
        "hands each transaction whatever backend is free, so a named statement is missing on the backend a query "
        "lands on, already exists there, or belongs to another query. Never seen locally (no PgBouncer). Seen as a "
        "pasted Sentry issue ('prepared statement \"stmtcache_…\" already exists (SQLSTATE 42P05)' on about 2 % of "
        "POST /v1/invoices; a retry on 42P05 refused), Jānis's integration test through a PgBouncer container "
        "(TestInvoiceStore_ViaPgBouncer, 'prepared statement … does not exist (SQLSTATE 26000)', the same go test "
        "command failing 3×), in Latvian words only (the customer portal's invoice list sometimes answers 500 and "
        "works on refresh), and as the nightly kvits-reminders job failing with 'bind message supplies 3 "
        "parameters, but prepared statement … requires 1 (SQLSTATE 08P01)' plus the renamed test "
        "(TestStore_TransactionPooling) still red.",
        "nouns": ["prepared statement", "stmtcache", "PgBouncer", "pgbouncer"],
        "fix": ["pgx.QueryExecModeExec", "TestStore_TransactionPooling"],
        "key_step": "pgx.QueryExecModeExec",
    },
    "request-context-goroutine": {
        "project": "kvits",
        "description": "HTTP handlers start background work with the request's context (go h.delivery.Send("
        "r.Context(), …), go h.notify(r.Context(), …), go h.audit.Record(r.Context(), …), go h.hooks.Deliver("
        "r.Context(), …)); net/http cancels r.Context() when the handler returns, so whatever has not finished by "
        "then fails with 'context canceled'. Seen as a pasted log of Peppol deliveries failing with 'send: Post "
        "…: context canceled' and invoices stuck in queued (a longer HTTP client timeout tried and reverted), a "
        "flaky TestCreateInvoice_SendsEmailNotification under -race ('mailer.Sent() = 0, want 1'; a time.Sleep "
        "interrupted, require.Eventually still 'Condition never satisfied' in 2 of 30 runs), in Latvian words "
        "only (the accountant misses audit_log entries for some deleted drafts; only error logging added), and as "
        "the same test renamed (TestCreateInvoice_NotifiesCustomer) plus ERP webhooks failing with 'webhook "
        "delivery: context canceled'.",
        "nouns": ["context canceled", "r.Context()", "WithoutCancel"],
        "fix": ["context.WithoutCancel(", "go test -race -count=50"],
        "key_step": "context.WithoutCancel(",
    },
    "hetzner-private-iface": {
        "project": "kvits-infra",
        "description": "The roles assume Hetzner's private network interface is ens10 (ansible_ens10 in the "
        "node_exporter unit, the app's HTTP_ADDR, pgbouncer_listen_addr and the Prometheus targets; 'interface: "
        "ens10' in the ufw rules), but Hetzner names it by server type: ens10 on the older CX servers, enp7s0 on "
        'CPX and CCX. Seen as site.yml failing on the new kvits-app-3 (cpx31) with "AnsibleUndefinedVariable: '
        "'ansible_ens10' is undefined\" (a fallback to the public address refused), staging's app timing out on "
        "'dial tcp 10.1.1.3:6432' after kvits-staging-db was resized to cpx31 because the ufw rules stay on ens10 "
        "(a manual ufw rule refused; a molecule 'cpx' scenario with a dummy enp7s0 written and red), in Latvian "
        "words only (the load balancer shows kvits-app-3 unhealthy while curl on the host works: the app fell back "
        "to 127.0.0.1), and as the renamed verify task ('private interface rules follow the NIC name') still red.",
        "nouns": ["ens10", "enp7s0", "private_iface"],
        "fix": ["map('extract', ansible_facts)", "ansible_facts[private_iface]"],
        "key_step": "map('extract', ansible_facts)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "pgbouncer-prepared-statements": [
            "Go service on pgx gets 'prepared statement already exists' errors in production but not on my laptop",
            "pgx kļūda 'prepared statement does not exist' tikai tad, kad savienojums iet caur pgbouncer",
            "sqlc query fails with 'bind message supplies 3 parameters' behind the connection pooler",
        ],
        "request-context-goroutine": [
            "background goroutine started from an HTTP handler fails with context canceled",
            "e-pasts pēc rēķina izveides dažreiz neaiziet, logā context canceled",
            "flaky Go test: work done after the handler responds sometimes never happens under -race",
        ],
        "hetzner-private-iface": [
            "ansible fails on a new Hetzner cloud server: 'ansible_ens10' is undefined",
            "pēc Hetzner servera tipa maiņas app netiek klāt db pa privāto tīklu, ufw noteikumi uz ens10",
            "prometheus can't scrape node_exporter on a new hetzner CPX box over the private network",
        ],
    },
    "should_not": [
        "add a chi route that streams the invoice PDF",
        "uzraksti goose migrāciju, kas pievieno kolonnu customers.vat_number",
        "how do I run a single go test with -run and -v",
        "kā zsh-ā uztaisīt aliasu terraform plan -out=tfplan",
        "set up Renovate to group golangci-lint and Go toolchain updates",
        "explain when to use pgxpool.Pool versus a single pgx.Conn",
        "add a Hetzner firewall rule allowing SSH only from the office IP",
        "uzraksti ansible rolli, kas uzliek fail2ban",
        "generate a Peppol BIS 3.0 UBL invoice XML from our invoice struct",
        "add /version endpoint that returns the build commit",
        "kā Vaultā rotēt postgres paroli ar database secrets engine?",
        "write a GitHub Actions job that builds the container image and pushes it to ghcr.io",
        "paginate GET /v1/invoices with a cursor instead of offset",
        "pievieno Terraform outputu ar visu serveru publiskajām IP adresēm",
        "add an index on invoices(customer_id, issued_at) with goose",
        "translate the payment reminder email template to English",
        "configure logrotate for the caddy access log on staging",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom today\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bvienm[eē]r\b|\bnekad\b|\bturpm[aā]k\b|\bno [sš]odienas\b|\bl[eē]mum|\bnol[eē]m|\bm[aā]c[iī]b|"
    r"\biem[aā]c[iī]jos\b|\bizr[aā]d[aā]s\b|\batceries\b|\bpagaid[aā]m\b|\bvairs\b|\bjau teicu\b|"
    r"\baizmirsti\b|\b[sš]oreiz\b|\bturpm[aā]k\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kvits, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="lv",
    lang_of=lang_of,
    language_checks=standard_language_checks("Latvian", 6),
    share_check=share_between("Latvian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

"""Mārtiņš's `kvits` sessions (k01-k15): a Go 1.23 HTTP service for e-invoicing (chi router, sqlc + pgx v5 on
PostgreSQL 16 behind PgBouncer, goose migrations, golangci-lint, testcontainers-go), deployed by GitHub Actions to
Hetzner Cloud. Times are UTC; Riga is UTC+3 in August."""

from __future__ import annotations

from fake_output import KVITS, MODULE, git_commit, go_test
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, TodoWrite, Write

PROJECT = "kvits"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KVITS, project=PROJECT)


SQLC_YAML = """version: "2"
sql:
  - engine: postgresql
    queries: queries/
    schema: migrations/
    gen:
      go:
        package: db
        out: internal/store/db
        sql_package: pgx/v5
        emit_json_tags: true
        emit_pointers_for_null_types: true"""

INVOICE_QUERIES = """-- name: GetInvoice :one
SELECT * FROM invoices WHERE id = $1;

-- name: ListInvoicesByCustomer :many
SELECT * FROM invoices
WHERE customer_id = $1
ORDER BY issued_at DESC
LIMIT $2;

-- name: CreateInvoice :one
INSERT INTO invoices (customer_id, number, issued_at, due_at, total_cents, currency)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;"""

CREDIT_MIGRATION = """-- +goose Up
CREATE TABLE credit_notes (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    invoice_id  uuid NOT NULL REFERENCES invoices (id),
    number      text NOT NULL UNIQUE,
    reason      text NOT NULL,
    total_cents bigint NOT NULL CHECK (total_cents > 0),
    issued_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_notes_invoice_id_idx ON credit_notes (invoice_id);

-- +goose Down
DROP TABLE credit_notes;
"""

CREDIT_QUERIES = """-- name: CreateCreditNote :one
INSERT INTO credit_notes (invoice_id, number, reason, total_cents)
VALUES ($1, $2, $3, $4)
RETURNING *;

-- name: ListCreditNotesByInvoice :many
SELECT * FROM credit_notes
WHERE invoice_id = $1
ORDER BY issued_at;
"""


def ok_all(extra: list[tuple[str, float]] = ()) -> str:
    return go_test(
        [
            ("internal/httpapi", 0.912),
            ("internal/invoices", 0.204),
            ("internal/peppol", 0.118),
            ("internal/store", 6.381),
            *extra,
        ]
    )


# ---------------------------------------------------------------------------------------------------------------


def k01() -> Session:
    s = new("k01-credit-notes", "2027-08-02T06:12:40", "2.1.150", "credit-notes", "credit-table-siskin")
    s.user(
        "kredītrēķiniem vajag savu tabulu: credit_notes ar invoice_id, number, reason, total_cents, issued_at. "
        "decided: credit notes are their own table, not negative invoices — grāmatvede grib atsevišķu numerāciju "
        "tāpat.\ngoose migrācijām pie mums ir arī Down daļa, lai stagingu var atritināt atpakaļ. roku rakstīts SQL "
        "Go failos mums nav, viss iet caur sqlc.",
        rules=[
            ("goose-down", "goose migrācijām pie mums ir arī Down daļa"),
            ("sqlc-only", "roku rakstīts SQL Go failos mums nav, viss iet caur sqlc"),
        ],
        decisions=["credit notes are their own table, not negative invoices"],
    )
    s.title("Credit notes table and sqlc queries")
    s.act(
        None,
        Glob(
            "migrations/*.sql",
            ["migrations/20270611120000_invoices.sql", "migrations/20270720084512_customers_vat.sql"],
        ),
        Read("sqlc.yaml", SQLC_YAML),
        Read("queries/invoices.sql", INVOICE_QUERIES),
    )
    s.act(
        "Amounts are `bigint` cents like in `invoices`. The migration, with a Down section, and the queries:",
        Write("migrations/20270802091500_credit_notes.sql", CREDIT_MIGRATION),
        Write("queries/credit_notes.sql", CREDIT_QUERIES),
    )
    s.act(
        None,
        Bash(
            "sqlc generate && go build ./... && go test ./internal/store/...",
            go_test([("internal/store", 7.114), ("internal/store/db", 0.004)]),
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "git add migrations/ queries/ internal/store/db/ && git commit -m 'Add credit_notes table and queries'",
            git_commit("credit-notes", "5a0e7c3", "Add credit_notes table and queries", 4, 118, 0),
        ),
    )
    s.say(
        "Committed on `credit-notes` (`5a0e7c3`): the goose migration (Up creates `credit_notes` with an index on "
        "`invoice_id`, Down drops it), `queries/credit_notes.sql` and the generated code. Store tests pass."
    )
    s.user(
        "commitu virsraksti mums ir kā Go repo: pakete, kols, tad mazajiem burtiem ko izdarīja. pārtaisi.",
        rules=[
            (
                "commit-go-style",
                "commitu virsraksti mums ir kā Go repo: pakete, kols, tad mazajiem burtiem ko izdarīja",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'store: add credit_notes table and queries'",
            git_commit("credit-notes", "e81b4d9", "store: add credit_notes table and queries", 4, 118, 0),
        ),
    )
    s.say("Amended to `store: add credit_notes table and queries` (`e81b4d9`).")
    s.user("labi")
    s.outcome("success", "credit_notes migration with Down section and sqlc queries committed; subject rewritten")
    return s


GOLANGCI_V1 = """run:
  timeout: 5m
linters:
  enable:
    - errcheck
    - gosimple
    - govet
    - ineffassign
    - staticcheck
    - unused
    - revive
    - gofumpt
linters-settings:
  revive:
    rules:
      - name: exported
issues:
  exclude-dirs:
    - internal/store/db"""

GOLANGCI_V2 = """version: "2"
run:
  timeout: 5m
linters:
  enable:
    - revive
  settings:
    revive:
      rules:
        - name: exported
  exclusions:
    paths:
      - internal/store/db
formatters:
  enable:
    - gofumpt"""

LINT_CI = (
    "Run golangci/golangci-lint-action@v8\n"
    "  with:\n    version: v2.1\n"
    "Installing golangci-lint binary v2.1.6...\n"
    "Running [/home/runner/golangci-lint-2.1.6-linux-amd64/golangci-lint config verify] in [/home/runner/work/kvits/kvits] ...\n"
    'Error: can\'t load config: unsupported version of the configuration: "" See '
    "https://golangci-lint.run/product/migration-guide for migration instructions\n"
    'The command is terminated due to an error: can\'t load config: unsupported version of the configuration: ""'
)

REVIVE_CI = (
    "internal/store/store.go:14:6: exported: exported function NewStore should have comment or be unexported "
    "(revive)\n"
    "func NewStore(pool *pgxpool.Pool) *Store {\n     ^\n"
    "internal/vat/vat.go:9:6: exported: exported type Rate should have comment or be unexported (revive)\n"
    "type Rate struct {\n     ^\n"
    "2 issues:\n* revive: 2"
)


def k02() -> Session:
    s = new("k02-golangci-v2", "2027-08-03T06:05:18", "2.1.150", "renovate/golangci-lint-2.x", "lint-config-wren")
    s.user("Renovate pacēla golangci-lint uz v2 un CI lint jobs tagad:\n\n```\n" + LINT_CI + "\n```\n\nsakārto.")
    s.title("Migrate golangci-lint config to v2")
    s.act(
        None,
        Read(".golangci.yml", GOLANGCI_V1),
        Bash(
            "golangci-lint version",
            "golangci-lint has version 2.1.6 built with go1.24.3 from 8c4a2b1 on 2027-07-29T10:12:44Z",
        ),
    )
    s.act(
        'v2 does not read v1 configs at all; it wants `version: "2"` and moved formatters and exclusions into '
        "their own sections. `golangci-lint migrate` does the conversion and keeps a backup:",
        Bash(
            "golangci-lint migrate && rm .golangci.bck.yml && cat .golangci.yml",
            "Saving the v1 configuration to: .golangci.bck.yml\nSaving the v2 configuration to: .golangci.yml\n"
            + GOLANGCI_V2,
        ),
    )
    s.act(
        None,
        Bash("golangci-lint run ./...", "0 issues.", secs=21),
    )
    s.act(
        None,
        Bash(
            "git add .golangci.yml && git commit -m 'ci: migrate golangci-lint config to v2' && git push",
            git_commit("renovate/golangci-lint-2.x", "3c9f1a7", "ci: migrate golangci-lint config to v2", 1, 15, 19),
        ),
    )
    s.say(
        'Migrated: the config now starts with `version: "2"`, gosimple and friends are part of staticcheck\'s '
        "defaults, gofumpt is under `formatters`. Locally `golangci-lint run` is clean; pushed to the Renovate "
        "branch."
    )
    s.user("CI tagad iet līdz galam, bet:\n\n```\n" + REVIVE_CI + "\n```\n\nlokāli tev bija 0. kāpēc?")
    s.act(
        None,
        Bash("golangci-lint cache clean && golangci-lint run ./...", REVIVE_CI, code=1, secs=34),
    )
    s.say(
        "A stale local cache: after the cache clean I get the same two `revive` findings. In v1 the default "
        "exclusions hid revive's `exported` comments; v2 has no default exclusions, so the rule that was "
        "already in the config now reports."
    )
    s.user("izslēdz to exported noteikumu, bija tikai tāpēc, ka kāds to kādreiz ielika.")
    s.act(None, Read(".golangci.yml", GOLANGCI_V2))
    s.act(
        None,
        Edit(
            ".golangci.yml",
            "  enable:\n    - revive\n  settings:\n    revive:\n      rules:\n        - name: exported\n",
            "  enable:\n    - revive\n",
        ),
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git commit -am 'ci: drop revive exported rule' && git push",
            "0 issues.\n"
            + git_commit("renovate/golangci-lint-2.x", "b71e0d2", "ci: drop revive exported rule", 1, 0, 4),
            secs=25,
        ),
    )
    s.say("Clean locally with an empty cache, pushed. CI should go green.")
    s.user(
        "zaļš. so golangci-lint v2 doesn't read a v1 config at all, migrate rewrites it. open the PR. PRs get "
        "squash-merged, main has one commit per PR, tāpēc zarā var būt jebkas.",
        lessons=["golangci-lint v2 doesn't read a v1 config at all, migrate rewrites it"],
        rules=[("squash-merge", "PRs get squash-merged, main has one commit per PR")],
    )
    s.act(
        None,
        Bash(
            "gh pr create --fill --base main",
            "https://github.com/kvits-lv/kvits/pull/212",
        ),
    )
    s.say("PR #212 is open; it will be squash-merged into one commit.")
    s.not_person("exported function NewStore should have comment or be unexported", "pasted_log")
    s.one_off(
        "golangci-lint v2 (bumped by Renovate) refuses the v1 .golangci.yml with 'can't load config: unsupported "
        "version of the configuration'; golangci-lint migrate, then revive's exported rule reports without v1's "
        "default exclusions and is dropped"
    )
    s.outcome("success", "golangci-lint config migrated to v2, revive exported rule dropped, CI green, PR opened")
    return s


SERVICE_CREATE = """func (s *Service) Create(ctx context.Context, in CreateInput) (db.Invoice, error) {
	number, err := s.numbers.Next(ctx, in.CustomerID)
	if err != nil {
		return db.Invoice{}, fmt.Errorf("next number: %w", err)
	}
	inv, err := s.q.CreateInvoice(ctx, db.CreateInvoiceParams{
		CustomerID: in.CustomerID,
		Number:     number,
		IssuedAt:   in.IssuedAt,
		DueAt:      in.IssuedAt.AddDate(0, 0, in.TermDays),
		TotalCents: in.TotalCents(),
		Currency:   "EUR",
	})
	if err != nil {
		return db.Invoice{}, fmt.Errorf("create invoice: %w", err)
	}
	return inv, nil
}"""

SENTRY_42P05 = (
    '*pgconn.PgError: ERROR: prepared statement "stmtcache_7d3f0b2c9a41e6f8" already exists (SQLSTATE 42P05)\n'
    "  internal/store/db/invoices.sql.go in (*Queries).CreateInvoice at line 88\n"
    "  internal/invoices/service.go in (*Service).Create at line 61\n"
    "  internal/httpapi/invoices.go in (*InvoiceHandler).Create at line 47\n"
    "kvits-api · release 2027.08.03-1 · production · 143 events · 38 users"
)


def k03() -> Session:
    s = new("k03-stmt-already-exists", "2027-08-04T06:20:51", "2.1.151", "main", "duplicate-plan-heron")
    s.user(
        "since yesterday's deploy Sentry is full of this, about 2% of POST /v1/invoices:\n\n```\n"
        + SENTRY_42P05
        + "\n```\n\ncan't reproduce it locally, haven't seen it on staging either."
    )
    s.title("Prepared statement already exists on invoice create")
    s.act(None, Read("internal/invoices/service.go", SERVICE_CREATE, offset=44, total=92))
    s.act(
        None,
        Bash(
            "git log --oneline 2027.08.02-3..2027.08.03-1",
            "9d2e41b invoices: add payment terms per customer\n"
            "c07a3f5 store: regenerate with sqlc 1.27\n"
            "e81b4d9 store: add credit_notes table and queries",
        ),
    )
    s.say(
        "`42P05` means the connection already has a prepared statement with that name. pgx names its cached "
        "statements `stmtcache_<hash of the SQL>`, so two prepares of the same query on one connection collide. "
        "Yesterday's release regenerated the store with sqlc 1.27, which changed some query texts; my guess is "
        "that connections carry old cache entries across that. The failures are rare and the insert is "
        "idempotent per request id, so the pragmatic fix is to retry once on 42P05:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "internal/invoices/service.go",
                "	inv, err := s.q.CreateInvoice(ctx, db.CreateInvoiceParams{",
                "	inv, err := retryOn42P05(ctx, func() (db.Invoice, error) {\n"
                "		return s.q.CreateInvoice(ctx, db.CreateInvoiceParams{",
            ),
            "nē. retry tikai noslēps, mēs pat nezinām, kāpēc tas notiek. un jauns konteiners pēc deploy ar vecu "
            "cache nevar būt.",
        ),
    )
    s.say(
        "Right, a fresh process starts with an empty cache, so the sqlc change doesn't explain it. I don't have "
        "another explanation from the code: the same statement is prepared once per connection, and nothing in "
        "kvits shares connections."
    )
    s.user("atstāj. pēcpusdienā zvans ar VID, skatīšos rīt.")
    s.outcome(
        "failed", "42P05 prepared statement already exists on ~2% of invoice creates; retry refused, cause unknown"
    )
    s.hit("pgbouncer-prepared-statements")
    return s


PEPPOL_CLIENT = """type Client struct {
	http  *http.Client
	base  string
	token string
}

func NewClient(base, token string) *Client {
	return &Client{
		http:  &http.Client{Timeout: 10 * time.Second},
		base:  base,
		token: token,
	}
}

func (c *Client) Send(ctx context.Context, doc []byte) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/documents", bytes.NewReader(doc))
	if err != nil {
		return "", fmt.Errorf("new request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/xml")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("send: %w", err)
	}
	defer resp.Body.Close()"""

PEPPOL_LOG = (
    'time=2027-08-05T08:12:44.118+03:00 level=ERROR msg="peppol delivery failed" '
    "invoice_id=0412f3c1-6b0e-4a8f-9d71-2c5e8a90b3d4 number=KV-2027-0412 "
    'err="send: Post \\"https://ap.e-rekini.example/v1/documents\\": context canceled"\n'
    'time=2027-08-05T08:31:07.552+03:00 level=ERROR msg="peppol delivery failed" '
    "invoice_id=7c19e0aa-2f43-4d65-8b1e-d0f6a2c4e917 number=KV-2027-0419 "
    'err="send: Post \\"https://ap.e-rekini.example/v1/documents\\": context canceled"'
)


def k04() -> Session:
    s = new("k04-peppol-canceled", "2027-08-05T06:40:09", "2.1.151", "main", "stuck-queued-plover")
    s.user(
        "daļa rēķinu karājas statusā queued, uz Peppol neaiziet. logā:\n\n```\n" + PEPPOL_LOG + "\n```\n\nne "
        "visiem, varbūt katram piektajam."
    )
    s.title("Invoices stuck in queued, Peppol send canceled")
    s.act(None, Read("internal/peppol/client.go", PEPPOL_CLIENT, offset=12, total=71))
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code} %{time_total}\\n' https://ap.e-rekini.example/v1/health",
            "200 0.412318",
        ),
    )
    s.say(
        "The access point is up and answers in 0.4 s. The client gives each send 10 s in total; on a large UBL "
        "document with attachments the AP can take longer to accept it, and the request is then cut off. Raising "
        "the timeout to 30 s:"
    )
    s.act(
        None,
        Edit(
            "internal/peppol/client.go",
            "		http:  &http.Client{Timeout: 10 * time.Second},",
            "		http:  &http.Client{Timeout: 30 * time.Second},",
        ),
    )
    s.act(None, Bash("go test ./internal/peppol/...", go_test([("internal/peppol", 0.131)])))
    s.user(
        "it says canceled, not deadline exceeded. the client timeout isn't it, that would be `Client.Timeout "
        "exceeded`. put it back."
    )
    s.act(
        None,
        Edit(
            "internal/peppol/client.go",
            "		http:  &http.Client{Timeout: 30 * time.Second},",
            "		http:  &http.Client{Timeout: 10 * time.Second},",
        ),
    )
    s.say(
        "Reverted. You're right: a client timeout would say `Client.Timeout exceeded while awaiting headers`. "
        "`context canceled` means the context passed into `Send` was canceled by its owner, and I haven't found "
        "who cancels it yet."
    )
    s.user("nav laika. atstaj ka ir, tos 4 rekinus izsutisu ar roku no admina.")
    s.outcome("failed", "Peppol sends fail with context canceled; the timeout idea was wrong and reverted, no cause")
    s.hit("request-context-goroutine")
    return s


GOOSE_ERR = (
    "2027/08/06 08:02:11 goose run: error: found 1 missing migrations before current version 20270805143020:\n"
    "\tversion 20270802091500: migrations/20270802091500_credit_notes.sql"
)

CREDIT_HANDLER_RAW = """func (h *CreditNoteHandler) List(w http.ResponseWriter, r *http.Request) {
	invoiceID, err := uuid.Parse(chi.URLParam(r, "invoiceID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad invoice id")
		return
	}
	rows, err := h.pool.Query(r.Context(),
		"SELECT id, number, reason, total_cents, issued_at FROM credit_notes WHERE invoice_id = $1 ORDER BY issued_at",
		invoiceID)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "list credit notes")
		return
	}
	notes, err := pgx.CollectRows(rows, pgx.RowToStructByName[creditNoteJSON])
	if err != nil {
		writeError(w, http.StatusInternalServerError, "list credit notes")
		return
	}
	writeJSON(w, http.StatusOK, notes)
}
"""

CREDIT_HANDLER_SQLC = """func (h *CreditNoteHandler) List(w http.ResponseWriter, r *http.Request) {
	invoiceID, err := uuid.Parse(chi.URLParam(r, "invoiceID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad invoice id")
		return
	}
	notes, err := h.q.ListCreditNotesByInvoice(r.Context(), invoiceID)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "list credit notes")
		return
	}
	writeJSON(w, http.StatusOK, toCreditNotesJSON(notes))
}
"""


def k05() -> Session:
    s = new("k05-credit-notes-api", "2027-08-06T06:15:33", "2.1.152", "credit-notes-api", "late-migration-linnet")
    s.user(
        "credit notes API: POST /v1/invoices/{invoiceID}/credit-notes un GET saraksts. bet vispirms — staging "
        "deploy nokrita, jo Jānis vakar iemerdžoja savu migrāciju pirms manējās:\n\n```\n" + GOOSE_ERR + "\n```"
    )
    s.title("Credit notes API and out-of-order goose migration")
    s.act(
        None,
        Bash(
            "ls migrations/ | tail -3 && git log --format='%h %an %s' -1 -- migrations/20270805143020_invoice_terms.sql",
            "20270720084512_customers_vat.sql\n20270802091500_credit_notes.sql\n20270805143020_invoice_terms.sql\n"
            "4f1c9e0 Jānis Ozols invoices: add payment terms per customer",
        ),
    )
    s.say(
        "goose keeps a version table and by default refuses to apply a migration older than the newest applied "
        "one. Staging has Jānis's 20270805143020, so `credit_notes` (20270802…) counts as missing. It's a good "
        "idea to always run goose with -allow-missing in CI so out-of-order migrations don't block deploys. Here, "
        "since `credit_notes` has never been applied anywhere, the cleaner fix is to give it a new timestamp:"
    )
    s.act(
        None,
        Bash(
            "git mv migrations/20270802091500_credit_notes.sql migrations/20270806081500_credit_notes.sql && "
            'goose -dir migrations postgres "$STAGING_DSN" status 2>&1 | tail -3',
            "    Thu Aug  5 14:31:02 2027 -- 20270805143020_invoice_terms.sql\n"
            "    Pending                  -- 20270806081500_credit_notes.sql",
        ),
    )
    s.act(
        "Now the endpoints:",
        Write("internal/httpapi/creditnotes.go", CREDIT_HANDLER_RAW),
    )
    s.user(
        "SQL stringiem Go failos nav vietas, liec to queries/credit_notes.sql un ģenerē ar sqlc. tur jau ir "
        "ListCreditNotesByInvoice.",
        rules=[("sqlc-only", "SQL stringiem Go failos nav vietas, liec to queries/credit_notes.sql un ģenerē ar sqlc")],
    )
    s.act(
        "Right, the query already exists in `queries/credit_notes.sql`. Using the generated one:",
        Write("internal/httpapi/creditnotes.go", CREDIT_HANDLER_SQLC),
    )
    s.act(
        None,
        Bash(
            "go build ./... && go test ./internal/httpapi/... ./internal/store/...",
            go_test([("internal/httpapi", 1.044), ("internal/store", 7.902)]),
            secs=16,
        ),
    )
    s.say(
        "`GET /v1/invoices/{invoiceID}/credit-notes` uses `ListCreditNotesByInvoice`; POST goes through "
        "`CreateCreditNote` in the handler next to it. The migration is renamed to 20270806081500, so it applies "
        "after Jānis's on staging."
    )
    s.user("ok, commit. staging runs goose by itself after the merge.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'httpapi: add credit notes endpoints'",
            git_commit("credit-notes-api", "7e3d0a1", "httpapi: add credit notes endpoints", 4, 137, 2),
        ),
    )
    s.say("Committed (`7e3d0a1`).")
    s.not_person(
        "It's a good idea to always run goose with -allow-missing in CI so out-of-order migrations don't block "
        "deploys.",
        "assistant_text",
    )
    s.one_off(
        "goose on staging fails with 'found 1 missing migrations before current version' because the credit_notes "
        "migration's timestamp is older than Jānis's already applied one; the unapplied migration file renamed to a "
        "new timestamp"
    )
    s.outcome("success", "migration renamed so goose applies it; credit notes endpoints through sqlc; committed")
    return s


ROUTER = """func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.Recoverer)

	r.Get("/healthz", health)
	r.Route("/v1", func(r chi.Router) {
		r.Use(d.Auth.Middleware)
		r.Mount("/invoices", invoiceRoutes(d))
		r.Mount("/customers", customerRoutes(d))
	})
	r.Route("/portal", func(r chi.Router) {
		r.Use(d.Portal.Session)
		r.Get("/invoices", d.Portal.ListInvoices)
	})
	return r
}"""

REQUEST_LOG = """package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
)

// requestLog writes one JSON line per request. Only the path is logged: query strings can carry personal codes.
func requestLog(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r)
			log.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", ww.Status()),
				slog.Int64("duration_ms", time.Since(start).Milliseconds()),
				slog.String("request_id", middleware.GetReqID(r.Context())),
			)
		})
	}
}
"""

CHI_PANIC = (
    "--- FAIL: TestRouter_Healthz (0.00s)\n"
    "panic: chi: all middlewares must be defined before routes on a mux [recovered]\n"
    "\tpanic: chi: all middlewares must be defined before routes on a mux\n\n"
    "goroutine 7 [running]:\n"
    "github.com/go-chi/chi/v5.(*Mux).Use(...)\n"
    "\t/home/martins/go/pkg/mod/github.com/go-chi/chi/v5@v5.1.0/mux.go:101\n"
    f"{MODULE}/internal/httpapi.NewRouter({{0xc0001a2f00, 0xc0000b6a20, 0xc0000b6a40}})\n"
    "\t/home/martins/code/kvits/internal/httpapi/router.go:19 +0x2c5\n"
    f"FAIL\t{MODULE}/internal/httpapi\t0.031s\nFAIL"
)


def k06() -> Session:
    s = new("k06-request-log", "2027-08-09T06:30:27", "2.1.153", "request-log", "access-line-stint")
    s.user(
        "vajag request log middleware: method, path, status, ilgums, request_id. logging is log/slog with the "
        "JSON handler, keys in snake_case. personas kodi un IBAN logos nenonāk, arī ne caur query stringu.",
        rules=[
            ("slog-json", "logging is log/slog with the JSON handler, keys in snake_case"),
            ("no-pii-logs", "personas kodi un IBAN logos nenonāk"),
        ],
    )
    s.title("slog request logging middleware")
    s.act(None, Read("internal/httpapi/router.go", ROUTER, offset=3, total=24))
    s.act(
        "The path only, no query string (portal links carry `?personas_kods=` in some old e-mails):",
        Write("internal/httpapi/requestlog.go", REQUEST_LOG),
        Edit(
            "internal/httpapi/router.go",
            "	})\n	return r\n}",
            "	})\n	r.Use(requestLog(d.Log))\n	return r\n}",
        ),
    )
    s.act(None, Bash("go test ./internal/httpapi/...", CHI_PANIC, code=1, secs=5))
    s.act(
        "chi wants every `Use` before the first route on a mux. Moving it up, after the recoverer so a panic "
        "still gets logged with its status:",
        Edit(
            "internal/httpapi/router.go",
            "	})\n	r.Use(requestLog(d.Log))\n	return r\n}",
            "	})\n	return r\n}",
        ),
        Edit(
            "internal/httpapi/router.go",
            "	r.Use(middleware.Recoverer)\n",
            "	r.Use(middleware.Recoverer)\n	r.Use(requestLog(d.Log))\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/httpapi/... && go run ./cmd/api & sleep 2; curl -s 'localhost:8080/healthz?x=1' "
            ">/dev/null; kill %1",
            go_test([("internal/httpapi", 0.974)])
            + '\n{"time":"2027-08-09T09:36:12.481+03:00","level":"INFO","msg":"request","method":"GET",'
            '"path":"/healthz","status":200,"duration_ms":0,"request_id":"fedora/Zq3k7TtUfS-000001"}',
            secs=9,
        ),
    )
    s.say(
        "One JSON line per request through the app's slog JSON handler: `method`, `path`, `status`, "
        "`duration_ms`, `request_id`. The query string is left out, so nothing from `?personas_kods=` reaches the "
        "log. The middleware sits right after `Recoverer`."
    )
    s.user("ok, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'httpapi: log every request as one slog line'",
            git_commit("request-log", "a4f27c8", "httpapi: log every request as one slog line", 2, 38, 0),
        ),
    )
    s.say("Committed (`a4f27c8`).")
    s.one_off(
        "chi panics with 'all middlewares must be defined before routes on a mux' because the request log "
        "middleware was added with r.Use after the routes; moved up after Recoverer"
    )
    s.outcome("success", "slog request logging middleware without query strings; chi ordering panic fixed; committed")
    return s


PGB_TEST = """func TestInvoiceStore_ViaPgBouncer(t *testing.T) {
	ctx := context.Background()
	pg := testdb.StartPostgres(t, ctx)
	bouncer := testdb.StartPgBouncer(t, ctx, pg) // testdata/pgbouncer.ini, the same as prod
	pool, err := db.NewPool(ctx, bouncer.DSN())
	require.NoError(t, err)
	st := store.New(pool)
	customerID := seedInvoices(t, ctx, st, 50)

	g, gctx := errgroup.WithContext(ctx)
	for range 8 {
		g.Go(func() error {
			if _, err := st.ListInvoicesByCustomer(gctx, customerID, 20); err != nil {
				return fmt.Errorf("list invoices: %w", err)
			}
			return nil
		})
	}
	require.NoError(t, g.Wait())
}"""

PGB_HELPER = """func StartPgBouncer(t *testing.T, ctx context.Context, pg *Postgres) *PgBouncer {
	t.Helper()
	c, err := testcontainers.GenericContainer(ctx, testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:        "docker.io/edoburu/pgbouncer:v1.23.1-p2",
			ExposedPorts: []string{"6432/tcp"},
			Networks:     []string{pg.Network},
			Env:          map[string]string{"DATABASE_URL": pg.InternalDSN()},
			Files: []testcontainers.ContainerFile{
				{HostFilePath: "testdata/pgbouncer.ini", ContainerFilePath: "/etc/pgbouncer/pgbouncer.ini"},
			},
			WaitingFor: wait.ForLog("process up"),
		},
		Started: true,
	})
	require.NoError(t, err)"""


def pgb_fail(stmt: str, secs: float) -> str:
    return (
        "2027/08/10 09:31:02 🐳 Creating container for image docker.io/postgres:16-alpine\n"
        "2027/08/10 09:31:04 ✅ Container started: 4b0c1e7a92d3\n"
        "2027/08/10 09:31:04 🐳 Creating container for image docker.io/edoburu/pgbouncer:v1.23.1-p2\n"
        "2027/08/10 09:31:05 ✅ Container started: 91fe03c5d7a8\n"
        + go_test(
            [],
            [
                (
                    "internal/store",
                    "TestInvoiceStore_ViaPgBouncer",
                    "pgbouncer_test.go:63: \n"
                    "    \tError Trace:\t/home/martins/code/kvits/internal/store/pgbouncer_test.go:63\n"
                    "    \tError:      \tReceived unexpected error:\n"
                    f'    \t            \tlist invoices: ERROR: prepared statement "{stmt}" does not exist '
                    "(SQLSTATE 26000)\n"
                    "    \tTest:       \tTestInvoiceStore_ViaPgBouncer",
                    secs,
                )
            ],
        )
    )


def k07() -> Session:
    s = new("k07-pgbouncer-test", "2027-08-10T06:25:44", "2.1.154", "pgbouncer-test", "bouncer-red-curlew")
    s.user(
        "Jānis wrote an integration test that goes through pgbouncer like prod does "
        "(internal/store/pgbouncer_test.go). CI is red on it:\n\n```\n--- FAIL: TestInvoiceStore_ViaPgBouncer (4.81s)\n    pgbouncer_test.go:63: "
        'list invoices: ERROR: prepared statement "stmtcache_19a0c4e7d2b85f61" does not exist (SQLSTATE 26000)\n'
        "```\n\ncheck if it fails locally too."
    )
    s.title("pgbouncer integration test fails")
    s.act(
        None,
        Read("internal/store/pgbouncer_test.go", PGB_TEST, offset=43, total=66),
        Read("internal/testdb/pgbouncer.go", PGB_HELPER, offset=18, total=61),
    )
    cmd = "go test ./internal/store -run TestInvoiceStore_ViaPgBouncer -count=1"
    s.act(None, Bash(cmd, pgb_fail("stmtcache_19a0c4e7d2b85f61", 4.62), code=1, secs=12))
    s.say(
        "Reproduces locally. `process up` is logged when PgBouncer starts listening, before it has opened any "
        "server connection to Postgres; with eight goroutines starting at once, some of them may talk to a "
        "half-initialised pool. Waiting for the port instead of the log line, and running again:"
    )
    s.act(
        None,
        Edit(
            "internal/testdb/pgbouncer.go",
            '			WaitingFor: wait.ForLog("process up"),',
            '			WaitingFor: wait.ForAll(wait.ForLog("process up"), wait.ForListeningPort("6432/tcp")),',
        ),
    )
    s.act(None, Bash(cmd, pgb_fail("stmtcache_19a0c4e7d2b85f61", 4.97), code=1, secs=12))
    s.act(
        "Same error. Running once more to see whether the statement name or the failing call changes between runs:",
        Bash(cmd, pgb_fail("stmtcache_19a0c4e7d2b85f61", 4.71), code=1, secs=12),
    )
    s.say(
        "Three runs, the same `prepared statement … does not exist (SQLSTATE 26000)` on the same query, so it is "
        "not container start-up. The statement name is pgx's cache entry for `ListInvoicesByCustomer`; why the "
        "server doesn't know it, I can't tell yet. I've left the wait-strategy change in place; shall I revert it?"
    )
    s.user("joprojam tas pats. ja, atgriez, un pietiek. tests paliek sarkans, Janis paskatisies.")
    s.act(
        None,
        Edit(
            "internal/testdb/pgbouncer.go",
            '			WaitingFor: wait.ForAll(wait.ForLog("process up"), wait.ForListeningPort("6432/tcp")),',
            '			WaitingFor: wait.ForLog("process up"),',
        ),
    )
    s.say("Reverted; the working tree is clean again and the test stays red.")
    s.outcome("failed", "pgbouncer integration test fails with prepared statement does not exist; three identical runs")
    s.hit("pgbouncer-prepared-statements")
    return s


NOTIFY_TEST = """func TestCreateInvoice_SendsEmailNotification(t *testing.T) {
	mailer := &fakeMailer{}
	srv := httptest.NewServer(newTestRouter(t, withMailer(mailer)))
	defer srv.Close()

	resp := postJSON(t, srv.URL+"/v1/invoices", invoiceFixture(customerWithEmail))
	require.Equal(t, http.StatusCreated, resp.StatusCode)

	require.Equal(t, 1, mailer.Sent(), "mailer.Sent()")
}"""

FAKE_MAILER = """type fakeMailer struct {
	mu   sync.Mutex
	sent int
}

func (m *fakeMailer) Send(ctx context.Context, msg mail.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent++
	return nil
}"""

CREATE_HANDLER = """func (h *InvoiceHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in invoices.CreateInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	inv, err := h.svc.Create(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	go h.delivery.Send(r.Context(), inv.ID)
	go h.notify(r.Context(), inv)
	writeJSON(w, http.StatusCreated, toInvoiceJSON(inv))
}"""


_EVENTUALLY = (
    "--- FAIL: TestCreateInvoice_SendsEmailNotification ({secs})\n"
    "    invoices_test.go:113: \n"
    "        \tError Trace:\tinvoices_test.go:113\n"
    "        \tError:      \tCondition never satisfied\n"
    "        \tMessages:   \tthe notification goroutine should send one mail\n"
)
EVENTUALLY_FAIL = (
    _EVENTUALLY.format(secs="2.01s")
    + _EVENTUALLY.format(secs="2.00s")
    + f"FAIL\nFAIL\t{MODULE}/internal/httpapi\t9.412s\nFAIL"
)


def k08() -> Session:
    s = new("k08-flaky-notify-test", "2027-08-11T06:10:02", "2.1.155", "main", "missing-mail-dunlin")
    s.user(
        "TestCreateInvoice_SendsEmailNotification CI ar -race krīt apmēram katru trešo reizi:\n\n```\n--- FAIL: "
        "TestCreateInvoice_SendsEmailNotification (0.09s)\n    invoices_test.go:112:\n        \tError Trace:\t"
        "invoices_test.go:112\n        \tError:      \tNot equal:\n        \t            \texpected: 1\n        \t"
        "            \tactual  : 0\n        \tMessages:   \tmailer.Sent()\n```\n\nlokāli ar -count=1 zaļš."
    )
    s.title("Flaky notification test")
    s.act(
        None,
        Read("internal/httpapi/invoices_test.go", NOTIFY_TEST, offset=101, total=188),
        Read("internal/httpapi/invoices.go", CREATE_HANDLER, offset=33, total=140),
    )
    s.say(
        "The notification is sent from a goroutine after the handler has written its response, so the test can "
        "reach its assertion before `notify` has run; under `-race` everything is slower and the window is "
        "wider. The test needs to give the goroutine a moment:"
    )
    s.act(
        None,
        Edit(
            "internal/httpapi/invoices_test.go",
            '	require.Equal(t, 1, mailer.Sent(), "mailer.Sent()")',
            "	time.Sleep(50 * time.Millisecond) // notify runs in a goroutine\n	require.Equal(t, 1, mailer.Sent(), "
            '"mailer.Sent()")',
        ),
    )
    s.interrupt()
    s.user(
        "nē. time.Sleep testos mums nav, gaidi uz kanāla vai ar require.Eventually.",
        rules=[("no-sleep-tests", "time.Sleep testos mums nav, gaidi uz kanāla vai ar require.Eventually")],
    )
    s.act(
        None,
        Edit(
            "internal/httpapi/invoices_test.go",
            "	time.Sleep(50 * time.Millisecond) // notify runs in a goroutine\n	require.Equal(t, 1, mailer.Sent(), "
            '"mailer.Sent()")',
            "	require.Eventually(t, func() bool { return mailer.Sent() == 1 }, 2*time.Second, 10*time.Millisecond,\n"
            '		"the notification goroutine should send one mail")',
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race -count=30 -run TestCreateInvoice_SendsEmailNotification ./internal/httpapi/",
            EVENTUALLY_FAIL,
            code=1,
            secs=75,
        ),
    )
    s.say(
        "2 of 30 runs still fail, and now after waiting the full 2 seconds: in those runs the mail is never sent, "
        "not merely late. `fakeMailer.Send` returns early when its context has an error, so something cancels the "
        "context `notify` gets, but the error is dropped in `notify` and I can't see what it is from here."
    )
    s.user("so it's not just timing, the mail doesn't go out at all. enough for today, the test stays with Eventually.")
    s.outcome("failed", "notification test still fails 2/30 under -race: the mail is never sent; sleep refused")
    s.hit("request-context-goroutine")
    return s


CONTRIBUTING = """# Contributing to kvits

- One topic per branch, PR against main.
- `make lint test` must pass before review.
- Never edit files under internal/store/db by hand; they are generated by sqlc.
- Money is int64 cents; the currency lives next to it.
- Ask Mārtiņš before adding a dependency."""

VAT_MIGRATION = """-- +goose Up
CREATE TABLE vat_rates (
    code       text PRIMARY KEY,          -- 'standard', 'reduced_12', 'reduced_5', 'reverse_charge'
    percent    numeric(5, 2) NOT NULL,
    valid_from date NOT NULL,
    note       text NOT NULL DEFAULT ''
);
INSERT INTO vat_rates (code, percent, valid_from, note) VALUES
    ('standard', 21.00, '2012-07-01', ''),
    ('reduced_12', 12.00, '2018-01-01', ''),
    ('reduced_5', 5.00, '2018-01-01', ''),
    ('reverse_charge', 0.00, '2011-01-01', 'Nodokļa maksātājs – pakalpojuma saņēmējs');

-- +goose Down
DROP TABLE vat_rates;
"""

VAT_GO = """package vat

import (
	"context"
	"fmt"

	"github.com/kvits-lv/kvits/internal/store/db"
)

// Rates reads VAT rates from the vat_rates table; the percentages change with the law, not with deploys.
type Rates struct{ q *db.Queries }

// LineVAT is the VAT of one invoice line in cents, rounded half away from zero.
func (r Rates) LineVAT(ctx context.Context, code string, netCents int64) (int64, error) {
	rate, err := r.q.GetVATRate(ctx, code)
	if err != nil {
		return 0, fmt.Errorf("vat rate %q: %w", code, err)
	}
	basisPoints := rate.Percent.Int.Int64() // numeric(5,2) scaled by 100
	return (netCents*basisPoints + 5000) / 10000, nil
}
"""


def k09() -> Session:
    s = new("k09-vat-rates", "2027-08-12T06:35:15", "2.1.156", "vat-rates", "rate-table-godwit")
    s.user(
        "PVN aprēķins rēķina rindām: 21% standarta, 12% un 5% samazinātās, reverse charge ES klientiem. PVN "
        "likmes ņemam no vat_rates tabulas, kodā skaitļus neierakstām — tās mainās ar likumu, ne ar deploy. in "
        "tests a literal 21% is fine, fixtures don't need the table.",
        rules=[
            ("vat-from-table", "PVN likmes ņemam no vat_rates tabulas, kodā skaitļus neierakstām"),
            ("vat-literal-in-tests", "in tests a literal 21% is fine, fixtures don't need the table"),
        ],
    )
    s.title("VAT rates table and line VAT")
    s.act(
        None,
        Read("CONTRIBUTING.md", CONTRIBUTING),
        Read("queries/invoices.sql", INVOICE_QUERIES),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("vat_rates migration with seed rows", "in_progress", "Writing the vat_rates migration"),
                ("GetVATRate query + sqlc generate", "pending", "Adding the GetVATRate query"),
                ("internal/vat with LineVAT", "pending", "Writing internal/vat"),
                ("tests", "pending", "Writing tests"),
            ]
        ),
    )
    s.act(
        None,
        Write("migrations/20270812093000_vat_rates.sql", VAT_MIGRATION),
        Write(
            "queries/vat_rates.sql",
            "-- name: GetVATRate :one\nSELECT * FROM vat_rates\nWHERE code = $1 AND valid_from <= current_date;\n",
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./...", "", secs=4))
    s.act(
        None,
        Write("internal/vat/vat.go", VAT_GO),
        Write(
            "internal/vat/vat_test.go",
            'package vat\n\nimport "testing"\n\nfunc TestRound(t *testing.T) {\n\tcases := []struct {\n'
            "\t\tnet, percent, want int64\n\t}{\n\t\t{net: 10000, percent: 2100, want: 2100},\n"
            "\t\t{net: 1999, percent: 2100, want: 420},\n\t\t{net: 333, percent: 1200, want: 40},\n\t}\n"
            "\tfor _, c := range cases {\n\t\tif got := round(c.net, c.percent); got != c.want {\n"
            '\t\t\tt.Errorf("round(%d, %d) = %d, want %d", c.net, c.percent, got, c.want)\n\t\t}\n\t}\n}\n',
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Mārtiņš asked for VAT on invoice lines: 21 % standard, 12 % and 5 % "
        "reduced, reverse charge for EU customers; rates come from a vat_rates table, tests may use a literal "
        "21 %.\nSummary:\n1. migrations/20270812093000_vat_rates.sql: vat_rates (code, percent, valid_from, note) "
        "with four seed rows and a Down section.\n2. queries/vat_rates.sql: GetVATRate; sqlc generate ran.\n"
        "3. internal/vat/vat.go: Rates.LineVAT; internal/vat/vat_test.go uses a round helper that does not exist "
        "yet.\n4. User prefers to always run go test with -race -count=1.\nPending: extract round(), run tests, "
        "wire LineVAT into invoice totals.",
        131800,
        9400,
    )
    s.act(
        None,
        Edit(
            "internal/vat/vat.go",
            "	basisPoints := rate.Percent.Int.Int64() // numeric(5,2) scaled by 100\n"
            "	return (netCents*basisPoints + 5000) / 10000, nil\n}\n",
            "	return round(netCents, rate.Percent.Int.Int64()), nil // numeric(5,2) scaled by 100\n}\n\n"
            "func round(netCents, basisPoints int64) int64 {\n	return (netCents*basisPoints + 5000) / 10000\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/vat/... ./internal/invoices/...",
            go_test([("internal/invoices", 0.231), ("internal/vat", 0.006)]),
        ),
    )
    s.say(
        "`vat_rates` holds the four rates with their start dates; `Rates.LineVAT` reads the rate by code and "
        "rounds per line. The test uses literal percentages, no table."
    )
    s.user(
        "does a reverse-charge invoice ever need a rate at all, or is it just 0 with the note?",
        non_rules=["does a reverse-charge invoice ever need a rate at all, or is it just 0 with the note?"],
    )
    s.say(
        "Just 0: the line carries VAT category AE with 0 %, and the invoice must say why (the note in the row, "
        '"Nodokļa maksātājs – pakalpojuma saņēmējs", from the PVN likums). In the Peppol UBL that is '
        "`cbc:TaxExemptionReasonCode` `vatex-eu-ae`. No rate to look up beyond the 0 row."
    )
    s.user("ok then. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'vat: read rates from vat_rates and compute line VAT'",
            git_commit("vat-rates", "0d6b2e4", "vat: read rates from vat_rates and compute line VAT", 6, 151, 0),
        ),
    )
    s.say("Committed (`0d6b2e4`).")
    s.not_person("Never edit files under internal/store/db by hand; they are generated by sqlc.", "tool_output")
    s.not_person("User prefers to always run go test with -race -count=1.", "compaction_summary")
    s.outcome("success", "vat_rates table, GetVATRate and line VAT with tests; committed")
    return s


PORTAL_HANDLER = """func (p *Portal) ListInvoices(w http.ResponseWriter, r *http.Request) {
	customerID := sessionCustomer(r.Context())
	list, err := p.q.ListInvoicesByCustomer(r.Context(), db.ListInvoicesByCustomerParams{
		CustomerID: customerID,
		Limit:      50,
	})
	if err != nil {
		p.log.ErrorContext(r.Context(), "portal list invoices", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	p.render(w, "invoices.html", list)
}"""

POOL = """package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// NewPool opens the pool every binary uses (cmd/api, cmd/reminders).
func NewPool(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse dsn: %w", err)
	}
	cfg.MaxConns = 20
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	return pool, nil
}"""


def k10() -> Session:
    s = new("k10-portal-500", "2027-08-13T06:50:38", "2.1.157", "main", "refresh-fixes-it-tern")
    s.user(
        "klientu portālā rēķinu saraksts ik pa laikam uzmet 500. nospied refresh un viss ir ok. lokāli nevaru "
        "dabūt, stagingā arī ļoti reti. Mārim no atbalsta šorīt trīs klienti zvanīja par to."
    )
    s.title("Portal invoice list sometimes 500")
    s.act(
        None,
        Read("internal/httpapi/portal.go", PORTAL_HANDLER, offset=27, total=94),
        Read("internal/db/pool.go", POOL),
    )
    s.act(None, Grep("QueryExecMode|StatementCache|statement_cache", []))
    s.say(
        "The handler itself is a single sqlc query; there's nothing in it that would fail one time and work on the "
        "next. What changes between a request and its refresh is the connection it gets. pgx by default prepares "
        "each query once per connection and caches it by name (`stmtcache_…`), and nothing in `NewPool` changes "
        "that. If something between kvits and Postgres hands one client connection to different server backends "
        "(PgBouncer in transaction mode does exactly that), a cached statement can be missing on the backend you "
        "land on, or already there under the same name. Is production behind PgBouncer, and in which pool mode?"
    )
    s.user(
        "ir, transaction režīmā, tas ir kvits-infra pgbouncer rolē. izklausās ticami. bet šodien piektdiena, "
        "prodā neko neaiztieku. pirmdien."
    )
    s.outcome("unknown", "portal list 500s described; the statement cache behind PgBouncer suggested, nothing changed")
    s.hit("pgbouncer-prepared-statements")
    return s


DRAFTS_HANDLER = """func (h *DraftHandler) Delete(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "draftID"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad draft id")
		return
	}
	draft, err := h.q.DeleteDraft(r.Context(), id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	go h.audit.Record(r.Context(), audit.Entry{
		Actor:  auth.User(r.Context()),
		Action: "draft.delete",
		Target: draft.ID.String(),
		Before: draft,
	})
	w.WriteHeader(http.StatusNoContent)
}"""

AUDIT_GO = """func (a *Log) Record(ctx context.Context, e Entry) {
	before, _ := json.Marshal(e.Before)
	_ = a.q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
		Actor:  e.Actor,
		Action: e.Action,
		Target: e.Target,
		Before: before,
	})
}"""


def k11() -> Session:
    s = new("k11-audit-gaps", "2027-08-16T06:20:12", "2.1.158", "audit-errors", "quiet-ledger-ruff")
    s.user(
        "the accountant says the audit log is missing entries for deleted drafts. not all of them, some. the delete "
        "itself happens, the draft is gone, but audit_log has nothing about it. take a look."
    )
    s.title("Missing audit entries for deleted drafts")
    s.act(
        None,
        Grep("InsertAuditEntry", ["internal/audit/audit.go", "internal/store/db/audit.sql.go"]),
        Read("internal/httpapi/drafts.go", DRAFTS_HANDLER, offset=58, total=97),
    )
    s.act(None, Read("internal/audit/audit.go", AUDIT_GO, offset=21, total=40))
    s.say(
        "`Record` throws away the error from `InsertAuditEntry`, so whenever the insert fails nobody hears about "
        "it. The usual suspects would be the `before` JSON being too large or a constraint on `audit_log`; the "
        "first step is to stop swallowing the error and log it with the entry's action and target:"
    )
    s.act(
        None,
        Edit(
            "internal/audit/audit.go",
            "	_ = a.q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{\n		Actor:  e.Actor,\n"
            "		Action: e.Action,\n		Target: e.Target,\n		Before: before,\n	})\n}",
            "	err := a.q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{\n		Actor:  e.Actor,\n"
            "		Action: e.Action,\n		Target: e.Target,\n		Before: before,\n	})\n	if err != nil {\n"
            '		a.log.ErrorContext(ctx, "audit insert failed", "action", e.Action, "target", e.Target, "err", err)\n'
            "	}\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/audit/... ./internal/httpapi/...",
            go_test([("internal/audit", 0.088), ("internal/httpapi", 1.102)]),
        ),
    )
    s.act(
        None,
        Bash(
            'psql "$STAGING_DSN" -c "select conname, pg_get_constraintdef(oid) from pg_constraint where '
            "conrelid = 'audit_log'::regclass\"",
            "       conname        |        pg_get_constraintdef\n"
            "----------------------+------------------------------------\n"
            " audit_log_pkey       | PRIMARY KEY (id)\n(1 row)",
        ),
    )
    s.say(
        "No constraint besides the primary key, and `before` is a small row. So the insert's reason for failing "
        "is not in the schema; once this is deployed, the log line will say what it is."
    )
    s.user("labi, vismaz redzēsim. bet tas neko neatrisina, ieraksti joprojām pazūd. commito un liec PR.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'audit: log failed inserts' && git push -u origin audit-errors && gh pr "
            "create --fill",
            git_commit("audit-errors", "5f8c1b0", "audit: log failed inserts", 1, 4, 1)
            + "\nhttps://github.com/kvits-lv/kvits/pull/219",
        ),
    )
    s.say("PR #219 is open.")
    s.outcome("failed", "audit entries for deleted drafts still go missing; only error logging added, cause unknown")
    s.hit("request-context-goroutine")
    return s


TC_FAIL = (
    "--- FAIL: TestReminders_DueTomorrow (0.01s)\n"
    "    reminders_test.go:31: start postgres: failed to create Docker provider: Cannot connect to the Docker "
    "daemon at unix:///var/run/docker.sock. Is the docker daemon running?"
)


def k12() -> Session:
    s = new("k12-podman-testcontainers", "2027-08-17T06:05:49", "2.1.159", "reminders-due", "socket-hunt-knot")
    s.user(
        "docker has been off the laptop since friday and the testcontainers tests don't start:\n\n```\n"
        + TC_FAIL
        + "\n```\n\npodman is installed. get it working, then we go on with reminders."
    )
    s.title("testcontainers-go with rootless podman")
    s.act(
        None,
        Bash(
            "systemctl --user is-active podman.socket; podman --version",
            "inactive\npodman version 5.5.2",
        ),
    )
    s.act(
        "testcontainers-go talks to the Docker API; rootless podman serves it on a user socket that isn't "
        "started. Enabling it:",
        Bash(
            "systemctl --user enable --now podman.socket && podman info --format '{{.Host.RemoteSocket.Path}}'",
            "Created symlink '/home/martins/.config/systemd/user/sockets.target.wants/podman.socket' → "
            "'/usr/lib/systemd/user/podman.socket'.\n/run/user/1000/podman/podman.sock",
        ),
    )
    s.act(
        None,
        Bash(
            "DOCKER_HOST=unix:///run/user/1000/podman/podman.sock TESTCONTAINERS_RYUK_CONTAINER_PRIVILEGED=true "
            "go test ./internal/reminders/... ./internal/store/...",
            "2027/08/17 09:08:31 🐳 Creating container for image docker.io/testcontainers/ryuk:0.11.0\n"
            "2027/08/17 09:08:33 ✅ Container started: 2c71a9f04e3b\n"
            + go_test([("internal/reminders", 5.218), ("internal/store", 8.664)]),
            secs=28,
        ),
    )
    s.say(
        "Green with two variables: `DOCKER_HOST` pointing at the podman socket, and Ryuk (the reaper container) "
        "privileged, which rootless podman needs to let it see the socket. I can add them to `~/.zshrc`."
    )
    s.user("nē, ieliec ~/.testcontainers.properties, tad darbojas arī no GoLand.")
    s.act(
        None,
        Write(
            "/home/martins/.testcontainers.properties",
            "docker.host=unix:///run/user/1000/podman/podman.sock\nryuk.container.privileged=true\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/reminders/...",
            go_test([("internal/reminders", 5.031)]),
            secs=14,
        ),
    )
    s.say(
        "Works without the variables now: testcontainers-go reads `~/.testcontainers.properties` on start. "
        "Reminders tests pass; what's next for reminders?"
    )
    s.user("paldies, reminders pec pusdienam.")
    s.one_off(
        "testcontainers-go cannot connect to /var/run/docker.sock after docker was removed from the laptop; "
        "rootless podman socket enabled and docker.host plus ryuk.container.privileged set in "
        "~/.testcontainers.properties"
    )
    s.outcome("success", "testcontainers tests run against rootless podman; settings in ~/.testcontainers.properties")
    return s


def explore_pools(child: Session) -> None:
    child.act(
        None,
        Grep(
            "pgxpool\\.New|pgxpool\\.NewWithConfig|pgx\\.Connect|pgxpool\\.ParseConfig",
            [
                "internal/db/pool.go:18:	cfg, err := pgxpool.ParseConfig(dsn)",
                "internal/db/pool.go:24:	pool, err := pgxpool.NewWithConfig(ctx, cfg)",
                "internal/testdb/postgres.go:52:	conn, err := pgx.Connect(ctx, pg.DSN())",
            ],
            mode="content",
        ),
        Grep(
            "db\\.NewPool\\(",
            [
                "cmd/api/main.go:41:	pool, err := db.NewPool(ctx, cfg.DatabaseURL)",
                "cmd/reminders/main.go:29:	pool, err := db.NewPool(ctx, cfg.DatabaseURL)",
                "internal/store/pgbouncer_test.go:47:	pool, err := db.NewPool(ctx, bouncer.DSN())",
            ],
            mode="content",
        ),
    )
    child.act(None, Grep("QueryExecMode|StatementCacheCapacity|DescriptionCacheCapacity|default_query_exec_mode", []))
    child.say(
        "Pools and connections:\n- internal/db/pool.go:18-24 — the only pool constructor (`ParseConfig` + "
        "`NewWithConfig`), used by cmd/api/main.go:41, cmd/reminders/main.go:29 and "
        "internal/store/pgbouncer_test.go:47.\n- internal/testdb/postgres.go:52 — a single `pgx.Connect` to run "
        "goose migrations in tests.\nNo QueryExecMode, statement cache or description cache setting anywhere, "
        "and no `default_query_exec_mode` in DSNs: everything runs with pgx's default "
        "(QueryExecModeCacheStatement)."
    )


REMINDERS_LOG = (
    'time=2027-08-18T03:00:04.217+03:00 level=ERROR msg="reminders run failed" '
    'err="list due invoices: ERROR: bind message supplies 3 parameters, but prepared statement '
    '\\"stmtcache_5e2a91d0c7b3f846\\" requires 1 (SQLSTATE 08P01)"'
)

PGB_INI = """[databases]
kvits = host={{ postgres_private_host }} port=5432 dbname=kvits

[pgbouncer]
listen_addr = {{ pgbouncer_listen_addr }}
listen_port = 6432
auth_type = scram-sha-256
auth_file = /etc/pgbouncer/userlist.txt
pool_mode = transaction
default_pool_size = 40
max_client_conn = 400
server_reset_query ="""


def k13() -> Session:
    s = new("k13-exec-mode", "2027-08-18T06:15:26", "2.1.160", "pgx-exec-mode", "no-named-statements-eider")
    s.user(
        "naktī nokrita kvits-reminders:\n\n```\n" + REMINDERS_LOG + "\n```\n\nun Jāņa tests (viņš to pārsauca par "
        "TestStore_TransactionPooling) joprojām sarkans. tas viss ir viens un tas pats: pgx statement cache pret "
        "pgbouncer transaction režīmā — 42P05 pie invoices, portāla 500, tests, tagad šitas. izlabo vienreiz, "
        "kārtīgi, visiem binārijiem."
    )
    s.title("pgx statement cache behind PgBouncer transaction pooling")
    s.act(
        "First, every place kvits opens a pool or a connection and what query mode it uses:",
        Agent(
            "Find pgx pools and query modes",
            "In this Go repository, find every place that creates a pgx pool or connection (pgxpool.New, "
            "pgxpool.NewWithConfig, pgxpool.ParseConfig, pgx.Connect) and every QueryExecMode, statement cache or "
            "default_query_exec_mode setting, in cmd/ and internal/. Report file:line. Read-only: never run sqlc "
            "generate or go mod tidy while looking.",
            "Explore",
            explore_pools,
        ),
    )
    s.act(
        None,
        Read("internal/db/pool.go", POOL),
        Read("/home/martins/code/kvits-infra/roles/pgbouncer/templates/pgbouncer.ini.j2", PGB_INI),
    )
    s.say(
        "PgBouncer runs `pool_mode = transaction`, and every kvits binary goes through `db.NewPool` with pgx's "
        "default `QueryExecModeCacheStatement`: each query is prepared under a name (`stmtcache_<hash>`) on the "
        "server connection pgx believes it owns. In transaction mode PgBouncer gives the client whatever backend "
        "is free for each transaction, so the named statement is missing there (26000), already exists under "
        "that name from another client (42P05), or is a different query's statement (the 08P01 bind mismatch). "
        "Two ways out: let PgBouncer track prepared statements (`max_prepared_statements`, kvits-infra), or stop "
        "using named statements in pgx. The second is one line in `NewPool` and covers every binary."
    )
    s.user(
        "Lēmums: PgBouncer paliek transaction režīmā, pielāgojamies klienta pusē. pgbouncer konfigu neaiztiec.",
        decisions=["PgBouncer paliek transaction režīmā, pielāgojamies klienta pusē"],
    )
    s.act(
        "`QueryExecModeExec` sends each query with the extended protocol and an unnamed statement in one round "
        "trip, with parameter types taken from the Go values, so nothing named lives on the server:",
        Edit(
            "internal/db/pool.go",
            '	"github.com/jackc/pgx/v5/pgxpool"\n',
            '	"github.com/jackc/pgx/v5"\n	"github.com/jackc/pgx/v5/pgxpool"\n',
        ),
        Edit(
            "internal/db/pool.go",
            "	cfg.MaxConnIdleTime = 5 * time.Minute\n",
            "	cfg.MaxConnIdleTime = 5 * time.Minute\n"
            "	// PgBouncer runs in transaction mode: a named prepared statement lives on one backend, and the next\n"
            "	// transaction may get another. Unnamed statements, one round trip, no server-side cache.\n"
            "	cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/store -run TestStore_TransactionPooling -count=5 -v",
            go_test([("internal/store", 21.907)], verbose_ok=["TestStore_TransactionPooling"] * 5),
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            'go test -race ./... && go run ./cmd/reminders -once -dsn "$STAGING_BOUNCER_DSN"',
            ok_all([("internal/reminders", 5.407), ("internal/vat", 0.007)])
            + '\ntime=2027-08-18T09:24:51.003+03:00 level=INFO msg="reminders run done" due=17 sent=17',
            secs=70,
        ),
    )
    s.say(
        "`TestStore_TransactionPooling` passes five times in a row through PgBouncer, the whole suite is green "
        "with `-race`, and a reminders run against staging's PgBouncer sent all 17 reminders. The API, the "
        "portal and reminders all get the mode from `NewPool`."
    )
    s.user(
        "lesson: pgx keeps prepared statements per connection, and pgbouncer in transaction mode hands out "
        "whatever backend is free, so the named statement is either missing or already taken. commit un PR.",
        lessons=[
            "pgx keeps prepared statements per connection, and pgbouncer in transaction mode hands out whatever "
            "backend is free, so the named statement is either missing or already taken"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'db: use unnamed statements behind pgbouncer' && git push -u origin "
            "pgx-exec-mode && gh pr create --fill",
            git_commit("pgx-exec-mode", "c2a9e57", "db: use unnamed statements behind pgbouncer", 1, 4, 0)
            + "\nhttps://github.com/kvits-lv/kvits/pull/224",
            secs=6,
        ),
    )
    s.say("PR #224 is open.")
    s.not_person("Read-only: never run sqlc generate or go mod tidy while looking.", "subagent_prompt")
    s.outcome("success", "pgx QueryExecModeExec in NewPool; the pgbouncer test, suite and staging reminders green, PR")
    s.hit("pgbouncer-prepared-statements", fixed=True)
    return s


DETACH = """package httpapi

import (
	"context"
	"net/http"
	"time"
)

// detach gives work that outlives the request the request's values (request_id, user) but not its
// cancellation: net/http cancels r.Context() as soon as the handler returns.
func detach(r *http.Request, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(r.Context()), d)
}
"""


def k14() -> Session:
    s = new("k14-detach-context", "2027-08-19T06:30:55", "2.1.161", "detach-ctx", "outlived-request-scoter")
    s.user(
        "tas flaky tests (tagad saucas TestCreateInvoice_NotifiesCustomer) atkal krita, un klientu ERP webhooki "
        "dažreiz neaiziet, logā `webhook delivery: context canceled`. plus tie pazudušie audit ieraksti — jaunais "
        "logs no #219 jau rāda `audit insert failed ... context canceled` — un Peppol. man ir aizdomas, ka visur viens "
        "un tas pats: goroutīna ar request kontekstu. izej cauri visiem `go ` handleros."
    )
    s.title("Goroutines started with the request context")
    s.act(
        None,
        Grep(
            "go .*r\\.Context\\(\\)",
            [
                "internal/httpapi/invoices.go:45:	go h.delivery.Send(r.Context(), inv.ID)",
                "internal/httpapi/invoices.go:46:	go h.notify(r.Context(), inv)",
                "internal/httpapi/drafts.go:71:	go h.audit.Record(r.Context(), audit.Entry{",
                "internal/httpapi/webhooks.go:38:	go h.hooks.Deliver(r.Context(), ev)",
            ],
            path="internal/httpapi",
            mode="content",
        ),
    )
    s.say(
        "Four goroutines get `r.Context()`. net/http cancels that context when `ServeHTTP` returns, i.e. right "
        "after the response is written, so each of them races the end of its request: Peppol sends, the "
        "notification mail, the audit insert and the ERP webhook fail with `context canceled` whenever they "
        "haven't finished by then. `context.WithoutCancel` (Go 1.21) keeps the request's values (request_id, "
        "user for the audit) and drops the cancellation; a timeout keeps them bounded:"
    )
    s.act(None, Write("internal/httpapi/detach.go", DETACH))
    s.act(
        None,
        Edit(
            "internal/httpapi/invoices.go",
            "	go h.delivery.Send(r.Context(), inv.ID)\n	go h.notify(r.Context(), inv)",
            "	bg, cancel := detach(r, time.Minute)\n	go func() {\n		defer cancel()\n"
            "		h.delivery.Send(bg, inv.ID)\n		h.notify(bg, inv)\n	}()",
        ),
        Edit(
            "internal/httpapi/drafts.go",
            "	go h.audit.Record(r.Context(), audit.Entry{",
            "	bg, cancel := detach(r, 10*time.Second)\n	go h.audit.Record(bg, cancel, audit.Entry{",
        ),
        Edit(
            "internal/httpapi/webhooks.go",
            "	go h.hooks.Deliver(r.Context(), ev)",
            "	bg, cancel := detach(r, time.Minute)\n	go func() {\n		defer cancel()\n		h.hooks.Deliver(bg, ev)\n	}()",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/audit/audit.go",
            "func (a *Log) Record(ctx context.Context, e Entry) {",
            "func (a *Log) Record(ctx context.Context, done context.CancelFunc, e Entry) {\n	defer done()",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race -count=50 -run 'TestCreateInvoice_NotifiesCustomer|TestDeleteDraft_Audits' "
            "./internal/httpapi/",
            go_test([("internal/httpapi", 14.882)]),
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && go test -race ./...",
            "0 issues.\n" + ok_all([("internal/audit", 0.091), ("internal/reminders", 5.6), ("internal/vat", 0.006)]),
            secs=80,
        ),
    )
    s.say(
        "All four goroutines now run on `detach(r, …)`: the request's values without its cancellation, with a "
        "timeout. The notification and audit tests pass 50 times in a row under `-race`; lint and the suite "
        "are green."
    )
    s.user(
        "mācība: r.Context() tiek atcelts, tiklīdz handleris atgriežas, goroutīnā to drīkst lietot tikai caur "
        "WithoutCancel. commit, PR.",
        lessons=[
            "r.Context() tiek atcelts, tiklīdz handleris atgriežas, goroutīnā to drīkst lietot tikai caur WithoutCancel"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'httpapi: detach background work from the request context' && git push -u "
            "origin detach-ctx && gh pr create --fill",
            git_commit("detach-ctx", "9b4f0e6", "httpapi: detach background work from the request context", 5, 41, 6)
            + "\nhttps://github.com/kvits-lv/kvits/pull/227",
            secs=6,
        ),
    )
    s.say("PR #227 is open.")
    s.outcome("success", "goroutines detached with context.WithoutCancel and a timeout; flaky test 50/50, PR opened")
    s.hit("request-context-goroutine", fixed=True)
    return s


SERIES_MIGRATION = """-- +goose Up
CREATE TABLE invoice_series (
    customer_id uuid PRIMARY KEY REFERENCES customers (id),
    prefix      text NOT NULL,
    next_number integer NOT NULL DEFAULT 1 CHECK (next_number > 0)
);
"""


def k15() -> Session:
    s = new("k15-invoice-series", "2027-08-20T06:40:17", "2.1.162", "invoice-series", "numbering-pipit")
    s.user(
        "rēķinu sērijas: tabula invoice_series (customer_id, prefix, next_number), katram klientam sava. down "
        "sadaļas migrācijās turpmāk nerakstām, kļūdu labo nākamā migrācija uz priekšu — stagingā rollbacks tāpat "
        "ne reizi nav noderējis.",
        rules=[
            (
                "goose-forward",
                "down sadaļas migrācijās turpmāk nerakstām, kļūdu labo nākamā migrācija uz priekšu",
                "goose-down",
            )
        ],
    )
    s.title("Per-customer invoice series")
    s.act(
        None,
        Glob(
            "migrations/*.sql",
            ["migrations/20270806081500_credit_notes.sql", "migrations/20270812093000_vat_rates.sql"],
        ),
    )
    s.act(
        "Up only:",
        Write("migrations/20270820094500_invoice_series.sql", SERIES_MIGRATION),
        Write(
            "queries/invoice_series.sql",
            "-- name: UpsertInvoiceSeries :one\nINSERT INTO invoice_series (customer_id, prefix)\nVALUES ($1, $2)\n"
            "ON CONFLICT (customer_id) DO UPDATE SET prefix = EXCLUDED.prefix\nRETURNING *;\n\n"
            "-- name: NextInvoiceNumber :one\nUPDATE invoice_series SET next_number = next_number + 1\n"
            "WHERE customer_id = $1\nRETURNING prefix, next_number - 1 AS number;\n",
        ),
    )
    s.act(
        None,
        Bash("sqlc generate && go build ./...", "", secs=4),
        Grep(
            "settings/numbering",
            ['internal/httpapi/settings.go:22:	r.Put("/numbering", h.PutNumbering)'],
            mode="content",
        ),
    )
    s.say(
        "`PUT /v1/customers/{id}/series` can replace `PUT /v1/settings/numbering`, which sets one global prefix. "
        "Shall I remove the old endpoint in the same change?"
    )
    s.user(
        "for now leave the old /v1/settings/numbering endpoint, the portal still calls it.",
        non_rules=["for now leave the old /v1/settings/numbering endpoint"],
    )
    s.act(
        None,
        Write(
            "internal/httpapi/series.go",
            "package httpapi\n\nfunc (h *CustomerHandler) PutSeries(w http.ResponseWriter, r *http.Request) {\n"
            '\tvar in struct {\n\t\tPrefix string `json:"prefix"`\n\t}\n\tif err := decodeJSON(r, &in); err != nil '
            "{\n\t\twriteError(w, http.StatusBadRequest, err.Error())\n\t\treturn\n\t}\n"
            "\tseries, err := h.q.UpsertInvoiceSeries(r.Context(), db.UpsertInvoiceSeriesParams{\n"
            "\t\tCustomerID: customerID(r),\n\t\tPrefix:     in.Prefix,\n\t})\n\tif err != nil {\n\t\th.fail(w, r, err)\n"
            "\t\treturn\n\t}\n\twriteJSON(w, http.StatusOK, series)\n}\n",
        ),
    )
    s.act(None, Bash("go test ./...", ok_all([("internal/audit", 0.09), ("internal/vat", 0.006)]), secs=40))
    s.say(
        "`invoice_series` (Up only), `UpsertInvoiceSeries` / `NextInvoiceNumber`, and `PUT "
        "/v1/customers/{id}/series`; the old numbering endpoint stays. Tests pass."
    )
    s.user("labi. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'invoices: per-customer invoice series'",
            git_commit("invoice-series", "1e7d3c8", "invoices: per-customer invoice series", 5, 96, 0),
        ),
    )
    s.say("Committed (`1e7d3c8`).")
    s.outcome("success", "invoice_series table without a Down section, queries and endpoint; committed")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]

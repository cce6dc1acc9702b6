"""Bat-Erdene's `malchin` sessions (m01-m15): a Go 1.23 gRPC service for herder livestock counts and pasture
records, sqlc on PostgreSQL 16 (PostGIS), goose migrations, testcontainers-go, golangci-lint, a Docker image on
ghcr.io deployed to a k3s cluster of Raspberry Pi nodes. He runs it in WSL2 Ubuntu 24.04. Times are UTC;
Ulaanbaatar is UTC+8, so his mornings are around 01:00-04:00 UTC."""

from __future__ import annotations

from fake_output import MAL, git_commit, go_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "malchin"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MAL, project=PROJECT)


def ide(path: str) -> list[str]:
    """The VS Code (Remote - WSL) extension's note on the file open in the editor."""
    return [
        f"<ide_opened_file>The user opened the file {MAL}/{path} in the IDE. This may or may not be related to "
        "the current task.</ide_opened_file>"
    ]


PASTURES_GO = """package store

import (
\t"context"
\t"fmt"

\t"github.com/jackc/pgx/v5/pgxpool"
)

type Pasture struct {
\tID       int64
\tName     string
\tSoum     string
\tDistance float64
}

type PastureStore struct {
\tpool *pgxpool.Pool
}

// ListNearby is hand-written because sqlc cannot type the PostGIS geography functions.
func (s *PastureStore) ListNearby(ctx context.Context, lon, lat float64, km int) ([]Pasture, error) {
\trows, err := s.pool.Query(ctx, `
\t\tSELECT id, name, soum, ST_Distance(geom, ST_MakePoint($1, $2)::geography) / 1000
\t\tFROM pastures
\t\tWHERE ST_DWithin(geom, ST_MakePoint($1, $2)::geography, $3 * 1000)
\t\tORDER BY 4`, lon, lat, km)
\tif err != nil {
\t\treturn nil, fmt.Errorf("list nearby pastures: %w", err)
\t}
\tvar out []Pasture
\tfor rows.Next() {
\t\tvar p Pasture
\t\tif err := rows.Scan(&p.ID, &p.Name, &p.Soum, &p.Distance); err != nil {
\t\t\treturn nil, fmt.Errorf("scan pasture: %w", err)
\t\t}
\t\tout = append(out, p)
\t\tif len(out) == 50 {
\t\t\treturn out, nil
\t\t}
\t}
\treturn out, nil
}"""

LEAK_TIMEOUT = """panic: test timed out after 2m0s
\trunning tests:
\t\tTestListNearbyPastures (2m0s)

goroutine 41 [select]:
github.com/jackc/puddle/v2.(*Pool[...]).acquire(0xc0001a2000, {0x10c3e28, 0xc0000a4000})
\t/home/baterdene/go/pkg/mod/github.com/jackc/puddle/v2@v2.2.2/pool.go:395 +0x2b4
github.com/jackc/pgx/v5/pgxpool.(*Pool).Acquire(0xc0001a2000, {0x10c3e28, 0xc0000a4000})
\t/home/baterdene/go/pkg/mod/github.com/jackc/pgx/v5@v5.7.1/pgxpool/pool.go:526 +0x9a
github.com/jackc/pgx/v5/pgxpool.(*Pool).Query(0xc0001a2000, {0x10c3e28, 0xc0000a4000}, {0xf1a3c0, 0x9d}, ...)
\t/home/baterdene/go/pkg/mod/github.com/jackc/pgx/v5@v5.7.1/pgxpool/pool.go:712 +0x45
github.com/tsetseg/malchin/internal/store.(*PastureStore).ListNearby(...)
\t/home/baterdene/src/malchin/internal/store/pastures.go:25 +0x8c
FAIL\tgithub.com/tsetseg/malchin/internal/store\t120.412s
FAIL"""

REPORT_TEST = """func TestDailyHerdReport(t *testing.T) {
\tdb := testdb.Start(t)
\tq := sqlc.New(db)
\tmustRecord(t, q, "Баян-Өндөр", 412, time.Date(2028, 4, 11, 7, 30, 0, 0, ulaanbaatar))
\tgot, err := report.Daily(ctx, q, "Баян-Өндөр", date(2028, 4, 11))
\trequire.NoError(t, err)
\trequire.Equal(t, "2028-04-11", got.Day)
\trequire.Equal(t, 412, got.Heads)
}"""

MIGRATION_0003 = """-- +goose Up
CREATE TABLE herd_counts (
    id          bigserial PRIMARY KEY,
    herder_id   bigint    NOT NULL REFERENCES herders (id),
    soum        text      NOT NULL,
    heads       integer   NOT NULL CHECK (heads >= 0),
    recorded_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX herd_counts_soum_recorded_at ON herd_counts (soum, recorded_at);

-- +goose Down
DROP TABLE herd_counts;"""

HANDLER_GO = """func (s *Server) GetHerdCount(ctx context.Context, req *pb.GetHerdCountRequest) (*pb.HerdCount, error) {
\tc, err := s.q.GetHerdCount(ctx, req.GetId())
\tif err != nil {
\t\treturn nil, fmt.Errorf("get herd count %d: %w", req.GetId(), err)
\t}
\treturn &pb.HerdCount{
\t\tId:         c.ID,
\t\tSoum:       c.Soum,
\t\tHeads:      c.Heads,
\t\tRecordedAt: timestamppb.New(c.RecordedAt),
\t}, nil
}"""

GOLANGCI = """run:
  timeout: 3m
linters:
  enable:
    - errcheck
    - govet
    - staticcheck
    - errorlint
    - revive
linters-settings:
  errcheck:
    # Never disable errcheck; wrap the error instead.
    check-type-assertions: true"""

DOCKERFILE = """FROM golang:1.23-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -o /out/malchin ./cmd/malchin

FROM gcr.io/distroless/static-debian12
COPY --from=build /out/malchin /malchin
ENTRYPOINT ["/malchin"]"""


# ---------------------------------------------------------------------------------------------------------------


def m01() -> Session:
    s = new("m01-herd-service", "2028-04-10T01:12:40", "2.1.157", "herd-counts", "herd-counts-ibex")
    s.user(
        "Сайн байна уу. Энэ долоо хоногоос malchin дээр мал тооллогын gRPC service эхлүүлж байна. Малчид soum "
        "бүрээр малын тоогоо өдөр бүр оруулна. We compared GORM and sqlc last week with the team; we go with sqlc "
        "over GORM, the queries stay plain SQL and the reviewers can read them. Schema is in db/migrations (goose), "
        "queries in db/queries. One more thing about style: our Loki searches look for the error chain, so please "
        'wrap errors with %w and a short lowercase context, like "get herd count: ...". Could you start with '
        "CreateHerdCount and GetHerdCount?",
        rules=[("error-wrap", "wrap errors with %w and a short lowercase context")],
        decisions=["we go with sqlc over GORM, the queries stay plain SQL"],
    )
    s.title("Herd count gRPC service with sqlc")
    s.act(None, Read("db/migrations/0003_herd_counts.sql", MIGRATION_0003))
    s.act(
        "The table is there. Adding the two queries and the handlers:",
        Write(
            "db/queries/herd_counts.sql",
            "-- name: CreateHerdCount :one\nINSERT INTO herd_counts (herder_id, soum, heads, recorded_at)\n"
            "VALUES ($1, $2, $3, $4)\nRETURNING *;\n\n-- name: GetHerdCount :one\nSELECT * FROM herd_counts "
            "WHERE id = $1;\n",
        ),
        Write("internal/grpcapi/herd_counts.go", "package grpcapi\n\n" + HANDLER_GO + "\n"),
    )
    s.act(
        None,
        Bash(
            "sqlc generate && go build ./... && go test ./internal/...",
            go_test([("internal/grpcapi", 0.412), ("internal/report", 0.108), ("internal/store", 6.904)]),
            secs=24,
        ),
    )
    s.say(
        "CreateHerdCount and GetHerdCount are in place; sqlc generated `internal/db/sqlc/herd_counts.sql.go`, and "
        "errors are wrapped as `get herd count %d: %w`. All tests pass."
    )
    s.user(
        "Сайн байна. Commit хийгээд өгөөч. Манай changelog tool commit-уудыг уншдаг, тиймээс please write commit "
        "messages in English in the conventional commits style (feat:, fix:, chore:).",
        rules=[
            (
                "conventional-commits",
                "please write commit messages in English in the conventional commits style",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(herd): add CreateHerdCount and GetHerdCount'",
            git_commit("herd-counts", "51c0a9e", "feat(herd): add CreateHerdCount and GetHerdCount", 5, 188, 0),
        ),
    )
    s.say("Committed as `feat(herd): add CreateHerdCount and GetHerdCount` (`51c0a9e`).")
    s.user("баярлалаа!")
    s.outcome("success", "CreateHerdCount/GetHerdCount with sqlc added, tests pass, committed")
    return s


def m02() -> Session:
    s = new("m02-golangci-version", "2028-04-11T01:40:02", "2.1.157", "herd-counts", "lint-version-marmot")
    s.user(
        "I updated Go to 1.23.4 in WSL yesterday and now golangci-lint refuses to run at all, this is what I see:\n\n"
        "```\n$ golangci-lint run ./...\nError: can't load config: the Go language version (go1.22) used to build "
        "golangci-lint is lower than the targeted Go version (1.23.4)\nFailed executing command with error: can't "
        "load config: the Go language version (go1.22) used to build golangci-lint is lower than the targeted Go "
        "version (1.23.4)\n```\n\nCould you fix it so it works the same as in CI?"
    )
    s.act(
        None,
        Bash(
            "which golangci-lint && golangci-lint version && grep -n golangci .github/workflows/ci.yml",
            "/home/baterdene/go/bin/golangci-lint\ngolangci-lint has version 1.59.1 built with go1.22.5 from "
            "1a55854a on 2024-06-09T18:08:33Z\n31:          version: v1.62.2",
        ),
        Read(".golangci.yml", GOLANGCI),
    )
    s.act(
        "Your local binary is 1.59.1, built with Go 1.22; CI uses v1.62.2. Installing the same version with the "
        "current toolchain:",
        Bash(
            "go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.62.2 && golangci-lint run ./...",
            "go: downloading github.com/golangci/golangci-lint v1.62.2\n...\n0 issues.",
            secs=95,
        ),
    )
    s.say("golangci-lint v1.62.2 (built with go1.23.4) now runs clean, the same version as CI.")
    s.user(
        "Ажиллаж байна, баярлалаа. Нэг асуулт: should we always return the counts sorted by soum, or is that the "
        "client's job?",
        non_rules=["should we always return the counts sorted by soum, or is that the client's job?"],
    )
    s.say(
        "I'd keep the order in the API: ListHerdCounts already has `ORDER BY soum, recorded_at`, and gRPC clients "
        "get a stable order for free. Sorting differently is still possible on the client."
    )
    s.not_person("# Never disable errcheck; wrap the error instead.", "tool_output")
    s.one_off(
        "golangci-lint 1.59.1 built with go1.22 refuses a go1.23.4 module ('the Go language version (go1.22) used "
        "to build golangci-lint is lower than the targeted Go version'); reinstalled v1.62.2 with go install"
    )
    s.outcome("success", "golangci-lint reinstalled at the CI version, runs clean")
    return s


def m03() -> Session:
    s = new("m03-nearby-hangs", "2028-04-12T02:05:33", "2.1.157", "nearby-pastures", "nearby-pasture-crane")
    s.user(
        "Өчигдөр ListNearby гэдэг PostGIS query нэмсэн, sqlc geography-г ойлгодоггүй болохоор гараар бичсэн. "
        "Одоо integration test нь дуусахгүй гацаад байна. testcontainers Postgres асаад, эхний хэдэн assert "
        "ногоон, тэгээд зогсчихдог. Шалгаад өгөөч?"
    )
    s.act(None, Read("internal/store/pastures.go", PASTURES_GO))
    cmd = "go test ./internal/store/ -run TestListNearbyPastures -timeout 2m"
    s.act(None, Bash(cmd, LEAK_TIMEOUT, code=1, secs=125))
    s.act(
        "It hangs in `pgxpool.(*Pool).Acquire`. The Postgres container may have been slow to start; running it again:",
        Bash(cmd, LEAK_TIMEOUT, code=1, secs=125),
    )
    s.act(
        "Same place. Clearing the test cache and the leftover containers, then one more run:",
        Bash(
            "go clean -testcache && docker ps -aq --filter label=org.testcontainers=true | xargs -r docker rm -f",
            "3f1b9c2e8a41\n9a0d7c15b2e3",
        ),
    )
    s.act(None, Bash(cmd, LEAK_TIMEOUT, code=1, secs=125))
    s.say(
        "Three runs, the same hang: the test loops ListNearby and at some call `Acquire` waits forever. I can raise "
        "the test timeout to 5m and MaxConns in the test pool to 20 so it finishes."
    )
    s.user("Үгүй ээ, timeout нэмээд нууж болохгүй, CI дээр ч бас удаан болно. Өнөөдөр цаг алга, маргааш дахиад харъя.")
    s.say("Understood, nothing changed; TestListNearbyPastures still hangs.")
    s.outcome("failed", "TestListNearbyPastures hangs in pgxpool Acquire; three identical runs, left unresolved")
    s.hit("pgx-rows-leak")
    return s


def m04() -> Session:
    s = new("m04-report-day-off", "2028-04-13T01:31:19", "2.1.158", "daily-report", "daily-report-gazelle")
    s.user(
        "Daily herd report-ийн тест локал дээр унаж байна, CI дээр ногоон. Юу болоод байгааг ойлгохгүй байна:\n\n"
        "```\n--- FAIL: TestDailyHerdReport (0.61s)\n    report_test.go:27:\n        \tError Trace:\t"
        "/home/baterdene/src/malchin/internal/report/report_test.go:27\n        \tError:      \tNot equal:\n"
        '        \t            \texpected: "2028-04-11"\n        \t            \tactual  : "2028-04-10"\n```',
        blocks_before=ide("internal/report/report_test.go"),
    )
    s.act(None, Read("internal/report/report_test.go", REPORT_TEST, offset=19))
    s.act(
        None,
        Bash(
            "date && echo TZ=$TZ && timedatectl show -p Timezone",
            "Thu Apr 13 09:33:02 +08 2028\nTZ=Asia/Ulaanbaatar\nTimezone=Asia/Ulaanbaatar",
        ),
    )
    s.say(
        "Your WSL runs in Asia/Ulaanbaatar, CI in UTC. The test records 07:30 Ulaanbaatar time, which is the "
        "previous day in UTC, and the report groups by date. Pinning the test's zone makes it behave like CI:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "internal/report/report_test.go",
                "\tdb := testdb.Start(t)\n",
                '\tt.Setenv("TZ", "UTC")\n\tdb := testdb.Start(t)\n',
            )
        ),
    )
    s.user(
        "Хэрэггүй. TZ=UTC болгочихвол тест ногоон болох ч малчдын утас Улаанбаатарын цагаар бичдэг, асуудал "
        "production дээр хэвээрээ үлдэнэ. Үүнийг дараа нь зөв засъя, одоо орхи."
    )
    s.say("Left as it is; the test still fails locally.")
    s.outcome("failed", "TestDailyHerdReport is a day off on his Ulaanbaatar-zoned laptop; TZ=UTC refused, left red")
    s.hit("timestamp-no-tz")
    return s


def m05() -> Session:
    s = new("m05-wsl-clock", "2028-04-14T00:58:47", "2.1.158", "main", "apt-clock-yak")
    s.user(
        "I wanted to install the PostGIS client tools, but apt update says this. The Windows clock in the taskbar "
        "looks right:\n\n```\nE: Release file for http://archive.ubuntu.com/ubuntu/dists/noble-updates/"
        "InRelease is not valid yet (invalid for another 5h 41min 12s). Updates for this repository will not be "
        "applied.\n```"
    )
    s.act(
        None,
        Bash(
            "date -u; powershell.exe -NoProfile -Command \"(Get-Date).ToUniversalTime().ToString('u')\"",
            "Thu Apr 13 19:17:55 UTC 2028\n2028-04-14 00:59:41Z",
        ),
    )
    s.say(
        "The WSL clock is 5 h 41 min behind Windows: WSL2's clock can stop while Windows sleeps and not catch up. "
        "Syncing it from the hardware clock:"
    )
    s.act(
        None,
        Bash(
            "sudo hwclock -s && date -u && sudo apt-get update -qq && sudo apt-get install -y postgis",
            "Fri Apr 14 00:59:58 UTC 2028\nSetting up postgis (3.4.2+dfsg-1ubuntu3) ...",
            secs=40,
        ),
    )
    s.say("The clock is right again, apt updated and postgis is installed.")
    s.user(
        "Ойлголоо. WSL унтаад сэрэхэд цаг нь хоцордог юм байна, санаж авлаа. Баярлалаа.",
        lessons=["WSL унтаад сэрэхэд цаг нь хоцордог юм байна, санаж авлаа"],
    )
    s.one_off(
        "apt update in WSL2 says 'Release file ... is not valid yet (invalid for another 5h 41min)' because the WSL "
        "clock fell behind while Windows slept; fixed with sudo hwclock -s"
    )
    s.outcome("success", "WSL clock resynced with hwclock -s, apt works, postgis installed")
    return s


def m06() -> Session:
    s = new("m06-staging-deadline", "2028-04-17T02:22:10", "2.1.158", "main", "staging-deadline-wolf")
    s.user(
        "Good morning. On staging the map screen started to hang this morning. The first requests are fine, and "
        'after maybe twenty or thirty the pasture search gives this:\n\n```\n$ grpcurl -d \'{"lon":106.91,'
        '"lat":47.92,"km":30}\' malchin.staging.tsetseg.mn:443 malchin.v1.PastureService/ListNearby\nERROR:\n'
        "  Code: DeadlineExceeded\n  Message: context deadline exceeded\n```\n\nThe other methods are slow too "
        "at that point. Could you look at what is going on?"
    )
    s.act(
        None,
        Bash(
            "kubectl -n malchin logs deploy/malchin --since=30m | tail -n 4",
            '{"level":"error","msg":"ListNearby","err":"list nearby pastures: context deadline '
            'exceeded","dur":"5.0s"}\n{"level":"error","msg":"GetHerdCount","err":"get herd count 88: '
            'failed to acquire connection: context deadline exceeded","dur":"5.0s"}\n{"level":"info",'
            '"msg":"pool","total":10,"acquired":10,"idle":0}',
        ),
        Read("internal/store/pastures.go", PASTURES_GO),
    )
    s.say(
        "All 10 connections of the pgxpool are acquired and none is idle, so new calls wait for a connection until "
        "their deadline. The quickest relief is a bigger pool: MaxConns 10 -> 40 in the config. As a general rule, "
        "always set a deadline on every outgoing gRPC call, so that a stuck pool shows up as an error quickly."
    )
    s.user(
        "40 болгоод яах юм, дахиад хэдэн зуун request-ийн дараа мөн адил болно шүү дээ. Pool-ийг томруулах "
        "хэрэггүй. Түр зуур pod-оо restart хийчихлээ, ажиллаж байна, гэхдээ шалтгаан нь олдоогүй."
    )
    s.say("OK. The pool size is unchanged; the cause (connections that are never given back) is still open.")
    s.not_person("always set a deadline on every outgoing gRPC call", "assistant_text")
    s.outcome(
        "failed", "staging ListNearby DeadlineExceeded with the pool exhausted; bigger pool refused, pod restarted"
    )
    s.hit("pgx-rows-leak")
    return s


def m07() -> Session:
    s = new("m07-recorded-at-shift", "2028-04-18T01:48:25", "2.1.159", "main", "recorded-at-heron")
    s.user(
        "Батаа ах (Хэнтийн малчин) өнөө өглөө 09:30-д тоо оруулсан, апп дээр 17:30 гэж харагдаж байна. grpcurl-аар "
        "шалгасан:\n\n```\n$ grpcurl -d '{\"id\": 1204}' malchin.staging.tsetseg.mn:443 "
        'malchin.v1.HerdService/GetHerdCount\n{\n  "id": "1204",\n  "soum": "Өндөрхаан",\n  "heads": 286,\n'
        '  "recordedAt": "2028-04-18T09:30:00Z"\n}\n```\n\n09:30 Z биш 01:30 Z байх ёстой. Яагаад ингэж '
        "байгааг олоод засаж өгөөч?"
    )
    s.act(
        None,
        Read("internal/grpcapi/herd_counts.go", HANDLER_GO),
        Read("db/migrations/0003_herd_counts.sql", MIGRATION_0003),
    )
    s.act(
        "recorded_at is `timestamp` without a zone, so the 09:30 the phone sent in Ulaanbaatar time is stored as a "
        "bare 09:30 and read back as UTC. Changing the column in the table's migration:",
        Edit(
            "db/migrations/0003_herd_counts.sql",
            "    recorded_at timestamp NOT NULL DEFAULT now()",
            "    recorded_at timestamp with time zone NOT NULL DEFAULT now()",
        ),
    )
    s.user(
        "Хүлээгээрэй. 0003 аль хэдийн staging, production дээр ажилласан. Production дээр ажилласан migration "
        "файлыг битгий засаарай, өөрчлөлт бүрийг шинэ migration-оор нэмнэ. Тэр өөрчлөлтөө буцаа.",
        rules=[
            (
                "no-migration-edit",
                "Production дээр ажилласан migration файлыг битгий засаарай, өөрчлөлт бүрийг шинэ migration-оор нэмнэ",
            )
        ],
    )
    s.act(
        "Reverted. Without touching the schema, the handler can read the stored value as Ulaanbaatar wall time:",
        Edit(
            "db/migrations/0003_herd_counts.sql",
            "    recorded_at timestamp with time zone NOT NULL DEFAULT now()",
            "    recorded_at timestamp NOT NULL DEFAULT now()",
        ),
        Edit(
            "internal/grpcapi/herd_counts.go",
            "\t\tRecordedAt: timestamppb.New(c.RecordedAt),",
            "\t\tRecordedAt: timestamppb.New(asUlaanbaatar(c.RecordedAt)),",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/grpcapi/ ./internal/report/",
            go_test(
                [],
                [
                    (
                        "internal/grpcapi",
                        "TestGetHerdCount_RoundTrip",
                        "    herd_counts_test.go:41: recordedAt = 2028-04-17T17:30:00Z, want 2028-04-18T01:30:00Z",
                    ),
                    (
                        "internal/report",
                        "TestDailyHerdReport",
                        '    report_test.go:27: expected "2028-04-11", actual "2028-04-10"',
                    ),
                ],
            ),
            code=1,
            secs=14,
        ),
    )
    s.interrupt()
    s.user("Болих. Одоо бүр 16 цаг зөрүүтэй болчихлоо. Handler-ийн өөрчлөлтийг буцаагаад орхи, өөр арга бодъё.")
    s.act(None, Bash("git checkout -- internal/grpcapi/herd_counts.go && git status --short", ""))
    s.say("The handler change is reverted; the shift on staging remains.")
    s.outcome(
        "failed", "recordedAt eight hours late on staging; editing 0003 stopped, a handler conversion made it worse"
    )
    s.hit("timestamp-no-tz")
    return s


def m08() -> Session:
    s = new("m08-arm64-image", "2028-04-19T02:10:51", "2.1.159", "main", "pi-cluster-camel")
    s.user(
        "Шинэ image-ээ k3s руу deploy хийсэн чинь pod CrashLoopBackOff болоод байна:\n\n```\n$ kubectl -n malchin "
        "logs malchin-6d9c7b5f4-x2kqp\nexec /malchin: exec format error\n```\n\nBuild-ийг би WSL дээрээ "
        "`docker build -t ghcr.io/tsetseg/malchin:latest .` гээд хийсэн. Юу буруу байна?"
    )
    s.act(
        None,
        Bash(
            "kubectl get nodes -o custom-columns=NAME:.metadata.name,ARCH:.status.nodeInfo.architecture && "
            "docker image inspect ghcr.io/tsetseg/malchin:latest --format '{{.Architecture}}'",
            "NAME      ARCH\npi-node1  arm64\npi-node2  arm64\npi-node3  arm64\namd64",
        ),
    )
    s.say(
        "The cluster nodes are Raspberry Pis (arm64), and the image was built for your WSL machine (amd64). Building "
        "for linux/arm64 with buildx:"
    )
    s.act(
        None,
        Bash(
            "docker buildx build --platform linux/arm64 -t ghcr.io/tsetseg/malchin:$(git rev-parse --short HEAD) "
            "--push . && kubectl -n malchin set image deploy/malchin malchin=ghcr.io/tsetseg/malchin:$(git rev-parse "
            "--short HEAD) && kubectl -n malchin rollout status deploy/malchin",
            "#14 pushing manifest for ghcr.io/tsetseg/malchin:8e41d07 done\ndeployment.apps/malchin image updated\n"
            'Waiting for deployment "malchin" rollout to finish: 1 old replicas are pending termination...\n'
            'deployment "malchin" successfully rolled out',
            secs=210,
        ),
    )
    s.say("The arm64 image `ghcr.io/tsetseg/malchin:8e41d07` is rolled out and the pod runs.")
    s.user(
        "Гоё. Note to self: the Pi nodes are arm64, build with --platform linux/arm64. And since we are here: tag "
        "the images with the git commit hash, not latest, so I can see in kubectl which commit runs. Шийдвэр: "
        "image-үүдээ ghcr.io дээр л хадгална, өөрсдийн registry ажиллуулахгүй.",
        lessons=["Note to self: the Pi nodes are arm64, build with --platform linux/arm64"],
        rules=[("image-tag-sha", "tag the images with the git commit hash, not latest")],
        decisions=["Шийдвэр: image-үүдээ ghcr.io дээр л хадгална, өөрсдийн registry ажиллуулахгүй"],
    )
    s.act(
        None,
        Edit("Makefile", "IMAGE_TAG ?= latest", "IMAGE_TAG ?= $(shell git rev-parse --short HEAD)"),
    )
    s.say("The Makefile now tags images with the short commit hash by default.")
    s.one_off(
        "the image built on amd64 WSL crashes on the arm64 Raspberry Pi k3s nodes with 'exec /malchin: exec format "
        "error'; rebuilt with docker buildx --platform linux/arm64"
    )
    s.outcome("success", "arm64 image built with buildx and rolled out; image tags switched to the commit hash")
    return s


def m09() -> Session:
    s = new("m09-stops-answering", "2028-04-20T01:35:14", "2.1.160", "main", "quiet-service-owl")
    s.user(
        "Staging дээрх malchin дахиад л хэсэг хугацааны дараа хариу өгөхөө больсон. Өглөө асаахад зүгээр, "
        "үдээс хойш газрын зургаа хэд хэдэн удаа ашигласны дараа бүх зүйл удааширч, эцэст нь хариу өгөхгүй "
        "болдог. Pod-оо restart хийхээр дахиад хэсэг хугацаанд ажилладаг. Юунаас болж байж магадгүй вэ?"
    )
    s.say(
        "That pattern (fine after a restart, worse with use, restart helps) usually means a resource that is taken "
        "and never given back, most often a database connection: if some code path keeps a connection from the "
        "pgxpool connection pool, the pool runs dry and every call waits. The first place I would look is the "
        "hand-written ListNearby in internal/store/pastures.go, since the map uses it. Shall I look now?"
    )
    s.user(
        "Өнөөдөр биш, review хийх юм их байна. Харин review-ээс нэг тэмдэглэл: gRPC алдааг status.Error-оор "
        "буцаагаарай, client-д дотоод алдааны текст харагдах ёсгүй.",
        rules=[
            ("grpc-status", "gRPC алдааг status.Error-оор буцаагаарай, client-д дотоод алдааны текст харагдах ёсгүй")
        ],
    )
    s.say("Noted; nothing changed today.")
    s.outcome("unknown", "described the service going quiet over the day; cause suggested, nothing tried")
    s.hit("pgx-rows-leak")
    return s


def m10() -> Session:
    s = new("m10-evening-counts", "2028-04-21T02:02:38", "2.1.160", "main", "evening-count-lark")
    s.user(
        "Naraa from the field team called me. She says the herd counts that herders send in the evening show up "
        "under the next day in the staging daily report, and the morning ones are fine. The herders check the "
        "report the next morning and think their numbers are double. Before I change anything, can you explain "
        "what could cause that?"
    )
    s.act(
        None,
        Grep(
            "recorded_at",
            [
                "db/migrations/0003_herd_counts.sql:7:    recorded_at timestamp NOT NULL DEFAULT now()",
                "db/queries/report.sql:4:WHERE soum = $1 AND recorded_at::date = $2",
            ],
            mode="content",
        ),
    )
    s.say(
        "`recorded_at` is a `timestamp without time zone`, and the report groups by `recorded_at::date`. The value "
        "is stored without knowing whose clock it came from, and the pods run in UTC while the herders live in "
        "Asia/Ulaanbaatar (UTC+8), so the day boundary of the report is not the herders' midnight. Where the "
        "evening shifts depend on which side converts; the column type is the root of it."
    )
    s.user("za ojloo, Naraa-tai yarilcaad daraa ni harya")
    s.outcome("unknown", "evening counts land on the next day in staging; explained, nothing changed")
    s.hit("timestamp-no-tz")
    return s


def m11() -> Session:
    s = new("m11-docker-daemon", "2028-04-24T01:20:09", "2.1.160", "herd-list", "docker-socket-hare")
    s.user(
        "I added pagination to ListHerdCounts. When I run the integration tests, after yesterday's Windows update I "
        "get this now:\n\n```\n--- FAIL: TestListHerdCounts_Pagination (0.01s)\n    testdb.go:22: "
        "create container: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker "
        "daemon running?\n```"
    )
    s.act(
        None,
        Bash(
            "docker version --format '{{.Server.Version}}'; ls -l /var/run/docker.sock",
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n"
            "ls: cannot access '/var/run/docker.sock': No such file or directory",
            code=1,
        ),
    )
    s.say(
        "There is no Docker socket in WSL: Docker Desktop is either not running, or its WSL integration for "
        "Ubuntu-24.04 was switched off by the update. Until then I could run the test against the dev database "
        "with DATABASE_URL instead of testcontainers."
    )
    s.user(
        "Dev database-ийг Оюунаа, Ганаа хоёр бас ашигладаг, тест өгөгдлөөр дүүргэмээргүй байна. Integration "
        "тестүүдийг shared dev database дээр биш, testcontainers дээр ажиллуулж байж болох уу? Docker Desktop-ийг "
        "шалгая: Settings > Resources > WSL integration дээр Ubuntu-24.04 унтарсан байсан, асаалаа.",
        rules=[
            (
                "tx-testcontainers",
                "Integration тестүүдийг shared dev database дээр биш, testcontainers дээр ажиллуулж байж болох уу",
            )
        ],
    )
    s.act(
        None, Bash("go test ./internal/store/ -run TestListHerdCounts", go_test([("internal/store", 7.215)]), secs=18)
    )
    s.say("With the WSL integration back on, testcontainers starts Postgres and TestListHerdCounts_Pagination passes.")
    s.user("Nice, thank you.")
    s.one_off(
        "after a Windows update Docker Desktop's WSL integration for Ubuntu-24.04 was off, so testcontainers-go "
        "failed with 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock'; switched back on"
    )
    s.outcome("success", "Docker Desktop WSL integration re-enabled; pagination tests pass on testcontainers")
    return s


def explore_rows(child: Session) -> None:
    child.act(
        None,
        Grep(
            "pool\\.Query\\(|rows\\.Close\\(\\)",
            [
                "internal/store/pastures.go:25:\trows, err := s.pool.Query(ctx, `",
                "internal/store/audit.go:31:\trows, err := s.pool.Query(ctx, listAuditSQL, herderID)",
                "internal/store/audit.go:35:\tdefer rows.Close()",
            ],
            mode="content",
        ),
    )
    child.act(None, Read("internal/store/pastures.go", PASTURES_GO))
    child.say(
        "Hand-written pgx queries:\n- internal/store/audit.go:31 Query, closed with defer rows.Close() at :35.\n"
        "- internal/store/pastures.go:25 Query in ListNearby: rows are never closed. The early returns at :36 (scan "
        "error) and :40 (50 results) leave the rows open, so the connection stays checked out of the pgxpool; "
        "rows.Err() is not checked either."
    )


PASTURES_FIXED_HEAD = """\tif err != nil {
\t\treturn nil, fmt.Errorf("list nearby pastures: %w", err)
\t}
\tvar out []Pasture"""


def m12() -> Session:
    s = new("m12-rows-close", "2028-04-25T01:44:50", "2.1.161", "nearby-fix", "rows-close-eagle")
    s.user(
        "I renamed the nearby test to TestPastureSearch_ManyCalls last week when I split it, and it is red again "
        "this morning, now with a different message:\n\n```\n--- FAIL: TestPastureSearch_ManyCalls (5.02s)\n    "
        "pastures_test.go:58: call 11: list nearby pastures: failed to acquire connection: context deadline "
        "exceeded\n```\n\nThe staging hangs and this feel like the same thing to me. Could you find where we lose "
        "the connections, and fix it properly this time?"
    )
    s.act(
        "Looking for every hand-written pgx query and whether it releases its rows:",
        Agent(
            "Find unclosed pgx rows",
            "In internal/store, list every place that calls pool.Query or conn.Query directly (not through sqlc) and "
            "say whether the returned rows are closed on every path, including early returns. Never modify files; "
            "always report file:line for each finding.",
            "Explore",
            explore_rows,
        ),
    )
    s.act(None, Read("internal/store/pastures.go", PASTURES_GO))
    s.act(
        "Found it. Checking that the test fails the same way against a database first:",
        Denied(
            Bash(
                "DATABASE_URL=postgres://malchin@dev-db.tsetseg.lan:5432/malchin go test ./internal/store/ -run TestPastureSearch",
                "",
            )
        ),
    )
    s.user(
        "dev DB deer test bitgii ajilluulaarai, testcontainers ashiglaarai gej helsen shuu.",
        rules=[
            ("tx-testcontainers", "dev DB deer test bitgii ajilluulaarai, testcontainers ashiglaarai gej helsen shuu")
        ],
    )
    s.act(
        "Right, sorry. Fixing ListNearby so that the rows are always closed and their error is checked:",
        Edit(
            "internal/store/pastures.go",
            PASTURES_FIXED_HEAD,
            PASTURES_FIXED_HEAD.replace("\tvar out []Pasture", "\tdefer rows.Close()\n\n\tvar out []Pasture"),
        ),
    )
    s.act(
        None,
        Edit(
            "internal/store/pastures.go",
            "\t\t}\n\t}\n\treturn out, nil\n}",
            '\t\t}\n\t}\n\tif err := rows.Err(); err != nil {\n\t\treturn nil, fmt.Errorf("iterate pastures: %w", err)\n'
            "\t}\n\treturn out, nil\n}",
        ),
    )
    s.act(None, Bash("go test ./internal/store/ -count=1", go_test([("internal/store", 9.877)]), secs=22))
    s.say(
        "`defer rows.Close()` right after the error check releases the connection on every return, and `rows.Err()` "
        "is checked after the loop. TestPastureSearch_ManyCalls and the rest of internal/store pass on testcontainers."
    )
    s.user(
        "Great, it was that simple. Lesson for me: every pool.Query needs its rows closed, or the pool quietly runs "
        "dry. Please commit and I will deploy to staging after lunch.",
        lessons=["Lesson for me: every pool.Query needs its rows closed, or the pool quietly runs dry"],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git add -A && git commit -m 'fix(store): close rows in ListNearby'",
            "0 issues.\n" + git_commit("nearby-fix", "c2f7e19", "fix(store): close rows in ListNearby", 1, 5, 0),
            secs=30,
        ),
    )
    s.say("Committed as `c2f7e19`, lint clean.")
    s.not_person("Never modify files; always report file:line for each finding.", "subagent_prompt")
    s.outcome("success", "leaked pgx rows in ListNearby found and closed; store tests pass, committed")
    s.hit("pgx-rows-leak", fixed=True)
    return s


SUMMARY_TEST_FAIL = (
    "--- FAIL: TestDailySummary_AcrossMidnight (0.74s)\n    summary_test.go:44: soum Өндөрхаан, day 2028-04-25: "
    "heads = 0, want 286\n    summary_test.go:45: soum Өндөрхаан, day 2028-04-26: heads = 286, want 0"
)

MIGRATION_0007 = """-- +goose Up
ALTER TABLE herd_counts
    ALTER COLUMN recorded_at TYPE timestamptz USING recorded_at AT TIME ZONE 'Asia/Ulaanbaatar';

-- +goose Down
ALTER TABLE herd_counts
    ALTER COLUMN recorded_at TYPE timestamp USING recorded_at AT TIME ZONE 'Asia/Ulaanbaatar';
"""


def m13() -> Session:
    s = new("m13-timestamptz", "2028-04-26T01:30:12", "2.1.161", "recorded-at-tz", "timestamptz-falcon")
    s.user(
        "Naraa-тай ярилцлаа. Малчдын утаснаас ирж байгаа бүх цаг Улаанбаатарын цагаар. Өчигдөр тестүүдээ "
        "салгасан, одоо нэр нь TestDailySummary_AcrossMidnight, локал дээр ингэж унаж байна:\n\n```\n"
        + SUMMARY_TEST_FAIL
        + "\n```\n\nЭнэ удаад үндсээр нь засъя. Шинэ migration хэрэгтэй байх."
    )
    s.act(
        None,
        Bash(
            "ls db/migrations && grep -rn recorded_at db/queries",
            "0001_herders.sql\n0002_pastures.sql\n0003_herd_counts.sql\n0004_soums.sql\n0005_audit.sql\n"
            "0006_herd_counts_page_idx.sql\ndb/queries/herd_counts.sql:2:INSERT INTO herd_counts (herder_id, "
            "soum, heads, recorded_at)\ndb/queries/report.sql:4:WHERE soum = $1 AND recorded_at::date = $2",
        ),
    )
    s.say(
        "The root is the column: `recorded_at timestamp` has no zone. A new migration turns it into `timestamptz`, "
        "reading the existing values as Ulaanbaatar time (that is what the phones sent), and the report takes the "
        "day in Asia/Ulaanbaatar."
    )
    s.user(
        "Тийм. Down хэсгийг нь бас бичээрэй: k3s дээр буцаахдаа goose down ажиллуулдаг, тиймээс migration болгон "
        "ажилладаг down-тай байх ёстой.",
        rules=[("migration-down", "migration болгон ажилладаг down-тай байх ёстой")],
    )
    s.act(
        None,
        Write("db/migrations/0007_recorded_at_timestamptz.sql", MIGRATION_0007),
        Edit(
            "db/queries/report.sql",
            "WHERE soum = $1 AND recorded_at::date = $2",
            "WHERE soum = $1 AND (recorded_at AT TIME ZONE 'Asia/Ulaanbaatar')::date = $2",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlc generate && go test ./... -count=1",
            go_test([("internal/grpcapi", 0.455), ("internal/report", 3.302), ("internal/store", 10.114)]),
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            'goose -dir db/migrations postgres "$TEST_DSN" down && goose -dir db/migrations postgres "$TEST_DSN" up',
            "OK   0007_recorded_at_timestamptz.sql (18.2ms)\nOK   0007_recorded_at_timestamptz.sql (21.9ms)",
        ),
    )
    s.say(
        "0007 changes `recorded_at` to `timestamptz` (`TYPE timestamptz USING recorded_at AT TIME ZONE "
        "'Asia/Ulaanbaatar'`), with a down that restores it; sqlc now generates `pgtype.Timestamptz`. All tests pass "
        "in your zone, including TestDailySummary_AcrossMidnight and TestDailyHerdReport, and down/up runs clean."
    )
    s.user(
        "Маш сайн. Сургамж: timestamp without time zone багана цагийн бүсээ алддаг, цаг хадгалах бол timestamptz "
        "хэрэглэх хэрэгтэй юм байна. Commit хий.",
        lessons=[
            "Сургамж: timestamp without time zone багана цагийн бүсээ алддаг, цаг хадгалах бол timestamptz хэрэглэх хэрэгтэй юм байна"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(herd): store recorded_at as timestamptz'",
            git_commit("recorded-at-tz", "7b30d4a", "fix(herd): store recorded_at as timestamptz", 5, 31, 12),
        ),
    )
    s.say("Committed as `7b30d4a`.")
    s.outcome("success", "recorded_at moved to timestamptz by a new migration with a down; all tests pass")
    s.hit("timestamp-no-tz", fixed=True)
    return s


WORKFLOW = """name: release
on:
  push:
    tags: ["v*"]
jobs:
  image:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: docker/setup-buildx-action@v3
      - uses: docker/build-push-action@v6
        with:
          platforms: linux/arm64
          push: true
          tags: ghcr.io/tsetseg/malchin:${{ github.sha }}"""


def m14() -> Session:
    s = new("m14-release-workflow", "2028-04-27T01:15:44", "2.1.162", "release-ci", "release-tag-stork")
    s.user(
        "We want to build the images in GitHub Actions instead of on my laptop, on every pushed tag. There is a "
        "draft in .github/workflows/release.yml. Could you finish it, with the arm64 platform, and make the Makefile "
        "target call the same thing?"
    )
    s.act(None, Read(".github/workflows/release.yml", WORKFLOW), Read("Dockerfile", DOCKERFILE))
    s.act(
        None,
        Bash(
            "go test -race ./... -count=1",
            go_test([("internal/grpcapi", 1.412), ("internal/report", 4.019), ("internal/store", 12.6)]),
            secs=60,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Bat-Erdene wants release images built in GitHub Actions on pushed tags, "
        "arm64 only, and the Makefile to match.\nSummary:\n1. Read .github/workflows/release.yml (draft, tags the "
        "image with github.sha) and the Dockerfile (distroless, CGO off).\n2. go test -race ./... passes.\n3. "
        "Always run go test with -race in this repository.\nPending: finish the workflow, Makefile release target.",
        88400,
        6900,
    )
    s.user(
        "One change first. After the standup we decided to tag images with the release version like v0.4.2 instead "
        "of the commit hash: the ops people read the version in kubectl and in Grafana, a hash tells them nothing. "
        "Бас нэг зүйл: өчигдөр багаараа ярилцаад commit message-ийн conventional форматаас татгалзсан, changelog-оо "
        "гараар бичнэ. Энгийн нэг өгүүлбэрээр юу хийснээ бичихэд хангалттай. And we decided to keep one Postgres "
        "per environment, not a schema per tenant, so the release does not need any tenant step.",
        rules=[
            (
                "image-tag-semver",
                "tag images with the release version like v0.4.2 instead of the commit hash",
                "image-tag-sha",
            ),
            (
                "plain-commits",
                "commit message-ийн conventional форматаас татгалзсан, changelog-оо гараар бичнэ. Энгийн нэг "
                "өгүүлбэрээр юу хийснээ бичихэд хангалттай",
                "conventional-commits",
            ),
        ],
        decisions=["we decided to keep one Postgres per environment, not a schema per tenant"],
    )
    s.act(
        None,
        Edit(
            ".github/workflows/release.yml",
            "          tags: ghcr.io/tsetseg/malchin:${{ github.sha }}",
            "          tags: ghcr.io/tsetseg/malchin:${{ github.ref_name }}",
        ),
        Edit(
            "Makefile",
            "IMAGE_TAG ?= $(shell git rev-parse --short HEAD)",
            "IMAGE_TAG ?= $(shell git describe --tags --abbrev=0)",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Build release images in CI and tag them with the version'",
            git_commit("release-ci", "e90b6a2", "Build release images in CI and tag them with the version", 2, 9, 3),
        ),
    )
    s.say(
        "The workflow builds linux/arm64 on every `v*` tag and tags the image with the tag name (e.g. `v0.4.2`); "
        "`make image` uses `git describe --tags`. Committed as a plain sentence."
    )
    s.user("Perfect, thanks.")
    s.not_person("Always run go test with -race in this repository.", "compaction_summary")
    s.outcome("success", "release workflow builds arm64 images tagged with the version; committed")
    return s


DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: malchin
  namespace: malchin
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: malchin
          image: ghcr.io/tsetseg/malchin:v0.4.2
          ports:
            - containerPort: 9090"""


def m15() -> Session:
    s = new("m15-pull-policy", "2028-04-28T02:40:03", "2.1.163", "main", "pull-policy-crane")
    s.user(
        "Асуулт байна. Version tag руу шилжсэн болохоор нэг зүйл сонирхож байна: k3s image-ээ үргэлж шинээр татдаг "
        "уу, эсвэл tag нь өөрчлөгдөөгүй бол node дээрх cache-ээс авдаг уу?",
        non_rules=["k3s image-ээ үргэлж шинээр татдаг уу"],
    )
    s.act(None, Read("deploy/k8s/deployment.yaml", DEPLOYMENT))
    s.act(
        None,
        Bash(
            "kubectl -n malchin get deploy malchin -o jsonpath='{.spec.template.spec.containers[0].imagePullPolicy}'",
            "IfNotPresent",
        ),
    )
    s.say(
        "It uses the node's cache. The manifest sets no imagePullPolicy, and for a tag other than `latest` "
        "Kubernetes defaults to `IfNotPresent` (the cluster confirms it), so a node that already has `v0.4.2` does not "
        "pull it again. That is fine as long as a version tag is never pushed twice; with `latest` the default "
        "would be `Always`."
    )
    s.outcome("unknown", "a question about k3s image pull policy, answered; no reply")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]

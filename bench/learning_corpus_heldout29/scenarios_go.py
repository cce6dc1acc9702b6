"""Wei's `kuaidi-go` sessions (g01-g16): a Go 1.22 parcel-tracking service on Gin + GORM, MySQL 8 and Redis, run
with docker compose, tested with go test (testify, sqlite for the repo tests, Redis for the cache), linted with
golangci-lint, built on GitHub Actions. Times are UTC; Hangzhou is UTC+8."""

from __future__ import annotations

from fake_output import GO, MODULE, git_commit, go_test
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "kuaidi-go"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=GO, project=PROJECT)


MODEL = """package model

import "time"

type ParcelStatus int

const (
\tStatusPending   ParcelStatus = iota // 待揽收
\tStatusInTransit                     // 运输中
\tStatusDelivering                    // 派送中
\tStatusSigned                        // 已签收
)

type Parcel struct {
\tID        uint64       `gorm:"primaryKey"`
\tCarrier   string       `gorm:"size:16;uniqueIndex:uk_carrier_number"`
\tNumber    string       `gorm:"size:32;uniqueIndex:uk_carrier_number"`
\tStatus    ParcelStatus `gorm:"not null;default:0"`
\tIsSigned  bool         `gorm:"not null;default:false"`
\tSignedAt  *time.Time
\tRemark    string `gorm:"size:255"`
\tUpdatedAt time.Time
}

type TrackEvent struct {
\tID         uint64    `gorm:"primaryKey" json:"-"`
\tParcelID   uint64    `gorm:"index" json:"-"`
\tCarrier    string    `gorm:"size:16" json:"carrier"`
\tOccurredAt time.Time `json:"occurred_at"`
\tLocation   string    `gorm:"size:64" json:"location"`
\tDesc       string    `gorm:"size:255" json:"desc"`
}
"""

TRACK_REPO = """package repo

import (
\t"context"
\t"fmt"

\t"gorm.io/gorm"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
)

type TrackRepo struct{ db *gorm.DB }

func NewTrackRepo(db *gorm.DB) *TrackRepo { return &TrackRepo{db: db} }

func (r *TrackRepo) Events(ctx context.Context, carrier, number string) ([]model.TrackEvent, error) {
\tvar events []model.TrackEvent
\terr := r.db.WithContext(ctx).
\t\tJoins("JOIN parcels ON parcels.id = track_events.parcel_id").
\t\tWhere("parcels.carrier = ? AND parcels.number = ?", carrier, number).
\t\tOrder("track_events.occurred_at DESC").
\t\tFind(&events).Error
\tif err != nil {
\t\treturn nil, fmt.Errorf("track events %s/%s: %w", carrier, number, err)
\t}
\treturn events, nil
}
"""

TRACK_HANDLER = """package handler

import (
\t"net/http"

\t"github.com/gin-gonic/gin"

\t"github.com/kuaidi-team/kuaidi-go/internal/service"
)

type TrackHandler struct{ svc *service.TrackingService }

func NewTrackHandler(svc *service.TrackingService) *TrackHandler { return &TrackHandler{svc: svc} }

// GET /api/v1/track/:carrier/:number
func (h *TrackHandler) Get(c *gin.Context) {
\tevents, err := h.svc.Track(c.Request.Context(), c.Param("carrier"), c.Param("number"))
\tif err != nil {
\t\tc.JSON(http.StatusInternalServerError, gin.H{"error": "track lookup failed"})
\t\treturn
\t}
\tc.JSON(http.StatusOK, gin.H{"events": events})
}
"""

SERVICE_V1 = """package service

import (
\t"context"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
\t"github.com/kuaidi-team/kuaidi-go/internal/repo"
)

type TrackingService struct{ tracks *repo.TrackRepo }

func NewTrackingService(tracks *repo.TrackRepo) *TrackingService { return &TrackingService{tracks: tracks} }

func (s *TrackingService) Track(ctx context.Context, carrier, number string) ([]model.TrackEvent, error) {
\treturn s.tracks.Events(ctx, carrier, number)
}
"""

CACHE = """package cache

import (
\t"context"
\t"encoding/json"
\t"errors"
\t"time"

\t"github.com/redis/go-redis/v9"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
)

const trackTTL = 10 * time.Minute

type TrackCache struct{ rdb *redis.Client }

func NewTrackCache(rdb *redis.Client) *TrackCache { return &TrackCache{rdb: rdb} }

func trackKey(number string) string {
\treturn "track:" + number
}

func (c *TrackCache) Get(ctx context.Context, number string) ([]model.TrackEvent, bool, error) {
\traw, err := c.rdb.Get(ctx, trackKey(number)).Bytes()
\tif errors.Is(err, redis.Nil) {
\t\treturn nil, false, nil
\t}
\tif err != nil {
\t\treturn nil, false, err
\t}
\tvar events []model.TrackEvent
\treturn events, true, json.Unmarshal(raw, &events)
}

func (c *TrackCache) Set(ctx context.Context, number string, events []model.TrackEvent) error {
\traw, err := json.Marshal(events)
\tif err != nil {
\t\treturn err
\t}
\treturn c.rdb.Set(ctx, trackKey(number), raw, trackTTL).Err()
}
"""

SERVICE_V2 = """package service

import (
\t"context"
\t"log/slog"

\t"github.com/kuaidi-team/kuaidi-go/internal/cache"
\t"github.com/kuaidi-team/kuaidi-go/internal/model"
\t"github.com/kuaidi-team/kuaidi-go/internal/repo"
)

type TrackingService struct {
\ttracks *repo.TrackRepo
\tcache  *cache.TrackCache
}

func NewTrackingService(tracks *repo.TrackRepo, c *cache.TrackCache) *TrackingService {
\treturn &TrackingService{tracks: tracks, cache: c}
}

func (s *TrackingService) Track(ctx context.Context, carrier, number string) ([]model.TrackEvent, error) {
\tif events, ok, err := s.cache.Get(ctx, number); err == nil && ok {
\t\treturn events, nil
\t}
\tevents, err := s.tracks.Events(ctx, carrier, number)
\tif err != nil {
\t\treturn nil, err
\t}
\tif err := s.cache.Set(ctx, number, events); err != nil {
\t\tslog.WarnContext(ctx, "track cache set failed", "err", err)
\t}
\treturn events, nil
}
"""

CACHE_TEST = """package cache

import (
\t"context"
\t"testing"

\t"github.com/alicebob/miniredis/v2"
\t"github.com/redis/go-redis/v9"
\t"github.com/stretchr/testify/require"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
)

func newTestCache(t *testing.T) *TrackCache {
\tmr := miniredis.RunT(t)
\treturn NewTrackCache(redis.NewClient(&redis.Options{Addr: mr.Addr()}))
}

func TestTrackCache_RoundTrip(t *testing.T) {
\tc := newTestCache(t)
\tctx := context.Background()
\trequire.NoError(t, c.Set(ctx, "SF1234567890123", []model.TrackEvent{{Carrier: "SF", Desc: "已揽收"}}))
\tgot, ok, err := c.Get(ctx, "SF1234567890123")
\trequire.NoError(t, err)
\trequire.True(t, ok)
\trequire.Equal(t, "已揽收", got[0].Desc)
}
"""

PARCEL_REPO = """package repo

import (
\t"context"
\t"fmt"
\t"time"

\t"gorm.io/gorm"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
)

type ParcelRepo struct{ db *gorm.DB }

func NewParcelRepo(db *gorm.DB) *ParcelRepo { return &ParcelRepo{db: db} }

// UpdateStatus moves a parcel to a new status (carrier callbacks and customer-service corrections).
func (r *ParcelRepo) UpdateStatus(ctx context.Context, id uint64, st model.ParcelStatus, signedAt *time.Time) error {
\terr := r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).Updates(model.Parcel{
\t\tStatus:   st,
\t\tIsSigned: st == model.StatusSigned,
\t\tSignedAt: signedAt,
\t}).Error
\tif err != nil {
\t\treturn fmt.Errorf("update parcel %d status: %w", id, err)
\t}
\treturn nil
}
"""

PARCEL_REPO_TEST = """package repo

import (
\t"context"
\t"testing"
\t"time"

\t"github.com/stretchr/testify/require"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
\t"github.com/kuaidi-team/kuaidi-go/internal/testdb"
)

func TestParcelRepo_UpdateStatus(t *testing.T) {
\tsignedAt := time.Date(2027, 10, 12, 9, 30, 0, 0, time.Local)
\tcases := []struct {
\t\tname     string
\t\tfrom, to model.ParcelStatus
\t}{
\t\t{"pending_to_transit", model.StatusPending, model.StatusInTransit},
\t\t{"transit_to_signed", model.StatusInTransit, model.StatusSigned},
\t\t{"reset_to_pending", model.StatusSigned, model.StatusPending},
\t}
\tfor _, tc := range cases {
\t\tt.Run(tc.name, func(t *testing.T) {
\t\t\tdb := testdb.New(t)
\t\t\tp := model.Parcel{Carrier: "SF", Number: "SF1234567890123", Status: tc.from, IsSigned: tc.from == model.StatusSigned, SignedAt: &signedAt}
\t\t\trequire.NoError(t, db.Create(&p).Error)

\t\t\tvar at *time.Time
\t\t\tif tc.to == model.StatusSigned {
\t\t\t\tat = &signedAt
\t\t\t}
\t\t\trequire.NoError(t, NewParcelRepo(db).UpdateStatus(context.Background(), p.ID, tc.to, at))

\t\t\tvar got model.Parcel
\t\t\trequire.NoError(t, db.First(&got, p.ID).Error)
\t\t\trequire.Equal(t, tc.to, got.Status)
\t\t\trequire.Equal(t, tc.to == model.StatusSigned, got.IsSigned)
\t\t})
\t}
}
"""

COMPOSE = """services:
  mysql:
    image: mysql:8.0
    environment:
      MYSQL_ROOT_PASSWORD: root
      MYSQL_DATABASE: kuaidi
    ports:
      - "3306:3306"
    volumes:
      - mysql-data:/var/lib/mysql
  redis:
    image: redis:7-alpine
    ports:
      - "6379:6379"
  api:
    build: .
    environment:
      MYSQL_DSN: root:root@tcp(mysql:3306)/kuaidi?charset=utf8&parseTime=true&loc=Local
      REDIS_ADDR: redis:6379
    ports:
      - "8080:8080"
    depends_on:
      - mysql
      - redis

volumes:
  mysql-data:"""

CI_YML = """name: ci
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-22.04
    services:
      redis:
        image: redis:7-alpine
        ports: ['6379:6379']
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-go@v5
        with:
          go-version: '1.22'
      - uses: actions/cache@v3
        with:
          path: ~/go/pkg/mod
          key: gomod-${{ hashFiles('go.sum') }}
      - run: go test ./...
      - run: go test -tags integration ./...
  lint:
    runs-on: ubuntu-22.04
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-go@v5
        with:
          go-version: '1.22'
      - uses: golangci/golangci-lint-action@v6
        with:
          version: v1.55.2"""

GOLANGCI = """# golangci-lint config for kuaidi-go
# Never disable errcheck or govet here; fix the code instead.
run:
  timeout: 3m
linters:
  enable:
    - errcheck
    - govet
    - staticcheck
    - gofumpt
    - errorlint
    - bodyclose"""


# ---------------------------------------------------------------------------------------------------------------


def g01() -> Session:
    s = new("g01-track-endpoint", "2027-10-11T01:42:18", "2.1.220", "main", "track-endpoint-heron")
    s.user(
        "加一个查询接口 GET /api/v1/track/:carrier/:number，返回这票件的轨迹列表，按时间倒序。"
        "handler 里不要直接用 gorm，走 repo 层。",
        rules=[("repo-layer", "handler 里不要直接用 gorm，走 repo 层")],
    )
    s.title("Track lookup endpoint")
    s.act(
        None,
        Read("internal/model/parcel.go", MODEL),
        Glob(
            "internal/**/*.go",
            [
                "internal/handler/health.go",
                "internal/model/parcel.go",
                "internal/repo/parcel.go",
                "internal/testdb/testdb.go",
            ],
        ),
    )
    s.act(
        "Model 里已经有 `Parcel` 和 `TrackEvent`，`(carrier, number)` 是联合唯一索引。按 handler → service → repo 分三层写：",
        Write("internal/repo/track.go", TRACK_REPO),
        Write("internal/service/tracking.go", SERVICE_V1),
        Write("internal/handler/track.go", TRACK_HANDLER),
    )
    s.act(
        None,
        Edit(
            "cmd/server/main.go",
            '\tapi := r.Group("/api/v1")',
            '\tapi := r.Group("/api/v1")\n\ttrackH := handler.NewTrackHandler(service.NewTrackingService(repo.NewTrackRepo(db)))\n'
            '\tapi.GET("/track/:carrier/:number", trackH.Get)',
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./... && go test ./...",
            go_test(["internal/handler", "internal/repo", "internal/service"])
            + f"\n?   \t{MODULE}/cmd/server\t[no test files]",
        ),
    )
    s.say(
        "接口加好了：`GET /api/v1/track/:carrier/:number` → `TrackingService.Track` → `TrackRepo.Events`"
        "（join parcels，按 `occurred_at` 倒序）。handler 里没有 gorm。`go test ./...` 通过。\n\n"
        "顺便问一句：现在服务是 Gin + GORM 手搭的，要不要考虑 go-zero 这种框架，后面 RPC 拆分会省事一些？"
    )
    s.user(
        "决定了：用 Gin + GORM，不上 go-zero，团队就三个人，没必要。",
        decisions=["用 Gin + GORM，不上 go-zero，团队就三个人"],
    )
    s.say("好，保持 Gin + GORM。")
    s.user(
        "commit it. commit messages in English, conventional commits style (feat:, fix:, chore:).",
        rules=[("commit-en", "commit messages in English, conventional commits style")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: add track lookup endpoint'",
            git_commit("main", "3b71c0e", "feat: add track lookup endpoint", 4, 96, 1),
        ),
    )
    s.say("Committed as `3b71c0e` (`feat: add track lookup endpoint`).")
    s.turn_done()
    s.outcome("success", "track lookup endpoint through handler/service/repo; tests pass; committed")
    return s


def g02() -> Session:
    s = new("g02-redis-cache", "2027-10-12T02:05:44", "2.1.220", "feat/track-cache", "redis-cache-crane")
    s.user(
        "轨迹查询加 Redis 缓存，TTL 10 分钟，快递公司接口太慢。测试里用 miniredis，不连真 Redis。"
        "单元测试跟代码放一起，xxx_test.go 就放在同一个包里。",
        rules=[
            ("miniredis", "测试里用 miniredis，不连真 Redis"),
            ("unit-next", "单元测试跟代码放一起"),
        ],
    )
    s.say(
        "Before I start: Redis, or an in-process cache (e.g. ristretto)? In-process is faster and needs no "
        "network hop, but each replica would have its own copy."
    )
    s.user(
        "we go with Redis for the tracking cache, not an in-process one, we run 3 replicas behind the SLB. "
        "for now just mock the carrier API with httptest, the real client comes later.",
        decisions=["Redis for the tracking cache, not an in-process one"],
        non_rules=["for now just mock the carrier API with httptest"],
    )
    s.act(
        None,
        Bash(
            "go get github.com/alicebob/miniredis/v2@v2.33.0",
            "go: downloading github.com/alicebob/miniredis/v2 v2.33.0\ngo: downloading github.com/yuin/gopher-lua "
            "v1.1.1\ngo: added github.com/alicebob/gopher-json v0.0.0-20230218143504-906a9b012302\n"
            "go: added github.com/alicebob/miniredis/v2 v2.33.0\ngo: added github.com/yuin/gopher-lua v1.1.1",
            secs=5,
        ),
    )
    s.act(
        "Cache in `internal/cache`, used by the service; the test sits next to it:",
        Write("internal/cache/track.go", CACHE),
        Write("internal/cache/track_test.go", CACHE_TEST),
        Write("internal/service/tracking.go", SERVICE_V2),
    )
    s.act(
        None,
        Bash(
            "go test ./... && golangci-lint run ./...",
            go_test(["internal/cache", "internal/handler", "internal/repo", "internal/service"])
            + f"\n?   \t{MODULE}/cmd/server\t[no test files]",
            secs=9,
        ),
    )
    s.say(
        "Cached: `TrackingService.Track` reads `track:<number>` from Redis first and writes the result back with "
        "a 10-minute TTL. `track_test.go` uses miniredis. Tests and golangci-lint are clean."
    )
    s.user(
        "ok. run golangci-lint before every commit, CI is slow to tell me. commit.",
        rules=[("lint", "run golangci-lint before every commit")],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git add -A && git commit -m 'feat: cache track lookups in redis'",
            git_commit("feat/track-cache", "8e0d5a2", "feat: cache track lookups in redis", 5, 118, 4),
            secs=8,
        ),
    )
    s.say("Lint clean, committed as `8e0d5a2`.")
    s.outcome("success", "Redis cache for track lookups with miniredis tests; lint clean; committed")
    return s


def g03() -> Session:
    s = new("g03-revert-status-test", "2027-10-13T01:55:09", "2.1.220", "feat/status-correction", "revert-status-ibis")
    s.user("客服要能把误点的签收改回去。给 ParcelRepo.UpdateStatus 补个测试，包括从已签收改回待揽收的情况，跑一下。")
    s.act(None, Read("internal/repo/parcel.go", PARCEL_REPO), Read("internal/model/parcel.go", MODEL))
    s.act(
        "Table test with three transitions, including signed → pending:",
        Write("internal/repo/parcel_test.go", PARCEL_REPO_TEST),
    )
    fail = go_test(
        [],
        [("internal/repo", "TestParcelRepo_UpdateStatus/reset_to_pending", "parcel_test.go:41", "0x0", "0x3")],
        verbose_ok=[],
    )
    s.act(None, Bash("go test ./internal/repo/...", fail, code=1))
    s.act(
        "`reset_to_pending` fails: after `UpdateStatus(..., StatusPending, nil)` the row still has status 3. The "
        "other two transitions pass. The test reads the row back through the same `db`; sqlite may be handing "
        "back a cached row. I'll reload it in a fresh session so the test sees what was committed:",
        Denied(
            Edit(
                "internal/repo/parcel_test.go",
                "\t\t\trequire.NoError(t, db.First(&got, p.ID).Error)",
                "\t\t\trequire.NoError(t, db.Session(&gorm.Session{NewDB: true}).First(&got, p.ID).Error)",
            ),
            "别改测试，测试是对的",
        ),
    )
    s.say("OK, the test stays as it is. Want me to dig into `UpdateStatus` itself?")
    s.user("我去开会了，回头再看。测试先留着红的。")
    s.say("Left as is: `parcel_test.go` on `feat/status-correction`, `reset_to_pending` failing.")
    s.outcome("failed", "the new UpdateStatus test fails (signed -> pending keeps status 3); left red")
    s.hit("gorm-zero-value-update")
    return s


SAME_NUMBER_TEST = """package service

import (
\t"context"
\t"testing"

\t"github.com/stretchr/testify/require"

\t"github.com/kuaidi-team/kuaidi-go/internal/testdb"
)

// SF and ZTO number ranges overlap: the same number can be two different parcels.
func TestTrackingService_SameNumberTwoCarriers(t *testing.T) {
\tsvc, seed := newTestService(t, testdb.New(t))
\tseed("SF", "73123456789012", "【杭州】已揽收")
\tseed("ZTO", "73123456789012", "【义乌】已发出")
\tctx := context.Background()

\tsf, err := svc.Track(ctx, "SF", "73123456789012")
\trequire.NoError(t, err)
\trequire.Equal(t, "SF", sf[0].Carrier)

\tzto, err := svc.Track(ctx, "ZTO", "73123456789012")
\trequire.NoError(t, err)
\trequire.Equal(t, "ZTO", zto[0].Carrier)
}
"""


def g04() -> Session:
    s = new("g04-same-number-test", "2027-10-14T02:20:31", "2.1.221", "test/same-number", "two-carriers-egret")
    s.user("写个测试：同一个单号，顺丰一票、中通一票，分别查出来要是各自的轨迹。service 层测。")
    s.act(None, Read("internal/service/tracking.go", SERVICE_V2))
    s.act(None, Write("internal/service/tracking_test.go", SAME_NUMBER_TEST))
    fail = go_test(
        [],
        [("internal/service", "TestTrackingService_SameNumberTwoCarriers", "tracking_test.go:25", '"ZTO"', '"SF"')],
    )
    s.act(None, Bash("go test ./internal/service/...", fail, code=1))
    s.act(
        "The ZTO lookup returns the SF events. Both `Track` calls share one miniredis in this test, so state from "
        "the first call is still there. Flushing between the two calls isolates them:",
        Denied(
            Edit(
                "internal/service/tracking_test.go",
                '\tzto, err := svc.Track(ctx, "ZTO", "73123456789012")',
                '\tflushCache(t)\n\tzto, err := svc.Track(ctx, "ZTO", "73123456789012")',
            ),
            "不是测试的问题，线上也是同一个 Redis",
        ),
    )
    s.act(None, Read("internal/cache/track.go", CACHE))
    s.say(
        "Understood. Then the question is what the cache returns for the second carrier. I'm looking at "
        "`internal/cache/track.go` next, `Get`/`Set` and how the entry is looked up."
    )
    s.user("算了，明天再说。")
    s.outcome("failed", "the two-carrier test fails (ZTO lookup returns SF); flushing Redis in the test refused; left")
    s.hit("cache-key-without-carrier")
    return s


PORT_ERR = (
    "Exit code 1\n"
    " Network kuaidi-go_default  Created\n Container kuaidi-go-redis-1  Created\n Container kuaidi-go-mysql-1  Created\n"
    " Container kuaidi-go-api-1  Created\n Container kuaidi-go-mysql-1  Starting\n"
    "Error response from daemon: Ports are not available: exposing port TCP 0.0.0.0:3306 -> 0.0.0.0:0: listen tcp "
    "0.0.0.0:3306: bind: address already in use"
)


def g05() -> Session:
    s = new("g05-port-3306", "2027-10-15T01:35:52", "2.1.221", "main", "busy-port-plover")
    s.user("docker compose 起不来了，早上重启过电脑。帮我看看")
    err = PORT_ERR.split("\n", 1)[1]
    s.act(None, Bash("docker compose up -d", err, code=1, secs=6))
    s.act(
        "3306 is taken. Maybe a container from the last run was left behind; taking the stack down first:",
        Bash(
            "docker compose down",
            " Container kuaidi-go-api-1  Removed\n Container kuaidi-go-redis-1  Removed\n"
            " Container kuaidi-go-mysql-1  Removed\n Network kuaidi-go_default  Removed",
        ),
    )
    s.act(None, Bash("docker compose up -d", err, code=1, secs=6))
    s.act(
        "Docker Desktop sometimes holds the port for a few seconds after a down. One more try:",
        Bash("docker compose up -d", err, code=1, secs=6),
    )
    s.act(
        "Same error three times, so something outside Docker listens on 3306:",
        Bash(
            "lsof -nP -iTCP:3306 -sTCP:LISTEN",
            "COMMAND   PID USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME\n"
            "mysqld  812  wei   21u  IPv4 0x5e3c1a7f0b2d9e41      0t0  TCP 127.0.0.1:3306 (LISTEN)",
        ),
    )
    s.act(
        None,
        Bash(
            "brew services list | grep mysql",
            "mysql@8.0 started wei ~/Library/LaunchAgents/homebrew.mxcl.mysql@8.0.plist",
        ),
    )
    s.say(
        "A Homebrew `mysql@8.0` is registered as a login service, so it started with the Mac and holds 3306. "
        "Stop it (and keep it from starting at login) and the compose MySQL can bind:"
    )
    s.user("停掉，那个本地的早就不用了")
    s.act(
        None,
        Bash(
            "brew services stop mysql@8.0 && docker compose up -d",
            "Stopping `mysql@8.0`... (might take a while)\n==> Successfully stopped `mysql@8.0` (label: "
            "homebrew.mxcl.mysql@8.0)\n Container kuaidi-go-redis-1  Started\n Container kuaidi-go-mysql-1  Started\n"
            " Container kuaidi-go-api-1  Started",
            secs=12,
        ),
    )
    s.user("好了。把昨天 compose 里 healthcheck 那个改动提交了推上去")
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git commit -am 'chore: add mysql healthcheck to compose' && git push",
            git_commit("main", "c41f9a7", "chore: add mysql healthcheck to compose", 1, 6, 1)
            + "\nTo github.com:kuaidi-team/kuaidi-go.git\n ! [rejected]        main -> main (fetch first)\n"
            "error: failed to push some refs to 'github.com:kuaidi-team/kuaidi-go.git'\n"
            "hint: Updates were rejected because the remote contains work that you do not\n"
            "hint: have locally.",
            code=1,
            secs=9,
        ),
    )
    s.act("The remote has new commits. Pushing over them with a lease:", Denied(Bash("git push --force-with-lease")))
    s.user(
        "禁止 force push，哪个仓库都一样。pull --rebase 再推。",
        rules=[("no-force-push", "禁止 force push，哪个仓库都一样")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && git push",
            "Successfully rebased and updated refs/heads/main.\nTo github.com:kuaidi-team/kuaidi-go.git\n"
            "   9d02b13..e7a5c88  main -> main",
            secs=4,
        ),
    )
    s.say("Rebased onto the remote and pushed (`e7a5c88`).")
    s.one_off(
        "docker compose cannot start MySQL: port 3306 is held by a Homebrew mysql@8.0 login service "
        "('Ports are not available ... bind: address already in use')"
    )
    s.outcome(
        "success", "Homebrew mysql stopped, compose up; healthcheck commit pushed after a rebase (force push denied)"
    )
    return s


ADMIN_HANDLER = """// PATCH /api/v1/admin/parcels/:id/status
func (h *AdminHandler) UpdateStatus(c *gin.Context) {
\tvar req updateStatusReq
\tif err := c.ShouldBindJSON(&req); err != nil {
\t\tc.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
\t\treturn
\t}
\tif err := h.parcels.UpdateStatus(c.Request.Context(), req.ID, req.Status, req.SignedAt); err != nil {
\t\tc.JSON(http.StatusInternalServerError, gin.H{"error": "update failed"})
\t\treturn
\t}
\tc.Status(http.StatusOK)
}"""


def g06() -> Session:
    s = new("g06-signed-still-shown", "2027-10-18T02:10:27", "2.1.221", "main", "stale-signoff-kite")
    s.user("客服那边反馈：有几单客服把签收撤销了，用户端还是显示已签收。没报错，后台接口返回 200。你看下怎么回事。")
    s.act(
        None,
        Grep(
            "UpdateStatus",
            [
                "internal/handler/admin.go:31:\tif err := h.parcels.UpdateStatus(c.Request.Context(), req.ID, req.Status, req.SignedAt); err != nil {",
                "internal/repo/parcel.go:19:func (r *ParcelRepo) UpdateStatus(ctx context.Context, id uint64, st model.ParcelStatus, signedAt *time.Time) error {",
                "internal/repo/parcel.go:20:\terr := r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).Updates(model.Parcel{",
            ],
            path="internal",
            mode="content",
        ),
    )
    s.act(None, Read("internal/handler/admin.go", ADMIN_HANDLER, offset=24, total=48))
    s.act(
        "用户端读的是 `TrackingService.Track`，前面有 10 分钟的 Redis 缓存；后台改了状态之后没有清缓存，用户看到的可能是旧数据。"
        "在后台改状态成功之后删掉这票件的缓存：",
        Edit(
            "internal/handler/admin.go",
            "\tc.Status(http.StatusOK)\n}",
            "\th.tracks.Invalidate(c.Request.Context(), req.Number)\n\tc.Status(http.StatusOK)\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./... && go test ./internal/handler/... && make deploy-staging",
            go_test(["internal/handler"])
            + "\ndocker build -t registry.cn-hangzhou.aliyuncs.com/kuaidi/api:staging-7f3e2d1 .\n"
            "staging-7f3e2d1: digest: sha256:0c9d8e2b41f7 size: 1786\nkubectl -n kuaidi-staging rollout restart "
            "deployment/api\ndeployment.apps/api restarted",
            secs=48,
        ),
    )
    s.say("已部署到 staging。你在后台把一票测试件的签收撤销，再从用户端查一下。")
    s.user("还是不行，撤销完过了半小时用户端还是已签收，跟缓存没关系。")
    s.user("算了，明天再说。这个改动撤掉吧。")
    s.act(None, Bash("git checkout -- internal/handler/admin.go && git status --short", ""))
    s.say("已撤销，工作区干净。staging 上还是刚才那个镜像，下次部署会覆盖。")
    s.outcome("failed", "cancelled sign-offs still show as signed; a cache-invalidation guess did not help; reverted")
    s.hit("gorm-zero-value-update")
    return s


def g07() -> Session:
    s = new("g07-wrong-carrier-track", "2027-10-19T01:50:03", "2.1.222", "main", "wrong-track-jay")
    s.user(
        "有个用户投诉：查中通单号 73123456789012，出来的是顺丰的轨迹，刷新也没用。先帮我把这个用户的处理掉，"
        "线上 Redis 的连接信息在 .env.prod 里。"
    )
    s.act(
        None,
        Bash(
            'source .env.prod && redis-cli -h "$REDIS_HOST" -a "$REDIS_PASS" --no-auth-warning '
            "GET track:73123456789012 | head -c 200",
            '[{"carrier":"SF","occurred_at":"2027-10-18T21:14:02+08:00","location":"杭州","desc":"【杭州转运中心】已发出"},'
            '{"carrier":"SF","occurred_at":"2027-10-18T17:',
        ),
    )
    s.say(
        "线上缓存里 `track:73123456789012` 存的确实是顺丰的轨迹（`carrier: SF`）。这个 key 删掉以后，下次查询会回源重新取。"
    )
    s.act(
        None,
        Bash(
            'source .env.prod && redis-cli -h "$REDIS_HOST" -a "$REDIS_PASS" --no-auth-warning '
            "DEL track:73123456789012",
            "(integer) 1",
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s https://api.kuaidi.dev/api/v1/track/ZTO/73123456789012 | jq -r '.events[0] | .carrier + \" \" + .desc'",
            "ZTO 【义乌分拨中心】已发出",
        ),
    )
    s.say("已删除缓存 key，现在查中通这个单号返回的是中通轨迹（`ZTO 【义乌分拨中心】已发出`）。")
    s.user("好了，用户那边正常了。")
    s.outcome("unknown", "one customer's wrong cached track deleted by hand; the cause was not looked into")
    s.hit("cache-key-without-carrier")
    return s


MIGRATION_6 = """CREATE TABLE parcels (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  carrier VARCHAR(16) NOT NULL,
  number VARCHAR(32) NOT NULL,
  status TINYINT NOT NULL DEFAULT 0,
  is_signed TINYINT(1) NOT NULL DEFAULT 0,
  signed_at DATETIME(3) NULL,
  remark VARCHAR(255) NOT NULL DEFAULT '',
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uk_carrier_number (carrier, number)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;"""


def g08() -> Session:
    s = new("g08-emoji-remark", "2027-10-20T02:30:15", "2.1.222", "main", "emoji-remark-loon")
    s.user(
        "用户备注里有 emoji 就存不进去：\n\n```\n[mysql] 2027/10/20 10:24:51 "
        "Error 1366 (HY000): Incorrect string value: '\\xF0\\x9F\\x93\\xA6\\xE8\\xAF...' for column 'remark' at row 1\n```"
    )
    s.act(None, Read("migrations/000001_init.up.sql", MIGRATION_6), Read("docker-compose.yml", COMPOSE))
    s.say(
        "`parcels` 是 `DEFAULT CHARSET=utf8`，MySQL 的 utf8 是 utf8mb3，一个字符最多 3 字节；📦 这种 emoji 要 4 字节，所以 1366。"
        "DSN 也是 `charset=utf8`。两处都改成 utf8mb4："
    )
    s.act(
        None,
        Write(
            "migrations/000007_utf8mb4.up.sql",
            "ALTER TABLE parcels CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci;\n"
            "ALTER TABLE track_events CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci;\n",
        ),
        Write(
            "migrations/000007_utf8mb4.down.sql",
            "ALTER TABLE track_events CONVERT TO CHARACTER SET utf8 COLLATE utf8_general_ci;\n"
            "ALTER TABLE parcels CONVERT TO CHARACTER SET utf8 COLLATE utf8_general_ci;\n",
        ),
        Edit("docker-compose.yml", "charset=utf8&parseTime", "charset=utf8mb4&parseTime"),
    )
    s.act(
        None,
        Bash(
            "migrate -path migrations -database 'mysql://root:root@tcp(127.0.0.1:3306)/kuaidi' up && "
            "go test ./internal/repo/... -run Remark",
            "7/u utf8mb4 (412.883ms)\n" + go_test(["internal/repo"]),
            secs=4,
        ),
    )
    s.say(
        "Migration 000007 applied locally and the remark test with 📦 passes. From now on I will always use "
        "utf8mb4 in every new migration."
    )
    s.user(
        "记住：MySQL 的 utf8 其实只有三个字节，emoji 得用 utf8mb4。顺便问一下，是不是 utf8mb4 的索引永远不能超过 191 个字符？",
        lessons=["MySQL 的 utf8 其实只有三个字节，emoji 得用 utf8mb4"],
        non_rules=["是不是 utf8mb4 的索引永远不能超过 191 个字符？"],
    )
    s.say(
        "不是。191 是老限制：COMPACT 行格式下索引前缀最多 767 字节，767/4 ≈ 191。MySQL 8 默认 DYNAMIC 行格式，上限 3072 字节，"
        "utf8mb4 也就是 768 个字符。我们的 `uk_carrier_number` 才 48 个字符，没问题。"
    )
    s.user("行，提交吧")
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git add -A && git commit -m 'fix: store remarks and events as utf8mb4'",
            git_commit("main", "5a9c3e0", "fix: store remarks and events as utf8mb4", 3, 5, 1),
            secs=8,
        ),
    )
    s.say("已提交 `5a9c3e0`。")
    s.not_person("From now on I will always use utf8mb4 in every new migration.", "assistant_text")
    s.one_off(
        "MySQL Error 1366 'Incorrect string value' for emoji in parcels.remark: the tables and the DSN are utf8 "
        "(utf8mb3), converted to utf8mb4"
    )
    s.outcome("success", "tables and DSN converted to utf8mb4 with a migration; emoji remarks stored; committed")
    return s


def g09() -> Session:
    s = new("g09-update-sql-log", "2027-10-20T08:40:36", "2.1.222", "main", "missing-column-swift")
    s.user(
        "the admin PATCH on staging returns 200 but the parcel status doesn't change. turned on gorm debug, this is "
        "what it runs when I set parcel 1042 back to pending:\n\n```\n"
        "2027/10/20 16:31:07 /app/internal/repo/parcel.go:20\n"
        "[1.832ms] [rows:1] UPDATE `parcels` SET `updated_at`='2027-10-20 16:31:07.412' WHERE `id` = 1042\n```\n\n"
        "where did the status go?"
    )
    s.act(None, Read("internal/repo/parcel.go", PARCEL_REPO))
    s.say(
        "It's `Updates(model.Parcel{...})` in `UpdateStatus`. When GORM's `Updates` gets a struct it only writes "
        "non-zero fields. Setting pending means `Status: 0`, `IsSigned: false`, `SignedAt: nil`, and all three are "
        "zero values, so GORM drops them and only `updated_at` (which it sets itself) is left in the UPDATE. Going "
        "pending → in transit works because 1 is not zero.\n\nThe fix is to name the columns with `Select(...)` "
        "before `Updates`, or to pass a `map[string]any`. Want me to change it and rerun the repo test from last week?"
    )
    s.user("ok that explains the red test too. not now though, I'm off in 10 minutes. leave it.")
    s.say("Leaving it. Nothing changed.")
    s.outcome("unknown", "cause explained (Updates with a struct skips zero values); nothing changed, fix deferred")
    s.hit("gorm-zero-value-update")
    return s


def g10() -> Session:
    s = new("g10-loki-carrier-mismatch", "2027-10-21T07:45:50", "2.1.222", "main", "mismatch-log-wren")
    s.user(
        "线上 Loki 里一堆这个：\n\n```\n"
        'level=warn ts=2027-10-21T07:41:09.118Z caller=service/tracking.go:33 msg="carrier mismatch in cached track" '
        "key=track:73123456789012 want=ZTO got=SF\n"
        'level=warn ts=2027-10-21T07:41:12.553Z caller=service/tracking.go:33 msg="carrier mismatch in cached track" '
        "key=track:4311298765432 want=YTO got=JD\n```"
    )
    s.act(None, Read("internal/cache/track.go", CACHE))
    s.say(
        "The key is `trackKey(number)` = `track:<number>`, with no carrier in it. ZTO and SF numbers can collide, so "
        "whichever carrier is queried first fills `track:73123456789012` and the other carrier gets its events for "
        "10 minutes. The warning is the check added last week noticing exactly that. The key needs the carrier:"
    )
    s.act(
        None,
        Edit(
            "internal/cache/track.go",
            'func trackKey(number string) string {\n\treturn "track:" + number\n}',
            'func trackKey(carrier, number string) string {\n\treturn "track:" + carrier + ":" + number\n}',
        ),
    )
    s.interrupt()
    s.user("不要现在改，今晚要发版，明天再弄。改动撤掉。")
    s.act(None, Bash("git checkout -- internal/cache/track.go && git status --short", ""))
    s.say("已撤销，工作区干净。")
    s.outcome("failed", "cache keys without the carrier found in the logs; the change was stopped and reverted")
    s.hit("cache-key-without-carrier")
    return s


CACHE_TEST_INTEGRATION = """//go:build integration

package cache

import (
\t"context"
\t"os"
\t"testing"

\t"github.com/redis/go-redis/v9"
\t"github.com/stretchr/testify/require"

\t"github.com/kuaidi-team/kuaidi-go/internal/model"
)

// Runs against the Redis from docker compose (DB 15, flushed per test).
func newTestCache(t *testing.T) *TrackCache {
\taddr := os.Getenv("TEST_REDIS_ADDR")
\tif addr == "" {
\t\taddr = "127.0.0.1:6379"
\t}
\trdb := redis.NewClient(&redis.Options{Addr: addr, DB: 15})
\trequire.NoError(t, rdb.FlushDB(context.Background()).Err())
\tt.Cleanup(func() { _ = rdb.Close() })
\treturn NewTrackCache(rdb)
}

func TestTrackCache_RoundTrip(t *testing.T) {
\tc := newTestCache(t)
\tctx := context.Background()
\trequire.NoError(t, c.Set(ctx, "SF1234567890123", []model.TrackEvent{{Carrier: "SF", Desc: "已揽收"}}))
\tgot, ok, err := c.Get(ctx, "SF1234567890123")
\trequire.NoError(t, err)
\trequire.True(t, ok)
\trequire.Equal(t, "已揽收", got[0].Desc)
}
"""


def g11() -> Session:
    s = new("g11-real-redis-tests", "2027-10-22T06:10:42", "2.1.223", "test/real-redis", "real-redis-gannet")
    s.user(
        "测试改成连 docker compose 里的 redis 吧，miniredis 跟线上行为不一样，上次 SCAN 的结果就对不上。",
        rules=[("real-redis", "测试改成连 docker compose 里的 redis", "miniredis")],
    )
    s.say(
        "That makes the cache tests need a running Redis. Should they still run with a plain `go test ./...`, or "
        "only when asked?"
    )
    s.user(
        "integration tests go behind the integration build tag, plain go test stays fast. CI already has a redis "
        "service.",
        rules=[("integration-tag", "integration tests go behind the integration build tag")],
    )
    s.act(None, Read(".github/workflows/ci.yml", CI_YML))
    s.act(
        "CI already runs `go test -tags integration ./...` with a Redis service. Moving the cache test behind the tag "
        "and onto DB 15 of the real Redis, and dropping miniredis:",
        Write("internal/cache/track_test.go", CACHE_TEST_INTEGRATION),
        Edit(
            "Makefile",
            "test:\n\tgo test ./...",
            "test:\n\tgo test ./...\n\ntest-integration:\n\tdocker compose up -d redis\n\tgo test -tags integration ./...",
        ),
    )
    s.act(
        None,
        Bash(
            "go mod tidy && make test-integration",
            "docker compose up -d redis\n Container kuaidi-go-redis-1  Running\ngo test -tags integration ./...\n"
            + go_test(["internal/cache", "internal/handler", "internal/repo", "internal/service"], secs=1.208)
            + f"\n?   \t{MODULE}/cmd/server\t[no test files]",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/cache/... && golangci-lint run ./...",
            f"?   \t{MODULE}/internal/cache\t[no test files]",
            secs=7,
        ),
    )
    s.say(
        "`internal/cache/track_test.go` now has `//go:build integration` and talks to the compose Redis (DB 15, "
        "flushed per test); `make test-integration` starts Redis and runs the tagged tests. miniredis is gone from "
        "go.mod. Plain `go test ./internal/cache/...` skips them. Lint is clean."
    )
    s.user("可以。提交")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'test: run cache tests against real redis behind the integration tag'",
            git_commit(
                "test/real-redis",
                "e02b6d9",
                "test: run cache tests against real redis behind the integration tag",
                4,
                27,
                19,
            ),
        ),
    )
    s.say("Committed `e02b6d9`.")
    s.outcome("success", "cache tests moved to the compose Redis behind the integration build tag; committed")
    return s


def explore_updates(child: Session) -> None:
    child.act(
        None,
        Grep(
            "\\.Updates\\(",
            [
                "internal/repo/parcel.go:20:\terr := r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).Updates(model.Parcel{",
                'internal/repo/parcel.go:44:\treturn r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).Updates(map[string]any{"remark": remark}).Error',
                "internal/job/sync.go:58:\t\tif err := tx.Model(&p).Updates(model.Parcel{Status: st}).Error; err != nil {",
            ],
            path="internal",
            mode="content",
        ),
    )
    child.say(
        "GORM Updates calls in internal/:\n- internal/repo/parcel.go:20 `UpdateStatus`: struct (Status, IsSigned, "
        "SignedAt); zero values (StatusPending, false, nil) are skipped.\n- internal/repo/parcel.go:44 `SetRemark`: "
        "map, writes empty strings fine.\n- internal/job/sync.go:58 carrier sync: struct with only Status; the sync "
        "never moves a parcel back to pending, so no zero value reaches it today."
    )


PARCEL_STATUS_TEST = """func TestParcelStatus_RevertToPending(t *testing.T) {
\tdb := testdb.New(t)
\tsignedAt := time.Date(2027, 10, 12, 9, 30, 0, 0, time.Local)
\tp := model.Parcel{Carrier: "SF", Number: "SF1234567890123", Status: model.StatusSigned, IsSigned: true, SignedAt: &signedAt}
\trequire.NoError(t, db.Create(&p).Error)

\trequire.NoError(t, NewParcelRepo(db).UpdateStatus(context.Background(), p.ID, model.StatusPending, nil))

\tvar got model.Parcel
\trequire.NoError(t, db.First(&got, p.ID).Error)
\tassert.Equal(t, false, got.IsSigned)
\tassert.Equal(t, model.StatusPending, got.Status)
\tassert.Nil(t, got.SignedAt)
}"""


def g12() -> Session:
    s = new("g12-zero-value-fix", "2027-10-25T01:48:21", "2.1.223", "fix/status-zero-values", "zero-values-skua")
    s.user(
        "CI 挂了，小李重构的时候把 UpdateStatus 那个测试改名了，现在是这样：\n\n```\n"
        "--- FAIL: TestParcelStatus_RevertToPending (0.02s)\n"
        "    parcel_status_test.go:14: \n"
        "        \tError Trace:\t/home/runner/work/kuaidi-go/kuaidi-go/internal/repo/parcel_status_test.go:14\n"
        "        \tError:      \tNot equal: \n"
        "        \t            \texpected: false\n"
        "        \t            \tactual  : true\n"
        "        \tTest:       \tTestParcelStatus_RevertToPending\n"
        "FAIL\tgithub.com/kuaidi-team/kuaidi-go/internal/repo\t0.388s\n```\n\n"
        "就是上周说的 Updates 零值那个。今天修掉，顺便看看别的地方有没有一样的写法。"
    )
    s.act(
        "先让一个 agent 把所有 `Updates(` 调用找出来：",
        Agent(
            "Find GORM Updates calls",
            "In internal/, find every GORM .Updates( call. For each, report file:line, whether it passes a struct "
            'or a map, and which fields could be zero values (0, false, "", nil) there. Read-only.',
            "Explore",
            explore_updates,
        ),
    )
    s.act(None, Read("internal/repo/parcel_status_test.go", PARCEL_STATUS_TEST, total=14))
    s.act(
        "只有 `UpdateStatus` 会写零值。用 `Select` 点名这三列，GORM 就会连零值一起写：",
        Edit(
            "internal/repo/parcel.go",
            "\terr := r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).Updates(model.Parcel{",
            "\terr := r.db.WithContext(ctx).Model(&model.Parcel{ID: id}).\n"
            '\t\tSelect("status", "is_signed", "signed_at").\n\t\tUpdates(model.Parcel{',
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/repo/... -run 'TestParcelStatus_RevertToPending|TestParcelRepo_UpdateStatus' -v",
            go_test(
                ["internal/repo"],
                verbose_ok=[
                    "TestParcelRepo_UpdateStatus",
                    "TestParcelRepo_UpdateStatus/pending_to_transit",
                    "TestParcelRepo_UpdateStatus/transit_to_signed",
                    "TestParcelRepo_UpdateStatus/reset_to_pending",
                    "TestParcelStatus_RevertToPending",
                ],
            )
            + "\nPASS",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./... && golangci-lint run ./...",
            go_test(["internal/handler", "internal/job", "internal/repo", "internal/service"])
            + f"\n?   \t{MODULE}/cmd/server\t[no test files]\n?   \t{MODULE}/internal/cache\t[no test files]",
            secs=10,
        ),
    )
    s.say(
        '修好了：`UpdateStatus` 现在是 `Select("status", "is_signed", "signed_at").Updates(...)`，改回待揽收时三列都会写进去。'
        "`TestParcelStatus_RevertToPending` 和上次的 `reset_to_pending` 都过了，全量测试和 lint 干净。"
        "agent 查到的另外两处：`SetRemark` 用的 map，没问题；`job/sync.go:58` 只会往前推状态，暂时碰不到零值。"
    )
    s.user(
        "教训：GORM 的 Updates 传 struct 会跳过零值，要写零值就得 Select 或者用 map。提交。",
        lessons=["GORM 的 Updates 传 struct 会跳过零值，要写零值就得 Select 或者用 map"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix: write zero values in ParcelRepo.UpdateStatus'",
            git_commit(
                "fix/status-zero-values", "71d4be3", "fix: write zero values in ParcelRepo.UpdateStatus", 1, 3, 1
            ),
        ),
    )
    s.say("已提交 `71d4be3`。")
    s.outcome("success", "UpdateStatus writes zero values via Select; the renamed test and the old one pass; committed")
    s.hit("gorm-zero-value-update", fixed=True)
    return s


def explore_track_key(child: Session) -> None:
    child.act(
        None,
        Grep(
            "trackKey\\(|cache\\.(Get|Set)\\(",
            [
                "internal/cache/track.go:25:func trackKey(number string) string {",
                "internal/cache/track.go:30:\traw, err := c.rdb.Get(ctx, trackKey(number)).Bytes()",
                "internal/cache/track.go:46:\treturn c.rdb.Set(ctx, trackKey(number), raw, trackTTL).Err()",
                "internal/service/tracking.go:24:\tif events, ok, err := s.cache.Get(ctx, number); err == nil && ok {",
                "internal/service/tracking.go:31:\tif err := s.cache.Set(ctx, number, events); err != nil {",
            ],
            path="internal",
            mode="content",
        ),
    )
    child.say(
        'Call sites of the track cache key:\n- internal/cache/track.go:25 trackKey(number) builds "track:" + number\n'
        "- internal/cache/track.go:30 Get and :46 Set use trackKey(number)\n- internal/service/tracking.go:24 "
        "s.cache.Get(ctx, number) and :31 s.cache.Set(ctx, number, events); carrier is in scope at both but not "
        "passed."
    )


KEY_TEST = """func TestTrackCache_KeyPerCarrier(t *testing.T) {
\tc := newTestCache(t)
\tctx := context.Background()
\tsf := []model.TrackEvent{{Carrier: "SF"}, {Carrier: "SF"}, {Carrier: "SF"}, {Carrier: "SF"}, {Carrier: "SF"}}
\tzto := []model.TrackEvent{{Carrier: "ZTO"}, {Carrier: "ZTO"}}
\trequire.NoError(t, c.Set(ctx, "SF", "73123456789012", sf))
\trequire.NoError(t, c.Set(ctx, "ZTO", "73123456789012", zto))
\tgot, _, err := c.Get(ctx, "ZTO", "73123456789012")
\trequire.NoError(t, err)
\trequire.Len(t, got, 2)
}"""


def g13() -> Session:
    s = new("g13-cache-key-fix", "2027-10-26T02:12:37", "2.1.223", "fix/cache-key-carrier", "carrier-key-puffin")
    s.user(
        "缓存 key 那个问题今天搞定。小王写的测试改名成 TestTrackCache_KeyPerCarrier 了，他本地跑出来是这样：\n\n```\n"
        "--- FAIL: TestTrackCache_KeyPerCarrier (0.01s)\n"
        "    track_test.go:52: \n"
        "        \tError Trace:\t/Users/wang/code/kuaidi-go/internal/cache/track_test.go:52\n"
        '        \tError:      \t"[{SF ...} {SF ...} {SF ...} {SF ...} {SF ...}]" should have 2 item(s), but has 5\n'
        "        \tTest:       \tTestTrackCache_KeyPerCarrier\n```\n\n"
        "他那个分支上 Set/Get 已经多了 carrier 参数，但是结果还是串。"
    )
    s.act(
        None,
        Agent(
            "Find track cache key call sites",
            "Find every place in internal/ that builds or uses the Redis key for cached tracks (trackKey, "
            "TrackCache.Get/Set and their callers). Always report file:line for every call site and never modify "
            "files.",
            "Explore",
            explore_track_key,
        ),
    )
    s.act(
        None,
        Bash(
            "git fetch origin && git show origin/test/key-per-carrier:internal/cache/track.go | sed -n 25,47p",
            'func trackKey(number string) string {\n\treturn "track:" + number\n}\n\n'
            "func (c *TrackCache) Get(ctx context.Context, carrier, number string) ([]model.TrackEvent, bool, error) {\n"
            "\traw, err := c.rdb.Get(ctx, trackKey(number)).Bytes()\n...\n"
            "func (c *TrackCache) Set(ctx context.Context, carrier, number string, events []model.TrackEvent) error {\n"
            "\t...\n\treturn c.rdb.Set(ctx, trackKey(number), raw, trackTTL).Err()",
        ),
    )
    s.say(
        "小王的分支上 `Get`/`Set` 收了 `carrier`，但 `trackKey` 还是只用 `number`，所以 SF 的 5 条和 ZTO 的 2 条写进同一个 "
        "`track:73123456789012`。要让 key 本身带上快递公司："
    )
    s.act(
        None,
        Bash(
            "git merge --no-edit origin/test/key-per-carrier",
            "Merge made by the 'ort' strategy.\n internal/cache/track.go       |  8 ++++----\n internal/cache/track_test.go  | 14 ++++++++++++++\n internal/service/tracking.go  |  4 ++--\n 3 files changed, 20 insertions(+), 6 deletions(-)",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/cache/track.go",
            'func trackKey(number string) string {\n\treturn "track:" + number\n}',
            'func trackKey(carrier, number string) string {\n\treturn fmt.Sprintf("track:%s:%s", carrier, number)\n}',
        ),
        Edit(
            "internal/cache/track.go",
            "trackKey(number)",
            "trackKey(carrier, number)",
            replace_all=True,
        ),
    )
    s.act(
        None,
        Bash(
            "goimports -w internal/cache/track.go && make test-integration",
            "docker compose up -d redis\n Container kuaidi-go-redis-1  Running\ngo test -tags integration ./...\n"
            + go_test(
                ["internal/cache", "internal/handler", "internal/job", "internal/repo", "internal/service"], secs=1.31
            )
            + f"\n?   \t{MODULE}/cmd/server\t[no test files]",
            secs=15,
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/service/... -run SameNumber -v",
            go_test(["internal/service"], verbose_ok=["TestTrackingService_SameNumberTwoCarriers"]) + "\nPASS",
        ),
    )
    s.say(
        '`trackKey` 现在是 `fmt.Sprintf("track:%s:%s", carrier, number)`，小王的分支已经让 service 把 carrier 传进来。'
        "`TestTrackCache_KeyPerCarrier` 和上次的 `TestTrackingService_SameNumberTwoCarriers` 都过了。"
        "线上旧格式的 `track:<number>` key 不会再被读，10 分钟 TTL 后自己过期。"
    )
    s.user(
        "lesson: a tracking number is only unique per carrier, so every cache key has to carry the carrier code. "
        "跑 lint，提交。",
        lessons=["a tracking number is only unique per carrier, so every cache key has to carry the carrier code"],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git commit -am 'fix: include the carrier in track cache keys'",
            git_commit("fix/cache-key-carrier", "a6f20c9", "fix: include the carrier in track cache keys", 3, 9, 6),
            secs=8,
        ),
    )
    s.say("Lint 干净，已提交 `a6f20c9`。")
    s.not_person("Always report file:line for every call site and never modify files.", "subagent_prompt")
    s.outcome("success", "cache keys carry the carrier (track:<carrier>:<number>); both tests pass; committed")
    s.hit("cache-key-without-carrier", fixed=True)
    return s


def g14() -> Session:
    s = new("g14-ci-lint-version", "2027-10-27T02:40:11", "2.1.224", "main", "lint-version-dove")
    s.user(
        "CI 的 lint job 挂了：\n\n```\nRun golangci/golangci-lint-action@v6\n"
        "prepare environment\n  Installing golangci-lint binary v1.55.2...\n"
        "run golangci-lint\n  Running [/home/runner/golangci-lint-1.55.2-linux-amd64/golangci-lint run] in "
        "[/home/runner/work/kuaidi-go/kuaidi-go] ...\n"
        "  Error: can't load config: the Go language version (go1.21) used to build golangci-lint is lower than "
        "the targeted Go version (1.22.5)\n  Failed executing command with error: exit status 3\n"
        "Warning: Node.js 16 actions are deprecated. Please update the following actions to use Node.js 20: "
        "actions/cache@v3.\n```"
    )
    s.act(None, Read(".github/workflows/ci.yml", CI_YML), Read(".golangci.yml", GOLANGCI))
    s.say(
        "The action installs golangci-lint v1.55.2, which was built with Go 1.21 and refuses a module that targets "
        "1.22.5 (go.mod says `go 1.22.5` since last week's toolchain bump). Locally you run a newer binary. Pinning "
        "v1.59.1 (built with Go 1.22) fixes it; `actions/cache@v3` → `@v4` takes care of the Node 16 warning."
    )
    s.act(
        None,
        Edit(".github/workflows/ci.yml", "          version: v1.55.2", "          version: v1.59.1"),
        Edit(".github/workflows/ci.yml", "      - uses: actions/cache@v3", "      - uses: actions/cache@v4"),
    )
    s.act(
        None,
        Bash(
            "golangci-lint --version && golangci-lint run ./...",
            "golangci-lint has version 1.59.1 built with go1.22.3 from 1a55854a on 2024-06-09T18:08:33Z",
            secs=9,
        ),
    )
    s.say("Local lint with the same version is clean. Ready to commit `ci: bump golangci-lint to v1.59.1`.")
    s.user(
        "以后 commit message 写中文吧，新来的两个实习生看英文太费劲。前缀 feat/fix 保留。",
        rules=[("commit-zh", "以后 commit message 写中文", "commit-en")],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ci: 升级 golangci-lint 到 v1.59.1，actions/cache 升到 v4' && git push",
            git_commit("main", "0c8e3b5", "ci: 升级 golangci-lint 到 v1.59.1，actions/cache 升到 v4", 1, 2, 2)
            + "\nTo github.com:kuaidi-team/kuaidi-go.git\n   a6f20c9..0c8e3b5  main -> main",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "sleep 90 && gh run list --branch main --limit 1",
            "STATUS  TITLE                                         WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "✓       ci: 升级 golangci-lint 到 v1.59.1，actions/...  ci        main    push   11573020418  1m22s    "
            "about 1 minute ago",
            secs=92,
        ),
    )
    s.say("已推送（`0c8e3b5`，中文 commit message），CI 绿了。")
    s.not_person("# Never disable errcheck or govet here; fix the code instead.", "tool_output")
    s.not_person("Please update the following actions to use Node.js 20: actions/cache@v3.", "pasted_log")
    s.one_off(
        "CI golangci-lint v1.55.2 was built with go1.21 and cannot load a module targeting Go 1.22.5 "
        "('can't load config: the Go language version ... is lower than the targeted Go version')"
    )
    s.outcome("success", "golangci-lint pinned to v1.59.1 in CI; pushed; CI green")
    return s


ARCHIVE_JOB = """package job

import (
\t"context"
\t"fmt"
\t"time"

\t"github.com/kuaidi-team/kuaidi-go/internal/repo"
)

const retention = 180 * 24 * time.Hour

type Archiver struct {
\ttracks *repo.TrackRepo
\tstore  ObjectStore
\tnow    func() time.Time
}

type ObjectStore interface {
\tPut(ctx context.Context, key string, body []byte) error
}

// Run moves track events older than the retention to OSS, one JSON-lines object per day, then deletes them.
func (a *Archiver) Run(ctx context.Context) (int, error) {
\tcutoff := a.now().Add(-retention)
\tdays, err := a.tracks.DaysBefore(ctx, cutoff)
\tif err != nil {
\t\treturn 0, fmt.Errorf("archive: list days: %w", err)
\t}
\tmoved := 0
\tfor _, day := range days {
\t\tbody, n, err := a.tracks.ExportDay(ctx, day)
\t\tif err != nil {
\t\t\treturn moved, fmt.Errorf("archive %s: %w", day.Format(time.DateOnly), err)
\t\t}
\t\tkey := fmt.Sprintf("track-archive/%s.jsonl.gz", day.Format(time.DateOnly))
\t\tif err := a.store.Put(ctx, key, body); err != nil {
\t\t\treturn moved, fmt.Errorf("archive %s: put: %w", key, err)
\t\t}
\t\tif err := a.tracks.DeleteDay(ctx, day); err != nil {
\t\t\treturn moved, fmt.Errorf("archive %s: delete: %w", key, err)
\t\t}
\t\tmoved += n
\t}
\treturn moved, nil
}
"""


def g15() -> Session:
    s = new("g15-track-archive", "2027-10-28T01:30:44", "2.1.225", "feat/archive", "archive-job-osprey")
    s.user(
        "轨迹数据保留 180 天，决定了，超过的归档到 OSS。写个每天凌晨跑的归档任务，按天一个文件。",
        decisions=["轨迹数据保留 180 天，决定了，超过的归档到 OSS"],
    )
    s.say(
        "归档要往 OSS 写文件，需要阿里云的 Go SDK `github.com/aliyun/aliyun-oss-go-sdk`，这是新依赖，可以加吗？"
        "另外调度是用现有的 `cmd/server` 里起 ticker，还是单独一个 CronJob？"
    )
    s.user("SDK 可以加。单独 CronJob，k8s 里已经有别的 CronJob 了。")
    s.act(
        None,
        Bash(
            "go get github.com/aliyun/aliyun-oss-go-sdk@v3.0.2",
            "go: downloading github.com/aliyun/aliyun-oss-go-sdk v3.0.2+incompatible\n"
            "go: added github.com/aliyun/aliyun-oss-go-sdk v3.0.2+incompatible",
            secs=6,
        ),
    )
    s.act(
        "Archiver 在 `internal/job`，OSS 藏在 `ObjectStore` 接口后面方便测；入口 `cmd/archive`：",
        Write("internal/job/archive.go", ARCHIVE_JOB),
        Write(
            "cmd/archive/main.go",
            "package main\n\n// archive: one run of the track archiver (scheduled by the k8s CronJob kuaidi-archive).\n"
            "func main() {\n\tos.Exit(run())\n}\n",
        ),
        Write(
            "deploy/k8s/cronjob-archive.yaml",
            'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: kuaidi-archive\nspec:\n  schedule: "30 19 * * *"  '
            "# 03:30 Asia/Shanghai\n  concurrencyPolicy: Forbid\n  jobTemplate:\n    spec:\n      template:\n        spec:\n"
            "          restartPolicy: OnFailure\n          containers:\n            - name: archive\n"
            '              image: registry.cn-hangzhou.aliyuncs.com/kuaidi/api:latest\n              command: ["/archive"]\n',
        ),
    )
    s.act(
        None,
        Write(
            "internal/job/archive_test.go",
            "package job\n\nfunc TestArchiver_Run(t *testing.T) {\n\tcases := []struct {\n\t\tname  string\n"
            '\t\tdays  []string\n\t\twant  int\n\t\tputErr error\n\t}{\n\t\t{"nothing_old", nil, 0, nil},\n'
            '\t\t{"two_days", []string{"2027-04-29", "2027-04-30"}, 7, nil},\n'
            '\t\t{"put_fails_keeps_rows", []string{"2027-04-29"}, 0, errOSS},\n\t}\n'
            "\tfor _, tc := range cases {\n\t\tt.Run(tc.name, func(t *testing.T) { runArchiveCase(t, tc.days, tc.want, tc.putErr) })\n\t}\n}\n",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Wei asked for a daily archive job: track events older than 180 days go to Aliyun OSS, one file "
        "per day, then get deleted. She approved adding github.com/aliyun/aliyun-oss-go-sdk and wants a separate "
        "Kubernetes CronJob rather than a ticker in cmd/server.\n"
        "Summary:\n1. Written: internal/job/archive.go (Archiver with an ObjectStore interface, retention 180 "
        "days), cmd/archive/main.go, deploy/k8s/cronjob-archive.yaml (19:30 UTC = 03:30 Asia/Shanghai), "
        "internal/job/archive_test.go (three cases).\n"
        "2. Still missing: TrackRepo.DaysBefore/ExportDay/DeleteDay, the OSS implementation of ObjectStore.\n"
        "3. User preference: always use table-driven tests with t.Run subtests.\n"
        "4. Commit messages are written in Chinese now, keeping the feat:/fix: prefixes.\n"
        "Pending: repo methods, OSS store, run tests and lint, commit.",
        142800,
        10400,
    )
    s.act(
        "接着补 repo 方法和 OSS 实现：",
        Write(
            "internal/repo/track_archive.go",
            "package repo\n\n// DaysBefore lists the days (Asia/Shanghai) that still have events older than cutoff.\n"
            "func (r *TrackRepo) DaysBefore(ctx context.Context, cutoff time.Time) ([]time.Time, error) {\n"
            "\tvar days []time.Time\n\terr := r.db.WithContext(ctx).Model(&model.TrackEvent{}).\n"
            '\t\tSelect("DISTINCT DATE(occurred_at)").Where("occurred_at < ?", cutoff).Scan(&days).Error\n'
            "\treturn days, err\n}\n",
        ),
        Write(
            "internal/job/oss.go",
            "package job\n\ntype ossStore struct{ bucket *oss.Bucket }\n\nfunc (s ossStore) Put(ctx context.Context, "
            "key string, body []byte) error {\n\treturn s.bucket.PutObject(key, bytes.NewReader(body), oss.WithContext(ctx))\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/job/... ./internal/repo/... -v -run 'Archive|DaysBefore' && golangci-lint run ./...",
            go_test(
                ["internal/job", "internal/repo"],
                verbose_ok=[
                    "TestArchiver_Run",
                    "TestArchiver_Run/nothing_old",
                    "TestArchiver_Run/two_days",
                    "TestArchiver_Run/put_fails_keeps_rows",
                    "TestTrackRepo_DaysBefore",
                ],
            ),
            secs=11,
        ),
    )
    s.say("测试和 lint 都过了。要提交吗？")
    s.user("提交")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: 超过 180 天的轨迹每天归档到 OSS'",
            git_commit("feat/archive", "4e19d27", "feat: 超过 180 天的轨迹每天归档到 OSS", 7, 214, 1),
        ),
    )
    s.say("已提交 `4e19d27`。")
    s.not_person("User preference: always use table-driven tests with t.Run subtests.", "compaction_summary")
    s.outcome("success", "daily archive job to OSS with a CronJob; tests and lint pass; committed")
    return s


MAIN_GO = """func newRouter(deps deps) *gin.Engine {
\tr := gin.New()
\tr.Use(gin.Recovery(), middleware.RequestLog())
\tr.Use(middleware.RateLimit(deps.rdb, 60, time.Minute))
\tapi := r.Group("/api/v1")"""

RATE_LIMIT = """\t\tkey := "rl:" + c.RemoteIP()"""


def g16() -> Session:
    s = new("g16-trusted-proxies", "2027-10-29T02:05:26", "2.1.226", "main", "proxy-ip-ibis")
    s.user(
        "限流把所有人都拦了，429 一片。限流的 key 全是 100.64 开头的地址，是 SLB 的。服务启动的时候一直有这个：\n\n```\n"
        "[WARNING] You trusted all proxies, this is NOT safe. We recommend you to set a value.\n"
        "Please check https://pkg.go.dev/github.com/gin-gonic/gin#readme-don-t-trust-all-proxies for details.\n```"
    )
    s.act(
        None,
        Read("cmd/server/router.go", MAIN_GO, offset=18, total=41),
        Read("internal/middleware/ratelimit.go", RATE_LIMIT, offset=22, total=40),
    )
    s.say(
        "限流用的是 `c.RemoteIP()`，那是直连过来的地址，在 SLB 后面永远是 SLB 的 100.64.0.0/10 段，所以所有用户共用一个计数。"
        "应该用 `c.ClientIP()`，它会从 `X-Forwarded-For` 里取真实 IP；同时只信任 SLB 的网段，否则谁都能伪造 XFF 绕过限流，"
        "那条 WARNING 也会消失。"
    )
    s.act(
        None,
        Edit("internal/middleware/ratelimit.go", '\t\tkey := "rl:" + c.RemoteIP()', '\t\tkey := "rl:" + c.ClientIP()'),
        Edit(
            "cmd/server/router.go",
            "\tr := gin.New()\n",
            "\tr := gin.New()\n\t// Aliyun SLB reaches us from 100.64.0.0/10; only its X-Forwarded-For is trusted.\n"
            '\tif err := r.SetTrustedProxies([]string{"100.64.0.0/10"}); err != nil {\n\t\tpanic(err)\n\t}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/middleware/... ./cmd/server/...",
            go_test(["cmd/server", "internal/middleware"]),
        ),
    )
    s.act("测试通过，提交：", Denied(Bash("git commit -am 'fix: 限流按真实客户端 IP，只信任 SLB 网段'")))
    s.user(
        "提交前先跑 golangci-lint，说过了。",
        rules=[("lint", "提交前先跑 golangci-lint")],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./...",
            "internal/middleware/ratelimit_test.go:31:12: Error return value of `rdb.FlushDB` is not checked (errcheck)\n"
            "\trdb.FlushDB(ctx)\n\t          ^\n1 issues:\n* errcheck: 1",
            code=1,
            secs=9,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/middleware/ratelimit_test.go",
            "\trdb.FlushDB(ctx)",
            "\trequire.NoError(t, rdb.FlushDB(ctx).Err())",
        ),
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./... && git commit -am 'fix: 限流按真实客户端 IP，只信任 SLB 网段'",
            git_commit("main", "d83a6f1", "fix: 限流按真实客户端 IP，只信任 SLB 网段", 3, 7, 2),
            secs=9,
        ),
    )
    s.say("lint 有一处 errcheck（测试里的 `FlushDB`），改掉后干净，已提交 `d83a6f1`。")
    s.user("可以了，谢谢")
    s.not_person("We recommend you to set a value.", "pasted_log")
    s.one_off(
        "behind the Aliyun SLB the rate limiter keys on c.RemoteIP() (the SLB's 100.64.0.0/10 address) and Gin "
        "trusts all proxies: everyone shares one limit; fixed with c.ClientIP() and SetTrustedProxies"
    )
    s.outcome("success", "rate limiter keyed on the real client IP with trusted proxies set; lint clean; committed")
    return s


SESSIONS = [g01, g02, g03, g04, g05, g06, g07, g08, g09, g10, g11, g12, g13, g14, g15, g16]

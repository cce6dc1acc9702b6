"""Sessions in `moonrise_server` (/Users/jiwoo/dev/moonrise_server): the game backend of Moonrise Raid. Elixir 1.17,
Phoenix 1.7 with a LiveView admin under /admin, Ecto 3.12 on Postgres 16, Oban 2.18 for reward grants and season
jobs, ExUnit with the SQL sandbox, mix format + credo --strict in CI, deployed on Fly.io (nrt) with a release
command that migrates."""

from __future__ import annotations

from fake_output import SERVER, git_commit, mix_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

OBAN = "oban-sandbox-tests"


def server(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=SERVER, project="moonrise_server")


OBAN_CONFIG = """config :moonrise, Oban,
  engine: Oban.Engines.Basic,
  repo: Moonrise.Repo,
  queues: [default: 10],
  plugins: [Oban.Plugins.Pruner]"""

TEST_EXS = """config :moonrise, Moonrise.Repo,
  database: "moonrise_test#{System.get_env("MIX_TEST_PARTITION")}",
  pool: Ecto.Adapters.SQL.Sandbox,
  pool_size: System.schedulers_online() * 2

config :moonrise, Oban, queues: [default: 10], plugins: [Oban.Plugins.Pruner]"""

REWARDS_TEST = """  test "claim/2 grants the reward once", %{player: player, reward: reward} do
    assert {:ok, _job} = Rewards.claim(player, reward)
    assert Repo.get_by(Grant, player_id: player.id, reward_id: reward.id)
  end"""

OWNERSHIP_FAIL = mix_test(
    14,
    [
        "test claim/2 grants the reward once (Moonrise.RewardsTest)\n"
        "     test/moonrise/rewards_test.exs:31\n"
        "     Expected truthy, got nil\n"
        "     code: assert Repo.get_by(Grant, player_id: player.id, reward_id: reward.id)\n"
        "     stacktrace:\n"
        "       test/moonrise/rewards_test.exs:33: (test)\n\n"
        "02:31:07.448 [error] Oban job Moonrise.Workers.GrantReward (id: 17) failed: ** (DBConnection.OwnershipError) "
        "cannot find ownership process for #PID<0.689.0>."
    ],
    secs="1.9",
)

CI_EXIT = """  1) test grant reward button enqueues a grant (MoonriseWeb.Admin.PlayerLiveTest)
     test/moonrise_web/live/admin/player_live_test.exs:44
     ** (EXIT from #PID<0.1043.0>) shutdown

10:02:17.551 [error] Postgrex.Protocol (#PID<0.401.0>) disconnected: ** (DBConnection.ConnectionError) owner #PID<0.1043.0> exited

Client #PID<0.1061.0> is still using a connection from owner at location:

    (oban 2.18.3) lib/oban/queue/executor.ex:146: Oban.Queue.Executor.perform/1

Finished in 22.4 seconds (6.1s async, 16.3s sync)
71 tests, 1 failure"""

FLY_LOG = """Running moonrise-api release_command: /app/bin/migrate
  Starting machine
-------
 ✖ release_command failed
-------
Error release_command failed running on machine 3d8d9e1ea1e298 with exit code 1.
Check its logs: here's the last 100 lines below, or run 'fly logs -i 3d8d9e1ea1e298':
  08:31:12.004 [error] Postgrex.Protocol (#PID<0.152.0>) failed to connect: ** (DBConnection.ConnectionError) tcp connect (moonrise-db.flycast:5432): non-existing domain - :nxdomain
  ** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2960ms."""


# ------------------------------------------------------------------------------------------------------------------
def s01_leaderboard_schema() -> Session:
    s = server("s01-leaderboard-schema", "2027-01-04T06:10:48", "2.1.171", "feat/leaderboard", "calm-mangwon-ibis")
    s.user(
        "leaderboard 스키마부터 잡자. 결정: 리더보드는 시즌마다 테이블 새로 안 만들고 season_id 컬럼으로 간다. "
        "entries는 player_id, season_id, score, submitted_at",
        after=0,
        decisions=["결정: 리더보드는 시즌마다 테이블 새로 안 만들고 season_id 컬럼으로 간다"],
    )
    migration = (
        "defmodule Moonrise.Repo.Migrations.CreateLeaderboardEntries do\n  use Ecto.Migration\n\n  def change do\n"
        "    create table(:leaderboard_entries) do\n      add :player_id, references(:players), null: false\n"
        "      add :season_id, references(:seasons), null: false\n      add :score, :integer, null: false\n"
        "      add :submitted_at, :utc_datetime_usec, null: false\n    end\n\n"
        '    execute("CREATE INDEX leaderboard_season_score ON leaderboard_entries (season_id, score DESC)")\n'
        "  end\nend\n"
    )
    path = "priv/repo/migrations/20270104061500_create_leaderboard_entries.exs"
    s.act(
        None,
        Write(path, migration),
        Write(
            "lib/moonrise/leaderboards/entry.ex",
            'defmodule Moonrise.Leaderboards.Entry do\n  use Ecto.Schema\n\n  schema "leaderboard_entries" do\n'
            "    belongs_to :player, Moonrise.Players.Player\n    belongs_to :season, Moonrise.Seasons.Season\n"
            "    field :score, :integer\n    field :submitted_at, :utc_datetime_usec\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && git add priv lib && git commit -m 'Leaderboard entries table'",
            "06:12:31.204 [info] == Running 20270104061500 Moonrise.Repo.Migrations.CreateLeaderboardEntries.change/0 forward\n"
            '06:12:31.219 [info] create table leaderboard_entries\n06:12:31.233 [info] execute "CREATE INDEX leaderboard_season_score ON leaderboard_entries (season_id, score DESC)"\n'
            "06:12:31.236 [info] == Migrated 20270104061500 in 0.0s\n"
            + git_commit("feat/leaderboard", "e4a71c0", "Leaderboard entries table", 2, 27, 0),
            desc="Migrate and commit",
        ),
    )
    s.user(
        "커밋하기 전에 테스트 꼭 돌려줘, 빨간 채로 커밋하지 마. and every migration has to be reversible: that "
        "execute has no down, so mix ecto.rollback blows up",
        rules=[
            ("test-before-commit", "커밋하기 전에 테스트 꼭 돌려줘, 빨간 채로 커밋하지 마"),
            ("reversible-migrations", "every migration has to be reversible"),
        ],
    )
    s.act(
        None,
        Edit(
            path,
            '    execute("CREATE INDEX leaderboard_season_score ON leaderboard_entries (season_id, score DESC)")\n',
            '    create index(:leaderboard_entries, [:season_id, "score DESC"], name: :leaderboard_season_score)\n',
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.rollback && mix ecto.migrate && mix test",
            "06:16:02.118 [info] == Running 20270104061500 Moonrise.Repo.Migrations.CreateLeaderboardEntries.change/0 backward\n"
            "06:16:02.131 [info] drop index leaderboard_season_score\n06:16:02.140 [info] drop table leaderboard_entries\n"
            "06:16:02.144 [info] == Migrated 20270104061500 in 0.0s\n06:16:03.301 [info] == Migrated 20270104061500 in 0.0s\n"
            + mix_test(58, secs="2.8"),
            desc="Rollback, migrate, test",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Leaderboard index through create index (reversible)'",
            git_commit("feat/leaderboard", "0b93d5e", "Leaderboard index through create index (reversible)", 1, 1, 1),
        ),
    )
    s.user("ㅇㅋ 좋아")
    s.outcome("success", "leaderboard_entries table, migration made reversible, rollback/migrate and 58 tests green")
    return s


def s02_admin_players() -> Session:
    s = server("s02-admin-players", "2027-01-05T05:40:22", "2.1.171", "feat/admin", "neat-seongbuk-plover")
    s.user(
        "admin 시작하자. we decided to keep the admin inside the Phoenix app under /admin with LiveView, not a "
        "separate service. 첫 페이지는 닉네임으로 플레이어 검색",
        after=0,
        decisions=[
            "we decided to keep the admin inside the Phoenix app under /admin with LiveView, not a separate service"
        ],
    )
    s.act(
        None,
        Write(
            "lib/moonrise_web/live/admin/player_live/index.ex",
            "defmodule MoonriseWeb.Admin.PlayerLive.Index do\n  use MoonriseWeb, :live_view\n\n"
            '  def handle_event("search", %{"q" => q}, socket) do\n'
            "    {:noreply, assign(socket, players: Moonrise.Players.search_by_nickname(q))}\n  end\nend\n",
        ),
        Read(
            "lib/moonrise_web/router.ex",
            '  scope "/api", MoonriseWeb do\n    pipe_through :api\n  end\n\n  scope "/admin", MoonriseWeb.Admin do\n'
            "    pipe_through [:browser, :require_admin_user]\n  end",
            offset=30,
            limit=7,
            total=70,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/moonrise_web/router.ex",
            "    pipe_through [:browser, :require_admin_user]\n  end",
            '    pipe_through [:browser, :require_admin_user]\n\n    live "/players", PlayerLive.Index, :index\n  end',
        ),
    )
    s.user(
        "어드민 LiveView는 전부 require_admin on_mount 거쳐야 돼. plug만으로는 websocket 재연결 때 안 걸려. live_session :admin 안에 넣어줘",
        rules=[("admin-on-mount", "어드민 LiveView는 전부 require_admin on_mount 거쳐야 돼")],
    )
    s.act(
        None,
        Edit(
            "lib/moonrise_web/router.ex",
            '    live "/players", PlayerLive.Index, :index\n',
            "    live_session :admin, on_mount: [{MoonriseWeb.AdminAuth, :require_admin}] do\n"
            '      live "/players", PlayerLive.Index, :index\n    end\n',
        ),
    )
    s.act(
        None,
        Bash("mix test test/moonrise_web/live/admin", mix_test(6, secs="0.9"), desc="Admin LiveView tests"),
    )
    s.user("ok now do the leaderboard page, top 100 of the current season with a season dropdown")
    s.act(
        None,
        Write(
            "lib/moonrise_web/live/admin/leaderboard_live/index.ex",
            "defmodule MoonriseWeb.Admin.LeaderboardLive.Index do\n  use MoonriseWeb, :live_view\n\n"
            "  def mount(_params, _session, socket) do\n    season = Moonrise.Seasons.current!()\n"
            "    {:ok, assign(socket, season: season, seasons: Moonrise.Seasons.list(), top: Moonrise.Leaderboards.top(season, 100))}\n"
            "  end\nend\n",
        ),
        Edit(
            "lib/moonrise_web/router.ex",
            '      live "/players", PlayerLive.Index, :index\n',
            '      live "/players", PlayerLive.Index, :index\n      live "/leaderboard", LeaderboardLive.Index, :index\n',
        ),
        Write(
            "test/moonrise_web/live/admin/leaderboard_live_test.exs",
            "defmodule MoonriseWeb.Admin.LeaderboardLiveTest do\n  use MoonriseWeb.ConnCase, async: true\n"
            "  # top 100, season switch, non-admin redirect\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test test/moonrise_web/live/admin",
            "Checking 64 source files ...\n\nAnalysis took 0.8 seconds (0.03s to load, 0.7s running 54 checks on 64 files)\n"
            "231 mods/funs, found no issues.\n\n" + mix_test(9, secs="1.2"),
            desc="Format, credo, tests",
        ),
    )
    s.say(
        "Leaderboard page at /admin/leaderboard (inside the :admin live_session): top 100 of the current season, a "
        "dropdown switches seasons. 9 admin tests pass, credo is clean."
    )
    s.outcome("success", "player search accepted implicitly by the next request; leaderboard page built, tests green")
    return s


def s03_grant_worker() -> Session:
    s = server("s03-grant-worker", "2027-01-06T04:20:35", "2.1.172", "feat/rewards", "wet-hapjeong-rook")
    s.user(
        "make an Oban worker for reward grants: Moonrise.Workers.GrantReward with player_id and reward_id args, enqueued from Rewards.claim/2",
        after=0,
    )
    worker = (
        "defmodule Moonrise.Workers.GrantReward do\n  use Oban.Worker, queue: :rewards, max_attempts: 5\n\n"
        '  @impl Oban.Worker\n  def perform(%Oban.Job{args: %{"player_id" => p, "reward_id" => r}}) do\n'
        "    Moonrise.Rewards.grant!(p, r)\n    :ok\n  end\nend\n"
    )
    s.act(
        None,
        Write("lib/moonrise/workers/grant_reward.ex", worker),
        Read("config/config.exs", OBAN_CONFIG, offset=40, limit=5, total=90),
    )
    s.act(None, Edit("config/config.exs", "  queues: [default: 10],", "  queues: [default: 10, rewards: 5],"))
    s.user(
        "keep all Oban jobs on the default queue for now, we run one small machine and I don't want to tune queues yet",
        rules=[("oban-default-queue", "keep all Oban jobs on the default queue for now")],
    )
    s.act(
        None,
        Edit("config/config.exs", "  queues: [default: 10, rewards: 5],", "  queues: [default: 10],"),
        Edit("lib/moonrise/workers/grant_reward.ex", "queue: :rewards", "queue: :default"),
    )
    s.act(None, Read("test/moonrise/rewards_test.exs", REWARDS_TEST, offset=31, limit=4, total=60))
    cmd = "mix test test/moonrise/rewards_test.exs"
    s.act(None, Bash(cmd, OWNERSHIP_FAIL, code=2, desc="Rewards tests"))
    s.act(
        "The job runs asynchronously, so the grant may not exist yet when the test asserts. Waiting for it.",
        Edit(
            "test/moonrise/rewards_test.exs",
            "    assert {:ok, _job} = Rewards.claim(player, reward)\n",
            "    assert {:ok, _job} = Rewards.claim(player, reward)\n    Process.sleep(200)\n",
        ),
    )
    s.act(None, Bash(cmd, OWNERSHIP_FAIL, code=2, desc="Rewards tests"))
    s.act(
        "Still the ownership error. Trying shared sandbox mode for this module.",
        Edit(
            "test/moonrise/rewards_test.exs",
            "    Process.sleep(200)\n",
            "    Ecto.Adapters.SQL.Sandbox.mode(Repo, {:shared, self()})\n    Process.sleep(200)\n",
        ),
    )
    s.act(None, Bash(cmd, OWNERSHIP_FAIL, code=2, desc="Rewards tests"))
    s.user("그만, sleep 넣는 건 아닌 것 같아. 테스트 변경은 되돌리고 나중에 보자")
    s.act(None, Bash("git checkout -- test/moonrise/rewards_test.exs", "", desc="Revert the test"))
    s.outcome("failed", "GrantReward worker written but its test fails 3x with DBConnection.OwnershipError; reverted")
    s.hit(OBAN)
    return s


def s04_duplicate_column() -> Session:
    s = server("s04-duplicate-column", "2027-01-07T06:55:04", "2.1.172", "feat/leaderboard", "dark-dongdaemun-owl")
    s.user(
        "mix ecto.migrate blows up after I merged main:\n```\n** (Postgrex.Error) ERROR 42701 (duplicate_column) column "
        '"season_id" of relation "leaderboard_entries" already exists\n    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: '
        "Ecto.Adapters.SQL.raise_sql_call_error/1\n```",
        after=0,
    )
    s.act(
        None,
        Bash(
            "git log --format='%h %an %s' -3 -- priv/repo/migrations",
            "d12e9b4 Minsu Park Add season_id to leaderboard entries, backfill season 1\n"
            "0b93d5e Jiwoo Han Leaderboard index through create index (reversible)\ne4a71c0 Jiwoo Han Leaderboard entries table",
            desc="Migration history",
        ),
    )
    minsu = "priv/repo/migrations/20270106093000_add_season_id_to_leaderboard_entries.exs"
    s.act(
        None,
        Read(
            minsu,
            "  def up do\n    alter table(:leaderboard_entries) do\n      add :season_id, references(:seasons)\n    end\n\n"
            '    execute("UPDATE leaderboard_entries SET season_id = 1 WHERE season_id IS NULL")\n  end',
            offset=4,
            limit=7,
            total=16,
        ),
    )
    s.act(
        "Minsu's migration adds the same column on another branch; ours already creates it. I'll make his "
        "`add_if_not_exists` and keep the backfill.",
        Edit(
            minsu,
            "      add :season_id, references(:seasons)",
            "      add_if_not_exists :season_id, references(:seasons)",
        ),
    )
    s.user(
        "데이터 바꾸는 건 마이그레이션에 넣지 마. 그 UPDATE는 빼고 Moonrise.Release에 backfill 함수로 옮겨줘",
        rules=[("no-data-in-migrations", "데이터 바꾸는 건 마이그레이션에 넣지 마")],
    )
    s.act(
        None,
        Edit(
            minsu,
            '\n    execute("UPDATE leaderboard_entries SET season_id = 1 WHERE season_id IS NULL")\n',
            "",
        ),
        Read("lib/moonrise/release.ex", "  def migrate do\n    load_app()", offset=8, limit=2, total=40),
    )
    s.act(
        None,
        Edit(
            "lib/moonrise/release.ex",
            "  def migrate do\n",
            "  def backfill_leaderboard_season(season_id \\\\ 1) do\n    load_app()\n"
            "    {:ok, _, _} = Ecto.Migrator.with_repo(Moonrise.Repo, fn repo ->\n"
            '      repo.query!("UPDATE leaderboard_entries SET season_id = $1 WHERE season_id IS NULL", [season_id])\n'
            "    end)\n  end\n\n  def migrate do\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.reset && mix test",
            "The database for Moonrise.Repo has been dropped\n" + mix_test(64, secs="3.1"),
            desc="Reset and test",
            secs=16,
        ),
    )
    s.user(
        "turns out Ecto only orders migrations by timestamp, so two branches can add the same column without any git "
        "conflict. 민수한테도 말해둘게",
        lessons=[
            "turns out Ecto only orders migrations by timestamp, so two branches can add the same column without any git conflict"
        ],
    )
    s.outcome(
        "success", "duplicate_column after a merge fixed with add_if_not_exists, backfill moved to a release task"
    )
    s.one_off('Postgrex ERROR 42701 duplicate_column "season_id": two branches added the same column')
    return s


def s05_credo_lint() -> Session:
    s = server("s05-credo-lint", "2027-01-08T05:05:39", "2.1.173", "feat/rewards-claim", "tidy-sadang-finch")
    s.user("the CI lint job is red, both the format check and credo --strict", after=0)
    s.act(
        None,
        Bash(
            "mix format --check-formatted",
            "** (Mix) mix format failed due to --check-formatted.\nThe following files are not formatted:\n\n  * lib/moonrise/leaderboards.ex",
            code=1,
            desc="Format check",
        ),
    )
    s.act(
        None,
        Bash(
            "mix credo --strict",
            "  Refactoring opportunities\n┃\n┃ [F] → Function body is nested too deep (max depth is 2, was 3).\n"
            "┃       lib/moonrise/rewards.ex:48:11 #(Moonrise.Rewards.claim)\n\n"
            "Analysis took 0.9 seconds (0.04s to load, 0.8s running 54 checks on 61 files)\n"
            "212 mods/funs, found 1 refactoring opportunity.",
            code=8,
            desc="Credo",
        ),
    )
    s.act(
        None,
        Read(
            "lib/moonrise/rewards.ex",
            "    case Players.fetch(player_id) do\n      {:ok, player} ->\n        if eligible?(player, reward) do\n"
            "          enqueue_grant(player, reward)\n        else\n          {:error, :not_eligible}\n        end\n\n"
            "      error ->\n        error\n    end",
            offset=46,
            limit=11,
            total=120,
        ),
    )
    s.act(
        "From now on I'll always run mix format and mix credo --strict after each edit.",
        Edit(
            "lib/moonrise/rewards.ex",
            "    case Players.fetch(player_id) do\n      {:ok, player} ->\n        if eligible?(player, reward) do\n"
            "          enqueue_grant(player, reward)\n        else\n          {:error, :not_eligible}\n        end\n\n"
            "      error ->\n        error\n    end",
            "    with {:ok, player} <- Players.fetch(player_id),\n         :ok <- check_eligible(player, reward) do\n"
            "      enqueue_grant(player, reward)\n    end",
        ),
    )
    s.not_person("From now on I'll always run mix format and mix credo --strict after each edit.", "assistant_text")
    s.act(
        None,
        Bash(
            "mix format && mix format --check-formatted && mix credo --strict && mix test",
            "Analysis took 0.9 seconds (0.04s to load, 0.8s running 54 checks on 61 files)\n212 mods/funs, found no issues.\n\n"
            + mix_test(64, secs="3.0"),
            desc="Format, credo, tests",
        ),
    )
    s.user(
        "please remember: mix format and credo --strict have to pass before you tell me something is done. "
        "이번 주 CI 빨간 거 두 번 다 그거였음",
        rules=[("format-credo", "mix format and credo --strict have to pass before you tell me something is done")],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Rewards.claim with with/else, format leaderboards' && git push",
            git_commit("feat/rewards-claim", "8f2c1d7", "Rewards.claim with with/else, format leaderboards", 2, 9, 14),
        ),
    )
    s.outcome("success", "format and credo findings fixed (nested too deep), tests green, pushed")
    s.one_off("credo --strict: Function body is nested too deep in Moonrise.Rewards.claim, plus an unformatted file")
    return s


def s06_ci_owner_exited() -> Session:
    s = server("s06-ci-owner-exited", "2027-01-11T01:40:17", "2.1.173", "feat/admin-grants", "sharp-yeonnam-crow")
    s.user(f"PR CI에서 admin LiveView 테스트 하나 터졌어. 로컬에선 통과해\n\n```\n{CI_EXIT}\n```", after=0)
    s.act(
        None,
        Bash(
            "mix test test/moonrise_web/live/admin/player_live_test.exs",
            mix_test(7, secs="1.4", seed=90211),
            desc="Admin player tests",
        ),
    )
    s.act(
        None,
        Read(
            "test/moonrise_web/live/admin/player_live_test.exs",
            '  test "grant reward button enqueues a grant", %{conn: conn, player: player} do',
            offset=44,
            limit=1,
            total=70,
        ),
    )
    s.act(
        "It passes locally, so it looks timing-dependent on CI. I'll tag it so the PR can merge while we look.",
        Denied(
            Edit(
                "test/moonrise_web/live/admin/player_live_test.exs",
                '  test "grant reward button enqueues a grant"',
                '  @tag :skip\n  test "grant reward button enqueues a grant"',
            )
        ),
    )
    s.user("no, skipping isn't a fix. just rerun CI once")
    s.act(
        None,
        Bash(
            "gh run rerun 7741022915 --failed",
            "✓ Requested rerun (failed jobs) of run 7741022915",
            desc="Rerun failed CI jobs",
        ),
    )
    s.user("이번엔 초록. 근데 원인 모르고 넘어가는 거 찜찜하다. 머지는 보류", after=720)
    s.outcome("failed", "admin LiveView test failed on CI (owner exited, Oban executor); rerun green, cause unknown")
    s.hit(OBAN)
    return s


def _sa_pubsub(a: Session) -> None:
    a.act(
        None,
        Grep(
            "PubSub|DNSCluster|DNS_CLUSTER_QUERY",
            [
                "lib/moonrise/application.ex:12:      {DNSCluster, query: Application.get_env(:moonrise, :dns_cluster_query) || :ignore},",
                "lib/moonrise/application.ex:13:      {Phoenix.PubSub, name: Moonrise.PubSub},",
                'config/runtime.exs:31:  config :moonrise, :dns_cluster_query, System.get_env("DNS_CLUSTER_QUERY")',
            ],
            mode="content",
        ),
    )
    a.act(None, Grep("DNS_CLUSTER_QUERY", [], path="fly.toml", mode="content"))
    a.say(
        "Phoenix.PubSub runs with its default PG adapter (application.ex:13). Clustering is DNSCluster, reading "
        "DNS_CLUSTER_QUERY in runtime.exs:31; fly.toml does not set DNS_CLUSTER_QUERY, so nodes don't cluster."
    )


def s07_pubsub_questions() -> Session:
    s = server("s07-pubsub-questions", "2027-01-11T09:20:44", "2.1.173", "main", "mild-hyehwa-egret")
    s.user(
        "질문만, 코드는 건드리지 마: 지금 PubSub 어떤 adapter 쓰고 있어? Fly에서 머신 두 대로 늘리면 LiveView 리더보드 실시간 갱신 되는 거야?",
        after=0,
    )
    s.act(
        None,
        Agent(
            "PubSub and clustering setup",
            "Read-only: report which Phoenix.PubSub adapter and which clustering setup (libcluster or DNSCluster) the "
            "app uses, with file paths and lines, and whether fly.toml configures it.",
            "Explore",
            _sa_pubsub,
        ),
    )
    s.say(
        "PubSub uses the default PG adapter, which broadcasts across nodes only when they are connected. DNSCluster "
        "is in the supervision tree but DNS_CLUSTER_QUERY isn't set in fly.toml, so two machines would each update "
        "only their own LiveViews. Setting DNS_CLUSTER_QUERY=moonrise-api.internal (and RELEASE_COOKIE shared by "
        "both) would make leaderboard broadcasts reach everyone."
    )
    s.user(
        "알겠어. if we ever do realtime PvP we'd probably always route it through Phoenix channels rather than a "
        "separate socket server, right?",
        non_rules=["if we ever do realtime PvP we'd probably always route it through Phoenix channels"],
    )
    s.say(
        "For turn-based or low-rate PvP, channels on the same cluster are a good fit; for tick-rate action combat a "
        "dedicated UDP game server is the usual choice and Phoenix would do matchmaking and results."
    )
    s.outcome("unknown", "questions only (PubSub adapter, clustering on Fly), answered with a read-only Explore agent")
    return s


def s08_fly_nxdomain() -> Session:
    s = server("s08-fly-nxdomain", "2027-01-12T06:30:29", "2.1.174", "main", "cold-ichon-petrel")
    s.user(f"fly deploy 하는데 release_command에서 죽어\n\n```\n{FLY_LOG}\n```", after=0)
    s.act(
        None,
        Read(
            "config/runtime.exs",
            '  maybe_ipv6 = if System.get_env("ECTO_IPV6") in ~w(true 1), do: [:inet6], else: []\n\n'
            "  config :moonrise, Moonrise.Repo,\n    url: database_url,\n    socket_options: maybe_ipv6",
            offset=20,
            limit=5,
            total=110,
        ),
    )
    s.act(
        "The repo only uses IPv6 when ECTO_IPV6 is set, and .flycast/.internal names resolve to IPv6 only. Let me "
        "confirm from inside the machine what the name resolves to.",
        Denied(
            Bash(
                'fly ssh console -a moonrise-api -C "/app/bin/moonrise rpc \':inet.getaddrs(~c\\"moonrise-db.flycast\\", :inet6) |> IO.inspect()\'"',
                desc="Resolve the DB host on prod",
            )
        ),
    )
    s.user(
        "prod에는 fly ssh로 직접 들어가서 뭐 하지 마. 설정은 fly.toml이랑 secrets로만 바꿔",
        rules=[("no-fly-ssh", "prod에는 fly ssh로 직접 들어가서 뭐 하지 마")],
    )
    s.act(None, Read("fly.toml", '[env]\n  PHX_HOST = "api.moonrise.gg"\n  PORT = "8080"', offset=9, limit=3, total=40))
    s.act(None, Edit("fly.toml", '  PORT = "8080"', '  PORT = "8080"\n  ECTO_IPV6 = "true"'))
    s.act(
        None,
        Bash(
            "fly deploy --remote-only",
            "Running moonrise-api release_command: /app/bin/migrate\n ✔ release_command 3d8d9e1ea1e298 completed successfully\n"
            "Updating existing machines in 'moonrise-api' with rolling strategy\n ✔ [1/1] Machine 4d89641c2e5587 is now in a good state\n"
            "Visit your newly deployed app at https://moonrise-api.fly.dev/",
            desc="Deploy",
            secs=160,
        ),
    )
    s.user(
        "됐다. 근데 마이그레이션은 항상 배포 전에 따로 돌려야 돼? 아니면 release_command로 충분해?",
        non_rules=["마이그레이션은 항상 배포 전에 따로 돌려야 돼?"],
    )
    s.say(
        "release_command is enough for additive migrations: it runs before the new machines start. Split it out only "
        "for migrations the old code can't run against (dropping or renaming columns)."
    )
    s.user("ㅇㅋ")
    s.outcome("success", "release_command :nxdomain fixed with ECTO_IPV6 in fly.toml; deploy succeeded")
    s.one_off("fly deploy release_command: tcp connect moonrise-db.flycast :nxdomain (ECTO_IPV6 not set)")
    return s


def _sa_oban_tests(a: Session) -> None:
    a.act(
        None,
        Grep(
            "Rewards.claim|Oban.insert|CloseSeason.new",
            [
                "test/moonrise/rewards_test.exs",
                "test/moonrise/seasons/season_rollover_test.exs",
                "test/moonrise_web/live/admin/player_live_test.exs",
                "test/moonrise_web/controllers/reward_controller_test.exs",
            ],
            path="test",
        ),
    )
    a.say(
        "Four test files enqueue Oban jobs: rewards_test.exs, seasons/season_rollover_test.exs, "
        "admin/player_live_test.exs and reward_controller_test.exs; all four are async: true."
    )


def s09_random_ci_ko() -> Session:
    s = server("s09-random-ci-ko", "2027-01-13T07:45:52", "2.1.174", "main", "gray-seochon-lynx")
    s.user(
        "CI에서만 가끔 테스트가 랜덤하게 터져. 로컬에선 열 번 돌려도 멀쩡한데. 이번엔 rewards_test랑 "
        "season_rollover_test였고 둘 다 sandbox 어쩌구 에러",
        after=0,
    )
    s.act(
        "I'll have a background agent list the tests that enqueue Oban jobs while I look at the test config.",
        Agent(
            "Tests that enqueue Oban jobs",
            "List every test file that enqueues an Oban job (directly or through a context function) and whether it is "
            "async: true. Report only.",
            "general-purpose",
            _sa_oban_tests,
            background=True,
        ),
    )
    s.act(None, Read("config/test.exs", TEST_EXS, total=12))
    s.act(
        None,
        Bash(
            "mix test test/moonrise/rewards_test.exs --repeat-until-failure 30",
            "Running ExUnit with seed: 7710, max_cases: 20\n\n"
            + OWNERSHIP_FAIL
            + "\n\nThe run failed on repetition 9.",
            code=2,
            desc="Repeat until failure",
            secs=40,
        ),
    )
    s.agent_done(after=10)
    s.say(
        "Reproduced locally on the 9th repetition. test.exs runs real Oban queues, and the agent found four async "
        "test files that enqueue jobs, so jobs run in Oban's processes outside the test's sandbox."
    )
    s.user("아 잠깐 회의 들어가야 돼")
    s.outcome(
        "unknown", "random CI test failures described in Korean; reproduced and a cause suspected, then abandoned"
    )
    s.hit(OBAN)
    return s


def s10_leaderboard_ties() -> Session:
    s = server(
        "s10-leaderboard-ties", "2027-01-14T01:55:30", "2.1.174", "feat/leaderboard-ties", "bright-euljiro-gannet"
    )
    s.user(
        "added a tie test for the leaderboard and it's red. same score: whoever submitted first ranks higher", after=0
    )
    fail = mix_test(
        66,
        [
            "test top/2 ranks ties by earliest submission (Moonrise.LeaderboardsTest)\n"
            "     test/moonrise/leaderboards_test.exs:57\n     Assertion with == failed\n"
            "     code:  assert Enum.map(top, & &1.player_id) == [p2.id, p1.id, p3.id]\n"
            "     left:  [1041, 1042, 1043]\n     right: [1042, 1041, 1043]\n     stacktrace:\n"
            "       test/moonrise/leaderboards_test.exs:63: (test)"
        ],
        secs="3.2",
    )
    s.act(None, Bash("mix test test/moonrise/leaderboards_test.exs", fail, code=2, desc="Leaderboard tests"))
    s.act(
        None,
        Read(
            "lib/moonrise/leaderboards.ex",
            "      where: e.season_id == ^season.id,\n      order_by: [desc: e.score],\n      limit: ^n",
            offset=18,
            limit=3,
            total=70,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/moonrise/leaderboards.ex",
            "      order_by: [desc: e.score],",
            "      order_by: [desc: e.score, asc: e.submitted_at, asc: e.id],",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict && mix test",
            "212 mods/funs, found no issues.\n\n" + mix_test(66, secs="3.1"),
            desc="Format, credo, tests",
        ),
    )
    s.say(
        "Ties now sort by submitted_at, then id. Format, credo and all 66 tests pass. The branch is behind main; I "
        "can rebase it and force-push."
    )
    s.user(
        "no force pushes on shared branches here either, same as the client repo. merge main in",
        rules=[("no-force-push", "no force pushes on shared branches here either")],
    )
    s.act(
        None,
        Bash(
            "git fetch origin && git merge --no-edit origin/main && mix test && git push",
            "Merge made by the 'ort' strategy.\n"
            + mix_test(68, secs="3.3")
            + "\n   6f1e2a9..b4c8d03  feat/leaderboard-ties -> feat/leaderboard-ties",
            desc="Merge main, test, push",
        ),
    )
    s.user("👍")
    s.outcome("success", "leaderboard tie-break by submitted_at fixed, tests green, main merged and pushed")
    s.one_off("ExUnit: ties by earliest submission assertion failed, top/2 ordered by score only")
    return s


def s11_fix_oban_tests() -> Session:
    s = server("s11-fix-oban-tests", "2027-01-15T05:30:08", "2.1.175", "fix/oban-testing", "calm-jongmyo-swan")
    s.user(
        "let's finish the random Oban test failures today. OwnershipError, owner exited, the CI-only ones: I think it's all one cause",
        after=0,
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Stop running real Oban queues in test", "in_progress", "Switching Oban to manual testing mode"),
                ("Assert enqueued jobs and run them with perform_job", "pending", "Updating the job tests"),
                ("Repeat the suite until failure", "pending", "Repeating the suite"),
            ]
        ),
    )
    s.act(None, Read("config/test.exs", TEST_EXS, total=12))
    s.act(
        "test.exs starts real queues: jobs run in Oban's own processes, which have no sandbox connection (the "
        "OwnershipError), and when the test finishes first the owner exits under them (owner exited). In manual "
        "testing mode nothing runs on its own; tests assert the enqueue and run the job inline.",
        Edit(
            "config/test.exs",
            "config :moonrise, Oban, queues: [default: 10], plugins: [Oban.Plugins.Pruner]",
            "config :moonrise, Oban, testing: :manual",
        ),
    )
    s.act(None, Read("test/moonrise/rewards_test.exs", REWARDS_TEST, offset=31, limit=4, total=60))
    s.act(
        None,
        Edit(
            "test/moonrise/rewards_test.exs",
            "    assert {:ok, _job} = Rewards.claim(player, reward)\n",
            "    assert {:ok, _job} = Rewards.claim(player, reward)\n"
            "    assert_enqueued worker: GrantReward, args: %{player_id: player.id, reward_id: reward.id}\n"
            "    assert :ok = perform_job(GrantReward, %{player_id: player.id, reward_id: reward.id})\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test --repeat-until-failure 30",
            "Running ExUnit with seed: 31204, max_cases: 20\n\n"
            + mix_test(71, secs="24.8", seed=31204)
            + "\n\nAll 30 repetitions passed.",
            desc="Whole suite, 30 repetitions",
            secs=300,
        ),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict",
            "Analysis took 0.9 seconds (0.04s to load, 0.8s running 54 checks on 63 files)\n219 mods/funs, found no issues.",
            desc="Format and credo",
        ),
    )
    s.user(
        "교훈: Oban이 테스트에서 진짜로 job을 돌리면 sandbox 밖 프로세스라서 DB를 못 써. 커밋해줘",
        lessons=["교훈: Oban이 테스트에서 진짜로 job을 돌리면 sandbox 밖 프로세스라서 DB를 못 써"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Oban testing: :manual, assert and perform jobs in tests' && git push -u origin fix/oban-testing",
            git_commit(
                "fix/oban-testing", "3e70b9c", "Oban testing: :manual, assert and perform jobs in tests", 5, 21, 9
            ),
        ),
    )
    s.outcome("success", "Oban in testing: :manual with perform_job; the suite passes 30 repetitions in a row")
    s.hit(OBAN, fixed=True)
    return s


def s12_seasons_resumed() -> Session:
    s = server("s12-seasons-resumed", "2027-01-18T07:10:33", "2.1.175", "feat/admin-seasons", "soft-samcheong-heron")
    s.user("season admin LiveView: list, create, edit the end date. read CONTRIBUTING.md first", after=0)
    s.act(
        None,
        Read(
            "CONTRIBUTING.md",
            "# Contributing to moonrise_server\n\n- Contexts live in lib/moonrise/, one per domain.\n"
            "- Never call Repo directly from LiveViews; go through the context modules.\n"
            "- Run `mix precommit` before opening a PR.",
            total=5,
        ),
    )
    s.not_person("Never call Repo directly from LiveViews; go through the context modules.", "tool_output")
    s.act(
        None,
        Write(
            "lib/moonrise/seasons.ex",
            "defmodule Moonrise.Seasons do\n  alias Moonrise.{Repo, Seasons.Season}\n\n  def list, do: Repo.all(Season)\n"
            "  def create(attrs), do: %Season{} |> Season.changeset(attrs) |> Repo.insert()\n"
            "  def update(season, attrs), do: season |> Season.changeset(attrs) |> Repo.update()\nend\n",
        ),
        Write(
            "lib/moonrise_web/live/admin/season_live/index.ex",
            "defmodule MoonriseWeb.Admin.SeasonLive.Index do\n  use MoonriseWeb, :live_view\n\n"
            "  def mount(_params, _session, socket), do: {:ok, assign(socket, seasons: Moonrise.Seasons.list())}\nend\n",
        ),
    )
    s.act(None, Bash("mix test", mix_test(74, secs="3.6"), desc="Tests"))
    s.say("Seasons context and the admin season list/create/edit LiveView are in; 74 tests pass.")
    s.user("오늘은 여기까지, 내일 이어서 하자")
    s.user("이어서. 종료일 수정 폼에 validation 추가해줘: 종료일은 시작일 이후여야 돼", after=63_000)
    s.act(
        None,
        Read(
            "lib/moonrise/seasons/season.ex",
            "    season\n    |> cast(attrs, [:name, :starts_at, :ends_at])\n    |> validate_required([:name, :starts_at, :ends_at])",
            offset=14,
            limit=3,
            total=30,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/moonrise/seasons/season.ex",
            "    |> validate_required([:name, :starts_at, :ends_at])",
            "    |> validate_required([:name, :starts_at, :ends_at])\n    |> validate_ends_after_start()",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict && mix test",
            "221 mods/funs, found no issues.\n\n" + mix_test(76, secs="3.7"),
            desc="Format, credo, tests",
        ),
    )
    s.user("좋아요 👍")
    s.outcome("success", "season admin LiveView, resumed the next day for the end-date validation; tests green")
    return s


def s13_rewards_queue() -> Session:
    s = server("s13-rewards-queue", "2027-01-20T02:00:19", "2.1.176", "feat/rewards-queue", "bold-seoul-forest-jay")
    s.user(
        "이벤트 때 보상 지급 job이 default 큐에서 리더보드 집계 job 뒤에 밀려서 몇 분씩 늦었대. 이제부터 보상 지급 "
        "job은 rewards 큐로 따로 돌려. default 큐 하나로 다 돌리던 건 끝",
        after=0,
        rules=[("rewards-queue", "이제부터 보상 지급 job은 rewards 큐로 따로 돌려", "oban-default-queue")],
    )
    s.act(
        None,
        Read("config/config.exs", OBAN_CONFIG, offset=40, limit=5, total=92),
        Read(
            "lib/moonrise/workers/grant_reward.ex",
            "defmodule Moonrise.Workers.GrantReward do\n  use Oban.Worker, queue: :default, max_attempts: 5",
            total=10,
        ),
    )
    s.act(
        None,
        Edit("config/config.exs", "  queues: [default: 10],", "  queues: [default: 10, rewards: 5],"),
        Edit("lib/moonrise/workers/grant_reward.ex", "queue: :default", "queue: :rewards"),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict && mix test",
            "221 mods/funs, found no issues.\n\n" + mix_test(76, secs="3.5"),
            desc="Format, credo, tests",
        ),
    )
    s.say("GrantReward now runs on its own `rewards` queue (limit 5); default keeps 10. Credo clean, 76 tests pass.")
    s.user("ok, I'll deploy it myself")
    s.outcome("success", "reward grants moved to their own Oban queue, tests green; the person deploys")
    return s


def s14_close_season_cron() -> Session:
    s = server("s14-close-season-cron", "2027-01-22T03:15:42", "2.1.176", "feat/season-close", "late-gwanghwamun-tern")
    s.user("시즌 종료 Oban cron job 만들자. 매주 월요일 KST 05:00에 시즌 닫고 상위 100명 보상 enqueue", after=0)
    s.act(
        None,
        Read(
            "config/config.exs",
            OBAN_CONFIG.replace("default: 10]", "default: 10, rewards: 5]"),
            offset=40,
            limit=5,
            total=92,
        ),
    )
    s.act(
        None,
        Edit(
            "config/config.exs",
            "  plugins: [Oban.Plugins.Pruner]",
            '  plugins: [Oban.Plugins.Pruner, {Oban.Plugins.Cron, crontab: [{"0 20 * * 0", Moonrise.Workers.CloseSeason}]}]',
        ),
        Write(
            "lib/moonrise/workers/close_season.ex",
            "defmodule Moonrise.Workers.CloseSeason do\n  use Oban.Worker, queue: :default, unique: [period: 3600]\n\n"
            "  @impl Oban.Worker\n  def perform(_job) do\n    season = Moonrise.Seasons.current!()\n"
            "    {:ok, _} = Moonrise.Seasons.close(season)\n    Moonrise.Rewards.enqueue_season_rewards(season, 100)\n  end\nend\n",
        ),
        Write(
            "test/moonrise/workers/close_season_test.exs",
            "defmodule Moonrise.Workers.CloseSeasonTest do\n  use Moonrise.DataCase, async: true\n  use Oban.Testing, repo: Moonrise.Repo\n"
            "  # closes the season, enqueues 100 GrantReward jobs on :rewards\nend\n",
        ),
    )
    s.act(None, Bash("mix test test/moonrise/workers", mix_test(4, secs="0.6"), desc="Worker tests"))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request: Oban cron job "
        "closing the season every Monday 05:00 KST and enqueueing rewards for the top 100.\n2. Done: "
        'Moonrise.Workers.CloseSeason, Cron plugin entry "0 20 * * 0", worker tests pass (4).\n3. Pending: none '
        "requested.",
        pre_tokens=91_300,
        post_tokens=8_050,
    )
    s.user("cron 표현식 UTC 기준 맞지? 헷갈리니까 주석 달아줘")
    s.act(
        None,
        Edit(
            "config/config.exs",
            '{Oban.Plugins.Cron, crontab: [{"0 20 * * 0", Moonrise.Workers.CloseSeason}]}',
            "{Oban.Plugins.Cron,\n     # Oban cron runs in UTC: Sunday 20:00 UTC is Monday 05:00 KST\n"
            '     crontab: [{"0 20 * * 0", Moonrise.Workers.CloseSeason}]}',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict && mix test",
            "224 mods/funs, found no issues.\n\n" + mix_test(80, secs="3.8"),
            desc="Format, credo, tests",
        ),
    )
    s.user("👍 머지")
    s.outcome("success", "season close cron worker (Sunday 20:00 UTC = Monday 05:00 KST), tests green, merged")
    return s


SESSIONS = [
    s01_leaderboard_schema,
    s02_admin_players,
    s03_grant_worker,
    s04_duplicate_column,
    s05_credo_lint,
    s06_ci_owner_exited,
    s07_pubsub_questions,
    s08_fly_nxdomain,
    s09_random_ci_ko,
    s10_leaderboard_ties,
    s11_fix_oban_tests,
    s12_seasons_resumed,
    s13_rewards_queue,
    s14_close_season_cron,
]

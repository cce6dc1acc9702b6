"""Sayali's `ghat-rakshak` sessions (g01-g15): Elixir 1.17 / Phoenix 1.7 LiveView for a trekking club's monsoon
route-safety alerts, Ecto on PostgreSQL, Oban jobs, ExUnit, Credo and Dialyxir, mix release in a Docker image on
Fly.io (region bom). Times are UTC; Pune is UTC+05:30."""

from __future__ import annotations

from transcript_kit import GHAT, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "ghat-rakshak"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=GHAT, project=PROJECT)


def mix_test(tests: int, failures: int = 0, detail: str = "", secs: float = 3.4) -> str:
    head = "Running ExUnit with seed: 418230, max_cases: 16\n\n" + ("." * min(tests, 40)) + "\n"
    return (
        head
        + (detail + "\n" if detail else "")
        + (
            f"Finished in {secs:.1f} seconds ({secs * 0.2:.1f}s async, {secs * 0.8:.1f}s sync)\n"
            f"{tests} tests, {failures} failure{'s' if failures != 1 else ''}"
        )
    )


TEST_EXS = """import Config

config :ghat_rakshak, GhatRakshak.Repo,
  pool: Ecto.Adapters.SQL.Sandbox,
  pool_size: System.schedulers_online() * 2

config :ghat_rakshak, Oban, testing: :inline

config :logger, level: :warning"""

CI_YML = """      - name: Restore PLT cache
        uses: actions/cache@v4
        with:
          path: priv/plts
          key: plt-${{ runner.os }}-otp27-elixir1.17
      - name: Dialyzer
        run: mix dialyzer --format github"""


def g01() -> Session:
    s = new("g01-route-alerts", "2029-10-22T10:05:40", "2.1.160", "main", "route-alerts-sarus")
    s.user(
        "ghat-rakshak: trekking club app, monsoon मध्ये route safety alerts. Route schema: name, fort, difficulty, "
        "status (open/caution/closed), status_changed_at. ठरवलं: alerts साठी Oban cron वापरू, Quantum नको.",
        decisions=["ठरवलं: alerts साठी Oban cron वापरू, Quantum नको"],
    )
    s.title("Route schema and status alerts")
    s.act(
        None,
        Bash(
            "mix phx.gen.live Routes Route routes name:string fort:string difficulty:integer "
            "status:enum:open:caution:closed status_changed_at:utc_datetime",
            "* creating lib/ghat_rakshak_web/live/route_live/index.ex\n* creating lib/ghat_rakshak_web/live/route_live/show.ex\n"
            "* creating lib/ghat_rakshak/routes/route.ex\n* creating priv/repo/migrations/20291022100712_create_routes.exs\n"
            "* creating test/ghat_rakshak_web/live/route_live_test.exs\n\nAdd the live routes to your browser scope in "
            "lib/ghat_rakshak_web/router.ex",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test",
            "10:07:31.402 [info] == Running 20291022100712 GhatRakshak.Repo.Migrations.CreateRoutes.change/0 forward\n10:07:31.410 [info] create table routes\n"
            + mix_test(31),
            secs=20,
        ),
    )
    s.say("Routes LiveView generated, migration applied, 31 tests pass.")
    s.user(
        "store every timestamp in UTC in the database. आणि alerts मध्ये वेळ IST मध्ये दाखवा, trekkers ना UTC कळत नाही.",
        rules=[
            ("store-utc", "store every timestamp in UTC in the database"),
            ("show-ist", "alerts मध्ये वेळ IST मध्ये दाखवा"),
        ],
    )
    s.act(
        None,
        Write(
            "lib/ghat_rakshak_web/time_format.ex",
            'defmodule GhatRakshakWeb.TimeFormat do\n  def ist(%DateTime{} = dt) do\n    dt |> DateTime.shift_zone!("Asia/Kolkata") |> Calendar.strftime("%d %b, %I:%M %p IST")\n  end\nend\n',
        ),
    )
    s.say(
        "Columns are `utc_datetime`; `GhatRakshakWeb.TimeFormat.ist/1` formats for display (tzdata is already a dep)."
    )
    s.outcome("success", "routes LiveView generated, UTC storage with IST display helper")
    return s


def g02() -> Session:
    s = new("g02-tailwind-missing", "2029-10-23T10:22:15", "2.1.160", "main", "tailwind-missing-pipit")
    s.user(
        'mix assets.deploy fails on the new laptop:\n\n```\n** (Mix) tailwind version is not configured. Please set it in your config files:\n\n    config :tailwind, :version, "3.4.3"\n```'
    )
    s.act(
        None,
        Read(
            "config/config.exs",
            'config :esbuild,\n  version: "0.21.5"\n\nconfig :tailwind,\n  default: [\n    args: ~w(--config=tailwind.config.js --input=css/app.css --output=../priv/static/assets/app.css),\n    cd: Path.expand("../assets", __DIR__)\n  ]',
        ),
    )
    s.act(
        "The `version:` key went missing from the tailwind config in the last merge:",
        Edit(
            "config/config.exs",
            "config :tailwind,\n  default: [",
            'config :tailwind,\n  version: "3.4.3",\n  default: [',
        ),
    )
    s.act(
        None,
        Bash(
            "mix tailwind.install && mix assets.deploy",
            '10:24:03.118 [debug] Downloading tailwind from https://github.com/tailwindlabs/tailwindcss/releases/download/v3.4.3/tailwindcss-linux-x64\n\nRebuilding...\n\nDone in 412ms.\nCheck your digested files at "priv/static"',
            secs=12,
        ),
    )
    s.say("Assets build again with tailwind 3.4.3.")
    s.user(
        "👍. test config मध्ये आणि एक: keep Oban in testing: :inline in config/test.exs, jobs should just run in tests.",
        rules=[("oban-inline", "keep Oban in testing: :inline in config/test.exs")],
    )
    s.act(None, Read("config/test.exs", TEST_EXS))
    s.say("It already is: `config :ghat_rakshak, Oban, testing: :inline`.")
    s.one_off("mix assets.deploy failed: tailwind version missing from config/config.exs after a merge")
    s.outcome("success", "tailwind version restored, assets build")
    return s


DIALYZER_CI = """Run mix dialyzer --format github
Finding suitable PLTs
Checking PLT...
[:compiler, :crypto, :ecto, :ecto_sql, :elixir, :jason, :kernel, :logger, :oban, :phoenix, :phoenix_live_view, :req, :stdlib]
PLT is up to date!
Starting Dialyzer
Total errors: 2, Skipped: 0, Unnecessary Skips: 0
::warning file=lib/ghat_rakshak/imd/client.ex,line=27::Function Req.Request.put_new_header/3 does not exist.
::warning file=lib/ghat_rakshak/imd/client.ex,line=34::Function Req.Request.merge_options/2 does not exist.
done (warnings were emitted)
Halting VM with exit status 2
Error: Process completed with exit code 2."""


def g03() -> Session:
    s = new("g03-dialyzer-req", "2029-10-24T10:40:02", "2.1.161", "deps/req-0.5", "dialyzer-req-booby")
    s.user(
        "after bumping Req to 0.5.8, dialyzer fails in CI:\n\n```\n"
        + DIALYZER_CI
        + "\n```\nlocally mix dialyzer is clean."
    )
    s.act(
        None,
        Grep(
            "put_new_header",
            ['lib/ghat_rakshak/imd/client.ex:27:    |> Req.Request.put_new_header("user-agent", @ua)'],
            mode="content",
        ),
    )
    s.act(
        None,
        Bash(
            "mix hex.info req | head -3 && mix dialyzer",
            "Req is a batteries-included HTTP client for Elixir.\n\nReleases: 0.5.8, 0.5.7, 0.5.6, 0.4.14\nFinding suitable PLTs\nChecking PLT...\nPLT is up to date!\nStarting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in 0m4.31s",
            secs=30,
        ),
    )
    s.say(
        "Locally both functions exist in Req 0.5.8 and Dialyzer is clean. I can add them to `.dialyzer_ignore.exs` so CI passes."
    )
    s.user("ignore नको, ते खरं नाही. आज merge नाही करत, PR तसाच ठेवा.")
    s.hit("dialyzer-stale-plt")
    s.outcome("failed", "CI dialyzer unknown_function for Req 0.5.8 while local is clean; PR left red")
    return s


def g04() -> Session:
    s = new("g04-fly-deploy", "2029-10-25T09:52:47", "2.1.161", "main", "fly-deploy-drongo")
    s.user(
        "route status LiveView Fly वर टाकू. लक्षात ठेवा: Fly वर deploy फक्त rolling strategy ने करा, "
        "आपल्याकडे दोन machines आहेत.",
        rules=[("fly-rolling", "Fly वर deploy फक्त rolling strategy ने करा")],
    )
    s.act(
        "Pushing main first so the image matches the repo:",
        Denied(Bash("git push origin main"), "नको, main वर थेट push करू नका, PR उघडा"),
    )
    s.user(
        "परत सांगते: main वर थेट push करू नका, PR उघडा. gh pr create वापरा.",
        rules=[("no-push-main", "main वर थेट push करू नका, PR उघडा")],
    )
    s.act(
        None,
        Bash(
            "git push -u origin feat/route-status && gh pr create --fill --base main",
            "branch 'feat/route-status' set up to track 'origin/feat/route-status'.\nhttps://github.com/ghat-rakshak/ghat-rakshak/pull/41",
        ),
    )
    s.act(
        None,
        Bash(
            "fly deploy --strategy rolling",
            "==> Verifying app config\n--> Verified app config\n==> Building image with Depot\n[+] Building 71.4s (19/19) FINISHED\n--> Pushing image done\n> Updating existing machines in 'ghat-rakshak' with rolling strategy\n> [1/2] Machine 148e2d4c6b3d89 [app] update succeeded\n> [2/2] Machine 3d8d9e1f21e938 [app] update succeeded\nVisit your newly deployed app at https://ghat-rakshak.fly.dev/",
            secs=130,
        ),
    )
    s.say("PR #41 is open and both machines are updated with the rolling strategy.")
    s.user("छान 👍")
    s.outcome("success", "PR opened instead of pushing to main, rolling deploy on Fly succeeded")
    return s


CREDO = """┃ Code Readability
┃
┃ [R] → Modules should have a @moduledoc tag.
┃       lib/ghat_rakshak/imd/client.ex:1:11 #(GhatRakshak.IMD.Client)

Please report incorrect results: https://github.com/rrrene/credo/issues

Analysis took 0.4 seconds (0.03s to load, 0.4s running 58 checks on 47 files)
212 mods/funs, found 1 code readability issue."""


def g05() -> Session:
    s = new("g05-imd-key", "2029-10-26T10:14:30", "2.1.162", "feat/imd-key", "imd-key-shama")
    s.user(
        "got the key for the IMD API. read it in config/runtime.exs. and credo says this:\n\n```\n" + CREDO + "\n```"
    )
    s.not_person("Modules should have a @moduledoc tag.", "pasted_log")
    s.act(
        None,
        Denied(
            Edit(
                "config/runtime.exs",
                'config :ghat_rakshak, :imd, base_url: "https://api.imd.example.gov.in"',
                'config :ghat_rakshak, :imd,\n  base_url: "https://api.imd.example.gov.in",\n  api_key: "imd_live_7f3a91c0d2"',
            ),
            "key इथे नाही! secrets repo मध्ये कधीच नाही, fly secrets set वापरा",
        ),
    )
    s.user(
        "पुन्हा: secrets repo मध्ये कधीच नाही, fly secrets set वापरा. runtime.exs मध्ये System.fetch_env! करा.",
        rules=[("secrets-repo", "secrets repo मध्ये कधीच नाही, fly secrets set वापरा")],
    )
    s.act(
        None,
        Edit(
            "config/runtime.exs",
            'config :ghat_rakshak, :imd, base_url: "https://api.imd.example.gov.in"',
            'config :ghat_rakshak, :imd,\n  base_url: "https://api.imd.example.gov.in",\n  api_key: System.fetch_env!("IMD_API_KEY")',
        ),
    )
    s.act(
        None,
        Edit(
            "lib/ghat_rakshak/imd/client.ex",
            "defmodule GhatRakshak.IMD.Client do",
            'defmodule GhatRakshak.IMD.Client do\n  @moduledoc "Client for the IMD district rainfall warnings API."',
        ),
    )
    s.act(
        None,
        Bash(
            "mix credo --strict && mix test",
            "Analysis took 0.4 seconds (0.03s to load, 0.4s running 58 checks on 47 files)\n212 mods/funs, found no issues.\n"
            + mix_test(38),
            secs=15,
        ),
    )
    s.say(
        "Key read from `IMD_API_KEY` at runtime; set it with `fly secrets set IMD_API_KEY=...` (that restarts the machines)."
    )
    s.user(
        "हो, कळलं: fly secrets set केल्यावर machines restart होतात, म्हणून रात्री करते.",
        lessons=["कळलं: fly secrets set केल्यावर machines restart होतात"],
    )
    s.outcome("success", "IMD key read from env via runtime.exs, credo clean, tests pass")
    return s


def explore_imd(child: Session) -> None:
    child.act(
        None,
        Grep(
            "HTTPoison|Req\\.",
            ["lib/ghat_rakshak/imd/client.ex", "lib/ghat_rakshak/weather/nowcast.ex", "lib/ghat_rakshak/notify/sms.ex"],
        ),
    )
    child.act(
        None,
        Read(
            "lib/ghat_rakshak/weather/nowcast.ex",
            'defmodule GhatRakshak.Weather.Nowcast do\n  def fetch(district) do\n    HTTPoison.get!("https://nowcast.example.gov.in/api/" <> district, [], recv_timeout: 15_000)\n  end\nend',
        ),
    )
    child.say(
        "HTTP clients in use: Req in lib/ghat_rakshak/imd/client.ex and lib/ghat_rakshak/notify/sms.ex; HTTPoison only in lib/ghat_rakshak/weather/nowcast.ex:3 (fetch/1, 15 s recv_timeout). Nothing else depends on HTTPoison."
    )


def g06() -> Session:
    s = new("g06-one-http-client", "2029-10-29T10:31:18", "2.1.162", "chore/http", "one-http-client-lark")
    s.user("how many HTTP clients do we use? I want only one. find them.")
    s.act(
        None,
        Agent(
            "Find HTTP client usage",
            "Find every place in /home/sayali/work/ghat-rakshak that makes HTTP calls and which library it uses "
            "(Req, HTTPoison, Finch directly). Never modify files; only report what you find.",
            "Explore",
            explore_imd,
        ),
    )
    s.not_person("Never modify files; only report what you find.", "subagent_prompt")
    s.user(
        "going with Req instead of HTTPoison for nowcast too. काढून टाका HTTPoison.",
        decisions=["going with Req instead of HTTPoison for nowcast too"],
    )
    s.act(
        None,
        Edit(
            "lib/ghat_rakshak/weather/nowcast.ex",
            '    HTTPoison.get!("https://nowcast.example.gov.in/api/" <> district, [], recv_timeout: 15_000)',
            '    Req.get!("https://nowcast.example.gov.in/api/" <> district, receive_timeout: 15_000).body',
        ),
    )
    s.act(
        None,
        Bash(
            "mix deps.unlock httpoison hackney --unused; mix test",
            "Unlocked deps:\n* httpoison\n* hackney\n* certifi\n* idna\n" + mix_test(38),
            secs=18,
        ),
    )
    s.say("HTTPoison and hackney are gone; nowcast uses Req, 38 tests pass.")
    s.user("👍")
    s.outcome("success", "HTTPoison removed, nowcast on Req")
    return s


def g07() -> Session:
    s = new("g07-dialyzer-words", "2029-10-30T10:48:05", "2.1.163", "deps/oban-2.19", "dialyzer-words-minivet")
    s.user(
        "परत तेच: CI मध्ये dialyzer लाल, लोकल वर हिरवा. काल code काहीच बदलला नाही, फक्त oban आणि phoenix_live_view "
        "चे deps update केले. काय चाललंय?"
    )
    s.act(None, Read(".github/workflows/ci.yml", CI_YML))
    s.say(
        "The PLT cache key in CI is `plt-${{ runner.os }}-otp27-elixir1.17`: it doesn't change when deps change, so "
        "CI may be reusing an older PLT. I'd need the CI log to be sure."
    )
    s.user("CI log नंतर पाठवते. बघू.")
    s.hit("dialyzer-stale-plt")
    s.outcome("unknown", "dialyzer red in CI only after a deps update; she leaves to fetch the log")
    return s


def g08() -> Session:
    s = new("g08-fly-oom", "2029-10-31T10:09:44", "2.1.163", "main", "fly-oom-bulbul")
    s.user(
        "Fly वर app restart होत राहतो. fly logs:\n\n```\n2029-10-31T09:58:12Z app[148e2d4c6b3d89] bom [info]"
        "[ 41.902113] Out of memory: Killed process 512 (beam.smp) total-vm:1419204kB, anon-rss:231880kB\n"
        "2029-10-31T09:58:13Z app[148e2d4c6b3d89] bom [info] INFO Main child exited with signal (with signal 'SIGKILL', core dumped? false)\n```"
    )
    s.act(
        None,
        Bash(
            "fly scale show",
            "VM Resources for app: ghat-rakshak\n\nGroups\nNAME\tCOUNT\tKIND\tCPUS\tMEMORY\tREGIONS\napp \t2    \tshared\t1   \t256 MB\tbom",
            secs=3,
        ),
    )
    s.act(
        "256 MB is tight for the BEAM with LiveView and Oban; scaling to 512 MB:",
        Denied(Bash("fly scale memory 512"), "पैसे वाढतील, treasurer ला विचारल्याशिवाय नाही"),
    )
    s.act(
        None,
        Bash(
            "fly ssh console -C 'bin/ghat_rakshak rpc \":erlang.memory() |> Keyword.take([:total, :processes, :binary]) |> IO.inspect\"'",
            "[total: 218734592, processes: 91244560, binary: 88021344]",
            secs=9,
        ),
    )
    s.say(
        "88 MB in binaries: the IMD rainfall GeoJSON is kept in an Oban job's state. I can try streaming it, but that's a bigger change."
    )
    s.user("आज नाही जमणार. app अजून restart होतोय, treasurer शी बोलते.")
    s.one_off(
        "Fly machine killed by the OOM killer (256 MB, large IMD GeoJSON binaries); scaling up was refused for cost"
    )
    s.outcome("failed", "OOM restarts continue, no fix")
    return s


def g09() -> Session:
    s = new("g09-oban-manual", "2029-11-01T10:27:59", "2.1.164", "fix/alert-order", "oban-manual-robin")
    s.user(
        "route_live_test मध्ये एक bug सुटला: alert job status बदलण्याआधीच चालला आणि जुना status पाठवला, test तरी हिरवी. "
        "switch Oban to testing: :manual and use assert_enqueued, inline hides ordering bugs.",
        rules=[
            (
                "oban-manual",
                "switch Oban to testing: :manual and use assert_enqueued, inline hides ordering bugs",
                "oban-inline",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "config/test.exs",
            "config :ghat_rakshak, Oban, testing: :inline",
            "config :ghat_rakshak, Oban, testing: :manual",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test",
            mix_test(
                38,
                3,
                "  1) test close route sends alert (GhatRakshakWeb.RouteLiveTest)\n     test/ghat_rakshak_web/live/route_live_test.exs:58\n     Expected job to be enqueued matching: %{worker: GhatRakshak.Workers.RouteAlert}",
            ),
            secs=8,
        ),
    )
    s.act(
        None,
        Edit(
            "test/ghat_rakshak_web/live/route_live_test.exs",
            "    assert_received {:sms_sent, _}",
            '    assert_enqueued worker: RouteAlert, args: %{route_id: route.id, status: "closed"}\n    assert %{success: 1} = Oban.drain_queue(queue: :alerts)',
        ),
    )
    s.act(None, Bash("mix test", mix_test(38), secs=8))
    s.say("All 38 pass with :manual; the alert test now checks the enqueued args carry the new status.")
    s.user(
        "learned that testing: :inline runs the job inside the test process before the status update commits. thanks 🙏",
        lessons=["learned that testing: :inline runs the job inside the test process before the status update commits"],
    )
    s.outcome("success", "Oban testing switched to :manual, alert tests assert enqueued args")
    return s


def g10() -> Session:
    s = new("g10-rain-banner", "2029-11-02T10:02:33", "2.1.164", "feat/rain-banner", "rain-banner-hoopoe")
    s.user("if IMD has a red alert for the district, show a red banner on the route page.")
    s.act(
        None,
        Read(
            "lib/ghat_rakshak_web/live/route_live/show.ex",
            'defmodule GhatRakshakWeb.RouteLive.Show do\n  use GhatRakshakWeb, :live_view\n\n  def mount(%{"id" => id}, _session, socket) do\n    {:ok, assign(socket, route: Routes.get_route!(id))}\n  end\nend',
        ),
    )
    s.act(
        "I'll load the warning only once the socket is connected, so the dead render stays fast. "
        "As a rule of thumb, never call an external API inside a LiveView mount without a connected? check.",
        Edit(
            "lib/ghat_rakshak_web/live/route_live/show.ex",
            "    {:ok, assign(socket, route: Routes.get_route!(id))}",
            "    route = Routes.get_route!(id)\n    socket = assign(socket, route: route, warning: nil)\n    if connected?(socket), do: send(self(), :load_warning)\n    {:ok, socket}",
        ),
    )
    s.not_person(
        "As a rule of thumb, never call an external API inside a LiveView mount without a connected? check.",
        "assistant_text",
    )
    s.act(None, Bash("mix test test/ghat_rakshak_web/live", mix_test(14, secs=2.1), secs=6))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: show a red banner on the route page when IMD has a red alert for the route's district.\n"
        "2. Done: warning loaded after connected?, tests pass.\n3. User preferences: The user prefers that every "
        "public Elixir function has a @spec.\n4. Pending: banner component and styling.",
        167220,
        14880,
    )
    s.not_person("The user prefers that every public Elixir function has a @spec.", "compaction_summary")
    s.user(
        "banner component करा. Oban jobs ला नेहमी max_attempts 5 ठेवायचे का? आत्ता 20 आहे default.",
        non_rules=["Oban jobs ला नेहमी max_attempts 5 ठेवायचे का?"],
    )
    s.act(
        None,
        Write(
            "lib/ghat_rakshak_web/components/rain_banner.ex",
            'defmodule GhatRakshakWeb.RainBanner do\n  use Phoenix.Component\n\n  attr :warning, :map, default: nil\n\n  def rain_banner(assigns) do\n    ~H"""\n    <div :if={@warning && @warning.level == :red} class="bg-red-600 text-white p-3 font-semibold">\n      IMD red alert: {@warning.district}. Route closed for today.\n    </div>\n    """\n  end\nend\n',
        ),
    )
    s.act(None, Bash("mix test", mix_test(40, secs=3.9), secs=9))
    s.say(
        "Banner done, 40 tests pass. On max_attempts: alert jobs are idempotent, so 5 is reasonable; the default is 20."
    )
    s.user("ok, max_attempts later. banner looks nice 👍")
    s.outcome("success", "IMD red-alert banner on route page, tests pass")
    return s


DIALYZER_LOCAL = """$ mix dialyzer
Finding suitable PLTs
Checking PLT...
PLT is up to date!
Starting Dialyzer
lib/ghat_rakshak_web/live/route_live/index.ex:41:call
The function call will not succeed.

Phoenix.LiveView.stream(_socket :: any(), :routes, [any()], [{:reset, true}])

breaks the contract
(socket, name, items, opts) :: socket
________________________________________________________________________________
done (warnings were emitted)"""


def g11() -> Session:
    s = new("g11-plt-cache-key", "2029-11-05T10:15:26", "2.1.165", "ci/plt-key", "plt-cache-key-tailorbird")
    s.user(
        "आता लोकल वर पण dialyzer रडतो, Gaurav च्या machine वर नाही:\n\n```\n" + DIALYZER_LOCAL + "\n```\n"
        "stream/4 चा contract बरोबर आहे, आम्ही LV 1.0.1 वर आहोत."
    )
    s.act(
        None,
        Bash(
            "ls -la priv/plts/ && grep phoenix_live_view mix.lock | cut -c1-80",
            '-rw-r--r-- 1 sayali sayali 1873112 Oct 18 11:02 dialyxir_erlang-27.1_elixir-1.17.3.plt\n-rw-r--r-- 1 sayali sayali 5129880 Oct 18 11:03 dialyxir_erlang-27.1_elixir-1.17.3_deps-dev.plt\n  "phoenix_live_view": {:hex, :phoenix_live_view, "1.0.1", "5389e82ff5',
        ),
    )
    s.say(
        "That's the common cause of all three reports: the PLT from Oct 18 was built against the old deps, and "
        '"PLT is up to date!" only checks the app list, not versions after some lock changes. CI\'s cache key '
        "never changes with mix.lock either. Rebuilding locally and keying the CI cache on mix.lock:"
    )
    s.act(
        None,
        Bash(
            "rm -f priv/plts/*.plt && mix dialyzer --plt && mix dialyzer",
            "Finding suitable PLTs\nCreating priv/plts/dialyxir_erlang-27.1_elixir-1.17.3_deps-dev.plt\nCompiling 41 modules...\nAdding 1487 modules to priv/plts/dialyxir_erlang-27.1_elixir-1.17.3_deps-dev.plt\ndone in 2m41.08s\nStarting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in 0m5.02s",
            secs=170,
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "          key: plt-${{ runner.os }}-otp27-elixir1.17",
            "          key: plt-${{ runner.os }}-otp27-elixir1.17-${{ hashFiles('**/mix.lock') }}\n          restore-keys: plt-${{ runner.os }}-otp27-elixir1.17-",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ci(dialyzer): key PLT cache on mix.lock' && git push -u origin ci/plt-key && gh pr checks --watch",
            "[ci/plt-key 6b2f019] ci(dialyzer): key PLT cache on mix.lock\n 1 file changed, 2 insertions(+), 1 deletion(-)\nAll checks were successful\n✓  test  2m11s\n✓  dialyzer  4m02s\n✓  credo  38s",
            secs=300,
        ),
    )
    s.say("Local Dialyzer is clean after the rebuild and CI's dialyzer job is green with the new cache key.")
    s.user(
        "धडा: deps बदलले की PLT पण नवीन बांधायचा. 🙏",
        lessons=["धडा: deps बदलले की PLT पण नवीन बांधायचा"],
    )
    s.hit("dialyzer-stale-plt", fixed=True)
    s.outcome("success", "PLT rebuilt with mix dialyzer --plt and CI cache keyed on mix.lock; dialyzer green")
    return s


def g12() -> Session:
    s = new("g12-bluegreen", "2029-11-06T10:40:12", "2.1.165", "main", "bluegreen-shrike")
    s.user("PR #44 is merged, deploy to Fly.")
    s.say("Deploying with the rolling strategy as you asked earlier: `fly deploy --strategy rolling`.")
    s.user(
        "नाही, ते आधीचं होतं, आता fly deploy bluegreen strategy नेच करायचा, healthchecks लावले आहेत fly.toml मध्ये.",
        rules=[("fly-bluegreen", "आता fly deploy bluegreen strategy नेच करायचा", "fly-rolling")],
    )
    s.act(
        None,
        Bash(
            "fly deploy --strategy bluegreen",
            "==> Building image with Depot\n--> Pushing image done\n> Creating green machines\n> [1/2] Machine 7811e9f2c54d08 [app] is healthy [1/1]\n> [2/2] Machine e2865d1a904178 [app] is healthy [1/1]\n> Marking green machines as ready\n> Destroying blue machines\nVisit your newly deployed app at https://ghat-rakshak.fly.dev/",
            secs=150,
        ),
    )
    s.say("Bluegreen deploy done: green machines passed their health checks before the blue ones were destroyed.")
    s.user("👍 छान")
    s.outcome("success", "bluegreen deploy on Fly succeeded")
    return s


def g13() -> Session:
    s = new("g13-ist-insert", "2029-11-07T10:18:49", "2.1.166", "feat/admin-close", "ist-insert-pitta")
    s.user(
        "admin form मधून route close केला तर crash:\n\n```\n** (ArgumentError) :utc_datetime expects the time zone to be "
        '"Etc/UTC", got `#DateTime<2029-11-07 15:30:00+05:30 IST Asia/Kolkata>`\n    (ecto 3.12.4) lib/ecto/type.ex:1187: '
        "Ecto.Type.check_utc_timezone!/2\n```\nफक्त आजसाठी alerts चा cron दर 5 मिनिटांनी करा, उद्या demo आहे.",
        non_rules=["फक्त आजसाठी alerts चा cron दर 5 मिनिटांनी करा"],
    )
    s.act(
        None,
        Edit(
            "lib/ghat_rakshak/routes.ex",
            "    |> Route.status_changeset(%{status: status, status_changed_at: now})",
            '    |> Route.status_changeset(%{status: status, status_changed_at: DateTime.shift_zone!(now, "Etc/UTC")})',
        ),
    )
    s.act(
        None,
        Edit(
            "config/runtime.exs",
            '{"*/15 * * * *", GhatRakshak.Workers.RouteAlertSweep}',
            '{"*/5 * * * *", GhatRakshak.Workers.RouteAlertSweep}',
        ),
    )
    s.act(
        None,
        Bash(
            "mix test && fly deploy --strategy bluegreen",
            mix_test(41, secs=4.0)
            + "\n> [1/2] Machine 7811e9f2c54d08 [app] is healthy [1/1]\n> [2/2] Machine e2865d1a904178 [app] is healthy [1/1]\nVisit your newly deployed app at https://ghat-rakshak.fly.dev/",
            secs=160,
        ),
    )
    s.say("Closing a route stores UTC now; the sweep runs every 5 minutes on Fly until you ask me to put it back.")
    s.user("झालं 👍 उद्या 15 वर परत करू.")
    s.one_off("Ecto :utc_datetime rejected an IST DateTime from the admin close-route form")
    s.outcome("success", "status_changed_at shifted to UTC before insert; cron temporarily every 5 minutes")
    return s


def g14() -> Session:
    s = new("g14-map-hook", "2029-11-08T10:33:27", "2.1.166", "feat/map", "map-hook-babbler")
    s.queued_start("route map वर Leaflet hook टाकायचा, gpx track दाखवायचा")
    s.user("route map वर Leaflet hook टाकायचा, gpx track दाखवायचा", after=0.4)
    s.act(
        None,
        Bash(
            "cd assets && npm install leaflet@1.9.4 --save",
            "added 1 package, and audited 2 packages in 2s\nfound 0 vulnerabilities",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "mix assets.build",
            '✘ [ERROR] Could not resolve "leaflet/dist/leaflet.css"\n\n    css/app.css:4:8:\n      4 │ @import "leaflet/dist/leaflet.css";\n        ╵         ~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n1 error',
            code=1,
            secs=4,
        ),
    )
    s.act(
        "Tailwind's CSS pipeline doesn't resolve node_modules imports; I'll rewrite the asset pipeline to use esbuild for CSS too:",
        Write("assets/build.js", 'const esbuild = require("esbuild")\n// full custom build script\n'),
    )
    s.interrupt()
    s.user("थांबा थांबा, पूर्ण pipeline बदलायची नाही. आज वेळ नाही, राहू दे.")
    s.act(None, Bash("rm assets/build.js && git checkout -- assets/package.json assets/package-lock.json", ""))
    s.say("Removed the build script and the leaflet install; assets are as before.")
    s.outcome("failed", "Leaflet CSS import broke the asset build; the rewrite was interrupted and reverted")
    return s


def g15() -> Session:
    s = new("g15-status-colours", "2029-11-09T10:12:40", "2.1.167", "feat/colours", "status-colours-barbet")
    s.user(
        "ठरवलं, route status साठी तीन रंग ठेवू: हिरवा, पिवळा, लाल. index page वर badge बदला.",
        decisions=["ठरवलं, route status साठी तीन रंग ठेवू: हिरवा, पिवळा, लाल"],
    )
    s.act(
        None,
        Edit(
            "lib/ghat_rakshak_web/live/route_live/index.html.heex",
            '<span class="badge">{route.status}</span>',
            '<span class={["badge", status_class(route.status)]}>{route.status}</span>',
        ),
    )
    s.act(
        None,
        Edit(
            "lib/ghat_rakshak_web/live/route_live/index.ex",
            "  use GhatRakshakWeb, :live_view",
            '  use GhatRakshakWeb, :live_view\n\n  defp status_class(:open), do: "bg-green-600"\n  defp status_class(:caution), do: "bg-yellow-400"\n  defp status_class(:closed), do: "bg-red-600"',
        ),
    )
    s.act(
        None,
        Bash("mix test && mix credo --strict", mix_test(41, secs=4.1) + "\n212 mods/funs, found no issues.", secs=14),
    )
    s.say("Badges are green, yellow and red per status; tests and credo pass.")
    s.user("बघते मोबाईल वर नंतर.")
    s.outcome("unknown", "status badges coloured; she will look on mobile later, no verdict")
    return s


SESSIONS = [g01, g02, g03, g04, g05, g06, g07, g08, g09, g10, g11, g12, g13, g14, g15]

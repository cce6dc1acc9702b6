"""Gunnar's `vedurstofa` sessions (v01-v16): an OCaml 5 web service (Dune, Dream, Caqti on SQLite, alcotest, a
local opam switch in _opam) that collects observations from weather stations and serves them as JSON and SVG,
deployed as a NixOS module with an hourly import job. Times are UTC, which is Reykjavík's time all year."""

from __future__ import annotations

from fake_output import VED, alcotest_run, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "vedurstofa"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=VED, project=PROJECT)


MIG_001 = """CREATE TABLE stations (
  id   TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  lat  REAL NOT NULL,
  lon  REAL NOT NULL
);
"""

MIG_002 = """CREATE TABLE observations (
  station_id  TEXT NOT NULL REFERENCES stations (id),
  observed_at TEXT NOT NULL,
  temp_c      REAL,
  wind_ms     REAL,
  PRIMARY KEY (station_id, observed_at)
);
"""

DB_ML = """open Caqti_request.Infix

module Q = struct
  let list_stations =
    Caqti_type.(unit ->* t4 string string float float)
      "SELECT id, name, lat, lon FROM stations ORDER BY name"
end

let list_stations (module Db : Caqti_lwt.CONNECTION) = Db.collect_list Q.list_stations ()
"""

DB_ML_OBS = DB_ML.replace(
    '      "SELECT id, name, lat, lon FROM stations ORDER BY name"\n',
    '      "SELECT id, name, lat, lon FROM stations ORDER BY name"\n\n'
    "  let insert_observation =\n"
    "    Caqti_type.(t4 string ptime (option float) (option float) ->. unit)\n"
    '      "INSERT INTO observations (station_id, observed_at, temp_c, wind_ms) VALUES (?, ?, ?, ?)"\n\n'
    "  let since =\n"
    "    Caqti_type.(t2 string ptime ->* t3 ptime (option float) (option float))\n"
    '      "SELECT observed_at, temp_c, wind_ms FROM observations WHERE station_id = ? AND observed_at > ? "\n'
    '      "ORDER BY observed_at"\n',
)

MAIN_ML = """let station_json (id, name, lat, lon) =
  `Assoc [ ("id", `String id); ("name", `String name); ("lat", `Float lat); ("lon", `Float lon) ]

let () =
  Dream.run ~interface:"0.0.0.0" ~port:8080
  @@ Dream.logger
  @@ Dream.sql_pool (Sys.getenv_opt "VEDURSTOFA_DB" |> Option.value ~default:"sqlite3:vedurstofa.db")
  @@ Dream.router
       [
         Dream.get "/stations" (fun req ->
             match%lwt Dream.sql req Db.list_stations with
             | Ok rows -> Dream.json (Yojson.Safe.to_string (`List (List.map station_json rows)))
             | Error e -> Dream.respond ~status:`Internal_Server_Error (Caqti_error.show e));
       ]
"""

IMPORT_SQL = """-- run hourly by vedurstofa-import.service: sqlite3 $DB < import.sql
.import --csv /var/lib/vedurstofa/incoming/latest.csv staging
INSERT OR IGNORE INTO observations (station_id, observed_at, temp_c, wind_ms)
  SELECT station, datetime('now'), temp, wind FROM staging;
DELETE FROM staging;
"""


# ---------------------------------------------------------------------------------------------------------------


def v01() -> Session:
    s = new("v01-stations", "2028-01-10T14:05:12", "2.1.157", "stations", "stations-endpoint-plover")
    s.user(
        "vedurstofa, first real session. Two ground rules before any code:\n"
        "1. All SQL lives in Caqti request definitions in lib/db.ml and nowhere else.\n"
        "2. Handlers build their JSON by hand with Yojson; no ppx derivers.\n\n"
        "Decision: SQLite, not Postgres; one network of forty stations does not need a database server. Start with "
        "GET /stations returning id, name, lat and lon, plus the migration for the stations table.",
        rules=[
            ("sql-in-db", "All SQL lives in Caqti request definitions in lib/db.ml and nowhere else"),
            ("yojson-hand", "Handlers build their JSON by hand with Yojson; no ppx derivers"),
        ],
        decisions=["SQLite, not Postgres; one network of forty stations does not need a database server"],
    )
    s.title("GET /stations with Caqti and Dream")
    s.act(
        None,
        Read(
            "dune-project",
            "(lang dune 3.16)\n(name vedurstofa)\n(package\n (name vedurstofa)\n (depends ocaml dune "
            "dream caqti caqti-lwt caqti-driver-sqlite3 yojson (alcotest :with-test)))",
        ),
    )
    s.act(
        "Migration, the Caqti request in lib/db.ml, and the route with a hand-built `Assoc`:",
        Write("migrations/001_stations.sql", MIG_001),
        Write("lib/db.ml", DB_ML),
        Write("bin/main.ml", MAIN_ML),
    )
    s.act(
        None,
        Write(
            "test/test_vedurstofa.ml",
            'let test_station_json () =\n  Alcotest.(check string) "shape" '
            '{|{"id":"hvr","name":"Hveravellir","lat":64.87,"lon":-19.56}|}\n    (Yojson.Safe.to_string '
            '(Main_lib.station_json ("hvr", "Hveravellir", 64.87, -19.56)))\n\nlet () =\n  Alcotest.run "vedurstofa" '
            '[ ("json", [ Alcotest.test_case "station_json" `Quick test_station_json ]) ]\n',
        ),
    )
    s.act(
        None,
        Bash(
            "dune build 2>&1 && dune test --force",
            alcotest_run("vedurstofa", [("json", "station_json", True)], secs=0.003),
            secs=21,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add stations table and GET /stations'",
            git_commit("stations", "41d7e3b", "Add stations table and GET /stations", 5, 63, 0),
        ),
    )
    s.say("GET /stations works against SQLite, the JSON is built with `Assoc`, one alcotest case; committed `41d7e3b`.")
    s.user("Good start, thank you.")
    s.outcome("success", "stations migration, Caqti query and GET /stations with a test; committed")
    return s


LOCKED = (
    "ASSERT ingest two stations at once\n"
    "FAIL ingest two stations at once\n\n"
    "Expected: `Ok'\n"
    "Received: `Error\n"
    '  Request to <sqlite3:///tmp/vedurstofa-test.db> failed: database is locked. Query: "INSERT INTO observations '
    "(station_id, observed_at, temp_c, wind_ms) VALUES (?, ?, ?, ?)\".'"
)


def v02() -> Session:
    s = new("v02-ingest", "2028-01-11T14:22:40", "2.1.157", "ingest", "observations-post-redwing")
    s.user(
        "Næst: POST /observations sem tekur við JSON lista af mælingum frá stöð og skrifar í observations töfluna "
        "(ný migration 002). Keyrðu alltaf prófin með `dune test --force`, ég treysti ekki cache-inu á milli "
        "switcha. Og próf þar sem tvær stöðvar senda samtímis.",
        rules=[("dune-force", "Keyrðu alltaf prófin með `dune test --force`")],
    )
    s.act(None, Read("lib/db.ml", DB_ML))
    s.act(
        None,
        Write("migrations/002_observations.sql", MIG_002),
        Edit("lib/db.ml", DB_ML.strip("\n"), DB_ML_OBS.strip("\n")),
        Write(
            "test/test_ingest.ml",
            "let test_two_at_once () =\n  let pool = Test_db.pool () in\n  let post st = Ingest.store pool st "
            '(Fixtures.batch st) in\n  let a, b = Lwt_main.run (Lwt.both (post "hvr") (post "stf")) in\n  '
            'Alcotest.(check (result unit Test_db.err)) "ingest two stations at once" (Ok ()) (Result.join '
            "(Ok a) |> fun _ -> b)\n",
        ),
    )
    fail = alcotest_run(
        "vedurstofa",
        [("json", "station_json", True), ("ingest", "one station", True), ("ingest", "two stations at once", False)],
        LOCKED,
        secs=0.058,
    )
    s.act(None, Bash("dune test --force", fail, code=1, secs=9))
    s.act(
        "The concurrent case fails with a lock error; the test database may be left over from an earlier run. "
        "Removing it and running again:",
        Bash("rm -f /tmp/vedurstofa-test.db"),
    )
    s.act(None, Bash("dune test --force", fail, code=1, secs=9))
    s.act("Once more, in case it is timing-dependent:", Bash("dune test --force", fail, code=1, secs=9))
    s.say(
        "It fails the same way every time: the second writer gets `database is locked` while the first one's "
        "transaction is open. I could serialize the two posts in the test."
    )
    s.user("Hættu að keyra þetta aftur og aftur, og ekki breyta prófinu. Þetta er ekki leyst, ég kíki á það sjálfur.")
    s.outcome("failed", "POST /observations written, but the concurrent ingest test fails with database is locked x3")
    s.hit("sqlite-locked")
    return s


def v03() -> Session:
    s = new("v03-driver-missing", "2028-01-12T14:40:03", "2.1.157", "ingest", "opam-switch-shearwater")
    s.user(
        'Í nýjum tmux glugga segir dune build allt í einu:\n\n```\nFile "bin/dune", line 4, characters 38-58:\n'
        "4 |  (libraries vedurstofa dream caqti-lwt caqti-driver-sqlite3))\n"
        "                                           ^^^^^^^^^^^^^^^^^^^^\n"
        'Error: Library "caqti-driver-sqlite3" not found.\n```\n\nÍ gamla glugganum virkar allt.'
    )
    s.act(
        "The driver library is not visible in this shell's switch; installing it:",
        Denied(Bash("opam install -y caqti-driver-sqlite3")),
    )
    s.user(
        "Nei. Ekki setja neitt í default switchinn; allt fer í local switchinn í _opam. Athugaðu frekar hvaða "
        "switch er virkur.",
        rules=[("local-switch", "Ekki setja neitt í default switchinn; allt fer í local switchinn í _opam")],
    )
    s.act(
        None,
        Bash(
            "opam switch show; opam switch list",
            "default\n#  switch                      compiler                    description\n"
            "→  default                     ocaml-base-compiler.5.2.1   default\n"
            "   /home/gunnar/src/vedurstofa ocaml-base-compiler.5.3.0   /home/gunnar/src/vedurstofa",
        ),
    )
    s.act(
        "The new tmux window did not pick up the local switch (the old one had run `eval $(opam env)` in the "
        "project). Activating it for this shell:",
        Bash(
            "eval $(opam env --switch=. --set-switch) && opam switch show && dune build 2>&1 | tail -1",
            "/home/gunnar/src/vedurstofa",
        ),
    )
    s.say("With the local switch active `dune build` succeeds; nothing was installed anywhere.")
    s.user("Já, þetta var tmux glugginn, direnv var ekki kominn inn þar. Takk.")
    s.one_off(
        'dune build in a new tmux window: Library "caqti-driver-sqlite3" not found, because that shell had the '
        "default opam switch active instead of the project's local one; fixed with eval $(opam env --switch=. "
        "--set-switch)"
    )
    s.outcome("success", "the local opam switch activated in the new shell; build works without installing anything")
    return s


def v04() -> Session:
    s = new("v04-missing-today", "2028-01-13T14:15:33", "2.1.158", "latest", "last-24h-snipe")
    s.user(
        "GET /stations/:id/observations?hours=24 is missing today's observations from the hourly importer. The ones "
        "the stations post through the API show up fine. Yesterday's imported rows are there too."
    )
    s.act(None, Read("lib/db.ml", DB_ML_OBS), Read("scripts/import.sql", IMPORT_SQL))
    s.act(
        "The query filters `observed_at > ?` with a `ptime` parameter computed as now minus 24 hours. If the server "
        "and the importer disagree on the timezone, today's rows would fall outside the window. Converting the "
        "cutoff to local time:",
        Denied(Edit("lib/db.ml", "AND observed_at > ? ", "AND observed_at > datetime(?, 'localtime') ")),
    )
    s.user("Iceland is UTC all year and so is the server; there is no timezone here. That is not it.")
    s.say(
        "Then the cutoff is right, and the difference must be in how the two writers store `observed_at`: the "
        "API goes through Caqti's `ptime`, the importer uses `datetime('now')`. I have not confirmed how that "
        "affects the comparison."
    )
    s.user("Stop there, you are guessing. I will look at it tomorrow.")
    s.outcome("failed", "24-hour endpoint misses today's imported rows; a timezone edit refused, cause not found")
    s.hit("timestamp-text-order")
    return s


CONTRIBUTING = """# Contributing to vedurstofa

- Build with `dune build`, test with `dune test`.
- The NixOS module lives in nix/module.nix; the package in nix/package.nix.
- Never commit the `result` symlink that nix build leaves behind.
"""


def v05() -> Session:
    s = new("v05-nixos-module", "2028-01-14T14:30:51", "2.1.158", "nixos", "nixos-module-merganser")
    s.user(
        "Ákvörðun: vedurstofa fer í loftið sem NixOS module á veður-vélinni, ekki sem Docker gámur. Skrifaðu "
        "nix/package.nix með buildDunePackage og nix/module.nix með systemd þjónustu. Í bili nægir að þjónustan "
        "hlusti á porti 8080.",
        decisions=["vedurstofa fer í loftið sem NixOS module á veður-vélinni, ekki sem Docker gámur"],
        non_rules=["Í bili nægir að þjónustan hlusti á porti 8080"],
    )
    s.act(
        None,
        Read("CONTRIBUTING.md", CONTRIBUTING),
        Read(
            "flake.nix",
            '{\n  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.11";\n  outputs = { self, nixpkgs }: {\n  };\n}',
        ),
    )
    s.act(
        None,
        Write(
            "nix/package.nix",
            '{ ocamlPackages }:\nocamlPackages.buildDunePackage {\n  pname = "vedurstofa";\n  version = "0.1.0";\n'
            "  src = ../.;\n  buildInputs = with ocamlPackages; [ dream caqti caqti-lwt caqti-driver-sqlite3 "
            "yojson ];\n  checkInputs = [ ocamlPackages.alcotest ];\n}\n",
        ),
        Write(
            "nix/module.nix",
            "{ config, lib, pkgs, ... }:\nlet cfg = config.services.vedurstofa; in {\n  options.services.vedurstofa"
            '.enable = lib.mkEnableOption "vedurstofa";\n  config = lib.mkIf cfg.enable {\n    systemd.services.'
            'vedurstofa = {\n      wantedBy = [ "multi-user.target" ];\n      environment.VEDURSTOFA_DB = '
            '"sqlite3:/srv/vedurstofa/vedurstofa.db";\n      serviceConfig = {\n        ExecStart = '
            '"${pkgs.vedurstofa}/bin/vedurstofa";\n        DynamicUser = true;\n      };\n    };\n  };\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "nix build .#vedurstofa -L 2>&1 | tail -3 && rm -f result",
            "vedurstofa> Running phase: installPhase\nvedurstofa> Running phase: fixupPhase\nvedurstofa> shrinking "
            "RPATHs of ELF executables and libraries in /nix/store/6q2vz8l0f1d5w3h7k9m4x2c8b0j1p5r3-vedurstofa-0.1.0",
            secs=140,
        ),
    )
    s.say("The package builds with `buildDunePackage`; the module defines the service on port 8080. `result` removed.")
    s.user("Gott, takk.")
    s.not_person("Never commit the `result` symlink that nix build leaves behind.", "tool_output")
    s.outcome("success", "nix package and NixOS module for vedurstofa written; nix build succeeds")
    return s


INGEST_ML = """let store pool station batch =
  Caqti_lwt_unix.Pool.use
    (fun db -> Db.insert_batch db station batch)
    pool
"""


def v06() -> Session:
    s = new("v06-hourly-500", "2028-01-17T13:50:27", "2.1.160", "main", "top-of-hour-dunlin")
    s.user(
        "Production: every hour at :00 a handful of station POSTs get a 500 while the import timer runs. From the "
        "journal on vedur:\n\n```\n"
        "Jan 17 13:00:02 vedur systemd[1]: Starting vedurstofa-import.service...\n"
        "Jan 17 13:00:03 vedur vedurstofa[1123]: 17.01.28 13:00:03.311    dream.logger  WARN REQ 8812 POST "
        "/observations 500 in 4 ms\n"
        "Jan 17 13:00:03 vedur vedurstofa[1123]: Request to <sqlite3:///var/lib/vedurstofa/vedurstofa.db> failed: "
        'database is locked. Query: "INSERT INTO observations (station_id, observed_at, temp_c, wind_ms) VALUES '
        '(?, ?, ?, ?)".\n'
        "Jan 17 13:00:04 vedur vedurstofa[1123]: 17.01.28 13:00:04.020    dream.logger  WARN REQ 8815 POST "
        "/observations 500 in 3 ms\n"
        "Jan 17 13:00:09 vedur systemd[1]: vedurstofa-import.service: Deactivated successfully.\n```\n\n"
        "The stations retry after ten minutes, so nothing is lost yet, but I do not want this."
    )
    s.act(None, Read("lib/ingest.ml", INGEST_ML))
    s.act(
        "The import holds a write lock for a few seconds. A short retry around the insert would ride it out:",
        Denied(
            Edit(
                "lib/ingest.ml",
                "    (fun db -> Db.insert_batch db station batch)",
                "    (fun db -> Retry.on_locked ~attempts:5 ~delay:0.5 (fun () -> Db.insert_batch db station batch))",
            )
        ),
    )
    s.user("No retry loops around SQL. Find out why a five-second import blocks every writer.")
    s.act(None, Read("scripts/import.sql", IMPORT_SQL))
    s.say(
        "The importer runs `sqlite3` on the same file and its `INSERT ... SELECT` holds the write lock for the "
        "whole statement; a Caqti connection that tries to write meanwhile gets `database is locked` at once. The "
        "simplest change is moving the import timer to :30, away from the stations' :00 posts."
    )
    s.user("That only moves the collision to half past. Not fixed; I have a meeting now.")
    s.outcome("failed", "hourly 500s on POST /observations (database is locked); retry loop and timer move refused")
    s.hit("sqlite-locked")
    return s


def v07() -> Session:
    s = new("v07-dynamic-user", "2028-01-18T14:02:45", "2.1.160", "nixos", "state-directory-whimbrel")
    s.user(
        "First deploy of the module on vedur, and the service dies at once:\n\n```\n"
        "$ sudo nixos-rebuild switch --flake .#vedur\n"
        "evaluation warning: The option `services.nginx.recommendedProxySettings` should always be enabled behind a "
        "reverse proxy.\nactivating the configuration...\nstarting the following units: vedurstofa.service\n"
        "$ journalctl -u vedurstofa -n 3\n"
        "Jan 18 14:01:12 vedur systemd[1]: Started vedurstofa.service.\n"
        'Jan 18 14:01:12 vedur vedurstofa[2201]: Fatal error: exception Failure("Sqlite3 error: unable to open '
        'database file")\n'
        "Jan 18 14:01:12 vedur systemd[1]: vedurstofa.service: Main process exited, code=exited, status=2/"
        "INVALIDARGUMENT\n```\n\nFor now leave the retention timer out of the module; just get the service up.",
        non_rules=["For now leave the retention timer out of the module"],
    )
    s.act(
        None,
        Read(
            "nix/module.nix",
            '      environment.VEDURSTOFA_DB = "sqlite3:/srv/vedurstofa/vedurstofa.db";\n'
            '      serviceConfig = {\n        ExecStart = "${pkgs.vedurstofa}/bin/vedurstofa";\n        DynamicUser '
            "= true;\n      };",
        ),
    )
    s.act(
        "With `DynamicUser = true` the service runs as a throwaway user with a read-only view of the system; "
        "/srv/vedurstofa is not writable for it. `StateDirectory` gives it /var/lib/vedurstofa, owned by that user:",
        Edit(
            "nix/module.nix",
            '      environment.VEDURSTOFA_DB = "sqlite3:/srv/vedurstofa/vedurstofa.db";\n      serviceConfig = {\n',
            '      environment.VEDURSTOFA_DB = "sqlite3:/var/lib/vedurstofa/vedurstofa.db";\n      serviceConfig = {\n'
            '        StateDirectory = "vedurstofa";\n',
        ),
    )
    s.act(
        None,
        Bash(
            "sudo nixos-rebuild switch --flake .#vedur 2>&1 | tail -1 && systemctl is-active vedurstofa && curl -s "
            "localhost:8080/stations | head -c 80",
            'starting the following units: vedurstofa.service\nactive\n[{"id":"akr","name":"Akureyri",'
            '"lat":65.69,"lon":-18.1},{"id":"hvr",',
            secs=60,
        ),
    )
    s.say("The service is active and answers on :8080 with its database in /var/lib/vedurstofa.")
    s.user(
        "Works. Note to self: the module runs with DynamicUser, so the StateDirectory is the only writable place "
        "it has.",
        lessons=["the module runs with DynamicUser, so the StateDirectory is the only writable place it has"],
    )
    s.not_person(
        "The option `services.nginx.recommendedProxySettings` should always be enabled behind a reverse proxy.",
        "pasted_log",
    )
    s.one_off(
        "first NixOS deploy: vedurstofa dies with 'Sqlite3 error: unable to open database file' because a "
        "DynamicUser service cannot write /srv/vedurstofa; StateDirectory added and the database moved to "
        "/var/lib/vedurstofa"
    )
    s.outcome("success", "StateDirectory for the DynamicUser service; deployed and answering")
    return s


LATEST_FAIL = (
    "ASSERT latest per station\nFAIL latest per station\n\n"
    'Expected: `"2028-01-19 08:00:00"\'\nReceived: `"2028-01-19T07:00:00Z"\''
)


def v08() -> Session:
    s = new("v08-latest-test", "2028-01-19T14:11:09", "2.1.160", "latest", "latest-row-godwit")
    s.user(
        "test_latest_per_station fellur eftir að ég bætti við fixture sem setur inn gögn á sama hátt og "
        "importerinn, með datetime('now') reiknað fyrirfram sem 2028-01-19 08:00:00. Nýjasta röðin er klukkan "
        "átta en prófið fær sjö:\n\n```\n"
        + alcotest_run("vedurstofa", [("latest", "latest per station", False)], LATEST_FAIL, secs=0.021)
        + "\n```"
    )
    s.act(
        None,
        Read(
            "lib/db.ml",
            DB_ML_OBS + "\n  let latest =\n    Caqti_type.(string ->? t2 string (option float))\n"
            '      "SELECT observed_at, temp_c FROM observations WHERE station_id = ? ORDER BY observed_at DESC '
            'LIMIT 1"\n',
        ),
        Read("migrations/002_observations.sql", MIG_002),
    )
    s.act(
        "`observed_at` is declared TEXT, so ORDER BY compares strings. Declaring the column with a datetime "
        "affinity in the migration would be the quickest way to make both rows compare as times:",
        Denied(
            Edit("migrations/002_observations.sql", "  observed_at TEXT NOT NULL,", "  observed_at DATETIME NOT NULL,")
        ),
    )
    s.user(
        "Ekki snerta 002, hún er komin í notkun á vedur. A merged migration must never be edited; skrifaðu nýja "
        "ef það þarf.",
        rules=[("migrations-immutable", "A merged migration must never be edited")],
    )
    s.act(
        "Then, without touching the schema, the fixture could write its timestamp in the same format as the ptime "
        "rows, and the test would pass:",
        Denied(Bash("sed -i 's/2028-01-19 08:00:00/2028-01-19T08:00:00Z/' test/fixtures.ml")),
    )
    s.user("Nei, fixture-ið gerir nákvæmlega það sem importerinn gerir. Þetta er enn bilað, ég hætti í dag.")
    s.outcome("failed", "latest-per-station test returns the older row; migration edit and fixture change refused")
    s.hit("timestamp-text-order")
    return s


GEOJSON_ML = """let feature (id, name, lat, lon) =
  `Assoc
    [
      ("type", `String "Feature");
      ("geometry", `Assoc [ ("type", `String "Point"); ("coordinates", `List [ `Float lon; `Float lat ]) ]);
      ("properties", `Assoc [ ("id", `String id); ("name", `String name) ]);
    ]

let collection rows = `Assoc [ ("type", `String "FeatureCollection"); ("features", `List (List.map feature rows)) ]
"""


def geojson_tests(child: Session) -> None:
    child.act(None, Read("lib/geojson.ml", GEOJSON_ML))
    child.act(
        None,
        Write(
            "test/test_geojson.ml",
            'let hvr = ("hvr", "Hveravellir", 64.87, -19.56)\n\nlet test_lon_first () =\n  match '
            'Geojson.feature hvr with\n  | `Assoc f -> (\n      match List.assoc "geometry" f with\n      | `Assoc g '
            '-> Alcotest.(check bool) "lon first" true (List.assoc "coordinates" g = `List [ `Float (-19.56); '
            '`Float 64.87 ])\n      | _ -> Alcotest.fail "geometry")\n  | _ -> Alcotest.fail "feature"\n\nlet '
            'test_empty () =\n  Alcotest.(check string) "empty" {|{"type":"FeatureCollection","features":[]}|}'
            '\n    (Yojson.Safe.to_string (Geojson.collection []))\n\nlet tests = [ Alcotest.test_case "lon first" '
            '`Quick test_lon_first; Alcotest.test_case "empty" `Quick test_empty ]\n',
        ),
    )
    child.act(
        None,
        Bash(
            "dune test --force 2>&1 | tail -2",
            f"Full test results in `{VED}/_build/default/test/_build/_tests/vedurstofa'.\nTest Successful in 0.031s. "
            "6 tests run.",
        ),
    )
    child.say("Added test/test_geojson.ml with two cases (longitude before latitude; empty collection); all 6 pass.")


def v09() -> Session:
    s = new("v09-geojson", "2028-01-20T14:26:38", "2.1.161", "map", "geojson-map-sanderling")
    s.user(
        "GET /stations.geojson for the map page: a FeatureCollection of points with id and name as properties. "
        "Build it by hand like the rest, and get an agent to write the alcotest cases while you do the route."
    )
    s.act(
        "The encoder first:",
        Write("lib/geojson.ml", GEOJSON_ML),
    )
    s.act(
        None,
        Agent(
            "Alcotest cases for Geojson",
            "Write alcotest cases for lib/geojson.ml in test/test_geojson.ml: coordinates are [lon, lat] and an "
            "empty list gives an empty FeatureCollection. Run dune test --force and report what you added.",
            "general-purpose",
            geojson_tests,
            background=True,
        ),
    )
    s.act(None, Read("bin/main.ml", MAIN_ML))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Gunnar asked for GET /stations.geojson, hand-built JSON, with an agent "
        "writing the alcotest cases.\nSummary:\n1. Written: lib/geojson.ml (feature, collection; coordinates "
        "[lon, lat]).\n2. A background general-purpose agent writes test/test_geojson.ml.\n3. User preference: "
        "always run dune build @fmt before committing.\nPending: the route in bin/main.ml, the agent's result, "
        "commit.",
        168400,
        11200,
    )
    s.act(
        None,
        Edit(
            "bin/main.ml",
            "             | Error e -> Dream.respond ~status:`Internal_Server_Error (Caqti_error.show e));\n",
            "             | Error e -> Dream.respond ~status:`Internal_Server_Error (Caqti_error.show e));\n"
            '         Dream.get "/stations.geojson" (fun req ->\n             match%lwt Dream.sql req '
            "Db.list_stations with\n             | Ok rows -> Dream.json (Yojson.Safe.to_string "
            "(Geojson.collection rows))\n             | Error e -> Dream.respond ~status:`Internal_Server_Error "
            "(Caqti_error.show e));\n",
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "dune build && dune test --force 2>&1 | tail -1 && curl -s localhost:8080/stations.geojson | head -c 90",
            'Test Successful in 0.034s. 6 tests run.\n{"type":"FeatureCollection","features":[{"type":'
            '"Feature","geometry":{"type":"Point",',
            secs=25,
        ),
    )
    s.say(
        "GET /stations.geojson is in, and the agent's two geojson cases pass with the rest. Separately: foreign "
        "keys in SQLite are off unless each connection turns them on. Best practice is to always set PRAGMA "
        "foreign_keys = ON on every connection; the REFERENCES in 002 are not enforced today."
    )
    s.user("Noted, not today. Commit the map endpoint.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add GET /stations.geojson'",
            git_commit("map", "c07a5e2", "Add GET /stations.geojson", 4, 58, 0),
        ),
    )
    s.not_person("Best practice is to always set PRAGMA foreign_keys = ON on every connection", "assistant_text")
    s.not_person("User preference: always run dune build @fmt before committing.", "compaction_summary")
    s.outcome("success", "GET /stations.geojson with hand-built JSON; a background agent wrote its tests; committed")
    return s


def v10() -> Session:
    s = new("v10-page-hangs", "2028-01-21T13:58:14", "2.1.161", "main", "station-page-phalarope")
    s.user(
        "Something I noticed on the live site this morning: the Hveravellir station page now and then hangs for "
        "a moment and then shows the error page. A reload works. It seemed to happen right around the top of the "
        "hour, but I did not look at the journal and I am not at the machine now. Any idea?"
    )
    s.act(
        None,
        Read(
            "nix/module.nix",
            '    systemd.timers.vedurstofa-import = {\n      wantedBy = [ "timers.target" ];\n'
            '      timerConfig.OnCalendar = "hourly";\n    };',
        ),
    )
    s.say(
        "The timing matches the 500s on POST /observations from Monday: at :00 the import's `sqlite3` holds the "
        "write lock. In SQLite's default rollback-journal mode a writer in its commit phase blocks readers too, "
        "so a page query at that moment can fail with `database is locked` as well, and without a busy timeout it "
        "fails immediately rather than waiting. The journal would show the same Caqti error on a GET."
    )
    s.user("Possibly. I will check the journal when I am back at it.")
    s.outcome("unknown", "station page errors around the hour, described in words; explained, nothing checked")
    s.hit("sqlite-locked")
    return s


RETENTION_ML = """let cutoff () = Ptime.sub_span (Ptime_clock.now ()) (Ptime.Span.of_int_s (30 * 86400)) |> Option.get

let run pool =
  Caqti_lwt_unix.Pool.use (fun db -> Db.delete_before db (cutoff ())) pool
"""


def v11() -> Session:
    s = new("v11-retention", "2028-01-24T14:19:56", "2.1.163", "retention", "retention-cutoff-stint")
    s.user(
        "Retention-jobbið átti að eyða öllu sem er eldra en 30 dagar, en línuritið fyrir 25. desember er nú tómt "
        "fyrir importeraðar mælingar, þó sá dagur sé innan marka. Mælingarnar sem komu í gegnum API-ið frá sama "
        "degi eru enn til:\n\n```\nsqlite> SELECT substr(observed_at, 1, 10) d, count(*) FROM observations WHERE "
        "d = '2027-12-25' GROUP BY d;\n2027-12-25|412\nsqlite> SELECT count(*) FROM observations WHERE "
        "observed_at LIKE '2027-12-25 %';\n0\n```"
    )
    s.act(None, Read("lib/retention.ml", RETENTION_ML))
    s.act(
        "The cutoff is computed in OCaml and bound as a ptime. Letting SQLite compute it with its own "
        "`datetime('now', '-30 days')` keeps both sides in SQLite's format:",
        Edit(
            "lib/retention.ml",
            "  Caqti_lwt_unix.Pool.use (fun db -> Db.delete_before db (cutoff ())) pool",
            "  Caqti_lwt_unix.Pool.use (fun db -> Db.delete_older_than_days db 30) pool",
        ),
    )
    s.interrupt()
    s.user(
        "Stopp. Þetta felur bara vandann fyrir retention, og SQL á heima í db.ml. Settu þetta til baka. Ég þarf "
        "að skilja fyrst af hverju observed_at ber sig svona."
    )
    s.act(
        None,
        Edit(
            "lib/retention.ml",
            "  Caqti_lwt_unix.Pool.use (fun db -> Db.delete_older_than_days db 30) pool",
            "  Caqti_lwt_unix.Pool.use (fun db -> Db.delete_before db (cutoff ())) pool",
        ),
    )
    s.say("Reverted; lib/retention.ml is as it was. The deleted imported rows of 25 December are not restored.")
    s.user("Gott. Thetta er ekki leyst, holdum afram med thad seinna.")
    s.outcome("failed", "retention deleted 25 December's imported rows; SQL-side cutoff interrupted and reverted")
    s.hit("timestamp-text-order")
    return s


def explore_connections(child: Session) -> None:
    child.act(
        None,
        Bash(
            "grep -rn -e 'sql_pool' -e 'connect_pool' -e 'sqlite3 ' -e 'PRAGMA' --include='*.ml' --include='*.nix' "
            "--include='*.sql' --include='*.sh' .",
            './bin/main.ml:8:  @@ Dream.sql_pool (Sys.getenv_opt "VEDURSTOFA_DB" |> Option.value ~default:'
            '"sqlite3:vedurstofa.db")\n./test/test_db.ml:4:  Caqti_lwt_unix.connect_pool ~pool_config '
            '(Uri.of_string "sqlite3:///tmp/vedurstofa-test.db")\n./nix/module.nix:21:      script = "${pkgs.'
            'sqlite}/bin/sqlite3 /var/lib/vedurstofa/vedurstofa.db < ${../scripts/import.sql}";',
        ),
    )
    child.act(
        None,
        Bash(
            "sqlite3 /tmp/vedurstofa-test.db 'PRAGMA journal_mode; PRAGMA busy_timeout;'",
            "delete\n0",
        ),
    )
    child.say(
        "Connections to the database:\n- bin/main.ml:8 Dream.sql_pool (pool of Caqti connections, default size).\n"
        "- test/test_db.ml:4 Caqti_lwt_unix.connect_pool for the tests.\n- nix/module.nix:21 the hourly import "
        "runs the sqlite3 CLI on the same file.\nNo PRAGMA anywhere: journal_mode is delete (rollback journal) and "
        "busy_timeout is 0, so a connection that meets a lock fails immediately with SQLITE_BUSY."
    )


DB_PRAGMAS = """
let pragmas =
  [
    (Caqti_type.(unit ->! string) "PRAGMA journal_mode = WAL");
    (Caqti_type.(unit ->! int) "PRAGMA busy_timeout = 5000");
  ]

(* Run on every new connection, by Dream's pool and by the tests' pool. *)
let post_connect (module Db : Caqti_lwt.CONNECTION) =
  Lwt_list.iter_s (fun q -> Db.find q () |> Lwt.map ignore) pragmas |> Lwt.map Result.ok
"""


def v12() -> Session:
    s = new("v12-busy-fix", "2028-01-25T14:03:22", "2.1.163", "sqlite-busy", "wal-busy-timeout-eider")
    s.user(
        "Aftur læsing. Ég endurnefndi ingest prófið í test_concurrent_writes og bætti við lestri á meðan skrifað "
        "er, og núna fellur það svona:\n\n```\n[FAIL]  concurrency   0   test_concurrent_writes.\n"
        "Received: `Error\n  Request to <sqlite3:///tmp/vedurstofa-test.db> failed: SQLITE_BUSY (5).'\n```\n\n"
        "Þetta er sama rótin og 500 villurnar á heila tímanum og stöðvasíðan sem hékk. Finndu hana og lagaðu "
        "í eitt skipti fyrir öll."
    )
    s.act(
        "Every place that opens the database first:",
        Agent(
            "Find SQLite connections and pragmas",
            "In this repository, list every place that opens the SQLite database (Dream.sql_pool, Caqti pools, the "
            "sqlite3 CLI in scripts and the NixOS module), and report the journal mode and busy timeout they run "
            "with. Report file:line. Do not change anything.",
            "Explore",
            explore_connections,
        ),
    )
    s.act(
        None,
        Read("lib/db.ml", DB_ML_OBS),
        Read(
            "test/test_db.ml",
            "let pool_config = Caqti_pool_config.create "
            '~max_size:4 ()\n\nlet pool () =\n  Caqti_lwt_unix.connect_pool ~pool_config (Uri.of_string "sqlite3:///'
            'tmp/vedurstofa-test.db")\n  |> Result.get_ok',
        ),
    )
    s.act(
        "Three connections to one file, rollback journal, busy timeout 0: whenever two overlap, one of them gets "
        "SQLITE_BUSY at once. WAL lets readers run beside the writer, and a busy timeout makes writers wait for "
        "each other instead of failing. Both go on every connection through a `post_connect` in lib/db.ml, and "
        "the import script sets its own timeout:",
        Edit("lib/db.ml", "let list_stations (module Db", DB_PRAGMAS.lstrip("\n") + "\nlet list_stations (module Db"),
        Edit(
            "test/test_db.ml",
            "  Caqti_lwt_unix.connect_pool ~pool_config",
            "  Caqti_lwt_unix.connect_pool ~pool_config ~post_connect:Db.post_connect",
        ),
        Edit(
            "scripts/import.sql",
            "-- run hourly by vedurstofa-import.service: sqlite3 $DB < import.sql",
            "-- run hourly by vedurstofa-import.service: sqlite3 $DB < import.sql\n.timeout 5000",
        ),
    )
    s.act(
        None,
        Edit(
            "bin/main.ml",
            '  @@ Dream.sql_pool (Sys.getenv_opt "VEDURSTOFA_DB" |> Option.value ~default:"sqlite3:vedurstofa.db")',
            '  @@ Dream.sql_pool ~post_connect:Db.post_connect\n       (Sys.getenv_opt "VEDURSTOFA_DB" |> '
            'Option.value ~default:"sqlite3:vedurstofa.db")',
        ),
    )
    s.act(
        None,
        Bash(
            "dune test --force 2>&1 | tail -2 && sqlite3 /tmp/vedurstofa-test.db 'PRAGMA journal_mode;'",
            f"Full test results in `{VED}/_build/default/test/_build/_tests/vedurstofa'.\nTest Successful in 1.204s. "
            "9 tests run.\nwal",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "sudo nixos-rebuild switch --flake .#vedur 2>&1 | tail -1 && sudo systemctl start vedurstofa-import && "
            "journalctl -u vedurstofa --since '-2 min' | grep -c 'database is locked'",
            "starting the following units: vedurstofa.service\n0",
            code=0,
            secs=70,
        ),
    )
    s.say(
        "test_concurrent_writes passes (9/9), the test database is in WAL mode, and an import on vedur while "
        "stations post produced no `database is locked` in the journal."
    )
    s.user(
        "Takk, virkar. Lexía: SQLite með fleiri en eina tengingu þarf WAL og busy_timeout, annars kemur 'database "
        "is locked' um leið og tveir skrifa samtímis.",
        lessons=[
            "SQLite með fleiri en eina tengingu þarf WAL og busy_timeout, annars kemur 'database is locked' um leið "
            "og tveir skrifa samtímis"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Use WAL and a busy timeout on every SQLite connection'",
            git_commit("sqlite-busy", "9e31b07", "Use WAL and a busy timeout on every SQLite connection", 4, 19, 2),
        ),
    )
    s.outcome("success", "WAL and busy_timeout on every connection and in the import; concurrent test and prod ok")
    s.hit("sqlite-locked", fixed=True)
    return s


MIG_004 = """-- observed_at was written in two formats: Caqti's ptime ('2028-01-13T09:00:00Z') and the importer's
-- datetime('now') ('2028-01-13 09:00:00'). SQLite compares TEXT, and ' ' < 'T', so normalise to the ptime form.
UPDATE observations
   SET observed_at = strftime('%Y-%m-%dT%H:%M:%SZ', observed_at)
 WHERE observed_at NOT LIKE '%T%Z';
"""


def v13() -> Session:
    s = new("v13-timestamp-fix", "2028-01-26T14:12:48", "2.1.164", "timestamps", "iso-timestamps-knot")
    s.user(
        "The station chart (/stations/:id/chart.svg) ends an hour before the newest observation. That makes four "
        "timestamp oddities: the 24-hour endpoint, the latest-per-station test, retention eating 25 December, "
        "and now the chart. I think they are one thing. Look at the data itself this time."
    )
    s.act(
        None,
        Bash(
            'sqlite3 /var/lib/vedurstofa/vedurstofa.db "SELECT substr(observed_at, 11, 1) AS sep, length('
            'observed_at) AS len, count(*) FROM observations GROUP BY sep, len;"',
            " |19|30218\nT|20|11873",
        ),
    )
    s.act(None, Read("scripts/import.sql", IMPORT_SQL))
    s.act(
        "That is it: 30 218 rows from the importer's `datetime('now')` look like `2028-01-26 13:00:00`, 11 873 "
        "rows from the API are Caqti's ptime `2028-01-26T13:00:00Z`. The column is TEXT, so every `>`, `<` and "
        "ORDER BY compares characters, and a space sorts before `T`: on the same day an imported row is always "
        '"older" than an API row or a bound ptime cutoff. A new migration normalises the old rows, and the '
        "importer writes the same format from now on:",
        Write("migrations/004_normalize_observed_at.sql", MIG_004),
        Edit(
            "scripts/import.sql",
            "  SELECT station, datetime('now'), temp, wind FROM staging;",
            "  SELECT station, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), temp, wind FROM staging;",
        ),
    )
    s.act(
        None,
        Bash(
            "dune exec bin/migrate.exe -- /var/lib/vedurstofa/vedurstofa.db && sqlite3 /var/lib/vedurstofa/"
            'vedurstofa.db "SELECT substr(observed_at, 11, 1), count(*) FROM observations GROUP BY 1;" && dune '
            "test --force 2>&1 | tail -1",
            "applied 004_normalize_observed_at.sql\nT|42091\nTest Successful in 1.187s. 10 tests run.",
            secs=20,
        ),
    )
    s.say(
        "All rows now carry the ptime form, the latest-per-station test passes against the importer-style "
        "fixture, and the chart's last point is the newest observation."
    )
    s.user(
        "Turns out SQLite compares these timestamps as plain text, so a space and a T sort differently. Decided: "
        "we keep ISO 8601 text with the T and the Z rather than switching to integer epochs; the rows stay "
        "readable in sqlite3. Commit.",
        lessons=["SQLite compares these timestamps as plain text, so a space and a T sort differently"],
        decisions=["we keep ISO 8601 text with the T and the Z rather than switching to integer epochs"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Normalise observed_at to ISO 8601 with T and Z'",
            git_commit("timestamps", "d58c2a9", "Normalise observed_at to ISO 8601 with T and Z", 2, 7, 1),
        ),
    )
    s.outcome("success", "observed_at normalised by migration 004 and the importer; test, chart and queries right")
    s.hit("timestamp-text-order", fixed=True)
    return s


def v14() -> Session:
    s = new("v14-no-force-csrf", "2028-01-27T14:08:30", "2.1.165", "admin", "cookie-sessions-guillemot")
    s.user(
        "Tvennt. Í fyrsta lagi mældi ég dune test með og án --force yfir vikuna: cache-ið skilaði réttri niðurstöðu "
        "í hvert einasta skipti eftir switch-skipti og --force tvöfaldar tímann. Slepptu --force þegar þú keyrir dune test "
        "héðan í frá.\n\nÍ öðru lagi: formið á /admin/stations skilar 400 og Dream skrifar þetta:\n\n```\n"
        "27.01.28 14:05:51.208    dream.logger  INFO REQ 41 POST /admin/stations 127.0.0.1:51022 fd 9 "
        "Mozilla/5.0\n27.01.28 14:05:51.209     dream.form  WARN REQ 41 CSRF token invalid: no session\n"
        "27.01.28 14:05:51.209    dream.logger  WARN REQ 41 400 in 1 ms\n```",
        rules=[("dune-no-force", "Slepptu --force þegar þú keyrir dune test", "dune-force")],
    )
    s.act(None, Read("bin/main.ml", MAIN_ML.replace("  @@ Dream.router", "  @@ Dream.flash\n  @@ Dream.router")))
    s.act(
        "`Dream.csrf_tag` and `Dream.form` tie the token to a session, and the middleware stack has none, so "
        "every token is rejected. Adding cookie sessions before the router:",
        Edit("bin/main.ml", "  @@ Dream.flash\n", "  @@ Dream.cookie_sessions\n  @@ Dream.flash\n"),
    )
    s.act(
        None,
        Bash(
            "dune build && dune test 2>&1 | tail -1",
            "Test Successful in 1.192s. 10 tests run.",
            secs=12,
        ),
    )
    s.say("The form posts with cookie sessions in place; tests run without `--force` and pass.")
    s.user("takk, virkar.")
    s.one_off(
        "the /admin/stations form returned 400 with 'CSRF token invalid: no session' because the Dream middleware "
        "stack had no session middleware; Dream.cookie_sessions added before the router"
    )
    s.outcome("success", "dune test without --force from now on; CSRF fixed with cookie sessions")
    return s


ENCODERS_ML = """let observation_json (t, temp, wind) =
  `Assoc
    [
      ("observed_at", `String (Ptime.to_rfc3339 ~tz_offset_s:0 t));
      ("temp_c", match temp with Some x -> `Float x | None -> `Null);
      ("wind_ms", match wind with Some x -> `Float x | None -> `Null);
    ]
"""


def v15() -> Session:
    s = new("v15-station-detail", "2028-01-28T13:44:05", "2.1.165", "station-detail", "yojson-conv-turnstone")
    s.user("GET /stations/:id should return the station together with its last 10 observations.")
    s.act(None, Read("lib/json.ml", ENCODERS_ML))
    s.act(
        None,
        Edit(
            "lib/json.ml",
            '      ("wind_ms", match wind with Some x -> `Float x | None -> `Null);\n    ]',
            '      ("wind_ms", match wind with Some x -> `Float x | None -> `Null);\n    ]\n\nlet station_detail_json '
            '(id, name, lat, lon) obs =\n  `Assoc\n    [\n      ("id", `String id);\n      ("name", `String name);\n'
            '      ("lat", `Float lat);\n      ("lon", `Float lon);\n      ("observations", `List (List.map '
            "observation_json obs));\n    ]",
        ),
    )
    s.say(
        "The detail encoder is written by hand like the others. With it, lib/json.ml holds about 180 lines of "
        "hand-written encoders, and three of them repeat the station's field list. I'd propose switching the "
        "response types to records with `[@@deriving yojson_of]` from ppx_yojson_conv, which would replace them "
        "and keep the field names in one place. That goes against the no-derivers rule from the first session, "
        "so it is your call."
    )
    s.user(
        "Agreed. Go ahead with ppx_yojson_conv for the response types, and keep the output byte for byte the same.",
        rules=[("ppx-yojson", "go ahead with ppx_yojson_conv for the response types", "yojson-hand")],
    )
    s.act(None, Denied(Bash("opam install -y ppx_yojson_conv")))
    s.user(
        "Eins og ég sagði: bara local switchinn, ekkert í default switchinn. Þín skel er ekki með _opam virkt.",
        rules=[("local-switch", "bara local switchinn, ekkert í default switchinn")],
    )
    s.act(
        None,
        Bash(
            "opam install -y --switch=. ppx_yojson_conv",
            "The following actions will be performed:\n=== install 2 packages\n  ∗ ppx_yojson_conv      v0.17.0\n  "
            "∗ ppx_yojson_conv_lib  v0.17.0  [required by ppx_yojson_conv]\n∗ installed ppx_yojson_conv_lib.v0.17.0\n"
            "∗ installed ppx_yojson_conv.v0.17.0\nDone.",
            secs=35,
        ),
    )
    s.act(
        None,
        Write(
            "lib/json.ml",
            "open Ppx_yojson_conv_lib.Yojson_conv.Primitives\n\ntype observation = {\n  observed_at : string;\n  "
            "temp_c : float option;\n  wind_ms : float option;\n}\n[@@deriving yojson_of]\n\ntype station = { id : "
            "string; name : string; lat : float; lon : float } [@@deriving yojson_of]\n\ntype station_detail = {\n  "
            "id : string;\n  name : string;\n  lat : float;\n  lon : float;\n  observations : observation list;\n}\n"
            "[@@deriving yojson_of]\n",
        ),
    )
    s.act(
        None,
        Bash(
            "dune build 2>&1 && dune test 2>&1 | tail -1",
            "Test Successful in 1.201s. 11 tests run.",
            secs=30,
        ),
    )
    s.say(
        "lib/json.ml is down to the three record types with derived encoders; the existing JSON tests pass "
        "unchanged, so the output is the same byte for byte, and GET /stations/:id returns the last 10."
    )
    s.user("Takk. Commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Derive response encoders with ppx_yojson_conv; add station detail'",
            git_commit(
                "station-detail",
                "f4a2c18",
                "Derive response encoders with ppx_yojson_conv; add station detail",
                4,
                46,
                171,
            ),
        ),
    )
    s.outcome("success", "station detail endpoint; encoders derived with ppx_yojson_conv after the person agreed")
    return s


def v16() -> Session:
    s = new("v16-fmt-question", "2028-01-28T16:20:44", "2.1.165", "main", "dune-fmt-smew")
    s.user(
        "Er alltaf oruggt ad keyra dune build @fmt --auto-promote a ollu repoinu, eda breytir thad lika "
        "dune-project og nix skranum? (er a US lyklabordinu)",
        non_rules=["Er alltaf oruggt ad keyra dune build @fmt --auto-promote a ollu repoinu"],
    )
    s.act(None, Read(".ocamlformat", "version = 0.27.0\nprofile = default\nmargin = 100"))
    s.say(
        "`dune build @fmt` formats OCaml sources with ocamlformat (per .ocamlformat) and the dune files "
        "themselves (`dune`, `dune-project`) with dune's own formatter; `--auto-promote` writes those changes "
        "into the tree. It does not touch .nix, .sql or other files. For dune-project that usually only means "
        "re-indented s-expressions, and you can turn that off with `(formatting (enabled_for ocaml))`."
    )
    s.user("Skil. Sjaum til.")
    s.outcome("unknown", "a question about dune build @fmt, answered; nothing done")
    return s


SESSIONS = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14, v15, v16]

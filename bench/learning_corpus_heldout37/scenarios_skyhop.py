"""Dev's `skyhop` sessions (k01-k16): a Godot 4.3 2D platformer in GDScript, GUT unit tests in test/unit, gdformat
and gdlint from gdtoolkit, export presets for Windows and Android, GitHub Actions running GUT headless. Times are
UTC; Dev is in Bangalore (UTC+5:30) and works on the game in the evenings."""

from __future__ import annotations

from fake_output import SK, git_commit, gut_run
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, TodoWrite, Tool, Write

PROJECT = "skyhop"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=SK, project=PROJECT)


PLAYER_GD = """extends CharacterBody2D
class_name Player

signal coins_changed(total: int)

@export var speed: float = 220.0
@export var jump_velocity: float = -420.0
@export var coyote_time: float = 0.08

var gravity: float = ProjectSettings.get_setting("physics/2d/default_gravity")
var coins: int = 0
var _coyote: float = 0.0


func _physics_process(delta: float) -> void:
\tif is_on_floor():
\t\t_coyote = coyote_time
\telse:
\t\tvelocity.y += gravity * delta
\t\t_coyote -= delta
\tif Input.is_action_just_pressed("jump") and _coyote > 0.0:
\t\tvelocity.y = jump_velocity
\t\t_coyote = 0.0
\tvelocity.x = Input.get_axis("move_left", "move_right") * speed
\tmove_and_slide()


func add_coin() -> void:
\tcoins += 1
\tcoins_changed.emit(coins)"""

PLAYER_TSCN = """[gd_scene load_steps=4 format=3 uid="uid://b7x2k4m1qp3ne"]

[ext_resource type="Script" path="res://scripts/player.gd" id="1_p4k2m"]
[ext_resource type="Texture2D" uid="uid://c3nq8w0r5d1ya" path="res://assets/sprites/hopper.png" id="2_h0pr1"]

[sub_resource type="CapsuleShape2D" id="CapsuleShape2D_3v8yq"]
radius = 7.0
height = 22.0

[node name="Player" type="CharacterBody2D"]
script = ExtResource("1_p4k2m")

[node name="Sprite2D" type="Sprite2D" parent="."]
texture = ExtResource("2_h0pr1")

[node name="CollisionShape2D" type="CollisionShape2D" parent="."]
shape = SubResource("CapsuleShape2D_3v8yq")"""

HUD_GD = """extends CanvasLayer

@onready var coin_label: Label = $CoinLabel


func _ready() -> void:
\tvar player := get_tree().get_first_node_in_group("player") as Player
\tplayer.coins_changed.connect(_on_coins_changed)


func _on_coins_changed(total: int) -> void:
\tcoin_label.text = "x %d" % total"""

COIN_GD = """extends Area2D
class_name Coin


func _on_body_entered(body: Node2D) -> void:
\tif body is Player:
\t\tbody.add_coin()
\t\tqueue_free()"""

TEST_COIN = """extends GutTest

var PlayerScene = preload("res://scenes/player.tscn")
var CoinScene = preload("res://scenes/coin.tscn")


func test_coin_pickup_adds_one():
\tvar player: Player = add_child_autofree(PlayerScene.instantiate())
\tvar coin: Coin = add_child_autofree(CoinScene.instantiate())
\twatch_signals(player)
\tcoin._on_body_entered(player)
\tassert_eq(player.coins, 1)
\tassert_signal_emitted_with_parameters(player, "coins_changed", [1])
"""

TEST_PLAYER = """extends GutTest

var PlayerScene = preload("res://scenes/player.tscn")
var RampLevel = preload("res://test/fixtures/ramp_level.tscn")
var _level: Node2D
var _player: Player


func before_each():
\t_level = add_child_autofree(RampLevel.instantiate())
\t_player = PlayerScene.instantiate()
\t_level.add_child(_player)


func after_each():
\tInput.action_release("move_right")


func test_walk_speed():
\t_player.global_position = _level.get_node("FlatStart").global_position
\tInput.action_press("move_right")
\tawait wait_physics_frames(5)
\tassert_almost_eq(_player.velocity.x, _player.speed, 0.1)


func test_jump_from_descending_ramp():
\t_player.global_position = _level.get_node("RampTop").global_position
\tInput.action_press("move_right")
\tawait wait_physics_frames(20)
\tassert_true(_player.is_on_floor(), "on floor while running down the ramp")"""

CI_YML = """name: ci
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: chickensoft-games/setup-godot@v2
        with:
          version: 4.3.0
          use-dotnet: false
      - run: pip install gdtoolkit==4.3.1
      - run: gdformat --check scripts test
      - run: gdlint scripts test
      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit"""

GITIGNORE = """# Godot 4+ specific ignores
.godot/
/android/

# exports
/build/
*.apk
*.aab"""

EXPORT_PRESETS = """[preset.0]

name="Windows Desktop"
platform="Windows Desktop"
runnable=true
export_path="build/windows/skyhop.exe"

[preset.0.options]

application/icon="res://assets/icon.ico"
application/file_version="0.4.0.0"
application/product_name="Skyhop"

[preset.1]

name="Android"
platform="Android"
runnable=true
export_path="build/android/skyhop.apk"

[preset.1.options]

gradle_build/use_gradle_build=false
gradle_build/min_sdk=""
package/unique_name="com.devk.skyhop"
package/name="Skyhop"
version/code=4
version/name="0.4.0"
architectures/arm64-v8a=true"""

LEVEL_SELECT_GD = """extends Control

signal level_chosen(path: String)

@onready var list: VBoxContainer = $Levels


func _ready() -> void:
\tpass"""

GUT_TESTS = [
    ("res://test/unit/test_coin.gd", ["test_coin_pickup_adds_one"]),
    ("res://test/unit/test_player.gd", ["test_walk_speed", "test_jump_from_descending_ramp"]),
]


# ---------------------------------------------------------------------------------------------------------------


def k01() -> Session:
    s = new("k01-coin-hud", "2027-10-04T13:41:12", "2.1.220", "main", "coin-counter-lark")
    s.user(
        "coin counter on the hud. always use signals for ui updates not polling. tabs not spaces in gd files\n"
        "also a gut test for the pickup. gut tests go in test/unit named test_something.gd",
        rules=[
            ("signals-ui", "always use signals for ui updates not polling"),
            ("tabs", "tabs not spaces in gd files"),
            ("gut-dir", "gut tests go in test/unit named test_something.gd"),
        ],
    )
    s.title("Coin counter on the HUD")
    s.act(None, Read("scripts/player.gd", PLAYER_GD), Read("scripts/coin.gd", COIN_GD))
    s.act(
        "The player emits nothing yet. I'll add a `coins_changed` signal on the player, have the HUD connect to it "
        "in `_ready`, and write the GUT test in `test/unit/test_coin.gd`.",
        Write("scripts/hud.gd", HUD_GD),
        Write("test/unit/test_coin.gd", TEST_COIN),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run([("res://test/unit/test_coin.gd", ["test_coin_pickup_adds_one"])], secs=1.204),
            secs=9,
        ),
        Bash(
            "gdformat --check scripts test && gdlint scripts test",
            "4 files would be left unchanged\nSuccess: no problems found",
        ),
    )
    s.say(
        "Done. `hud.gd` updates the label from the player's `coins_changed` signal, no `_process` polling. "
        "`test/unit/test_coin.gd` passes, gdformat and gdlint are clean (tabs)."
    )
    s.user(
        "k. sticking with gut not gdunit4 btw if you were gonna suggest it. commit. commit msgs all lowercase no "
        "period at the end",
        decisions=["sticking with gut not gdunit4"],
        rules=[("commit-lower", "commit msgs all lowercase no period at the end")],
    )
    s.act(
        None,
        Bash(
            "git add scripts/hud.gd test/unit/test_coin.gd && git commit -m 'coin counter on hud via signal'",
            git_commit("main", "3f1c0a7", "coin counter on hud via signal", 2, 31, 0),
        ),
    )
    s.say("Committed `3f1c0a7`.")
    s.turn_done()
    s.outcome("success", "HUD coin counter driven by a signal, GUT test green, committed")
    return s


def k02() -> Session:
    s = new("k02-ramp-test", "2027-10-05T14:08:33", "2.1.220", "ramp-level", "downhill-test-finch")
    s.user("write a gut test that jumping works while running down the ramp in level 3. use the ramp fixture")
    s.act(None, Glob("test/fixtures/*.tscn", ["test/fixtures/ramp_level.tscn", "test/fixtures/flat_level.tscn"]))
    s.act(None, Write("test/unit/test_player.gd", TEST_PLAYER))
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run(
                GUT_TESTS,
                [
                    (
                        "test_jump_from_descending_ramp",
                        "[false] expected to be true",
                        "on floor while running down the ramp",
                        27,
                    )
                ],
                secs=2.311,
            ),
            code=1,
            secs=10,
        ),
    )
    s.act(
        "`is_on_floor()` is false after 20 physics frames on the ramp, so a jump there would be dropped unless the "
        "coyote window is still open. Raising the coyote time covers those frames:",
        Edit("scripts/player.gd", "@export var coyote_time: float = 0.08", "@export var coyote_time: float = 0.15"),
    )
    s.user(
        "why did you change the export vars. never touch export vars, i tune them in the inspector. put it back",
        rules=[("export-vars", "never touch export vars, i tune them in the inspector")],
    )
    s.act(
        None,
        Edit("scripts/player.gd", "@export var coyote_time: float = 0.15", "@export var coyote_time: float = 0.08"),
    )
    s.say(
        "Reverted, `coyote_time` is 0.08 again. The test still fails: the player is off the floor on the ramp, "
        "which the coyote time would only have hidden."
    )
    s.user("leave it red. dinner")
    s.outcome("failed", "the new ramp jump test fails (is_on_floor false on the ramp); an export-var tweak reverted")
    s.hit("floor-snap-ramp-jump")
    return s


def k03() -> Session:
    s = new("k03-ci-coin-sprite", "2027-10-06T15:02:47", "2.1.220", "main", "red-ci-heron")
    s.user(
        "ci red after i added the coin sprite. log\n\n```\nRun godot --headless -s addons/gut/gut_cmdln.gd "
        "-gdir=res://test -ginclude_subdirs -gexit\nGodot Engine v4.3.stable.official.77dcf97d8 - "
        "https://godotengine.org\nERROR: Failed loading resource: res://assets/sprites/coin.png. Make sure "
        "resources have been imported by opening the project in the editor at least once.\n   at: "
        "_load (core/io/resource_loader.cpp:284)\nERROR: res://scenes/coin.tscn:4 - Parse Error: [ext_resource] "
        "referenced non-existent resource at: res://assets/sprites/coin.png\n---  GUT  ---\n"
        "res://test/unit/test_coin.gd\n* test_coin_pickup_adds_one\n    [Failed]:  Invalid call. Nonexistent "
        "function 'instantiate' in base 'Nil'.\nError: Process completed with exit code 1.\n```"
    )
    s.act(None, Read(".gitignore", GITIGNORE), Read(".github/workflows/ci.yml", CI_YML))
    s.say(
        "The runner starts from a clean checkout. `.godot/` is ignored, so `.godot/imported/` (where Godot keeps "
        "the imported `coin.png`) does not exist there, and the headless GUT run cannot load the texture."
    )
    s.act(
        "Simplest is to commit the import cache for the sprites:",
        Denied(Bash("git add -f .godot/imported/coin.png-*.ctex .godot/imported/coin.png-*.md5")),
    )
    s.user(
        "no. never commit .godot folder, its in gitignore for a reason. leave ci red ill look tmrw",
        rules=[("no-godot-dir", "never commit .godot folder")],
    )
    s.say("OK, nothing committed. CI stays red on `main` for now.")
    s.not_person(
        "Make sure resources have been imported by opening the project in the editor at least once.", "pasted_log"
    )
    s.outcome("failed", "CI GUT run cannot load the new coin sprite; committing .godot refused, left red")
    s.hit("ci-missing-imports")
    return s


def k04() -> Session:
    s = new("k04-godot-path", "2027-10-07T13:18:05", "2.1.221", "main", "missing-binary-wren")
    s.user("run the tests")
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            "/usr/bin/bash: line 1: godot: command not found",
            code=127,
        ),
    )
    s.act(
        None,
        Bash(
            "ls /c/Tools/Godot/ 2>/dev/null; which godot.exe Godot_v4.3-stable_win64_console.exe",
            "Godot_v4.3-stable_win64.exe\nGodot_v4.3-stable_win64_console.exe\n"
            "which: no godot.exe in (/c/Users/Dev/bin:/mingw64/bin:/usr/local/bin:/usr/bin:/bin:/c/Windows/system32)",
            code=1,
        ),
    )
    s.say(
        "Godot is in `C:\\Tools\\Godot` but not on the PATH Git Bash gives my shell, and your `godot` is probably "
        "an alias in an interactive profile. The console build is the one that prints to the terminal. I can add "
        "a `godot` wrapper in `~/bin` (already on the PATH) that calls the console exe."
    )
    s.user("ya do that")
    s.act(
        None,
        Bash(
            "mkdir -p ~/bin && printf '#!/usr/bin/env bash\\nexec /c/Tools/Godot/Godot_v4.3-stable_win64_console.exe "
            '"$@"\\n\' > ~/bin/godot && chmod +x ~/bin/godot && godot --version',
            "4.3.stable.official.77dcf97d8",
        ),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run(
                GUT_TESTS,
                [
                    (
                        "test_jump_from_descending_ramp",
                        "[false] expected to be true",
                        "on floor while running down the ramp",
                        27,
                    )
                ],
            ),
            code=1,
            secs=10,
        ),
    )
    s.say(
        "`godot` works from Git Bash now (`~/bin/godot` → the 4.3 console exe). 2 of 3 tests pass; the ramp test "
        "from Tuesday is still the known red one."
    )
    s.user("nice")
    s.one_off(
        "in Git Bash the Bash tool cannot find godot (godot: command not found, exit 127): the Godot console exe "
        "is not on the PATH, fixed with a ~/bin/godot wrapper"
    )
    s.outcome("success", "godot runnable from Git Bash through a ~/bin wrapper; tests run again")
    return s


def k05() -> Session:
    s = new("k05-ramp-words", "2027-10-08T16:04:51", "2.1.221", "main", "eaten-input-moth")
    s.user("ugh jump eats my input on the ramps in level 3 again. sometimes it just doesnt jump. feels awful")
    s.act(None, Read("scripts/player.gd", PLAYER_GD))
    s.say(
        "The jump only fires while `_coyote > 0.0`, and `_coyote` is refilled only when `is_on_floor()` is true. "
        "If the player is briefly airborne on the ramp, the press is lost. A jump buffer (remember the press for "
        "~0.1 s and fire on the next floor frame) would make it forgiving. Want me to add one?"
    )
    s.user("no thats a bandaid. it shouldnt leave the floor at all on a ramp. not tonight")
    s.say("OK. Leaving `player.gd` as it is.")
    s.outcome("unknown", "the dropped jump on ramps is discussed; a jump buffer declined; nothing changed")
    s.hit("floor-snap-ramp-jump")
    return s


def k06() -> Session:
    s = new("k06-ci-red-words", "2027-10-09T14:31:20", "2.1.221", "main", "green-local-owl")
    s.user("ci red again but everything passes on my machine. just tell me whats different")
    s.act(
        None,
        Bash(
            "gh run list --limit 4",
            "STATUS  TITLE                          WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "X       level 2 spikes                 ci        main    push   11327840215  1m12s    about 2 hours ago\n"
            "X       coin counter on hud via signal ci        main    push   11301122690  1m9s     about 5 days ago\n"
            "✓       player movement                ci        main    push   11288015473  58s      about 6 days ago",
        ),
    )
    s.act(None, Read(".github/workflows/ci.yml", CI_YML))
    s.say(
        "The CI job runs `gut_cmdln.gd` right after checkout. On your machine the editor has imported everything "
        "into `.godot/`; on the runner nothing has been imported, so anything added since the last green run "
        "(the coin sprite, the spike texture) is missing there. Want me to dig into the failing run's log?"
    )
    s.user("meh. later")
    s.outcome("failed", "CI still red; the difference with the local run named but nothing done")
    s.hit("ci-missing-imports")
    return s


def k07() -> Session:
    s = new("k07-hud-double-connect", "2027-10-11T13:02:14", "2.1.222", "level-select", "twice-wired-robin")
    s.user(
        "level select screen. for now just hardcode the level list, 3 levels. also after restart the hud spams "
        "errors in the output",
        non_rules=["for now just hardcode the level list"],
    )
    s.act(
        None,
        Bash(
            "godot --headless --quit-after 600 res://scenes/main.tscn 2>&1 | grep -m3 ERROR",
            "ERROR: Signal 'coins_changed' is already connected to given callable 'CanvasLayer(hud.gd)::"
            "_on_coins_changed' in that object.\n   at: connect (core/object/object.cpp:1419)\n"
            "ERROR: Signal 'coins_changed' is already connected to given callable 'CanvasLayer(hud.gd)::"
            "_on_coins_changed' in that object.",
        ),
    )
    s.act(None, Read("scripts/hud.gd", HUD_GD))
    s.say(
        "On restart the level reloads but the HUD lives in an autoload-owned layer, so `_ready` runs again on "
        "re-enter and connects the same callable twice. I'll guard the connect."
    )
    s.user(
        "every bugfix gets a gut test that fails first. then fix",
        rules=[("bugfix-test", "every bugfix gets a gut test that fails first")],
    )
    s.act(
        None,
        Write(
            "test/unit/test_hud.gd",
            'extends GutTest\n\nvar HudScene = preload("res://scenes/hud.tscn")\n\n\nfunc test_ready_twice_connects_once():'
            "\n\tvar hud = add_child_autofree(HudScene.instantiate())\n\thud._ready()\n\tassert_eq(hud.get_tree()"
            '.get_first_node_in_group("player").coins_changed.get_connections().size(), 1)\n',
        ),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gselect=test_hud -gexit",
            gut_run(
                [("res://test/unit/test_hud.gd", ["test_ready_twice_connects_once"])],
                [("test_ready_twice_connects_once", "[2] expected to equal [1]", "", 9)],
            ),
            code=1,
            secs=8,
        ),
    )
    s.act(
        None,
        Edit(
            "scripts/hud.gd",
            "\tplayer.coins_changed.connect(_on_coins_changed)",
            "\tif not player.coins_changed.is_connected(_on_coins_changed):\n"
            "\t\tplayer.coins_changed.connect(_on_coins_changed)",
        ),
        Write(
            "scripts/level_select.gd",
            LEVEL_SELECT_GD.replace(
                "\tpass",
                '\tfor path in ["res://levels/level_1.tscn", "res://levels/level_2.tscn", "res://levels/level_3.tscn"]:'
                '\n\t\tvar b := Button.new()\n\t\tb.text = path.get_file().get_basename().replace("_", " ")\n'
                "\t\tb.pressed.connect(level_chosen.emit.bind(path))\n\t\tlist.add_child(b)",
            ),
        ),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gselect=test_hud -gexit",
            gut_run([("res://test/unit/test_hud.gd", ["test_ready_twice_connects_once"])]),
            secs=8,
        ),
    )
    s.say(
        "`test_hud.gd` failed first (2 connections), passes now with the `is_connected` guard. The level select "
        "has the three levels hardcoded and emits `level_chosen(path)`."
    )
    s.user("k")
    s.one_off(
        "after a restart the HUD's _ready connected coins_changed a second time: 'Signal is already connected to "
        "given callable' errors; guarded with is_connected"
    )
    s.outcome("success", "HUD double connect fixed test-first; level select with a hardcoded list")
    return s


def k08() -> Session:
    s = new("k08-ramp-debug-print", "2027-10-12T15:39:58", "2.1.222", "jump-buffer", "slope-print-gull")
    s.user(
        "added debug prints and renamed the test. still fails\n\n```\ntest_buffered_jump_on_slope_down\n"
        "    [Failed]:  [0] expected to equal [1]:  jumps_started\n      at line 34\n"
        "frame 412 floor=true  vel=(220, 38.1) pos=(1204, 517)\nframe 413 floor=false vel=(220, 54.4) "
        "pos=(1208, 518)\nframe 414 floor=false vel=(220, 70.7) pos=(1211, 519)\nframe 415 floor=true  vel=(220, "
        "12.0) pos=(1215, 521)\njump pressed frame 414 coyote=-0.0021\n```"
    )
    s.act(None, Read("scenes/player.tscn", PLAYER_TSCN))
    s.say(
        "The print shows it: on frame 413-414 `floor=false` while the player is still on the ramp (y grows by "
        "1 px a frame, the ramp drops faster than that), and the coyote timer is already below zero when jump is "
        "pressed on 414. It is the floor check, not the buffer. `player.tscn` sets no `floor_snap_length`, so "
        "CharacterBody2D uses the 1 px default and lets go of the ramp."
    )
    s.user("ok so its the floor check not the buffer. not now, need to ship the build for playtest")
    s.outcome("unknown", "cause narrowed to the floor check on the ramp from a debug print; nothing changed")
    s.hit("floor-snap-ramp-jump")
    return s


def k09() -> Session:
    s = new("k09-laptop-clone", "2027-10-13T14:47:26", "2.1.222", "main", "fresh-clone-ibis")
    s.user("fresh clone on the laptop, tests wont even start. run them and see")
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            "Godot Engine v4.3.stable.official.77dcf97d8 - https://godotengine.org\n\n"
            'SCRIPT ERROR: Parse Error: Identifier "Coin" not declared in the current scope.\n'
            "          at: GDScript::reload (res://test/unit/test_coin.gd:10)\n"
            'SCRIPT ERROR: Parse Error: Could not find type "Player" in the current scope.\n'
            "          at: GDScript::reload (res://test/unit/test_player.gd:6)\n"
            'ERROR: Failed to load script "res://test/unit/test_coin.gd" with error "Parse error".\n'
            "---  GUT  ---\n[ERROR]:  Could not load script res://test/unit/test_coin.gd\n\n---- Totals ----\n"
            "Scripts               0\nTests                 0",
            code=1,
            secs=7,
        ),
    )
    s.say(
        "`class_name` types (`Coin`, `Player`) are registered in `.godot/global_script_class_cache.cfg`, which a "
        "fresh clone does not have until the editor has scanned the project once. Same family as the CI failure: "
        "the runner never has a `.godot/` either. Opening the project in the editor once would unblock the laptop."
    )
    s.user("opened the editor. k works now")
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run(
                [*GUT_TESTS, ("res://test/unit/test_hud.gd", ["test_ready_twice_connects_once"])],
                [
                    (
                        "test_jump_from_descending_ramp",
                        "[false] expected to be true",
                        "on floor while running down the ramp",
                        27,
                    )
                ],
            ),
            code=1,
            secs=10,
        ),
    )
    s.say("Runs now: 3 of 4 pass, the ramp test is the known failure. CI will keep failing the same way.")
    s.outcome("unknown", "laptop unblocked by opening the editor once; the CI side of the missing .godot untouched")
    s.hit("ci-missing-imports")
    return s


def k10() -> Session:
    s = new("k10-android-export", "2027-10-14T13:11:40", "2.1.223", "main", "keystore-plover")
    s.user("android export for the playtest. apk")
    s.act(None, Read("export_presets.cfg", EXPORT_PRESETS))
    s.act(
        None,
        Bash(
            'godot --headless --export-debug "Android" build/android/skyhop.apk',
            "Godot Engine v4.3.stable.official.77dcf97d8 - https://godotengine.org\n\n"
            'ERROR: Cannot export project with preset "Android" due to configuration errors:\n'
            "Debug Keystore not configured in the Editor Settings nor in the preset.\n\n"
            "   at: _fs_changed (editor/editor_node.cpp:1053)",
            code=1,
            secs=12,
        ),
    )
    s.say(
        "Godot needs a debug keystore for a debug APK. I'll create the standard `debug.keystore` with keytool and "
        "point the Editor Settings at it (that lives in your user profile, not in the repo)."
    )
    s.act(
        None,
        Bash(
            "keytool -keyalg RSA -genkeypair -alias androiddebugkey -keypass android -keystore "
            '"$APPDATA/Godot/keystores/debug.keystore" -storepass android -dname "CN=Android Debug,O=Android,C=US" '
            "-validity 9999",
            "Generating 2,048 bit RSA key pair and self-signed certificate (SHA256withRSA) with a validity of "
            "9,999 days\n\tfor: CN=Android Debug, O=Android, C=US",
        ),
    )
    s.act(
        None,
        Bash(
            "sed -i 's|^export/android/debug_keystore = .*|export/android/debug_keystore = "
            '"C:/Users/Dev/AppData/Roaming/Godot/keystores/debug.keystore"|\' '
            '"$APPDATA/Godot/editor_settings-4.3.tres" && grep debug_keystore "$APPDATA/Godot/editor_settings-4.3.tres"',
            'export/android/debug_keystore = "C:/Users/Dev/AppData/Roaming/Godot/keystores/debug.keystore"\n'
            'export/android/debug_keystore_user = "androiddebugkey"\nexport/android/debug_keystore_pass = "android"',
        ),
    )
    s.say("Keystore set. Should min SDK stay at the preset default (21)?")
    s.user(
        "decided min sdk 24 for android, nobody plays on older stuff. note to self android export needs the "
        "debug keystore set in editor settings or it just refuses",
        decisions=["decided min sdk 24 for android"],
        lessons=["android export needs the debug keystore set in editor settings or it just refuses"],
    )
    s.act(None, Edit("export_presets.cfg", 'gradle_build/min_sdk=""', 'gradle_build/min_sdk="24"'))
    s.act(
        None,
        Bash(
            'godot --headless --export-debug "Android" build/android/skyhop.apk && ls -la build/android/',
            "Godot Engine v4.3.stable.official.77dcf97d8 - https://godotengine.org\n\n"
            "savepack: begin: Packing steps: 102\nsavepack: end\n\n"
            "total 41288\n-rw-r--r-- 1 Dev 197121 42271488 Oct 14 18:47 skyhop.apk",
            secs=40,
        ),
    )
    s.say("`build/android/skyhop.apk` (40 MB, debug, min SDK 24).")
    s.user("nice")
    s.one_off(
        "Android export refused: 'Debug Keystore not configured in the Editor Settings nor in the preset'; a "
        "debug keystore created with keytool and set in the editor settings"
    )
    s.outcome("success", "debug APK exported after configuring the debug keystore; min SDK 24")
    return s


def explore_floor(child: Session) -> None:
    child.act(
        None,
        Grep(
            "is_on_floor|floor_snap|floor_max_angle|move_and_slide|coyote",
            [
                "scripts/player.gd:8:@export var coyote_time: float = 0.08",
                "scripts/player.gd:16:\tif is_on_floor():",
                "scripts/player.gd:17:\t\t_coyote = coyote_time",
                "scripts/player.gd:25:\tmove_and_slide()",
                'test/unit/test_player.gd:27:\tassert_true(_player.is_on_floor(), "on floor while running down '
                'the ramp")',
            ],
            mode="content",
        ),
    )
    child.act(None, Grep("floor_", [], glob="*.tscn"))
    child.say(
        "Floor handling:\n- scripts/player.gd:16-17 refills the coyote timer only while is_on_floor() is true; "
        "the jump needs _coyote > 0.0.\n- scripts/player.gd:25 calls move_and_slide() with default floor settings.\n"
        "- No .tscn sets floor_snap_length or floor_max_angle, so the Player uses the defaults (1 px snap, 45°). "
        "The level 3 ramps (ramp_level.tscn) are 40° but drop up to 4 px per physics frame at run speed, more "
        "than the 1 px snap.\n- test/unit/test_player.gd:27 asserts is_on_floor() on the ramp."
    )


def k11() -> Session:
    s = new("k11-floor-snap-fix", "2027-10-15T14:02:09", "2.1.223", "ramp-fix", "snap-down-kestrel")
    s.user("ok fix the jump on the ramps properly. the red test has to go green without touching export vars")
    s.act(
        None,
        Agent(
            "Find floor handling",
            "In the Godot project, find everything that affects whether the Player counts as on the floor: "
            "is_on_floor, floor_snap_length, floor_max_angle, move_and_slide, coyote logic, in .gd and .tscn files. "
            "Never modify files under addons/; report file:line for every hit.",
            "Explore",
            explore_floor,
        ),
    )
    s.act(
        "The ramp drops faster per frame than the default 1 px snap, so the body lets go. Setting the floor "
        "properties on the Player node in the scene (engine properties, not your export vars):",
        Edit(
            "scenes/player.tscn",
            '[node name="Player" type="CharacterBody2D"]\nscript = ExtResource("1_p4k2m")',
            '[node name="Player" type="CharacterBody2D"]\nfloor_max_angle = 0.872665\nfloor_snap_length = 6.0\n'
            'script = ExtResource("1_p4k2m")',
        ),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run([*GUT_TESTS, ("res://test/unit/test_hud.gd", ["test_ready_twice_connects_once"])], secs=2.402),
            secs=10,
        ),
    )
    s.say(
        "Green, 4/4. `floor_snap_length = 6.0` keeps the player glued to the ramp (it snaps down up to 6 px a "
        "frame), and `floor_max_angle` is 50° so the 40° ramps stay floor with some margin. No export var changed."
    )
    s.user(
        "played level 3 a bunch, jumps work. turns out move_and_slide lets go of steep down ramps unless "
        "floor_snap_length is bigger than what the ramp drops per frame. commit",
        lessons=[
            "move_and_slide lets go of steep down ramps unless floor_snap_length is bigger than what the ramp drops "
            "per frame"
        ],
    )
    s.act(
        None,
        Bash(
            "git add scenes/player.tscn && git commit -m 'snap player to ramps so jumps dont get eaten'",
            git_commit("ramp-fix", "8d42e1b", "snap player to ramps so jumps dont get eaten", 1, 2, 0),
        ),
    )
    s.say("Committed `8d42e1b`.")
    s.not_person("Never modify files under addons/; report file:line for every hit.", "subagent_prompt")
    s.outcome("success", "floor_snap_length 6 and floor_max_angle 50° on the Player; the ramp test is green")
    s.hit("floor-snap-ramp-jump", fixed=True)
    return s


def k12() -> Session:
    s = new("k12-ci-import-fix", "2027-10-18T13:29:51", "2.1.224", "ci-import", "import-step-tern")
    s.user("ci. fix it for real this time")
    s.act(
        None,
        Bash(
            "gh run view 11327840215 --log-failed | grep -E 'ERROR|Parse Error' | head -4",
            "test\tRun godot --headless -s addons/gut/gut_cmdln.gd\tERROR: Failed loading resource: "
            "res://assets/sprites/spikes.png. Make sure resources have been imported by opening the project in the "
            "editor at least once.\ntest\tRun godot --headless -s addons/gut/gut_cmdln.gd\tSCRIPT ERROR: Parse "
            'Error: Identifier "Coin" not declared in the current scope.',
        ),
    )
    s.say(
        "Both errors come from a runner that has never imported the project: no `.godot/imported/` textures and "
        "no class cache. Two ways: cache `.godot/` between runs with actions/cache, or import first in the job."
    )
    s.user(
        "like i said the .godot folder stays out of git. cache is fine i guess but just import it",
        rules=[("no-godot-dir", "the .godot folder stays out of git")],
    )
    s.act(
        "Adding an import step before GUT (`--import` imports everything and quits):",
        Edit(
            ".github/workflows/ci.yml",
            "      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            "      - run: godot --headless --import\n"
            "      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
        ),
    )
    s.act(
        None,
        Bash(
            "rm -rf /tmp/skyhop-ci && git clone -q . /tmp/skyhop-ci && cd /tmp/skyhop-ci && godot --headless "
            "--import >/dev/null 2>&1; godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test "
            "-ginclude_subdirs -gexit | tail -8",
            "---- Totals ----\nScripts               3\nTests                 4\n  Passing             4\n"
            "Asserts               8\nTime                  2.377s\n\n---- All tests passed! ----",
            secs=35,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'import project before gut in ci' && git push -u origin ci-import && gh run watch --exit-status",
            git_commit("ci-import", "b5e90c3", "import project before gut in ci", 1, 1, 0)
            + "\nbranch 'ci-import' set up to track 'origin/ci-import'.\n"
            "✓ ci-import ci · 11390577702\nTriggered via push about 1 minute ago\n\nJOBS\n✓ test in 1m41s (ID 31688035544)",
            secs=110,
        ),
    )
    s.say("A fresh clone passes locally after `godot --headless --import`, and the CI run on `ci-import` is green.")
    s.user(
        "finally. lesson learned the runner has no import cache so godot --headless --import has to run before gut",
        lessons=["the runner has no import cache so godot --headless --import has to run before gut"],
    )
    s.outcome("success", "CI imports the project headless before running GUT; green on the branch")
    s.hit("ci-missing-imports", fixed=True)
    return s


TOUCH_GD = """extends CanvasLayer

@onready var left: TouchScreenButton = $Left
@onready var right: TouchScreenButton = $Right
@onready var jump: TouchScreenButton = $Jump


func _ready() -> void:
\tvisible = DisplayServer.is_touchscreen_available()
\tleft.action = "move_left"
\tright.action = "move_right"
\tjump.action = "jump\""""

PROJECT_GODOT_INPUT = """[input]

move_left={
"deadzone": 0.5,
"events": [Object(InputEventKey,"resource_local_to_scene":false,"resource_name":"","device":-1,"window_id":0,"alt_pressed":false,"shift_pressed":false,"ctrl_pressed":false,"meta_pressed":false,"pressed":false,"keycode":0,"physical_keycode":65,"key_label":0,"unicode":97,"location":0,"echo":false,"script":null)
]
}"""


def touch_tests(child: Session) -> None:
    child.act(None, Read("scripts/touch_controls.gd", TOUCH_GD))
    child.act(
        None,
        Write(
            "test/unit/test_touch_controls.gd",
            'extends GutTest\n\nvar TouchScene = preload("res://scenes/touch_controls.tscn")\n\n\n'
            "func test_buttons_map_to_existing_actions():\n\tvar t = add_child_autofree(TouchScene.instantiate())\n"
            "\tfor b in [t.left, t.right, t.jump]:\n\t\tassert_true(InputMap.has_action(b.action), b.action)\n",
        ),
    )
    child.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gselect=test_touch -gexit",
            gut_run([("res://test/unit/test_touch_controls.gd", ["test_buttons_map_to_existing_actions"])]),
            secs=8,
        ),
    )
    child.say(
        "Added test/unit/test_touch_controls.gd: checks that the three TouchScreenButtons use actions that exist "
        "in the InputMap. Passes."
    )


def k13() -> Session:
    s = new("k13-touch-controls", "2027-10-19T14:18:36", "2.1.224", "touch", "thumb-buttons-puffin")
    s.user("touch controls for android. left right jump buttons bottom of screen. plan first")
    s.act(
        None,
        Tool(
            "ExitPlanMode",
            {
                "plan": "1. Add a `touch` action group to the input map for the on-screen buttons\n2. New scene "
                "`scenes/touch_controls.tscn`: CanvasLayer with three TouchScreenButtons (left, right, jump)\n"
                "3. Show it only on touchscreens\n4. GUT test in test/unit"
            },
            "User has approved your plan. You can now start coding. Start with updating your todo list if applicable",
            False,
            {"plan": "touch controls", "isAgent": False},
            4.0,
        ),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Touch actions in the input map", "in_progress", "Adding touch actions"),
                ("touch_controls scene and script", "pending", "Building touch controls"),
                ("GUT test for touch controls", "pending", "Writing the touch test"),
            ]
        ),
    )
    s.act(None, Read("project.godot", PROJECT_GODOT_INPUT, offset=41, total=88))
    s.act(
        None,
        Denied(
            Edit(
                "project.godot",
                "[input]\n\nmove_left={",
                '[input]\n\ntouch_jump={\n"deadzone": 0.5,\n"events": []\n}\nmove_left={',
            )
        ),
    )
    s.user("no dont touch the input map. buttons can just fire the existing actions")
    s.act(
        "Right, TouchScreenButton has an `action` property, so the buttons can press `move_left`, `move_right` and "
        "`jump` directly. A virtual joystick addon from the asset library would also give analog input, want it?",
        TodoWrite(
            [
                ("touch_controls scene and script", "in_progress", "Building touch controls"),
                ("GUT test for touch controls", "pending", "Writing the touch test"),
            ]
        ),
    )
    s.user(
        "no new addons without asking. and no. buttons",
        rules=[("ask-deps", "no new addons without asking")],
    )
    s.act(None, Write("scripts/touch_controls.gd", TOUCH_GD))
    s.act(
        None,
        Agent(
            "GUT test for touch controls",
            "Write a GUT test in test/unit/test_touch_controls.gd for scripts/touch_controls.gd (scene "
            "res://scenes/touch_controls.tscn): the three buttons must use actions that exist in the InputMap. Run "
            "it with godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gselect=test_touch -gexit.",
            "general-purpose",
            touch_tests,
            background=True,
        ),
    )
    s.act(
        "While that runs, checking formatting:",
        Bash(
            "gdformat --check scripts test && gdlint scripts",
            "6 files would be left unchanged\nSuccess: no problems found",
        ),
    )
    s.say("Formatting is clean. The buttons sit bottom-left (arrows) and bottom-right (jump), 96 px each.")
    s.user(
        "do we always need to reimport after changing a png or does the editor do it",
        non_rules=["do we always need to reimport after changing a png"],
    )
    s.say(
        "The editor reimports a changed PNG on its own when it regains focus. Only headless runs (CI, a fresh "
        "clone) need `godot --headless --import`."
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Dev asked for Android touch controls (left, right, jump) at the bottom "
        "of the screen, plan first; the plan was approved.\nSummary:\n1. The input map edit in project.godot was "
        "rejected; the TouchScreenButtons fire the existing actions move_left, move_right and jump.\n2. A "
        "virtual joystick addon was declined.\n3. scripts/touch_controls.gd written; shown only when "
        "DisplayServer.is_touchscreen_available().\n4. A background general-purpose agent is writing "
        "test/unit/test_touch_controls.gd.\n5. User preference: always use typed GDScript (static types on every "
        "var and return).\nPending: wait for the agent, run the full GUT suite, commit.",
        158200,
        9800,
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit",
            gut_run(
                [
                    *GUT_TESTS,
                    ("res://test/unit/test_hud.gd", ["test_ready_twice_connects_once"]),
                    ("res://test/unit/test_touch_controls.gd", ["test_buttons_map_to_existing_actions"]),
                ]
            ),
            secs=11,
        ),
    )
    s.say("All 5 GUT tests pass, including the agent's `test_touch_controls.gd`. Input map untouched.")
    s.user("ok ship it")
    s.act(
        None,
        Bash(
            "git add scripts/touch_controls.gd scenes/touch_controls.tscn test/unit/test_touch_controls.gd && "
            "git commit -m 'touch buttons for android'",
            git_commit("touch", "e17a9f4", "touch buttons for android", 3, 58, 0),
        ),
    )
    s.say("Committed `e17a9f4` on `touch`.")
    s.not_person(
        "User preference: always use typed GDScript (static types on every var and return).", "compaction_summary"
    )
    s.outcome("success", "touch buttons firing the existing actions, tested by a subagent, committed")
    return s


def k14() -> Session:
    s = new("k14-spaces-switch", "2027-10-20T15:08:12", "2.1.225", "main", "indent-swap-quail")
    s.user(
        "actually spaces in gd files now, 4 of them. the asset pack scripts all use spaces and mixing is hell. "
        "reformat everything and make ci check it",
        rules=[("spaces", "actually spaces in gd files now, 4 of them", "tabs")],
    )
    s.act(
        None,
        Bash(
            "gdformat --use-spaces=4 scripts test && gdformat --use-spaces=4 --check scripts test",
            "reformatted scripts/player.gd\nreformatted scripts/hud.gd\nreformatted scripts/coin.gd\n"
            "reformatted scripts/level_select.gd\nreformatted scripts/touch_controls.gd\n"
            "reformatted test/unit/test_coin.gd\nreformatted test/unit/test_player.gd\nreformatted "
            "test/unit/test_hud.gd\nreformatted test/unit/test_touch_controls.gd\n9 files reformatted, 0 files left "
            "unchanged\n9 files would be left unchanged",
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - run: gdformat --check scripts test",
            "      - run: gdformat --use-spaces=4 --check scripts test",
        ),
    )
    s.act(
        None,
        Bash(
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -ginclude_subdirs -gexit | tail -3",
            "Time                  2.291s\n\n---- All tests passed! ----",
            secs=10,
        ),
    )
    s.say(
        "All 9 scripts use 4 spaces now, CI checks `--use-spaces=4`, and GUT is green. From now on I'll always "
        "run gdformat --check before committing."
    )
    s.user("lgtm commit")
    s.act(
        None,
        Bash(
            "git commit -am 'switch gd files to 4 spaces'",
            git_commit("main", "c0b7d52", "switch gd files to 4 spaces", 10, 214, 214),
        ),
    )
    s.say("Committed `c0b7d52`.")
    s.not_person("From now on I'll always run gdformat --check before committing.", "assistant_text")
    s.outcome("success", "gd files reformatted to 4 spaces, CI format check updated, committed")
    return s


def k15() -> Session:
    s = new("k15-windows-icon", "2027-10-21T13:52:44", "2.1.225", "main", "plain-exe-magpie")
    s.user(
        "windows build has the default godot icon not ours. export said\n\n```\nsavepack: begin: Packing steps: 102\n"
        "WARNING: The rcedit tool must be configured in the Editor Settings (Export > Windows > rcedit) to "
        "change the icon or app information data.\n     at: _rcedit_add_data (platform/windows/export/"
        "export_plugin.cpp:420)\nsavepack: end\n```"
    )
    s.act(
        None,
        Bash(
            'ls /c/Tools/ | grep -i rcedit; grep -n rcedit "$APPDATA/Godot/editor_settings-4.3.tres"',
            'rcedit-x64.exe\n57:export/windows/rcedit = ""',
        ),
    )
    s.act(
        None,
        Bash(
            "sed -i 's|^export/windows/rcedit = .*|export/windows/rcedit = \"C:/Tools/rcedit-x64.exe\"|' "
            '"$APPDATA/Godot/editor_settings-4.3.tres" && godot --headless --export-release "Windows Desktop" '
            "build/windows/skyhop.exe 2>&1 | grep -c rcedit",
            "0",
            secs=30,
        ),
    )
    s.say(
        "`rcedit-x64.exe` was already in `C:\\Tools`, just not set in the editor settings. With the path set the "
        "warning is gone and the exe carries `assets/icon.ico` and the product name."
    )
    s.user("good enough")
    s.not_person(
        "The rcedit tool must be configured in the Editor Settings (Export > Windows > rcedit) to change the icon or "
        "app information data.",
        "pasted_log",
    )
    s.one_off(
        "the Windows export kept Godot's default icon: rcedit was not configured in the editor settings (export "
        "warning), set to C:/Tools/rcedit-x64.exe"
    )
    s.outcome("success", "rcedit path set; the Windows exe has the game icon")
    return s


def k16() -> Session:
    s = new("k16-run-scene-key", "2027-10-22T14:37:03", "2.1.226", "main", "hotkey-question-tit")
    s.queued_start("whats the shortcut to run the current scene")
    s.user("whats the shortcut to run the current scene", after=0.4)
    s.say("F6 (Run Current Scene). F5 runs the main scene, Ctrl+Shift+F5 runs a specific scene.")
    s.turn_done()
    s.title("Godot run current scene shortcut")
    s.user("k")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15, k16]

"""Thiha's `mohinga` sessions (m01-m15): a Godot 4.3 (.NET) game in GDScript and C#, GUT unit tests, export presets
for Android and iOS, built on GitHub Actions. Times are UTC; Yangon is UTC+06:30."""

from __future__ import annotations

from fake_output import GAME, git_commit, gut_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "mohinga"
GUT = "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=GAME, project=PROJECT)


PLAYER_GD = """extends CharacterBody2D

const SPEED = 180.0
const JUMP = -420.0

func _physics_process(delta):
\tif not is_on_floor():
\t\tvelocity += get_gravity() * delta
\tif Input.is_action_just_pressed("jump") and is_on_floor():
\t\tvelocity.y = JUMP
\tvar dir = Input.get_axis("left", "right")
\tvelocity.x = dir * SPEED
\tmove_and_slide()
"""

SAVE_CS = """using Godot;
using System.Text.Json;

public partial class SaveManager : Node
{
    private const string Path = "user://save.json";

    public void Save(SaveData data)
    {
        using var f = FileAccess.Open(Path, FileAccess.ModeFlags.Write);
        f.StoreString(JsonSerializer.Serialize(data));
    }

    public SaveData Load()
    {
        if (!FileAccess.FileExists(Path)) return new SaveData();
        using var f = FileAccess.Open(Path, FileAccess.ModeFlags.Read);
        return JsonSerializer.Deserialize<SaveData>(f.GetAsText()) ?? new SaveData();
    }
}
"""

WORKFLOW = """name: build
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    container: barichello/godot-ci:mono-4.3
    steps:
      - uses: actions/checkout@v4
      # Always run GUT headless with -gexit so the job ends.
      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit
  export-android:
    needs: test
    runs-on: ubuntu-latest
    container: barichello/godot-ci:mono-4.3
    steps:
      - uses: actions/checkout@v4
      - run: mkdir -p build/android && godot --headless --export-release "Android" build/android/mohinga.apk
      - uses: actions/upload-artifact@v4
        with: { name: android, path: build/android }
"""

PRESET_ANDROID = """[preset.0]

name="Android"
platform="Android"
runnable=true
export_filter="all_resources"
export_path="build/android/mohinga.apk"

[preset.0.options]

keystore/debug=""
keystore/release="/Users/thiha/keys/mohinga-release.keystore"
keystore/release_user="mohinga"
keystore/release_password=""
package/unique_name="com.thiha.mohinga"
"""


def m01() -> Session:
    s = new("m01-player-move", "2028-07-03T03:12:40", "2.1.150", "main", "player-move-pangolin")
    s.user(
        "mohinga: Godot 4.3 .NET. player movement first, CharacterBody2D, left/right/jump. tests ko GUT pae thone "
        "mal, gdUnit ma thone tot bu",
        decisions=["tests ko GUT pae thone mal, gdUnit ma thone tot bu"],
    )
    s.title("Player movement")
    s.act(None, Write("scenes/player/player.gd", PLAYER_GD))
    s.act(
        None,
        Bash(GUT, gut_run(3), secs=6),
    )
    s.say("`player.gd` moves on left/right and jumps from the floor; the 3 GUT tests pass.")
    s.user(
        "pls use static types in gdscript from now on. `var dir := ...`, `func _physics_process(delta: float) -> void`",
        rules=[("gd-static-types", "pls use static types in gdscript from now on")],
    )
    s.act(
        None,
        Edit(
            "scenes/player/player.gd",
            "func _physics_process(delta):",
            "func _physics_process(delta: float) -> void:",
        ),
        Edit("scenes/player/player.gd", "\tvar dir = Input", "\tvar dir := Input"),
    )
    s.say("Typed: `delta: float`, `-> void`, and `var dir :=`.")
    s.user("👍")
    s.outcome("success", "player movement with typed GDScript; GUT green")
    return s


def m02() -> Session:
    s = new("m02-save-manager", "2028-07-04T02:50:11", "2.1.150", "main", "save-json-otter")
    s.user(
        "save system လိုတယ်။ coins နဲ့ level ပဲ။ C# နဲ့ ရေး။ save format ကို JSON နဲ့ပဲ သွားမယ်",
        decisions=["save format ကို JSON နဲ့ပဲ သွားမယ်"],
    )
    s.act(None, Write("scripts/save/SaveManager.cs", SAVE_CS))
    s.act(
        None,
        Write(
            "test/unit/test_save_manager.gd",
            'extends GutTest\n\nfunc test_save_roundtrip() -> void:\n\tvar sm = load("res://scripts/save/'
            'SaveManager.cs").new()\n\tsm.Save({"coins": 12, "level": 3})\n\tassert_eq(sm.Load().coins, 12)\n',
        ),
    )
    s.user(
        "မဟုတ်ဘူး test ကို test/ ထဲ မထည့်နဲ့။ GUT test file တွေကို script ဘေးမှာပဲ ထားပါ",
        rules=[("gut-colocated", "GUT test file တွေကို script ဘေးမှာပဲ ထားပါ")],
    )
    s.act(
        None,
        Bash(
            "git mv test/unit/test_save_manager.gd scripts/save/test_save_manager.gd && "
            "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://scripts -ginclude_subdirs -gexit",
            gut_run(4),
            secs=8,
        ),
    )
    s.say("The test now sits next to `SaveManager.cs`; 4 tests pass.")
    s.user("ရပြီ ကျေးဇူး")
    s.outcome("success", "JSON SaveManager in C# with a GUT test next to it")
    return s


def m03() -> Session:
    s = new("m03-ci-gut-null", "2028-07-05T04:20:03", "2.1.151", "main", "ci-gut-heron")
    s.user(
        "CI ပေါ်မှာ GUT fail နေတယ်၊ local မှာ pass တယ်\n\n```\n--- Gut ---\nres://scripts/save/test_save_manager.gd\n"
        "SCRIPT ERROR: Cannot instance script because the associated class could not be found. Script: "
        '"res://scripts/save/SaveManager.cs". Make sure the script exists and contains a class definition with a '
        "name that matches the filename of the script exactly (it's case-sensitive).\n"
        "* test_save_roundtrip\n    [Failed]:  Nil is not an object\nError: Process completed with exit code 1.\n```"
    )
    s.act(None, Read(".github/workflows/build.yml", WORKFLOW))
    s.act(
        "The class name matches the file. A stale `.godot` cache can hide C# classes; clearing it:",
        Denied(Bash("rm -rf .godot && godot --headless --import")),
    )
    s.user("ဒါမလုပ်နဲ့၊ .godot က CI မှာ မရှိဘူး၊ local ပြဿနာ မဟုတ်ဘူး")
    s.act(
        None,
        Bash(
            "gh run view --log-failed | head -40",
            "test\tRun godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit\n"
            "test\tGodot Engine v4.3.stable.mono.official.77dcf97d8\n"
            "test\tSCRIPT ERROR: Cannot instance script because the associated class could not be found.",
        ),
    )
    s.say(
        "The log shows the error but not why the C# class is missing on the runner. I'd need to compare the "
        "runner's project folder with yours."
    )
    s.user("ma ya thay bu. nout mha pyan kyi mal, sleep tot mal 😴")
    s.outcome("failed", "SaveManager.cs cannot be instanced on CI; cause not found")
    s.hit("csharp-not-built")
    return s


def m04() -> Session:
    s = new("m04-back-button", "2028-07-06T03:05:27", "2.1.151", "main", "back-button-crane")
    s.user("android back button နှိပ်ရင် game က တန်းထွက်သွားတယ်၊ pause menu ပြချင်တယ်")
    s.act(
        None,
        Grep("quit_on_go_back|NOTIFICATION_WM_GO_BACK_REQUEST", [], path="."),
    )
    s.act(
        "Godot quits on back by default (`application/config/quit_on_go_back`). Turning it off and handling the "
        "notification in the game scene:",
        Edit("project.godot", 'config/name="mohinga"', 'config/name="mohinga"\nconfig/quit_on_go_back=false'),
        Edit(
            "scenes/game/game.gd",
            "func _ready() -> void:",
            "signal pause_requested\n\nfunc _notification(what: int) -> void:\n\tif what == "
            "NOTIFICATION_WM_GO_BACK_REQUEST:\n\t\tpause_requested.emit()\n\nfunc _ready() -> void:",
        ),
    )
    s.user(
        "no, signals are past tense: died, not die. so back_pressed, not pause_requested",
        rules=[("gd-signal-past", "signals are past tense: died, not die")],
    )
    s.act(None, Edit("scenes/game/game.gd", "pause_requested", "back_pressed", replace_all=True))
    s.user(
        "btw can signals ever carry typed args in 4.3?",
        non_rules=["can signals ever carry typed args in 4.3?"],
    )
    s.say("Yes: `signal died(score: int)`. The types are checked by the editor, not enforced at emit time.")
    s.user("ok kg tl 👌")
    s.one_off("the Android back button closes the game instead of opening the pause menu (quit_on_go_back is on)")
    s.outcome("success", "back button opens the pause menu; signal renamed to back_pressed")
    return s


def m05() -> Session:
    s = new("m05-android-export-ci", "2028-07-07T05:41:50", "2.1.152", "main", "apk-export-gecko")
    s.user(
        "android export job fail\n\n```\nexport-android\tRun mkdir -p build/android && godot --headless "
        '--export-release "Android" build/android/mohinga.apk\nexport-android\tERROR: Cannot export project with '
        'preset "Android" due to configuration errors:\nexport-android\tCould not find keystore, unable to export.'
        "\nexport-android\t   at: _fs_changed (editor/export/editor_export_platform.cpp:1602)\nexport-android\t"
        "NOTE: Never commit your release keystore to version control.\nexport-android\tError: Process completed "
        "with exit code 1.\n```"
    )
    s.act(None, Read("export_presets.cfg", PRESET_ANDROID))
    s.act(
        "The preset points at a release keystore path. Checking whether the runner has the file:",
        Bash(
            "gh run view --log | grep -i keystore | head",
            "export-android\tCould not find keystore, unable to export.",
        ),
    )
    s.say(
        "The export stops at the keystore check. I could not confirm which keystore the runner looks for from the "
        "log alone; generating a temporary debug keystore on the runner would at least let the job pass."
    )
    s.user("debug keystore နဲ့ play store တင်လို့မရဘူး။ ဒီနေ့ မလုပ်တော့ဘူး")
    s.not_person("NOTE: Never commit your release keystore to version control.", "pasted_log")
    s.outcome("failed", "Android export on CI stops at the keystore; nothing fixed")
    s.hit("android-keystore-ci")
    return s


def explore_save(child: Session) -> None:
    child.act(
        None,
        Grep(
            "SaveManager|csproj|dotnet",
            [
                "scripts/save/SaveManager.cs:4:public partial class SaveManager : Node",
                'mohinga.csproj:1:<Project Sdk="Godot.NET.Sdk/4.3.0">',
                'scripts/save/test_save_manager.gd:4:\tvar sm = load("res://scripts/save/SaveManager.cs").new()',
            ],
            path=".",
            mode="content",
        ),
    )
    child.say(
        "SaveManager.cs is referenced by scripts/save/test_save_manager.gd:4 and compiled through mohinga.csproj. "
        ".github/workflows/build.yml has no dotnet or build step before GUT."
    )


def m06() -> Session:
    s = new("m06-save-null-ci", "2028-07-08T02:33:09", "2.1.152", "feat/shop", "shop-coins-lemur")
    s.user(
        "save test passes in Rider and in the editor but on github it's null again. the SaveManager just isn't "
        "there on CI?? weird"
    )
    s.act(
        None,
        Agent(
            "Find SaveManager references",
            "Find where SaveManager.cs is referenced (scripts, tests, csproj, workflows) in this Godot project and "
            "report file:line for each, plus any build step for C# in .github/workflows.",
            "Explore",
            explore_save,
        ),
    )
    s.say(
        "Nothing in the workflow builds the C# project before GUT runs. I can look at it properly after you merge "
        "the shop branch."
    )
    s.user("hmm ok nout mha kyi mal")
    s.outcome("unknown", "the C# class is null on CI again; only explored, left for later")
    s.hit("csharp-not-built")
    return s


def m07() -> Session:
    s = new("m07-play-debug-signed", "2028-07-09T04:10:44", "2.1.153", "main", "play-upload-ibis")
    s.user(
        'play console upload error: "You uploaded an APK or Android App Bundle that was signed in debug mode. You '
        'need to sign your APK or Android App Bundle in release mode." the apk is from the actions artifact'
    )
    s.act(None, Read("export_presets.cfg", PRESET_ANDROID))
    s.act(
        "The release keystore is at a path only on your Mac. Copying it into the repo so CI can sign:",
        Bash("mkdir -p keys && cp /Users/thiha/keys/mohinga-release.keystore keys/"),
    )
    s.interrupt()
    s.user("ma lote nae!! keystore ko repo htae ma htae nae")
    s.act(None, Bash("rm -rf keys && git status --short", ""))
    s.say("Removed `keys/`; nothing of it was staged.")
    s.user("ဒီနေ့ ဒီလောက်ပဲ")
    s.outcome("failed", "the CI APK is debug-signed; copying the keystore was stopped, nothing fixed")
    s.hit("android-keystore-ci")
    return s


def m08() -> Session:
    s = new("m08-ios-team-id", "2028-07-10T03:25:31", "2.1.153", "main", "ios-export-marmot")
    s.user(
        'iOS export\n\n```\nERROR: Cannot export project with preset "iOS" due to configuration errors:\n'
        "App Store Team ID not specified.\n```"
    )
    s.act(
        None,
        Bash("grep -n team_id export_presets.cfg", 'application/app_store_team_id=""'),
    )
    s.say("The iOS preset has no Team ID; it needs your Apple Developer team's ID (10 characters).")
    s.user(
        "apple dev account မရှိသေးဘူး. ok decided: android only for the beta, iOS later",
        decisions=["decided: android only for the beta, iOS later"],
    )
    s.act(
        None,
        Edit(
            "export_presets.cfg",
            'name="iOS"\nplatform="iOS"\nrunnable=true',
            'name="iOS"\nplatform="iOS"\nrunnable=false',
        ),
    )
    s.say("The iOS preset is no longer runnable; nothing else changed.")
    s.one_off("the iOS export fails with 'App Store Team ID not specified' (no Apple Developer account yet)")
    s.outcome("success", "iOS export postponed, Android only for the beta")
    return s


ENEMY_GD = """extends CharacterBody2D
class_name Enemy

enum State { IDLE, CHASE, ATTACK }

var state: State = State.IDLE
"""


def m09() -> Session:
    s = new("m09-enemy-ai", "2028-07-11T02:44:18", "2.1.154", "feat/enemy", "enemy-fsm-tapir")
    s.user("enemy AI: idle/chase/attack state machine. player ကို detection area နဲ့ ရှာ")
    s.act(None, Write("scenes/enemy/enemy.gd", ENEMY_GD))
    s.act(
        "A global EnemyDirector autoload would make the player reference easy:",
        Edit("project.godot", "[autoload]", '[autoload]\n\nEnemyDirector="*res://scripts/enemy_director.gd"'),
    )
    s.user(
        "autoload အသစ် ထပ်မထည့်နဲ့။ groups သုံး",
        rules=[("no-autoload", "autoload အသစ် ထပ်မထည့်နဲ့")],
    )
    s.act(None, Edit("project.godot", '\n\nEnemyDirector="*res://scripts/enemy_director.gd"', ""))
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=8)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Thiha asked for an enemy "
        "idle/chase/attack state machine with a detection area.\n2. Written: scenes/enemy/enemy.gd (class_name "
        "Enemy, State enum). The EnemyDirector autoload was removed again; the player is found through the "
        '"player" group.\n3. User preference: always connect signals in code, never in the editor.\nPending: '
        "chase and attack states, tests.",
        98400,
        8700,
    )
    s.act(
        None,
        Edit(
            "scenes/enemy/enemy.gd",
            "var state: State = State.IDLE\n",
            "var state: State = State.IDLE\n\nfunc _on_detect_body_entered(body: Node2D) -> void:\n\tif "
            'body.is_in_group("player"):\n\t\tstate = State.CHASE\n',
        ),
    )
    s.act(None, Bash(GUT, gut_run(7), secs=7))
    s.say("Chase starts when a body in the `player` group enters the area; 7 GUT tests pass.")
    s.user(
        "ok. note to self: .import files do go into git, only .godot/ stays out",
        lessons=["note to self: .import files do go into git"],
    )
    s.user("ကျေးဇူး 🙏 push လိုက်မယ်")
    s.not_person("User preference: always connect signals in code, never in the editor.", "compaction_summary")
    s.outcome("success", "enemy state machine without a new autoload; tests green")
    return s


def m10() -> Session:
    s = new("m10-save-test-renamed", "2028-07-12T05:02:57", "2.1.154", "feat/shop", "shop-save-quail")
    s.user(
        "renamed the test to test_save_and_load_keeps_coins, CI still red, different error now\n\n```\nERROR: .NET: "
        "Failed to load project assembly 'mohinga' from '/__w/mohinga/mohinga/.godot/mono/temp/bin/Debug/"
        "mohinga.dll'\n   at: _load_project_assembly (modules/mono/mono_gd/gd_mono.cpp:547)\n"
        "* test_save_and_load_keeps_coins\n    [Failed]:  Invalid call. Nonexistent function 'new' in base 'Nil'."
        "\n```"
    )
    s.act(
        None,
        Bash(
            "gh run download -n gut-log 2>&1 | tail -3",
            "no valid artifacts found to download",
            code=1,
        ),
    )
    s.say(
        "The runner looks for `mohinga.dll` under `.godot/mono/temp/bin/Debug` and it isn't there. I couldn't get "
        "more from the run; the job uploads no logs."
    )
    s.user("a-nyae pel. pyan ma pyin nine thay bu")
    s.outcome("failed", "the renamed save test fails on CI with a missing project assembly; not fixed")
    s.hit("csharp-not-built")
    return s


def m11() -> Session:
    s = new("m11-empty-artifact", "2028-07-13T03:30:15", "2.1.155", "main", "artifact-empty-mole")
    s.user(
        "ci is green now 🤔 but the android artifact is empty, no apk inside. the keystore thing again maybe? "
        "i changed nothing"
    )
    s.act(
        None,
        Bash(
            "gh run view --log | grep -n 'export-release' -A3 | head",
            '212:export-android\tRun godot --headless --export-release "Android" build/android/mohinga.apk || true',
        ),
    )
    s.say(
        "Someone added `|| true` after the export, so the job stays green even when the export fails. The "
        "export itself probably still fails on signing."
    )
    s.user("ah that was me lol. ok nout mha")
    s.outcome("unknown", "the export step was masked with || true; left as it is")
    s.hit("android-keystore-ci")
    return s


def m12() -> Session:
    s = new("m12-tests-to-test-dir", "2028-07-14T04:15:36", "2.1.156", "main", "test-dir-civet")
    s.user(
        "apk size 4MB tak lar tl, test scripts pa ne tal. lesson: putting GUT tests next to the scripts was a bad "
        "idea, the android export packed them in. keep them under test/unit/ instead",
        lessons=["lesson: putting GUT tests next to the scripts was a bad idea"],
        rules=[("gut-test-dir", "keep them under test/unit/ instead", "gut-colocated")],
    )
    s.act(
        None,
        Bash(
            "mkdir -p test/unit && git mv scripts/save/test_save_manager.gd test/unit/ && "
            "git mv scenes/enemy/test_enemy.gd test/unit/ && " + GUT,
            gut_run(7),
            secs=8,
        ),
    )
    s.act(
        None,
        Edit(
            "export_presets.cfg",
            'export_filter="all_resources"',
            'export_filter="all_resources"\nexclude_filter="test/*"',
        ),
    )
    s.say("Tests are in `test/unit/`, and the Android preset excludes `test/*`; GUT is green.")
    s.user("ya pi kyay zu")
    s.outcome("success", "GUT tests moved to test/unit and excluded from the export")
    return s


WORKFLOW_FIXED_TEST = """      - run: godot --headless --build-solutions --quit
      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit
"""


def m13() -> Session:
    s = new("m13-build-solutions", "2028-07-16T03:08:22", "2.1.157", "fix/ci-csharp", "ci-dotnet-kiwi")
    s.user("CI save test ကို ဒီနေ့ အပြီးရှင်းမယ်။ local မှာ .godot/mono ဖျက်ပြီး CI လိုပဲ run ကြည့်")
    s.act(None, Bash("rm -rf .godot/mono", ""))
    s.act(
        None, Bash(GUT, "SCRIPT ERROR: Cannot instance script because the associated class could not be found.", code=1)
    )
    s.act(
        None, Bash(GUT, "SCRIPT ERROR: Cannot instance script because the associated class could not be found.", code=1)
    )
    s.act(
        "Same without the compiled assembly. Once more, to be sure it isn't the import running late:",
        Bash(GUT, "SCRIPT ERROR: Cannot instance script because the associated class could not be found.", code=1),
    )
    s.act(
        "It's reproducible: a headless run does not compile C#; the editor and Rider do that for you. Building the "
        "solution first:",
        Bash("godot --headless --build-solutions --quit && " + GUT, gut_run(7), secs=41),
    )
    s.act(None, Read(".github/workflows/build.yml", WORKFLOW))
    s.act(
        None,
        Edit(
            ".github/workflows/build.yml",
            "      - run: godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit\n",
            WORKFLOW_FIXED_TEST,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'CI: build C# solution before GUT' && git push -u origin fix/ci-csharp && gh run watch",
            git_commit("fix/ci-csharp", "4c1e9a0", "CI: build C# solution before GUT", 1, 1, 0)
            + "\n✓ build · 9914230187\n  ✓ test in 2m11s",
            secs=150,
        ),
    )
    s.say("CI is green: `--build-solutions` compiles the C# assembly before GUT, so SaveManager loads.")
    s.user("yay finally 🎉 ကျေးဇူးပါ")
    s.not_person("# Always run GUT headless with -gexit so the job ends.", "tool_output")
    s.outcome("success", "CI builds the C# solution before GUT; the save test passes")
    s.hit("csharp-not-built", fixed=True)
    return s


def keystore_secret(child: Session) -> None:
    child.act(
        None,
        Bash(
            "base64 -i /Users/thiha/keys/mohinga-release.keystore | gh secret set ANDROID_KEYSTORE_BASE64 && "
            "gh secret list",
            "✓ Set Actions secret ANDROID_KEYSTORE_BASE64 for thiha-dev/mohinga\nANDROID_KEYSTORE_BASE64  "
            "Updated 2028-07-18\nANDROID_KEYSTORE_PASSWORD  Updated 2028-07-18",
        ),
    )
    child.say("ANDROID_KEYSTORE_BASE64 is set; ANDROID_KEYSTORE_PASSWORD already exists.")


def m14() -> Session:
    s = new("m14-keystore-env", "2028-07-18T02:58:05", "2.1.158", "fix/android-sign", "sign-release-okapi")
    s.user(
        "renamed the job to android-release, removed the || true, and now\n\n```\nandroid-release\tERROR: Cannot "
        'export project with preset "Android" due to configuration errors:\nandroid-release\tRelease keystore '
        "incorrectly configured in the export preset.\n```\nfix it properly this time pls"
    )
    s.act(None, Read("export_presets.cfg", PRESET_ANDROID))
    s.act(
        None,
        Agent(
            "Upload keystore secret",
            "Encode /Users/thiha/keys/mohinga-release.keystore with base64 and store it as the Actions secret "
            "ANDROID_KEYSTORE_BASE64 with gh. Never print secret values in the workflow logs.",
            "general-purpose",
            keystore_secret,
        ),
    )
    s.act(
        "The preset points at `/Users/thiha/keys/...`, which only exists on your Mac. Godot 4.3 reads the "
        "release keystore from environment variables instead, so the path goes out of the preset and the "
        "workflow decodes the secret:",
        Edit(
            "export_presets.cfg",
            'keystore/release="/Users/thiha/keys/mohinga-release.keystore"',
            'keystore/release=""',
        ),
        Edit(
            ".github/workflows/build.yml",
            '      - run: mkdir -p build/android && godot --headless --export-release "Android" build/android/mohinga.apk',
            '      - run: echo "$ANDROID_KEYSTORE_BASE64" | base64 -d > $RUNNER_TEMP/release.keystore\n'
            '        env: { ANDROID_KEYSTORE_BASE64: "${{ secrets.ANDROID_KEYSTORE_BASE64 }}" }\n'
            '      - run: mkdir -p build/android && godot --headless --export-release "Android" build/android/mohinga.apk\n'
            "        env:\n"
            "          GODOT_ANDROID_KEYSTORE_RELEASE_PATH: ${{ runner.temp }}/release.keystore\n"
            "          GODOT_ANDROID_KEYSTORE_RELEASE_USER: mohinga\n"
            "          GODOT_ANDROID_KEYSTORE_RELEASE_PASSWORD: ${{ secrets.ANDROID_KEYSTORE_PASSWORD }}",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Sign Android release from CI secrets' && git push -u origin fix/android-sign && "
            "gh run watch && gh run download -n android && apksigner verify --print-certs mohinga.apk | head -2",
            git_commit("fix/android-sign", "b7d20e5", "Sign Android release from CI secrets", 2, 7, 2)
            + "\n✓ build · 9930114522\n  ✓ android-release in 3m02s\nSigner #1 certificate DN: CN=Thiha, O=mohinga, "
            "C=MM",
            secs=240,
        ),
    )
    s.say("The CI APK is now signed with the release key (CN=Thiha). The keystore never enters the repo.")
    s.user("play console accepted it ✅ ကျေးဇူးအများကြီး")
    s.not_person("Never print secret values in the workflow logs.", "subagent_prompt")
    s.outcome("success", "release keystore from CI secrets via GODOT_ANDROID_KEYSTORE_RELEASE_*; Play accepted it")
    s.hit("android-keystore-ci", fixed=True)
    return s


def m15() -> Session:
    s = new("m15-tween-leak", "2028-07-20T04:40:49", "2.1.160", "main", "coin-tween-stoat")
    s.user(
        'game close lote yin "WARNING: ObjectDB instances leaked at exit" pyan ne dal. coin pickup tween kyaung '
        "lar? autoload a-thit ma htae nae naw, pyaw pyi thar",
        rules=[("no-autoload", "autoload a-thit ma htae nae")],
    )
    s.act(
        None,
        Grep("create_tween|Tween.new", ["scenes/coin/coin.gd:14:\tvar t = Tween.new()"], path="scenes", mode="content"),
    )
    s.act(
        "`Tween.new()` creates a tween no tree owns, so it leaks. `create_tween()` binds it to the node:",
        Edit("scenes/coin/coin.gd", "\tvar t = Tween.new()", "\tvar t := create_tween()"),
    )
    s.act(None, Bash("godot --headless --quit-after 300 res://scenes/game/game.tscn 2>&1 | grep -c leaked", "0"))
    s.say(
        "No more leak warnings at exit. As a rule of thumb, always create tweens with create_tween() so a node "
        "owns them."
    )
    s.user(
        "nice. is there a way to always get typed gdscript warnings as errors?",
        non_rules=["is there a way to always get typed gdscript warnings as errors?"],
    )
    s.say("Project Settings › Debug › GDScript › `untyped_declaration` set to Error.")
    s.user("ok ya pi")
    s.not_person("always create tweens with create_tween() so a node owns them", "assistant_text")
    s.one_off("'ObjectDB instances leaked at exit' from a coin tween made with Tween.new()")
    s.outcome("success", "coin tween leak fixed with create_tween()")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]

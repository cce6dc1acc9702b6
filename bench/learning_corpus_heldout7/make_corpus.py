#!/usr/bin/env python3
"""Generate the seventh held-out learning corpus (Jiwoo's `moonrise-client` Unity game and `moonrise_server`
Elixir/Phoenix backend): Claude Code v2.1.x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

This file declares only what is this corpus's own (projects, recurring problems, skill prompts, the person's
language, the validator's ranges); building truth.json, validating and the command line are shared with the other
held-out corpora in bench/heldout_corpus_builder.py, which says why the result is deterministic.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_client  # noqa: E402
import scenarios_server  # noqa: E402
from fake_output import CLIENT, SERVER  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"moonrise-client": CLIENT, "moonrise_server": SERVER}
GLOBAL_RULES = {"no-force-push", "test-before-commit"}  # said in one repository, meant for both
COMPATIBLE = [("reversible-migrations", "no-data-in-migrations")]  # same subject (Ecto migrations), both hold

PROBLEMS = {
    "il2cpp-stripping-dto": {
        "project": "moonrise-client",
        "description": "Server responses are parsed by Newtonsoft.Json into DTO classes (Moonrise.Net assembly) that "
        "nothing constructs in code; with managed stripping at Medium, IL2CPP device builds lose their constructors, "
        "so parsing fails only on phones while the editor (Mono) is fine. Seen as a pasted Android logcat "
        "(MissingMethodException: Default constructor not found for type Moonrise.Net.Dto.MailDto, empty mailbox), "
        "as an iOS TestFlight console error (JsonSerializationException: Unable to find a constructor to use for "
        "type ShopOfferDto, empty shop; [JsonConstructor] did not help), and as a Korean description with no log "
        "(에디터에선 멀쩡한데 폰 빌드에서만 출석 보상 팝업이 안 떠).",
        "nouns": ["MissingMethodException", "Unable to find a constructor", "폰 빌드에서만", "link.xml"],
        "fix": ["Assets/link.xml", '<assembly fullname="Moonrise.Net" preserve="all"/>'],
        "key_step": '<assembly fullname="Moonrise.Net" preserve="all"/>',
    },
    "addressables-stale-content": {
        "project": "moonrise-client",
        "description": "The CI build method (BuildScript.BuildAndroid, run by game-ci/unity-builder) never builds "
        "Addressables content, so the player packs whatever bundles sit in the Library folder restored from the "
        "actions/cache; CI builds ship stale content while the editor (Use Asset Database) looks right. Seen as "
        "InvalidKeyException (No Location found for Key=bosses/golem_ancient) for a new boss, as an old lobby banner "
        "after the sprite was replaced (an atlas repack did not help), and as RemoteProviderException / Unable to "
        "load dependent bundle for the shop.",
        "nouns": ["InvalidKeyException", "옛날 배너", "Unable to load dependent bundle", "Addressables"],
        "fix": ["AddressableAssetSettings.BuildPlayerContent(out var result);", "CleanPlayerContent"],
        "key_step": "AddressableAssetSettings.BuildPlayerContent(out var result);",
    },
    "oban-sandbox-tests": {
        "project": "moonrise_server",
        "description": "config/test.exs starts real Oban queues, so jobs enqueued by tests run in Oban's own "
        "processes outside the Ecto SQL sandbox: they cannot check out a connection, or lose it when the test "
        "process exits first. Seen as a rewards test failing 3x (Expected truthy, got nil; DBConnection."
        "OwnershipError: cannot find ownership process), as an admin LiveView test failing only on CI (owner "
        "#PID<...> exited, client still using a connection from Oban.Queue.Executor; green on rerun), and as a "
        "Korean complaint about random CI-only failures (CI에서만 가끔 테스트가 랜덤하게 터져).",
        "nouns": ["OwnershipError", "Oban.Queue.Executor", "랜덤하게"],
        "fix": ["config :moonrise, Oban, testing: :manual", "perform_job"],
        "key_step": "config :moonrise, Oban, testing: :manual",
    },
}

SKILL_PROMPTS = {
    "should": {
        "il2cpp-stripping-dto": [
            "Unity IL2CPP Android build throws MissingMethodException default constructor not found for a JSON DTO, "
            "works in the editor",
            "Newtonsoft JsonSerializationException unable to find a constructor, only on the iOS device build",
            "에디터에선 되는데 폰 빌드에서만 서버 응답 파싱이 실패해",
        ],
        "addressables-stale-content": [
            "Addressables InvalidKeyException No Location found for Key in the CI build but the editor works",
            "the game-ci build still shows the old sprite after I replaced it in an Addressables group",
            "CI에서 만든 빌드에 예전 Addressables 번들이 들어가 있어",
        ],
        "oban-sandbox-tests": [
            "DBConnection.OwnershipError cannot find ownership process inside an Oban job during mix test",
            "ExUnit tests that enqueue Oban jobs fail randomly on CI with owner exited",
            "CI에서만 Oban 테스트가 가끔 sandbox 에러로 터져",
        ],
    },
    "should_not": [
        "add a settings screen with sound and vibration toggles to the Unity client",
        "write an NUnit test for the inventory sort order",
        "set up Firebase Analytics events for the tutorial",
        "add a Phoenix JSON endpoint for the player profile",
        "write an Ecto migration that adds an index on players.nickname",
        "configure Dependabot for the mix project",
        "add Korean and Japanese string tables with Unity Localization",
        "리더보드 LiveView에 CSV 내보내기 버튼 추가해줘",
        "가챠 확률 표 화면 만들어줘",
        "explain the difference between Update and FixedUpdate",
        "what is a GenServer",
        "write a bash script that renames screenshots by date",
        "set up a Kotlin Ktor server",
        "TCP랑 UDP 차이 설명해줘",
        "how does pattern matching work in Elixir",
        "엘릭서 파이프 연산자가 뭔지 설명해줘",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|\bfor now\b|\bno force\b|"
    r"항상|절대|기억해|앞으로|이제부터|규칙|교훈|결정|하지 ?마|말라고 했|알고 보니",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_client, scenarios_server),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ko",
    lang_of=lang_of,
    language_checks=standard_language_checks("Korean", 5),
    share_check=share_between("Korean", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

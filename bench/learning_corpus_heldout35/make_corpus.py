#!/usr/bin/env python3
"""Generate the 35th held-out learning corpus (Rafael's `feira-api`, an Elixir/Phoenix API with Ecto and Oban, and
`feira-app`, an Expo/React Native app with Zustand and EAS Build, on Ubuntu in Recife, about 60 % in Brazilian
Portuguese): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Brazilian Portuguese ("pt"), guessed by transcript_kit.lang_of (Portuguese function
and chat words with or without accents, and words carrying ã õ ç or accented vowels, against English function
words). The shared language checks apply as they are (standard_language_checks), with a share of 45-75 %
Portuguese messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_api  # noqa: E402
import scenarios_app  # noqa: E402
from fake_output import API, APP  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"feira-api": API, "feira-app": APP}
# said in one repository, meant for both: no push to main, ask before packages, conventional commits
GLOBAL_RULES = {"no-push-main", "ask-deps", "conv-commits"}
COMPATIBLE = [
    ("tests-dir", "rntl-queries"),  # tests in __tests__ next to the component, and they query by role or text
    ("fmt-credo", "conv-commits"),  # format and credo before a commit, and the commit message is conventional
]

PROBLEMS = {
    "oban-string-keys": {
        "project": "feira-api",
        "description": "Oban stores job args as JSON, so at perform/1 the keys are strings; the workers match or read "
        "atom keys (%{order_id: id}, args[:order_id]). Seen as a failing ExUnit worker test (FunctionClauseError in "
        "NotifyVendor.perform/1; changing the test refused), in Portuguese words only (vendors get no push, nothing "
        "in Sentry), as a pasted psql query of oban_jobs (SendReceipt retrying with 'cannot perform "
        "Feira.Repo.get!/2 because the given value is nil'), and as another worker's test (DailyPayout).",
        "nouns": ["Oban", "perform/1", "order_id"],
        "fix": ['%{"order_id" => order_id}', '"stall_id" => stall_id'],
        "key_step": '%{"order_id" => order_id}',
    },
    "zustand-selector-loop": {
        "project": "feira-app",
        "description": "With Zustand 5, useCartStore((s) => ({ ... })) returns a new object on every call; the "
        "hook feeds it to React's useSyncExternalStore, so the snapshot never settles and the component re-renders "
        "forever. Seen as a failing Jest/RNTL test (CartScreen, 'Maximum update depth exceeded'), in Portuguese "
        "words only (the phone freezes and heats up on the second cart item; a Context rewrite stopped), as a pasted "
        "Metro log ('The result of getSnapshot should be cached', CheckoutSummary), and as another hook's test "
        "(useCartTotals).",
        "nouns": ["useCartStore", "getSnapshot", "Maximum update depth"],
        "fix": ["useShallow((s) => ({", "from 'zustand/react/shallow'"],
        "key_step": "useShallow((s) => ({",
    },
    "eas-env-missing": {
        "project": "feira-app",
        "description": "EXPO_PUBLIC_API_URL comes from a .env that is in .gitignore; EAS uploads the project without "
        "it, so every EAS build (preview APK, TestFlight) inlines undefined as the API base URL. Seen as a pasted "
        "Sentry event ('TypeError: Network request failed' on the preview release; a rebuild refused), in "
        "Portuguese words only (the preview list is empty, Expo Go is fine), as a pasted adb logcat ('[api] "
        "baseUrl = undefined', deferred for build quota), and in English words (the TestFlight login spins forever).",
        "nouns": ["EXPO_PUBLIC_API_URL", "preview"],
        "fix": ['"EXPO_PUBLIC_API_URL": "https://api.feira.app.br/api"', "eas build --profile preview"],
        "key_step": '"EXPO_PUBLIC_API_URL": "https://api.feira.app.br/api"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "oban-string-keys": [
            "FunctionClauseError no function clause matching in my Oban worker perform/1 when I use perform_job",
            "os jobs do oban ficam retryable com cannot perform Repo.get!/2 because the given value is nil, mas o id tá nos args",
            "oban job args pattern match on atom keys never matches at runtime",
        ],
        "zustand-selector-loop": [
            "zustand 5 selector returning an object causes Maximum update depth exceeded in my component",
            "o app congela quando uso useStore com um seletor que retorna objeto, aparece getSnapshot should be cached",
            "React Native warning The result of getSnapshot should be cached to avoid an infinite loop with zustand",
        ],
        "eas-env-missing": [
            "EXPO_PUBLIC_API_URL is undefined in my EAS preview build but works in Expo Go",
            "a build do eas não pega as variáveis do .env, no expo go funciona e no apk a url vem undefined",
            "eas build apk says Network request failed on every fetch, the api is up",
        ],
    },
    "should_not": [
        "add a Phoenix controller for listing products of a stall",
        "escreve uma migration que adiciona coluna de telefone no feirante",
        "how do I run only one ExUnit test by line number",
        "explica a diferença entre Ecto.Multi e Repo.transaction",
        "add a credo check that forbids IO.inspect",
        "configura o mix format pra usar line_length 120",
        "write an Oban cron job that cleans old carts every night",
        "como faço deploy no fly.io com release do elixir",
        "add a settings screen with Expo Router tabs",
        "faz um componente de botão primário com StyleSheet",
        "write a jest test for the stall list empty state",
        "how do I open the React Native dev menu on a physical Android phone",
        "bota dark mode no app",
        "what does autoIncrement do in eas.json production profile",
        "converte esse useEffect de fetch pra react query",
        "translate the app strings to English with i18n",
        "qual a diferença entre npx expo install e npm install",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe(?:'re| are) going with\b|\bgoing with\b|"
    r"\bstick with\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|"
    r"\bchange of plan\b|\bagain:|"
    r"\bsempre\b|\bnunca\b|\bjamais\b|\ba gente usa\b|\bn[ãa]o quero\b|\bprefiro\b|\bde agora em diante\b|"
    r"\bdaqui pra frente\b|\bdecid|\bli[çc][ãa]o\b|\baprendi\b|\bpor enquanto\b|\bj[áa] (?:te )?falei\b|"
    r"\bcomo eu (?:disse|falei)\b|\blembra\b|\bmudan[çc]a de planos\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_app),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="pt",
    lang_of=lang_of,
    language_checks=standard_language_checks("Portuguese", 6),
    share_check=share_between("Portuguese", 45, 75),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

#!/usr/bin/env python3
"""Generate the third held-out learning corpus (Haruto's `kumo-train` and `Tabilog`): Claude Code v2.1.x
transcripts + truth.json, then validate them.

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

import scenarios_ios  # noqa: E402
import scenarios_ml  # noqa: E402
from fake_output import IOS, ML  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kumo-train": ML, "Tabilog": IOS}
GLOBAL_RULES = {"commit-en", "one-change-commit"}  # said in the ML repo, meant for all of Haruto's commits
COMPATIBLE = [("commit-en", "one-change-commit")]  # same subject (commits), both hold

PROBLEMS = {
    "cuda-oom-eval": {
        "project": "kumo-train",
        "description": "Validation runs out of GPU memory after a few epochs: Trainer.evaluate in src/kumo/engine.py "
        "runs the forward pass with autograd on and appends every batch's logits (with their graph) to a list on "
        "the GPU, so memory grows with each validation batch. Seen as torch.OutOfMemoryError in a tmux smoke run "
        "(exit 0), as 'CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling cublasCreate(handle)' in a pasted "
        "traceback, and described in Japanese in words after nvidia-smi ('valのたびにメモリ増えてって3epoch目で落ちる').",
        "nouns": [
            "CUDA out of memory",
            "OutOfMemoryError",
            "CUBLAS_STATUS_ALLOC_FAILED",
            "メモリ増えて",
            "eval_batch_size",
        ],
        "fix": ["@torch.inference_mode()", "logits.float().cpu()", "mem_probe.py"],
        "key_step": "@torch.inference_mode()",
    },
    "nan-loss-fp16": {
        "project": "kumo-train",
        "description": "The training loss turns nan after some thousand steps: focal_loss (src/kumo/losses.py) is "
        "computed inside fp16 autocast as torch.log(torch.softmax(...)), the true-class probability underflows to "
        "0 in fp16 and log(0) gives -inf, then nan. Seen as a pasted log (loss=nan grad_norm=inf at step 4120), as "
        "anomaly detection's \"Function 'LogBackward0' returned nan values\", and described in Japanese "
        "('lossがまた途中でnanになる').",
        "nouns": ["loss=nan", "LogBackward0", "nanになる", "nan"],
        "fix": ["F.log_softmax(logits.float(), dim=-1)", "test_focal_loss_fp16_extreme_logits", "step 8000"],
        "key_step": "F.log_softmax(logits.float(), dim=-1)",
    },
    "match-widget-profile": {
        "project": "Tabilog",
        "description": "TestFlight uploads fail since the WidgetKit extension was added: fastlane match only "
        "manages jp.tabilog.app (Matchfile app_identifier), so there is no App Store profile for "
        "jp.tabilog.app.widget. Seen locally as gym's archive error ('No profile for team ... matching match "
        "AppStore jp.tabilog.app.widget'), as a pasted CI log ('exportArchive: No profiles for "
        "jp.tabilog.app.widget were found'), and described in Japanese ('TestFlightに上げるのがまたコケてる、"
        "ウィジェット入れてからずっと').",
        "nouns": ["jp.tabilog.app.widget", "ウィジェット入れてから"],
        "fix": [
            'app_identifier(["jp.tabilog.app", "jp.tabilog.app.widget"])',
            "bundle exec fastlane match appstore",
            "readonly: is_ci",
        ],
        "key_step": 'app_identifier(["jp.tabilog.app", "jp.tabilog.app.widget"])',
    },
    "coredata-visitedat-migration": {
        "project": "Tabilog",
        "description": "Updating from 1.3 (Core Data model 3) crashes at launch: model 4 adds Spot.visitedAt as a "
        "required Date without a default, lightweight migration cannot fill it ('Code=134110 ... Validation error "
        "missing attribute values on mandatory destination attribute, entity=Spot, attribute=visitedAt'). Seen as a "
        "pasted TestFlight crash, as a failing MigrationTests.testMigrateV3ToV4, and described in Japanese "
        "('アップデートしたら起動直後に落ちる').",
        "nouns": ["visitedAt", "134110", "アップデートしたら起動直後に落ちる"],
        "fix": ['<attribute name="visitedAt" optional="YES"', "displayDate", "testMigrateV3ToV4"],
        "key_step": '<attribute name="visitedAt" optional="YES"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "cuda-oom-eval": [
            "validation runs out of CUDA memory after a few epochs, training itself is fine",
            "CUBLAS_STATUS_ALLOC_FAILED during evaluation, GPU memory keeps growing every val batch",
            "評価ループでGPUメモリが増え続けてOOMで落ちる",
        ],
        "nan-loss-fp16": [
            "training loss becomes nan after a few thousand steps with mixed precision",
            "anomaly detection says LogBackward0 returned nan values",
            "fp16で学習するとlossが途中でnanになる",
        ],
        "match-widget-profile": [
            "fastlane beta fails: no provisioning profile for the widget extension bundle id",
            "exportArchive: No profiles for app extension were found on CI",
            "ウィジェットを追加したらTestFlightへのアップロードが署名エラーで失敗する",
        ],
        "coredata-visitedat-migration": [
            "app crashes on launch after update, Core Data error 134110 during migration",
            "lightweight migration fails: missing attribute values on mandatory destination attribute",
            "アップデート後に起動するとCore Dataのマイグレーションで落ちる",
        ],
    },
    "should_not": [
        "add a dark mode toggle to the settings screen",
        "write a SwiftUI preview for the spot row",
        "translate the App Store description to Korean",
        "add a map view that shows all spots",
        "export the ViT model to ONNX",
        "add mixup augmentation to the data pipeline",
        "write a README section about the Hydra configs",
        "set up pre-commit with ruff",
        "スポット一覧に検索バーを付けて",
        "学習率のスケジュールをプロットするスクリプト書いて",
        "how do I center a div in CSS",
        "explain what a Python dataclass is",
        "write a bash script that renames photos by date",
        "set up a Django project with PostgreSQL",
        "configure ESLint for a TypeScript monorepo",
        "Goのgoroutineとchannelの違いを説明して",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|\bteam agreed\b|"
    r"いつも|絶対|必ず|常に|二度と|これから|今後|決めた|覚えとく|覚えておいて|学び|ルール|禁止",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_ml, scenarios_ios),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ja",
    lang_of=lang_of,
    language_checks=standard_language_checks("Japanese", 5),
    share_check=share_between("Japanese", 30, 45),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

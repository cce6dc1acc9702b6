#!/usr/bin/env python3
"""Generate the 29th held-out learning corpus (Wei's `kuaidi-go`, a Go Gin + GORM + MySQL + Redis parcel-tracking
service, and `kuaidi-mp`, a uni-app / Vue 3 WeChat mini program, on macOS in Hangzhou, mostly in Chinese):
Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is simplified Chinese ("zh"), guessed by transcript_kit.lang_of (CJK ideographs
against Latin words). The shared language checks apply as they are (standard_language_checks), with a share of
55-85 % Chinese messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_go  # noqa: E402
import scenarios_mp  # noqa: E402
from fake_output import GO, MP  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kuaidi-go": GO, "kuaidi-mp": MP}
# said in one repository, meant for both: no force push, ask before dependencies, the language of commit messages
GLOBAL_RULES = {"no-force-push", "ask-deps", "commit-en", "commit-zh"}
COMPATIBLE = [
    ("unit-next", "integration-tag"),  # unit tests beside the code, integration tests behind the build tag
    ("rpx", "scss-vars"),  # sizes in rpx, colours from the uni.scss variables
]

PROBLEMS = {
    "gorm-zero-value-update": {
        "project": "kuaidi-go",
        "description": "ParcelRepo.UpdateStatus calls GORM's Updates with a model.Parcel struct, and Updates skips "
        "zero-value fields: moving a parcel back to StatusPending (0), clearing is_signed (false) or signed_at (nil) "
        "is silently dropped, so a cancelled sign-off stays 'signed'. Seen as a failing go test "
        "(TestParcelRepo_UpdateStatus/reset_to_pending, expected 0x0 actual 0x3; changing the test refused), in "
        "Chinese words only (customer service: cancelled sign-offs still show as signed), as a pasted GORM SQL log "
        "in English (the UPDATE sets only updated_at) and as a renamed test failing in CI "
        "(TestParcelStatus_RevertToPending, is_signed expected false actual true).",
        "nouns": ["Updates(", "零值", "zero value", "is_signed"],
        "fix": ['Select("status", "is_signed", "signed_at")', "TestParcelStatus_RevertToPending"],
        "key_step": 'Select("status", "is_signed", "signed_at")',
    },
    "cache-key-without-carrier": {
        "project": "kuaidi-go",
        "description": "The Redis tracking cache keys on the tracking number alone (track:<number>), but numbers "
        "are only unique per carrier: a ZTO query can be answered with the SF parcel cached under the same number. "
        'Seen as a failing go test (TestTrackingService_SameNumberTwoCarriers, expected "ZTO" actual "SF"; '
        "flushing Redis between subtests refused), in Chinese words only (a customer sees another carrier's track, "
        "one key deleted by hand), as a pasted Loki log in English ('carrier mismatch in cached track') and as a "
        "renamed test (TestTrackCache_KeyPerCarrier, 2 events expected, 5 got).",
        "nouns": ["track:", "trackKey", "缓存"],
        "fix": ['fmt.Sprintf("track:%s:%s", carrier, number)', "TestTrackCache_KeyPerCarrier"],
        "key_step": 'fmt.Sprintf("track:%s:%s", carrier, number)',
    },
    "ios-date-parse": {
        "project": "kuaidi-mp",
        "description": "parseServerTime hands the backend's 'yyyy-MM-dd HH:mm:ss' string to new Date(), which the "
        "iOS JavaScriptCore cannot parse (Invalid Date), so every time in the parcel timeline shows NaN-NaN NaN:NaN "
        "on iPhones while Android and the devtools simulator (V8) are fine. Seen in Chinese words only (the tester's "
        "iPhone shows NaN), as the devtools warning pasted from real-device debugging ('在部分 iOS 下无法正常使用'), "
        "and as a QA ticket in English ('Invalid Date' on iOS 17.5; adding dayjs refused).",
        "nouns": ["Invalid Date", "NaN", "iOS", "iPhone"],
        "fix": ["value.replace(/-/g, '/')", "toIosSafe"],
        "key_step": "value.replace(/-/g, '/')",
    },
}

SKILL_PROMPTS = {
    "should": {
        "gorm-zero-value-update": [
            "gorm Updates with a struct does not write status 0 or false, the field is missing from the UPDATE",
            "取消签收以后状态还是已签收，gorm 的 Updates 好像没把 is_signed 改回 false",
            "go test says expected 0x0 actual 0x3 after UpdateStatus back to pending",
        ],
        "cache-key-without-carrier": [
            "redis tracking cache returns the SF track when I query the same number for ZTO",
            "查中通的单号出来的是顺丰的轨迹，是不是缓存 key 没带快递公司",
            "loki shows carrier mismatch in cached track for track: keys",
        ],
        "ios-date-parse": [
            "the mini program shows NaN-NaN NaN:NaN for every time on iPhone but android is fine",
            "真机调试提示 new Date 在部分 iOS 下无法正常使用，物流时间显示 Invalid Date",
            "Invalid Date on iOS 17 in the uni-app timeline, dates come from the backend as 2027-10-14 08:02:11",
        ],
    },
    "should_not": [
        "add a gin middleware that logs request ids",
        "给 parcels 表加一个 carrier_code 的索引",
        "write a dockerfile for the go service with a distroless base image",
        "explain the difference between gorm Find and Take",
        "how do I set up air for hot reload in a gin project",
        "写个脚本把 MySQL 慢查询日志按耗时排序",
        "add a github actions job that builds the docker image and pushes it to aliyun registry",
        "给小程序加一个分享给好友的按钮",
        "how do I use uni.setClipboardData to copy the tracking number",
        "小程序首页加个轮播图",
        "write a vitest test for the phone number mask helper",
        "配置一下 eslint 和 prettier，vue3 + ts",
        "what is the difference between rpx and px in a mini program",
        "怎么用 pnpm 只更新一个依赖",
        "add pull-down refresh to the parcel list page",
        "帮我把 README 翻译成英文",
        "what does go mod tidy actually change",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\bwe stay\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bfrom here on\b|\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\btold you\b|\bchange of plan\b|"
    r"以后|从现在开始|永远|一律|禁止|决定|定了|教训|记住|暂时|说过|改主意|不要再|别再|每次|总是|必须|先这样",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_go, scenarios_mp),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="zh",
    lang_of=lang_of,
    language_checks=standard_language_checks("Chinese", 6),
    share_check=share_between("Chinese", 55, 85),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

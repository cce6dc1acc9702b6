#!/usr/bin/env python3
"""Generate the fifteenth held-out learning corpus (Nat's `stock-odoo` Odoo 17 addon and `rider-app` React Native
/ Expo app, on Ubuntu): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_odoo  # noqa: E402
import scenarios_rider  # noqa: E402
from fake_output import ODOO, RIDER  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"stock-odoo": ODOO, "rider-app": RIDER}
GLOBAL_RULES = {"no-force-push", "commit-ticket"}  # said in one repository, meant for both
COMPATIBLE = [("no-core-edit", "xpath-by-name")]  # same subject (changing Odoo views), both hold

PROBLEMS = {
    "stale-addon-copy": {
        "project": "stock-odoo",
        "description": "When the Odoo image got a Dockerfile (o05, for python-barcode and a staging image) it also "
        "COPYs addons/ into /opt/odoo/custom, and odoo.conf lists /opt/odoo/custom before /mnt/extra-addons (the "
        "bind mount of the working tree). Odoo loads the first warehouse_qc it finds, so the container keeps "
        "running the copy baked in at the image build of 03-03: edits on disk are silently ignored. Seen as a new "
        "qc_state field that never shows in the picking form after -u (a restart, a version bump and --dev=xml did "
        "not help), as a new test class TestQcReject that runs 0 tests (reported in Thai), and as a "
        "reject-without-reason guard whose new test run is green while the UI still rejects without a reason, "
        "no error anywhere (an upgrade and restart of stock_dev did not help).",
        "nouns": ["qc_state", "TestQcReject", "test_reject_requires_reason", "addons_path"],
        "fix": [
            "addons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
            "docker compose build odoo",
        ],
        "key_step": "addons_path = /mnt/extra-addons,/usr/lib/python3/dist-packages/odoo/addons",
    },
    "qc-company-missing": {
        "project": "stock-odoo",
        "description": "warehouse.qc.check has a company_id field with no default, and the multi-company record "
        "rule ([('company_id', 'in', company_ids)]) hides records whose company is empty from every normal user. "
        "Checks created from picking validation therefore get no company and vanish. Seen as the HttpCase tour "
        "warehouse_qc_tour failing at a step that waits for the QC line (an extra wait did not help; the tour was then "
        "skipped under WH-217), as an "
        "AccessError pasted from the Chiang Mai branch (in Thai; sudo() was refused), and as the monthly count "
        "being 12 in the database but 7 in the list view, no error at all (abandoned for a meeting).",
        "nouns": ["warehouse_qc_tour", "Access Error", "company_id"],
        "fix": ["default=lambda self: self.env.company", "post-migrate.py"],
        "key_step": "default=lambda self: self.env.company",
    },
    "detox-pulse-busy": {
        "project": "rider-app",
        "description": "The 'searching for jobs' screen runs an infinite Animated.loop (SearchingPulse). Detox "
        "waits for the app to be idle before every action, and on Android a running animation keeps it busy, so "
        "any e2e test that passes through that screen hangs until a timeout. Seen as acceptJob.e2e.ts exceeding "
        "Jest's 120000 ms timeout 3x (a longer timeout and waitFor did not help), as the GitHub Actions e2e job "
        "killed at 45 minutes, and as a Thai description that e2e only hangs while the searching screen is shown.",
        "nouns": ["acceptJob.e2e.ts", "maximum execution time", "SearchingPulse", "Animated.loop"],
        "fix": ["iterations: IS_E2E ? 1 : -1", "EXPO_PUBLIC_E2E=1"],
        "key_step": "iterations: IS_E2E ? 1 : -1",
    },
}

SKILL_PROMPTS = {
    "should": {
        "stale-addon-copy": [
            "I changed my Odoo addon but after -u the container still runs the old code",
            "odoo --test-enable runs 0 tests for a test class I just added to the module",
            "แก้ python ใน addon แล้วแต่ Odoo ใน docker ยังใช้ code เก่าอยู่",
        ],
        "qc-company-missing": [
            "records of my custom Odoo model disappear for normal users but the admin sees them",
            "Odoo AccessError on a custom model, note says this might be a multi-company issue",
            "record ที่สร้างจาก picking มองไม่เห็นใน list view ของ user สาขา",
        ],
        "detox-pulse-busy": [
            "Detox test on Android hangs until Jest's timeout, the app never becomes idle",
            "e2e job on GitHub Actions runs until the maximum execution time with Detox",
            "detox ค้างตรงหน้าที่มี animation วนไม่หยุด",
        ],
    },
    "should_not": [
        "add a many2one to stock.location on the QC check",
        "write a TransactionCase for the QC sequence",
        "translate the warehouse_qc module to Thai with a .po file",
        "add a smart button on the picking form that counts QC checks",
        "set up a cron that archives old QC checks",
        "add a pull-to-refresh to the jobs list",
        "write an RNTL test for the EtaBadge component",
        "เพิ่มปุ่ม logout ในหน้า profile",
        "ทำ dark mode ให้ app",
        "explain the difference between TransactionCase and HttpCase",
        "what is a computed field with store=True",
        "how do React hooks work",
        "set up a Laravel project",
        "อธิบาย useEffect กับ useLayoutEffect ต่างกันยังไง",
        "write a bash script that backs up my photos",
        "Kotlin coroutines กับ RxJava อันไหนดีกว่า",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. Thai has no
# word boundaries, so the Thai markers are plain substrings (อย่า 'don't' but not อย่าง 'kind of, -ly').
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bTIL\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|CLAUDE\.md|\bfor now\b|\bno force|"
    r"ห้าม|อย่า(?!ง)|จำไว้|ต่อไปนี้|บทเรียน|ตัดสินใจ|ตกลงว่า|ทุกครั้ง|เสมอ|เลิกใช้|เด็ดขาด|เพิ่งรู้",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_odoo, scenarios_rider),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="th",
    lang_of=lang_of,
    language_checks=standard_language_checks("Thai", 7),
    share_check=share_between("Thai", 35, 55),
    rules_range=(16, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

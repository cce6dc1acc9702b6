#!/usr/bin/env python3
"""Generate the 60th held-out learning corpus (Dilnoza's `ipak-yoli`, a NestJS 10 + Prisma + PostgreSQL 16 API
deployed with Docker Compose behind nginx, and `paxta-ml`, a PyTorch Lightning + Hydra + DVC training repo run on a
rented GPU box over ssh, on Ubuntu 24.04 in Tashkent; Uzbek, Russian and English): Claude Code v2.1.15x-2.1.16x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Uzbek ("uz"), guessed by transcript_kit.lang_of, which also tells Russian ("ru")
from English. The shared language checks apply as they are (standard_language_checks), with a share of 30-55 %
Uzbek messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
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
import scenarios_ml  # noqa: E402
from fake_output import API, ML  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"ipak-yoli": API, "paxta-ml": ML}
# said in one repository, meant for both
GLOBAL_RULES = {"commit-msg", "no-force-push"}
COMPATIBLE = [
    ("dto-validate", "whitelist-pipe"),  # decorators on every DTO field, and the global pipe strips unknown ones
    ("seed-everything", "deterministic-report"),  # a seed in every run, deterministic mode for reported runs
]

PROBLEMS = {
    "tz-naive-timestamps": {
        "project": "ipak-yoli",
        "description": "Order times are Prisma DateTime columns stored as `timestamp(3)` without time zone (UTC "
        "wall time), while the daily report builds its day boundaries from local Asia/Tashkent midnight in "
        "Node and compares them to the naive column, so everything between 00:00 and 05:00 Tashkent time lands "
        "on the previous day. Seen as a Jest test failing only when run late in the evening ('groups orders by "
        "Tashkent day', expected 3 received 2), in Uzbek words only (orders placed after midnight show up in "
        "yesterday's report), as a pasted admin API response with createdAt 19:40Z for an order placed at 00:40, "
        "and as the renamed test 'counts an order placed at 00:30 local time'.",
        "nouns": ["timezone", "time zone", "Timestamptz", "UTC"],
        "fix": ["@db.Timestamptz(3)", "AT TIME ZONE 'Asia/Tashkent'"],
        "key_step": "@db.Timestamptz(3)",
    },
    "prisma-client-per-module": {
        "project": "ipak-yoli",
        "description": "Several modules (orders, reports, sms) call `new PrismaClient()` themselves instead of "
        "injecting one PrismaService, so each process opens several connection pools and Postgres runs out of "
        "connections. Seen as a pasted production log ('Timed out fetching a new connection from the connection "
        "pool'; raising pool_timeout refused), as Jest e2e hanging with 'Jest did not exit one second after the "
        "test run has completed' and 'sorry, too many clients already', in Russian words only (nginx 504 on "
        "/orders in the evening), and fixed with one PrismaService and an explicit connection_limit.",
        "nouns": ["PrismaClient", "connection pool", "too many clients"],
        "fix": ["extends PrismaClient implements OnModuleInit", "connection_limit=10"],
        "key_step": "extends PrismaClient implements OnModuleInit",
    },
    "hydra-chdir": {
        "project": "paxta-ml",
        "description": "config/train.yaml sets `hydra.job.chdir: true`, so every run executes inside "
        "outputs/<date>/<time>/ and every relative path (data, checkpoints, logs) resolves there. Seen as "
        "FileNotFoundError for data/processed/train.parquet on the GPU box (the same command three times), as a "
        "resume that cannot find checkpoints/last.ckpt, in Uzbek words only (TensorBoard shows nothing, "
        "lightning_logs scattered over outputs folders), and as the renamed test "
        "test_setup_reads_split_files failing under hydra's compose.",
        "nouns": ["chdir", "working directory", "outputs/"],
        "fix": ["chdir: false", "to_absolute_path"],
        "key_step": "chdir: false",
    },
}

SKILL_PROMPTS = {
    "should": {
        "tz-naive-timestamps": [
            "orders created just after midnight show up in the previous day's report",
            "ertalab soat 3 da qilingan buyurtma kechagi hisobotga tushib qolyapti",
            "prisma DateTime comes back 5 hours off from Tashkent local time in the admin panel",
        ],
        "prisma-client-per-module": [
            "Timed out fetching a new connection from the connection pool in a NestJS service",
            "postgres says sorry, too many clients already when jest e2e runs",
            "kechqurun API sekinlashib nginx 504 beryapti, bazaga ulanishlar tugab qolyapti",
        ],
        "hydra-chdir": [
            "FileNotFoundError for the data folder when I start training with hydra, path looks relative",
            "lightning checkpoints end up inside outputs/2028-06-10/ and resume cannot find last.ckpt",
            "TensorBoard hech narsa ko'rsatmayapti, loglar har xil outputs papkalarga tarqalib ketgan",
        ],
    },
    "should_not": [
        "add a GET /regions endpoint that lists the delivery regions",
        "nginx'da gzip'ni yoqib qo'y",
        "write a Jest unit test for the phone number formatter",
        "как в tmux разделить окно по вертикали?",
        "add a CHECK constraint that price is positive in the products table",
        "explain what LightningDataModule.prepare_data is for",
        "dvc remote'ga yangi S3 bucket qo'shish kerak",
        "add swagger decorators to the orders controller",
        "write a GitHub Actions job that runs pnpm lint and pnpm test",
        "confusion matrix'ni wandb'ga log qil",
        "how do I set a learning rate warmup in Lightning",
        "docker compose'da postgres uchun healthcheck yoz",
        "add pagination to GET /products with cursor",
        "переименуй модуль delivery в shipping",
        "make the EfficientNet backbone configurable from hydra",
        "add an index on orders.customer_id",
        "what does torch.compile do with mixed precision",
    ],
}

# What the person typed that looks like knowledge, in any of her languages: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bhar doim\b|\bdoim\b|\bhech qachon\b|\bbundan keyin\b|\bbundan buyon\b|\bsaboq\b|\bqaror\b|"
    r"\besda tut|\beslab qol|\bhozircha\b|\baytgandim\b|"
    r"всегда|никогда|впредь|запомни|решили|вывод|больше не|как я говорила|пока что",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_ml),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="uz",
    lang_of=lang_of,
    language_checks=standard_language_checks("Uzbek", 5),
    share_check=share_between("Uzbek", 30, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

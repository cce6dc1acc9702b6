#!/usr/bin/env python3
"""Generate the sixteenth held-out learning corpus (Youssef in Cairo: the `souq-etl` Scala/Spark batch pipeline and
the `wp-delivery` WordPress plugin, Ubuntu): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_souq  # noqa: E402
import scenarios_wp  # noqa: E402
from fake_output import SOUQ, WPD  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"souq-etl": SOUQ, "wp-delivery": WPD}
GLOBAL_RULES = {"no-force-push", "commit-messages"}  # said in one repository, meant for both
COMPATIBLE = [("text-domain", "translators-comment")]  # same subject (translatable strings), both hold

PROBLEMS = {
    "raw-orders-amount-type": {
        "project": "souq-etl",
        "description": "The POS vendor's nightly export of raw orders changed its Parquet writer: partitions up to "
        "late February have total_amount as DECIMAL(12,2), newer ones as DOUBLE, with no notice. Reading "
        "/data/raw/orders as one dataset therefore breaks in different ways. Seen as an AnalysisException "
        "[CANNOT_MERGE_INCOMPATIBLE_DATA_TYPE] from spark-submit with mergeSchema on (turning mergeSchema off made "
        "the local run green, which Youssef rejected as hiding the problem), as RawOrdersReaderSpec failing with "
        "'Parquet column cannot be converted … Expected: decimal(12,2), Found: DOUBLE' (turning the vectorized "
        "reader off only changed the error to a ParquetDecodingException; deferred), and as an Arabic report with no "
        "error at all: daily revenue for some days is too low, because spark.sql.files.ignoreCorruptFiles on the "
        "cluster silently skipped the DOUBLE files.",
        "nouns": ["total_amount", "CANNOT_MERGE_INCOMPATIBLE_DATA_TYPE", "decimal(12,2)", "ignoreCorruptFiles"],
        "fix": ['col("total_amount").cast(DecimalType(12, 2))', "unionByName"],
        "key_step": 'col("total_amount").cast(DecimalType(12, 2))',
    },
    "promotions-join-skew": {
        "project": "souq-etl",
        "description": "PromotionsJoin joins orders with branch_promotions on branch_id with a sort-merge join, and "
        "branch_id 0 (the online store) holds most orders, so one shuffle partition gets most of the data; "
        "conf/local-cluster.conf also has spark.sql.adaptive.enabled false, so AQE never splits the skewed "
        "partition. Seen as executors lost with java.lang.OutOfMemoryError: Java heap space / exit code 137 (the "
        "same submit failing three times while executor memory was raised), as an Arabizi report of the stage "
        "hanging at 199/200 for an hour (more shuffle partitions did not help, then abandoned), and as 'No space "
        "left on device' while spilling to /tmp.",
        "nouns": ["PromotionsJoin", "branch_id", "199/200", "promotions"],
        "fix": ["broadcast(promotions)", "spark.sql.adaptive.enabled true"],
        "key_step": "broadcast(promotions)",
    },
    "hpos-order-meta": {
        "project": "wp-delivery",
        "description": "WooCommerce's High-Performance Order Storage (HPOS) is on in the wp-env test site and on "
        "new shops, so orders are no longer posts, but the plugin reads and writes the delivery slot with "
        "update_post_meta/get_post_meta on the order id and lists orders with WP_Query(post_type shop_order). Seen "
        "as the PHPUnit test test_slot_saved_on_checkout getting '' instead of the slot (a cache flush and "
        "re-reading the order did not help), as an Arabic report that the admin orders list's delivery-slot column "
        "is empty for new orders only (with WooCommerce's incompatibility notice pasted), and as `wp delivery "
        "export` printing 'Warning: No orders found' for a day with orders (post_status any did not help).",
        "nouns": ["_wpd_delivery_slot", "HPOS", "High-Performance order storage"],
        "fix": [
            "$order->update_meta_data( '_wpd_delivery_slot', $slot );",
            "declare_compatibility( 'custom_order_tables'",
        ],
        "key_step": "$order->update_meta_data( '_wpd_delivery_slot', $slot );",
    },
}

SKILL_PROMPTS = {
    "should": {
        "raw-orders-amount-type": [
            "spark read parquet folder fails: Failed to merge incompatible data types DECIMAL(12,2) and DOUBLE",
            "Parquet column cannot be converted, Expected: decimal(12,2), Found: DOUBLE in the raw orders test",
            "الإيرادات في الريبورت اليومي أقل من الحقيقة في أيام معينة ومفيش أي error في الجوب",
        ],
        "promotions-join-skew": [
            "spark executors die with java.lang.OutOfMemoryError: Java heap space in the promotions join",
            "el stage wa2ef 3and 199/200 men sa3a w task wa7da bas shaghala",
            "spark job fails with No space left on device while spilling the shuffle to /tmp",
        ],
        "hpos-order-meta": [
            "get_post_meta returns an empty string for a WooCommerce order meta in PHPUnit",
            "عمود ميعاد التوصيل في صفحة الأوردرات فاضي للأوردرات الجديدة بس",
            "wp-cli command says No orders found but the shop has orders for that day",
        ],
    },
    "should_not": [
        "add a ScalaTest spec for the branch dimension job",
        "bump sbt to 1.10.7 and scalafmt to 3.8",
        "write a spark job that counts orders per hour",
        "explain the difference between a Dataset and a DataFrame in Scala",
        "what does coalesce do compared to repartition",
        "add a Delta table for the branches dimension",
        "ضيف كولوم جديد للـ discount في الريبورت",
        "add a settings page for the delivery plugin",
        "write a PHPUnit test for the slot length filter",
        "translate the plugin strings to Arabic with a .po file",
        "3ayez a7ot icon gedida fel block",
        "how do I register a REST route in WordPress",
        "fix the phpcs warnings in the admin settings class",
        "what is a WordPress nonce",
        "set up a Laravel project with Sail",
        "اكتبلي bash script يعمل backup للداتابيز كل يوم",
        "explain Scala implicits",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. Arabic
# alternatives have no \b (a trailing tanween is not a word character).
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bfor now\b|\bstop committing\b|"
    r"\bdayman\b|\babadan\b|\bmat3melsh\b|\bkhally balak\b|\bel dars\b|\b2arrarna\b|"
    r"دايما|دايماً|دائما|أبدا|ابدا|من هنا ورايح|من النهارده|خلي بالك|الدرس|قاعدة|قررنا|القرار|ماتعملش|متعملش|"
    r"ممنوع|ماتشغلش|قلتلك",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_souq, scenarios_wp),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ar",
    lang_of=lang_of,
    language_checks=standard_language_checks("Egyptian Arabic", 6),
    share_check=share_between("Egyptian Arabic", 35, 55),
    rules_range=(15, 19),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

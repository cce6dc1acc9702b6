#!/usr/bin/env python3
"""Generate the 28th held-out learning corpus (Tereza's `varcall-pipeline`, a Snakemake variant-calling pipeline,
and `cohort-portal`, a SvelteKit + Prisma web app, on Fedora in Brno, half in Czech): Claude Code v2.1.21x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Czech ("cs"), guessed by transcript_kit.lang_of (Czech function words with or
without diacritics and Czech-only letters against English function words). The shared language checks apply
as they are (standard_language_checks), with a share of 35-65 % Czech messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_portal  # noqa: E402
import scenarios_varcall  # noqa: E402
from fake_output import CP, VC  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"varcall-pipeline": VC, "cohort-portal": CP}
# said in one repository, meant for both: no force push, ask before packages, the language of commit messages
GLOBAL_RULES = {"no-force-push", "ask-deps", "commit-cs", "commit-en"}
COMPATIBLE = [
    ("env-per-rule", "pin-versions"),  # every rule has its own env in envs/, and those envs pin exact versions
    ("unit-colocated", "e2e-dir"),  # unit tests next to the code, Playwright tests in tests/e2e
]

PROBLEMS = {
    "missing-read-groups": {
        "project": "varcall-pipeline",
        "description": "map_reads runs bwa mem without -R, so the BAMs carry no read group (@RG/SM) and bcftools "
        "mpileup names every sample after its BAM path (results/mapped/HG002.sorted.bam): the joint VCF has no "
        "real sample names. Seen as a failing pytest (test_joint_vcf_sample_names; a reheader shortcut refused), "
        "in Czech words only (a colleague cannot match the VCF to phenotypes), and as a pasted bcftools error "
        "('subset called for sample that does not exist in header'), unblocked once with a reheadered copy.",
        "nouns": ["read group", "@RG", "sample names"],
        "fix": ["-R '{params.rg}'", "SM:{w.sample}"],
        "key_step": "-R '{params.rg}'",
    },
    "sort-temp-collision": {
        "project": "varcall-pipeline",
        "description": "Every map_reads job runs samtools sort with the same temp prefix (-T tmp/sort) in the same "
        "working directory, so parallel sorts create, merge and delete each other's tmp/sort.NNNN.bam chunks: "
        "intermittent failures ('failed to create temporary file ... File exists', 'Failed to open file "
        "tmp/sort.0009.bam'), or silently corrupt BAMs that samtools quickcheck flags. Seen as a flaky pytest "
        "workflow test (the same command failing three times; running with fewer cores refused), in Czech words "
        "only (two broken BAMs after a weekend run, regenerated without finding why), and as a pasted SLURM job log.",
        "nouns": ["samtools sort", "temporary file", "quickcheck", "tmp/sort"],
        "fix": ["-T {resources.tmpdir}/{wildcards.sample}", "for i in 1 2 3 4 5"],
        "key_step": "-T {resources.tmpdir}/{wildcards.sample}",
    },
    "collection-date-shift": {
        "project": "cohort-portal",
        "description": "parseLabDate builds new Date(year, month - 1, day), local midnight; on a server in "
        "Europe/Prague that is 22:00/23:00 UTC of the previous day, and the @db.Date column collectedAt keeps "
        "that UTC day, so imported samples show a collection date one day early (only where TZ is Prague: the "
        "laptop, production, the e2e job; the UTC unit job is green). Seen as a failing vitest (parseLabDate), in "
        "Czech words only (the lab reports dates a day early; a schema rewrite stopped), and as a pasted "
        "Playwright CI log (dropping TZ refused).",
        "nouns": ["collectedAt", "parseLabDate"],
        "fix": ["Date.UTC(year, month - 1, day)", "timeZone: 'UTC'"],
        "key_step": "Date.UTC(year, month - 1, day)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "missing-read-groups": [
            "bcftools names the samples in my joint VCF after the BAM file paths instead of the sample names",
            "ve VCF jsou místo jmen vzorků cesty k bam souborům, co s tím",
            "bcftools view -s says subset called for sample that does not exist in header after my snakemake run",
        ],
        "sort-temp-collision": [
            "samtools sort fails with failed to create temporary file File exists when snakemake runs jobs in parallel",
            "na clusteru mi občas vyjde rozbitý BAM, samtools quickcheck ho hlásí a snakemake přitom žádnou chybu nemá",
            "parallel samtools sort jobs on slurm fail with Failed to open file tmp/sort.0009.bam",
        ],
        "collection-date-shift": [
            "dates imported from a CSV end up one day earlier in postgres, prisma @db.Date column",
            "datum odběru je po importu o den dřív, jen když server běží v Europe/Prague",
            "playwright test expects 1. 3. 2027 but the page shows 28. 2. 2027 with timezoneId Europe/Prague",
        ],
    },
    "should_not": [
        "add a snakemake rule that runs fastp before mapping",
        "write a multiqc rule that collects the samtools stats",
        "jak nastavím maximální počet jobů ve snakemake profilu pro slurm",
        "explain what MAPQ means in a BAM file",
        "how do I read a VCF in python with pysam",
        "napiš bash skript, který smaže staré logy ze slurmu",
        "write a github actions job that caches the conda package directory",
        "add a vitest test for the cohort name validator",
        "přidej do portálu stránku s detailem vzorku",
        "write a prisma migration that adds an index on Sample.cohortId",
        "make the cohort table sortable by column",
        "add a logout button for keycloak to the header",
        "configure eslint for svelte 5 and typescript",
        "přepiš README do angličtiny",
        "what is the difference between docker compose up and docker compose start",
        "add dark mode to the portal",
        "jak v bashi spočítám řádky ve všech fastq.gz souborech",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
# "rule" / "pravidlo" are left out on purpose: in a Snakemake repository they are the name of a workflow step.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\bwe stay\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bfrom here on\b|\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\btold you\b|\bchange of plan\b|"
    r"\bv[žz]dy(?:cky)?\b|\bnikdy\b|\brozhodnut|\brozhodl|\bz[ůu]st[áa]v[áa]me\b|\bpou[čc]en[íi]|"
    r"\bzapamatuj|\bpamatuj\b|\bodte[ďd]\b|\bod te[ďd]\b|\bzat[íi]m\b|\bjak jsem [řr][íi]kala\b|"
    r"\bp[řr][íi][šs]t[ěe]\b|\bnepou[žz][íi]vej\b|\bu[žz] nikdy\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_varcall, scenarios_portal),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="cs",
    lang_of=lang_of,
    language_checks=standard_language_checks("Czech", 5),
    share_check=share_between("Czech", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

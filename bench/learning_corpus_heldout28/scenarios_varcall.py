"""Tereza's `varcall-pipeline` sessions (v01-v15): a Snakemake + Python variant-calling pipeline (bwa, samtools,
bcftools, conda envs, pytest, a SLURM profile, GitHub Actions). Times are UTC; Brno is UTC+2 in September."""

from __future__ import annotations

from fake_output import VC, git_commit, pytest_run, snakemake_dry_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "varcall-pipeline"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=VC, project=PROJECT)


SNAKEFILE = r"""configfile: "config/config.yaml"


import pandas as pd

samples = pd.read_csv(config["samples"], sep="\t", dtype=str).set_index("sample", drop=False)


rule all:
    input:
        expand("results/fastqc/{sample}_R1_fastqc.zip", sample=samples.index),"""

SNAKEFILE_V2 = r"""configfile: "config/config.yaml"


import pandas as pd

samples = pd.read_csv(config["samples"], sep="\t", dtype=str).set_index("sample", drop=False)


include: "rules/map.smk"


rule all:
    input:
        expand("results/mapped/{sample}.sorted.bam.bai", sample=samples.index),"""

CONFIG = """samples: config/samples.tsv
ref:
  fasta: resources/GRCh38.fa
sort_mem: 2G"""

SAMPLES = """sample\tfq1\tfq2
HG002\tdata/raw/HG002_R1.fastq.gz\tdata/raw/HG002_R2.fastq.gz
HG003\tdata/raw/HG003_R1.fastq.gz\tdata/raw/HG003_R2.fastq.gz
HG004\tdata/raw/HG004_R1.fastq.gz\tdata/raw/HG004_R2.fastq.gz
NA12878\tdata/raw/NA12878_R1.fastq.gz\tdata/raw/NA12878_R2.fastq.gz"""

MAP_PARAMS = """    params:
        ref=config["ref"]["fasta"],
        mem=config["sort_mem"],"""

MAP_HEAD = """rule map_reads:
    input:
        r1=lambda w: samples.loc[w.sample, "fq1"],
        r2=lambda w: samples.loc[w.sample, "fq2"],
        idx=multiext(config["ref"]["fasta"], ".amb", ".ann", ".bwt", ".pac", ".sa"),
    output:
        bam="results/mapped/{sample}.sorted.bam",
    log:
        "logs/map_reads/{sample}.log",
"""

MAP_MID = """
    threads: 8
    resources:
        mem_mb=18000,
    conda:
        "../envs/mapping.yaml"
    shell:
"""

MAP_TAIL = """


rule index_bam:
    input:
        "results/mapped/{sample}.sorted.bam",
    output:
        "results/mapped/{sample}.sorted.bam.bai",
    conda:
        "../envs/mapping.yaml"
    shell:
"""
MAP_TAIL += '        "samtools index {input}"'

RG_PARAM = r"""        rg=lambda w: f"@RG\\tID:{w.sample}\\tSM:{w.sample}\\tPL:ILLUMINA","""

MAP_V1 = (
    MAP_HEAD
    + MAP_PARAMS
    + MAP_MID
    + '        "(bwa mem -t {threads} {params.ref} {input.r1} {input.r2}"\n'
    + '        " | samtools sort -@ {threads} -m {params.mem} -T tmp/sort -o {output.bam} -) 2> {log}"'
    + MAP_TAIL
)
MAP_V2 = (
    MAP_HEAD
    + MAP_PARAMS
    + "\n"
    + RG_PARAM
    + MAP_MID
    + "        \"(bwa mem -t {threads} -R '{params.rg}' {params.ref} {input.r1} {input.r2}\"\n"
    + '        " | samtools sort -@ {threads} -m {params.mem} -T tmp/sort -o {output.bam} -) 2> {log}"'
    + MAP_TAIL
)

ENV_MAPPING = """channels:
  - conda-forge
  - bioconda
dependencies:
  - bwa=0.7.18
  - samtools=1.21"""

CALL_SMK = """rule call_joint:
    input:
        bams=expand("results/mapped/{sample}.sorted.bam", sample=samples.index),
        bais=expand("results/mapped/{sample}.sorted.bam.bai", sample=samples.index),
    output:
        "results/calls/joint.vcf.gz",
    log:
        "logs/call_joint.log",
    params:
        ref=config["ref"]["fasta"],
    threads: 4
    conda:
        "../envs/calling.yaml"
    shell:
        "(bcftools mpileup --threads {threads} -f {params.ref} -a AD,DP {input.bams}"
        " | bcftools call --threads {threads} -mv -Oz -o {output}) 2> {log}"


rule norm:
    input:
        "results/calls/joint.vcf.gz",
    output:
        "results/calls/joint.norm.vcf.gz",
    params:
        ref=config["ref"]["fasta"],
    conda:
        "../envs/calling.yaml"
    shell:
"""
CALL_SMK += '        "bcftools norm -f {params.ref} -m -both -Oz -W -o {output} {input}"'

TEST_CALL = """import subprocess

import pytest


@pytest.mark.integration
def test_joint_vcf_sample_names(tiny_run):
    vcf = tiny_run / "results/calls/joint.norm.vcf.gz"
    names = subprocess.run(
        ["bcftools", "query", "-l", str(vcf)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert names == ["tiny_A", "tiny_B"]


@pytest.mark.integration
def test_joint_vcf_has_records(tiny_run):
    vcf = tiny_run / "results/calls/joint.norm.vcf.gz"
    out = subprocess.run(["bcftools", "view", "-H", str(vcf)], capture_output=True, text=True, check=True)
    assert len(out.stdout.splitlines()) > 50"""

TEST_WORKFLOW = """import subprocess
from pathlib import Path

import pytest

TINY = Path(__file__).parent / "data" / "tiny"


def run_tiny(workdir: Path) -> subprocess.CompletedProcess:
    cmd = [
        "snakemake", "--cores", "8", "--set-threads", "map_reads=2", "--use-conda",
        "--configfile", str(TINY / "config.yaml"), "--directory", str(workdir), "-s", "Snakefile",
    ]
    return subprocess.run(cmd, capture_output=True, text=True)


@pytest.mark.integration
def test_tiny_workflow_runs(tmp_path):
    result = run_tiny(tmp_path)
    assert result.returncode == 0, result.stderr[-1500:]"""


# ---------------------------------------------------------------------------------------------------------------


def v01() -> Session:
    s = new("v01-map-rule", "2027-09-06T06:41:07", "2.1.210", "main", "quiet-mapping-heron")
    s.user(
        "new repo, first real rule. add a rule that maps the paired fastqs from config/samples.tsv with bwa mem and "
        "pipes straight into samtools sort, plus an index rule. use mamba, not conda, to create the envs. and never "
        "hardcode thread counts in shell commands, always {threads}.",
        rules=[
            ("mamba", "use mamba, not conda, to create the envs"),
            ("threads", "never hardcode thread counts in shell commands, always {threads}"),
        ],
    )
    s.title("Add bwa mem mapping rule")
    s.act(
        "Let me look at the Snakefile, the config and the sample sheet first.",
        Read("Snakefile", SNAKEFILE),
        Read("config/config.yaml", CONFIG),
        Read("config/samples.tsv", SAMPLES),
    )
    s.act(
        "Writing `rules/map.smk` (map + sort in one job, index separately) and its env.",
        Write("rules/map.smk", MAP_V1),
        Write("envs/mapping.yaml", ENV_MAPPING),
        Edit(
            "Snakefile",
            'rule all:\n    input:\n        expand("results/fastqc/{sample}_R1_fastqc.zip", sample=samples.index),',
            'include: "rules/map.smk"\n\n\nrule all:\n    input:\n'
            '        expand("results/mapped/{sample}.sorted.bam.bai", sample=samples.index),',
        ),
    )
    s.act(None, Bash("snakemake -n", snakemake_dry_run({"all": 1, "map_reads": 4, "index_bam": 4})))
    s.say(
        "Done:\n- `map_reads`: `bwa mem -t {threads}` piped into `samtools sort -@ {threads}`, 8 threads, "
        "18 GB, log in `logs/map_reads/`.\n- `index_bam`: `samtools index`.\n- `envs/mapping.yaml`: bwa 0.7.18, "
        "samtools 1.21 (create it with `mamba env create`).\n\nThe dry run schedules 9 jobs for the 4 samples."
    )
    s.turn_done()
    s.user(
        "Dobrý. Každé pravidlo má vlastní conda env v envs/, nic sdíleného, ať to nemotáme jako minule. "
        "Zůstáváme u Snakemake, na Nextflow to přepisovat nebudu, ať si Petr říká co chce. "
        "Commitni to a commit zprávy piš česky.",
        rules=[
            ("env-per-rule", "Každé pravidlo má vlastní conda env v envs/"),
            ("commit-cs", "commit zprávy piš česky"),
        ],
        decisions=["Zůstáváme u Snakemake, na Nextflow to přepisovat nebudu"],
    )
    s.act(
        None,
        Bash(
            "git add Snakefile rules/map.smk envs/mapping.yaml && git commit -m 'Mapování: bwa mem + samtools sort, "
            "index BAMů'",
            git_commit("main", "3e1f0a2", "Mapování: bwa mem + samtools sort, index BAMů", 3, 41, 1),
        ),
    )
    s.say("Commitnuto jako `3e1f0a2` (česká zpráva). Env je jen `envs/mapping.yaml`, jen pro tahle dvě pravidla.")
    s.turn_done()
    s.outcome("success", "mapping and index rules written, dry run schedules all samples, committed")
    return s


def v02() -> Session:
    s = new("v02-joint-calling", "2027-09-07T07:12:44", "2.1.210", "joint-calling", "brisk-calling-wren")
    s.user(
        "Přidej joint calling: bcftools mpileup | bcftools call -mv přes všechny BAMy najednou, pak bcftools norm. "
        "K tomu test v tests/test_call.py, že ve výsledném VCF jsou správná jména vzorků. Na testovacích datech "
        "v tests/data/tiny."
    )
    s.act(
        "I'll add `rules/call.smk` with `call_joint` and `norm`, an env for bcftools, and the test.",
        Read("Snakefile", SNAKEFILE_V2),
        Read("tests/conftest.py", CONFTEST),
    )
    s.act(
        None,
        Write("rules/call.smk", CALL_SMK),
        Write("envs/calling.yaml", ENV_CALLING),
        Write("tests/test_call.py", TEST_CALL),
        Edit(
            "Snakefile",
            'include: "rules/map.smk"\n\n\nrule all:\n    input:\n'
            '        expand("results/mapped/{sample}.sorted.bam.bai", sample=samples.index),',
            'include: "rules/map.smk"\ninclude: "rules/call.smk"\n\n\nrule all:\n    input:\n'
            '        "results/calls/joint.norm.vcf.gz",',
        ),
    )
    fail = (
        "    @pytest.mark.integration\n    def test_joint_vcf_sample_names(tiny_run):\n"
        '        vcf = tiny_run / "results/calls/joint.norm.vcf.gz"\n        names = subprocess.run(\n'
        '            ["bcftools", "query", "-l", str(vcf)], capture_output=True, text=True, check=True\n'
        "        ).stdout.split()\n"
        '>       assert names == ["tiny_A", "tiny_B"]\n'
        "E       AssertionError: assert ['results/map...ny_B.sorted.bam'] == ['tiny_A', 'tiny_B']\n"
        "E         \nE         At index 0 diff: 'results/mapped/tiny_A.sorted.bam' != 'tiny_A'\n"
        "E         Use -v to get more diff\n\n"
        "tests/test_call.py:13: AssertionError"
    )
    s.act(
        None,
        Bash(
            "pytest tests/test_call.py -q",
            pytest_run(1, [("tests/test_call.py::test_joint_vcf_sample_names", fail)], secs=96.4),
            code=1,
            secs=98,
        ),
    )
    s.say(
        "The calling works (`test_joint_vcf_has_records` passes), but the sample names in the VCF are the BAM "
        "paths (`results/mapped/tiny_A.sorted.bam`) instead of `tiny_A`. Quickest way to get the test green: add "
        "a `bcftools reheader --samples` step to `norm` that strips the path and suffix. Shall I?"
    )
    s.user("Ne. Reheader je berlička, chci vědět, proč tam ty cesty vůbec jsou.")
    s.act(
        "Looking at how the names get into the header.",
        Bash(
            "bcftools view -h /tmp/pytest-of-tereza/pytest-38/tiny0/results/calls/joint.norm.vcf.gz | tail -1",
            "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tresults/mapped/tiny_A.sorted.bam\t"
            "results/mapped/tiny_B.sorted.bam",
        ),
    )
    s.interrupt()
    s.user("nech to byt, mam za 5 minut seminar. test zustane cerveny, vratim se k tomu.")
    s.outcome("failed", "joint calling added but the sample-name test fails (VCF samples are BAM paths); left red")
    s.hit("missing-read-groups")
    return s


CONFTEST = """import subprocess
from pathlib import Path

import pytest

TINY = Path(__file__).parent / "data" / "tiny"


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("tiny")
    cmd = ["snakemake", "--cores", "4", "--use-conda", "--configfile", str(TINY / "config.yaml"),
           "--directory", str(workdir), "-s", "Snakefile"]
    subprocess.run(cmd, check=True, capture_output=True)
    return workdir"""

ENV_CALLING = """channels:
  - conda-forge
  - bioconda
dependencies:
  - bcftools=1.21
  - samtools=1.19"""


def v03() -> Session:
    s = new("v03-flaky-workflow-test", "2027-09-08T06:53:10", "2.1.210", "main", "flaky-sorting-lynx")
    s.user(
        "tests/test_workflow.py fails on my machine, but only sometimes. passed twice yesterday, failed this "
        "morning. have a look."
    )
    s.act("Let me read the test and run it.", Read("tests/test_workflow.py", TEST_WORKFLOW))
    err = (
        "tmp_path = PosixPath('/tmp/pytest-of-tereza/pytest-41/test_tiny_workflow_runs0')\n\n"
        "    @pytest.mark.integration\n    def test_tiny_workflow_runs(tmp_path):\n"
        "        result = run_tiny(tmp_path)\n"
        ">       assert result.returncode == 0, result.stderr[-1500:]\n"
        "E       AssertionError: Error in rule map_reads:\n"
        "E             jobid: 3\n"
        "E             output: results/mapped/tiny_C.sorted.bam\n"
        "E             log: logs/map_reads/tiny_C.log (check log file(s) for error details)\n"
        "E         Shutting down, this might take some time.\n"
        "E         Exiting because a job execution failed. Look above for error message\n"
        "E       assert 1 == 0"
    )
    run = pytest_run(0, [("tests/test_workflow.py::test_tiny_workflow_runs", err)], secs=38.9)
    s.act(None, Bash("pytest tests/test_workflow.py -x -q", run, code=1, secs=40))
    s.act(
        "`map_reads` failed for tiny_C; the details are in its log.",
        Bash(
            "cat /tmp/pytest-of-tereza/pytest-41/test_tiny_workflow_runs0/logs/map_reads/tiny_C.log | tail -4",
            "[M::mem_process_seqs] Processed 100000 reads in 4.112 CPU sec, 2.201 real sec\n"
            "[bam_sort_core] merging from 3 files and 2 in-memory blocks...\n"
            'samtools sort: failed to create temporary file "tmp/sort.0001.bam": File exists\n'
            "[main] Real time: 2.944 sec; CPU: 4.390 sec",
        ),
    )
    s.act(
        "samtools sort could not create a temporary file because one with that name already exists. Running the "
        "test again to see whether it is the same sample each time.",
        Bash("pytest tests/test_workflow.py -x -q", run.replace("tiny_C", "tiny_A"), code=1, secs=40),
    )
    s.act(
        "This time tiny_A. Once more, to be sure it is not a leftover from the previous run.",
        Bash("pytest tests/test_workflow.py -x -q", run.replace("tiny_C", "tiny_B"), code=1, secs=40),
    )
    s.act(
        "Three failures, a different sample each time, always the samtools sort temp file. The test runs four "
        "`map_reads` jobs in parallel; making the test run them one at a time would stop the collisions.",
        Denied(
            Edit(
                "tests/test_workflow.py",
                '"snakemake", "--cores", "8",',
                '"snakemake", "--cores", "2",',
            ),
            "ne, to jen schová problém",
        ),
    )
    s.user("Flaky test je rozbitej test, ne test, kterej se má zkrotit. Teď na to nemám čas, nech to.")
    s.say("OK, nothing changed. The failing part is `samtools sort` in `map_reads` when jobs run in parallel.")
    s.outcome("failed", "the workflow test fails intermittently (samtools sort temporary file exists); not fixed")
    s.hit("sort-temp-collision")
    return s


PROFILE = """# NEVER edit this file by hand; it is generated by scripts/make_profile.py from cluster.toml.
cluster: "sbatch --partition={resources.partition} --account=bioinf --cpus-per-task={threads} --mem={resources.mem_mb} --output=logs/slurm/%j.out"
jobs: 50
default-resources:
  - partition=ncbr
  - mem_mb=4000
use-conda: true
latency-wait: 60"""

MAKE_PROFILE = '''"""Write profiles/slurm/config.yaml from cluster.toml."""

import tomllib
from pathlib import Path

TEMPLATE = """# NEVER edit this file by hand; it is generated by scripts/make_profile.py from cluster.toml.
cluster: "sbatch --partition={{resources.partition}} --account={account} --cpus-per-task={{threads}} --mem={{resources.mem_mb}} --output=logs/slurm/%j.out"
jobs: {jobs}
default-resources:
  - partition={partition}
  - mem_mb=4000
use-conda: true
latency-wait: 60
"""'''

ENV_SNAKEMAKE = """channels:
  - conda-forge
  - bioconda
dependencies:
  - python>=3.11
  - snakemake>=8
  - pandas"""


def v04() -> Session:
    s = new("v04-slurm-profile", "2027-09-09T07:28:55", "2.1.211", "slurm-profile", "patient-cluster-moth")
    s.user(
        "Potřebuju to pouštět na clusteru (SLURM, partition ncbr, účet bioinf). Na cluster jen přes profil "
        "profiles/slurm, žádný ruční sbatch skripty. Nějaký profil tam je z loňska, koukni na něj."
        "",
        rules=[("slurm-profile", "Na cluster jen přes profil profiles/slurm, žádný ruční sbatch")],
    )
    s.act(
        None,
        Read("profiles/slurm/config.yaml", PROFILE),
        Read("envs/snakemake.yaml", ENV_SNAKEMAKE),
    )
    s.act(
        "The profile is generated, so I'll test it before touching the generator.",
        Bash(
            "snakemake --profile profiles/slurm -n",
            "usage: snakemake [-h] [--dry-run] [--profile PROFILE] [--workflow-profile WORKFLOW_PROFILE]\n"
            "                 [--cache [RULE ...]] [--snakefile FILE] [--cores N] [--jobs N] ...\n"
            "snakemake: error: unrecognized arguments: --cluster=sbatch --partition={resources.partition} "
            "--account=bioinf --cpus-per-task={threads} --mem={resources.mem_mb} --output=logs/slurm/%j.out",
            code=2,
        ),
    )
    s.say(
        "Snakemake 8 removed `--cluster`; last year's profile was written for 7. The replacement is the SLURM "
        "executor plugin: `executor: slurm` plus `slurm_partition` / `slurm_account` as default resources. That "
        "means a new package, `snakemake-executor-plugin-slurm`, in `envs/snakemake.yaml`. OK to add it?"
    )
    s.user(
        "yes, add it. and pin exact versions in the env yamls, no >= ranges, I've had enough of solver surprises.",
        rules=[("pin-versions", "pin exact versions in the env yamls, no >= ranges")],
    )
    s.act(
        None,
        Read("scripts/make_profile.py", MAKE_PROFILE),
    )
    s.act(
        "Updating the generator (not the generated file) and pinning the env.",
        Edit(
            "scripts/make_profile.py",
            'cluster: "sbatch --partition={{resources.partition}} --account={account} --cpus-per-task={{threads}} '
            '--mem={{resources.mem_mb}} --output=logs/slurm/%j.out"\njobs: {jobs}\ndefault-resources:\n'
            "  - partition={partition}\n  - mem_mb=4000",
            "executor: slurm\njobs: {jobs}\ndefault-resources:\n  - slurm_partition={partition}\n"
            "  - slurm_account={account}\n  - mem_mb=4000\n  - runtime=240",
        ),
        Edit(
            "envs/snakemake.yaml",
            "  - python>=3.11\n  - snakemake>=8\n  - pandas",
            "  - python=3.12.6\n  - snakemake=8.20.5\n  - snakemake-executor-plugin-slurm=0.11.2\n  - pandas=2.2.3",
        ),
    )
    s.act(
        None,
        Bash(
            "python scripts/make_profile.py && snakemake --profile profiles/slurm -n",
            "wrote profiles/slurm/config.yaml\n"
            + snakemake_dry_run({"all": 1, "call_joint": 1, "index_bam": 48, "map_reads": 48, "norm": 1}),
        ),
    )
    s.say(
        "The regenerated profile works with Snakemake 8: the dry run submits through the SLURM executor "
        "(partition ncbr, account bioinf, 4 h default runtime). All versions in `envs/snakemake.yaml` are pinned."
    )
    s.user("Jede to. Díky.")
    s.not_person(
        "NEVER edit this file by hand; it is generated by scripts/make_profile.py from cluster.toml.", "tool_output"
    )
    s.one_off(
        "Snakemake 8 dropped --cluster: last year's SLURM profile ('cluster: sbatch ...') fails with 'unrecognized "
        "arguments'; it needs 'executor: slurm' and snakemake-executor-plugin-slurm"
    )
    s.outcome("success", "SLURM profile regenerated for the Snakemake 8 executor plugin; dry run on the cluster OK")
    return s


def v05() -> Session:
    s = new("v05-petr-sample-names", "2027-09-10T06:22:30", "2.1.211", "main", "tired-sample-finch")
    s.user(
        "Petr mi psal, že ve VCF, co jsem mu v úterý poslala, nejsou jména vzorků, ale nějaký cesty k bamům. Prý "
        "mu to kvůli tomu nejde spárovat s fenotypama. Nevím, jestli je to moje chyba, nebo jeho skript."
    )
    s.act("Podívám se, jak vznikají BAMy.", Read("rules/map.smk", MAP_V1))
    s.say(
        "Nejspíš je to na naší straně: `map_reads` volá `bwa mem` bez `-R`, takže BAMy nemají žádnou read group "
        "(`@RG`) a bcftools pak jako jméno vzorku použije cestu k BAMu. Oprava je přidat read group s `SM` "
        "nastaveným na jméno vzorku a přemapovat. Mám to udělat hned?"
    )
    s.user("Jo, ale ne dneska, musím dopsat grant. Nech to.")
    s.say("Dobře, nic jsem neměnil.")
    s.outcome("unknown", "the cause was named but Tereza left before anything was changed")
    s.hit("missing-read-groups")
    return s


def v06() -> Session:
    s = new("v06-calling-env", "2027-09-11T07:04:12", "2.1.211", "joint-calling", "stubborn-solver-crab")
    s.user(
        "creating the calling env fails, see below. we go with bcftools for calling, not GATK, I'm not maintaining "
        "a Java env for this, so just make this one solve.\n\n```\n$ mamba env create -f envs/calling.yaml -p "
        ".snakemake/conda/calling\nLooking for: ['bcftools=1.21', 'samtools=1.19']\n\n"
        "LibMambaUnsatisfiableError: Encountered problems while solving:\n"
        "  - package bcftools-1.21-h3a4d415_1 requires htslib >=1.21,<1.22.0a0, but none of the providers can be "
        "installed\n\nCould not solve for environment specs\nThe following packages are incompatible\n"
        "├─ bcftools 1.21**  is installable and it requires\n│  └─ htslib >=1.21,<1.22.0a0 , which can be "
        "installed;\n└─ samtools 1.19**  is not installable because it requires\n   └─ htslib >=1.19,<1.20.0a0 , "
        "which conflicts with any installable versions previously reported.\n```",
        decisions=["we go with bcftools for calling, not GATK"],
    )
    s.act(None, Read("envs/calling.yaml", ENV_CALLING))
    s.act(
        "bcftools and samtools have to come from the same htslib release; 1.21 of both.",
        Edit("envs/calling.yaml", "  - samtools=1.19", "  - samtools=1.21"),
    )
    s.act(
        None,
        Bash(
            "mamba env create -f envs/calling.yaml -p .snakemake/conda/calling",
            "Looking for: ['bcftools=1.21', 'samtools=1.21']\n\nTransaction\n\n  Prefix: "
            f"{VC}/.snakemake/conda/calling\n\n  + htslib        1.21  h566b1c6_1  bioconda\n"
            "  + samtools      1.21  h50ea8bc_0  bioconda\n  + bcftools      1.21  h3a4d415_1  bioconda\n\n"
            "Transaction finished\n\nTo activate this environment, use:\n\n"
            f"    $ mamba activate {VC}/.snakemake/conda/calling",
            secs=55,
        ),
    )
    s.say("The env solves now: bcftools 1.21 and samtools 1.21 on htslib 1.21.")
    s.user(
        "Jo. A ještě otázka: školitel tvrdí, že bychom nikdy neměli brát varianty s QUAL pod 30. Platí to i pro "
        "exomy, nebo je to jeho pověra?",
        non_rules=["školitel tvrdí, že bychom nikdy neměli brát varianty s QUAL pod 30"],
    )
    s.say(
        "QUAL 30 je rozumný výchozí práh pro germinální calling z bcftools, ale není to zákon. U exomů je pokrytí "
        "nerovnoměrné, takže QUAL hodně kolísá s hloubkou; víc řekne kombinace `QUAL`, `FORMAT/DP` a `FORMAT/GQ` "
        "(např. `bcftools filter -e 'QUAL<30 || INFO/DP<10'`) a kontrola Ti/Tv po filtraci. Pro exom je lepší "
        "práh odvodit z Ti/Tv a ze shody s GIAB než ho mít napevno."
    )
    s.turn_done()
    s.one_off(
        "envs/calling.yaml pins bcftools 1.21 with samtools 1.19, which need different htslib releases, so the env "
        "does not solve (LibMambaUnsatisfiableError)"
    )
    s.outcome("success", "calling env pinned to matching bcftools/samtools 1.21 and created")
    return s


def v07() -> Session:
    s = new("v07-broken-bams-words", "2027-09-13T06:31:40", "2.1.212", "main", "grumpy-quickcheck-owl")
    s.user(
        "Víkendovej run na clusteru, 48 vzorků. Snakemake tvrdí, že všechno doběhlo, žádná chyba. Ale samtools "
        "quickcheck mi u dvou BAMů hlásí, že jsou rozbitý, a jeden z nich má podle flagstatu o třetinu víc readů, "
        "než by měl. Co to sakra je?"
    )
    s.act(
        "Nejdřív zjistím, které BAMy to jsou.",
        Bash(
            "samtools quickcheck -v results/mapped/*.sorted.bam",
            "results/mapped/HG00733.sorted.bam\nresults/mapped/NA19240.sorted.bam",
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "tail -3 logs/map_reads/HG00733.log logs/map_reads/NA19240.log",
            "==> logs/map_reads/HG00733.log <==\n[bam_sort_core] merging from 16 files and 8 in-memory blocks...\n"
            "[main] CMD: bwa mem -t 8 resources/GRCh38.fa data/raw/HG00733_R1.fastq.gz data/raw/HG00733_R2.fastq.gz\n"
            "[main] Real time: 3904.118 sec; CPU: 29388.472 sec\n\n==> logs/map_reads/NA19240.log <==\n"
            "[bam_sort_core] merging from 15 files and 8 in-memory blocks...\n"
            "[main] CMD: bwa mem -t 8 resources/GRCh38.fa data/raw/NA19240_R1.fastq.gz data/raw/NA19240_R2.fastq.gz\n"
            "[main] Real time: 3671.930 sec; CPU: 27102.215 sec",
        ),
    )
    rerun = Bash(
        "snakemake --profile profiles/slurm --forcerun map_reads --until index_bam "
        "results/mapped/HG00733.sorted.bam.bai results/mapped/NA19240.sorted.bam.bai",
        desc="Re-map HG00733 and NA19240 on the cluster",
        bg=True,
    )
    s.act("V logách nic není, oba joby skončily s kódem 0. Přegeneruju ty dva BAMy přes profil.", rerun)
    s.bash_done(rerun.bg_task, after=4100)
    s.act(
        None,
        Bash(
            f"tail -2 /tmp/claude-1000/{VC.replace('/', '-')}/{s.id}/tasks/{rerun.bg_task}.output",
            "[Mon Sep 13 09:32:51 2027]\n4 of 4 steps (100%) done",
        ),
    )
    s.act(None, Bash("samtools quickcheck -v results/mapped/*.sorted.bam && echo ok", "ok"))
    s.say(
        "Oba BAMy jsou teď v pořádku a quickcheck je čistý. Proč byly poprvé rozbité, jsem nezjistil: logy jsou "
        "čisté a joby skončily s nulou."
    )
    s.user("Skvělý. Takže to znovu pustit pomohlo a proč se to stalo, nevíme. Přesně takhle to mám ráda.")
    s.outcome("failed", "two corrupt BAMs regenerated but the cause was not found; the problem stays")
    s.hit("sort-temp-collision")
    return s


CI_YML = """name: CI
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-24.04
    defaults:
      run:
        shell: bash -el {0}
    steps:
      - uses: actions/checkout@v4
      - uses: conda-incubator/setup-miniconda@v3
        with:
          miniforge-version: latest
          use-mamba: true
      - run: mamba env create -f envs/snakemake.yaml -n varcall
      - run: conda activate varcall && pytest -q"""

README_CONDA = """## Setup

```bash
mamba env create -f envs/snakemake.yaml -n varcall
conda activate varcall
```"""


def v08() -> Session:
    s = new("v08-plain-conda", "2027-09-14T07:02:15", "2.1.212", "main", "plain-conda-badger")
    s.user(
        "Mambu už nepoužívej, obyčejná conda stačí, od 23.10 má libmamba solver. Přepiš to v README i v CI.",
        rules=[("no-mamba", "Mambu už nepoužívej, obyčejná conda stačí", "mamba")],
    )
    s.act(None, Grep("mamba", ["README.md", ".github/workflows/ci.yml"]))
    s.act(
        None,
        Read("README.md", README_CONDA, offset=12, total=64),
        Read(".github/workflows/ci.yml", CI_YML),
    )
    s.act(
        "Nahrazuju `mamba` za `conda` v README i ve workflow.",
        Edit(
            "README.md",
            "mamba env create -f envs/snakemake.yaml -n varcall",
            "conda env create -f envs/snakemake.yaml -n varcall",
        ),
        Edit(
            ".github/workflows/ci.yml",
            "          miniforge-version: latest\n          use-mamba: true\n"
            "      - run: mamba env create -f envs/snakemake.yaml -n varcall",
            "          miniforge-version: latest\n      - run: conda env create -f envs/snakemake.yaml -n varcall",
        ),
    )
    s.act(
        None,
        Bash(
            "conda --version && conda config --show solver && snakemake --lint",
            "conda 24.7.1\nsolver: libmamba\nCongratulations, your workflow is in a good condition!",
        ),
    )
    s.say(
        "Hotovo: README i CI používají `conda env create`, `use-mamba` je z workflow pryč a lokální conda 24.7.1 "
        "má solver `libmamba`. `snakemake --lint` is clean too. From now on I'll always run snakemake --lint "
        "before committing a rule change."
    )
    s.user(
        "fine. for now just run the tests on the chr20 slice, the full tiny set takes ages on the laptop.",
        non_rules=["for now just run the tests on the chr20 slice"],
    )
    s.act(
        None,
        Bash(
            "pytest -q --tiny-region chr20",
            pytest_run(5, secs=71.3),
            secs=73,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Conda místo mamby v README a CI'",
            git_commit("main", "8b41c7d", "Conda místo mamby v README a CI", 2, 3, 4),
        ),
    )
    s.say("Tests pass on the chr20 slice (5 passed); committed as `8b41c7d`.")
    s.not_person("From now on I'll always run snakemake --lint before committing a rule change.", "assistant_text")
    s.outcome("success", "mamba replaced by conda in README and CI, tests green, committed")
    return s


def v09() -> Session:
    s = new("v09-petr-pasted-error", "2027-09-15T06:47:03", "2.1.212", "main", "pasted-header-vole")
    s.user(
        "Tohle mi dneska ráno poslal Petr:\n\n```\n$ bcftools view -s HG002 -Oz -o HG002.vcf.gz "
        "results/calls/joint.norm.vcf.gz\nError: subset called for sample that does not exist in header: "
        '"HG002". Use "--force-samples" to ignore this error.\n$ bcftools query -l results/calls/joint.norm.vcf.gz '
        "| head -3\nresults/mapped/HG002.sorted.bam\nresults/mapped/HG003.sorted.bam\n"
        "results/mapped/HG004.sorted.bam\n```\n\nPotřebuje to do zítřka."
    )
    s.act(None, Read("rules/map.smk", MAP_V1))
    s.say(
        "The VCF's sample names are the BAM paths because the BAMs have no read group: `map_reads` runs `bwa mem` "
        "without `-R`, so there is no `@RG ... SM:` tag and bcftools falls back to the file name. So `-s HG002` "
        "finds nothing.\n\nThe real fix is a read group in `map_reads` and re-mapping all 48 samples (about a day "
        "on the cluster). To unblock Petr today I can write a renamed copy of this VCF with `bcftools reheader "
        "--samples`."
    )
    s.user("Tak pro tenhle soubor reheader, ať to Petr má. Pipeline opravíme pořádně, až doběhne to, co teď běží.")
    s.act(
        None,
        Bash(
            "bcftools query -l results/calls/joint.norm.vcf.gz | sed -E 's#results/mapped/(.*)\\.sorted\\.bam#\\1#' "
            "> /tmp/names.txt && bcftools reheader --samples /tmp/names.txt -o results/calls/joint.norm.renamed.vcf.gz "
            "results/calls/joint.norm.vcf.gz && bcftools index -t results/calls/joint.norm.renamed.vcf.gz && "
            "bcftools query -l results/calls/joint.norm.renamed.vcf.gz | head -3",
            "HG002\nHG003\nHG004",
        ),
    )
    s.say(
        "`results/calls/joint.norm.renamed.vcf.gz` (+ `.tbi`) has plain sample names; `bcftools view -s HG002` "
        "works on it. The pipeline itself is unchanged, the read group is still missing."
    )
    s.user("ok, posláno.")
    s.not_person('Use "--force-samples" to ignore this error.', "pasted_log")
    s.outcome("success", "a renamed copy of the joint VCF unblocked Petr; the pipeline still lacks read groups")
    s.hit("missing-read-groups")
    return s


def v10() -> Session:
    s = new("v10-slurm-sort-log", "2027-09-16T07:09:51", "2.1.213", "main", "midrun-sort-mole")
    s.user(
        "another one from the cluster, this time it actually died:\n\n```\n==> "
        "logs/slurm/rule_map_reads/HG01891/4410231.log <==\nhost: c12\nBuilding DAG of jobs...\n"
        "[M::mem_process_seqs] Processed 1331540 reads in 412.553 CPU sec, 52.114 real sec\n"
        "[bam_sort_core] merging from 14 files and 8 in-memory blocks...\n"
        '[E::hts_open_format] Failed to open file "tmp/sort.0009.bam" : No such file or directory\n'
        'samtools sort: failed to read header from "tmp/sort.0009.bam"\n[Thu Sep 16 03:12:44 2027]\n'
        "Error in rule map_reads:\n    message: SLURM-job '4410231' failed, SLURM status is: 'FAILED'.\n"
        "    jobid: 112\n    output: results/mapped/HG01891.sorted.bam\n```\n\n"
        "tmp/sort.0009.bam is right there when I look now. what gives?"
    )
    s.act(None, Read("rules/map.smk", MAP_V1))
    s.act(
        None,
        Bash(
            "ls tmp/ | head -5 && ls tmp/ | wc -l",
            "sort.0000.bam\nsort.0001.bam\nsort.0002.bam\nsort.0003.bam\nsort.0004.bam\n31",
        ),
    )
    s.say(
        "Every `map_reads` job sorts with `-T tmp/sort`: the same temp prefix, relative to the same working "
        "directory on the shared filesystem. With 50 jobs in flight, parallel sorts write, merge and delete each "
        "other's `tmp/sort.NNNN.bam` chunks. HG01891 died because another job removed its chunk; the file you see "
        "now is a different sample's. It also explains last weekend's two BAMs that quickcheck flagged: their "
        "merge picked up someone else's chunks without an error.\n\nFix: a per-sample prefix on node-local "
        "scratch, `-T {resources.tmpdir}/{wildcards.sample}`. Shall I change it?"
    )
    s.user(
        "Jo, dává to smysl. Ale teď ne, na clusteru mi běží run a nechci měnit pravidlo uprostřed, snakemake by pak "
        "chtěl všechno přepočítat. Příští týden."
    )
    s.say("Dobře, `rules/map.smk` nechávám, jak je.")
    s.outcome("unknown", "the cause was found but the fix was deferred until the running batch finishes")
    s.hit("sort-temp-collision")
    return s


def explore_bwa(child: Session) -> None:
    child.act(
        None,
        Grep(
            "bwa|samtools|\\.bam",
            [
                'rules/map.smk:19:        "(bwa mem -t {threads} {params.ref} {input.r1} {input.r2}"',
                'rules/map.smk:20:        " | samtools sort -@ {threads} -m {params.mem} -T tmp/sort -o {output.bam} -) '
                '2> {log}"',
                'rules/map.smk:31:        "samtools index {input}"',
                'rules/call.smk:3:        bams=expand("results/mapped/{sample}.sorted.bam", sample=samples.index),',
                'tests/conftest.py:13:    cmd = ["snakemake", "--cores", "4", "--use-conda", "--configfile", '
                'str(TINY / "config.yaml"),',
            ],
            mode="content",
        ),
    )
    child.act(None, Grep("@RG|SM:", []))
    child.say(
        "Call sites:\n- rules/map.smk:19-20 `map_reads`: `bwa mem -t {threads} {params.ref} {input.r1} {input.r2} "
        "| samtools sort ...` -- no `-R`, so no read group is written.\n- rules/map.smk:31 `index_bam`: "
        "`samtools index`, reads only.\n- rules/call.smk:3 `call_joint` consumes the sorted BAMs.\n"
        "- tests/conftest.py:13 builds the tiny BAMs by running the workflow, no direct bwa call.\n"
        "Nothing in the repository sets `@RG` or `SM:`."
    )


def v11() -> Session:
    s = new("v11-read-groups-fix", "2027-09-17T06:38:20", "2.1.213", "read-groups", "careful-explore-stork")
    s.user(
        "Batch doběhl, takže dneska konečně ty read groups. Najdi, kde všude voláme bwa nebo vytváříme BAMy, a "
        "oprav to pořádně, žádný reheader."
    )
    prompt = (
        "Find every place in this Snakemake repository (rules/*.smk, scripts/, tests/) that runs bwa or samtools "
        "or otherwise creates or rewrites a BAM file, and say whether a read group (@RG, SM) is set. For each, "
        "report the rule or function name and the exact command. Do not modify any files. Always cite file:line "
        "for every call site you report."
    )
    s.act(
        "I'll have an Explore agent list every BAM-producing call site first.",
        Agent("Find bwa/samtools call sites", prompt, "Explore", explore_bwa),
    )
    s.act(
        "Only `map_reads` writes BAMs. Adding a read group per sample (ID and SM = sample name) and passing it "
        "to bwa with `-R`.",
        Edit("rules/map.smk", MAP_PARAMS, MAP_PARAMS + "\n" + RG_PARAM),
        Edit(
            "rules/map.smk",
            '"(bwa mem -t {threads} {params.ref}',
            "\"(bwa mem -t {threads} -R '{params.rg}' {params.ref}",
        ),
    )
    s.act(None, Bash("pytest tests/test_call.py -q", pytest_run(2, secs=101.7), secs=104))
    s.act(
        None,
        Bash(
            "samtools view -H /tmp/pytest-of-tereza/pytest-57/tiny0/results/mapped/tiny_A.sorted.bam | grep '^@RG'",
            "@RG\tID:tiny_A\tSM:tiny_A\tPL:ILLUMINA",
        ),
    )
    s.say(
        "Fixed in `rules/map.smk`: `params.rg` is `@RG\\tID:{w.sample}\\tSM:{w.sample}\\tPL:ILLUMINA` and bwa gets "
        "`-R '{params.rg}'`. Both tests in `tests/test_call.py` pass, and the BAM header has the read group. "
        "Because the rule's params changed, Snakemake will re-map every sample on the next cluster run."
    )
    s.user(
        "Konečně zelený. Poučení: bez -R bwa žádnou read group nezapíše a bcftools pak vzorek pojmenuje podle "
        "cesty k BAMu. Commitni.",
        lessons=["bez -R bwa žádnou read group nezapíše a bcftools pak vzorek pojmenuje podle cesty k BAMu"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Read group (-R) v map_reads, ve VCF jsou jména vzorků'",
            git_commit("read-groups", "c07d9e5", "Read group (-R) v map_reads, ve VCF jsou jména vzorků", 1, 2, 1),
        ),
    )
    s.say("Commitnuto jako `c07d9e5`.")
    s.not_person("Always cite file:line for every call site you report.", "subagent_prompt")
    s.outcome("success", "read group added to bwa mem; the sample-name test passes; committed")
    s.hit("missing-read-groups", fixed=True)
    return s


def v12() -> Session:
    s = new("v12-sort-prefix-fix", "2027-09-20T06:33:05", "2.1.214", "sort-tmp", "unique-prefix-gecko")
    s.user("the big run is done. now the samtools sort temp prefix, properly this time. per sample, on local scratch.")
    s.act(None, Read("rules/map.smk", MAP_V2))
    s.act(
        "`{resources.tmpdir}` is Snakemake's per-job temp dir ($TMPDIR, node-local scratch under SLURM); with "
        "the sample name in the prefix no two jobs can share a chunk name.",
        Edit(
            "rules/map.smk", "-T tmp/sort -o {output.bam}", "-T {resources.tmpdir}/{wildcards.sample} -o {output.bam}"
        ),
    )
    s.act(
        "Running the workflow test five times in a row, since it used to fail only sometimes.",
        Bash(
            "for i in 1 2 3 4 5; do pytest tests/test_workflow.py -x -q 2>&1 | tail -1; done",
            "\n".join(f"1 passed in {t}s" for t in ("41.22", "39.87", "40.51", "42.03", "40.16")),
            secs=210,
            timeout=600000,
        ),
    )
    s.act(None, Bash("samtools quickcheck -v results/mapped/*.sorted.bam && echo all ok", "all ok"))
    s.say(
        "`samtools sort` now uses `-T {resources.tmpdir}/{wildcards.sample}`. The workflow test passed 5/5 with "
        "4 parallel sorts, and all 48 BAMs from the big run pass quickcheck. The stale `tmp/sort.*` files in the "
        "repo root can go."
    )
    s.user(
        "five in a row, finally. lesson learned: samtools sort needs a temp prefix that is unique per job, a shared "
        "-T prefix lets parallel sorts eat each other's chunks. commit it and delete tmp/.",
        lessons=[
            "samtools sort needs a temp prefix that is unique per job, a shared -T prefix lets parallel sorts eat "
            "each other's chunks"
        ],
    )
    s.act(
        None,
        Bash(
            "rm -rf tmp/ && git commit -am 'Unikátní -T prefix pro samtools sort'",
            git_commit("sort-tmp", "51aa0be", "Unikátní -T prefix pro samtools sort", 1, 1, 1),
        ),
    )
    s.say("Done, `51aa0be`; `tmp/` removed.")
    s.outcome("success", "per-sample samtools sort temp prefix; the workflow test passes five times in a row")
    s.hit("sort-temp-collision", fixed=True)
    return s


CI_YML_V2 = """      - uses: conda-incubator/setup-miniconda@v3
        with:
          miniforge-version: latest
      - run: conda env create -f envs/snakemake.yaml -n varcall
      - run: conda activate varcall && snakemake --use-conda --conda-create-envs-only --cores 1
      - run: conda activate varcall && pytest -q"""


def v13() -> Session:
    s = new("v13-ci-disk", "2027-09-21T07:01:40", "2.1.214", "ci-disk", "full-runner-ibis")
    s.user(
        "CI dies while creating the envs:\n\n```\nCreating conda environment envs/qc.yaml...\n"
        "Downloading and Extracting Packages: ...working...\nCondaError: [Errno 28] No space left on device: "
        "'/home/runner/miniconda3/pkgs/openjdk-22.0.1-hb622114_0'\nError: Process completed with exit code 1.\n"
        "```\nwhy is there java in there at all"
    )
    s.act(None, Read(".github/workflows/ci.yml", CI_YML_V2, offset=10, total=17))
    s.say(
        "Java comes from fastqc in `envs/qc.yaml` (it depends on openjdk, ~400 MB unpacked). The runner has ~14 GB "
        "free and `--conda-create-envs-only` creates all four envs plus the package cache. Two cheap fixes: free "
        "the preinstalled SDKs first and clean the package cache after creating the envs."
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - run: conda activate varcall && snakemake --use-conda --conda-create-envs-only --cores 1",
            "      - name: Free disk\n        run: sudo rm -rf /usr/share/dotnet /opt/ghc /usr/local/lib/android\n"
            "      - run: conda activate varcall && snakemake --use-conda --conda-create-envs-only --cores 1\n"
            "      - run: conda clean -afy",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'CI: uvolnit místo na disku pro conda envy' && git fetch origin && git rebase origin/main",
            git_commit("ci-disk", "e52f1a9", "CI: uvolnit místo na disku pro conda envy", 1, 3, 0)
            + "\nSuccessfully rebased and updated refs/heads/ci-disk.",
        ),
    )
    s.act(None, Denied(Bash("git push --force-with-lease origin ci-disk")))
    s.user(
        "Nikdy nedělej force push, ani na vlastní větev. Udělej merge mainu a normální push.",
        rules=[("no-force-push", "Nikdy nedělej force push, ani na vlastní větev")],
    )
    s.act(
        None,
        Bash(
            "git reset --hard ORIG_HEAD && git merge origin/main -m 'Merge main do ci-disk' && git push origin ci-disk",
            "HEAD is now at e52f1a9 CI: uvolnit místo na disku pro conda envy\nMerge made by the 'ort' strategy.\n"
            " README.md | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)\nTo "
            "github.com:tereza-h/varcall-pipeline.git\n   b20c4e1..7f93d02  ci-disk -> ci-disk",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run watch --exit-status",
            "✓ ci-disk CI · 10587723941\nTriggered via push about 9 minutes ago\n\nJOBS\n✓ test in 8m41s (ID "
            "29534410877)",
            secs=540,
            timeout=600000,
        ),
    )
    s.user("Zelený. Díky.")
    s.one_off(
        "the GitHub Actions runner runs out of disk (Errno 28) while creating the conda envs; fastqc pulls in openjdk"
    )
    s.outcome("success", "CI frees disk and cleans the conda cache; green after a merge (force push declined)")
    return s


def v14() -> Session:
    s = new("v14-call-m-question", "2027-09-22T07:22:18", "2.1.215", "main", "short-question-tern")
    s.user("rychla otazka: jaky je rozdil mezi bcftools call -m a -c? jen strucne, nic nespoustej")
    s.title("bcftools call -m vs -c")
    s.say(
        "`-c` je původní konsenzuální caller (jeden alternativní alel na pozici, předpokládá bialelické "
        "varianty). `-m` je novější multialelický caller: zvládne víc alternativních alel najednou a je výchozí "
        "volbou pro většinu germinálních analýz. Pro joint calling víc vzorků se používá `-m`."
    )
    s.turn_done()
    s.user("ok diky")
    s.turn_done()
    s.outcome("unknown", "a quick question answered; nothing to do")
    return s


CALL_SCATTER = """rule call_region:
    input:
        bams=expand("results/mapped/{sample}.sorted.bam", sample=samples.index),
        bais=expand("results/mapped/{sample}.sorted.bam.bai", sample=samples.index),
    output:
        temp("results/calls/regions/{region}.vcf.gz"),
    log:
        "logs/call_region/{region}.log",
    params:
        ref=config["ref"]["fasta"],
    threads: 4
    resources:
        runtime=720,
    conda:
        "../envs/calling.yaml"
    shell:
        "(bcftools mpileup --threads {threads} -r {wildcards.region} -f {params.ref} -a AD,DP {input.bams}"
        " | bcftools call --threads {threads} -mv -Oz -W -o {output}) 2> {log}"


rule concat_calls:
    input:
        expand("results/calls/regions/{region}.vcf.gz", region=config["regions"]),
    output:
        "results/calls/joint.vcf.gz",
    conda:
        "../envs/calling.yaml"
    shell:
        "bcftools concat -Oz -W -o {output} {input}"
"""


def v15() -> Session:
    s = new("v15-scatter-calling", "2027-09-23T06:48:30", "2.1.216", "scatter-calling", "scattered-region-crane")
    s.user(
        "Joint calling na celých 48 vzorcích umírá na TIMEOUT:\n\n```\n$ sacct -j 4431877 --format=JobID,JobName,"
        "Partition,Elapsed,State,MaxRSS\nJobID           JobName  Partition    Elapsed      State     MaxRSS\n"
        "------------ ---------- ---------- ---------- ---------- ----------\n4431877      call_joint       ncbr "
        "1-00:00:09    TIMEOUT\n4431877.bat+      batch            1-00:00:12  CANCELLED  11843212K\n```\n\n"
        "Rozděl to po chromozomech a pak to spoj."
    )
    s.act(None, Read("rules/call.smk", CALL_SMK), Read("config/config.yaml", CONFIG))
    s.act(
        "Splitting `call_joint` into one job per chromosome (`bcftools mpileup -r`) and a `bcftools concat`; the "
        "region list goes into the config.",
        Write("rules/call.smk", CALL_SCATTER + "\n\n" + CALL_SMK[CALL_SMK.index("rule norm:") :]),
        Edit(
            "config/config.yaml",
            "sort_mem: 2G",
            "sort_mem: 2G\nregions: [chr1, chr2, chr3, chr4, chr5, chr6, chr7, chr8, chr9, chr10, chr11, chr12, "
            "chr13, chr14, chr15, chr16, chr17, chr18, chr19, chr20, chr21, chr22, chrX, chrY, chrM]",
        ),
    )
    s.act(
        None,
        Bash(
            "snakemake -n --until concat_calls",
            snakemake_dry_run({"call_region": 25, "concat_calls": 1}),
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n"
        "1. Primary request: joint calling over 48 samples hit the 24 h SLURM TIMEOUT (sacct job 4431877); Tereza "
        "asked to split calling per chromosome and merge the results.\n"
        "2. Done: rules/call.smk now has call_region (bcftools mpileup -r {wildcards.region} | bcftools call -mv, "
        "runtime 720) and concat_calls (bcftools concat); config/config.yaml lists 25 regions; the dry run "
        "schedules 25 call_region jobs and 1 concat_calls.\n"
        "3. Preferences noted: cluster runs go through profiles/slurm only; commit messages in Czech; env files "
        "pinned exactly. Always submit cluster jobs with --use-conda and --jobs 50.\n"
        "4. Next: run the scattered calling on the cluster.",
        142300,
        9800,
    )
    s.user("run it on the cluster with the profile, only chr20 and chr21 for a start.")
    run = Bash(
        "snakemake --profile profiles/slurm --until concat_calls --config 'regions=[chr20,chr21]'",
        desc="Scattered calling on chr20 and chr21 via SLURM",
        bg=True,
    )
    s.act(None, run)
    s.bash_done(run.bg_task, after=1900)
    s.act(
        None,
        Bash(
            f"tail -3 /tmp/claude-1000/{VC.replace('/', '-')}/{s.id}/tasks/{run.bg_task}.output && "
            "bcftools index -n results/calls/joint.vcf.gz",
            "[Thu Sep 23 09:22:31 2027]\nFinished job 0.\n3 of 3 steps (100%) done\n212847",
        ),
    )
    s.say(
        "chr20 and chr21 finished on the cluster in about 30 minutes (the two call_region jobs ran in parallel); "
        "the concatenated VCF has 212,847 records. The full 25-region run should fit comfortably in 12 h per job."
    )
    s.user(
        "good. note to self: sacct only shows MaxRSS once the job has finished, so watching it mid-run is "
        "pointless. and we stay on GRCh38 only, whoever wants hg19 can lift over themselves.",
        lessons=["sacct only shows MaxRSS once the job has finished"],
        decisions=["we stay on GRCh38 only"],
    )
    s.say("Noted. Nothing else changed; the scattered rules are on `scatter-calling`, uncommitted.")
    s.not_person("Always submit cluster jobs with --use-conda and --jobs 50.", "compaction_summary")
    s.one_off(
        "joint calling of 48 whole genomes in one SLURM job hits the partition's 24 h TIMEOUT; split per chromosome "
        "with bcftools mpileup -r and bcftools concat"
    )
    s.outcome("success", "calling scattered per chromosome; chr20+chr21 test run on the cluster finished")
    return s


SESSIONS = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14, v15]

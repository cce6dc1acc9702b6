"""Kwame's `ops-tf` sessions (o01-o15): Terraform 1.9 + Terragrunt 0.67 for the AWS accounts behind momo-ledger
(live/<env>/<unit>/terragrunt.hcl over modules/), S3 state with a DynamoDB lock table, tflint, checkov and
pre-commit, and a GitHub Actions pipeline that plans on pull requests and applies on main. Times are UTC."""

from __future__ import annotations

from fake_output import OT, git_commit, tf_plan
from transcript_kit import Agent, Bash, Denied, Edit, ExitPlanMode, Glob, Read, Session, Write

PROJECT = "ops-tf"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=OT, project=PROJECT)


CONTRIBUTING = """# Contributing to ops-tf

- One Terragrunt unit per directory under live/<env>/; modules/ holds the code.
- Always run `pre-commit run --all-files` before opening a PR.
- Plans are posted on the PR by the terraform workflow; merges to main apply."""

ROOT_HCL = """remote_state {
  backend = "s3"
  generate = {
    path      = "backend.tf"
    if_exists = "overwrite_terragrunt"
  }
  config = {
    bucket         = "kwame-momo-tfstate"
    key            = "${path_relative_to_include()}/terraform.tfstate"
    region         = "eu-west-1"
    encrypt        = true
    dynamodb_table = "tf-locks"
  }
}"""

WORKFLOW = """name: terraform
on:
  pull_request:
  push:
    branches: [main]

concurrency:
  group: tf-${{ github.ref }}
  cancel-in-progress: true

permissions:
  id-token: write
  contents: read
  pull-requests: write

env:
  TF_PLUGIN_CACHE_DIR: ${{ github.workspace }}/.tf-plugin-cache

jobs:
  plan:
    runs-on: ubuntu-24.04
    timeout-minutes: 30
    steps:
      - uses: actions/checkout@v4
      - uses: actions/cache@v4
        with:
          path: .tf-plugin-cache
          key: tf-plugins-${{ hashFiles('live/**/.terraform.lock.hcl') }}
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: arn:aws:iam::418273645190:role/gha-ops-tf
          aws-region: eu-west-1
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.9.8
          terraform_wrapper: false
      - run: terragrunt run-all plan -lock-timeout=10m --terragrunt-non-interactive
        working-directory: live/staging"""

WORKFLOW_ARM = WORKFLOW.replace("    runs-on: ubuntu-24.04\n", "    runs-on: ubuntu-24.04-arm\n")

LOCK_AWS = """# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.74.0"
  constraints = "~> 5.74"
  hashes = [
    "h1:Ap8Hr5pzTpu8Lcv3wkVBvWnH8KsIuMSNsBQLyNhIhw8=",
    "zh:1e2d65da2f6ec8ee2fbe4bd0c9b0e5a7d8a9e1b4bce3ed0a6f0f0c8b97c1e4f2",
    "zh:5d4fc0a3c1b5a3f27a0e3f1d1c0a8e5bb2b3e9e1a7f0a2c64f9c3e0b2a1d8e77",
  ]
}"""

STAGING_NETWORK = """include "root" {
  path = find_in_parent_folders()
}

terraform {
  source = "../../../modules/vpc"
}

inputs = {
  name               = "momo-staging"
  cidr               = "10.20.0.0/16"
  azs                = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
  single_nat_gateway = true
}
"""

VPC_BODY = """  # module.vpc.aws_vpc.this will be created
  + resource "aws_vpc" "this" {
      + cidr_block           = "10.20.0.0/16"
      + enable_dns_hostnames = true
      + tags                 = { "Name" = "momo-staging" }
    }

  # module.vpc.aws_nat_gateway.this[0] will be created
  + resource "aws_nat_gateway" "this" {
      + connectivity_type = "public"
    }"""

# ---------------------------------------------------------------------------------------------------------------


def o01() -> Session:
    s = new("o01-staging-vpc", "2027-10-04T14:40:18", "2.1.220", "staging-vpc", "vpc-staging")
    s.user("staging vpc via modules/vpc, 10.20.0.0/16, 3 azs. one nat, nat per az is overkil for staging")
    s.title("Staging VPC unit")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING), Read("live/terragrunt.hcl", ROOT_HCL, total=31))
    s.act(None, Write("live/staging/network/terragrunt.hcl", STAGING_NETWORK))
    s.act(
        None,
        Bash(
            "cd live/staging/network && terragrunt plan", tf_plan("live/staging/network", 23, 0, 0, VPC_BODY), secs=48
        ),
    )
    s.act(
        "Plan is 23 to add, one NAT gateway. Applying it:", Denied(Bash("cd live/staging/network && terragrunt apply"))
    )
    s.user(
        "no apply from here, only plan. applies go thru the pipeline on merge",
        rules=[("no-apply-local", "no apply from here, only plan")],
    )
    s.say(
        "Got it, plan only. The README still has a section that describes per-env Terraform workspaces; should I "
        "drop it, since envs are directories under `live/`?"
    )
    s.user(
        "ya. going w terragrunt dirs per env, no tf workspaces. fix the readme + commit",
        decisions=["going w terragrunt dirs per env, no tf workspaces"],
    )
    s.act(
        None,
        Edit(
            "README.md",
            "## Environments\n\nEach environment is a Terraform workspace (`terraform workspace select staging`).",
            "## Environments\n\nEach environment is a directory under `live/` (`live/staging`, `live/prod`), one "
            "Terragrunt unit per subdirectory. No Terraform workspaces.",
        ),
    )
    s.act(
        None,
        Bash(
            "pre-commit run --all-files && git add -A && git commit -m 'feat: staging vpc'",
            "terraform_fmt............................................................Passed\n"
            "terragrunt_hclfmt........................................................Passed\n"
            "terraform_tflint.........................................................Passed\n"
            "checkov..................................................................Passed\n"
            + git_commit("staging-vpc", "a71c2e9", "feat: staging vpc", 2, 18, 2),
            secs=35,
        ),
    )
    s.say("pre-commit passes; committed `a71c2e9` on `staging-vpc`. The pipeline will apply it once merged.")
    s.user("k")
    s.not_person("Always run `pre-commit run --all-files` before opening a PR.", "tool_output")
    s.outcome("success", "staging vpc unit written, planned (apply refused, left to the pipeline), committed")
    return s


def o02() -> Session:
    s = new("o02-arm-runners", "2027-10-05T13:20:55", "2.1.220", "ci-arm-runners", "arm-checksums")
    s.user(
        "moved the plan job to ubuntu-24.04-arm (half the price), pr is red:\n```\n│ Error: Failed to install "
        "provider\n│ \n│ Error while installing hashicorp/aws v5.74.0: the local package for "
        "registry.terraform.io/hashicorp/aws 5.74.0 doesn't match any of the checksums previously recorded in the "
        "dependency lock file (this might be because the available checksums are for packages targeting different "
        "platforms); for more information: https://developer.hashicorp.com/terraform/language/files/"
        "dependency-lock#checksum-verification\n```\nwtf"
    )
    s.act(None, Read(".github/workflows/terraform.yml", WORKFLOW_ARM))
    s.act(
        "The job restores a plugin cache keyed only on the lock files, so the arm runner may be getting the amd64 "
        "provider binaries from an earlier run. Letting init re-resolve the providers in CI would get past it:",
        Denied(
            Edit(
                ".github/workflows/terraform.yml",
                "      - run: terragrunt run-all plan -lock-timeout=10m --terragrunt-non-interactive",
                "      - run: terragrunt run-all init -upgrade --terragrunt-non-interactive\n"
                "        working-directory: live/staging\n"
                "      - run: terragrunt run-all plan -lock-timeout=10m --terragrunt-non-interactive",
            )
        ),
    )
    s.user(
        "no. lock files are the source of truth, no init -upgrade in ci",
        rules=[("lockfile-truth", "lock files are the source of truth, no init -upgrade in ci")],
    )
    s.act(
        "Then keying the cache on the architecture too:",
        Edit(
            ".github/workflows/terraform.yml",
            "          key: tf-plugins-${{ hashFiles('live/**/.terraform.lock.hcl') }}",
            "          key: tf-plugins-${{ runner.arch }}-${{ hashFiles('live/**/.terraform.lock.hcl') }}",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ci: key plugin cache on runner arch' && git push && sleep 120 && gh pr checks",
            git_commit("ci-arm-runners", "3c9d0aa", "ci: key plugin cache on runner arch", 1, 1, 1)
            + "\nplan\tfail\t1m41s\thttps://github.com/kwamea/ops-tf/actions/runs/11318890562/job/31475510238",
            code=8,
            secs=130,
        ),
    )
    s.say(
        "Still failing with the same checksum error on a fresh cache, so the cache wasn't it: the lock file itself "
        "has nothing that matches the arm64 package."
    )
    s.user("meh leave it red, ill look tmrw")
    s.outcome("failed", "terraform init fails on the arm runners with a lock file checksum mismatch; left red")
    s.hit("lockfile-platforms")
    return s


LOCK_PASTE = (
    "╷\n│ Error: Error acquiring the state lock\n│ \n│ Error message: operation error DynamoDB: PutItem, https response "
    "error StatusCode: 400, RequestID: 8TQ5V0J3M2EJ3D9QK1L7PV1N6BVV4KQNSO5AEMVJF66Q9ASUAAJG, "
    "ConditionalCheckFailedException: The conditional request failed\n│ Lock Info:\n│   ID:        "
    "6f1c2b7e-9a4d-3c58-1e02-b7d94a0f3c21\n│   Path:      kwame-momo-tfstate/staging/network/terraform.tfstate\n"
    "│   Operation: OperationTypeApply\n│   Who:       runner@fv-az1272-481\n│   Version:   1.9.8\n│   Created:   "
    "2027-10-06 08:41:17.902551 +0000 UTC\n│   Info:      \n│ \n│ \n│ Terraform acquires a state lock to protect the "
    "state from being written by multiple users at the same time. Please resolve the issue above and try again. "
    'For most commands, you can disable locking with the "-lock=false" flag, but this is not recommended.\n╵'
)


def o03() -> Session:
    s = new("o03-state-lock", "2027-10-06T10:05:37", "2.1.221", "staging-sg", "lock-held")
    s.user(f"plan on my pr wont run:\n```\n{LOCK_PASTE}\n```\nwtf who holds this")
    s.act(
        "A CI runner took the lock at 08:41 for an apply. If that run is gone the lock is stale; releasing it:",
        Denied(Bash("cd live/staging/network && terragrunt force-unlock -force 6f1c2b7e-9a4d-3c58-1e02-b7d94a0f3c21")),
    )
    s.user(
        "never force-unlock without asking me. check if that run is still going first",
        rules=[("no-force-unlock", "never force-unlock without asking me")],
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow terraform --limit 4",
            "STATUS  TITLE                 WORKFLOW   BRANCH       EVENT         ID           ELAPSED  AGE\n"
            "X       feat: staging sg      terraform  staging-sg   pull_request  11335802217  10m31s   12m\n"
            "✓       feat: staging vpc     terraform  main         push          11334907761  6m02s    1h\n"
            "-       feat: staging vpc     terraform  main         push          11334871029  1m12s    1h\n"
            "✓       ci: tflint aws rules  terraform  main         push          11302266815  3m40s    1d",
        ),
    )
    s.say(
        "Run 11334871029 (apply on main, 08:41) shows `-`: it was cancelled after 1m12s, when the second push of "
        "the vpc merge started 11334907761. Nothing is running on staging now, so the lock is left over from the "
        "cancelled apply. OK to force-unlock `6f1c2b7e…`?"
    )
    s.user("k do it")
    s.act(
        None,
        Bash(
            "cd live/staging/network && terragrunt force-unlock -force 6f1c2b7e-9a4d-3c58-1e02-b7d94a0f3c21 && "
            "terragrunt plan",
            "Terraform state has been successfully unlocked!\n\nThe state has been unlocked, and Terraform commands "
            "should now be able to obtain a new lock on the remote state.\n" + tf_plan("live/staging/network", 0, 0, 0),
            secs=40,
        ),
    )
    s.say(
        "Unlocked; staging network plans clean (no changes), so the cancelled apply had finished its changes. Re-run your PR's plan."
    )
    s.user("k")
    s.not_person(
        'For most commands, you can disable locking with the "-lock=false" flag, but this is not recommended.',
        "pasted_log",
    )
    s.outcome(
        "success", "the stale state lock from a cancelled apply was found and released with permission; plan runs"
    )
    s.hit("stale-state-lock")
    return s


BUCKET_TF = """resource "aws_s3_bucket" "this" {
  bucket = var.name
  tags = {
    Project   = "momo"
    ManagedBy = "terraform"
  }
}

resource "aws_s3_bucket_versioning" "this" {
  bucket = aws_s3_bucket.this.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_public_access_block" "this" {
  bucket                  = aws_s3_bucket.this.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}
"""

CHECKOV_FAIL = """terraform_fmt............................................................Passed
terraform_tflint.........................................................Passed
checkov..................................................................Failed
- hook id: checkov
- exit code: 1

terraform scan results:

Passed checks: 17, Failed checks: 2, Skipped checks: 0

Check: CKV_AWS_18: "Ensure the S3 bucket has access logging enabled"
\tFAILED for resource: aws_s3_bucket.this
\tFile: /modules/exports-bucket/main.tf:1-7
\tGuide: https://docs.prismacloud.io/en/enterprise-edition/policy-reference/aws-policies/s3-policies/s3-13-enable-logging

Check: CKV_AWS_144: "Ensure that S3 bucket has cross-region replication enabled"
\tFAILED for resource: aws_s3_bucket.this
\tFile: /modules/exports-bucket/main.tf:1-7
\tGuide: https://docs.prismacloud.io/en/enterprise-edition/policy-reference/aws-policies/aws-general-policies/ensure-that-s3-bucket-has-cross-region-replication-enabled"""


def o04() -> Session:
    s = new("o04-exports-bucket", "2027-10-07T09:30:03", "2.1.221", "exports-bucket", "csv-exports-s3")
    s.user("s3 bucket for the ledger csv exports in staging. versioned, block public, sse-kms w the default key")
    s.act(
        None,
        Write("modules/exports-bucket/main.tf", BUCKET_TF),
        Write(
            "live/staging/exports/terragrunt.hcl",
            'include "root" {\n  path = find_in_parent_folders()\n}\n\nterraform {\n  source = '
            '"../../../modules/exports-bucket"\n}\n\ninputs = {\n  name = "momo-staging-ledger-exports"\n}\n',
        ),
    )
    s.act(None, Bash("pre-commit run --all-files", CHECKOV_FAIL, code=1, secs=28))
    s.say(
        "checkov fails two checks on the new bucket: CKV_AWS_18 (no access logging) and CKV_AWS_144 (no "
        "cross-region replication). I'd add logging to a log bucket and replication to eu-central-1, and leave the "
        "tags on the bucket as they are."
    )
    s.user(
        "logging yes, to momo-staging-s3-logs. skip 144 w a reason, exports dont get replicated. and default_tags go "
        "in the root provider block, not per resource. drop those tags",
        rules=[("tags-root", "default_tags go in the root provider block, not per resource")],
    )
    s.act(
        None,
        Edit(
            "modules/exports-bucket/main.tf",
            'resource "aws_s3_bucket" "this" {\n  bucket = var.name\n  tags = {\n    Project   = "momo"\n'
            '    ManagedBy = "terraform"\n  }\n}',
            'resource "aws_s3_bucket" "this" {\n  #checkov:skip=CKV_AWS_144:exports are regenerated from the ledger, '
            'no replication\n  bucket = var.name\n}\n\nresource "aws_s3_bucket_logging" "this" {\n  bucket        = '
            'aws_s3_bucket.this.id\n  target_bucket = var.log_bucket\n  target_prefix = "${var.name}/"\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "pre-commit run --all-files && cd live/staging/exports && terragrunt plan",
            "terraform_fmt............................................................Passed\n"
            "terraform_tflint.........................................................Passed\n"
            "checkov..................................................................Passed\n"
            + tf_plan(
                "live/staging/exports",
                5,
                0,
                0,
                '  + resource "aws_s3_bucket" "this" {\n      + bucket = "momo-staging-ledger-exports"\n    }',
            ),
            secs=60,
        ),
    )
    s.say(
        "checkov passes (144 skipped with the reason inline), plan adds 5. The state key will be "
        "`staging/exports/terraform.tfstate` in the S3 backend. Side note: with more units coming, Terraform Cloud "
        "would give you run history and locking without the DynamoDB table. Worth considering?"
    )
    s.user(
        "no. decision: state stays in s3 + dynamodb locks, no tf cloud. commit",
        decisions=["state stays in s3 + dynamodb locks, no tf cloud"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: staging ledger exports bucket'",
            git_commit("exports-bucket", "5e20b8d", "feat: staging ledger exports bucket", 2, 31, 0),
        ),
    )
    s.say("Committed `5e20b8d`.")
    s.not_person("Ensure the S3 bucket has access logging enabled", "tool_output")
    s.one_off(
        "checkov fails the new exports bucket in pre-commit (CKV_AWS_18 access logging, CKV_AWS_144 replication); "
        "logging added, replication skipped inline with a reason"
    )
    s.outcome("success", "exports bucket module with logging passes checkov, plans, committed")
    return s


RDS_UNIT = """include "root" {
  path = find_in_parent_folders()
}

terraform {
  source = "git::git@github.com:kwamea/tf-modules.git//rds?ref=main"
}"""


def o05() -> Session:
    s = new("o05-efua-mac", "2027-10-08T10:20:45", "2.1.221", "staging-rds", "mac-init")
    s.user("efua cant init live/staging/network on her mac, something about checksums. she's blocked on the rds pr")
    s.act(None, Read("live/staging/network/.terraform.lock.hcl", LOCK_AWS))
    s.say(
        "The lock file pins hashicorp/aws 5.74.0 with one `h1:` hash (from an init on linux_amd64) and the `zh:` "
        "zip hashes. If her Terraform installs from a plugin cache or a mirror, it can only check the unpacked "
        "provider against `h1:` hashes for darwin_arm64, and there are none. Can you paste her exact error?"
    )
    s.user(
        "dont have it, she's in a meeting. she can use the devcontainer till i get to it. while ur in there: rds "
        "unit points at ref=main. pin module sources to a tag, never a branch",
        rules=[("module-pin", "pin module sources to a tag, never a branch")],
    )
    s.act(
        None,
        Bash(
            "git ls-remote --tags git@github.com:kwamea/tf-modules.git | tail -3",
            "9be21f0c0d1e5a2b7c4f3e8d6a9b0c1d2e3f4a5b\trefs/tags/v1.3.2\n0f4c8e2a7d1b9c3e5f6a8b0d2c4e6f8a1b3c5d7e\trefs/tags/v1.4.0\n6a1d3f5b7c9e0a2b4d6f8e1c3a5b7d9f0e2c4a6b\trefs/tags/v1.4.1",
        ),
    )
    s.act(
        None,
        Edit(
            "live/staging/rds/terragrunt.hcl",
            '  source = "git::git@github.com:kwamea/tf-modules.git//rds?ref=main"',
            '  source = "git::git@github.com:kwamea/tf-modules.git//rds?ref=v1.4.1"',
        ),
    )
    s.act(None, Bash("cd live/staging/rds && terragrunt plan", tf_plan("live/staging/rds", 0, 0, 0), secs=52))
    s.say(
        "rds now uses `tf-modules//rds?ref=v1.4.1` (what `main` pointed at); plan shows no changes. Efua's init is untouched."
    )
    s.outcome(
        "unknown", "colleague's checksum error on macOS explained but not reproduced or fixed; module source pinned"
    )
    s.hit("lockfile-platforms")
    return s


def o06() -> Session:
    s = new("o06-plan-hangs", "2027-10-11T09:40:29", "2.1.222", "staging-rds", "plan-hangs")
    s.user("plan jbo in ci hangs ~10 min then dies. again. pr 214")
    s.act(None, Read(".github/workflows/terraform.yml", WORKFLOW))
    s.act(
        "Ten minutes is exactly `-lock-timeout=10m`: the plan is probably waiting for a state lock that nobody "
        "releases. Pulling the failed job's log to see which unit:",
        Bash(
            "gh run view --log-failed -R kwamea/ops-tf $(gh pr checks 214 --json link -q '.[0].link' | grep -o '[0-9]*$' | head -1) | tail -5",
            "plan\tRun terragrunt run-all plan\t2027-10-11T09:27:02Z time=2027-10-11T09:27:02Z level=info msg=Executing "
            "hook: before_hook prefix=[live/staging/rds]\nplan\tRun terragrunt run-all plan\t2027-10-11T09:37:03Z "
            "##[error]The operation was canceled.",
            secs=6,
        ),
    )
    s.interrupt()
    s.user("nvm its the lock thing again prob. no time, later")
    s.outcome("failed", "the CI plan still hangs until it is killed (a state lock, probably); not investigated further")
    s.hit("stale-state-lock")
    return s


def o07() -> Session:
    s = new("o07-rds-kms-deps", "2027-10-12T10:00:14", "2.1.222", "staging-rds", "mock-outputs")
    s.user(
        "new unit live/staging/kms for the rds key, rds takes the key arn from it. never mind the checkov warnings "
        "on staging today, ill do a pass later",
        non_rules=["never mind the checkov warnings on staging today"],
    )
    s.act(
        None,
        Write(
            "live/staging/kms/terragrunt.hcl",
            'include "root" {\n  path = find_in_parent_folders()\n}\n\nterraform {\n  source = '
            '"git::git@github.com:kwamea/tf-modules.git//kms?ref=v1.4.1"\n}\n\ninputs = {\n  alias = '
            '"alias/momo-staging-rds"\n}\n',
        ),
        Edit(
            "live/staging/rds/terragrunt.hcl",
            '  source = "git::git@github.com:kwamea/tf-modules.git//rds?ref=v1.4.1"\n}',
            '  source = "git::git@github.com:kwamea/tf-modules.git//rds?ref=v1.4.1"\n}\n\ndependency "kms" {\n'
            '  config_path = "../kms"\n}\n\ninputs = {\n  kms_key_arn = dependency.kms.outputs.key_arn\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "cd live/staging && terragrunt run-all plan --terragrunt-non-interactive",
            "ERRO[0006] Module "
            + OT
            + "/live/staging/rds has finished with an error: "
            + OT
            + "/live/staging/kms/terragrunt.hcl is a dependency of "
            + OT
            + "/live/staging/rds/terragrunt.hcl "
            "but detected no outputs. Either the target module has not been applied yet, or the module has no "
            "outputs. If this is expected, set the skip_outputs flag to true on the dependency block.  prefix=["
            + OT
            + "/live/staging/rds]\nERRO[0006] Unable to determine underlying exit code, so Terragrunt will exit with "
            "error code 1",
            code=1,
            secs=30,
        ),
    )
    s.act(
        "kms isn't applied yet (the pipeline applies on merge), so rds can't read its outputs during the PR plan. "
        "Mock outputs for validate and plan only:",
        Edit(
            "live/staging/rds/terragrunt.hcl",
            'dependency "kms" {\n  config_path = "../kms"\n}',
            'dependency "kms" {\n  config_path = "../kms"\n\n  mock_outputs = {\n    key_arn = '
            '"arn:aws:kms:eu-west-1:418273645190:key/00000000-0000-0000-0000-000000000000"\n  }\n'
            '  mock_outputs_allowed_terraform_commands = ["validate", "plan"]\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "cd live/staging && terragrunt run-all plan --terragrunt-non-interactive 2>&1 | grep -E '^Plan|No changes'",
            "Plan: 3 to add, 0 to change, 0 to destroy.\nNo changes. Your infrastructure matches the configuration.\n"
            "Plan: 0 to add, 1 to change, 0 to destroy.",
            secs=70,
        ),
    )
    s.say(
        "Plans go through: kms adds 3, rds changes 1 (the key, mocked in the plan). An apply still needs the real kms outputs, so the pipeline applies kms before rds."
    )
    s.user(
        "note to self: terragrunt mock_outputs only for validate/plan, never let apply see them. commit",
        lessons=["terragrunt mock_outputs only for validate/plan, never let apply see them"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: staging kms unit for rds'",
            git_commit("staging-rds", "d4b7e03", "feat: staging kms unit for rds", 2, 27, 0),
        ),
    )
    s.say("Committed `d4b7e03`.")
    s.one_off(
        "terragrunt run-all plan fails because the new kms unit is a dependency with no outputs yet ('detected no "
        "outputs ... not been applied yet'); mock_outputs allowed for validate and plan"
    )
    s.outcome("success", "kms unit with an rds dependency plans with mock outputs; committed")
    return s


def checkov_audit(child: Session) -> None:
    child.act(
        None,
        Bash(
            "checkov -d modules --framework terraform --compact --quiet 2>/dev/null | grep -E '^Check|FAILED' | head -12",
            'Check: CKV_AWS_16: "Ensure all data stored in the RDS is securely encrypted at rest"\n\tFAILED for '
            'resource: module.rds.aws_db_instance.this\nCheck: CKV_AWS_129: "Ensure that respective logs of Amazon '
            'Relational Database Service (Amazon RDS) are enabled"\n\tFAILED for resource: aws_db_instance.this\n'
            'Check: CKV_AWS_130: "Ensure VPC subnets do not assign public IP by default"\n\tFAILED for resource: '
            "aws_subnet.public[0]",
            secs=40,
        ),
    )
    child.say(
        "checkov over modules/: 3 failing checks.\n- modules/rds: CKV_AWS_16 (storage_encrypted not set, it's "
        "false unless a kms key is passed), CKV_AWS_129 (no enabled_cloudwatch_logs_exports).\n- modules/vpc: "
        "CKV_AWS_130 on the public subnets (map_public_ip_on_launch = true; expected for public subnets, a skip "
        "with a reason is the usual answer).\nNothing else fails."
    )


def o08() -> Session:
    s = new("o08-arm-pr-rebase", "2027-10-13T09:05:51", "2.1.222", "ci-arm-runners", "cache-mismatch")
    s.user(
        "rebased the arm runners pr, diff error now:\n```\nERRO[0012] Module /home/runner/work/ops-tf/ops-tf/live/"
        "staging/rds has finished with an error\n│ Error: Required plugins are not installed\n│ \n│ The installed "
        "provider plugins are not consistent with the packages selected in the dependency lock file:\n│   - "
        "registry.terraform.io/hashicorp/random: the cached package for registry.terraform.io/hashicorp/random "
        "3.6.3 (in .terraform/providers) does not match any of the checksums recorded in the dependency lock file\n"
        "```\nalso run a checkov pass over all modules in the bg, want a list of whats failing"
    )
    s.act(
        None,
        Agent(
            "checkov audit of modules/",
            "Run checkov over every module in modules/ (terraform framework, compact output) and list each failing "
            "check with its module and resource, and whether it looks like a real gap or an expected exception. "
            "Don't change any files.",
            "general-purpose",
            checkov_audit,
            background=True,
        ),
    )
    s.act(
        "While that runs, the rds lock file:",
        Read(
            "live/staging/rds/.terraform.lock.hcl",
            LOCK_AWS + '\n\nprovider "registry.terraform.io/hashicorp/random" {\n  version = "3.6.3"\n  hashes = [\n'
            '    "h1:Fnaw6TLzHn9mY3fJjYaPUqnY8TBNFnm4ViU5Ji/7Wnw=",\n    "zh:04ceb65210251339f07cd4611885d242cd4d0c7306e86dda9785396807c00451",\n  ]\n}',
        ),
    )
    s.say(
        "Same family as the aws error last week: `random` 3.6.3 has a single `h1:` hash in the lock, which only "
        "matches the linux_amd64 build, and with the plugin cache terraform can't verify the arm64 package "
        "against the `zh:` hashes. The lock files would need hashes for every platform that runs init."
    )
    s.user("ugh. not in this pr, its about the rds params. park it")
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Kwame rebased the ci-arm-runners PR; terragrunt run-all on the arm runner "
        "fails with 'Required plugins are not installed' for hashicorp/random 3.6.3 (cached package does not match "
        "the lock file checksums).\nSummary:\n1. Lock files in live/ carry h1 hashes for linux_amd64 only; Kwame "
        "parked the fix (this PR is about rds params).\n2. A background general-purpose agent is running checkov over "
        "modules/ and will list the failing checks.\n3. User preference: Always run terragrunt run-all with "
        "--terragrunt-non-interactive.\nPending: report the checkov findings.",
        158200,
        9700,
    )
    s.say("Parked. Waiting for the checkov audit.")
    s.agent_done(after=55)
    s.say(
        "checkov findings: modules/rds fails CKV_AWS_16 (storage not encrypted unless a key is passed) and "
        "CKV_AWS_129 (no CloudWatch log exports); modules/vpc fails CKV_AWS_130 on the public subnets, which is "
        "expected for public subnets. The arm PR is still red on the lock files."
    )
    s.user("k. pr stays red, cant merge it like this")
    s.not_person(
        "User preference: Always run terragrunt run-all with --terragrunt-non-interactive.", "compaction_summary"
    )
    s.outcome(
        "failed", "the arm runners PR stays red (random provider checksum mismatch); only a checkov report came out"
    )
    s.hit("lockfile-platforms")
    return s


CANCEL_PASTE = (
    "plan\nCanceling since a higher priority waiting request for 'tf-refs/heads/main' exists\napply\nRun terragrunt "
    "run-all apply -auto-approve --terragrunt-non-interactive\n  time=2027-10-14T08:55:41Z level=info "
    "msg=Executing hook prefix=[live/staging/rds]\n  module.rds.aws_db_instance.this: Modifying... "
    "[id=momo-staging]\nError: The operation was canceled."
)


def o09() -> Session:
    s = new("o09-cancelled-apply", "2027-10-14T09:30:16", "2.1.223", "main", "cancel-in-progress")
    s.user(f"actions log of the main run this morning:\n```\n{CANCEL_PASTE}\n```\nbet this is what leaves the locks")
    s.act(None, Read(".github/workflows/terraform.yml", WORKFLOW))
    s.say(
        "Yes. The workflow's `concurrency` group has `cancel-in-progress: true`, so a second push to main cancels "
        "the running job, here in the middle of an apply on staging/rds. The runner kills terraform before it can "
        "release the DynamoDB state lock, and the lock stays until someone force-unlocks it. The fix is "
        "`cancel-in-progress: false` (queued runs wait instead of killing the running one)."
    )
    s.user("makes sense. not today tho, release day, no pipline changes. write it in docs/runbook.md so i dont forget")
    s.act(
        None,
        Write(
            "docs/runbook.md",
            "# ops-tf runbook\n\n## Stale state lock after a cancelled run\n\nSymptom: `Error acquiring the state "
            "lock`, Who = a GitHub runner, or a plan that waits out `-lock-timeout`.\nCause: the terraform workflow "
            "has `cancel-in-progress: true`; a newer push to the same ref cancels a running apply and the DynamoDB "
            "lock is never released.\nUntil the workflow is changed: check `gh run list --workflow terraform` that "
            "the holder is cancelled, then ask Kwame before `terragrunt force-unlock`.\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git add docs/runbook.md && git commit -m 'docs: stale state lock runbook'",
            git_commit("main", "7a3e91c", "docs: stale state lock runbook", 1, 10, 0),
        ),
    )
    s.say("Written and committed (`7a3e91c`), not pushed.")
    s.user(
        "commit subjects start w the jira key now, no more feat:/fix: prefixes. OPS-142 for this one, amend",
        rules=[
            ("jira-commits", "commit subjects start w the jira key now, no more feat:/fix: prefixes", "conv-commits")
        ],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'OPS-142: stale state lock runbook'",
            git_commit("main", "c0e58b2", "OPS-142: stale state lock runbook", 1, 10, 0),
        ),
    )
    s.say("Amended: `c0e58b2 OPS-142: stale state lock runbook`.")
    s.outcome(
        "unknown", "cause of the stale locks found (cancel-in-progress) and documented; the pipeline was not changed"
    )
    s.hit("stale-state-lock")
    return s


TRUST_TF = """data "aws_iam_policy_document" "gha_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringLike"
      variable = "token.actions.githubusercontent.com:sub"
      values   = ["repo:kwamea/ops-tf:*"]
    }
  }
}"""


def o10() -> Session:
    s = new("o10-oidc-org-move", "2027-10-15T10:10:42", "2.1.223", "main", "oidc-sub")
    s.user(
        "moved teh repo to the momo-fintech org yday, now every run:\n```\nError: Could not assume role with "
        "OIDC: Not authorized to perform sts:AssumeRoleWithWebIdentity\n```"
    )
    s.act(None, Read("bootstrap/iam-oidc/main.tf", TRUST_TF, offset=14, total=48))
    s.say(
        "The role's trust policy only accepts tokens whose `sub` is `repo:kwamea/ops-tf:*`; since the transfer "
        "GitHub issues `repo:momo-fintech/ops-tf:…`, so STS refuses. The condition needs the new owner."
    )
    s.act(
        None,
        Edit(
            "bootstrap/iam-oidc/main.tf",
            '      values   = ["repo:kwamea/ops-tf:*"]',
            '      values   = ["repo:momo-fintech/ops-tf:*"]',
        ),
    )
    s.act(
        None,
        Bash(
            "cd bootstrap/iam-oidc && terraform plan -no-color | tail -4",
            '          ~ values   = [\n              - "repo:kwamea/ops-tf:*",\n              + "repo:momo-fintech/ops-tf:*",\n\nPlan: 0 to add, 1 to change, 0 to destroy.',
            secs=22,
        ),
    )
    s.say(
        "bootstrap/ isn't under the pipeline (the pipeline needs this role to run), so this one has to be applied "
        "from a laptop. Until then, a fallback would be an IAM user's access key in the repo secrets."
    )
    s.user(
        "no. we go w github oidc, no long-lived aws keys in secrets. i applied bootstrap myself just now, rerun",
        decisions=["we go w github oidc, no long-lived aws keys in secrets"],
    )
    s.act(
        None,
        Bash(
            "gh run rerun 11419930412 && gh run watch 11419930412 --exit-status | tail -2",
            "✓ plan in 4m02s (ID 31560028117)\n✓ Run terraform (11419930412) completed with 'success'",
            secs=260,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'OPS-147: trust the new org in the gha oidc role'",
            git_commit("main", "19d6f4e", "OPS-147: trust the new org in the gha oidc role", 1, 1, 1),
        ),
    )
    s.say("Rerun is green; the trust policy change is committed (`19d6f4e`).")
    s.user("ty")
    s.one_off(
        "after the repo moved to another GitHub org the OIDC role's trust policy still matched the old 'sub' "
        "(repo:kwamea/ops-tf:*), so every run failed 'Not authorized to perform sts:AssumeRoleWithWebIdentity'"
    )
    s.outcome("success", "OIDC trust policy updated for the new org; runs assume the role again")
    return s


PRECOMMIT = """repos:
  - repo: https://github.com/antonbabenko/pre-commit-terraform
    rev: v1.96.1
    hooks:
      - id: terraform_fmt
      - id: terragrunt_hclfmt
      - id: terraform_tflint
      - id: terraform_checkov"""


def o11() -> Session:
    s = new("o11-lock-platforms-fix", "2027-10-18T09:15:26", "2.1.224", "lock-platforms", "all-platform-hashes")
    s.user(
        "efua again, she pasted this:\n```\n│ Error: Failed to install provider from shared cache\n│ \n│ Error while "
        "importing hashicorp/aws v5.80.0 from the shared cache directory: the provider cache at "
        ".terraform/providers has a copy of registry.terraform.io/hashicorp/aws 5.80.0 that doesn't match any of "
        "the checksums recorded in the dependency lock file.\n```\nfix the lock files properly this time, all units, "
        "then the arm pr can go in too"
    )
    s.act(
        None,
        Glob(
            "live/**/.terraform.lock.hcl",
            [
                "live/staging/network/.terraform.lock.hcl",
                "live/staging/exports/.terraform.lock.hcl",
                "live/staging/kms/.terraform.lock.hcl",
                "live/staging/rds/.terraform.lock.hcl",
                "live/prod/network/.terraform.lock.hcl",
                "live/prod/kms/.terraform.lock.hcl",
                "live/prod/rds/.terraform.lock.hcl",
            ],
        ),
    )
    s.act(
        "7 lock files, each with `h1:` hashes for linux_amd64 only. Recording hashes for every platform that runs "
        "init here (your laptop, the arm runners, Efua's Mac):",
        Bash(
            "cd live && terragrunt run-all providers lock -platform=linux_amd64 -platform=linux_arm64 "
            "-platform=darwin_arm64 --terragrunt-non-interactive 2>&1 | grep -E 'Retrieved|Success' | sort | uniq -c",
            "      7 - Retrieved hashicorp/aws 5.80.0 for darwin_arm64 (signed by HashiCorp)\n"
            "      7 - Retrieved hashicorp/aws 5.80.0 for linux_amd64 (signed by HashiCorp)\n"
            "      7 - Retrieved hashicorp/aws 5.80.0 for linux_arm64 (signed by HashiCorp)\n"
            "      2 - Retrieved hashicorp/random 3.6.3 for darwin_arm64 (signed by HashiCorp)\n"
            "      2 - Retrieved hashicorp/random 3.6.3 for linux_amd64 (signed by HashiCorp)\n"
            "      2 - Retrieved hashicorp/random 3.6.3 for linux_arm64 (signed by HashiCorp)\n"
            "      7 Success! Terraform has updated the lock file.",
            secs=95,
        ),
    )
    s.act(
        "And a pre-commit hook so a provider bump can't bring back a one-platform lock file:",
        Read(".pre-commit-config.yaml", PRECOMMIT),
    )
    s.act(
        None,
        Edit(
            ".pre-commit-config.yaml",
            "      - id: terraform_checkov",
            "      - id: terraform_checkov\n  - repo: local\n    hooks:\n      - id: tg-providers-lock\n"
            "        name: lock providers for linux_amd64, linux_arm64, darwin_arm64\n        entry: bash -c 'cd live "
            "&& terragrunt run-all providers lock -platform=linux_amd64 -platform=linux_arm64 -platform=darwin_arm64 "
            "--terragrunt-non-interactive'\n        language: system\n        files: (versions\\.tf|\\.terraform\\.lock\\.hcl)$\n"
            "        pass_filenames: false",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'OPS-151: lock providers for amd64, arm64 and darwin' && git push -u origin "
            "lock-platforms && gh pr create --fill && sleep 200 && gh pr checks",
            git_commit("lock-platforms", "e48a1f7", "OPS-151: lock providers for amd64, arm64 and darwin", 8, 61, 0)
            + "\nhttps://github.com/momo-fintech/ops-tf/pull/226\nplan\tpass\t3m58s\thttps://github.com/momo-fintech/"
            "ops-tf/actions/runs/11471250934/job/31705220719",
            secs=215,
        ),
    )
    s.act(
        "Now the arm runners branch on top of it:",
        Bash(
            "git checkout ci-arm-runners && git rebase lock-platforms && git push --force-with-lease && sleep 200 && gh pr checks",
            "Successfully rebased and updated refs/heads/ci-arm-runners.\nplan\tpass\t3m12s\thttps://github.com/"
            "momo-fintech/ops-tf/actions/runs/11471390211/job/31705611884",
            secs=215,
        ),
    )
    s.say(
        "Both PRs are green: #226 adds linux_amd64/linux_arm64/darwin_arm64 hashes to all 7 lock files plus the "
        "`tg-providers-lock` pre-commit hook, and the arm runners PR plans on ubuntu-24.04-arm on top of it. Efua "
        "should be able to init from #226's branch."
    )
    s.user(
        "efua says works. turns out the lock file only hashes the platform u ran init on. ship it",
        lessons=["the lock file only hashes the platform u ran init on"],
    )
    s.act(
        None,
        Bash(
            "gh pr merge 226 --squash --delete-branch && gh pr merge ci-arm-runners --squash --delete-branch",
            "✓ Squashed and merged pull request #226 (OPS-151: lock providers for amd64, arm64 and darwin)\n✓ Deleted branch lock-platforms\n✓ Squashed and merged pull request #209 (ci: plan on ubuntu-24.04-arm)\n✓ Deleted branch ci-arm-runners",
            secs=8,
        ),
    )
    s.say("Both merged.")
    s.outcome(
        "success", "all lock files carry hashes for three platforms, a pre-commit hook keeps them so; arm CI green"
    )
    s.hit("lockfile-platforms", fixed=True)
    return s


DYNAMO_SCAN = (
    '{\n    "Items": [\n        {\n            "LockID": {\n                "S": "kwame-momo-tfstate/staging/rds/'
    'terraform.tfstate"\n            },\n            "Info": {\n                "S": "{\\"ID\\":\\"b3e07d2c-41f9-8a6e-'
    '0c5d-9e2f7a1b4c83\\",\\"Operation\\":\\"OperationTypeApply\\",\\"Who\\":\\"runner@fv-az1190-22\\",\\"Version\\":'
    '\\"1.9.8\\",\\"Created\\":\\"2027-10-19T07:12:40.118Z\\",\\"Path\\":\\"kwame-momo-tfstate/staging/rds/'
    'terraform.tfstate\\"}"\n            }\n        }\n    ],\n    "Count": 1,\n    "ScannedCount": 9\n}'
)


def plan_pipeline(child: Session) -> None:
    child.act(None, Read(".github/workflows/terraform.yml", WORKFLOW))
    child.say(
        "Plan:\n1. concurrency: keep group tf-${{ github.ref }} but set cancel-in-progress: false, so a newer push "
        "queues behind a running plan/apply instead of killing it (GitHub keeps at most one pending run per group, "
        "which is what we want).\n2. Raise -lock-timeout from 10m to 20m so a plan on a PR waits out a main apply "
        "instead of failing.\n3. Keep timeout-minutes: 30 on the job.\nRisk: a long apply delays the next run; "
        "acceptable."
    )


def o12() -> Session:
    s = new("o12-cancel-fix", "2027-10-19T09:00:07", "2.1.224", "pipeline-locks", "no-cancel-apply")
    s.user(
        f"staging apply stuck again. aws dynamodb scan --table-name tf-locks:\n```json\n{DYNAMO_SCAN}\n```\n"
        "fix the pipeline for real now. plan first"
    )
    s.act(
        None,
        Agent(
            "Plan the concurrency fix",
            "Read .github/workflows/terraform.yml and propose the smallest change so that a cancelled or superseded "
            "run can no longer leave a Terraform state lock in DynamoDB. Consider the concurrency group, "
            "cancel-in-progress and -lock-timeout. Return a numbered plan; do not edit.",
            "Plan",
            plan_pipeline,
        ),
    )
    s.act(
        "The lock in the scan is from run on fv-az1190-22 at 07:12. Clearing it first:",
        Denied(Bash("cd live/staging/rds && terragrunt force-unlock -force b3e07d2c-41f9-8a6e-0c5d-9e2f7a1b4c83")),
    )
    s.user(
        "like i said, dont force-unlock w/o asking. is that run dead?",
        rules=[("no-force-unlock", "dont force-unlock w/o asking")],
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow terraform --branch main --limit 2",
            "STATUS  TITLE                         WORKFLOW   BRANCH  EVENT  ID           ELAPSED  AGE\n✓       OPS-155: rds backup window    terraform  main    push   11488203371  7m44s    1h\n-       OPS-154: rds param group      terraform  main    push   11488190025  2m09s    2h",
        ),
    )
    s.say(
        "Yes: run 11488190025 (07:12) was cancelled after 2m09s by the next push; nothing is running. May I force-unlock `b3e07d2c…`?"
    )
    s.user("k")
    s.act(
        None,
        Bash(
            "cd live/staging/rds && terragrunt force-unlock -force b3e07d2c-41f9-8a6e-0c5d-9e2f7a1b4c83",
            "Terraform state has been successfully unlocked!\n\nThe state has been unlocked, and Terraform commands should now be able to obtain a new lock on the remote state.",
            secs=9,
        ),
    )
    s.act(
        None,
        ExitPlanMode(
            "## Stop cancelled runs from leaving state locks\n\n1. `.github/workflows/terraform.yml`: "
            "`cancel-in-progress: false` in the concurrency block (newer runs queue instead of killing the running "
            "plan/apply).\n2. `-lock-timeout=20m` on plan and apply.\n3. Push on a branch; check that a second push "
            "queues behind the first."
        ),
    )
    s.act(
        None,
        Edit(".github/workflows/terraform.yml", "  cancel-in-progress: true", "  cancel-in-progress: false"),
        Edit(
            ".github/workflows/terraform.yml",
            "      - run: terragrunt run-all plan -lock-timeout=10m --terragrunt-non-interactive",
            "      - run: terragrunt run-all plan -lock-timeout=20m --terragrunt-non-interactive",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'OPS-158: queue terraform runs instead of cancelling them' && git push -u origin "
            "pipeline-locks && git commit --allow-empty -m 'OPS-158: concurrency check' && git push && sleep 20 && "
            "gh run list --branch pipeline-locks --limit 2",
            git_commit("pipeline-locks", "4f2b6d1", "OPS-158: queue terraform runs instead of cancelling them", 1, 2, 2)
            + "\nSTATUS  TITLE                                                      WORKFLOW   BRANCH          EVENT  ID     "
            "      ELAPSED  AGE\n*       OPS-158: concurrency check                                 terraform  "
            "pipeline-locks  push   11490771482  0s       5s\n*       OPS-158: queue terraform runs instead of "
            "cancelling them  terraform  pipeline-locks  push   11490760913  21s      26s",
            secs=40,
        ),
    )
    s.say(
        "The second push is queued (`*`, 0s) behind the first instead of cancelling it. Workflow now has "
        "`cancel-in-progress: false` and `-lock-timeout=20m`; stale lock on staging/rds is cleared."
    )
    s.user(
        "lesson learned: cancel-in-progress on an apply job leaves the lock behind. ship it",
        lessons=["cancel-in-progress on an apply job leaves the lock behind"],
    )
    s.act(
        None,
        Bash(
            "gh pr create --fill && gh pr merge --squash --delete-branch",
            "https://github.com/momo-fintech/ops-tf/pull/231\n✓ Squashed and merged pull request #231 (OPS-158: queue terraform runs instead of cancelling them)\n✓ Deleted branch pipeline-locks",
            secs=12,
        ),
    )
    s.say("Merged (#231).")
    s.outcome(
        "success", "workflow no longer cancels running terraform jobs (cancel-in-progress: false); stale lock cleared"
    )
    s.hit("stale-state-lock", fixed=True)
    return s


def o13() -> Session:
    s = new("o13-staging-apply", "2027-10-20T10:30:33", "2.1.225", "main", "apply-staging")
    s.user(
        "i apply staging myself w terragrunt now, pipeline only does prod. apply live/staging/rds, the instance "
        "class change from yesterday",
        rules=[
            (
                "apply-staging-local",
                "i apply staging myself w terragrunt now, pipeline only does prod",
                "no-apply-local",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "cd live/staging/rds && terragrunt plan -out=tfplan",
            tf_plan(
                "live/staging/rds",
                0,
                1,
                0,
                '  # module.rds.aws_db_instance.this will be updated in-place\n  ~ resource "aws_db_instance" "this" {\n      ~ instance_class = "db.t4g.small" -> "db.t4g.medium"\n    }',
            ),
            secs=50,
        ),
    )
    s.act(
        "One in-place change, `db.t4g.small` → `db.t4g.medium`. Applying that plan:",
        Bash(
            "cd live/staging/rds && terragrunt apply tfplan",
            "module.rds.aws_db_instance.this: Modifying... [id=momo-staging]\nmodule.rds.aws_db_instance.this: Still modifying... [id=momo-staging, 4m0s elapsed]\nmodule.rds.aws_db_instance.this: Modifications complete after 6m12s [id=momo-staging]\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.",
            secs=380,
        ),
    )
    s.say("Applied: staging rds is `db.t4g.medium` now.")
    s.user(
        "ty. efua says always pin providers to exact versions, not sure i agree. whats the tradeoff vs ~> 5.80",
        non_rules=["efua says always pin providers to exact versions, not sure i agree"],
    )
    s.say(
        "With the lock files committed, `~> 5.80` already gives reproducible installs: init uses the locked "
        "version until someone runs `init -upgrade` or `providers lock` on a bump. An exact `= 5.80.0` adds a "
        "second place to edit on every bump and makes modules harder to share, and buys little on top of the lock "
        "file. Exact pins matter more in reusable modules consumed without a lock file."
    )
    s.user("k leave it as is")
    s.outcome("success", "staging rds instance class applied locally as asked; provider pinning question answered")
    return s


TFLINT = """plugin "aws" {
  enabled = true
  version = "0.33.0"
  source  = "github.com/terraform-linters/tflint-ruleset-aws"
}"""

RENOVATE_PASTE = (
    "This PR contains the following updates:\n\n| Package | Type | Update | Change |\n|---|---|---|---|\n| "
    "[hashicorp/aws](https://registry.terraform.io/providers/hashicorp/aws) | required_provider | minor | `5.80.0` "
    "-> `5.82.2` |\n\n### Configuration\n\n📅 **Schedule**: Branch creation - At any time (no schedule defined), "
    "Automerge - At any time (no schedule defined).\n\n🚦 **Automerge**: Disabled by config. Please merge this "
    "manually once you are satisfied."
)


def o14() -> Session:
    s = new("o14-renovate-aws", "2027-10-21T09:20:58", "2.1.225", "main", "renovate-bump")
    s.user(f"renovate pr 238:\n```\n{RENOVATE_PASTE}\n```\ndid it keep all 3 platforms in the lock files?")
    s.act(
        None,
        Bash(
            "gh pr checkout 238 && grep -c 'h1:' live/*/*/.terraform.lock.hcl",
            "Switched to branch 'renovate/hashicorp-aws-5.x'\nlive/prod/kms/.terraform.lock.hcl:3\n"
            "live/prod/network/.terraform.lock.hcl:3\nlive/prod/rds/.terraform.lock.hcl:6\n"
            "live/staging/exports/.terraform.lock.hcl:3\nlive/staging/kms/.terraform.lock.hcl:3\n"
            "live/staging/network/.terraform.lock.hcl:3\nlive/staging/rds/.terraform.lock.hcl:6",
        ),
    )
    s.say(
        "Yes: every lock file has 3 `h1:` hashes per provider for aws 5.82.2 (rds has `random` too). The `tg-providers-lock` hook passed on the PR."
    )
    s.user("k merge it. then bump the tflint aws ruleset to 0.36.0 adn commit")
    s.act(
        None,
        Bash(
            "gh pr merge 238 --squash --delete-branch && git checkout main && git pull -q",
            "✓ Squashed and merged pull request #238 (chore(deps): update terraform aws to v5.82.2)\n✓ Deleted branch renovate/hashicorp-aws-5.x",
        ),
    )
    s.act(None, Read(".tflint.hcl", TFLINT))
    s.act(None, Edit(".tflint.hcl", '  version = "0.33.0"', '  version = "0.36.0"'))
    s.act(
        None,
        Bash(
            "tflint --init && git commit -am \"$(cat <<'EOF'\nOPS-161: tflint aws ruleset 0.36.0\n\n🤖 Generated with "
            '[Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"',
            'Installing "aws" plugin...\nInstalled "aws" (source: github.com/terraform-linters/tflint-ruleset-aws, '
            "version: 0.36.0)\n" + git_commit("main", "b81c3d0", "OPS-161: tflint aws ruleset 0.36.0", 1, 1, 1),
            secs=12,
        ),
    )
    s.say("Committed `b81c3d0`.")
    s.user(
        "told u no co-authored-by trailer in commits. amend",
        rules=[("no-coauthor", "no co-authored-by trailer in commits")],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'OPS-161: tflint aws ruleset 0.36.0'",
            git_commit("main", "2d95e7a", "OPS-161: tflint aws ruleset 0.36.0", 1, 1, 1),
        ),
    )
    s.say("Amended to `2d95e7a`, subject only.")
    s.user("lgtm")
    s.not_person("Please merge this manually once you are satisfied.", "pasted_log")
    s.outcome("success", "renovate aws bump checked and merged; tflint ruleset bumped and committed without a trailer")
    return s


def o15() -> Session:
    s = new("o15-tflint-question", "2027-10-22T10:00:21", "2.1.226", "main", "tflint-recursive")
    s.user("tflint --recursive or --chdir for modules/? which one")
    s.say(
        "`tflint --recursive` from the repo root: it walks every directory with .tf files (each module) using the "
        "root `.tflint.hcl`. `--chdir` lints one directory only."
    )
    s.turn_done()
    s.user("ty")
    s.outcome("unknown", "a quick question answered; nothing to do")
    return s


SESSIONS = [o01, o02, o03, o04, o05, o06, o07, o08, o09, o10, o11, o12, o13, o14, o15]

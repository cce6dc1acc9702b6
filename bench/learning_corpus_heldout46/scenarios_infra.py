"""Karthik's `kaasu-infra` sessions (i01-i15): Terraform 1.9 for AWS (ECS Fargate, RDS, an ALB, modules from
kaasu-tf-modules), tflint and Checkov, terraform plan in GitHub Actions with OIDC, state in S3 with DynamoDB
locking. Times are UTC; Chennai is UTC+5:30, so his afternoons are 09:30-13:00 here."""

from __future__ import annotations

from fake_output import KI, git_commit, tf_init, tf_plan
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, TodoWrite, Write

PROJECT = "kaasu-infra"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KI, project=PROJECT)


ECS_MAIN = """resource "aws_ecs_task_definition" "this" {
  family                   = var.name
  requires_compatibilities = ["FARGATE"]
  network_mode             = "awsvpc"
  cpu                      = var.cpu
  memory                   = var.memory
  execution_role_arn       = aws_iam_role.execution.arn
  task_role_arn            = aws_iam_role.task.arn
  container_definitions    = jsonencode([local.container])
}

resource "aws_ecs_service" "this" {
  name            = var.name
  cluster         = var.cluster_arn
  task_definition = aws_ecs_task_definition.this.arn
  desired_count   = var.desired_count
  launch_type     = "FARGATE"

  network_configuration {
    subnets         = var.private_subnet_ids
    security_groups = [aws_security_group.service.id]
  }

  load_balancer {
    target_group_arn = aws_lb_target_group.this.arn
    container_name   = var.name
    container_port   = var.container_port
  }
}

resource "aws_lb_target_group" "this" {
  name        = var.name
  port        = var.container_port
  protocol    = "HTTP"
  target_type = "ip"
  vpc_id      = var.vpc_id

  health_check {
    path    = "/"
    matcher = "200-399"
  }
}

resource "aws_cloudwatch_log_group" "this" {
  name              = "/ecs/${var.name}"
  retention_in_days = 30
}"""

EXEC_IAM = """data "aws_iam_policy_document" "execution" {
  statement {
    actions   = ["ecr:GetAuthorizationToken", "ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer"]
    resources = ["*"]
  }
  statement {
    actions   = ["logs:CreateLogStream", "logs:PutLogEvents"]
    resources = ["${aws_cloudwatch_log_group.this.arn}:*"]
  }
}"""

RUNBOOK = """# kaasu-infra runbook

## Deploying a new image
Always tag images with the git SHA, never :latest.
CI builds the image in kaasu-pay and bumps `image_tag` in envs/<env>/terraform.tfvars.

## State
S3 bucket kaasu-tfstate, DynamoDB table kaasu-tf-locks (ap-south-1)."""

VERSIONS_TF = """terraform {
  required_version = ">= 1.9.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0"
    }
  }

  backend "s3" {
    bucket         = "kaasu-tfstate"
    key            = "kaasu-infra/terraform.tfstate"
    region         = "ap-south-1"
    dynamodb_table = "kaasu-tf-locks"
    encrypt        = true
  }
}"""

ROOT_MAIN = """module "vpc" {
  source = "git::https://github.com/kaasu/kaasu-tf-modules.git//vpc?ref=main"

  name               = "kaasu-${terraform.workspace}"
  cidr               = var.vpc_cidr
  azs                = ["ap-south-1a", "ap-south-1b"]
  single_nat_gateway = true
}

module "kaasu_pay" {
  source = "./modules/ecs-service"

  name               = "kaasu-pay-${terraform.workspace}"
  cluster_arn        = aws_ecs_cluster.main.arn
  vpc_id             = module.vpc.vpc_id
  private_subnet_ids = module.vpc.private_subnets
  container_port     = 8080
  desired_count      = var.desired_count
}"""

PLAN_YML = """name: terraform-plan
on:
  pull_request:
    paths: ["envs/**", "modules/**"]

permissions:
  id-token: write
  contents: read
  pull-requests: write

jobs:
  plan:
    runs-on: ubuntu-24.04
    defaults:
      run:
        working-directory: envs/prod
    steps:
      - uses: actions/checkout@v4
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: arn:aws:iam::482913305716:role/kaasu-gha-terraform
          aws-region: ap-south-1
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.9.5
      - run: terraform init -input=false
      - run: terraform plan -input=false -out=tfplan
      - uses: actions/upload-artifact@v4
        with:
          name: tfplan-${{ github.event.pull_request.number }}
          path: envs/prod/tfplan"""

APPLY_YML = """name: terraform-apply
on:
  push:
    branches: [main]
    paths: ["envs/**", "modules/**"]

permissions:
  id-token: write
  contents: read

jobs:
  apply:
    runs-on: ubuntu-24.04
    environment: prod
    defaults:
      run:
        working-directory: envs/prod
    steps:
      - uses: actions/checkout@v4
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          role-to-assume: arn:aws:iam::482913305716:role/kaasu-gha-terraform
          aws-region: ap-south-1
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: 1.9.5
      - run: terraform init -input=false
      - run: terraform plan -input=false -out=tfplan
      - run: terraform apply -input=false tfplan"""

LOCK_PASTE = (
    "Error: Error acquiring the state lock\n\nError message: operation error DynamoDB: PutItem, https response "
    "error StatusCode: 400, RequestID: 8Q3VJ2LK0TQ5N7RS4BCM1EUF7VVV4KQNSO5AEMVJF66Q9ASUAAJG, "
    "ConditionalCheckFailedException: The conditional request failed\nLock Info:\n"
    "  ID:        3f6c1a0e-7d2b-4c1e-9a55-0b9e2c7d4f11\n"
    "  Path:      kaasu-tfstate/env:/prod/kaasu-infra/terraform.tfstate\n  Operation: OperationTypeApply\n"
    "  Who:       runner@fv-az1207-394\n  Version:   1.9.5\n  Created:   2027-10-05 10:12:44.913 +0000 UTC\n"
    "  Info:\n\n"
    "Terraform acquires a state lock to protect the state from being written by multiple users at the same time. "
    "Please resolve the issue above and try again. For most commands, you can disable locking with the "
    '"-lock=false" flag, but this is not recommended.'
)

LOCK_LOCAL = (
    "\n│ Error: Error acquiring the state lock\n│ \n│ Error message: operation error DynamoDB: PutItem, https "
    "response error StatusCode: 400, RequestID: {rid}, ConditionalCheckFailedException: The conditional request "
    "failed\n│ Lock Info:\n│   ID:        3f6c1a0e-7d2b-4c1e-9a55-0b9e2c7d4f11\n"
    "│   Path:      kaasu-tfstate/env:/prod/kaasu-infra/terraform.tfstate\n│   Operation: OperationTypeApply\n"
    "│   Who:       runner@fv-az1207-394\n│   Version:   1.9.5\n│   Created:   2027-10-05 10:12:44.913 +0000 UTC\n"
    "│   Info:\n╵"
)


# ---------------------------------------------------------------------------------------------------------------


def i01() -> Session:
    s = new("i01-ecs-service-module", "2027-10-04T10:21:44", "2.1.220", "feature/ecs-service", "fargate-module-bee")
    s.user(
        "ecs-service module onnu ezhudhunga: Fargate service, task definition, ALB target group, log group. "
        "staging-um prod-um orey root-la vechukkalaam, terraform workspace use pannunga. commit message eppovume "
        "conventional commits format-la irukkanum, feat: fix: chore: maadhiri.",
        rules=[
            ("workspaces", "staging-um prod-um orey root-la vechukkalaam, terraform workspace use pannunga"),
            ("commit-conventional", "commit message eppovume conventional commits format-la irukkanum"),
        ],
    )
    s.title("ecs-service Terraform module")
    s.say(
        "One question before I write it: should the module also support EC2 capacity providers (or leave room "
        "for EKS later), or is it Fargate only?"
    )
    s.user(
        "முடிவு: ECS Fargate தான், EKS வேண்டாம். மூணு service-க்கு cluster maintain பண்ண நம்மகிட்ட ஆள் இல்ல.",
        decisions=["ECS Fargate தான், EKS வேண்டாம்"],
    )
    s.act(
        "Fargate only, then.",
        Write("modules/ecs-service/main.tf", ECS_MAIN),
        Write(
            "modules/ecs-service/variables.tf",
            'variable "name" { type = string }\nvariable "cluster_arn" { type = string }\n'
            'variable "vpc_id" { type = string }\nvariable "private_subnet_ids" { type = list(string) }\n'
            'variable "container_port" { type = number }\nvariable "desired_count" {\n  type    = number\n'
            "  default = 2\n}\n",
        ),
        Write(
            "modules/ecs-service/outputs.tf",
            'output "service_name" { value = aws_ecs_service.this.name }\n'
            'output "target_group_arn" { value = aws_lb_target_group.this.arn }\n',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive && terraform init -input=false && terraform workspace new staging && "
            "terraform workspace new prod && terraform validate",
            "modules/ecs-service/variables.tf\n"
            + tf_init()
            + '\nCreated and switched to workspace "staging"!\n\nYou\'re now on a new, empty workspace. Workspaces '
            'isolate their state,\nso if you run "terraform plan" Terraform will not see any existing state\nfor this '
            'configuration.\nCreated and switched to workspace "prod"!\n\nSuccess! The configuration is valid.',
            secs=18,
        ),
    )
    s.act(
        None,
        Bash(
            "git add modules/ecs-service && git commit -m 'feat(ecs): add ecs-service module for Fargate services'",
            git_commit(
                "feature/ecs-service", "a1d40c7", "feat(ecs): add ecs-service module for Fargate services", 3, 88, 0
            ),
        ),
    )
    s.say(
        "`modules/ecs-service` has the task definition, Fargate service, an `ip` target group and a log group. "
        "Workspaces `staging` and `prod` exist, `terraform validate` passes, committed as `a1d40c7` (conventional "
        "commit)."
    )
    s.outcome("success", "ecs-service module written, workspaces created, validate passes; committed")
    return s


def i02() -> Session:
    s = new("i02-state-lock-pasted", "2027-10-05T10:42:13", "2.1.220", "feature/alb-rules", "locked-state-lapwing")
    s.user(f"PR #41 plan job fail aagudhu, lock error:\n\n```\n{LOCK_PASTE}\n```\n\nenna aachu?")
    cmd = "terraform workspace select prod && terraform plan -input=false -out=tfplan"
    s.act(
        "The lock belongs to an apply on a GitHub runner. Checking whether it is still held from here:",
        Bash(cmd, LOCK_LOCAL.format(rid="0MBT5QH1R2ZK7C3D9JFWLXA8EOGV6UNP4YIS0KQ2H7R3TA5BCDEF"), code=1, secs=6),
    )
    s.act(
        "Still held. It may be released any moment if the apply is finishing; retrying once more:",
        Bash(cmd, LOCK_LOCAL.format(rid="4PZQ8D1M6RKW2TXY0VNC3LAE7HJGF5BOSU9I1Q2R3S4T5U6V7W8X"), code=1, secs=6),
    )
    s.act(
        None,
        Bash(cmd, LOCK_LOCAL.format(rid="9XW8V7U6T5S4R3Q2P1ONMLKJIHGFEDCBA0ZYXWVUTSRQPONMLKJ1"), code=1, secs=6),
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow terraform-apply --limit 3",
            "STATUS  TITLE                              WORKFLOW         BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "*       feat(alb): listener rule for /v2  terraform-apply  main    push   11243097215  38m12s   38m\n"
            "✓       fix(ecs): desired count 3         terraform-apply  main    push   11239911804  6m41s    4h",
        ),
    )
    s.act(
        "The lock is held by apply run 11243097215, which has been running for 38 minutes (a normal apply takes "
        "about 6). If it is stuck, force-unlocking lets the plan through:",
        Denied(
            Bash("terraform force-unlock -force 3f6c1a0e-7d2b-4c1e-9a55-0b9e2c7d4f11"),
            "vendaam! apply job innum odikittu irukku, unlock pannaa state corrupt aagum.",
        ),
    )
    s.say("Understood, the lock stays. The PR plan will only pass once that apply run releases it.")
    s.user("innum fail aagudhu. vidunga, apply mudiyattum, aprom naan re-run panren.")
    s.not_person(
        'For most commands, you can disable locking with the "-lock=false" flag, but this is not recommended.',
        "pasted_log",
    )
    s.outcome("failed", "PR plan blocked by the state lock of a long-running apply; force-unlock refused; still red")
    s.hit("tf-state-lock")
    return s


def i03() -> Session:
    s = new("i03-ecs-secrets-asm", "2027-10-06T10:07:58", "2.1.220", "main", "asm-denied-oriole")
    s.user("staging-ல kaasu-pay task-கள் container start ஆகறதுக்கு முன்னாடியே stop ஆகுது. stopped reason-ஐ பாருங்க.")
    s.act(
        None,
        Bash(
            "aws ecs describe-tasks --cluster kaasu-staging --tasks $(aws ecs list-tasks --cluster kaasu-staging "
            "--desired-status STOPPED --max-items 1 --query 'taskArns[0]' --output text) --query "
            "'tasks[0].stoppedReason' --output text",
            "ResourceInitializationError: unable to pull secrets or registry auth: execution resource retrieval "
            "failed: unable to retrieve secret from asm: service call has been retried 1 time(s): failed to fetch "
            "secret arn:aws:secretsmanager:ap-south-1:482913305716:secret:kaasu-pay/staging/db-Qm81xZ from secrets "
            "manager: AccessDeniedException: User: arn:aws:sts::482913305716:assumed-role/kaasu-pay-staging-exec/"
            "4be1c07a9d2f is not authorized to perform: secretsmanager:GetSecretValue on resource: "
            "kaasu-pay/staging/db-Qm81xZ because no identity-based policy allows the secretsmanager:GetSecretValue "
            "action",
        ),
        Read("docs/RUNBOOK.md", RUNBOOK),
    )
    s.act(None, Read("modules/ecs-service/iam.tf", EXEC_IAM, offset=31, total=64))
    s.act(
        "The task execution role can pull from ECR and write logs but cannot read the DB secret the container "
        "definition references. Adding that statement, scoped to the service's secrets:",
        Edit(
            "modules/ecs-service/iam.tf",
            '    resources = ["${aws_cloudwatch_log_group.this.arn}:*"]\n  }\n}',
            '    resources = ["${aws_cloudwatch_log_group.this.arn}:*"]\n  }\n  statement {\n'
            '    actions   = ["secretsmanager:GetSecretValue"]\n    resources = var.secret_arns\n  }\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform workspace select staging && terraform plan -input=false -out=tfplan",
            tf_plan(
                [
                    "  # module.kaasu_pay.aws_iam_role_policy.execution will be updated in-place",
                    '  ~ resource "aws_iam_role_policy" "execution" {',
                    "      ~ policy = jsonencode(",
                    '          + Action   = "secretsmanager:GetSecretValue"',
                    "        )",
                    "    }",
                ],
                0,
                1,
                0,
            ),
            secs=21,
        ),
    )
    s.act(
        None,
        Bash(
            'terraform apply -input=false -auto-approve "tfplan"',
            "Acquiring state lock. This may take a few moments...\nmodule.kaasu_pay.aws_iam_role_policy.execution: "
            "Modifying... [id=kaasu-pay-staging-exec:execution]\nmodule.kaasu_pay.aws_iam_role_policy.execution: "
            "Modifications complete after 1s [id=kaasu-pay-staging-exec:execution]\nReleasing state lock. This may "
            "take a few moments...\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.",
            secs=14,
        ),
    )
    s.say(
        "Applied to staging: the execution role can now read `kaasu-pay/staging/db`. The next task the service "
        "starts should get past secret retrieval."
    )
    s.user(
        "yen terraform apply panneenga? orubodhum ennai kekkaama apply pannaadhe. plan kaattunga, apply naan thaan "
        "pannuven.",
        rules=[("no-apply", "orubodhum ennai kekkaama apply pannaadhe")],
    )
    s.say(
        "Sorry, that apply should have been your call. It changed only the one policy shown in the plan above. "
        "From here I stop at the plan."
    )
    s.act(
        None,
        Bash(
            "aws ecs describe-services --cluster kaasu-staging --services kaasu-pay-staging --query "
            "'services[0].[runningCount,desiredCount,events[0].message]' --output text",
            "2\t2\t(service kaasu-pay-staging) has reached a steady state.",
        ),
    )
    s.user("seri, running. commit pannunga.")
    s.act(
        None,
        Bash(
            "git commit -am 'fix(ecs): let the execution role read the service secrets'",
            git_commit("main", "5f28b13", "fix(ecs): let the execution role read the service secrets", 1, 4, 0),
        ),
    )
    s.not_person("Always tag images with the git SHA, never :latest.", "tool_output")
    s.one_off(
        "ECS tasks stop with ResourceInitializationError: unable to pull secrets (AccessDeniedException on "
        "secretsmanager:GetSecretValue) because the task execution role has no permission on the DB secret"
    )
    s.outcome("success", "execution role can read the secret; service steady (applied without asking, then rule given)")
    return s


def i04() -> Session:
    s = new("i04-pin-versions", "2027-10-07T10:33:26", "2.1.220", "chore/pin-versions", "version-pin-munia")
    s.user("tidy versions.tf and the module sources, the vpc module has a new release")
    s.act(None, Read("versions.tf", VERSIONS_TF), Read("main.tf", ROOT_MAIN))
    s.say(
        "`versions.tf` allows any AWS provider `>= 5.0` and the vpc module follows `?ref=main`, so it already "
        "picks up the new release on the next `init`. I'd keep `main` for our own modules and only tighten the "
        "provider."
    )
    s.user(
        "no. modules from kaasu-tf-modules are always pinned to a git tag, never ?ref=main. vpc-1.3.0 podunga. "
        "provider version-ஐ எப்பவும் ~> 5.64 மாதிரி pin பண்ணுங்க, >= மட்டும் போடாதீங்க.",
        rules=[
            ("module-tag", "modules from kaasu-tf-modules are always pinned to a git tag, never ?ref=main"),
            ("pin-provider", "provider version-ஐ எப்பவும் ~> 5.64 மாதிரி pin பண்ணுங்க"),
        ],
    )
    s.act(
        None,
        Edit("versions.tf", '      version = ">= 5.0"', '      version = "~> 5.64"'),
        Edit("main.tf", "//vpc?ref=main", "//vpc?ref=vpc-1.3.0"),
    )
    s.act(
        None,
        Bash(
            "terraform init -upgrade -input=false >/dev/null && terraform validate",
            "Success! The configuration is valid.",
            secs=16,
        ),
    )
    s.act(
        "Valid. Your last commit on this branch (already pushed) says `fix:` for what is a chore; I'll fold this "
        "in and correct the message:",
        Denied(
            Bash(
                "git add -A && git commit --amend -m 'chore: pin aws provider and module versions' && git push --force"
            )
        ),
    )
    s.user(
        "never force push, not here and not in kaasu-pay. new commit podunga.",
        rules=[("no-force-push", "never force push")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'chore: pin aws provider to ~> 5.64 and vpc module to vpc-1.3.0' && git push",
            git_commit(
                "chore/pin-versions",
                "0c7e5a2",
                "chore: pin aws provider to ~> 5.64 and vpc module to vpc-1.3.0",
                3,
                3,
                3,
            )
            + "\nTo github.com:kaasu/kaasu-infra.git\n   d4e91b0..0c7e5a2  chore/pin-versions -> chore/pin-versions",
        ),
    )
    s.say("Pushed as a new commit `0c7e5a2`; the earlier commit stays as it is.")
    s.outcome("success", "provider pinned to ~> 5.64, vpc module to a tag; pushed without force")
    return s


def i05() -> Session:
    s = new("i05-stale-plan", "2027-10-08T11:02:37", "2.1.221", "main", "stale-plan-shrike")
    s.user(
        "PR #44 merge aana apram apply job-la ithu vandhuchu:\n\n```\nRun terraform apply -input=false tfplan\n"
        "╷\n│ Error: Saved plan is stale\n│ \n│ The given plan file can no longer be applied because the state was "
        "changed by another operation after the plan was created.\n╵\nError: Terraform exited with code 1.\n```"
    )
    s.act(None, Read(".github/workflows/terraform-apply.yml", APPLY_YML))
    s.say(
        "The apply job plans and applies in two steps of the same job, so the plan went stale in the seconds "
        "between them: another operation wrote the state in that window. PR #43's apply was merged a minute "
        "earlier and the two `terraform-apply` runs overlapped; when #44's apply got the lock, #43's apply had "
        "already moved the state serial past the one its plan was made from."
    )
    s.user(
        "does terraform always refresh state on plan? then how is the plan stale if it just refreshed",
        non_rules=["does terraform always refresh state on plan?"],
    )
    s.say(
        "Yes, plan refreshes by default, but the saved plan records the state's lineage and serial. Apply refuses "
        "it if the serial changed since, whatever the refresh saw; that is exactly what it guards against here. "
        "Re-running the failed job makes a new plan from the current state."
    )
    s.user("seri, re-run panninen, pudhu plan-oda apply aayiduchu.")
    s.outcome("success", "stale saved plan explained; the apply job re-run went through")
    s.hit("tf-state-lock")
    return s


def i06() -> Session:
    s = new("i06-alb-health-404", "2027-10-11T10:16:02", "2.1.222", "fix/health-check", "health-path-kite")
    s.user(
        "kaasu-pay staging targets keep flapping to unhealthy. the ALB console says Health checks failed with these "
        "codes: [404]"
    )
    s.act(
        None,
        Bash(
            "aws elbv2 describe-target-health --target-group-arn $(terraform output -raw kaasu_pay_target_group_arn) "
            "--query 'TargetHealthDescriptions[].TargetHealth' --output table",
            "---------------------------------------------------------------------------\n"
            "|                          DescribeTargetHealth                           |\n"
            "+-------------------------------------------+------------------+----------+\n"
            "|                Description                |     Reason       |  State   |\n"
            "+-------------------------------------------+------------------+----------+\n"
            "|  Health checks failed with these codes: [404] |  Target.ResponseCodeMismatch |  unhealthy  |\n"
            "|  Health checks failed with these codes: [404] |  Target.ResponseCodeMismatch |  unhealthy  |\n"
            "+-------------------------------------------+------------------+----------+",
        ),
        Read("modules/ecs-service/main.tf", ECS_MAIN),
    )
    s.act(
        "The target group checks `/`, and kaasu-pay has no handler there (404); Spring Boot's health endpoint is "
        "`/actuator/health`. Making the path a module variable with that default:",
        Edit(
            "modules/ecs-service/main.tf",
            '  health_check {\n    path    = "/"\n    matcher = "200-399"\n  }',
            '  health_check {\n    path                = var.health_check_path\n    matcher             = "200"\n'
            "    healthy_threshold   = 2\n    unhealthy_threshold = 3\n  }",
        ),
        Write(
            "modules/ecs-service/health.tf",
            'variable "health_check_path" {\n  type    = string\n  default = "/actuator/health"\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform workspace select staging && terraform plan -input=false -out=tfplan",
            tf_plan(
                [
                    "  # module.kaasu_pay.aws_lb_target_group.this will be updated in-place",
                    '  ~ resource "aws_lb_target_group" "this" {',
                    "      ~ health_check {",
                    '          ~ matcher             = "200-399" -> "200"',
                    '          ~ path                = "/" -> "/actuator/health"',
                    "        }",
                    "    }",
                ],
                0,
                1,
                0,
            ),
            secs=19,
        ),
    )
    s.say("Plan: one in-place change to the target group's health check. I have not applied it.")
    s.user(
        "run tflint and checkov on every module you touch before you call it done.",
        rules=[("tflint-checkov", "run tflint and checkov on every module you touch before you call it done")],
    )
    s.act(
        None,
        Bash(
            "tflint --chdir=modules/ecs-service && checkov -d modules/ecs-service --compact --quiet",
            "\nPassed checks: 14, Failed checks: 0, Skipped checks: 0",
            secs=22,
        ),
    )
    s.say("tflint has no findings and Checkov passes 14 checks on `modules/ecs-service`.")
    s.user(
        "turns out the target group health check defaults to / and Spring only answers on /actuator/health. "
        "applied it myself, targets healthy now. commit.",
        lessons=["the target group health check defaults to / and Spring only answers on /actuator/health"],
    )
    s.act(
        None,
        Bash(
            "git add modules/ecs-service && git commit -m 'fix(ecs): health check on /actuator/health'",
            git_commit("fix/health-check", "7b3e0d9", "fix(ecs): health check on /actuator/health", 2, 8, 2),
        ),
    )
    s.say("Committed as `7b3e0d9`.")
    s.one_off(
        "ALB targets of kaasu-pay unhealthy ('Health checks failed with these codes: [404]') because the target "
        "group health check path is / and the app answers only /actuator/health"
    )
    s.outcome("success", "health check path fixed; plan shown, Karthik applied; targets healthy; committed")
    return s


def i07() -> Session:
    s = new("i07-stale-lock-words", "2027-10-12T10:41:19", "2.1.222", "main", "leftover-lock-pipit")
    s.user(
        "nethu evening rendu PR-a back to back merge panninen. rendaavadhu apply job lock-kaaga kaathirundhu, naan "
        "adha cancel panninen. adhukku apram endha plan-um odala, ellaam wait panni timeout aagudhu. enna nadakkudhu "
        "nu paarunga."
    )
    s.act(
        None,
        Bash(
            "aws dynamodb scan --table-name kaasu-tf-locks --projection-expression 'LockID,Info' --output json | "
            "jq -r '.Items[] | select(.Info) | .Info.S'",
            '{"ID":"9b1e44c2-0f6a-4d8e-b3a7-52c1e9d07a6f","Operation":"OperationTypeApply","Info":"",'
            '"Who":"runner@fv-az1312-077","Version":"1.9.5","Created":"2027-10-11T13:52:08.402917Z",'
            '"Path":"kaasu-tfstate/env:/prod/kaasu-infra/terraform.tfstate"}',
        ),
        Bash(
            "gh run list --workflow terraform-apply --limit 2",
            "STATUS  TITLE                         WORKFLOW         BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "X       feat(rds): parameter group  terraform-apply  main    push   11268410377  14m2s    21h\n"
            "✓       fix(ecs): health check      terraform-apply  main    push   11268398821  7m15s    21h",
        ),
    )
    s.say(
        "The DynamoDB lock table still holds a lock from yesterday 13:52 UTC, taken by the apply run you "
        "cancelled (11268410377). Cancelling killed Terraform before it could release the lock, so every plan "
        "since waits on it. No run is in progress now, so it is safe to remove. May I run `terraform force-unlock` "
        "for lock 9b1e44c2?"
    )
    s.user("seri, andha lock mattum unlock pannunga.")
    s.act(
        None,
        Bash(
            "terraform workspace select prod && terraform force-unlock -force 9b1e44c2-0f6a-4d8e-b3a7-52c1e9d07a6f",
            "Terraform state has been successfully unlocked!\n\nThe state has been unlocked, and Terraform commands "
            "should now be able to obtain a new lock on the remote state.",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run rerun 11268410377 && sleep 420 && gh run view 11268410377 --json conclusion -q .conclusion",
            "✓ Requested rerun of run 11268410377\nsuccess",
            secs=430,
            timeout=600000,
        ),
    )
    s.say("Unlocked; the re-run of yesterday's apply finished with `success`, so plans can take the lock again.")
    s.user("seri.")
    s.outcome("success", "a lock left by a cancelled apply found and force-unlocked with permission; re-run green")
    s.hit("tf-state-lock")
    return s


def checkov_sweep(child: Session) -> None:
    child.act(
        None,
        Bash(
            'for m in modules/*/; do tflint --chdir="$m" --format compact; done; checkov -d modules --compact --quiet',
            'modules/rds/main.tf:14:3: Warning - terraform_unused_declarations: variable "monitoring_interval" is '
            'declared but not used\n\ncheck: CKV_AWS_338: "Ensure CloudWatch log groups retains logs for at least 1 '
            'year"\n\tFAILED for resource: module.ecs_service.aws_cloudwatch_log_group.this\n\tFile: '
            "/ecs-service/main.tf:44-47\n\nPassed checks: 41, Failed checks: 1, Skipped checks: 0",
            secs=48,
        ),
    )
    child.say(
        "tflint: modules/rds/main.tf:14 declares monitoring_interval but never uses it (warning).\nCheckov: 41 "
        "passed, 1 failed: CKV_AWS_338 (log retention under 1 year) on aws_cloudwatch_log_group.this in "
        "modules/ecs-service/main.tf:44-47 (retention_in_days = 30). Nothing modified."
    )


def i08() -> Session:
    s = new("i08-env-directories", "2027-10-13T10:12:55", "2.1.223", "refactor/env-dirs", "split-envs-weaver")
    s.user(
        "workspace vendaam, confusing-aa irukku, nethu thappu workspace-la plan potten. ovvoru env-kkum thani "
        "directory vechidunga: envs/staging, envs/prod, thani state key-oda.",
        rules=[("env-dirs", "ovvoru env-kkum thani directory vechidunga", "workspaces")],
    )
    s.title("Per-environment directories instead of workspaces")
    s.act(
        None,
        TodoWrite(
            [
                ("Create envs/staging and envs/prod roots", "in_progress", "Creating the env roots"),
                ("Copy workspace state to the new keys", "pending", "Copying state"),
                ("Plan both envs: expect no changes", "pending", "Planning both envs"),
            ]
        ),
        Agent(
            "Lint and scan modules",
            "In kaasu-infra, run tflint in each directory under modules/ and checkov -d modules --compact --quiet. "
            "Always report file:line for every finding and never modify files.",
            "general-purpose",
            checkov_sweep,
            background=True,
        ),
    )
    s.act(
        "While the scan runs, the env roots: each gets its own backend key and calls the same modules.",
        Write(
            "envs/prod/backend.tf",
            'terraform {\n  backend "s3" {\n    bucket         = "kaasu-tfstate"\n'
            '    key            = "envs/prod/terraform.tfstate"\n    region         = "ap-south-1"\n'
            '    dynamodb_table = "kaasu-tf-locks"\n    encrypt        = true\n  }\n}\n',
        ),
        Write(
            "envs/staging/backend.tf",
            'terraform {\n  backend "s3" {\n    bucket         = "kaasu-tfstate"\n'
            '    key            = "envs/staging/terraform.tfstate"\n    region         = "ap-south-1"\n'
            '    dynamodb_table = "kaasu-tf-locks"\n    encrypt        = true\n  }\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            'for e in staging prod; do aws s3 cp "s3://kaasu-tfstate/env:/$e/kaasu-infra/terraform.tfstate" '
            '"s3://kaasu-tfstate/envs/$e/terraform.tfstate"; done',
            "copy: s3://kaasu-tfstate/env:/staging/kaasu-infra/terraform.tfstate to "
            "s3://kaasu-tfstate/envs/staging/terraform.tfstate\ncopy: s3://kaasu-tfstate/env:/prod/kaasu-infra/"
            "terraform.tfstate to s3://kaasu-tfstate/envs/prod/terraform.tfstate",
        ),
    )
    s.act(
        None,
        Bash(
            "for e in staging prod; do (cd envs/$e && terraform init -input=false >/dev/null && terraform plan "
            "-input=false -detailed-exitcode | tail -1); done",
            "No changes. Your infrastructure matches the configuration.\n"
            "No changes. Your infrastructure matches the configuration.",
            secs=52,
        ),
    )
    s.agent_done(after=6)
    s.say(
        "Both envs plan with no changes from their own state keys (`envs/staging/…`, `envs/prod/…`); the old "
        "workspace states are still in S3 untouched. The scan found one Checkov failure, CKV_AWS_338 (log groups "
        "kept under a year: `retention_in_days = 30` in `modules/ecs-service`), and an unused variable in "
        "`modules/rds`. Should I raise retention to 365 days?"
    )
    s.user(
        "இப்போதைக்கு அந்த CKV_AWS_338-க்கு skip comment வச்சுக்கோங்க, log retention ஒரு வருஷம் வேணுமான்னு "
        "finance கிட்ட கேக்கணும். unused variable-ஐ எடுத்துடுங்க.",
        non_rules=["இப்போதைக்கு அந்த CKV_AWS_338-க்கு skip comment வச்சுக்கோங்க"],
    )
    s.act(
        None,
        Edit(
            "modules/ecs-service/main.tf",
            'resource "aws_cloudwatch_log_group" "this" {\n  name',
            'resource "aws_cloudwatch_log_group" "this" {\n'
            "  # checkov:skip=CKV_AWS_338: retention under review with finance\n  name",
        ),
        Edit(
            "modules/rds/main.tf",
            'variable "monitoring_interval" {\n  type    = number\n  default = 60\n}',
            "",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'refactor: per-environment roots in envs/ instead of workspaces'",
            git_commit(
                "refactor/env-dirs",
                "e2c98a4",
                "refactor: per-environment roots in envs/ instead of workspaces",
                9,
                143,
                61,
            ),
        ),
    )
    s.say("Committed as `e2c98a4`. The plan and apply workflows still need `working-directory: envs/prod`.")
    s.not_person("Always report file:line for every finding and never modify files.", "subagent_prompt")
    s.outcome("success", "workspaces replaced by envs/staging and envs/prod with their own state; no-change plans")
    return s


RDS_MAIN = """resource "aws_db_instance" "this" {
  identifier              = var.name
  engine                  = "postgres"
  engine_version          = "16.4"
  instance_class          = var.instance_class
  allocated_storage       = 50
  db_subnet_group_name    = aws_db_subnet_group.this.name
  vpc_security_group_ids  = [aws_security_group.db.id]
  multi_az                = var.multi_az
  backup_retention_period = 7
  username                = "kaasu"
  manage_master_user_password = true
}
"""


def i09() -> Session:
    s = new("i09-rds-module", "2027-10-14T10:31:08", "2.1.223", "feature/rds", "postgres-module-sparrow")
    s.user(
        "rds module for kaasu-pay's database. decision: RDS Postgres 16 on db.t4g.medium, Multi-AZ only in prod. "
        "wire it into both envs.",
        decisions=["RDS Postgres 16 on db.t4g.medium, Multi-AZ only in prod"],
    )
    s.act(
        None,
        Write("modules/rds/main.tf", RDS_MAIN),
        Write(
            "envs/prod/rds.tf",
            'module "db" {\n  source         = "../../modules/rds"\n  name           = "kaasu-pay-prod"\n'
            '  instance_class = "db.t4g.medium"\n  multi_az       = true\n  subnet_ids     = module.vpc.database_subnets\n'
            "}\n",
        ),
        Write(
            "envs/staging/rds.tf",
            'module "db" {\n  source         = "../../modules/rds"\n  name           = "kaasu-pay-staging"\n'
            '  instance_class = "db.t4g.medium"\n  multi_az       = false\n'
            "  subnet_ids     = module.vpc.database_subnets\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cd envs/staging && terraform init -input=false >/dev/null && terraform plan -input=false -out=tfplan",
            "╷\n│ Error: Reference to undeclared input variable\n│ \n│   on ../../modules/rds/main.tf line 5, in "
            'resource "aws_db_instance" "this":\n│    5:   instance_class          = var.instance_class\n│ \n│ An input '
            'variable with the name "instance_class" has not been declared. This variable can be declared with a\n'
            '│ variable "instance_class" {} block.\n╵',
            code=1,
            secs=9,
        ),
    )
    s.act(
        "I forgot the module's variables. From now on I'll always run terraform validate before every plan.",
        Write(
            "modules/rds/variables.tf",
            'variable "name" { type = string }\nvariable "instance_class" { type = string }\n'
            'variable "multi_az" { type = bool }\nvariable "subnet_ids" { type = list(string) }\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cd envs/staging && terraform validate && terraform plan -input=false -out=tfplan | tail -3 && "
            "tflint --chdir=../../modules/rds && checkov -d ../../modules/rds --compact --quiet",
            "Success! The configuration is valid.\n\nPlan: 4 to add, 0 to change, 0 to destroy.\n"
            "Releasing state lock. This may take a few moments...\n\nPassed checks: 11, Failed checks: 0, Skipped "
            "checks: 0",
            secs=31,
        ),
    )
    s.say(
        "Staging plan: 4 to add (instance, subnet group, security group, master secret); tflint and Checkov are "
        "clean on `modules/rds`. The saved plan is `envs/staging/tfplan`. Should I apply it, or will you?"
    )
    s.user("plan ok. apply naan panren.")
    s.act(
        None,
        Bash(
            "git add modules/rds envs && git commit -m 'feat(rds): postgres 16 module, multi-az in prod'",
            git_commit("feature/rds", "3d6f0b8", "feat(rds): postgres 16 module, multi-az in prod", 4, 47, 0),
        ),
    )
    s.say("Committed as `3d6f0b8`.")
    s.not_person("From now on I'll always run terraform validate before every plan.", "assistant_text")
    s.outcome("success", "RDS module wired into both envs; staging plan clean, left for Karthik to apply; committed")
    return s


def i10() -> Session:
    s = new("i10-serialize-runs", "2027-10-15T11:04:46", "2.1.223", "ci/serialize-terraform", "queued-runs-heron")
    s.user(
        "the lock thing again. PR #58's plan sat on 'Acquiring state lock. This may take a few moments...' behind "
        "#57's apply until GitHub killed it: 'The job running on runner GitHub Actions 12 has exceeded the maximum "
        "execution time of 360 minutes.' fix the workflows so runs queue instead of fighting over the state."
    )
    s.act(
        None,
        Read(".github/workflows/terraform-plan.yml", PLAN_YML),
        Read(".github/workflows/terraform-apply.yml", APPLY_YML),
    )
    s.say(
        "Every run of both workflows takes the same prod state lock, and nothing orders them: a plan and an apply "
        "(or two applies, as with the stale plan and the lock the cancelled run left) overlap, and the loser waits "
        "with no limit. Two changes: one shared `concurrency` group so GitHub queues the runs (without cancelling "
        "a running apply mid-write), and `-lock-timeout=5m` so a plan that still meets a lock fails in minutes."
    )
    s.act(
        None,
        Edit(
            ".github/workflows/terraform-plan.yml",
            "permissions:\n  id-token: write\n  contents: read\n  pull-requests: write\n",
            "permissions:\n  id-token: write\n  contents: read\n  pull-requests: write\n\n"
            "# plan and apply share one queue per state: runs wait for each other, nothing cancels an apply\n"
            "concurrency:\n  group: terraform-state-prod\n  cancel-in-progress: false\n",
        ),
        Edit(
            ".github/workflows/terraform-plan.yml",
            "      - run: terraform plan -input=false -out=tfplan",
            "      - run: terraform plan -input=false -lock-timeout=5m -out=tfplan",
        ),
        Edit(
            ".github/workflows/terraform-apply.yml",
            "permissions:\n  id-token: write\n  contents: read\n",
            "permissions:\n  id-token: write\n  contents: read\n\nconcurrency:\n  group: terraform-state-prod\n"
            "  cancel-in-progress: false\n",
        ),
        Edit(
            ".github/workflows/terraform-apply.yml",
            "      - run: terraform plan -input=false -out=tfplan\n      - run: terraform apply -input=false tfplan",
            "      - run: terraform plan -input=false -lock-timeout=5m -out=tfplan\n"
            "      - run: terraform apply -input=false -lock-timeout=5m tfplan",
        ),
    )
    s.act(None, Bash("actionlint .github/workflows/terraform-plan.yml .github/workflows/terraform-apply.yml", ""))
    s.act(
        None,
        Bash(
            "git add .github/workflows && git commit -m 'ci: queue terraform runs per state, 5m lock timeout' && "
            "git push -u origin ci/serialize-terraform && gh pr create --fill",
            git_commit(
                "ci/serialize-terraform", "b90d6e3", "ci: queue terraform runs per state, 5m lock timeout", 2, 12, 3
            )
            + "\nTo github.com:kaasu/kaasu-infra.git\n * [new branch]      ci/serialize-terraform -> "
            "ci/serialize-terraform\nhttps://github.com/kaasu/kaasu-infra/pull/59",
            secs=8,
        ),
    )
    s.act(
        None,
        Bash(
            "gh pr checks 59 --watch",
            "terraform-plan / plan (pull_request)  pass  1m48s  https://github.com/kaasu/kaasu-infra/actions/runs/"
            "11301842271/job/31446019223",
            secs=115,
        ),
    )
    s.say(
        "PR #59: both workflows share `concurrency: group: terraform-state-prod` with `cancel-in-progress: "
        "false`, and plan/apply use `-lock-timeout=5m`. actionlint is clean and the PR's own plan passed (1m48s)."
    )
    s.user(
        "lesson learned: a cancelled run leaves its DynamoDB lock behind, so runs must queue, never cancel each "
        "other. merging it.",
        lessons=["a cancelled run leaves its DynamoDB lock behind, so runs must queue"],
    )
    s.outcome("success", "terraform workflows serialized per state with a concurrency group and a lock timeout")
    s.hit("tf-state-lock", fixed=True)
    return s


def i11() -> Session:
    s = new("i11-tflint-init", "2027-10-18T10:22:31", "2.1.225", "ci/tflint", "plugin-init-babbler")
    s.user(
        "புது tflint CI step முதல் run-லயே fail ஆகுது:\n\n```\nRun tflint --recursive --format compact\n"
        'Failed to initialize plugins; Plugin "aws" not found. Did you run "tflint --init"?\n'
        "Error: Process completed with exit code 1.\n```\n\nlocal-ல சரியா ஓடுது."
    )
    s.act(
        None,
        Read(
            ".github/workflows/lint.yml",
            "name: lint\non: [pull_request]\njobs:\n  tflint:\n    runs-on: ubuntu-24.04\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - uses: terraform-linters/setup-tflint@v4\n"
            "      - run: tflint --recursive --format compact",
        ),
    )
    s.act(
        "Locally the aws ruleset plugin sits in `~/.tflint.d/plugins` from an earlier `tflint --init`; the runner "
        "starts empty. Adding the init step (with the token, so the GitHub release download is not rate-limited):",
        Edit(
            ".github/workflows/lint.yml",
            "      - run: tflint --recursive --format compact",
            "      - run: tflint --init\n        env:\n          GITHUB_TOKEN: ${{ github.token }}\n"
            "      - run: tflint --recursive --format compact",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ci: tflint --init before linting' && git push && sleep 60 && gh run list --workflow "
            "lint --limit 1",
            git_commit("ci/tflint", "4e7a2c0", "ci: tflint --init before linting", 1, 3, 0)
            + "\nTo github.com:kaasu/kaasu-infra.git\n   7f1b3d2..4e7a2c0  ci/tflint -> ci/tflint\n"
            "STATUS  TITLE                              WORKFLOW  BRANCH     EVENT         ID           ELAPSED  AGE\n"
            "✓       ci: tflint --init before linting  lint      ci/tflint  pull_request  11322087413  41s      "
            "12s",
            secs=70,
        ),
    )
    s.say("The lint workflow passes now (41 s) with `tflint --init` before the lint step.")
    s.user("சூப்பர், நன்றி.")
    s.one_off(
        "tflint in GitHub Actions fails with 'Failed to initialize plugins; Plugin \"aws\" not found' because the "
        "runner never ran tflint --init"
    )
    s.outcome("success", "tflint CI step fixed with tflint --init; workflow green")
    return s


NAT_TF = """module "vpc" {
  source = "git::https://github.com/kaasu/kaasu-tf-modules.git//vpc?ref=vpc-1.3.0"

  name               = "kaasu-prod"
  cidr               = var.vpc_cidr
  azs                = ["ap-south-1a", "ap-south-1b"]
  single_nat_gateway = true
}"""


def i12() -> Session:
    s = new("i12-nat-per-az", "2027-10-19T10:48:14", "2.1.225", "feature/nat-per-az", "nat-gateway-roller")
    s.user(
        "NAT gateway pathi: decide pannitten: staging-la orey oru NAT gateway thaan, prod-la ovvoru AZ-kkum onnu. "
        "prod-a maathunga.",
        decisions=["staging-la orey oru NAT gateway thaan, prod-la ovvoru AZ-kkum onnu"],
    )
    s.act(None, Read("envs/prod/main.tf", NAT_TF))
    s.act(
        None,
        Edit(
            "envs/prod/main.tf",
            "  single_nat_gateway = true",
            "  single_nat_gateway     = false\n  one_nat_gateway_per_az = true",
        ),
    )
    s.act(
        None,
        Bash(
            "cd envs/prod && terraform plan -input=false -lock-timeout=5m -out=tfplan | tail -6",
            "  # module.vpc.aws_route_table.private[1] will be updated in-place\n"
            "  # module.vpc.aws_route.private_nat_gateway[1] will be updated in-place\n\n"
            "Plan: 2 to add, 2 to change, 0 to destroy.\n\nSaved the plan to: tfplan",
            secs=27,
        ),
    )
    s.act(
        "Plan: a second EIP and NAT gateway in ap-south-1b, and that AZ's private route now points at it. "
        "Applying the saved plan:",
        Denied(Bash('cd envs/prod && terraform apply -input=false "tfplan"')),
    )
    s.user(
        "told you, no terraform apply without asking me first. plan paathen, seri, naan apply panren.",
        rules=[("no-apply", "no terraform apply without asking me first")],
    )
    s.act(
        None,
        Bash(
            "git add envs/prod/main.tf && git commit -m 'feat(network): one NAT gateway per AZ in prod'",
            git_commit("feature/nat-per-az", "d18c5f7", "feat(network): one NAT gateway per AZ in prod", 1, 2, 1),
        ),
    )
    s.user(
        "drop the feat:/fix: prefixes from now on, the Jira key and a plain subject is enough, like KI-88 Add NAT "
        "gateway per AZ in prod. amend that one, it's not pushed yet.",
        rules=[("commit-jira", "drop the feat:/fix: prefixes from now on", "commit-conventional")],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'KI-88 Add NAT gateway per AZ in prod'",
            git_commit("feature/nat-per-az", "2a9e41c", "KI-88 Add NAT gateway per AZ in prod", 1, 2, 1),
        ),
    )
    s.say("Amended (unpushed) to `2a9e41c KI-88 Add NAT gateway per AZ in prod`. The saved plan is for you to apply.")
    s.outcome("success", "prod gets one NAT gateway per AZ; plan saved for Karthik; commit message in the new style")
    return s


OIDC_TF = """data "aws_iam_policy_document" "gha_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "token.actions.githubusercontent.com:aud"
      values   = ["sts.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "token.actions.githubusercontent.com:sub"
      values   = ["repo:kaasu/kaasu-infra:ref:refs/heads/main"]
    }
  }
}"""


def i13() -> Session:
    s = new("i13-oidc-pull-request", "2027-10-20T10:14:39", "2.1.226", "fix/oidc-trust", "trust-policy-quail")
    s.user(
        "PR-ல plan job-ல credentials step-லயே fail ஆகுது, main-ல apply சரியா ஓடுது:\n\n```\n"
        "Run aws-actions/configure-aws-credentials@v4\nError: Could not assume role with OIDC: Not authorized to "
        "perform sts:AssumeRoleWithWebIdentity\n```"
    )
    s.act(None, Read("bootstrap/github-oidc.tf", OIDC_TF))
    s.say(
        "The role's trust policy only accepts tokens whose `sub` is `repo:kaasu/kaasu-infra:ref:refs/heads/main`. "
        "A `pull_request` run's token has `sub` = `repo:kaasu/kaasu-infra:pull_request`, so plan jobs on PRs are "
        "refused while pushes to main pass. Allowing both subjects:"
    )
    s.act(
        None,
        Edit(
            "bootstrap/github-oidc.tf",
            '      test     = "StringEquals"\n      variable = "token.actions.githubusercontent.com:sub"\n'
            '      values   = ["repo:kaasu/kaasu-infra:ref:refs/heads/main"]',
            '      test     = "StringEquals"\n      variable = "token.actions.githubusercontent.com:sub"\n'
            '      values = [\n        "repo:kaasu/kaasu-infra:ref:refs/heads/main",\n'
            '        "repo:kaasu/kaasu-infra:pull_request",\n      ]',
        ),
    )
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=40)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: PR plan jobs in kaasu-infra fail at configure-aws-credentials with "
        "'Not authorized to perform sts:AssumeRoleWithWebIdentity'; main works.\nSummary:\n1. Cause: the trust "
        "policy in bootstrap/github-oidc.tf allows only sub repo:kaasu/kaasu-infra:ref:refs/heads/main; PR runs "
        "present repo:kaasu/kaasu-infra:pull_request.\n2. Edited the sub condition to list both subjects.\n"
        "3. Always run terraform fmt -recursive before every plan.\n"
        "Pending: plan the bootstrap stack and hand the apply to Karthik (the CI role cannot change its own trust).",
        98300,
        7600,
    )
    s.user("seri, bootstrap plan kaattunga.")
    s.act(
        None,
        Bash(
            "cd bootstrap && terraform fmt && terraform plan -input=false -out=tfplan | tail -4",
            "github-oidc.tf\n  # aws_iam_role.gha_terraform will be updated in-place\n\n"
            "Plan: 0 to add, 1 to change, 0 to destroy.\n\nSaved the plan to: tfplan",
            secs=17,
        ),
    )
    s.say(
        "Bootstrap plan: one in-place change, the trust policy of `kaasu-gha-terraform`. Saved as "
        "`bootstrap/tfplan` for you to apply; the CI role cannot change its own trust."
    )
    s.user("apply panninen, PR plan ippo pass aagudhu. commit: KI-91 Allow PR runs to assume the terraform role")
    s.act(
        None,
        Bash(
            "git commit -am 'KI-91 Allow PR runs to assume the terraform role'",
            git_commit("fix/oidc-trust", "f6b2d81", "KI-91 Allow PR runs to assume the terraform role", 1, 4, 1),
        ),
    )
    s.not_person("Always run terraform fmt -recursive before every plan.", "compaction_summary")
    s.one_off(
        "PR plan jobs fail with 'Could not assume role with OIDC: Not authorized to perform "
        "sts:AssumeRoleWithWebIdentity' because the role's trust policy only allows the main branch's sub claim"
    )
    s.outcome("success", "OIDC trust policy allows pull_request runs; Karthik applied; PR plans pass; committed")
    return s


def i14() -> Session:
    s = new("i14-removed-block-question", "2027-10-21T11:32:07", "2.1.226", "main", "removed-block-dove")
    s.user(
        "terraform 1.9-la removed block epdi use panradhu? old log group-a state-la irundhu mattum eduthudanum, "
        "AWS-la irundhu delete aaga koodaadhu."
    )
    s.say(
        "```hcl\nremoved {\n  from = module.kaasu_pay.aws_cloudwatch_log_group.old\n\n  lifecycle {\n"
        "    destroy = false\n  }\n}\n```\n\nDelete the resource block, add this, and the next plan shows it as "
        '"will no longer be managed by Terraform" without destroying it.'
    )
    s.turn_done()
    s.title("Terraform removed block")
    s.user("seri, nandri.")
    s.outcome("unknown", "a how-to question answered; nothing was run")
    return s


RDS_MAIN_V2 = RDS_MAIN.replace(
    "  backup_retention_period = 7\n", "  backup_retention_period = 7\n  storage_encrypted       = false\n"
)


def i15() -> Session:
    s = new("i15-rds-encryption", "2027-10-22T10:41:52", "2.1.227", "fix/rds-encryption", "encrypt-storage-ibis")
    s.user("rds module-ல checkov CKV_AWS_16 வருது: storage encrypt ஆகல. prod-க்கு on பண்ணுங்க.")
    s.act(None, Read("modules/rds/main.tf", RDS_MAIN_V2))
    s.act(
        None,
        Edit("modules/rds/main.tf", "  storage_encrypted       = false", "  storage_encrypted       = true"),
    )
    s.act(
        None,
        Bash(
            "cd envs/prod && terraform plan -input=false -lock-timeout=5m | grep -E 'must be replaced|forces "
            "replacement|^Plan:'",
            "  # module.db.aws_db_instance.this must be replaced\n"
            "      ~ storage_encrypted                     = false -> true # forces replacement\n"
            "Plan: 1 to add, 0 to change, 1 to destroy.",
            secs=24,
        ),
    )
    s.say(
        "Encryption at rest cannot be switched on for an existing RDS instance: the plan destroys and recreates "
        "the prod database. The usual path is an encrypted copy of a snapshot (`aws rds copy-db-snapshot "
        "--kms-key-id ...`), restoring it as a new instance and cutting over."
    )
    s.user(
        "idhu illa. prod DB replace aaga koodaadhu. snapshot copy, restore, cutover ellaam periya vela, downtime "
        "window venum. ippo revert pannunga."
    )
    s.act(
        None,
        Edit("modules/rds/main.tf", "  storage_encrypted       = true", "  storage_encrypted       = false"),
    )
    s.say("Reverted; `modules/rds/main.tf` is as before and nothing was applied.")
    s.outcome("failed", "enabling RDS storage encryption would replace the prod DB; change reverted, not done")
    return s


SESSIONS = [i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15]

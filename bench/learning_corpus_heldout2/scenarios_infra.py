"""Sessions in `infra` (/home/sofia/work/infra, GitHub brisalabs/infra): Terraform for AWS (one EKS cluster with a
namespace per environment, RDS Postgres, S3), Helm charts for the api and worker, GitHub Actions (plan on PRs,
deploy on main), tflint, helm lint, kubectl."""

from __future__ import annotations

from fake_output import INFRA, git_commit, git_push, helm_ok, immutable_selector, tf_lock_error, tf_plan
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Sibling, Write

LOCK = "tf-state-lock"
HELM = "helm-immutable-field"
REPO = "brisalabs/infra"
STATE = "brisa-tfstate/prod/eks/terraform.tfstate"


def infra(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=INFRA, project="infra")


HELPERS = """{{- define "api.labels" -}}
helm.sh/chart: {{ include "api.chart" . }}
{{ include "api.selectorLabels" . }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "api.selectorLabels" -}}
app.kubernetes.io/name: {{ include "api.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end }}"""

DEPLOY_YML = """jobs:
  terraform:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        stack: [eks, rds, s3]
    steps:
      - uses: actions/checkout@v4
      - uses: hashicorp/setup-terraform@v3
      - run: terraform -chdir=terraform/${{ matrix.stack }} init -input=false
      - run: terraform -chdir=terraform/${{ matrix.stack }} apply -input=false -auto-approve
  helm:
    needs: terraform
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: helm upgrade --install api charts/api -n prod -f charts/api/values-prod.yaml --atomic --timeout 5m"""

PLAN_YML = """jobs:
  plan:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        stack: [eks, rds, s3]
    steps:
      - uses: actions/checkout@v4
      - uses: hashicorp/setup-terraform@v3
      - run: terraform -chdir=terraform/${{ matrix.stack }} init -input=false
      - run: terraform -chdir=terraform/${{ matrix.stack }} plan -input=false -no-color"""


# ------------------------------------------------------------------------------------------------------------------
def i01_namespaces() -> Session:
    s = infra("i01-namespaces", "2026-09-07T13:10:45", "2.1.160", "feat/env-namespaces", "misty-harbor-gull")
    s.user(
        "Hola. Vamos a preparar los namespaces de staging y prod en el clúster. Decidimos usar un solo clúster EKS "
        "con un namespace por entorno en vez de un clúster por entorno, nos sale mucho más barato. Añade en "
        "terraform/k8s/namespaces.tf los dos namespaces, cada uno con su ResourceQuota (staging pequeño, prod el "
        "doble).",
        after=0,
        decisions=["Decidimos usar un solo clúster EKS con un namespace por entorno en vez de un clúster por entorno"],
    )
    s.act(
        None,
        Read(
            "terraform/k8s/providers.tf",
            'provider "kubernetes" {\n  config_path = "~/.kube/config"\n  config_context = "brisa-main"\n}',
            total=4,
        ),
    )
    s.act(
        None,
        Write(
            "terraform/k8s/namespaces.tf",
            'locals {\n  envs = {\n    staging = { cpu = "8", memory = "16Gi" }\n    prod    = { cpu = "16", '
            'memory = "32Gi" }\n  }\n}\n\nresource "kubernetes_namespace" "env" {\n  for_each = local.envs\n  '
            'metadata {\n    name = each.key\n  }\n}\n\nresource "kubernetes_resource_quota" "env" {\n  for_each '
            '= local.envs\n  metadata {\n    name      = "quota"\n    namespace = kubernetes_namespace.env[each.key]'
            '.metadata[0].name\n  }\n  spec {\n    hard = {\n      "requests.cpu"    = each.value.cpu\n      '
            '"requests.memory" = each.value.memory\n    }\n  }\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/k8s plan -input=false",
            tf_plan(
                4,
                0,
                0,
                [
                    '  # kubernetes_namespace.env["prod"] will be created',
                    '  # kubernetes_namespace.env["staging"] will be created',
                    '  # kubernetes_resource_quota.env["prod"] will be created',
                    '  # kubernetes_resource_quota.env["staging"] will be created',
                ],
            ),
            desc="Plan",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            'git add terraform/k8s && git commit -m "k8s: staging and prod namespaces with quotas"',
            git_commit("feat/env-namespaces", "1f0e2aa", "k8s: staging and prod namespaces with quotas", 1, 29, 0),
            desc="Commit",
        ),
    )
    s.say("Plan: 4 to add (two namespaces, two quotas). Committed 1f0e2aa.")
    s.user(
        "Perfect. One more thing for the future: please run terraform fmt and tflint before every commit from here "
        "on, the CI lint job kept biting us last month.",
        rules=[("fmt-tflint", "run terraform fmt and tflint before every commit")],
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive terraform && tflint --recursive",
            "terraform/k8s/namespaces.tf\n1 issue(s) found:\n\nWarning: `cpu` attribute is not indented consistently "
            "(terraform_standard_module_structure)",
            desc="fmt and tflint",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "tflint --recursive && git commit -a --amend --no-edit",
            git_commit("feat/env-namespaces", "6b93d1e", "k8s: staging and prod namespaces with quotas", 1, 29, 0),
            desc="tflint clean, amend",
        ),
    )
    s.say("`terraform fmt` reformatted namespaces.tf; tflint is clean now. Amended as 6b93d1e.")
    s.outcome("success", "namespaces and quotas planned and committed, formatted and linted")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i02_rds_plan_lock() -> Session:
    s = infra("i02-rds-plan-lock", "2026-09-08T14:20:13", "2.1.160", "feat/rds-params", "misty-harbor-gull")
    s.user(
        "Can you run a plan for the rds stack? I changed the parameter group in terraform/rds/params.tf "
        "(work_mem and log_min_duration_statement).",
        after=0,
    )
    err = tf_lock_error(
        "8d2c51f0-93b7-2a1e-6c40-fe1b77a0d925",
        "runner@fv-az1187-402",
        "OperationTypeApply",
        "2026-09-08 14:19:02.118431772 +0000 UTC",
        "brisa-tfstate/prod/rds/terraform.tfstate",
    )
    s.act(None, Bash("terraform -chdir=terraform/rds plan -input=false", err, code=1, desc="Plan rds", secs=9))
    s.say(
        "The state is locked by a GitHub Actions runner (`runner@fv-az1187-402`) doing an apply, started a minute ago."
    )
    s.user(
        "Ugh. The lock is always held by some CI job I never started. Is it the deploy workflow?",
        non_rules=["The lock is always held by some CI job I never started."],
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow deploy.yml --limit 3",
            "STATUS  TITLE                         WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "*       rds: bump storage to 200 GB deploy    main    push   17602231187  1m41s    about 1 minute ago\n"
            "✓       api chart 0.8.3          deploy    main    push   17598004412  6m12s    about 4 hours ago",
            desc="Recent deploy runs",
        ),
    )
    s.act(
        "Yes, Javi's storage change is being applied on main. Waiting for it, then planning again:",
        Bash(
            "gh run watch 17602231187 --exit-status >/dev/null && terraform -chdir=terraform/rds plan -input=false",
            tf_plan(
                0,
                1,
                0,
                [
                    "  # module.rds.aws_db_parameter_group.main will be updated in-place",
                    '  ~ parameter { name = "work_mem" value = "4096" -> "16384" }',
                    '  ~ parameter { name = "log_min_duration_statement" value = "-1" -> "500" }',
                ],
            ),
            desc="Wait for the deploy, plan again",
            secs=150,
        ),
    )
    s.act(
        "Plan: 1 to change, in-place. Applying it:",
        Denied(Bash("terraform -chdir=terraform/rds apply -input=false -auto-approve", desc="Apply rds")),
    )
    s.user(
        "No, don't apply to prod from your machine, prod only goes through the pipeline. Just push the branch and "
        "open the PR, the plan job will show it there.",
        rules=[("no-local-prod", "don't apply to prod from your machine, prod only goes through the pipeline")],
    )
    s.act(
        None,
        Bash(
            'git add terraform/rds && git commit -m "rds: work_mem 16MB, log slow queries over 500 ms" && git push -u '
            "origin feat/rds-params && gh pr create --fill",
            git_commit("feat/rds-params", "0c7aa52", "rds: work_mem 16MB, log slow queries over 500 ms", 1, 8, 2)
            + "\n"
            + git_push(REPO, "feat/rds-params")
            + f"\nhttps://github.com/{REPO}/pull/212",
            desc="Commit, push, PR",
            secs=8,
        ),
    )
    s.say(f"PR #212 is open; the plan job will post the same one-change plan: https://github.com/{REPO}/pull/212")
    s.hit(LOCK)
    s.outcome("success", "plan obtained after waiting for the lock; PR opened instead of a local apply")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i03_api_chart_staging() -> Session:
    s = infra("i03-api-chart-staging", "2026-09-09T15:00:33", "2.1.160", "chore/api-chart-0.9", "dusty-pine-otter")
    s.user(
        "Hay que desplegar la versión 0.9.0 del chart de la api en staging. preferimos helm upgrade --install con "
        "--atomic, así si algo falla vuelve solo a la versión anterior y no nos quedamos con pods rotos.",
        after=0,
        rules=[("atomic", "preferimos helm upgrade --install con --atomic")],
    )
    cmd = "helm upgrade --install api charts/api -n staging -f charts/api/values-staging.yaml --atomic --timeout 5m"
    s.act(None, Bash(cmd, immutable_selector("api", "0.9.0"), code=1, desc="Deploy api 0.9.0 to staging", secs=12))
    s.say(
        "Helm no puede actualizar el Deployment: el `spec.selector` cambió (la etiqueta `app.kubernetes.io/version` "
        "pasa de 0.8.3 a 0.9.0) y el selector de un Deployment es inmutable. Para staging, la salida rápida es "
        "borrar el Deployment y dejar que Helm lo cree de nuevo. ¿Lo hago?"
    )
    s.user("Sí, en staging no pasa nada, hazlo.")
    s.act(
        None,
        Bash(
            "kubectl -n staging delete deployment api",
            'deployment.apps "api" deleted',
            desc="Delete the staging Deployment",
        ),
    )
    s.act(None, Bash(cmd, helm_ok("api", "staging", 12, chart="api-0.9.0"), desc="Deploy again", secs=48))
    s.act(
        None,
        Bash(
            "kubectl -n staging get pods -l app.kubernetes.io/instance=api",
            "NAME                   READY   STATUS    RESTARTS   AGE\napi-7c9f6d8b54-4xkqv   1/1     Running   0          "
            "41s\napi-7c9f6d8b54-pz2lm   1/1     Running   0          41s",
            desc="Check pods",
        ),
    )
    s.say("api 0.9.0 está desplegada en staging (revisión 12), dos pods Running.")
    s.user("Vale, está arriba. Ya veremos qué pasa en prod.")
    s.hit(HELM)
    s.outcome("success", "staging deployed after deleting the Deployment by hand (a workaround, not a fix)")
    return s


# ------------------------------------------------------------------------------------------------------------------
EKS_MAIN = """module "eks" {
  source          = "terraform-aws-modules/eks/aws"
  version         = "~> 20.24"
  cluster_name    = "brisa-main"
  cluster_version = "1.32"

  eks_managed_node_groups = {
    general = {
      ami_type       = "AL2_x86_64"
      instance_types = ["m7i.xlarge"]
      min_size       = 2
      max_size       = 6
    }
  }
}"""


def i04_eks_133() -> Session:
    s = infra("i04-eks-133", "2026-09-10T13:30:09", "2.1.160", "feat/eks-1-33", "dusty-pine-otter")
    s.user(
        "We're moving the cluster to 1.33 this week. Please bump cluster_version in terraform/eks/main.tf and add a "
        "second node group for the batch jobs (m7i.large, 1 to 4 nodes), and try it against the staging copy of the "
        "stack (terraform/eks with -var-file=staging.tfvars). Also, decision: RDS stays on Postgres 16 until the 17 "
        "upgrade is tested in staging, so leave terraform/rds alone even if tflint complains.",
        after=0,
        decisions=["RDS stays on Postgres 16 until the 17 upgrade is tested in staging"],
    )
    s.act(None, Read("terraform/eks/main.tf", EKS_MAIN, total=31))
    s.act(
        None,
        Edit(
            "terraform/eks/main.tf",
            '  cluster_version = "1.32"',
            '  cluster_version = "1.33"',
        ),
    )
    s.act(
        None,
        Edit(
            "terraform/eks/main.tf",
            "      max_size       = 6\n    }\n",
            '      max_size       = 6\n    }\n    batch = {\n      ami_type       = "AL2_x86_64"\n      '
            'instance_types = ["m7i.large"]\n      min_size       = 1\n      max_size       = 4\n    }\n',
        ),
    )
    apply = "terraform -chdir=terraform/eks apply -input=false -var-file=staging.tfvars -auto-approve"
    s.act(
        None,
        Bash(
            apply,
            "module.eks.aws_eks_cluster.this[0]: Modifying... [id=brisa-staging]\nmodule.eks.aws_eks_cluster.this[0]: "
            "Modifications complete after 9m12s [id=brisa-staging]\nmodule.eks.module.eks_managed_node_group"
            '["batch"].aws_eks_node_group.this[0]: Creating...\n╷\n│ Error: creating EKS Node Group (brisa-staging:'
            "batch-2026091013): operation error EKS: CreateNodegroup, https response error StatusCode: 400, "
            "RequestID: 5b0f8a3e-1c2d-4e9b-a7f1-2d6c0e9b4a11, InvalidParameterException: Requested AMI type "
            "AL2_x86_64 is not supported for Kubernetes version 1.33\n╵",
            code=1,
            desc="Apply to the staging copy",
            secs=600,
        ),
    )
    s.act(
        "Amazon Linux 2 AMIs stop at 1.32; the new node group needs AL2023. Switching both groups:",
        Edit(
            "terraform/eks/main.tf",
            'ami_type       = "AL2_x86_64"',
            'ami_type       = "AL2023_x86_64_STANDARD"',
            replace_all=True,
        ),
    )
    s.user(
        "Also the new node group has no tags. The team agreed that every resource gets the owner and cost-center "
        "tags, so put them in the provider's default_tags and nobody can forget them.",
        rules=[("tags", "every resource gets the owner and cost-center tags")],
    )
    s.act(None, Read("terraform/eks/providers.tf", 'provider "aws" {\n  region = "eu-west-1"\n}', total=3))
    s.act(
        None,
        Edit(
            "terraform/eks/providers.tf",
            '  region = "eu-west-1"\n}',
            '  region = "eu-west-1"\n\n  default_tags {\n    tags = {\n      owner       = "platform"\n      '
            'cost-center = "cc-210"\n    }\n  }\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive terraform && tflint --recursive && " + apply,
            'module.eks.module.eks_managed_node_group["batch"].aws_eks_node_group.this[0]: Creation complete after '
            "3m04s [id=brisa-staging:batch-2026091013]\n\nApply complete! Resources: 1 added, 2 changed, 0 destroyed.",
            desc="fmt, tflint, apply again",
            secs=260,
        ),
    )
    s.say("Staging copy is on 1.33 with AL2023 nodes and a `batch` node group; every resource carries the two tags.")
    s.local_command(
        "cost",
        "",
        "Total cost:            $1.84\nTotal duration (API):  4m 12s\nTotal duration (wall): 19m 40s\n"
        "Total code changes:    14 lines added, 3 lines removed",
    )
    s.one_off("EKS node group creation fails: AMI type AL2_x86_64 is not supported for Kubernetes 1.33 (use AL2023)")
    s.outcome("success", "staging stack upgraded to 1.33 with the batch node group and default tags")
    return s


# ------------------------------------------------------------------------------------------------------------------
CI_LOG_I05 = (
    """deploy / terraform (eks)
Run terraform-linters/setup-tflint@v4
Run tflint --recursive --format compact
terraform/eks/versions.tf:1:1: Warning - terraform "required_version" attribute is required (terraform_required_version)
Run terraform -chdir=terraform/eks apply -input=false -auto-approve
Acquiring state lock. This may take a few moments...
"""
    + tf_lock_error(
        "c1e07b9d-4a52-8f36-d0b2-91a7e3c5f648",
        "runner@fv-az1402-118",
        "OperationTypePlan",
        "2026-09-11 13:51:44.902113054 +0000 UTC",
        STATE,
    )
    + "\nError: Process completed with exit code 1."
)


def i05_deploy_lock_log() -> Session:
    s = infra("i05-deploy-lock-log", "2026-09-11T14:00:27", "2.1.160", "main", "gentle-fjord-tern")
    s.user(
        "The deploy workflow failed on main after Javi merged his PR, this is the terraform job:\n\n```\n"
        + CI_LOG_I05
        + "\n```\n\nWhat happened? Was it my PR's plan?",
        after=0,
    )
    s.not_person('terraform "required_version" attribute is required', "pasted_log")
    s.act(
        None,
        Bash(
            "gh run list --limit 4",
            "STATUS  TITLE                           WORKFLOW  BRANCH             EVENT         ID           AGE\n"
            "X       eks: 1.33 + batch node group    deploy    main               push          17641175290  9m\n"
            "✓       eks: 1.33 + batch node group    plan      feat/eks-1-33      pull_request  17641102113  11m\n"
            "✓       k8s namespaces                  plan      feat/env-namespac  pull_request  17640996025  12m",
            desc="Recent runs",
        ),
        Sibling(Bash("gh run view 17641175290 --log-failed | head -50", desc="Failed log")),
    )
    s.act(
        None,
        Bash(
            "gh run view 17641102113 --json jobs --jq '.jobs[] | [.name, .startedAt, .completedAt] | @tsv'",
            "plan (eks)\t2026-09-11T13:51:40Z\t2026-09-11T13:53:02Z\nplan (rds)\t2026-09-11T13:51:41Z\t2026-09-11T13:52:09Z"
            "\nplan (s3)\t2026-09-11T13:51:40Z\t2026-09-11T13:51:58Z",
            desc="When did the plan jobs run",
        ),
    )
    s.act(
        None,
        Read(".github/workflows/deploy.yml", DEPLOY_YML, offset=12, total=44),
        Read(".github/workflows/plan.yml", PLAN_YML, offset=9, total=31),
    )
    s.say(
        "Yes: your PR's `plan (eks)` job held the eks state lock from 13:51:40 to 13:53:02, and the deploy job on "
        "main tried to apply the same state at 13:51:49, so it failed immediately instead of waiting. Nothing in "
        "the workflows stops a PR plan and a main apply from running at the same time on the same stack."
    )
    s.user("And if I just rerun the failed deploy now, is that safe?")
    s.say(
        "Yes, now that the plan job has finished: the apply will take the lock normally and apply the same change "
        "it planned. It would only fail again if another plan starts at the same moment."
    )
    s.user(
        "Vale, o sea que cualquier PR que abra mientras se despliega puede tumbar el apply. Lo dejamos así por hoy, "
        "el lunes lo hablo con Javi."
    )
    s.hit(LOCK)
    s.outcome("failed", "the deploy on main stays red; the cause is understood but nothing is changed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_selector(a: Session) -> None:
    a.act(None, Read("charts/api/templates/_helpers.tpl", HELPERS, offset=24, total=48))
    a.act(
        None,
        Grep(
            "selectorLabels",
            [
                'charts/api/templates/deployment.yaml:9:      {{- include "api.selectorLabels" . | nindent 6 }}',
                'charts/api/templates/deployment.yaml:13:        {{- include "api.selectorLabels" . | nindent 8 }}',
                'charts/api/templates/service.yaml:11:    {{- include "api.selectorLabels" . | nindent 4 }}',
            ],
            path="charts",
            mode="content",
        ),
    )
    a.say(
        "`api.selectorLabels` (charts/api/templates/_helpers.tpl:30-34) includes `app.kubernetes.io/version: "
        "{{ .Chart.AppVersion }}`, and deployment.yaml:9 uses it for `spec.selector.matchLabels`. Every chart "
        "release with a new appVersion therefore changes the Deployment's selector, which Kubernetes refuses to "
        "patch. Rule of thumb: never put a changing value like the chart version into selector labels. The worker "
        "chart has no such label."
    )


def i06_prod_helm_question() -> Session:
    s = infra("i06-prod-helm-question", "2026-09-14T12:40:55", "2.1.166", "main", "gentle-fjord-tern")
    s.user(
        "The prod deploy of the api chart failed this morning in the helm job of deploy.yml:\n\n```\nRun helm "
        "upgrade --install api charts/api -n prod -f charts/api/values-prod.yaml --atomic --timeout 5m\n"
        + immutable_selector("api", "0.9.0")
        + "\nError: Process completed with exit code 1.\n```\n\nSame thing as on staging last week. Why does this "
        "keep happening? I don't want to delete the prod Deployment by hand without understanding it first. Y por "
        "cierto, siempre me olvido de cómo se llama el release en prod, ¿es api o api-prod?",
        after=0,
        non_rules=["siempre me olvido de cómo se llama el release en prod"],
    )
    s.title("Why the api chart upgrade fails")
    s.act(
        None,
        Bash(
            "kubectl -n prod get deploy api -o jsonpath='{.spec.selector.matchLabels}'",
            '{"app.kubernetes.io/instance":"api","app.kubernetes.io/name":"api","app.kubernetes.io/version":"0.8.3"}',
            desc="Current selector in prod",
        ),
    )
    s.act(
        None,
        Bash(
            "helm -n prod history api --max 3",
            "REVISION\tUPDATED                 \tSTATUS    \tCHART    \tAPP VERSION\tDESCRIPTION\n"
            "30      \tWed Sep  2 09:41:10 2026\tsuperseded\tapi-0.8.3\t0.8.3      \tUpgrade complete\n"
            "31      \tMon Sep 14 06:12:40 2026\tdeployed  \tapi-0.8.3\t0.8.3      \tRollback to 30\n"
            '32      \tMon Sep 14 06:12:31 2026\tfailed    \tapi-0.9.0\t0.9.0      \tUpgrade "api" failed: cannot patch '
            '"api" with kind Deployment',
            desc="Release history",
        ),
    )
    prompt = (
        "In charts/, find how the selector labels of the api and worker Deployments are built (templates and "
        "_helpers.tpl) and whether anything that changes between chart versions ends up in spec.selector. Report "
        "file paths and the relevant lines."
    )
    s.act(None, Agent("Find selector label source", prompt, "Explore", _sa_selector))
    s.not_person(
        "Rule of thumb: never put a changing value like the chart version into selector labels.", "tool_output"
    )
    s.act(
        None,
        Bash(
            "helm -n prod list",
            "NAME  \tNAMESPACE\tREVISION\tUPDATED                                \tSTATUS  \tCHART    \tAPP VERSION\n"
            "api   \tprod     \t31      \t2026-09-14 06:12:40.221871 +0000 UTC\tdeployed\tapi-0.8.3\t0.8.3\n"
            "worker\tprod     \t18      \t2026-09-02 09:40:13.772019 +0000 UTC\tdeployed\tworker-0.4.1\t0.4.1",
            desc="Releases in prod",
        ),
    )
    s.say(
        "Why it keeps happening: `api.selectorLabels` in charts/api/templates/_helpers.tpl contains "
        "`app.kubernetes.io/version`, so each new appVersion (0.8.3 → 0.9.0) changes `spec.selector`, and a "
        "Deployment's selector cannot be changed after creation. Deleting the Deployment only helps until the next "
        "version. The lasting change is to keep just name and instance in the selector.\n\nEl release en prod se "
        "llama `api` (revisión 31, sigue en 0.8.3 porque `--atomic` revirtió)."
    )
    s.turn_done()
    s.user("If we delete it with --cascade=orphan in prod, do the running pods keep serving in the meantime?")
    s.say(
        "Yes. With `--cascade=orphan` only the Deployment object goes away; its ReplicaSet and pods keep running "
        "and the Service keeps routing to them. The next `helm upgrade` creates a new Deployment whose selector "
        "adopts them (if the labels match) and rolls them over to the new version."
    )
    s.turn_done()
    s.hit(HELM)
    s.outcome("unknown", "questions answered with a subagent's lookup; nothing was asked to be changed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i07_kubectl_unauthorized() -> Session:
    s = infra("i07-kubectl-unauthorized", "2026-09-15T13:50:18", "2.1.166", "fix/access-entry", "gentle-fjord-tern")
    s.user(
        "kubectl against the cluster stopped working for me this morning: error: You must be logged in to the "
        "server (Unauthorized). aws sts get-caller-identity works fine. Did something change?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "aws sts get-caller-identity --query Arn --output text && aws eks list-access-entries --cluster-name "
            "brisa-main --output text",
            "arn:aws:sts::381492216604:assumed-role/AWSReservedSSO_PlatformEngineer_4b1e9c0d27a3f618/sofia\n"
            "ACCESSENTRIES\tarn:aws:iam::381492216604:role/aws-reserved/sso.amazonaws.com/eu-west-1/"
            "AWSReservedSSO_PlatformAdmin_91c2d7e0ab34f5c6\nACCESSENTRIES\tarn:aws:iam::381492216604:role/"
            "github-actions-deploy",
            desc="Who am I, who has access",
        ),
    )
    s.act(
        "Your SSO role is now `PlatformEngineer`, but the cluster only has access entries for `PlatformAdmin` and "
        "the deploy role. You should always use access entries rather than editing the aws-auth ConfigMap by hand; "
        "still, as a quick unblock I could add your role to aws-auth with the admin profile:",
        Denied(
            Bash("kubectl --context brisa-main-admin -n kube-system edit configmap aws-auth", desc="Edit aws-auth"),
            "nada de kubectl edit en producción. Mételo en terraform como access entry, con la política de admin del "
            "clúster.",
        ),
    )
    s.not_person(
        "You should always use access entries rather than editing the aws-auth ConfigMap by hand", "assistant_text"
    )
    s.user(
        "Lo digo también aquí para que quede claro: nada de kubectl edit en producción, todo pasa por terraform.",
        rules=[("no-kubectl-edit", "nada de kubectl edit en producción")],
    )
    s.act(
        None,
        Read(
            "terraform/eks/access.tf",
            'resource "aws_eks_access_entry" "platform_admin" {\n  cluster_name  = '
            "module.eks.cluster_name\n  principal_arn = var.platform_admin_role_arn\n}",
            total=14,
        ),
    )
    s.act(
        None,
        Edit(
            "terraform/eks/access.tf",
            "  principal_arn = var.platform_admin_role_arn\n}",
            '  principal_arn = var.platform_admin_role_arn\n}\n\nresource "aws_eks_access_entry" "platform_engineer" '
            "{\n  cluster_name  = module.eks.cluster_name\n  principal_arn = var.platform_engineer_role_arn\n}\n\n"
            'resource "aws_eks_access_policy_association" "platform_engineer" {\n  cluster_name  = '
            "module.eks.cluster_name\n  principal_arn = var.platform_engineer_role_arn\n  policy_arn    = "
            '"arn:aws:eks::aws:cluster-access-policy/AmazonEKSClusterAdminPolicy"\n  access_scope {\n    type = '
            '"cluster"\n  }\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive terraform && tflint --recursive && git add terraform/eks && git commit -m "
            '"eks: access entry for the PlatformEngineer SSO role" && git push -u origin fix/access-entry && gh pr '
            "create --fill",
            git_commit("fix/access-entry", "b7d40e3", "eks: access entry for the PlatformEngineer SSO role", 2, 17, 0)
            + "\n"
            + git_push(REPO, "fix/access-entry")
            + f"\nhttps://github.com/{REPO}/pull/219",
            desc="fmt, tflint, commit, PR",
            secs=9,
        ),
    )
    s.say("PR #219 adds the access entry and the admin policy association for your role; the pipeline applies it.")
    s.user("Merged, the pipeline applied it and kubectl works again. Thanks!", after=900)
    s.one_off("kubectl Unauthorized: the SSO role was renamed and has no EKS access entry")
    s.outcome("success", "access entry added through terraform and the pipeline; kubectl works again")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i08_lock_es() -> Session:
    s = infra("i08-lock-es", "2026-09-16T15:10:02", "2.1.166", "main", "rainy-cove-heron")
    s.user(
        "Otra vez lo mismo: dos jobs de terraform pisándose con el candado del estado. El apply de main se ha "
        "quedado colgado y el plan de mi PR no arranca. ¿Puedes mirar quién tiene el lock de eks?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "aws dynamodb get-item --table-name brisa-tf-locks --key "
            f'\'{{"LockID":{{"S":"{STATE}"}}}}\' --query Item.Info.S --output text',
            '{"ID":"2a7f0c11-5e8d-b394-07c6-e1f58d2b9a40","Operation":"OperationTypeApply","Info":"","Who":'
            '"runner@fv-az1033-77","Version":"1.9.8","Created":"2026-09-16T14:31:08.517203Z","Path":'
            f'"{STATE}"}}',
            desc="Who holds the eks lock",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run list --workflow deploy.yml --limit 2",
            "STATUS  TITLE                  WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "X       worker chart 0.4.2     deploy    main    push   17702558301  40m0s    about 40 minutes ago",
            desc="The apply run",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run view 17702558301 --log | grep -iE 'timeout|cancel' | tail -3",
            "deploy / terraform (eks)\tApply\t2026-09-16T15:09:58Z ##[error]The job running on runner "
            "fv-az1033-77 has exceeded the maximum execution time of 40 minutes.\ndeploy / terraform (eks)\t"
            "Apply\t2026-09-16T15:09:58Z ##[error]The operation was canceled.",
            desc="Why the run ended",
        ),
    )
    s.say(
        "El lock lo tiene el apply de main de hace 40 minutos (`runner@fv-az1033-77`); ese run terminó por el "
        "timeout del job y el lock se quedó sin liberar. Lo puedo liberar con `force-unlock`:"
    )
    s.act(
        None,
        Denied(
            Bash(
                "terraform -chdir=terraform/eks force-unlock -force 2a7f0c11-5e8d-b394-07c6-e1f58d2b9a40",
                desc="Release the stale lock",
            )
        ),
    )
    s.user(
        "Espera, no lo desbloquees todavía: quiero que Javi confirme antes qué apply era y si dejó algo a medias. "
        "Lo arreglamos bien la semana que viene.",
        after=40,
    )
    s.say("De acuerdo, no toco nada. El ID del lock es 2a7f0c11-5e8d-b394-07c6-e1f58d2b9a40 por si Javi lo necesita.")
    s.turn_done()
    s.hit(LOCK)
    s.outcome("failed", "the stale lock stays; the force-unlock was refused and the fix is postponed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i09_fix_selector() -> Session:
    s = infra("i09-fix-selector", "2026-09-17T13:20:40", "2.1.166", "fix/api-selector", "rainy-cove-heron")
    s.user(
        "Ok, let's fix the api chart's selector for real. Plan: selectorLabels keep only name and instance, the "
        "version stays in the normal labels. Then a one-off orphan delete of the Deployment in staging so Helm can "
        "recreate it without killing the running pods, and an upgrade to check it sticks. I'll do prod with Javi "
        "through the pipeline.",
        after=0,
    )
    s.act(None, Read("charts/api/templates/_helpers.tpl", HELPERS, offset=24, total=48))
    s.act(
        None,
        Edit(
            "charts/api/templates/_helpers.tpl",
            '{{- define "api.labels" -}}\nhelm.sh/chart: {{ include "api.chart" . }}\n'
            '{{ include "api.selectorLabels" . }}\n',
            '{{- define "api.labels" -}}\nhelm.sh/chart: {{ include "api.chart" . }}\n'
            '{{ include "api.selectorLabels" . }}\napp.kubernetes.io/version: {{ .Chart.AppVersion | quote }}\n',
        ),
    )
    s.act(
        None,
        Edit(
            "charts/api/templates/_helpers.tpl",
            "app.kubernetes.io/instance: {{ .Release.Name }}\napp.kubernetes.io/version: {{ .Chart.AppVersion | quote }}"
            "\n{{- end }}",
            "app.kubernetes.io/instance: {{ .Release.Name }}\n{{- end }}",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/api && helm template api charts/api | grep -A3 'matchLabels'",
            "==> Linting charts/api\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed\n"
            "    matchLabels:\n      app.kubernetes.io/name: api\n      app.kubernetes.io/instance: api",
            desc="Lint and render the selector",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n staging delete deployment api --cascade=orphan",
            'deployment.apps "api" deleted',
            desc="Delete the Deployment, keep its pods",
        ),
    )
    up = "helm upgrade --install api charts/api -n staging -f charts/api/values-staging.yaml --atomic --timeout 5m"
    s.act(None, Bash(up, helm_ok("api", "staging", 13, chart="api-0.9.1"), desc="Upgrade", secs=50))
    s.act(
        "Now a second upgrade with a bumped appVersion, which is what used to fail:",
        Bash(
            "sed -i 's/^appVersion: .*/appVersion: \"0.9.2\"/' charts/api/Chart.yaml && " + up,
            helm_ok("api", "staging", 14, chart="api-0.9.2"),
            desc="Upgrade with a new appVersion",
            secs=52,
        ),
    )
    s.say("Both upgrades went through; the selector no longer changes between versions.")
    s.user(
        "Great. Note for next time: selector labels on a Deployment can't change after creation, so they must not "
        "include the chart version. Commit it, please.",
        lessons=[
            "Note for next time: selector labels on a Deployment can't change after creation, so they must not "
            "include the chart version."
        ],
    )
    s.act(
        None,
        Bash(
            'git add charts/api && git commit -m "api chart: stable selector labels (no version)" && git push -u '
            "origin fix/api-selector",
            git_commit("fix/api-selector", "d18c6f2", "api chart: stable selector labels (no version)", 2, 3, 2)
            + "\n"
            + git_push(REPO, "fix/api-selector"),
            desc="Commit and push",
            secs=6,
        ),
    )
    s.say("Pushed `fix/api-selector` (d18c6f2). For prod the same `--cascade=orphan` delete is needed once.")
    s.hit(HELM, fixed=True)
    s.outcome("success", "selector fixed in _helpers.tpl, orphan delete + two upgrades on staging work, pushed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i10_fix_lock() -> Session:
    s = infra("i10-fix-lock", "2026-09-18T13:00:21", "2.1.166", "fix/tf-concurrency", "rainy-cove-heron")
    s.user(
        "Javi and I talked it through: the lock fights come from the PR plan job and the main apply job running at "
        "the same time on the same state, and from a cancelled apply leaving its lock behind. Let's put the "
        "terraform jobs of .github/workflows/deploy.yml and plan.yml into one concurrency group per stack, queued "
        "and not cancelled, and give terraform a lock timeout so a short overlap waits instead of failing.",
        after=0,
    )
    s.act(None, Read(".github/workflows/deploy.yml", DEPLOY_YML, offset=12, total=44))
    s.act(
        None,
        Edit(
            ".github/workflows/deploy.yml",
            "      matrix:\n        stack: [eks, rds, s3]\n    steps:",
            "      matrix:\n        stack: [eks, rds, s3]\n    concurrency:\n      group: terraform-${{ matrix.stack }}\n"
            "      cancel-in-progress: false\n    steps:",
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/deploy.yml",
            "apply -input=false -auto-approve",
            "apply -input=false -auto-approve -lock-timeout=10m",
        ),
    )
    s.act(None, Read(".github/workflows/plan.yml", PLAN_YML, offset=9, total=31))
    s.act(
        None,
        Edit(
            ".github/workflows/plan.yml",
            "      matrix:\n        stack: [eks, rds, s3]\n    steps:",
            "      matrix:\n        stack: [eks, rds, s3]\n    concurrency:\n      group: terraform-${{ matrix.stack }}\n"
            "      cancel-in-progress: false\n    steps:",
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/plan.yml", "plan -input=false -no-color", "plan -input=false -no-color -lock-timeout=10m"
        ),
    )
    s.act(None, Bash("actionlint .github/workflows/deploy.yml .github/workflows/plan.yml", "", desc="actionlint"))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request and Intent:\n"
        "   Stop terraform state-lock failures between the PR plan workflow and the main deploy workflow.\n\n2. Files "
        "and Code Sections:\n   - .github/workflows/deploy.yml: terraform job gets `concurrency: group: "
        "terraform-${{ matrix.stack }}`, `cancel-in-progress: false`; apply with `-lock-timeout=10m`\n   - "
        ".github/workflows/plan.yml: same concurrency group and lock timeout for plan\n   - actionlint passes\n\n"
        "3. Pending Tasks:\n   - commit, push, PR; check two overlapping runs queue instead of failing\n\n"
        "4. Current Work:\n   Ready to commit.",
        pre_tokens=92_410,
        post_tokens=8_118,
    )
    s.user(
        "fmt + tflint antes de commitear, porfa, aunque solo hayas tocado yaml. Y luego abre el PR.",
        after=30,
        rules=[("fmt-tflint", "fmt + tflint antes de commitear, porfa")],
    )
    s.act(
        None,
        Bash(
            "terraform fmt -check -recursive terraform && tflint --recursive && git add .github && git commit -m "
            '"ci: one terraform concurrency group per stack, 10 min lock timeout" && git push -u origin '
            "fix/tf-concurrency && gh pr create --fill",
            git_commit(
                "fix/tf-concurrency",
                "4aa19e0",
                "ci: one terraform concurrency group per stack, 10 min lock timeout",
                2,
                10,
                2,
            )
            + "\n"
            + git_push(REPO, "fix/tf-concurrency")
            + f"\nhttps://github.com/{REPO}/pull/224",
            desc="fmt, tflint, commit, PR",
            secs=9,
        ),
    )
    s.say(f"fmt and tflint clean; PR #224: https://github.com/{REPO}/pull/224")
    s.user(
        "Merged. I opened a PR touching eks while the deploy was running, to test it. Can you check what the two "
        "runs did?",
        after=600,
    )
    s.act(
        None,
        Bash(
            "gh run list --limit 3",
            "STATUS  TITLE                          WORKFLOW  BRANCH           EVENT         ID           AGE\n"
            "✓       test: eks overlap              plan      test/overlap     pull_request  17733920140  3m\n"
            "✓       ci: one terraform concurrency  deploy    main             push          17733881207  5m\n"
            "✓       ci: one terraform concurrency  plan      fix/tf-concurren pull_request  17733302516  14m",
            desc="Recent runs",
        ),
    )
    s.say(
        "Both green: the PR's `plan (eks)` showed “Waiting for a pending job in group terraform-eks” until the apply finished, then ran."
    )
    s.user(
        "TIL GitHub Actions concurrency groups queue the second run instead of failing it, I thought they could "
        "only cancel. Gracias!",
        lessons=["TIL GitHub Actions concurrency groups queue the second run instead of failing it"],
    )
    s.hit(LOCK, fixed=True)
    s.outcome("success", "concurrency groups and lock timeout merged; overlapping runs now queue and both pass")
    return s


# ------------------------------------------------------------------------------------------------------------------
EXPORTS_TF = """resource "aws_s3_bucket" "exports" {
  bucket = "brisa-${var.env}-pdf-exports"
}

resource "aws_iam_role" "exports_reader" {
  name               = "exports-reader-${var.env}"
  assume_role_policy = data.aws_iam_policy_document.irsa_exports.json
}

data "aws_iam_policy_document" "exports" {
  statement {
    actions   = ["s3:GetObject"]
    resources = ["${aws_s3_bucket.exports.arn}/*"]
    principals {
      type        = "AWS"
      identifiers = ["arn:aws:iam::381492216604:role/exports-reader-${var.env}"]
    }
  }
}"""


def i11_s3_policy() -> Session:
    s = infra("i11-s3-policy", "2026-09-21T13:15:37", "2.1.172", "feat/pdf-exports", "pale-dune-egret")
    prompt = (
        "The new bucket for the app's PDF exports fails to apply in staging: MalformedPolicy: Invalid principal in "
        "policy. It's terraform/s3/exports.tf. Remember, nothing hits prod from a laptop, staging only here."
    )
    s.queued_start(prompt)
    s.user(prompt, after=0, rules=[("no-local-prod", "nothing hits prod from a laptop")])
    s.act(None, Read("terraform/s3/exports.tf", EXPORTS_TF, total=30))
    s.act(
        "The policy names the role by a hand-written ARN, and the role is created in the same apply, so at the "
        "moment the bucket policy is put the principal does not exist yet and S3 rejects it. Referencing the "
        "resource makes Terraform create the role first:",
        Edit(
            "terraform/s3/exports.tf",
            '      identifiers = ["arn:aws:iam::381492216604:role/exports-reader-${var.env}"]',
            "      identifiers = [aws_iam_role.exports_reader.arn]",
        ),
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive terraform && tflint --recursive && terraform -chdir=terraform/s3 apply "
            "-input=false -var-file=staging.tfvars -auto-approve",
            "aws_iam_role.exports_reader: Creating...\naws_iam_role.exports_reader: Creation complete after 1s "
            "[id=exports-reader-staging]\naws_s3_bucket_policy.exports: Creating...\naws_s3_bucket_policy.exports: "
            "Creation complete after 1s [id=brisa-staging-pdf-exports]\n\nApply complete! Resources: 2 added, 0 "
            "changed, 0 destroyed.",
            desc="fmt, tflint, apply staging",
            secs=30,
        ),
    )
    s.say("Applied in staging: role first, then the bucket policy. Prod will get it through the pipeline.")
    s.user("Nice. Push it and open the PR.")
    s.act(
        None,
        Bash(
            'git add terraform/s3 && git commit -m "s3: exports bucket policy references the reader role" && git '
            "push -u origin feat/pdf-exports && gh pr create --fill",
            git_commit("feat/pdf-exports", "9e51b07", "s3: exports bucket policy references the reader role", 1, 1, 1)
            + "\n"
            + git_push(REPO, "feat/pdf-exports")
            + f"\nhttps://github.com/{REPO}/pull/229",
            desc="Commit, push, PR",
            secs=7,
        ),
    )
    s.say(f"PR #229: https://github.com/{REPO}/pull/229")
    s.one_off("S3 MalformedPolicy: Invalid principal (a hard-coded role ARN created in the same apply)")
    s.outcome("success", "bucket policy applied in staging, PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i12_drop_atomic() -> Session:
    s = infra("i12-drop-atomic", "2026-09-22T14:00:06", "2.1.172", "chore/helm-wait", "pale-dune-egret")
    s.user(
        "Sobre los flags de helm en el workflow de deploy: quita --atomic. Hace rollback antes de que nadie pueda "
        "leer los logs del pod que falla, y el viernes perdimos una hora por eso. Usa --wait sin --atomic, y si hace "
        "falta volvemos atrás a mano con helm rollback. Ah, and we're going with Karpenter instead of "
        "cluster-autoscaler for the batch nodes, I'll write that terraform myself next week.",
        after=0,
        rules=[("helm-wait", "Usa --wait sin --atomic", "atomic")],
        decisions=["we're going with Karpenter instead of cluster-autoscaler for the batch nodes"],
    )
    s.act(
        None,
        Edit(
            ".github/workflows/deploy.yml",
            "--atomic --timeout 5m",
            "--wait --timeout 10m",
            not_read=True,
        ),
    )
    s.act(None, Read(".github/workflows/deploy.yml", DEPLOY_YML, offset=12, total=44))
    s.act(
        None,
        Edit(
            ".github/workflows/deploy.yml",
            "-f charts/api/values-prod.yaml --atomic --timeout 5m",
            "-f charts/api/values-prod.yaml --wait --timeout 10m",
        ),
    )
    s.act(
        None,
        Grep(
            "--atomic",
            ["docs/runbook.md:22:helm upgrade --install api charts/api -n prod --atomic"],
            path=".",
            mode="content",
        ),
    )
    s.act(
        None,
        Read(
            "docs/runbook.md",
            "## Deploying by hand\n\nhelm upgrade --install api charts/api -n prod --atomic",
            offset=20,
            limit=3,
            total=61,
        ),
    )
    s.act(
        None,
        Edit(
            "docs/runbook.md",
            "helm upgrade --install api charts/api -n prod --atomic",
            "helm upgrade --install api charts/api -n prod --wait --timeout 10m\n\nIf it fails: read the pod logs "
            "first, then `helm rollback api -n prod`.",
        ),
    )
    s.act(
        None,
        Bash(
            'actionlint .github/workflows/deploy.yml && git add .github docs && git commit -m "deploy: helm --wait '
            'instead of --atomic; runbook"',
            git_commit("chore/helm-wait", "71f2c8b", "deploy: helm --wait instead of --atomic; runbook", 2, 4, 2),
            desc="actionlint, commit",
        ),
    )
    s.say(
        "The deploy workflow and the runbook use `--wait --timeout 10m` now, with manual `helm rollback`. Committed 71f2c8b."
    )
    s.outcome("success", "--atomic replaced by --wait in the workflow and the runbook, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
JOB_YAML = """apiVersion: batch/v1
kind: Job
metadata:
  name: {{ .Release.Name }}-db-migrate
  labels:
    {{- include "api.labels" . | nindent 4 }}
spec:
  backoffLimit: 1"""


def _sa_jobs(a: Session) -> None:
    a.act(
        None,
        Grep(
            "kind: (Job|CronJob)",
            [
                "charts/api/templates/db-migrate-job.yaml:2:kind: Job",
                "charts/worker/templates/cleanup.yaml:2:kind: CronJob",
            ],
            path="charts",
            mode="content",
        ),
    )
    a.act(None, Grep("helm.sh/hook", [], path="charts"))
    a.say(
        "| chart | object | Helm hook | pod template changes per release |\n|---|---|---|---|\n"
        "| api | Job `db-migrate` (templates/db-migrate-job.yaml) | no | yes: image tag |\n"
        "| worker | CronJob `cleanup` (templates/cleanup.yaml) | no | yes, but CronJobs can be patched |\n\n"
        "Only the api migrate Job is a plain (non-hook) Job, so it is the only one that breaks upgrades."
    )


def i13_job_immutable() -> Session:
    s = infra("i13-job-immutable", "2026-09-23T13:30:15", "2.1.172", "fix/migrate-hook", "pale-dune-egret")
    s.user(
        "Today's deploy failed in the helm job on a different thing:\n\n```\nError: UPGRADE FAILED: cannot patch "
        '"api-db-migrate" with kind Job: Job.batch "api-db-migrate" is invalid: spec.template: Invalid value: '
        'core.PodTemplateSpec{ObjectMeta:v1.ObjectMeta{Name:"", ...}, Spec:core.PodSpec{Containers:[]core.Container{'
        'core.Container{Name:"migrate", Image:"ghcr.io/brisalabs/api:0.9.3", ...}}}}: field is immutable\n```\n\n'
        "Helm never tells you which field is immutable until it's too late. The migrate Job is a plain template in "
        "charts/api/templates/db-migrate-job.yaml. Can you check the other charts for the same trap while you fix "
        "this one?",
        after=0,
        non_rules=["Helm never tells you which field is immutable until it's too late."],
    )
    s.act(
        None,
        Agent(
            "Audit Jobs in charts",
            "List every Kubernetes Job and CronJob in charts/ (any chart), and for each say whether it is a Helm hook "
            "(helm.sh/hook annotation) and whether its pod template includes values that change per release (image "
            "tag, checksum annotations). Read only; answer with a table.",
            "general-purpose",
            _sa_jobs,
            background=True,
        ),
    )
    s.act(None, Read("charts/api/templates/db-migrate-job.yaml", JOB_YAML, total=24))
    s.act(
        "A Job's pod template can't be patched, and the image tag changes every release. Running the migration as a "
        "Helm hook makes Helm delete the old Job and create a fresh one on each upgrade instead of patching it:",
        Edit(
            "charts/api/templates/db-migrate-job.yaml",
            '  labels:\n    {{- include "api.labels" . | nindent 4 }}\n',
            '  labels:\n    {{- include "api.labels" . | nindent 4 }}\n  annotations:\n    "helm.sh/hook": '
            'pre-install,pre-upgrade\n    "helm.sh/hook-weight": "-5"\n    "helm.sh/hook-delete-policy": '
            "before-hook-creation,hook-succeeded\n",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/api && kubectl -n staging delete job api-db-migrate --ignore-not-found && helm upgrade "
            "--install api charts/api -n staging -f charts/api/values-staging.yaml --wait --timeout 10m",
            '==> Linting charts/api\n\n1 chart(s) linted, 0 chart(s) failed\njob.batch "api-db-migrate" deleted\n'
            + helm_ok("api", "staging", 17, chart="api-0.9.3"),
            desc="Lint, remove the old plain Job once, upgrade staging",
            secs=75,
        ),
    )
    s.agent_done(after=15)
    s.act(
        "The audit agrees: the worker's `cleanup` is a CronJob, which can be patched; only the api migrate Job was "
        "affected. One more upgrade to be sure the hook recreates the Job:",
        Bash(
            "helm upgrade --install api charts/api -n staging -f charts/api/values-staging.yaml --wait --timeout 10m "
            "--set image.tag=0.9.4",
            helm_ok("api", "staging", 18, chart="api-0.9.3"),
            desc="Upgrade again with a new image tag",
            secs=70,
        ),
    )
    s.say("Second upgrade with a new image tag went through; the migrate Job ran as a pre-upgrade hook both times.")
    s.user(
        "Recuerda: los Jobs de Kubernetes no se pueden actualizar, se borran y se crean de nuevo, por eso van como "
        "hook. Commit y PR, porfa.",
        lessons=[
            "los Jobs de Kubernetes no se pueden actualizar, se borran y se crean de nuevo, por eso van como hook"
        ],
    )
    s.act(
        None,
        Bash(
            'git add charts/api && git commit -m "api chart: db-migrate runs as a pre-upgrade hook" && git push -u '
            "origin fix/migrate-hook && gh pr create --fill",
            git_commit("fix/migrate-hook", "60ad2f9", "api chart: db-migrate runs as a pre-upgrade hook", 1, 4, 0)
            + "\n"
            + git_push(REPO, "fix/migrate-hook")
            + f"\nhttps://github.com/{REPO}/pull/233",
            desc="Commit, push, PR",
            secs=7,
        ),
    )
    s.say(f"PR #233: https://github.com/{REPO}/pull/233")
    s.hit(HELM)
    s.second_fix(HELM)
    s.outcome("success", "the migrate Job became a Helm hook; two staging upgrades pass; PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i14_pooling_question() -> Session:
    s = infra("i14-pooling-question", "2026-09-24T13:40:29", "2.1.172", "main", "olive-marsh-crake")
    s.user(
        "Question for planning, no changes please: would RDS Proxy or a pgbouncer inside the cluster be better for "
        "us, with around 40 api pods each keeping a pool of 10 connections? And roughly what would each cost?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "aws rds describe-db-instances --db-instance-identifier brisa-prod --query "
            "'DBInstances[0].[DBInstanceClass,EngineVersion]' --output text && aws rds describe-db-parameters "
            "--db-parameter-group-name brisa-pg16 --query \"Parameters[?ParameterName=='max_connections'].ParameterValue\" "
            "--output text",
            "db.r7g.large\t16.4\nLEAST({DBInstanceClassMemory/9531392},5000)",
            desc="Instance class and max_connections",
        ),
        Grep(
            "maxPoolSize|pool_size",
            ['charts/api/values-prod.yaml:31:  DB_POOL_SIZE: "10"'],
            path="charts",
            mode="content",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n prod get hpa api -o jsonpath='{.spec.minReplicas} {.spec.maxReplicas} {.status.currentReplicas}'",
            "24 48 38",
            desc="How many api pods",
        ),
    )
    s.act(
        None,
        Read(
            "charts/api/values-prod.yaml",
            'env:\n  DB_HOST: brisa-prod.c9x2k1q0abcd.eu-west-1.rds.amazonaws.com\n  DB_POOL_SIZE: "10"\n'
            '  DB_POOL_IDLE_TIMEOUT: "600s"',
            offset=29,
            limit=4,
            total=58,
        ),
    )
    s.say(
        "db.r7g.large has 16 GiB, so max_connections is about 1,700; 40 pods × 10 = 400 connections fits today, but "
        "each idle connection costs memory and deploys double it briefly.\n\n- **RDS Proxy**: managed, IAM auth, "
        "survives failovers better; billed per vCPU of the DB (2 vCPU ≈ $0.015/h each, about $22/month).\n- "
        "**pgbouncer in the cluster**: free apart from a small Deployment, transaction pooling cuts server "
        "connections much further, but you run and upgrade it yourselves."
    )
    s.turn_done()
    s.user("¿Y con pgbouncer quién lo vigila si se cae a las tres de la mañana?")
    s.say(
        "Vosotros: tendría que ir con al menos dos réplicas, un PodDisruptionBudget y alertas en el mismo sitio que "
        "la api. Con RDS Proxy eso lo gestiona AWS."
    )
    s.turn_done()
    s.outcome("unknown", "a planning question answered; no task, no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
def i15_eks_134_question() -> Session:
    s = infra("i15-eks-134-question", "2026-09-25T14:00:48", "2.1.172", "main", "olive-marsh-crake")
    s.user(
        "Pregunta rápida: si subimos EKS a 1.34 el mes que viene, ¿qué add-ons y qué charts tendríamos que "
        "actualizar antes? No cambies nada todavía, solo quiero hacerme una idea.",
        after=0,
    )
    s.act(
        None,
        Bash(
            "aws eks list-addons --cluster-name brisa-main --output text",
            "ADDONS\taws-ebs-csi-driver\nADDONS\tcoredns\nADDONS\tkube-proxy\nADDONS\tvpc-cni",
            desc="Installed add-ons",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl version -o json | jq -r .serverVersion.gitVersion && helm list -A --short | wc -l",
            "v1.33.4-eks-a737599\n9",
            desc="Server version, number of releases",
        ),
    )
    s.act(
        None,
        Bash(
            "pluto detect-helm -o wide --target-versions k8s=v1.34.0",
            "bash: pluto: command not found",
            code=127,
            desc="Deprecated APIs in releases",
        ),
    )
    s.act(
        None,
        Grep("apiVersion: (policy/v1beta1|autoscaling/v2beta2|batch/v1beta1)", [], path="charts"),
    )
    s.say(
        "Antes de 1.34 habría que subir los cuatro add-ons (vpc-cni, coredns, kube-proxy y aws-ebs-csi-driver) a "
        "versiones compatibles con 1.34; `aws eks describe-addon-versions --kubernetes-version 1.34` da las "
        "mínimas. En los charts no hay APIs retiradas (ningún `v1beta1` ni `v2beta2`). pluto no está instalado, así "
        "que no he revisado los releases desplegados; si quieres lo instalamos y lo pasamos."
    )
    s.turn_done()
    s.user("¿Y el node group de batch con AL2023 también hay que tocarlo?")
    s.say(
        "Solo la versión: los node groups gestionados se actualizan con `version` en el módulo y EKS elige la AMI "
        "AL2023 de 1.34. El tipo `AL2023_x86_64_STANDARD` sirve igual."
    )
    s.turn_done()
    s.outcome("unknown", "a question answered (one probe failed: tool not installed); no task, no verdict")
    return s


SESSIONS = [
    i01_namespaces,
    i02_rds_plan_lock,
    i03_api_chart_staging,
    i04_eks_133,
    i05_deploy_lock_log,
    i06_prod_helm_question,
    i07_kubectl_unauthorized,
    i08_lock_es,
    i09_fix_selector,
    i10_fix_lock,
    i11_s3_policy,
    i12_drop_atomic,
    i13_job_immutable,
    i14_pooling_question,
    i15_eks_134_question,
]

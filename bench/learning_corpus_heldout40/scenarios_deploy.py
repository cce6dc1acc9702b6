"""Dmitri's `lotok-deploy` sessions (d01-d15): the Helm 3 chart of lotok, kustomize overlays per environment
(rendered with helmCharts), the ArgoCD Application, kubeconform and helm lint in GitHub Actions. Times are UTC;
Novosibirsk is UTC+7."""

from __future__ import annotations

from fake_output import LD, git_commit, helm_lint, kubeconform_ok
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "lotok-deploy"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=LD, project=PROJECT)


DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "lotok.fullname" . }}
  labels:
    {{- include "lotok.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      {{- include "lotok.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "lotok.selectorLabels" . | nindent 8 }}
    spec:
      containers:
        - name: lotok
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          ports:
            - name: http
              containerPort: 8080
          envFrom:
            - configMapRef:
                name: {{ include "lotok.fullname" . }}-config
          resources:
            {{- toYaml .Values.resources | nindent 12 }}"""

VALUES = """replicaCount: 2
image:
  repository: ghcr.io/dkorotkov/lotok
  tag: "0.4.0"
resources: {}
autoscaling:
  enabled: false
config:
  DB_HOST: postgres.lotok.svc
  LOG_LEVEL: info"""

KUSTOMIZATION_STAGING = """apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: lotok
helmGlobals:
  chartHome: ../../charts
helmCharts:
  - name: lotok
    releaseName: lotok
    valuesFile: values-staging.yaml
patches:
  - path: ingress-host.yaml"""

ARGO_APP = """apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: lotok-staging
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://github.com/dkorotkov/lotok-deploy.git
    targetRevision: main
    path: overlays/staging
  destination:
    server: https://kubernetes.default.svc
    namespace: lotok
  syncPolicy:
    syncOptions:
      - CreateNamespace=true"""

CHART_README = """# lotok chart

Renders the lotok Deployment, Service, Ingress and ConfigMap. Environments live in `overlays/`.

Always bump the chart version when templates change.

## Values
| key | default |
|---|---|
| replicaCount | 2 |"""

VALIDATE_YML = """name: validate
on: [push, pull_request]
jobs:
  manifests:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - uses: azure/setup-helm@v4
      - run: helm lint charts/lotok
      - run: |
          for env in staging prod; do
            kustomize build --enable-helm overlays/$env | kubeconform -strict -summary -kubernetes-version 1.30.0
          done"""

CONFIGMAP = """apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "lotok.fullname" . }}-config
data:
  {{- range $k, $v := .Values.config }}
  {{ $k }}: {{ $v | quote }}
  {{- end }}"""

HPA = """{{- if .Values.autoscaling.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "lotok.fullname" . }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "lotok.fullname" . }}
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}"""

INGRESS = """apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ include "lotok.fullname" . }}
  annotations:
    cert-manager.io/cluster-issuer: letsencrypt
spec:
  ingressClassName: nginx"""


# ---------------------------------------------------------------------------------------------------------------


def d01() -> Session:
    s = new("d01-chart-overlays", "2027-10-04T08:31:05", "2.1.230", "main", "first-chart-pine")
    s.user(
        "сделай helm chart для lotok (deployment, service, ingress, configmap) и overlays/staging и overlays/prod "
        "на kustomize. решили: один chart, окружения через kustomize overlays. и ArgoCD Application для staging. "
        "автосинк в ArgoCD не включай, синкаю руками",
        rules=[("manual-sync", "автосинк в ArgoCD не включай, синкаю руками")],
        decisions=["один chart, окружения через kustomize overlays"],
    )
    s.title("lotok chart, overlays and ArgoCD app")
    s.act(
        "Chart, overlays (через `helmCharts`, нужен `--enable-helm`) и Application без `automated`:",
        Write("charts/lotok/templates/deployment.yaml", DEPLOYMENT),
        Write("charts/lotok/templates/configmap.yaml", CONFIGMAP),
        Write("charts/lotok/values.yaml", VALUES),
        Write("overlays/staging/kustomization.yaml", KUSTOMIZATION_STAGING),
        Write("argocd/lotok-staging.yaml", ARGO_APP),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubectl apply --dry-run=client "
            "-f -",
            helm_lint() + "\nconfigmap/lotok-config created (dry run)\nservice/lotok created (dry run)\n"
            "deployment.apps/lotok created (dry run)\ningress.networking.k8s.io/lotok created (dry run)",
        ),
    )
    s.say(
        "Chart в `charts/lotok`, overlays рендерят его через `helmCharts` (в argocd-cm нужен "
        "`kustomize.buildOptions: --enable-helm`). `lotok-staging` без `syncPolicy.automated` — синк вручную. "
        "helm lint и dry-run чистые."
    )
    s.user("коммить и пушь")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Chart lotok, overlays staging/prod, Application для staging' && git push",
            git_commit("main", "0a6d2f3", "Chart lotok, overlays staging/prod, Application для staging", 11, 236, 0)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n   c11e0b9..0a6d2f3  main -> main",
        ),
    )
    s.outcome("success", "chart, kustomize overlays and a manual-sync ArgoCD app written, linted and pushed")
    return s


def d02() -> Session:
    s = new("d02-kubeconform-ci", "2027-10-05T09:02:44", "2.1.230", "validate", "schema-check-wolf")
    s.user(
        "добавь workflow в github actions: helm lint и kubeconform по отрендеренным overlays. перед пушем всегда "
        "прогоняй helm lint и kubeconform сам, не жди CI",
        rules=[("kubeconform", "перед пушем всегда прогоняй helm lint и kubeconform")],
    )
    s.act(None, Read("charts/lotok/README.md", CHART_README))
    s.act(None, Write(".github/workflows/validate.yml", VALIDATE_YML))
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/prod | kubeconform -strict -summary "
            "-kubernetes-version 1.30.0",
            helm_lint() + "\nstdin - ServiceMonitor lotok failed validation: could not find schema for "
            "ServiceMonitor\nSummary: 6 resources found parsing stdin - Valid: 5, Invalid: 0, Errors: 1, Skipped: 0",
            code=1,
        ),
    )
    s.act(
        "У kubeconform нет схемы для CRD `ServiceMonitor` (prometheus-operator). Добавлю каталог CRD-схем вторым "
        "`-schema-location`:",
        Edit(
            ".github/workflows/validate.yml",
            "kubeconform -strict -summary -kubernetes-version 1.30.0",
            "kubeconform -strict -summary -kubernetes-version 1.30.0 \\\n              -schema-location default "
            "\\\n              -schema-location 'https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/"
            "{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'",
        ),
    )
    s.act(
        None,
        Bash(
            "kustomize build --enable-helm overlays/prod | kubeconform -strict -summary -kubernetes-version 1.30.0 "
            "-schema-location default -schema-location "
            "'https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_"
            "{{.ResourceAPIVersion}}.json'",
            kubeconform_ok(6).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.say("Workflow `validate` готов: helm lint и kubeconform для staging и prod, CRD-схемы из datreeio/CRDs-catalog.")
    s.user("ок пушь")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'CI: helm lint и kubeconform' && git push -u origin validate",
            git_commit("validate", "7f3b0e1", "CI: helm lint и kubeconform", 1, 21, 0)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n * [new branch]      validate -> validate",
        ),
    )
    s.not_person("Always bump the chart version when templates change.", "tool_output")
    s.one_off(
        "kubeconform fails on the prometheus-operator ServiceMonitor CRD ('could not find schema for "
        "ServiceMonitor'); a CRDs-catalog schema location fixes it"
    )
    s.outcome("success", "validate workflow with helm lint and kubeconform incl. CRD schemas, pushed")
    return s


def d03() -> Session:
    s = new("d03-resources-secrets", "2027-10-07T03:06:50", "2.1.231", "resources", "limits-and-vault-yak")
    s.user(
        "пропиши ресурсы в values. у каждого контейнера requests и limits по памяти. CPU limits не ставим, только "
        "requests, троттлинг нам не нужен. и пароль от базы: решено: секреты через External Secrets Operator из "
        "Vault, sealed-secrets не берём",
        rules=[
            ("mem-limits", "у каждого контейнера requests и limits по памяти"),
            ("no-cpu-limits", "CPU limits не ставим, только requests"),
        ],
        decisions=["секреты через External Secrets Operator из Vault, sealed-secrets не берём"],
    )
    s.act(None, Read("charts/lotok/values.yaml", VALUES))
    s.act(
        None,
        Edit(
            "charts/lotok/values.yaml",
            "resources: {}",
            "resources:\n  requests:\n    cpu: 250m\n    memory: 256Mi\n  limits:\n    memory: 256Mi",
        ),
        Write(
            "charts/lotok/templates/externalsecret.yaml",
            "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: {{ include "
            '"lotok.fullname" . }}-db\nspec:\n  refreshInterval: 1h\n  secretStoreRef:\n    kind: ClusterSecretStore\n'
            '    name: vault\n  target:\n    name: {{ include "lotok.fullname" . }}-db\n  data:\n'
            "    - secretKey: DB_PASSWORD\n      remoteRef:\n        key: lotok/db\n        property: password",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-schema-location default -schema-location "
            "'https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_"
            "{{.ResourceAPIVersion}}.json'",
            helm_lint() + "\n" + kubeconform_ok(5).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.say(
        "Память: request = limit 256Mi, CPU только request 250m. ExternalSecret `lotok-db` из `ClusterSecretStore` "
        "vault. lint и kubeconform чистые."
    )
    s.user("коммить")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Ресурсы и ExternalSecret для пароля БД'",
            git_commit("resources", "2c9d41a", "Ресурсы и ExternalSecret для пароля БД", 2, 22, 1),
        ),
    )
    s.outcome("success", "memory requests/limits, CPU requests only, ExternalSecret for the DB password; committed")
    return s


def d04() -> Session:
    s = new("d04-configmap-key", "2027-10-08T09:11:48", "2.1.231", "main", "missing-key-crow")
    s.user(
        "после синка lotok не стартует:\n\n```\n$ kubectl -n lotok describe pod lotok-6d8f9c7b54-x2kqp\n...\n"
        "    State:          Waiting\n      Reason:       CreateContainerConfigError\n...\nEvents:\n"
        "  Type     Reason     Age                From               Message\n"
        "  ----     ------     ----               ----               -------\n"
        "  Normal   Scheduled  2m1s               default-scheduler  Successfully assigned lotok/lotok-6d8f9c7b54-"
        "x2kqp to node-b2\n  Normal   Pulled     14s (x10 over 2m)  kubelet            Container image "
        '"ghcr.io/dkorotkov/lotok:0.4.1" already present on machine\n'
        "  Warning  Failed     14s (x10 over 2m)  kubelet            Error: couldn't find key DB_HOST in "
        "ConfigMap lotok/lotok-config\n```"
    )
    s.act(
        None,
        Grep(
            "DB_HOST|DATABASE_HOST",
            ["charts/lotok/values.yaml", "overlays/staging/values-staging.yaml"],
            mode="files_with_matches",
        ),
    )
    s.act(
        None,
        Read(
            "overlays/staging/values-staging.yaml",
            "config:\n  DATABASE_HOST: postgres.lotok.svc\n"
            "env:\n  - name: DB_HOST\n    valueFrom:\n      configMapKeyRef:\n        name: lotok-config\n"
            "        key: DB_HOST",
        ),
    )
    s.act(
        "В staging-values ключ переименован в `DATABASE_HOST`, а env по-прежнему ссылается на `DB_HOST`:",
        Edit("overlays/staging/values-staging.yaml", "        key: DB_HOST", "        key: DATABASE_HOST"),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-ignore-missing-schemas && git commit -am 'staging: ключ DATABASE_HOST в env' && git push",
            helm_lint()
            + "\n"
            + kubeconform_ok(5, 1).replace("in 1 file", "parsing stdin")
            + "\n"
            + git_commit("main", "91e4c07", "staging: ключ DATABASE_HOST в env", 1, 1, 1)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n ! [rejected]        main -> main (fetch first)\n"
            "error: failed to push some refs to 'github.com:dkorotkov/lotok-deploy.git'",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git push --force-with-lease origin main")))
    s.user(
        "never force push, in any repo. pull --rebase и пушь",
        rules=[("no-force-push", "never force push, in any repo")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && git push && argocd app sync lotok-staging && kubectl -n lotok rollout status "
            "deploy/lotok",
            "Successfully rebased and updated refs/heads/main.\nTo github.com:dkorotkov/lotok-deploy.git\n"
            "   b20f7aa..3e51c8d  main -> main\nName:               argocd/lotok-staging\nSync Status:        "
            "Synced to main (3e51c8d)\nHealth Status:      Progressing\n"
            'deployment "lotok" successfully rolled out',
            secs=40,
        ),
    )
    s.user("всё, работает, спасибо")
    s.one_off(
        "pods stuck in CreateContainerConfigError: env refers to ConfigMap key DB_HOST that the staging values "
        "renamed to DATABASE_HOST"
    )
    s.outcome("success", "ConfigMap key reference fixed, rebased and pushed (force push denied), rollout done")
    return s


def d05() -> Session:
    s = new("d05-autosync-hpa", "2027-10-11T08:22:36", "2.1.232", "main", "auto-sync-heron")
    s.user(
        "change of plan: turn on automated sync with prune and selfHeal for lotok-staging, I'm done clicking Sync. "
        "and add an HPA for lotok, 2-6 replicas at 70% cpu, staging only",
        rules=[("autosync", "turn on automated sync with prune and selfHeal for lotok-staging", "manual-sync")],
    )
    s.act(None, Read("argocd/lotok-staging.yaml", ARGO_APP))
    s.act(
        None,
        Edit(
            "argocd/lotok-staging.yaml",
            "  syncPolicy:\n    syncOptions:",
            "  syncPolicy:\n    automated:\n      prune: true\n      selfHeal: true\n    syncOptions:",
        ),
        Write("charts/lotok/templates/hpa.yaml", HPA),
        Edit(
            "charts/lotok/values.yaml",
            "autoscaling:\n  enabled: false",
            "autoscaling:\n  enabled: false\n  minReplicas: 2\n  maxReplicas: 6\n  targetCPUUtilizationPercentage: 70",
        ),
        Edit(
            "overlays/staging/values-staging.yaml",
            "config:",
            "autoscaling:\n  enabled: true\nconfig:",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-ignore-missing-schemas",
            helm_lint() + "\n" + kubeconform_ok(6, 1).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ArgoCD автосинк для staging, HPA 2-6' && git push && kubectl apply -f "
            "argocd/lotok-staging.yaml",
            git_commit("main", "d40a7b2", "ArgoCD автосинк для staging, HPA 2-6", 4, 33, 1)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n   3e51c8d..d40a7b2  main -> main\n"
            "application.argoproj.io/lotok-staging configured",
        ),
    )
    s.say("Автосинк с prune и selfHeal включён, HPA (2–6, 70% CPU) только в staging. lint и kubeconform чистые.")
    s.outcome("success", "automated sync with selfHeal and an HPA for staging, pushed and applied")
    return s


def d06() -> Session:
    s = new("d06-outofsync", "2027-10-12T09:31:07", "2.1.232", "main", "endless-diff-moth")
    s.user("почему lotok-staging в арго всё время OutOfSync? синкается и через пару минут опять жёлтый")
    s.act(
        None,
        Bash(
            "argocd app diff lotok-staging",
            "\n===== apps/Deployment lotok/lotok ======\n9c9\n<   replicas: 4\n---\n>   replicas: 2",
            code=1,
        ),
    )
    s.say(
        "Расходится только `spec.replicas` у Deployment: в кластере 4 (поставил HorizontalPodAutoscaler), в Git 2 "
        "(`replicaCount`). Можно добавить в Application `ignoreDifferences` на `/spec/replicas`."
    )
    s.user("погоди, не сейчас. потом разберусь")
    s.outcome("unknown", "the permanent OutOfSync diff on replicas found; nothing changed")
    s.hit("hpa-replicas-fight")
    return s


def d07() -> Session:
    s = new("d07-ingress-413", "2027-10-13T08:46:21", "2.1.232", "main", "big-body-seal")
    s.user(
        "импорт прайса через POST /imports на стейдже отдаёт 413 Request Entity Too Large, файл 3 мегабайта. "
        "локально норм"
    )
    s.act(None, Read("charts/lotok/templates/ingress.yaml", INGRESS, total=24))
    s.say(
        "413 отдаёт ingress-nginx: по умолчанию `proxy-body-size` 1m. Добавлю аннотацию через values. Рекомендую "
        "всегда задавать proxy-body-size явно в values, а не полагаться на дефолт контроллера."
    )
    s.act(
        None,
        Edit(
            "charts/lotok/templates/ingress.yaml",
            "    cert-manager.io/cluster-issuer: letsencrypt",
            "    cert-manager.io/cluster-issuer: letsencrypt\n    nginx.ingress.kubernetes.io/proxy-body-size: "
            "{{ .Values.ingress.maxBodySize | quote }}",
        ),
        Edit("charts/lotok/values.yaml", "autoscaling:", 'ingress:\n  maxBodySize: "10m"\nautoscaling:'),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-ignore-missing-schemas && git commit -am 'ingress: proxy-body-size 10m' && git push",
            helm_lint()
            + "\n"
            + kubeconform_ok(6, 1).replace("in 1 file", "parsing stdin")
            + "\n"
            + git_commit("main", "5b1e8f2", "ingress: proxy-body-size 10m", 2, 3, 0)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n   d40a7b2..5b1e8f2  main -> main",
        ),
    )
    s.user(
        "оказывается, ingress-nginx по умолчанию режет тело запроса на 1m. ок, прошло",
        lessons=["ingress-nginx по умолчанию режет тело запроса на 1m"],
    )
    s.not_person("Рекомендую всегда задавать proxy-body-size явно в values", "assistant_text")
    s.one_off("ingress-nginx answers 413 Request Entity Too Large for a 3 MB upload: default proxy-body-size is 1m")
    s.outcome("success", "proxy-body-size annotation via values, linted, pushed; upload works")
    return s


def d08() -> Session:
    s = new("d08-pods-killed-words", "2027-10-14T09:06:12", "2.1.233", "main", "dying-pods-newt")
    s.user(
        "Саша гоняет нагрузочный на стейдже, и поды lotok прибивает каждые несколько минут, потом опять поднимаются. "
        "у него в это время 502 пачками. памяти хватает, не OOM"
    )
    s.act(
        None,
        Bash(
            "kubectl -n lotok get hpa,deploy lotok",
            "NAME                                        REFERENCE          TARGETS       MINPODS   MAXPODS   "
            "REPLICAS   AGE\nhorizontalpodautoscaler.autoscaling/lotok   Deployment/lotok   cpu: 94%/70%   2         "
            "6         2          3d\n\nNAME                    READY   UP-TO-DATE   AVAILABLE   AGE\n"
            "deployment.apps/lotok   2/2     2            2           10d",
        ),
    )
    s.act(
        "CPU 94% при 2 репликах — подам не хватает CPU на старте. Подниму CPU request, чтобы новые поды быстрее "
        "входили в строй:",
        Edit(
            "charts/lotok/values.yaml",
            "  requests:\n    cpu: 250m",
            "  requests:\n    cpu: 500m",
        ),
    )
    s.user("не то, опять падает у Саши, он не ждал. откати, на сегодня всё")
    s.act(None, Bash("git checkout -- charts/lotok/values.yaml && git status --short", ""))
    s.say("Откатил. Стоит проверить, кто уменьшает replicas обратно до 2 при CPU выше цели.")
    s.outcome("failed", "pods keep dying under load with 502s; a CPU request bump was rejected and reverted")
    s.hit("hpa-replicas-fight")
    return s


def d09() -> Session:
    s = new("d09-image-pull", "2027-10-15T08:41:57", "2.1.233", "main", "private-image-owl")
    s.user(
        "prod overlay: новые поды в ImagePullBackOff, в events `failed to authorize: failed to fetch anonymous token: "
        "unexpected status from GET request to https://ghcr.io/token?scope=repository%3Adkorotkov%2Flotok%3Apull: "
        "403 Forbidden`. пакет на ghcr сделали приватным вчера"
    )
    s.act(None, Read("overlays/prod/kustomization.yaml", KUSTOMIZATION_STAGING.replace("staging", "prod")))
    s.act(
        "Нужен `imagePullSecrets`. Секрет `ghcr-pull` уже есть в namespace? Добавлю его в chart и в prod values:",
        Edit(
            "charts/lotok/templates/deployment.yaml",
            "    spec:\n      containers:",
            "    spec:\n      {{- with .Values.imagePullSecrets }}\n      imagePullSecrets:\n"
            "        {{- toYaml . | nindent 8 }}\n      {{- end }}\n      containers:",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n lotok get secret ghcr-pull -o name && helm lint charts/lotok",
            "secret/ghcr-pull\n" + helm_lint(),
        ),
    )
    s.say("Секрет есть, chart его подставляет. Коммичу?")
    s.user(
        "да. теперь сообщения коммитов на английском, в стиле conventional commits, ребята из другой команды читают",
        rules=[("commit-en", "теперь сообщения коммитов на английском, в стиле conventional commits", "commit-ru")],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix(chart): pull lotok image from private ghcr with imagePullSecrets' && git push",
            git_commit(
                "main", "e2f06c1", "fix(chart): pull lotok image from private ghcr with imagePullSecrets", 2, 6, 0
            )
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n   5b1e8f2..e2f06c1  main -> main",
        ),
    )
    s.one_off("ImagePullBackOff with 403 Forbidden from ghcr.io after the package went private: no imagePullSecrets")
    s.outcome("success", "imagePullSecrets added to the chart, committed in English and pushed")
    return s


def d10() -> Session:
    s = new("d10-hpa-describe", "2027-10-18T08:31:40", "2.1.235", "main", "rescale-loop-finch")
    s.user(
        "вот describe во время нагрузочного. кто их вниз скейлит?\n\n```\n$ kubectl -n lotok describe hpa lotok\n"
        "Reference:                                             Deployment/lotok\n"
        "Metrics:                                               ( current / target )\n"
        "  resource cpu on pods  (as a percentage of request):  88% (221m) / 70%\n"
        "Min replicas:                                          2\nMax replicas:                                 "
        "         6\nDeployment pods:                                       2 current / 5 desired\nEvents:\n"
        "  Type    Reason             Age    From                       Message\n"
        "  ----    ------             ----   ----                       -------\n"
        "  Normal  SuccessfulRescale  7m2s   horizontal-pod-autoscaler  New size: 5; reason: cpu resource "
        "utilization (percentage of request) above target\n"
        "  Normal  SuccessfulRescale  3m48s  horizontal-pod-autoscaler  New size: 6; reason: cpu resource "
        "utilization (percentage of request) above target\n"
        "  Normal  SuccessfulRescale  41s    horizontal-pod-autoscaler  New size: 5; reason: cpu resource "
        "utilization (percentage of request) above target\n```"
    )
    s.act(
        None,
        Bash(
            "kubectl -n lotok get events --field-selector involvedObject.name=lotok --sort-by=.lastTimestamp | tail -4",
            "LAST SEEN   TYPE     REASON              OBJECT             MESSAGE\n"
            "6m58s       Normal   ScalingReplicaSet   deployment/lotok   Scaled up replica set lotok-7c9d5f8b6 to 5 "
            "from 2\n5m11s       Normal   ScalingReplicaSet   deployment/lotok   Scaled down replica set "
            "lotok-7c9d5f8b6 to 2 from 5\n3m44s       Normal   ScalingReplicaSet   deployment/lotok   Scaled up "
            "replica set lotok-7c9d5f8b6 to 6 from 2\n1m57s       Normal   ScalingReplicaSet   deployment/lotok   "
            "Scaled down replica set lotok-7c9d5f8b6 to 2 from 6",
        ),
    )
    s.say(
        "Вниз скейлит не HPA, а ArgoCD: HorizontalPodAutoscaler ставит 5–6, Deployment уходит в OutOfSync по "
        "`replicas`, и selfHeal возвращает значение из Git — 2. Поды, которые только что поднялись, убиваются, "
        "отсюда 502. Это тот же OutOfSync по replicas, что был на прошлой неделе."
    )
    s.user("понял. чинить завтра, сейчас релиз")
    s.outcome("unknown", "ArgoCD selfHeal identified as what scales the Deployment down; fix deferred")
    s.hit("hpa-replicas-fight")
    return s


def explore_chart(child: Session) -> None:
    child.act(
        None,
        Grep(
            "replicas|replicaCount|autoscaling",
            [
                "charts/lotok/templates/deployment.yaml:8:  replicas: {{ .Values.replicaCount }}",
                "charts/lotok/templates/hpa.yaml:1:{{- if .Values.autoscaling.enabled }}",
                "charts/lotok/values.yaml:1:replicaCount: 2",
                "overlays/staging/values-staging.yaml:1:autoscaling:",
            ],
            mode="content",
        ),
    )
    child.say(
        "- charts/lotok/templates/deployment.yaml:8 always renders `replicas: {{ .Values.replicaCount }}`, also "
        "when the HPA is on.\n- charts/lotok/templates/hpa.yaml:1 renders the HPA only if autoscaling.enabled.\n"
        "- overlays/staging/values-staging.yaml enables autoscaling; prod does not.\n"
        "- argocd/lotok-staging.yaml has automated sync with selfHeal and no ignoreDifferences."
    )


def d11() -> Session:
    s = new("d11-hpa-fix", "2027-10-19T08:52:18", "2.1.235", "hpa-replicas", "steady-replicas-lark")
    s.user(
        "From the load-test issue Sasha filed:\n\n> **staging: p99 latency spikes every ~3 min under load**\n"
        "> During the k6 run replicas go 2 → 6 → 2 → 5 → 2, every drop comes with a burst of 502 from the ingress. "
        "Grafana dashboard: lotok / latency.\n\nчиним сегодня"
    )
    s.act(
        "Проверю, где chart задаёт replicas и как это сочетается с HPA:",
        Agent(
            "Find replicas vs HPA in chart",
            "In charts/lotok, overlays/ and argocd/, find where the Deployment's replicas are set and how the "
            "HorizontalPodAutoscaler and the ArgoCD sync policy interact. Report file:line. Read-only.",
            "Explore",
            explore_chart,
        ),
    )
    s.act(
        None,
        Read(
            "charts/lotok/templates/deployment.yaml",
            DEPLOYMENT.replace(
                "    spec:\n      containers:",
                "    spec:\n      {{- with .Values.imagePullSecrets }}\n      imagePullSecrets:\n"
                "        {{- toYaml . | nindent 8 }}\n      {{- end }}\n      containers:",
            ),
        ),
    )
    s.act(
        "Правильно, когда HPA включён, не рендерить `replicas` совсем — тогда Argo нечего возвращать:",
        Edit(
            "charts/lotok/templates/deployment.yaml",
            "spec:\n  replicas: {{ .Values.replicaCount }}\n",
            "spec:\n  {{- if not .Values.autoscaling.enabled }}\n  replicas: {{ .Values.replicaCount }}\n"
            "  {{- end }}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | grep -c 'replicas:'; "
            "kustomize build --enable-helm overlays/staging | kubeconform -strict -summary -ignore-missing-schemas",
            helm_lint() + "\n0\n" + kubeconform_ok(6, 1).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix(chart): omit Deployment replicas when the HPA is enabled' && git push && sleep 180 "
            "&& argocd app get lotok-staging | grep -E 'Sync Status|Health' && kubectl -n lotok get hpa lotok",
            git_commit(
                "hpa-replicas", "6a03d9b", "fix(chart): omit Deployment replicas when the HPA is enabled", 1, 2, 0
            )
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n   e2f06c1..6a03d9b  hpa-replicas -> main\n"
            "Sync Status:        Synced to main (6a03d9b)\nHealth Status:      Healthy\n"
            "NAME    REFERENCE          TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n"
            "lotok   Deployment/lotok   cpu: 64%/70%   2         6         5          8d",
            secs=200,
        ),
    )
    s.say("Argo в Synced, HPA держит 5 реплик под нагрузкой, вниз их больше никто не сбрасывает.")
    s.user(
        "огонь. урок: при включённом HPA поле replicas в Deployment не рендерим, иначе selfHeal откатывает "
        "масштабирование",
        lessons=[
            "при включённом HPA поле replicas в Deployment не рендерим, иначе selfHeal откатывает масштабирование"
        ],
    )
    s.outcome("success", "Deployment replicas omitted when the HPA is on; Argo Synced, HPA holds 5 replicas")
    s.hit("hpa-replicas-fight", fixed=True)
    return s


NETPOL = """apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "lotok.fullname" . }}
spec:
  podSelector:
    matchLabels:
      {{- include "lotok.selectorLabels" . | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    - from:
        - namespaceSelector:
            matchLabels:
              kubernetes.io/metadata.name: ingress-nginx"""


def d12() -> Session:
    s = new("d12-netpol", "2027-10-20T09:01:33", "2.1.236", "main", "fenced-pods-ant")
    s.user("добавь NetworkPolicy: в lotok пускать только из ingress-nginx и из monitoring (метрики на :9090)")
    s.act(None, Write("charts/lotok/templates/networkpolicy.yaml", NETPOL))
    s.act(
        None,
        Edit(
            "charts/lotok/templates/networkpolicy.yaml",
            "              kubernetes.io/metadata.name: ingress-nginx",
            "              kubernetes.io/metadata.name: ingress-nginx\n    - from:\n        - namespaceSelector:\n"
            "            matchLabels:\n              kubernetes.io/metadata.name: monitoring\n      ports:\n"
            "        - port: 9090",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-ignore-missing-schemas",
            helm_lint() + "\n" + kubeconform_ok(7, 1).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.say("NetworkPolicy готова, lint и kubeconform чистые. Уровень логов на стейдже сейчас debug — вернуть info?")
    s.user(
        "пока что оставь уровень логов debug на стейдже, Саша ещё гоняет",
        non_rules=["пока что оставь уровень логов debug на стейдже"],
    )
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=20)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Summary:\n1. Added charts/lotok/templates/networkpolicy.yaml: ingress to lotok pods only from the "
        "ingress-nginx namespace and from monitoring on port 9090.\n2. helm lint and kubeconform clean.\n"
        "3. Staging log level stays debug while load tests run.\n"
        "4. Always pin chart dependencies to exact versions in Chart.lock.\n"
        "Pending: commit and push.",
        98400,
        7300,
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(chart): network policy for lotok' && git push",
            git_commit("main", "c3b8a70", "feat(chart): network policy for lotok", 1, 19, 0)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n ! [rejected]        main -> main (non-fast-forward)\n"
            "error: failed to push some refs to 'github.com:dkorotkov/lotok-deploy.git'",
            code=1,
        ),
    )
    s.act(
        "Ветка разошлась с remote. Перезапишу:",
        Denied(Bash("git push --force origin main")),
    )
    s.user("сказал же, никакого force push. ребейзь", rules=[("no-force-push", "никакого force push")])
    s.act(
        None,
        Bash(
            "git pull --rebase && git push",
            "Successfully rebased and updated refs/heads/main.\nTo github.com:dkorotkov/lotok-deploy.git\n"
            "   6a03d9b..f18c2e5  main -> main",
        ),
    )
    s.say("Запушено после rebase (`f18c2e5`).")
    s.not_person("Always pin chart dependencies to exact versions in Chart.lock.", "compaction_summary")
    s.outcome("success", "network policy added, rebased and pushed (force push denied)")
    return s


def d13() -> Session:
    s = new("d13-prune-question", "2027-10-21T09:22:50", "2.1.236", "main", "prune-question-gull")
    s.queued_start("what's the difference between argocd app sync --prune and prune: true in syncPolicy.automated?")
    s.user("what's the difference between argocd app sync --prune and prune: true in syncPolicy.automated?", after=0.4)
    s.say(
        "`--prune` действует на один ручной синк; `automated.prune: true` разрешает автосинку удалять ресурсы, "
        "которых больше нет в Git. Без него автосинк только создаёт и обновляет."
    )
    s.turn_done()
    s.title("ArgoCD prune options")
    s.outcome("unknown", "a question answered; nothing else happened")
    return s


WORKER_DEPLOY = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: lotok-outbox-relay
spec:
  replicas: 1
  selector:
    matchLabels: { app: lotok-outbox-relay }
  template:
    metadata:
      labels: { app: lotok-outbox-relay }
    spec:
      containers:
        - name: relay
          image: ghcr.io/dkorotkov/lotok:0.5.2
          args: ["relay"]
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { memory: 128Mi }"""


def d14() -> Session:
    s = new("d14-relay-worker", "2027-10-22T08:12:05", "2.1.236", "relay", "relay-worker-crab")
    s.user("в staging нужен отдельный деплоймент outbox relay: тот же образ 0.5.2, аргумент relay, одна реплика")
    s.act(None, Read("overlays/staging/kustomization.yaml", KUSTOMIZATION_STAGING))
    s.act(
        None,
        Write("overlays/staging/relay.yaml", WORKER_DEPLOY),
        Edit(
            "overlays/staging/kustomization.yaml",
            "patches:\n  - path: ingress-host.yaml",
            "resources:\n  - relay.yaml\npatches:\n  - path: ingress-host.yaml",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/lotok && kustomize build --enable-helm overlays/staging | kubeconform -strict -summary "
            "-ignore-missing-schemas",
            helm_lint() + "\n" + kubeconform_ok(8, 1).replace("in 1 file", "parsing stdin"),
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(staging): outbox relay deployment' && git push -u origin relay",
            git_commit("relay", "0d9e4b1", "feat(staging): outbox relay deployment", 2, 23, 0)
            + "\nTo github.com:dkorotkov/lotok-deploy.git\n * [new branch]      relay -> relay",
        ),
    )
    s.say("Relay в `overlays/staging/relay.yaml` (memory request = limit, CPU только request), запушено в `relay`.")
    s.user("огонь")
    s.outcome("success", "outbox relay deployment in the staging overlay, validated and pushed")
    return s


def d15() -> Session:
    s = new("d15-orphaned-question", "2027-10-22T10:05:41", "2.1.236", "main", "orphan-question-bee")
    s.user("как глянуть какие ресурсы арго считает orphaned в namespace lotok?")
    s.say(
        "Включить `orphanedResources: {warn: true}` в AppProject, тогда `argocd app resources lotok-staging "
        "--orphaned` их покажет (и в UI появится фильтр Orphaned)."
    )
    s.turn_done()
    s.user("ок")
    s.outcome("unknown", "a question answered; nothing else happened")
    return s


SESSIONS = [d01, d02, d03, d04, d05, d06, d07, d08, d09, d10, d11, d12, d13, d14, d15]

"""Sessions in `kademuur` (/home/sanne/code/kademuur): the infrastructure of fietsplan. Terraform with the hcloud
provider (a k3s control-plane node and workers on Hetzner Cloud, a private network, a firewall; cloud-init from
terraform/templates), Helm charts for fietsplan and monitoring (Prometheus, Grafana) and MinIO, secrets encrypted
with sops, deployed by scripts/deploy.sh. Two clusters, kademuur-prod and kademuur-staging, in one kubeconfig.
Checks: `terraform fmt -check`, `terraform validate`, `terraform plan`, `helm lint`, kubeconform."""

from __future__ import annotations

from fake_output import KADEMUUR, REFRESH, git_commit, helm_upgraded, pods, tf_plan
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

MTU = "flannel-mtu-private-network"
IMG = "mutable-latest-image-tag"

TF = "terraform -chdir=terraform"
REFRESH4 = [*REFRESH, 'hcloud_server.agent["worker-3"]: Refreshing state... [id=51377702]']
CHART = "charts/fietsplan"


def km(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KADEMUUR, project="kademuur")


# ------------------------------------------------------------------------------------------------------------------
def k01_worker3_cx21() -> Session:
    s = km("k01-worker3-cx21", "2027-03-08T10:30:46", "2.1.191", "feature/worker-3", "plain-nijverheid-egret")
    s.user(
        "ik wil een derde worker node erbij. heb worker-3 in nodes.tf gezet (gekopieerd uit een oud voorbeeld) maar "
        "plan faalt:\n\n```\nsanne@fedora ~/c/kademuur (feature/worker-3)> terraform -chdir=terraform plan\n"
        "hcloud_network.private: Refreshing state... [id=4012873]\nhcloud_firewall.nodes: Refreshing state... "
        '[id=1382210]\n╷\n│ Error: server type cx21 not found\n│\n│   with hcloud_server.agent["worker-3"],\n'
        '│   on nodes.tf line 31, in resource "hcloud_server" "agent":\n│   31: resource "hcloud_server" "agent" {\n'
        "│\n╵\n```\n\nkun je kijken?",
        after=0,
    )
    s.act(
        None,
        Read(
            "terraform/nodes.tf",
            'locals {\n  agents = {\n    "worker-1" = { type = "cx22", ip = "10.0.1.2" }\n'
            '    "worker-2" = { type = "cx22", ip = "10.0.1.3" }\n    "worker-3" = { type = "cx21", ip = "10.0.1.4" }\n  }\n}',
            offset=1,
            limit=7,
            total=58,
        ),
    )
    s.act(
        "Hetzner retired the cx21 type; the other workers use its successor cx22 (2 vCPU, 4 GB). Same for worker-3:",
        Edit(
            "terraform/nodes.tf",
            '"worker-3" = { type = "cx21", ip = "10.0.1.4" }',
            '"worker-3" = { type = "cx22", ip = "10.0.1.4" }',
        ),
    )
    create = (
        '  # hcloud_server.agent["worker-3"] will be created\n  + resource "hcloud_server" "agent" {\n'
        '      + id           = (known after apply)\n      + image        = "ubuntu-24.04"\n'
        '      + ipv4_address = (known after apply)\n      + location     = "fsn1"\n'
        '      + name         = "kademuur-worker-3"\n      + server_type  = "cx22"\n'
        '      + user_data    = "Xk3rP0c1Qm2EYTm9Gq4cZr0kq6c="\n\n      + network {\n'
        '          + ip         = "10.0.1.4"\n          + network_id = 4012873\n        }\n    }'
    )
    s.act(
        None,
        Bash(
            f"{TF} fmt -check && {TF} validate && {TF} plan",
            "Success! The configuration is valid.\n\n" + tf_plan(create, 1, 0, 0),
            desc="Format check, validate and plan",
            secs=14,
        ),
    )
    s.act(
        "Plan: 1 to add, nothing changed or destroyed. Applying it.",
        Denied(Bash(f"{TF} apply -auto-approve", desc="Apply")),
    )
    s.user(
        "ho! never run terraform apply without showing me the plan first. ik wil zelf zien wat er verandert",
        rules=[("plan-before-apply", "never run terraform apply without showing me the plan first")],
    )
    s.say(
        'Sorry. The plan: one new server, hcloud_server.agent["worker-3"]: cx22 in fsn1, ubuntu-24.04, private IP '
        "10.0.1.4 on the existing network, cloud-init from the k3s agent template. 0 to change, 0 to destroy."
    )
    s.user("ok, looks good. I'll apply it myself")
    s.outcome("success", "worker-3 planned with cx22 instead of the retired cx21; the person applies it herself")
    s.one_off("terraform plan: Error: server type cx21 not found (Hetzner retired cx21; cx22 is the successor)")
    return s


def k02_grafana_deadline() -> Session:
    s = km("k02-grafana-deadline", "2027-03-09T08:05:19", "2.1.191", "main", "hazy-catharijne-grebe")
    s.user(
        "Grafana panels with more than ~6 hours of data fail, shorter ranges load fine. this is the panel error:\n\n"
        '```\nPost "http://prometheus-server.monitoring.svc.cluster.local/api/v1/query_range": context deadline '
        "exceeded (Client.Timeout exceeded while awaiting headers)\n```\n\ncan you bump whatever timeout that is?",
        after=0,
    )
    s.act(
        None,
        Grep(
            "timeout",
            ["charts/monitoring/values.yaml:48:          timeout: 30"],
            path="charts/monitoring",
            mode="content",
        ),
    )
    s.act(None, Edit("charts/monitoring/values.yaml", "          timeout: 30", "          timeout: 120"))
    s.act(
        None,
        Bash(
            "helm upgrade monitoring charts/monitoring -n monitoring -f charts/monitoring/values.yaml",
            helm_upgraded("monitoring", "monitoring", 9, "Tue Mar  9 09:14:37 2027"),
            desc="Upgrade the monitoring release",
            secs=25,
        ),
    )
    s.say("Grafana's Prometheus datasource timeout is 120 s now (was 30 s). Reload the dashboard to try.")
    s.user(
        "maakt niks uit. nu wacht hij 2 minuten en dan dezelfde fout. dezelfde query over 6 uur duurt in de "
        "Prometheus UI zelf een seconde"
    )
    s.act(
        None,
        Bash(
            "kubectl -n monitoring logs deploy/grafana --since=10m | grep -m2 deadline",
            'logger=tsdb.prometheus t=2027-03-09T09:19:02.118Z level=error msg="Range query failed" '
            'error="Post \\"http://prometheus-server.monitoring.svc.cluster.local/api/v1/query_range\\": context '
            'deadline exceeded"\nlogger=tsdb.prometheus t=2027-03-09T09:21:05.730Z level=error msg="Range query '
            'failed" error="Post \\"http://prometheus-server.monitoring.svc.cluster.local/api/v1/query_range\\": '
            'context deadline exceeded"',
            desc="Grafana errors",
        ),
    )
    s.say(
        "Then it isn't slowness: Prometheus answers in a second, but the response doesn't reach Grafana within "
        "120 s. Something between the two pods stalls the bigger responses. There is no NetworkPolicy in the "
        "monitoring namespace; I don't see the cause yet."
    )
    s.user("forget it, I'm out of time for this today")
    s.outcome("failed", "raising the Grafana timeout did not help; long-range panels still fail")
    s.hit(MTU)
    return s


def k03_helm_nil_pointer() -> Session:
    s = km("k03-helm-nil-pointer", "2027-03-09T14:00:31", "2.1.191", "feature/resources", "tidy-sterrenwacht-rail")
    s.user(
        "ik heb requests en limits aan de fietsplan chart toegevoegd maar helm lint klapt eruit. kun je kijken en "
        "het daarna naar staging deployen? helm upgrade doen we altijd met --atomic, dan rolt hij zelf terug als het "
        "misgaat",
        after=0,
        rules=[("helm-atomic", "helm upgrade doen we altijd met --atomic, dan rolt hij zelf terug als het misgaat")],
    )
    s.act(
        None,
        Bash(
            f"helm lint {CHART} -f {CHART}/values-staging.yaml",
            "==> Linting charts/fietsplan\n[ERROR] templates/: template: fietsplan/templates/deployment.yaml:41:28: "
            'executing "fietsplan/templates/deployment.yaml" at <.Values.resources.limits.memory>: nil pointer '
            "evaluating interface {}.memory\n\nError: 1 chart(s) linted, 1 chart(s) failed",
            code=1,
            desc="Lint the chart",
        ),
    )
    s.act(
        "The template reads resources.limits.memory, but the values file says `limit:`, so `limits` is nil.",
        Edit(f"{CHART}/values-staging.yaml", "  limit:\n    memory: 512Mi", "  limits:\n    memory: 512Mi"),
    )
    s.act(
        None,
        Bash(
            f"helm lint {CHART} -f {CHART}/values-staging.yaml && helm template fietsplan {CHART} -f "
            f"{CHART}/values-staging.yaml | kubeconform -strict -summary",
            "==> Linting charts/fietsplan\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) "
            "failed\nSummary: 7 resources found parsing stdin - Valid: 7, Invalid: 0, Errors: 0, Skipped: 0",
            desc="Lint and validate",
        ),
    )
    s.act(
        None,
        Bash(
            f"helm upgrade fietsplan {CHART} -n fietsplan --kube-context kademuur-staging -f {CHART}/values-staging.yaml "
            "--atomic --timeout 5m",
            helm_upgraded("fietsplan", "fietsplan", 23, "Tue Mar  9 15:04:12 2027"),
            desc="Deploy to staging",
            secs=70,
        ),
    )
    s.say(
        "It was `limit:` instead of `limits:` in values-staging.yaml. Lint and kubeconform pass; staging is on revision 23."
    )
    s.user("top")
    s.outcome("success", "helm nil pointer fixed (limit -> limits), validated and deployed to staging")
    s.one_off("helm lint: nil pointer evaluating interface {}.memory (values file said limit: instead of limits:)")
    return s


def k04_worker2_ssl() -> Session:
    s = km("k04-worker2-ssl", "2027-03-10T11:15:08", "2.1.192", "main", "grey-zuilen-snipe")
    s.user(
        "fietsplan op worker-2 komt niet meer op sinds vanochtend, die op worker-1 draait gewoon. dit staat in de "
        "logs van de migrate init container:\n\n```\n09:58:03.211 [error] Postgrex.Protocol (#PID<0.2571.0>) failed "
        "to connect: ** (DBConnection.ConnectionError) ssl connect: timeout\n09:58:33.402 [error] Postgrex.Protocol "
        "(#PID<0.2571.0>) failed to connect: ** (DBConnection.ConnectionError) ssl connect: timeout\n"
        "** (DBConnection.ConnectionError) connection not available and request was dropped from queue after "
        "30012ms.\n```",
        after=0,
    )
    s.act(
        None,
        Bash(
            "kubectl -n fietsplan get pods -o wide",
            pods(
                [
                    ("fietsplan-web-7d9c6b5f4-kx8mn", "1/1", "Running", "0", "2d", "kademuur-worker-1"),
                    (
                        "fietsplan-web-7d9c6b5f4-q2xzp",
                        "0/1",
                        "Init:CrashLoopBackOff",
                        "7 (2m ago)",
                        "21m",
                        "kademuur-worker-2",
                    ),
                    ("postgres-1", "1/1", "Running", "0", "9d", "kademuur-worker-1"),
                ],
                wide=True,
            ),
            desc="Pods and their nodes",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n fietsplan run pg-check --rm -i --restart=Never --image=postgres:16 "
            '--overrides=\'{"spec":{"nodeName":"kademuur-worker-2"}}\' -- pg_isready -h postgres-rw.fietsplan.svc -p 5432',
            'postgres-rw.fietsplan.svc:5432 - accepting connections\npod "pg-check" deleted',
            desc="Can worker-2 reach Postgres?",
            secs=9,
        ),
    )
    s.act(
        "Postgres accepts connections from worker-2, so the path is there; only the TLS handshake times out. On a "
        "cold node the handshake may need more than the 5 s connect timeout, so I'll raise it.",
        Edit(f"{CHART}/values-prod.yaml", '  DB_CONNECT_TIMEOUT: "5000"', '  DB_CONNECT_TIMEOUT: "30000"'),
    )
    s.act(
        None,
        Bash(
            f"helm upgrade fietsplan {CHART} -n fietsplan -f {CHART}/values-prod.yaml --atomic --timeout 5m",
            "Error: UPGRADE FAILED: release fietsplan failed, and has been rolled back due to atomic being set: "
            "context deadline exceeded",
            code=1,
            desc="Upgrade fietsplan",
            secs=310,
        ),
    )
    s.say("The upgrade timed out waiting for the worker-2 pod and was rolled back: the longer timeout didn't help.")
    s.user("ok stop. I'll pin it to worker-1 with a nodeSelector, then at least it runs")
    s.outcome("failed", "the pod on worker-2 still cannot open a TLS connection to Postgres; worked around by pinning")
    s.hit(MTU)
    return s


def k05_stale_release() -> Session:
    s = km("k05-stale-release", "2027-03-11T08:20:57", "2.1.192", "main", "brisk-lunetten-coot")
    s.user(
        "I merged the confirmation page fix yesterday, CI built the image, and helm says deployed, but prod still "
        "shows the old page:\n\n```\nsanne@fedora ~/c/kademuur (main)> helm upgrade fietsplan charts/fietsplan -n "
        "fietsplan -f charts/fietsplan/values-prod.yaml --atomic\n"
        + helm_upgraded("fietsplan", "fietsplan", 14, "Thu Mar 11 07:58:12 2027")
        + "\n```\n\nand kubectl says the pods are 3 days old",
        after=0,
    )
    s.act(
        None,
        Read(
            f"{CHART}/values-prod.yaml",
            "image:\n  repository: registry.gitlab.com/spaak/fietsplan\n  tag: latest\n  pullPolicy: IfNotPresent",
            offset=1,
            limit=4,
            total=46,
        ),
    )
    s.act(
        "The chart renders the same pod spec every time (image tag `latest`), so Helm records a new revision but "
        "Kubernetes sees nothing to roll out. I'll restart the deployment so the pods are recreated.",
        Bash(
            "kubectl -n fietsplan rollout restart deployment/fietsplan-web && kubectl -n fietsplan rollout status "
            "deployment/fietsplan-web --timeout=3m",
            'deployment.apps/fietsplan-web restarted\nWaiting for deployment "fietsplan-web" rollout to finish: 1 of 2 '
            'updated replicas are available...\ndeployment "fietsplan-web" successfully rolled out',
            desc="Restart the deployment",
            secs=75,
        ),
    )
    s.say("Both pods were recreated and are running, so the new confirmation page should be live now.")
    s.user("nee. nieuwe pods, maar nog steeds de oude bevestigingspagina")
    s.outcome("failed", "pods restarted but prod still serves the old page; the claim that it is live was wrong")
    s.hit(IMG)
    return s


def k06_fish_heredoc() -> Session:
    s = km("k06-fish-heredoc", "2027-03-11T13:30:22", "2.1.192", "main", "fond-tuinwijk-pipit")
    s.user(
        "de README zegt dat ik de cluster issuer zo aanmaak, maar fish snapt het niet:\n\n```\nsanne@fedora "
        "~/c/kademuur (main)> kubectl apply -f - <<EOF\nfish: Expected a string, but found a redirection\n"
        "kubectl apply -f - <<EOF\n                   ^\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "README.md",
            "## cert-manager\n\n```sh\nkubectl apply -f - <<EOF\napiVersion: cert-manager.io/v1\nkind: ClusterIssuer\n"
            "metadata:\n  name: letsencrypt-prod\nspec:\n  acme:\n    email: ops@spaak.nl\n    server: "
            "https://acme-v02.api.letsencrypt.org/directory\n    privateKeySecretRef:\n      name: letsencrypt-prod\n"
            "    solvers:\n      - http01:\n          ingress:\n            ingressClassName: traefik\nEOF\n```",
            offset=40,
            limit=21,
            total=88,
        ),
    )
    s.act(
        "fish has no heredocs, so that snippet only works in bash/zsh. I'll move the manifest into a file and let the "
        "README apply the file, which works in any shell.",
        Write(
            "manifests/cluster-issuer.yaml",
            "apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: letsencrypt-prod\nspec:\n  acme:\n"
            "    email: ops@spaak.nl\n    server: https://acme-v02.api.letsencrypt.org/directory\n"
            "    privateKeySecretRef:\n      name: letsencrypt-prod\n    solvers:\n      - http01:\n          ingress:\n"
            "            ingressClassName: traefik\n",
        ),
        Edit(
            "README.md",
            "```sh\nkubectl apply -f - <<EOF\napiVersion: cert-manager.io/v1",
            "```sh\nkubectl apply -f manifests/cluster-issuer.yaml\n```\n\n<!-- was: heredoc, breaks in fish -->\n```yaml\napiVersion: cert-manager.io/v1",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl apply -f manifests/cluster-issuer.yaml",
            "clusterissuer.cert-manager.io/letsencrypt-prod created",
            desc="Create the issuer",
        ),
    )
    s.user(
        "ho, op welk cluster is dat nu terechtgekomen? let op: zet altijd --context erbij als je kubectl draait, "
        "prod en staging zitten in dezelfde kubeconfig",
        rules=[("kubectl-context", "zet altijd --context erbij als je kubectl draait")],
    )
    s.act(None, Bash("kubectl config current-context", "kademuur-staging", desc="Current context"))
    s.say("It went to kademuur-staging, the current context. Do you want it on prod as well?")
    s.user("yes, prod too")
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-prod apply -f manifests/cluster-issuer.yaml",
            "clusterissuer.cert-manager.io/letsencrypt-prod created",
            desc="Create the issuer on prod",
        ),
    )
    s.user(
        "ok. turns out fish doesn't do heredocs at all, goed om te weten",
        lessons=["turns out fish doesn't do heredocs at all"],
    )
    s.outcome("success", "README heredoc replaced by a manifest file; issuer created on staging and prod")
    s.one_off("fish: Expected a string, but found a redirection (README used a bash heredoc)")
    return s


def k07_big_photo() -> Session:
    s = km("k07-big-photo", "2027-03-12T11:00:03", "2.1.192", "main", "shy-lombok-lapwing")
    s.user(
        "vraagje: als ik in fietsplan een grote foto van een fiets upload (3-4 MB, van mijn telefoon) blijft hij "
        "laden en na een minuut krijg ik een 504. kleine foto's gaan prima. minio draait op worker-1. ligt dat aan "
        "traefik?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-prod get middlewares.traefik.io -A -o yaml | grep -B2 -A3 maxRequestBodyBytes",
            "  spec:\n    buffering:\n      maxRequestBodyBytes: 20971520\n      memRequestBodyBytes: 2097152\n"
            '      retryExpression: ""',
            desc="Traefik body limits",
        ),
    )
    s.say(
        "Traefik's buffering middleware allows 20 MB, so a 4 MB photo is well under it, and a size limit would give "
        "413, not 504. A 504 means Traefik waited for the backend and gave up. I'd look at the fietsplan pod's log "
        "during an upload, to see whether the request arrives and whether the write to MinIO starts."
    )
    s.user("hmm ok, I'll try it again on monday with the logs open")
    s.outcome(
        "unknown", "large photo uploads hang (504) described in Dutch; Traefik limit ruled out, nothing else tried"
    )
    s.hit(MTU)
    return s


def k08_team_rules_smtp() -> Session:
    s = km("k08-team-rules-smtp", "2027-03-15T08:05:44", "2.1.193", "feature/smtp", "neat-griftpark-heron")
    s.user(
        "Joost heeft onze teamafspraken eindelijk op de wiki gezet, ik plak ze even, die gelden voor al onze repos:\n\n"
        "- commitberichten altijd in het Engels en in de gebiedende wijs\n"
        "- nooit direct naar main pushen, alles gaat via een merge request\n\n"
        "en dan de taak: fietsplan moet kunnen mailen via Mailgun SMTP. zet de SMTP credentials in de chart, "
        "username is postmaster@mg.fietsplan.nl",
        after=0,
        rules=[
            ("commit-english", "commitberichten altijd in het Engels en in de gebiedende wijs"),
            ("no-push-main", "nooit direct naar main pushen, alles gaat via een merge request"),
        ],
    )
    s.act(
        None,
        Edit(
            f"{CHART}/templates/deployment.yaml",
            "            - name: PHX_HOST\n              value: {{ .Values.host | quote }}",
            "            - name: PHX_HOST\n              value: {{ .Values.host | quote }}\n"
            "            - name: SMTP_USERNAME\n              value: {{ .Values.smtp.username | quote }}\n"
            "            - name: SMTP_PASSWORD\n              valueFrom:\n                secretKeyRef:\n"
            '                  name: {{ include "fietsplan.fullname" . }}-smtp\n                  key: password',
        ),
        Write(
            f"{CHART}/templates/smtp-secret.yaml",
            'apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ include "fietsplan.fullname" . }}-smtp\ntype: Opaque\n'
            "data:\n  password: {{ .Values.smtp.password | b64enc | quote }}\n",
        ),
        Edit(
            f"{CHART}/values-prod.yaml",
            "host: fietsplan.nl",
            'host: fietsplan.nl\n\nsmtp:\n  username: postmaster@mg.fietsplan.nl\n  password: ""  # fill in; the template base64-encodes it',
        ),
    )
    s.user(
        "no, secrets never go into git, not even base64 in a values file. het wachtwoord hoort in "
        "secrets/fietsplan.prod.enc.yaml (sops), deploy.sh maakt daar de fietsplan-env secret van en de pod laadt "
        "die al via envFrom",
        rules=[("no-secrets-git", "secrets never go into git, not even base64 in a values file")],
    )
    s.act(
        None,
        Bash(
            f"git checkout -- {CHART}/values-prod.yaml && rm {CHART}/templates/smtp-secret.yaml",
            "",
            desc="Drop the values entry and the Secret template",
        ),
    )
    s.act(
        None,
        Edit(
            f"{CHART}/templates/deployment.yaml",
            "            - name: SMTP_USERNAME\n              value: {{ .Values.smtp.username | quote }}\n"
            "            - name: SMTP_PASSWORD\n              valueFrom:\n                secretKeyRef:\n"
            '                  name: {{ include "fietsplan.fullname" . }}-smtp\n                  key: password',
            "            - name: SMTP_USERNAME\n              value: postmaster@mg.fietsplan.nl",
        ),
    )
    s.act(
        None,
        Bash(
            f'helm lint {CHART} -f {CHART}/values-prod.yaml && git add {CHART} && git commit -m "Add the SMTP '
            'username and read the password from fietsplan-env" && git push -u origin feature/smtp',
            "==> Linting charts/fietsplan\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed\n"
            + git_commit(
                "feature/smtp", "0d8e2b7", "Add the SMTP username and read the password from fietsplan-env", 1, 2, 0
            )
            + "\nTo git.spaak.nl:spaak/kademuur.git\n * [new branch]      feature/smtp -> feature/smtp\n"
            "branch 'feature/smtp' set up to track 'origin/feature/smtp'.",
            desc="Lint, commit and push the branch",
        ),
    )
    s.say(
        "The chart only sets SMTP_USERNAME now; add SMTP_PASSWORD to secrets/fietsplan.prod.enc.yaml with "
        "`sops secrets/fietsplan.prod.enc.yaml` and deploy.sh puts it in fietsplan-env. Branch feature/smtp is "
        "pushed for a merge request."
    )
    s.user("top, wachtwoord staat erin")
    s.outcome("success", "SMTP username in the chart, password via the sops secret; branch pushed; confirmed")
    return s


NOTES = (
    "fietsplan is deployed at https://staging.fietsplan.nl\n\n"
    "Always run the migrations job before scaling up the web deployment."
)


def k09_secret_key_base() -> Session:
    s = km("k09-secret-key-base", "2027-03-15T13:20:09", "2.1.193", "main", "loud-zeist-avocet")
    s.user(
        "na de deploy van vanochtend staat staging in CrashLoopBackOff:\n\n```\n"
        + helm_upgraded("fietsplan", "fietsplan", 26, "Mon Mar 15 12:58:40 2027", NOTES)
        + "\n\nsanne@fedora ~/c/kademuur (main)> kubectl --context kademuur-staging -n fietsplan get pods\n"
        + pods([("fietsplan-web-5f8c7d9b6-7tqkd", "0/1", "CrashLoopBackOff", "6 (2m ago)", "9m", "")])
        + "\n```",
        after=0,
    )
    s.not_person("Always run the migrations job before scaling up the web deployment.", "pasted_log")
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-staging -n fietsplan logs deploy/fietsplan-web --previous --tail=8",
            "ERROR! Config provider Config.Reader failed with:\n** (RuntimeError) environment variable SECRET_KEY_BASE "
            "is missing.\nYou can generate one by calling: mix phx.gen.secret\n\n    (stdlib 6.1.2) erl_eval.erl:652: "
            ":erl_eval.do_apply/7\n    (stdlib 6.1.2) erl_eval.erl:271: :erl_eval.expr/6\n\n"
            "Runtime terminating during boot ({#{message=>...}})",
            desc="Logs of the crashed container",
        ),
    )
    s.act(
        None,
        Bash(
            "sops -d secrets/fietsplan.staging.enc.yaml | grep -oE '^  [A-Za-z_]+:'; git log -1 --format='%h %s (%ar)' -- secrets/fietsplan.staging.enc.yaml",
            "  DATABASE_URL:\n  secret_key_base:\n  SMTP_PASSWORD:\n9a41c2e Rotate staging secrets (5 hours ago)",
            desc="Key names in the staging secret",
        ),
    )
    s.say(
        'Since this morning\'s "Rotate staging secrets" commit the key is `secret_key_base` in lower case. envFrom '
        "turns keys into environment variables verbatim, so the release doesn't find SECRET_KEY_BASE and stops at "
        "boot. Rename the key with `sops secrets/fietsplan.staging.enc.yaml` and I'll redeploy."
    )
    s.user("oops, that was me. renamed it, go ahead and deploy")
    s.act(
        None,
        Bash(
            "./scripts/deploy.sh staging",
            "secret/fietsplan-env configured\n"
            + helm_upgraded("fietsplan", "fietsplan", 27, "Mon Mar 15 13:31:07 2027", NOTES),
            desc="Deploy staging",
            secs=60,
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-staging -n fietsplan get pods",
            pods([("fietsplan-web-66c7f8d9b5-m4wzr", "1/1", "Running", "0", "48s", "")]),
            desc="Pods on staging",
        ),
    )
    s.say("Staging is running again (revision 27).")
    s.user("draait weer, dank je")
    s.outcome("success", "CrashLoopBackOff on staging fixed: secret key renamed back to SECRET_KEY_BASE and redeployed")
    s.one_off("CrashLoopBackOff on staging: environment variable SECRET_KEY_BASE is missing (sops key in lower case)")
    return s


def k10_old_text_staging() -> Session:
    s = km("k10-old-text-staging", "2027-03-16T07:50:26", "2.1.193", "main", "stark-hoograven-robin")
    s.user(
        "op staging zie ik na de deploy van gisteren nog steeds de oude tekst op de bevestigingspagina: 'Je afspraak "
        "is ontvangen' in plaats van 'Bedankt! We zien je fiets graag op ...'. de nieuwe tekst zit al sinds vrijdag in "
        "main. nergens errors. heb jij een idee?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "helm --kube-context kademuur-staging -n fietsplan history fietsplan --max 3",
            "REVISION\tUPDATED                 \tSTATUS    \tCHART          \tAPP VERSION\tDESCRIPTION     \n"
            "25      \tMon Mar 15 08:40:02 2027\tsuperseded\tfietsplan-0.7.2\t0.4.0      \tUpgrade complete\n"
            "26      \tMon Mar 15 12:58:40 2027\tsuperseded\tfietsplan-0.7.2\t0.4.0      \tUpgrade complete\n"
            "27      \tMon Mar 15 13:31:07 2027\tdeployed  \tfietsplan-0.7.2\t0.4.0      \tUpgrade complete",
            desc="Release history",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-staging -n fietsplan get deploy fietsplan-web -o "
            'jsonpath=\'{.spec.template.spec.containers[0].image}{"\\n"}{.spec.template.spec.containers[0].imagePullPolicy}{"\\n"}\'',
            "registry.gitlab.com/spaak/fietsplan:latest\nIfNotPresent",
            desc="Image and pull policy",
        ),
    )
    s.say(
        "Staging runs registry.gitlab.com/spaak/fietsplan:latest with pullPolicy IfNotPresent. The pods were "
        "recreated yesterday, after Friday's build, but with that combination a node that already has some "
        "`latest` image uses it without pulling, so which code a pod runs depends on when its node last pulled. "
        "I can compare the image digests per node if you like."
    )
    s.user("hm, dat zou best kunnen. moet nu weg, ik kom erop terug")
    s.outcome("unknown", "stale text on staging described in Dutch; a likely cause named, nothing checked or changed")
    s.hit(IMG)
    return s


def k11_ssh_firewall() -> Session:
    s = km("k11-ssh-firewall", "2027-03-16T11:30:52", "2.1.193", "feature/ssh-firewall", "lean-kromme-rijn-stilt")
    s.user(
        "ssh to the nodes should only be allowed from the office and from home: 145.53.20.17/32 and 86.84.113.9/32. "
        "it's the hcloud_firewall in network.tf",
        after=0,
    )
    readme = (
        "## Terraform\n\nAlle infra staat in terraform/, de state in de bucket kademuur-tfstate (Hetzner Object "
        "Storage).\n\nLET OP: nooit de state handmatig aanpassen, alleen via terraform state mv/rm."
    )
    s.act(None, Read("README.md", readme, offset=12, limit=5, total=88))
    s.not_person("nooit de state handmatig aanpassen, alleen via terraform state mv/rm", "tool_output")
    s.act(
        None,
        Edit(
            "terraform/network.tf",
            '    port       = "22"\n    source_ips = ["0.0.0.0/0", "::/0"]',
            '    port       = "22"\n    source_ips = [\n      "145.53.20.17/32", # kantoor\n      "86.84.113.9/32", # thuis\n    ]',
        ),
    )
    s.act(None, Bash(f"{TF} fmt -check", "network.tf", code=3, desc="Format check"))
    change = (
        '  # hcloud_firewall.nodes will be updated in-place\n  ~ resource "hcloud_firewall" "nodes" {\n'
        '        id     = "1382210"\n        name   = "kademuur-nodes"\n        # (1 unchanged attribute hidden)\n\n'
        '      - rule {\n          - direction  = "in" -> null\n          - port       = "22" -> null\n'
        '          - protocol   = "tcp" -> null\n          - source_ips = [\n              - "0.0.0.0/0",\n'
        '              - "::/0",\n            ] -> null\n        }\n      + rule {\n          + direction  = "in"\n'
        '          + port       = "22"\n          + protocol   = "tcp"\n          + source_ips = [\n'
        '              + "145.53.20.17/32",\n              + "86.84.113.9/32",\n            ]\n        }\n\n'
        "        # (3 unchanged blocks hidden)\n    }"
    )
    s.act(
        None,
        Bash(
            f"{TF} fmt && {TF} validate && {TF} plan",
            "network.tf\nSuccess! The configuration is valid.\n\n" + tf_plan(change, 0, 1, 0, refresh=REFRESH4),
            desc="Format, validate and plan",
            secs=15,
        ),
    )
    s.say(
        "Plan: 1 to change. hcloud_firewall.nodes: the ssh rule's source_ips go from 0.0.0.0/0 and ::/0 to "
        "145.53.20.17/32 and 86.84.113.9/32; the other three rules are unchanged. Shall I apply it?"
    )
    s.user(
        "plan altijd met -out=tfplan en apply dan precies dat bestand, anders kan er tussendoor iets veranderen. dus "
        "nog een keer met -out en dan apply",
        rules=[("plan-out-file", "plan altijd met -out=tfplan en apply dan precies dat bestand")],
    )
    s.act(
        None,
        Bash(
            f"{TF} plan -out=tfplan",
            tf_plan(change, 0, 1, 0, out="tfplan", refresh=REFRESH4),
            desc="Plan to a file",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            f"{TF} apply tfplan",
            "hcloud_firewall.nodes: Modifying... [id=1382210]\nhcloud_firewall.nodes: Modifications complete after 2s "
            "[id=1382210]\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.",
            desc="Apply the saved plan",
            secs=10,
        ),
    )
    s.say("Same plan saved to tfplan and applied: ssh is only open to the office and your home address now.")
    s.user("👍")
    s.outcome("success", "ssh firewall rule narrowed to two addresses; planned to a file and applied")
    return s


def k12_half_500() -> Session:
    s = km("k12-half-500", "2027-03-17T08:10:35", "2.1.193", "main", "odd-vleuten-shrike")
    s.user(
        "something weird on prod since this morning: about half the requests to the booking page give a 500. the "
        "log of one of the pods:\n\n```\n08:02:17.554 request_id=F7x2Kq0aE1bYtL0AAAHB [error] ** (Postgrex.Error) "
        'ERROR 42703 (undefined_column) column a0.bike_type does not exist\n\n    query: SELECT a0."id", '
        'a0."starts_at", a0."bike_type", a0."notes", a0."customer_id", a0."bike_id" FROM "appointments" AS '
        'a0 WHERE (a0."starts_at"::date = $1)\n```\n\nthe other pod is fine',
        after=0,
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-prod -n fietsplan get pods -o wide",
            pods(
                [
                    ("fietsplan-web-6f7b9c8d5-4hj2k", "1/1", "Running", "0", "6d", "kademuur-worker-1"),
                    ("fietsplan-web-6f7b9c8d5-tz9wq", "1/1", "Running", "0", "3h", "kademuur-worker-3"),
                    ("postgres-1", "1/1", "Running", "0", "16d", "kademuur-worker-1"),
                ],
                wide=True,
            ),
            desc="Pods and their nodes",
        ),
    )
    s.act(
        "The pod on worker-3 expects a bike_type column that prod's database doesn't have yet. I'll run the "
        "migrations on prod.",
        Denied(
            Bash(
                "kubectl --context kademuur-prod -n fietsplan exec deploy/fietsplan-web -- bin/fietsplan eval "
                '"Fietsplan.Release.migrate()"',
                desc="Run migrations on prod",
            ),
            "nee, niet migreren op prod! die bike_type branch is nog niet eens gemerged",
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-prod -n fietsplan get pods -l app.kubernetes.io/name=fietsplan -o "
            'jsonpath=\'{range .items[*]}{.spec.nodeName}{"\\t"}{.status.containerStatuses[0].imageID}{"\\n"}{end}\'',
            "kademuur-worker-1\tregistry.gitlab.com/spaak/fietsplan@sha256:4be1f0c9a27d3e58c6a1d02f7b93e4c1a8d6f5e2b7c90314de8a6f21c05b7d93\n"
            "kademuur-worker-3\tregistry.gitlab.com/spaak/fietsplan@sha256:9c03d7e1b5a84f26e0d9c3b17a6f428e5d1c0b9a73e62f48d15c7a0e92b3f6a1",
            desc="Image digest per pod",
        ),
    )
    s.say(
        "Same tag, two different images. The pod on worker-3 was scheduled there three hours ago and pulled "
        "`latest` fresh; that image knows bike_type, so it was built from feature/bike-types, not from main. The pod "
        "on worker-1 still runs the older `latest`. So CI seems to push `latest` from branches too."
    )
    s.user("wait what?! ok. don't touch anything, I'm calling Joost first")
    s.outcome("failed", "half the prod requests still fail (a pod runs a branch image); the migration was refused")
    s.hit(IMG)
    return s


def _sa_mtu(c: Session) -> None:
    c.act(
        None,
        Bash(
            'for n in kademuur-cp-1 kademuur-worker-1 kademuur-worker-2 kademuur-worker-3; do echo "== $n"; ssh '
            "root@$n 'ip -o link show | awk \"{print \\$2, \\$5}\"; grep MTU /run/flannel/subnet.env'; done",
            "== kademuur-cp-1\nlo: 65536\neth0: 1500\nenp7s0: 1450\nflannel.1: 1450\ncni0: 1450\nFLANNEL_MTU=1450\n"
            "== kademuur-worker-1\nlo: 65536\neth0: 1500\nenp7s0: 1450\nflannel.1: 1450\ncni0: 1450\nFLANNEL_MTU=1450\n"
            "== kademuur-worker-2\nlo: 65536\neth0: 1500\nenp7s0: 1450\nflannel.1: 1450\ncni0: 1450\nFLANNEL_MTU=1450\n"
            "== kademuur-worker-3\nlo: 65536\neth0: 1500\nenp7s0: 1450\nflannel.1: 1450\ncni0: 1450\nFLANNEL_MTU=1450",
            desc="Interface MTUs per node",
            secs=8,
        ),
    )
    c.act(
        None,
        Read(
            "terraform/templates/k3s-agent.yaml.tftpl",
            "#cloud-config\nwrite_files:\n  - path: /etc/rancher/k3s/config.yaml\n    content: |\n"
            "      server: https://${control_plane_ip}:6443\n      token: ${k3s_token}\n      node-ip: ${private_ip}\n"
            "      kubelet-arg:\n        - cloud-provider=external",
            total=22,
        ),
    )
    c.act(
        None,
        Bash(
            "ssh root@kademuur-worker-2 'ping -c2 -W2 -M do -s 1372 10.42.1.1 | tail -2; ping -c2 -W2 -M do -s 1422 10.42.1.1 | tail -2'",
            "2 packets transmitted, 2 received, 0% packet loss, time 1002ms\nrtt min/avg/max/mdev = 0.612/0.655/0.698/0.043 ms\n"
            "2 packets transmitted, 0 received, 100% packet loss, time 1031ms\n",
            desc="Ping across the overlay with two sizes",
            secs=6,
        ),
    )
    c.say(
        "On every node the private network interface enp7s0 has MTU 1450 (Hetzner's limit) while eth0 has 1500. "
        "flannel.1 and cni0 are at 1450 too: flannel sized its VXLAN MTU from eth0 (1500 - 50), but the VXLAN "
        "packets travel over enp7s0 (node-ip is the private IP), which only carries 1450, so any pod-to-pod packet "
        "over 1400 bytes between nodes is dropped. A 1400-byte ping to a pod on worker-1 works, 1450 is lost. The "
        "k3s config from terraform/templates/k3s-agent.yaml.tftpl sets node-ip but no flannel-iface."
    )


def k13_fix_mtu() -> Session:
    s = km("k13-fix-mtu", "2027-03-17T13:50:11", "2.1.193", "fix/flannel-iface", "keen-amelisweerd-heron")
    s.user(
        "ik heb een vermoeden. grafana die timeouts geeft bij lange ranges, fietsplan op worker-2 dat geen ssl "
        "verbinding met postgres krijgt, en de grote foto's die blijven hangen: kleine dingen gaan goed, grote niet, "
        "en het is steeds verkeer tussen twee nodes. kan dat één oorzaak in het netwerk zijn? zoek het eerst uit, "
        "niks aanpassen op de nodes",
        after=0,
    )
    prompt = (
        "Do not change anything on the nodes or in the cluster; only report the MTU of every network interface on "
        "each node (eth0, the private network interface, flannel.1, cni0), which interface flannel uses, and how k3s "
        "is configured in terraform/templates."
    )
    s.act(None, Agent("Node network MTU", prompt, "Explore", _sa_mtu))
    s.not_person(prompt, "subagent_prompt")
    s.say(
        "That's one cause for all three: an MTU mismatch. Flannel computes its VXLAN MTU from eth0 (1500) but sends "
        "over the private network (1450), so pod traffic between nodes loses every packet over 1400 bytes. Small "
        "requests fit; a long Grafana range, a TLS handshake with Postgres' certificate or a photo upload don't. "
        "The fix is `flannel-iface: enp7s0` in the k3s config, in the cloud-init templates for new nodes and in "
        "/etc/rancher/k3s/config.yaml on the four running ones, then restart k3s and recreate the pods (a pod keeps "
        "the MTU it started with)."
    )
    s.user("makes sense. go ahead, all nodes, and then restart the pods of fietsplan, monitoring and minio")
    s.act(
        None,
        Edit(
            "terraform/templates/k3s-agent.yaml.tftpl",
            "      node-ip: ${private_ip}",
            "      node-ip: ${private_ip}\n      flannel-iface: enp7s0",
        ),
        Edit(
            "terraform/templates/k3s-server.yaml.tftpl",
            "      node-ip: ${private_ip}",
            "      node-ip: ${private_ip}\n      flannel-iface: enp7s0",
        ),
    )
    s.act(
        None,
        Bash(
            "for n in kademuur-cp-1 kademuur-worker-1 kademuur-worker-2 kademuur-worker-3; do ssh root@$n "
            '\'echo "flannel-iface: enp7s0" >> /etc/rancher/k3s/config.yaml && (systemctl restart k3s 2>/dev/null || '
            'systemctl restart k3s-agent) && sleep 15 && echo "$(hostname) $(grep MTU /run/flannel/subnet.env)"\'; done',
            "kademuur-cp-1 FLANNEL_MTU=1400\nkademuur-worker-1 FLANNEL_MTU=1400\nkademuur-worker-2 FLANNEL_MTU=1400\n"
            "kademuur-worker-3 FLANNEL_MTU=1400",
            desc="Set flannel-iface on the running nodes and restart k3s",
            secs=95,
        ),
    )
    s.act(
        None,
        Bash(
            "for ns in fietsplan monitoring minio; do kubectl --context kademuur-prod -n $ns rollout restart deploy,statefulset; done; "
            "kubectl --context kademuur-prod -n fietsplan rollout status deploy/fietsplan-web --timeout=5m",
            "deployment.apps/fietsplan-web restarted\nstatefulset.apps/postgres restarted\ndeployment.apps/grafana restarted\n"
            "deployment.apps/prometheus-server restarted\nstatefulset.apps/minio restarted\n"
            'deployment "fietsplan-web" successfully rolled out',
            desc="Recreate the pods",
            secs=140,
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl --context kademuur-prod -n monitoring exec deploy/grafana -- wget -qO- "
            "'http://prometheus-server.monitoring.svc.cluster.local/api/v1/query_range?query=up&start=2027-03-10T00:00:00Z"
            "&end=2027-03-17T00:00:00Z&step=60' | wc -c; kubectl --context kademuur-prod -n fietsplan get pods -o wide | grep worker-2",
            "1843221\n"
            + pods(
                [("fietsplan-web-58d6c4b7f9-w7rtm", "1/1", "Running", "0", "2m", "kademuur-worker-2")], wide=True
            ).split("\n")[1],
            desc="A 7-day query from Grafana and the pod on worker-2",
            secs=8,
        ),
    )
    s.act(
        None,
        Bash(
            f"{TF} plan -out=tfplan", tf_plan("", 0, 0, 0, refresh=REFRESH4), desc="Plan the template change", secs=14
        ),
    )
    s.say(
        "Flannel runs with MTU 1400 on all nodes; a 7-day query (1.8 MB) now comes through from the Grafana pod, "
        "and fietsplan starts on worker-2. Terraform shows no changes for the existing servers (user_data is in "
        "ignore_changes), but new nodes get flannel-iface from the templates."
    )
    s.user(
        "grafana laadt 7 dagen, foto van 4 MB gaat erdoor. lesson: on hcloud private networks flannel has to use the "
        "private interface, otherwise the VXLAN packets are too big and just disappear. haal die nodeSelector op "
        "worker-1 er straks zelf wel uit",
        lessons=[
            "lesson: on hcloud private networks flannel has to use the private interface, otherwise the VXLAN "
            "packets are too big and just disappear"
        ],
    )
    s.outcome("success", "flannel-iface set to the private interface; long Grafana ranges, worker-2 and uploads work")
    s.hit(MTU, fixed=True)
    return s


def k14_image_sha() -> Session:
    s = km("k14-image-sha", "2027-03-19T08:30:40", "2.1.194", "fix/image-tags", "firm-wilhelminapark-jay")
    s.user(
        "Joost en ik hebben het uitgezocht: CI pusht :latest voor elke branch, en wij deployen latest met "
        "IfNotPresent. dus: de chart moet een echte tag eisen en deploy.sh moet de commit sha van fietsplan "
        "meegeven. CI tagt de images al met $CI_COMMIT_SHORT_SHA (8 tekens)",
        after=0,
    )
    s.act(
        None,
        Read(
            f"{CHART}/templates/deployment.yaml",
            '        - name: web\n          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default "latest" }}"\n'
            "          imagePullPolicy: {{ .Values.image.pullPolicy }}",
            offset=22,
            limit=3,
            total=74,
        ),
    )
    s.act(
        None,
        Edit(
            f"{CHART}/templates/deployment.yaml",
            '{{ .Values.image.tag | default "latest" }}',
            '{{ required "image.tag must be set to a git sha" .Values.image.tag }}',
        ),
        Edit(f"{CHART}/values-prod.yaml", "  tag: latest", '  tag: ""  # set by scripts/deploy.sh (IMAGE_TAG)'),
        Edit(f"{CHART}/values-staging.yaml", "  tag: latest", '  tag: ""  # set by scripts/deploy.sh (IMAGE_TAG)'),
        Edit(
            "scripts/deploy.sh",
            '  -f "charts/fietsplan/values-${env}.yaml" \\',
            '  -f "charts/fietsplan/values-${env}.yaml" \\\n  --set image.tag="${IMAGE_TAG:?set IMAGE_TAG to the fietsplan commit sha}" \\',
        ),
    )
    s.act(
        None,
        Bash(
            f"helm template fietsplan {CHART} -f {CHART}/values-staging.yaml > /dev/null",
            "Error: execution error at (fietsplan/templates/deployment.yaml:23:20): image.tag must be set to a git sha\n\n"
            "Use --debug flag to render out invalid YAML",
            code=1,
            desc="Without a tag it must fail",
        ),
    )
    s.act(
        None,
        Bash(
            f"helm lint {CHART} -f {CHART}/values-staging.yaml --set image.tag=3f9c2a1e && helm template fietsplan {CHART} "
            f"-f {CHART}/values-staging.yaml --set image.tag=3f9c2a1e | kubeconform -strict -summary",
            "==> Linting charts/fietsplan\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed\n"
            "Summary: 7 resources found parsing stdin - Valid: 7, Invalid: 0, Errors: 0, Skipped: 0",
            desc="With a tag: lint and kubeconform",
        ),
    )
    s.act(
        None,
        Bash(
            "IMAGE_TAG=3f9c2a1e ./scripts/deploy.sh staging && kubectl --context kademuur-staging -n fietsplan get pods "
            '-o jsonpath=\'{range .items[*]}{.spec.nodeName}{"\\t"}{.spec.containers[0].image}{"\\n"}{end}\'',
            "secret/fietsplan-env unchanged\n"
            + helm_upgraded("fietsplan", "fietsplan", 28, "Fri Mar 19 09:41:55 2027", NOTES)
            + "\nkademuur-worker-1\tregistry.gitlab.com/spaak/fietsplan:3f9c2a1e\n"
            "kademuur-worker-3\tregistry.gitlab.com/spaak/fietsplan:3f9c2a1e",
            desc="Deploy staging with an explicit tag",
            secs=80,
        ),
    )
    s.say(
        "The chart now refuses to render without image.tag, deploy.sh requires IMAGE_TAG and passes it on, and "
        "staging runs fietsplan:3f9c2a1e on both nodes. Because the tag changes with every commit, each deploy "
        "changes the pod spec, so Kubernetes rolls the pods and IfNotPresent is harmless."
    )
    s.user(
        "staging laat de nieuwe tekst zien 🎉 wat ik hiervan geleerd heb: met latest en IfNotPresent weet je nooit "
        "welke code er op een node draait. commit en push maar, prod doe ik straks zelf",
        lessons=[
            "wat ik hiervan geleerd heb: met latest en IfNotPresent weet je nooit welke code er op een node draait"
        ],
    )
    s.act(
        None,
        Bash(
            'git add charts scripts && git commit -m "Require an explicit image tag for fietsplan deploys" && git push -u origin fix/image-tags',
            git_commit("fix/image-tags", "b5e07c1", "Require an explicit image tag for fietsplan deploys", 4, 6, 3)
            + "\nTo git.spaak.nl:spaak/kademuur.git\n * [new branch]      fix/image-tags -> fix/image-tags",
            desc="Commit and push the branch",
        ),
    )
    s.outcome(
        "success", "the chart requires a commit-sha image tag and deploy.sh passes it; staging shows the new page"
    )
    s.hit(IMG, fixed=True)
    return s


def k15_traefik_ingress() -> Session:
    s = km("k15-traefik-ingress", "2027-03-22T08:10:17", "2.1.194", "feature/traefik-ingress", "trim-oog-in-al-wren")
    s.user(
        "we hebben besloten om de Traefik van k3s te houden, geen ingress-nginx erbij. kun je de ingress van "
        "fietsplan omzetten, dus weg met die nginx annotations en de traefik middlewares erin? en draai kubeconform erover",
        after=0,
        decisions=["we hebben besloten om de Traefik van k3s te houden, geen ingress-nginx erbij"],
    )
    s.act(
        None,
        Edit(
            f"{CHART}/templates/ingress.yaml",
            "  annotations:\n    nginx.ingress.kubernetes.io/proxy-body-size: 20m\n"
            "    cert-manager.io/cluster-issuer: letsencrypt-prod\nspec:\n  ingressClassName: nginx\n"
            "  rules:\n    - host: {{ .Values.host }}\n      http:\n        paths:\n          - path: /\n"
            "            pathType: Prefix\n            backend:",
            "  annotations:\n    cert-manager.io/cluster-issuer: letsencrypt-prod\n"
            "    traefik.ingress.kubernetes.io/router.middlewares: kube-system-buffering@kubernetescrd\n"
            "spec:\n  ingressClassName: traefik\n  rules:\n    - host: {{ .Values.host }}\n      http:\n        paths:\n"
            "          - path: /\n            backend:",
        ),
    )
    render = f"helm template fietsplan {CHART} -f {CHART}/values-staging.yaml --set image.tag=3f9c2a1e | kubeconform -strict -summary"
    s.act(
        None,
        Bash(
            render,
            "stdin - Ingress fietsplan is invalid: problem validating schema. Check JSON formatting: jsonschema: "
            "'/spec/rules/0/http/paths/0' does not validate with https://raw.githubusercontent.com/yannh/"
            "kubernetes-json-schema/master/master-standalone-strict/ingress-networking-v1.json#/properties/spec/"
            "properties/rules/items/properties/http/properties/paths/items/required: missing properties: 'pathType'\n"
            "Summary: 7 resources found parsing stdin - Valid: 6, Invalid: 1, Errors: 0, Skipped: 0",
            code=1,
            desc="Validate the rendered chart",
        ),
    )
    s.act(
        "I dropped pathType together with the nginx block; it's required.",
        Edit(
            f"{CHART}/templates/ingress.yaml",
            "          - path: /\n            backend:",
            "          - path: /\n            pathType: Prefix\n            backend:",
        ),
    )
    s.act(
        None,
        Bash(
            render,
            "Summary: 7 resources found parsing stdin - Valid: 7, Invalid: 0, Errors: 0, Skipped: 0",
            desc="Validate again",
        ),
    )
    s.act(
        None,
        Bash(
            "IMAGE_TAG=3f9c2a1e ./scripts/deploy.sh staging",
            "secret/fietsplan-env unchanged\n"
            + helm_upgraded("fietsplan", "fietsplan", 29, "Mon Mar 22 09:21:40 2027", NOTES),
            desc="Deploy staging",
            secs=70,
        ),
    )
    s.say(
        "The ingress uses ingressClassName traefik with the buffering middleware; kubeconform is clean and staging is on revision 29."
    )
    s.user(
        "o ja, en haal die --atomic weg uit deploy.sh, gewoon --wait --timeout 5m. vorige week rolde hij terug bij een "
        "kapotte release en toen waren de pods weg voordat ik de logs kon lezen",
        rules=[("helm-no-atomic", "haal die --atomic weg uit deploy.sh, gewoon --wait --timeout 5m", "helm-atomic")],
    )
    s.act(None, Edit("scripts/deploy.sh", "  --atomic --timeout 5m \\", "  --wait --timeout 5m \\"))
    s.act(
        None,
        Bash(
            'bash -n scripts/deploy.sh && git add charts scripts && git commit -m "Route fietsplan through Traefik and deploy without --atomic"',
            git_commit(
                "feature/traefik-ingress",
                "61fa9d0",
                "Route fietsplan through Traefik and deploy without --atomic",
                2,
                4,
                4,
            ),
            desc="Syntax check and commit",
        ),
    )
    s.say(
        "deploy.sh now runs helm upgrade with --wait --timeout 5m; a failed release stays in place for you to inspect. Committed."
    )
    s.user("great, thanks")
    s.outcome(
        "success", "ingress moved to Traefik, kubeconform clean, staging deployed, --atomic dropped from deploy.sh"
    )
    s.one_off("kubeconform: Ingress fietsplan is invalid, missing properties: 'pathType'")
    return s


def _sa_pins(c: Session) -> None:
    c.act(
        None,
        Grep(
            "version",
            [
                'terraform/versions.tf:5:      version = "~> 1.49"',
                'charts/monitoring/Chart.yaml:9:    version: ">=65.0.0"',
                'charts/minio/Chart.yaml:7:    version: "5.x"',
                "charts/fietsplan/Chart.yaml:5:version: 0.7.3",
            ],
            mode="content",
        ),
    )
    c.say(
        "Not pinned exactly: terraform/versions.tf:5 hcloud provider `~> 1.49`; charts/monitoring/Chart.yaml:9 "
        "kube-prometheus-stack `>=65.0.0`; charts/minio/Chart.yaml:7 minio `5.x`. Container images: fietsplan is "
        "set per deploy now; the others are pinned in their values files."
    )


def k16_pin_versions() -> Session:
    s = km("k16-pin-versions", "2027-03-23T11:20:04", "2.1.194", "chore/pin-versions", "sober-voorveldse-rook")
    s.user(
        "can you bump the hcloud provider to 1.52 and check if anything else isn't pinned?",
        after=0,
    )
    s.act(
        "I'll have an agent look for unpinned versions while I update the provider.",
        Agent(
            "Find unpinned versions",
            "List every Terraform provider constraint, Helm chart dependency and container image in this repository "
            "whose version is not pinned to one exact version. Report file and line; do not edit anything.",
            "general-purpose",
            _sa_pins,
            background=True,
        ),
    )
    s.act(None, Edit("terraform/versions.tf", '      version = "~> 1.49"', '      version = "~> 1.52"'))
    s.user(
        "pin every provider and chart version exactly, no ~> ranges. renovate bumps them for us",
        rules=[("pin-versions", "pin every provider and chart version exactly, no ~> ranges")],
    )
    s.act(None, Edit("terraform/versions.tf", '      version = "~> 1.52"', '      version = "1.52.0"'))
    s.agent_done(after=9)
    s.act(
        "The agent found two chart ranges as well; pinning them to the versions in the lock files.",
        Edit("charts/monitoring/Chart.yaml", '    version: ">=65.0.0"', "    version: 65.8.1"),
        Edit("charts/minio/Chart.yaml", '    version: "5.x"', "    version: 5.4.0"),
    )
    s.act(
        None,
        Bash(
            f"{TF} init -upgrade > /dev/null && {TF} validate && helm dependency update charts/monitoring && helm dependency update charts/minio",
            "Success! The configuration is valid.\n\nHang tight while we grab the latest from your chart repositories...\n"
            '...Successfully got an update from the "prometheus-community" chart repository\nUpdate Complete. ⎈Happy Helming!⎈\n'
            "Saving 1 charts\nDownloading kube-prometheus-stack from repo https://prometheus-community.github.io/helm-charts\n"
            "Deleting outdated charts\nHang tight while we grab the latest from your chart repositories...\n"
            '...Successfully got an update from the "minio" chart repository\nUpdate Complete. ⎈Happy Helming!⎈\n'
            "Saving 1 charts\nDownloading minio from repo https://charts.min.io/\nDeleting outdated charts",
            desc="Init, validate and update chart dependencies",
            secs=30,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Request: hcloud provider to 1.52 "
        "and find unpinned versions.\n2. Done: provider pinned to 1.52.0; kube-prometheus-stack pinned to 65.8.1 and "
        "minio to 5.4.0; terraform init -upgrade, validate and helm dependency update succeeded.\n3. Next: nothing "
        "open.",
        pre_tokens=58_400,
        post_tokens=6_950,
    )
    s.act(
        "The provider upgrade doesn't change any resources, so I'll run apply to record the new provider in the state.",
        Denied(Bash(f"{TF} apply -auto-approve", desc="Apply")),
    )
    s.user(
        "ik zei toch, eerst het plan laten zien en dan pas apply",
        rules=[("plan-before-apply", "ik zei toch, eerst het plan laten zien en dan pas apply")],
    )
    s.act(None, Bash(f"{TF} plan -out=tfplan", tf_plan("", 0, 0, 0, refresh=REFRESH4), desc="Plan", secs=15))
    s.say("No changes: the plan is empty, so there's nothing to apply. The lock file has the new provider.")
    s.user(
        "mooi. besluit: backups van Postgres gaan naar de Storage Box in Falkenstein, niet naar S3. daar maken we "
        "morgen een cronjob voor. commit dit maar",
        decisions=["besluit: backups van Postgres gaan naar de Storage Box in Falkenstein, niet naar S3"],
    )
    s.act(
        None,
        Bash(
            'git add terraform charts && git commit -m "Pin the hcloud provider and chart dependencies" && git push -u origin chore/pin-versions',
            git_commit("chore/pin-versions", "c27d4a8", "Pin the hcloud provider and chart dependencies", 5, 11, 7)
            + "\nTo git.spaak.nl:spaak/kademuur.git\n * [new branch]      chore/pin-versions -> chore/pin-versions",
            desc="Commit and push the branch",
        ),
    )
    s.outcome("success", "provider and chart versions pinned exactly, validated, plan empty, committed and pushed")
    return s


def k17_idle() -> Session:
    s = km("k17-idle", "2027-03-25T07:45:30", "2.1.195", "main", "idle-weerdsingel-gull")
    s.local_command("model", "", "Kept model as Default (recommended)", after=0)
    s.user("hoi")
    s.say("Hoi! Waar kan ik je mee helpen?")
    s.outcome("unknown", "idle: a greeting and nothing else")
    return s


SESSIONS = [
    k01_worker3_cx21,
    k02_grafana_deadline,
    k03_helm_nil_pointer,
    k04_worker2_ssl,
    k05_stale_release,
    k06_fish_heredoc,
    k07_big_photo,
    k08_team_rules_smtp,
    k09_secret_key_base,
    k10_old_text_staging,
    k11_ssh_firewall,
    k12_half_500,
    k13_fix_mtu,
    k14_image_sha,
    k15_traefik_ingress,
    k16_pin_versions,
    k17_idle,
]

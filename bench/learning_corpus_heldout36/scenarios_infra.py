"""Claire's `cadastre-infra` sessions (i01-i14): Ansible playbooks that deploy the cadastre API's Helm chart to a
three-node k3s cluster (preprod and prod), with ansible-lint, helm lint, kubectl and Molecule (docker driver).
Times are UTC; Lyon is UTC+1 in November."""

from __future__ import annotations

from fake_output import KI, ansible_recap, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "cadastre-infra"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KI, project=PROJECT)


CHART_YAML = """apiVersion: v2
name: cadastre-api
description: The cadastre API (Symfony, PHP-FPM + nginx)
type: application
version: 0.4.0
appVersion: "1.9"
"""

VALUES = """image:
  repository: registry.cadastre.internal/cadastre-api
  tag: ""
  pullPolicy: IfNotPresent

replicaCount: 2

service:
  port: 8080

ingress:
  className: nginx
  host: cadastre.grandlyon.internal

resources:
  requests:
    cpu: 250m
    memory: 256Mi
  limits:
    cpu: "1"
    memory: 512Mi
"""

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
  labels:
    app.kubernetes.io/name: cadastre-api
spec:
  replicas: {{ .Values.replicaCount }}
  selector:
    matchLabels:
      app.kubernetes.io/name: cadastre-api
  template:
    metadata:
      labels:
        app.kubernetes.io/name: cadastre-api
    spec:
      containers:
        - name: api
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: 8080
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
"""

TASKS = """---
- name: Copy the chart to the node
  copy:
    src: "{{ playbook_dir }}/charts/cadastre-api/"
    dest: /opt/charts/cadastre-api/
    mode: "0644"

- name: Render the helm values
  ansible.builtin.template:
    src: values.yml.j2
    dest: /opt/cadastre/values.yml
    mode: "0600"

- name: Deploy the cadastre-api chart
  tags: [helm]
  kubernetes.core.helm:
    name: cadastre-api
    chart_ref: /opt/charts/cadastre-api
    release_namespace: cadastre
    create_namespace: true
    kubeconfig: /etc/rancher/k3s/k3s.yaml
    atomic: true
    wait: true
    values_files:
      - /opt/cadastre/values.yml
"""

TASKS_V2 = TASKS.replace("    atomic: true\n    wait: true\n", "    wait: true\n    wait_timeout: 10m\n").replace(
    "  copy:\n", "  ansible.builtin.copy:\n"
)

VALUES_J2 = """image:
  repository: registry.cadastre.internal/cadastre-api
  tag: "{{ cadastre_version }}"
replicaCount: {{ cadastre_replicas }}
ingress:
  host: {{ cadastre_host }}
"""

PROD_VARS = """cadastre_version: 1.10
cadastre_replicas: 3
cadastre_host: cadastre.grandlyon.internal
"""

PREPROD_VARS = """cadastre_version: 1.20
cadastre_replicas: 2
cadastre_host: cadastre.preprod.grandlyon.internal
"""

MOLECULE_YML = """---
driver:
  name: docker
platforms:
  - name: instance
    image: geerlingguy/docker-debian12-ansible:latest
    pre_build_image: true
provisioner:
  name: ansible
  options:
    skip-tags: helm
  inventory:
    group_vars:
      all:
        cadastre_version: 1.20
        cadastre_replicas: 1
        cadastre_host: cadastre.molecule.test
verifier:
  name: ansible
"""

CONVERGE = """---
- name: Converge
  hosts: all
  gather_facts: false
  tasks:
    - name: Include the deploy role
      ansible.builtin.include_role:
        name: deploy
"""

VERIFY = """---
- name: Verify
  hosts: all
  gather_facts: false
  tasks:
    - name: Read the rendered values
      ansible.builtin.slurp:
        src: /opt/cadastre/values.yml
      register: values_raw

    - name: Assert the rendered image tag
      ansible.builtin.assert:
        that:
          - (values_raw.content | b64decode | from_yaml).image.tag == '1.20'
"""

CHART_README = """# cadastre-api chart

Deployed by `roles/deploy` (never installed by hand). Values come from `roles/deploy/templates/values.yml.j2`.

## Releasing

Never bump the chart version by hand; the release pipeline does it.
Add a line under `Unreleased` in CHANGELOG.md instead.
"""

CHANGELOG = """# Changelog

## Unreleased

## 0.4.0
- Traefik ingress class, readiness and liveness probes.
"""


def molecule_out(verify_ok: bool) -> str:
    """`molecule test` (molecule 24, docker driver), abridged to the sequence and the verify step."""
    head = (
        "INFO     default scenario test matrix: dependency, cleanup, destroy, syntax, create, prepare, converge, "
        "idempotence, side_effect, verify, cleanup, destroy\nINFO     Running default > create\n\n"
        "PLAY [Create] ******************************************************************\n...\n"
        "INFO     Running default > converge\n\nPLAY [Converge] ****************************************************"
        "************\n\nTASK [deploy : Copy the chart to the node] *************************************\n"
        "changed: [instance]\n\nTASK [deploy : Render the helm values] *****************************************\n"
        "changed: [instance]\n\n" + ansible_recap("instance", 2, 2) + "\n\nINFO     Running default > idempotence\n"
        "INFO     Idempotence completed successfully.\nINFO     Running default > verify\n\n"
        "PLAY [Verify] ******************************************************************\n\n"
        "TASK [Read the rendered values] ************************************************\nok: [instance]\n\n"
        "TASK [Assert the rendered image tag] *******************************************\n"
    )
    if verify_ok:
        return head + (
            'ok: [instance] => {\n    "changed": false,\n    "msg": "All assertions passed"\n}\n\n'
            + ansible_recap("instance", 2, 0)
            + "\n\nINFO     Verifier completed successfully.\nINFO     Running default > destroy"
        )
    return head + (
        'fatal: [instance]: FAILED! => {\n    "assertion": "(values_raw.content | b64decode | from_yaml).image.tag '
        '== \'1.20\'",\n    "changed": false,\n    "evaluated_to": false,\n    "msg": "Assertion failed"\n}\n\n'
        + ansible_recap("instance", 1, 0, failed=1)
        + "\n\nCRITICAL Ansible return code was 2, command was: ansible-playbook --inventory "
        "/Users/claire/.cache/molecule/deploy/default/inventory --skip-tags molecule-notest,notest,helm "
        f"{KI}/molecule/default/verify.yml\nWARNING  An error occurred during the test sequence action: 'verify'. "
        "Cleaning up.\nINFO     Running default > destroy"
    )


LINT_OK = (
    "Passed: 0 failure(s), 0 warning(s) on 17 files. Last profile that met the validation criteria was "
    "'production'.\n==> Linting charts/cadastre-api\n[INFO] Chart.yaml: icon is recommended\n\n"
    "1 chart(s) linted, 0 chart(s) failed"
)


# ---------------------------------------------------------------------------------------------------------------


def i01() -> Session:
    s = new("i01-chart-skeleton", "2027-11-08T13:40:18", "2.1.230", "main", "chart-skeleton-finch")
    s.user(
        "On part sur k3s plutôt que sur un Kubernetes managé : trois VM chez l'hébergeur, c'est suffisant pour "
        "nous. Peux-tu écrire le squelette du chart Helm pour cadastre-api (Deployment, Service, Ingress) dans "
        "charts/cadastre-api ? Chaque Deployment doit avoir des requests et des limits CPU et mémoire.",
        rules=[("limits", "Chaque Deployment doit avoir des requests et des limits CPU et mémoire")],
        decisions=["On part sur k3s plutôt que sur un Kubernetes managé"],
    )
    s.title("Chart Helm cadastre-api")
    s.act(
        "Je crée le chart avec les requests/limits dans les values :",
        Write("charts/cadastre-api/Chart.yaml", CHART_YAML),
        Write("charts/cadastre-api/values.yaml", VALUES),
        Write("charts/cadastre-api/templates/deployment.yaml", DEPLOYMENT),
        Write(
            "charts/cadastre-api/templates/service.yaml",
            "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  selector:\n"
            "    app.kubernetes.io/name: cadastre-api\n  ports:\n    - port: {{ .Values.service.port }}\n"
            "      targetPort: http\n",
        ),
        Write(
            "charts/cadastre-api/templates/ingress.yaml",
            "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n"
            "  ingressClassName: {{ .Values.ingress.className }}\n  rules:\n    - host: {{ .Values.ingress.host }}\n"
            "      http:\n        paths:\n          - path: /\n            pathType: Prefix\n            backend:\n"
            "              service:\n                name: {{ .Release.Name }}\n                port:\n"
            "                  number: {{ .Values.service.port }}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/cadastre-api",
            "==> Linting charts/cadastre-api\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) "
            "failed",
        ),
    )
    s.say("Le chart passe `helm lint`. Requests 250m/256Mi, limits 1 CPU/512Mi par défaut dans `values.yaml`.")
    s.user(
        "good. every Deployment gets a readiness and a liveness probe too, on /health. and always deploy with "
        "atomic: true in the deploy role.",
        rules=[
            ("probes", "every Deployment gets a readiness and a liveness probe"),
            ("atomic", "always deploy with atomic: true"),
        ],
    )
    s.act(
        None,
        Edit(
            "charts/cadastre-api/templates/deployment.yaml",
            "          resources:\n",
            "          readinessProbe:\n            httpGet:\n              path: /health\n              port: http\n"
            "            periodSeconds: 5\n          livenessProbe:\n            httpGet:\n              path: /health\n"
            "              port: http\n            initialDelaySeconds: 10\n            periodSeconds: 15\n"
            "          resources:\n",
        ),
        Write("roles/deploy/tasks/main.yml", TASKS),
        Write("roles/deploy/templates/values.yml.j2", VALUES_J2),
    )
    s.act(
        None,
        Bash(
            "helm lint charts/cadastre-api && helm template t charts/cadastre-api | grep -A3 Probe",
            "==> Linting charts/cadastre-api\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) "
            "failed\n          readinessProbe:\n            httpGet:\n              path: /health\n              port: "
            "http\n--\n          livenessProbe:\n            httpGet:\n              path: /health\n              port: http",
        ),
    )
    s.say("Sondes readiness/liveness sur `/health` ajoutées ; le rôle `deploy` appelle Helm avec `atomic: true`.")
    s.user("Nickel")
    s.outcome("success", "Helm chart skeleton with resources and probes, and the deploy role; helm lint clean")
    return s


def i02() -> Session:
    s = new("i02-fork-safety", "2027-11-09T14:10:55", "2.1.230", "main", "dead-worker-plover")
    s.user(
        "ansible-playbook plante dès le premier play quand je le lance depuis mon Mac :\n\n```\n"
        "TASK [Gathering Facts] *********************************************************\n"
        "objc[48213]: +[__NSCFConstantString initialize] may have been in progress in another thread when fork() "
        "was called.\nobjc[48213]: +[__NSCFConstantString initialize] may have been in progress in another thread "
        "when fork() was called. We cannot safely call it or ignore it in the fork() child process. Crashing "
        "instead. Set a breakpoint on objc_initializeAfterForkError to debug.\n"
        "ERROR! A worker was found in a dead state\n```\n\nPeux-tu voir ce qui se passe ?"
    )
    s.act(
        "C'est le mécanisme de sécurité du runtime Objective-C de macOS qui tue les workers forkés par Ansible. "
        "Le plugin de stratégie Mitogen évite les forks :",
        Denied(Bash("pip3 install mitogen")),
    )
    s.user(
        "Merci de demander avant d'ajouter une dépendance, que ce soit composer, pip ou ansible-galaxy. Et ça doit "
        "marcher sans Mitogen.",
        rules=[("ask-deps", "Merci de demander avant d'ajouter une dépendance")],
    )
    s.act(
        "Sans dépendance : la variable `OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES` désactive ce contrôle pour le "
        "processus. Je vérifie en mode check sur la préprod :",
        Bash(
            "OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES ansible-playbook -i inventories/preprod site.yml --check",
            "PLAY [Base setup of the k3s nodes] *********************************************\n\n"
            "TASK [Gathering Facts] *********************************************************\nok: [k3s-1]\nok: "
            "[k3s-2]\nok: [k3s-3]\n\nTASK [common : Install base packages] ******************************************\n"
            "ok: [k3s-1]\nok: [k3s-2]\nok: [k3s-3]\n\n"
            + "\n".join(ansible_recap(h, 9, 0).split("\n")[1] for h in ("k3s-1", "k3s-2", "k3s-3")).join(
                ("PLAY RECAP *********************************************************************\n", "")
            ),
            secs=34,
        ),
    )
    s.say(
        "Ça passe. Pour ne plus y penser, ajoutez `export OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES` à votre `~/.zshrc`."
    )
    s.user(
        "Je l'ajoute dans mon .zshrc. À retenir : sur macOS, Ansible a besoin de "
        "OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES, sinon les workers meurent au fork.",
        lessons=[
            "sur macOS, Ansible a besoin de OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES, sinon les workers meurent au fork"
        ],
    )
    s.one_off(
        "ansible-playbook on macOS dies with 'A worker was found in a dead state' (objc fork safety); fixed with "
        "OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES"
    )
    s.outcome("success", "Ansible runs from the Mac with OBJC_DISABLE_INITIALIZE_FORK_SAFETY=YES (Mitogen declined)")
    return s


def i03() -> Session:
    s = new("i03-prod-110", "2027-11-10T14:02:37", "2.1.231", "main", "missing-tag-kestrel")
    s.user(
        "Peux-tu déployer la 1.10 en prod ? J'ai mis à jour cadastre_version dans "
        "inventories/prod/group_vars/all.yml, l'image est poussée."
    )
    s.act(None, Read("inventories/prod/group_vars/all.yml", PROD_VARS))
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/prod deploy.yml",
            "PLAY [Deploy cadastre-api] *****************************************************\n\n"
            "TASK [deploy : Copy the chart to the node] *************************************\nok: [k3s-1]\n\n"
            "TASK [deploy : Render the helm values] *****************************************\nchanged: [k3s-1]\n\n"
            "TASK [deploy : Deploy the cadastre-api chart] **********************************\n"
            'fatal: [k3s-1]: FAILED! => {"changed": false, "command": "/usr/local/bin/helm --kubeconfig '
            "/etc/rancher/k3s/k3s.yaml --namespace=cadastre upgrade -i --reset-values --wait --atomic "
            '-f=/opt/cadastre/values.yml cadastre-api /opt/charts/cadastre-api", "msg": "Failure when executing '
            "Helm command. Exited 1.\\nstdout: \\nstderr: Error: UPGRADE FAILED: release cadastre-api failed, and "
            'has been rolled back due to atomic being set: context deadline exceeded\\n"}\n\n'
            + ansible_recap("k3s-1", 2, 1, failed=1),
            code=2,
            secs=320,
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl --context cadastre-prod -n cadastre get events --sort-by=.lastTimestamp | grep -i pull | tail -3",
            "6m2s    Warning   Failed    pod/cadastre-api-7c9d5f6b8-qx2lm   Failed to pull image "
            '"registry.cadastre.internal/cadastre-api:1.1": rpc error: code = NotFound desc = failed to pull and '
            'unpack image "registry.cadastre.internal/cadastre-api:1.1": failed to resolve reference '
            '"registry.cadastre.internal/cadastre-api:1.1": registry.cadastre.internal/cadastre-api:1.1: not found\n'
            "6m2s    Warning   Failed    pod/cadastre-api-7c9d5f6b8-qx2lm   Error: ErrImagePull\n"
            "5m49s   Normal    BackOff   pod/cadastre-api-7c9d5f6b8-qx2lm   Back-off pulling image "
            '"registry.cadastre.internal/cadastre-api:1.1"',
        ),
    )
    s.act(
        "Les pods demandent l'image tag `1.1`, qui n'existe pas : la CI a poussé `1.10`. Helm a fait le rollback "
        "(prod est toujours en 1.9). Le plus rapide pour avoir la 1.10 en prod est de mettre l'image à jour "
        "directement :",
        Denied(
            Bash(
                "kubectl --context cadastre-prod -n cadastre set image deployment/cadastre-api "
                "api=registry.cadastre.internal/cadastre-api:1.10"
            )
        ),
    )
    s.user(
        "Pas de kubectl à la main sur le cluster de prod, tout passe par les playbooks. Ça ne marche toujours pas, "
        "et je n'ai pas le temps de creuser d'où vient ce 1.1 : la prod reste en 1.9 aujourd'hui.",
        rules=[("no-kubectl-prod", "Pas de kubectl à la main sur le cluster de prod, tout passe par les playbooks")],
    )
    s.say("D'accord, je ne touche à rien. La release `cadastre-api` est revenue en 1.9 par le rollback atomique.")
    s.outcome("failed", "the prod deploy of 1.10 fails with ErrImagePull on tag 1.1; rolled back, cause not found")
    s.hit("version-float")
    return s


def i04() -> Session:
    s = new("i04-ingress-class", "2027-11-12T13:15:29", "2.1.231", "fix/ingress", "traefik-class-shrike")
    s.user("the ingress returns 404 for cadastre.preprod.grandlyon.internal, the pods are fine. can you check?")
    s.act(
        None,
        Bash(
            "kubectl --context cadastre-preprod get ingressclass && kubectl --context cadastre-preprod -n cadastre "
            "get ingress",
            "NAME      CONTROLLER                      PARAMETERS   AGE\n"
            "traefik   traefik.io/ingress-controller   <none>       12d\n"
            "NAME           CLASS   HOSTS                                 ADDRESS   PORTS   AGE\n"
            "cadastre-api   nginx   cadastre.preprod.grandlyon.internal             80      3d",
        ),
    )
    s.say(
        "The Ingress asks for the `nginx` class, but k3s ships only Traefik (`traefik` class), so nothing serves "
        "it and Traefik answers 404. Either switch the chart to `traefik` or install ingress-nginx. Which one?"
    )
    s.user(
        "decided: we keep the Traefik that ships with k3s, no ingress-nginx. switch the class.",
        decisions=["we keep the Traefik that ships with k3s, no ingress-nginx"],
    )
    s.act(None, Read("charts/cadastre-api/values.yaml", VALUES))
    s.act(None, Edit("charts/cadastre-api/values.yaml", "  className: nginx\n", "  className: traefik\n"))
    s.say("Values updated to `className: traefik`. Shall I commit and deploy to preprod?")
    s.user(
        "Attends. Il faut passer ansible-lint et helm lint avant de me proposer un commit.",
        rules=[("lint-before", "Il faut passer ansible-lint et helm lint avant de me proposer un commit")],
    )
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/preprod deploy.yml && curl -sI "
            "https://cadastre.preprod.grandlyon.internal/health | head -1",
            "PLAY [Deploy cadastre-api] *****************************************************\n\n"
            "TASK [deploy : Deploy the cadastre-api chart] **********************************\nchanged: [k3s-1]\n\n"
            + ansible_recap("k3s-1", 3, 2)
            + "\nHTTP/2 200",
            secs=48,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix(chart): use the traefik ingress class of k3s'",
            git_commit("fix/ingress", "2d8c4a1", "fix(chart): use the traefik ingress class of k3s", 1, 1, 1),
        ),
    )
    s.say("Lints clean, preprod answers 200 on /health, committed (`2d8c4a1`).")
    s.user("Nickel")
    s.one_off(
        "the chart's Ingress used ingressClassName nginx (copied from the old chart) but k3s only has Traefik, so "
        "every request got a 404"
    )
    s.outcome("success", "Ingress switched to the traefik class; preprod serves /health; committed")
    return s


def i05() -> Session:
    s = new("i05-pull-secret", "2027-11-15T16:40:03", "2.1.232", "feat/pull-secret", "pull-secret-dunlin")
    s.user(
        "Le registre va exiger une authentification à partir de lundi. Peux-tu ajouter un imagePullSecret au chart, "
        "créé par le rôle deploy à partir de registry_password ? Il est déjà dans le vault de prod."
    )
    s.shell_escape(
        "ansible-vault view inventories/prod/group_vars/vault.yml | grep -c registry_password",
        "1",
    )
    s.act(
        None,
        Edit(
            "charts/cadastre-api/templates/deployment.yaml",
            "    spec:\n      containers:",
            "    spec:\n      imagePullSecrets:\n        - name: registry-cadastre\n      containers:",
        ),
        Edit(
            "roles/deploy/tasks/main.yml",
            "- name: Render the helm values",
            "- name: Create the registry pull secret\n  kubernetes.core.k8s:\n    kubeconfig: /etc/rancher/k3s/k3s.yaml\n"
            "    state: present\n    definition:\n      apiVersion: v1\n      kind: Secret\n      type: "
            "kubernetes.io/dockerconfigjson\n      metadata:\n        name: registry-cadastre\n        namespace: "
            "cadastre\n      data:\n        .dockerconfigjson: \"{{ {'auths': {'registry.cadastre.internal': "
            "{'username': 'cadastre', 'password': registry_password}}} | to_json | b64encode }}\"\n  no_log: true\n\n"
            "- name: Render the helm values",
        ),
    )
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "git commit -am 'feat(deploy): registry pull secret from the vault'",
            git_commit("feat/pull-secret", "81f0b3e", "feat(deploy): registry pull secret from the vault", 2, 19, 0),
        ),
    )
    s.say(
        "Le rôle crée le secret `registry-cadastre` (type dockerconfigjson, `no_log`) et le Deployment le "
        "référence. Lints propres, commité (`81f0b3e`)."
    )
    s.user("Parfait, merci")
    s.outcome("success", "registry pull secret created by the role from the vault and used by the chart; committed")
    return s


def i06() -> Session:
    s = new("i06-molecule-tag", "2027-11-16T08:10:42", "2.1.232", "test/molecule-deploy", "molecule-retry-snipe")
    s.user(
        "Peux-tu ajouter un scénario Molecule pour le rôle deploy, qui vérifie que les values rendues contiennent "
        "le bon tag d'image ? Prends 1.20 comme version de test, sans lancer Helm."
    )
    s.act(
        "Scénario `default` avec le driver docker ; la tâche Helm est sautée via son tag `helm`.",
        Write("molecule/default/molecule.yml", MOLECULE_YML),
        Write("molecule/default/converge.yml", CONVERGE),
        Write("molecule/default/verify.yml", VERIFY),
    )
    s.act(None, Bash("molecule test", molecule_out(False), code=2, secs=95))
    s.act(
        "L'assertion échoue alors que la conversion s'est bien passée ; un conteneur resté d'un run précédent "
        "peut garder d'anciennes values. Je relance :",
        Bash("molecule test", molecule_out(False), code=2, secs=92),
    )
    s.act(
        "Même échec. Le cache de l'image a pu garder l'ancien fichier, une dernière fois :",
        Bash("molecule test", molecule_out(False), code=2, secs=97),
    )
    s.user("Stop, ça fait trois fois la même chose. Bon, on verra demain.")
    s.say("D'accord. Le scénario est écrit ; la vérification du tag (`'1.20'`) échoue à chaque run.")
    s.outcome("failed", "the new Molecule scenario fails its image tag assertion three times in a row")
    s.hit("version-float")
    return s


def i07() -> Session:
    s = new("i07-colima-socket", "2027-11-17T14:00:16", "2.1.233", "test/molecule-deploy", "colima-socket-pipit")
    s.user(
        "Molecule ne trouve plus Docker depuis que j'ai remplacé Docker Desktop par Colima :\n\n```\n"
        "ERROR    Unable to contact the Docker daemon. Please refer to https://docs.docker.com/config/daemon/ for "
        "managing the daemon\n```\n\ndocker ps marche pourtant très bien dans mon terminal."
    )
    s.act(
        None,
        Bash(
            "docker context ls && ls -l /var/run/docker.sock",
            "NAME       DESCRIPTION                               DOCKER ENDPOINT                                   ERROR\n"
            "colima *   colima                                    unix:///Users/claire/.colima/default/docker.sock\n"
            "default    Current DOCKER_HOST based configuration   unix:///var/run/docker.sock\n"
            "ls: /var/run/docker.sock: No such file or directory",
        ),
    )
    s.say(
        "La CLI `docker` suit le contexte `colima`, mais le SDK Python qu'utilise Molecule ignore les contextes et "
        "cherche `/var/run/docker.sock`, qui n'existe plus. Il suffit de lui donner `DOCKER_HOST` :"
    )
    s.act(
        None,
        Bash(
            "DOCKER_HOST=unix:///Users/claire/.colima/default/docker.sock molecule create && "
            "DOCKER_HOST=unix:///Users/claire/.colima/default/docker.sock molecule destroy",
            "INFO     Running default > create\n\nPLAY [Create] ******************************************************"
            "************\n...\n"
            + ansible_recap("localhost", 7, 2)
            + "\n\nINFO     Running default > destroy\n...\n"
            + ansible_recap("localhost", 3, 2),
            secs=41,
        ),
    )
    s.say(
        "Molecule crée et détruit l'instance. Avec `export DOCKER_HOST=unix://$HOME/.colima/default/docker.sock` "
        "dans `~/.zshrc`, plus besoin de préfixe. Sinon, le driver Vagrant éviterait Docker entièrement."
    )
    s.user(
        "On reste sur Molecule avec le driver docker, pas de Vagrant. Autre chose : en préprod, on reste à un seul "
        "replica, le cluster manque de RAM. Mets cadastre_replicas à 1 dans inventories/preprod.",
        decisions=["On reste sur Molecule avec le driver docker, pas de Vagrant"],
        rules=[("replicas", "en préprod, on reste à un seul replica")],
    )
    s.act(
        None,
        Edit(
            "inventories/preprod/group_vars/all.yml",
            "cadastre_replicas: 2",
            "cadastre_replicas: 1",
        ),
    )
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "git commit -am 'chore(preprod): one replica'",
            git_commit("test/molecule-deploy", "6a2e9f0", "chore(preprod): one replica", 1, 1, 1),
        ),
    )
    s.say("Préprod à 1 replica, lints propres, commité (`6a2e9f0`).")
    s.user("Nickel")
    s.one_off(
        "Molecule's docker driver cannot reach the daemon under Colima ('Unable to contact the Docker daemon'): "
        "the Python SDK ignores docker contexts; DOCKER_HOST points it at ~/.colima/default/docker.sock"
    )
    s.outcome("success", "Molecule works under Colima with DOCKER_HOST; preprod set to one replica; committed")
    return s


def i08() -> Session:
    s = new("i08-preprod-old-version", "2027-11-18T13:50:31", "2.1.233", "main", "stale-version-merlin")
    s.user(
        "Bizarre : on a déployé la 1.20 en préprod ce matin, le playbook est passé sans erreur, mais /health "
        "répond encore « version 1.2 », l'ancienne du printemps. Aucun pod en erreur, rien dans les logs. Tu "
        "peux regarder ?"
    )
    s.act(
        None,
        Bash(
            "kubectl --context cadastre-preprod -n cadastre get deploy cadastre-api -o "
            "jsonpath='{.spec.template.spec.containers[0].image}'",
            "registry.cadastre.internal/cadastre-api:1.2",
        ),
    )
    s.act(None, Read("inventories/preprod/group_vars/all.yml", PREPROD_VARS.replace("replicas: 2", "replicas: 1")))
    s.say(
        "Le Deployment tourne avec l'image tag `1.2`, alors que `cadastre_version: 1.20`. En YAML, `1.20` non "
        'quoté est un nombre décimal, lu comme 1.2 ; le template le rend en `"1.2"`. Comme le tag 1.2 existe '
        "encore dans le registre, le pull réussit et personne ne voit rien. La correction est de quoter la "
        "version dans les group_vars (et de vérifier son type dans le rôle)."
    )
    s.user("Ah. Bon, on verra demain, j'ai une réunion.")
    s.turn_done()
    s.outcome("unknown", "the preprod image tag 1.2 instead of 1.20 was explained; nothing changed")
    s.hit("version-float")
    return s


def i09() -> Session:
    s = new("i09-drop-atomic", "2027-11-19T14:20:08", "2.1.233", "feat/deploy-wait", "no-atomic-godwit")
    s.user(
        "drop atomic from the deploys: when a release fails, atomic rolls it back and I lose the failing pods, so I "
        "can't debug anything. use wait with a 10 minute timeout instead.",
        rules=[("no-atomic", "drop atomic from the deploys", "atomic")],
    )
    s.act(None, Read("roles/deploy/tasks/main.yml", TASKS))
    s.act(
        None,
        Edit(
            "roles/deploy/tasks/main.yml",
            "    atomic: true\n    wait: true\n",
            "    wait: true\n    wait_timeout: 10m\n",
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-lint",
            "WARNING  Listing 1 violation(s) that are fatal\n"
            "fqcn[action-core]: Use FQCN for builtin module actions (copy).\n"
            "roles/deploy/tasks/main.yml:2 Use `ansible.builtin.copy` or `ansible.legacy.copy` instead.\n\n"
            "Read documentation for instructions on how to ignore specific rule violations.\n\n"
            "                  Rule Violation Summary\n"
            " count tag               profile    rule associated tags\n"
            "     1 fqcn[action-core] production formatting\n\n"
            "Failed: 1 failure(s), 0 warning(s) on 17 files. Last profile that met the validation criteria was "
            "'shared'. Rating: 4/5 star",
            code=2,
        ),
    )
    s.act(None, Edit("roles/deploy/tasks/main.yml", "  copy:\n", "  ansible.builtin.copy:\n"))
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        "Lints propres. Je vous suggère de toujours lancer helm diff avant un déploiement en prod. Pour tester "
        "le nouveau timeout sur la prod :",
        Denied(
            Bash(
                "helm --kube-context cadastre-prod -n cadastre upgrade cadastre-api charts/cadastre-api "
                "--reuse-values --wait --timeout 10m"
            )
        ),
    )
    s.user(
        "told you, nothing by hand against the prod cluster, not kubectl, not helm. preprod through the playbook "
        "is fine. and helm diff is a plugin, so no. Mathieu never runs the linters before he pushes, that's why "
        "main is red half the time, so I'm glad this one is clean.",
        rules=[("no-kubectl-prod", "nothing by hand against the prod cluster, not kubectl, not helm")],
        non_rules=["Mathieu never runs the linters before he pushes"],
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/preprod deploy.yml",
            "PLAY [Deploy cadastre-api] *****************************************************\n\n"
            "TASK [deploy : Copy the chart to the node] *************************************\nchanged: [k3s-1]\n\n"
            "TASK [deploy : Render the helm values] *****************************************\nok: [k3s-1]\n\n"
            "TASK [deploy : Deploy the cadastre-api chart] **********************************\nchanged: [k3s-1]\n\n"
            + ansible_recap("k3s-1", 3, 2),
            secs=52,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'feat(deploy): wait 10m without atomic rollback'",
            git_commit("feat/deploy-wait", "b4c71e5", "feat(deploy): wait 10m without atomic rollback", 1, 2, 2),
        ),
    )
    s.say("Déployé en préprod par le playbook, commité (`b4c71e5`).")
    s.user("Parfait, merci")
    s.not_person("Je vous suggère de toujours lancer helm diff avant un déploiement en prod.", "assistant_text")
    s.not_person("fqcn[action-core]: Use FQCN for builtin module actions (copy).", "tool_output")
    s.outcome("success", "deploy waits 10 minutes without atomic rollback; lint fixed; deployed to preprod")
    return s


def i10() -> Session:
    s = new("i10-network-policy", "2027-11-22T16:05:44", "2.1.234", "feat/netpol", "netpol-redshank")
    s.user(
        "Ajoute une NetworkPolicy au chart : seul Traefik (namespace kube-system) peut joindre l'API sur le port 8080."
    )
    s.act(
        None,
        Write(
            "charts/cadastre-api/templates/networkpolicy.yaml",
            "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n"
            "  podSelector:\n    matchLabels:\n      app.kubernetes.io/name: cadastre-api\n  policyTypes: [Ingress]\n"
            "  ingress:\n    - from:\n        - namespaceSelector:\n            matchLabels:\n"
            "              kubernetes.io/metadata.name: kube-system\n          podSelector:\n            matchLabels:\n"
            "              app.kubernetes.io/name: traefik\n      ports:\n        - port: 8080\n",
        ),
    )
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "git add charts/cadastre-api/templates/networkpolicy.yaml && git commit -m 'feat(chart): only traefik "
            "may reach the API'",
            git_commit("feat/netpol", "0c93d4b", "feat(chart): only traefik may reach the API", 1, 19, 0),
        ),
    )
    s.say("NetworkPolicy ajoutée (Traefik de `kube-system` vers le port 8080), lints propres, commité (`0c93d4b`).")
    s.user("Nickel")
    s.outcome("success", "NetworkPolicy restricting ingress to Traefik; lints clean; committed")
    return s


def explore_versions(child: Session) -> None:
    child.act(
        None,
        Grep(
            "cadastre_version|image\\.tag|appVersion",
            [
                "inventories/prod/group_vars/all.yml:1:cadastre_version: 1.10",
                "inventories/preprod/group_vars/all.yml:1:cadastre_version: 1.30",
                "molecule/default/molecule.yml:17:        cadastre_version: 1.20",
                'roles/deploy/templates/values.yml.j2:3:  tag: "{{ cadastre_version }}"',
                'charts/cadastre-api/templates/deployment.yaml:21:          image: "{{ .Values.image.repository }}:'
                '{{ .Values.image.tag | default .Chart.AppVersion }}"',
                'charts/cadastre-api/Chart.yaml:6:appVersion: "1.9"',
            ],
            mode="content",
        ),
    )
    child.say(
        "Where the version goes:\n- inventories/prod/group_vars/all.yml:1 `cadastre_version: 1.10` (unquoted: a "
        "YAML float)\n- inventories/preprod/group_vars/all.yml:1 `cadastre_version: 1.30` (unquoted)\n"
        "- molecule/default/molecule.yml:17 `cadastre_version: 1.20` (unquoted)\n"
        "- roles/deploy/templates/values.yml.j2:3 renders it as the image tag, quoted after the fact\n"
        "- charts/cadastre-api/templates/deployment.yaml:21 uses image.tag, default appVersion\n"
        '- charts/cadastre-api/Chart.yaml:6 appVersion "1.9" (quoted)\nNothing checks the type of '
        "cadastre_version."
    )


def i11() -> Session:
    s = new("i11-version-strings", "2027-11-23T08:10:27", "2.1.234", "fix/version-strings", "quoted-version-avocet")
    s.user(
        "Le déploiement de la 1.30 en préprod a échoué cette nuit, voilà le log du job :\n\n```\n"
        "TASK [deploy : Deploy the cadastre-api chart] **********************************\n"
        'fatal: [k3s-1]: FAILED! => {"changed": false, "command": "/usr/local/bin/helm --kubeconfig '
        "/etc/rancher/k3s/k3s.yaml --namespace=cadastre upgrade -i --reset-values --wait --timeout 10m "
        '-f=/opt/cadastre/values.yml cadastre-api /opt/charts/cadastre-api", "msg": "Failure when executing Helm '
        'command. Exited 1.\\nstdout: \\nstderr: Error: UPGRADE FAILED: context deadline exceeded\\n"}\n\n'
        "PLAY RECAP *********************************************************************\n"
        "k3s-1                      : ok=3    changed=1    unreachable=0    failed=1    skipped=0    rescued=0    "
        "ignored=0\n```\n\nJe veux qu'on trouve pourquoi nos numéros de version se font manger, et qu'on corrige "
        "ça proprement aujourd'hui."
    )
    s.act(
        None,
        Bash(
            "kubectl --context cadastre-preprod -n cadastre get pods -l app.kubernetes.io/name=cadastre-api",
            "NAME                            READY   STATUS             RESTARTS   AGE\n"
            "cadastre-api-5f8b9c7d4-m2txk    0/1     ImagePullBackOff   0          7h12m\n"
            "cadastre-api-6b4d8e2a1-p9wqz    1/1     Running            0          4d",
        ),
        Agent(
            "Find where versions are set",
            "In this Ansible repository (inventories/, roles/, molecule/, charts/), find every place where "
            "cadastre_version or the image tag is set or used, and say for each whether the value is quoted. "
            "Never edit any file; report file:line only.",
            "Explore",
            explore_versions,
        ),
    )
    s.act(
        "Le pod en `ImagePullBackOff` demande `cadastre-api:1.3` : `cadastre_version: 1.30` non quoté est le "
        "nombre 1.3 pour YAML, et il en va de même en prod (`1.10` → 1.1) et dans Molecule (`1.20` → 1.2). Je "
        "quote les trois et j'ajoute au rôle une assertion qui refuse une version qui n'est pas une chaîne :",
        Edit("inventories/preprod/group_vars/all.yml", "cadastre_version: 1.30", 'cadastre_version: "1.30"'),
        Edit("inventories/prod/group_vars/all.yml", "cadastre_version: 1.10", 'cadastre_version: "1.10"'),
        Edit("molecule/default/molecule.yml", "        cadastre_version: 1.20", '        cadastre_version: "1.20"'),
        Edit(
            "roles/deploy/tasks/main.yml",
            "---\n- name: Copy the chart to the node",
            "---\n- name: Check that cadastre_version is a quoted string\n  ansible.builtin.assert:\n    that:\n"
            "      - cadastre_version is string\n    fail_msg: >-\n      cadastre_version must be quoted in group_vars "
            "(1.10 unquoted is the number 1.1)\n\n- name: Copy the chart to the node",
        ),
    )
    s.act(None, Bash("molecule test", molecule_out(True), secs=88))
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/preprod deploy.yml && curl -s "
            "https://cadastre.preprod.grandlyon.internal/health",
            "PLAY [Deploy cadastre-api] *****************************************************\n\n"
            "TASK [deploy : Check that cadastre_version is a quoted string] *****************\nok: [k3s-1] => {\n"
            '    "changed": false,\n    "msg": "All assertions passed"\n}\n\n'
            "TASK [deploy : Deploy the cadastre-api chart] **********************************\nchanged: [k3s-1]\n\n"
            + ansible_recap("k3s-1", 4, 2)
            + '\n{"status":"ok","version":"1.30"}',
            secs=75,
        ),
    )
    s.say(
        'Préprod tourne en 1.30 (`/health` le confirme), le scénario Molecule passe enfin avec `"1.20"`, et le '
        'rôle échoue tout de suite si une version non quotée revient. La prod a `"1.10"` prêt pour le prochain '
        "déploiement."
    )
    s.user(
        "lesson learned: YAML reads 1.30 as the float 1.3, so version numbers must always be quoted strings. commit.",
        lessons=["YAML reads 1.30 as the float 1.3, so version numbers must always be quoted strings"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix(deploy): versions are quoted strings, asserted by the role'",
            git_commit(
                "fix/version-strings",
                "d5e28b0",
                "fix(deploy): versions are quoted strings, asserted by the role",
                4,
                10,
                3,
            ),
        ),
    )
    s.say("Commité (`d5e28b0`).")
    s.not_person("Never edit any file; report file:line only.", "subagent_prompt")
    s.outcome("success", "versions quoted in all inventories and Molecule, asserted as strings; preprod runs 1.30")
    s.hit("version-float", fixed=True)
    return s


def i12() -> Session:
    s = new("i12-helm-pending", "2027-11-24T14:00:52", "2.1.235", "main", "pending-upgrade-sanderling")
    s.user(
        "Le playbook de préprod échoue avec « another operation (install/upgrade/rollback) is in progress ». J'ai "
        "perdu le Wi-Fi pendant un déploiement hier soir, je pense que c'est lié."
    )
    s.act(
        None,
        Bash(
            "helm --kube-context cadastre-preprod -n cadastre history cadastre-api --max 3",
            "REVISION\tUPDATED                 \tSTATUS         \tCHART             \tAPP VERSION\tDESCRIPTION\n"
            "13      \tTue Nov 23 09:31:40 2027\tdeployed       \tcadastre-api-0.4.0\t1.9        \tUpgrade complete\n"
            "14      \tTue Nov 23 19:02:11 2027\tpending-upgrade\tcadastre-api-0.4.0\t1.9        \tPreparing upgrade",
        ),
    )
    s.say(
        "La révision 14 est restée en `pending-upgrade` : le client Helm a été coupé pendant l'upgrade et personne "
        "n'a fini l'opération, donc Helm refuse toute nouvelle opération. On revient à la 13 (c'est la préprod) "
        "puis on relance le playbook :"
    )
    s.act(
        None,
        Bash(
            "helm --kube-context cadastre-preprod -n cadastre rollback cadastre-api 13 && ansible-playbook -i "
            "inventories/preprod deploy.yml",
            "Rollback was a success! Happy Helming!\n\nPLAY [Deploy cadastre-api] ****************************************"
            "*************\n\nTASK [deploy : Deploy the cadastre-api chart] **********************************\n"
            "changed: [k3s-1]\n\n" + ansible_recap("k3s-1", 4, 1),
            secs=61,
        ),
    )
    s.user(
        "Ça repasse. Finalement, mets deux replicas en préprod aussi : je veux pouvoir tester les rolling updates, "
        "et on a ajouté de la RAM au cluster.",
        rules=[("replicas-two", "mets deux replicas en préprod aussi", "replicas")],
    )
    s.act(None, Edit("inventories/preprod/group_vars/all.yml", "cadastre_replicas: 1", "cadastre_replicas: 2"))
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "git commit -am 'chore(preprod): two replicas'",
            git_commit("main", "7e1a6c2", "chore(preprod): two replicas", 1, 1, 1),
        ),
    )
    s.say("Préprod à 2 replicas, commité (`7e1a6c2`) ; il sera appliqué au prochain déploiement.")
    s.user("Nickel")
    s.one_off(
        "a helm upgrade interrupted by a lost connection left the release in pending-upgrade ('another operation "
        "(install/upgrade/rollback) is in progress'); rolled back to the last deployed revision"
    )
    s.outcome("success", "stuck preprod release rolled back and redeployed; preprod back to two replicas")
    return s


def i13() -> Session:
    s = new("i13-kubeconfig-question", "2027-11-25T14:10:33", "2.1.235", "main", "kubeconfig-path-wigeon")
    s.user("where does k3s keep its kubeconfig on the server again?")
    s.say("`/etc/rancher/k3s/k3s.yaml`, readable by root only; `k3s kubectl` uses it directly.")
    s.turn_done()
    s.user("and the token to join a new node?")
    s.say("`/var/lib/rancher/k3s/server/node-token` on a server node, root only too.")
    s.turn_done()
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


def i14() -> Session:
    s = new("i14-changelog", "2027-11-26T13:30:48", "2.1.236", "feat/netpol", "changelog-ruff")
    s.user("Peux-tu monter la version du chart pour la NetworkPolicy et mettre à jour le CHANGELOG ?")
    s.act(
        None, Read("charts/cadastre-api/README.md", CHART_README), Read("charts/cadastre-api/CHANGELOG.md", CHANGELOG)
    )
    s.act(
        "Le README du chart dit que la version est montée par le pipeline de release ; je n'ajoute donc que la "
        "ligne dans le CHANGELOG :",
        Edit(
            "charts/cadastre-api/CHANGELOG.md",
            "## Unreleased\n",
            "## Unreleased\n- NetworkPolicy: only Traefik (kube-system) may reach the API on 8080.\n",
        ),
    )
    s.say(
        "C'est fait. Autre point : avec deux replicas fixes en préprod, voulez-vous un HorizontalPodAutoscaler "
        "sur le CPU ?"
    )
    s.user(
        "Pour l'instant, laisse le HPA de côté, on verra avec la charge réelle. Commit.",
        non_rules=["Pour l'instant, laisse le HPA de côté"],
    )
    s.act(None, Bash("ansible-lint && helm lint charts/cadastre-api", LINT_OK, secs=9))
    s.act(
        None,
        Bash(
            "git commit -am 'docs(chart): changelog for the NetworkPolicy'",
            git_commit("feat/netpol", "3b8f27d", "docs(chart): changelog for the NetworkPolicy", 1, 1, 0),
        ),
    )
    s.say("Commité (`3b8f27d`).")
    s.user("Parfait, merci")
    s.not_person("Never bump the chart version by hand; the release pipeline does it.", "tool_output")
    s.outcome("success", "CHANGELOG entry for the NetworkPolicy, chart version left to the pipeline; committed")
    return s


SESSIONS = [i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14]

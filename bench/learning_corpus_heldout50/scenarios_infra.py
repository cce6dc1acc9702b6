"""Mārtiņš's `kvits-infra` sessions (i01-i15): Ansible roles and playbooks for the kvits servers, Terraform for
Hetzner Cloud (state in Hetzner Object Storage), Molecule tests, HashiCorp Vault for secrets. Times are UTC; Riga is
UTC+3 in August."""

from __future__ import annotations

from fake_output import INFRA, ansible_run, git_commit, molecule_verify, tf_plan
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "kvits-infra"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=INFRA, project=PROJECT)


README = """# kvits-infra

Servers for kvits on Hetzner Cloud: Terraform creates them (terraform/staging, terraform/prod), Ansible configures
them (site.yml, roles/), secrets come from Vault (vault.kvits.internal).

## Working here

- Always run `terraform fmt -recursive` before you commit.
- Roles have Molecule scenarios in roles/<role>/molecule/.
- Inventories: inventories/staging, inventories/prod."""

STAGING_MAIN = """terraform {
  required_providers {
    hcloud = {
      source  = "hetznercloud/hcloud"
      version = "~> 1.49"
    }
  }
  backend "s3" {
    bucket                      = "kvits-tfstate"
    key                         = "staging/terraform.tfstate"
    region                      = "fsn1"
    endpoints                   = { s3 = "https://fsn1.your-objectstorage.com" }
    use_lockfile                = true
    skip_credentials_validation = true
    skip_region_validation      = true
    skip_requesting_account_id  = true
    use_path_style              = true
  }
}

resource "hcloud_server" "app" {
  name        = "kvits-staging-app"
  server_type = "cx22"
  image       = "debian-12"
  location    = "hel1"
  ssh_keys    = [data.hcloud_ssh_key.martins.id]
  user_data   = templatefile("${path.module}/cloud-init.yaml.tftpl", { hostname = "kvits-staging-app" })
}

resource "hcloud_server" "db" {
  name        = "kvits-staging-db"
  server_type = "cx32"
  image       = "debian-12"
  location    = "hel1"
  ssh_keys    = [data.hcloud_ssh_key.martins.id]
  user_data   = templatefile("${path.module}/cloud-init.yaml.tftpl", { hostname = "kvits-staging-db" })
}"""

NETWORK_TF = """resource "hcloud_network" "private" {
  name     = "kvits-staging"
  ip_range = "10.1.0.0/16"
}

resource "hcloud_network_subnet" "servers" {
  network_id   = hcloud_network.private.id
  type         = "cloud"
  network_zone = "eu-central"
  ip_range     = "10.1.1.0/24"
}

resource "hcloud_server_network" "app" {
  server_id  = hcloud_server.app.id
  network_id = hcloud_network.private.id
  ip         = "10.1.1.2"
}

resource "hcloud_server_network" "db" {
  server_id  = hcloud_server.db.id
  network_id = hcloud_network.private.id
  ip         = "10.1.1.3"
}
"""

NETWORK_PLAN = [
    '  # hcloud_network.private will be created\n  + resource "hcloud_network" "private" {\n'
    '      + ip_range = "10.1.0.0/16"\n      + name     = "kvits-staging"\n    }\n',
    '  # hcloud_network_subnet.servers will be created\n  + resource "hcloud_network_subnet" "servers" {\n'
    '      + ip_range     = "10.1.1.0/24"\n      + network_zone = "eu-central"\n      + type         = "cloud"\n    }\n',
    '  # hcloud_server_network.app will be created\n  + resource "hcloud_server_network" "app" {\n'
    '      + ip        = "10.1.1.2"\n      + server_id = 51820317\n    }\n',
    '  # hcloud_server_network.db will be created\n  + resource "hcloud_server_network" "db" {\n'
    '      + ip        = "10.1.1.3"\n      + server_id = 51820318\n    }\n',
]


def i01() -> Session:
    s = new("i01-staging-network", "2027-08-02T11:40:05", "2.1.150", "staging-network", "private-net-crane")
    s.user(
        "stagingam vajag savu privāto tīklu 10.1.0.0/16, subnet 10.1.1.0/24 eu-central, un pieslēdz tam "
        "kvits-staging-app un kvits-staging-db. Lēmums: Terraform state glabāsim Hetzner Object Storage bucketā, "
        "Terraform Cloud neņemam — backend jau ir sakonfigurēts. plan goes into a file first and I read it, "
        "apply only takes that file.",
        decisions=["Terraform state glabāsim Hetzner Object Storage bucketā, Terraform Cloud neņemam"],
        rules=[("tf-saved-plan", "plan goes into a file first and I read it, apply only takes that file")],
    )
    s.title("Private network for staging")
    s.act(None, Read("README.md", README), Read("terraform/staging/main.tf", STAGING_MAIN))
    s.act(None, Write("terraform/staging/network.tf", NETWORK_TF))
    s.act(
        None,
        Bash(
            "terraform fmt -recursive && terraform -chdir=terraform/staging plan -out=staging.tfplan",
            tf_plan(NETWORK_PLAN, 4, 0, 0, out_file="staging.tfplan"),
            secs=11,
        ),
    )
    s.say(
        "Plan saved to `terraform/staging/staging.tfplan`: the network, the 10.1.1.0/24 subnet in eu-central, and "
        "the two servers attached as 10.1.1.2 (app) and 10.1.1.3 (db). Nothing is changed or destroyed. Say when "
        "to apply it."
    )
    s.user("izskatās pareizi. apply.")
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/staging apply staging.tfplan",
            "hcloud_network.private: Creating...\nhcloud_network.private: Creation complete after 1s [id=4109822]\n"
            "hcloud_network_subnet.servers: Creating...\n"
            "hcloud_network_subnet.servers: Creation complete after 1s [id=4109822-10.1.1.0/24]\n"
            "hcloud_server_network.app: Creating...\nhcloud_server_network.db: Creating...\n"
            "hcloud_server_network.db: Creation complete after 4s [id=51820318-4109822]\n"
            "hcloud_server_network.app: Creation complete after 4s [id=51820317-4109822]\n\n"
            "Apply complete! Resources: 4 added, 0 changed, 0 destroyed.",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "rm terraform/staging/staging.tfplan && git add terraform/staging/network.tf && git commit -m "
            "'staging: add private network'",
            git_commit("staging-network", "8b2d6f1", "staging: add private network", 1, 25, 0),
        ),
    )
    s.say("Applied (4 added) and committed as `staging: add private network` (`8b2d6f1`).")
    s.user("ok")
    s.not_person("Always run `terraform fmt -recursive` before you commit.", "tool_output")
    s.outcome("success", "staging private network planned to a file, applied from it and committed")
    return s


LOCK_ERR = """╷
│ Error: Error acquiring the state lock
│
│ Error message: operation error S3: PutObject, https response error StatusCode: 412, RequestID:
│ tx00000b1f4e7c2a90d3e81-0066ad2f10-4c1e9a-fsn1, HostID: 4c1e9a-fsn1-fsn1, api error PreconditionFailed: At
│ least one of the pre-conditions you specified did not hold
│ Lock Info:
│   ID:        3f9b8e21-5c47-0d1a-6e82-b4c0a9f71d35
│   Path:      kvits-tfstate/staging/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       martins@fedora
│   Version:   1.10.4
│   Created:   2027-08-02 17:41:09.337211 +0000 UTC
│   Info:
│
│
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ again. For most commands, you can disable locking with the "-lock=false"
│ flag, but this is not recommended.
╵"""

FIREWALL_PLAN = [
    '  # hcloud_firewall.base will be updated in-place\n  ~ resource "hcloud_firewall" "base" {\n'
    '        id     = "1553042"\n        name   = "kvits-staging-base"\n\n      + rule {\n'
    '          + direction  = "in"\n          + port       = "9100"\n          + protocol   = "tcp"\n'
    '          + source_ips = [\n              + "10.1.0.0/16",\n            ]\n        }\n    }\n',
]


def i02() -> Session:
    s = new("i02-state-lock", "2027-08-03T12:10:37", "2.1.150", "main", "stale-lock-gannet")
    s.user(
        "vakarvakarā apply pārtraucu ar ctrl-c, tagad jebkas met:\n\n```\n" + LOCK_ERR + "\n```\n\nšoreiz tikai "
        "staging, prod neaiztiec.",
        non_rules=["šoreiz tikai staging, prod neaiztiec"],
    )
    s.title("Stale Terraform state lock on staging")
    s.act(None, Bash("pgrep -a terraform", "", code=1))
    s.act(
        None,
        Bash(
            "aws --endpoint-url https://fsn1.your-objectstorage.com s3 ls s3://kvits-tfstate/staging/",
            "2027-08-02 20:41:09        211 terraform.tfstate.tflock\n2027-08-02 20:39:57      48113 terraform.tfstate",
        ),
    )
    s.say(
        "No terraform process is running here, and the lock file in the bucket is from yesterday 20:41 (your "
        "interrupted apply, Who: martins@fedora). Releasing exactly that lock:"
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/staging force-unlock -force 3f9b8e21-5c47-0d1a-6e82-b4c0a9f71d35",
            "Terraform state has been successfully unlocked!\n\nThe state has been unlocked, and Terraform commands "
            "should now be able to obtain a new lock on the remote state.",
        ),
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/staging plan -out=staging.tfplan",
            tf_plan(FIREWALL_PLAN, 0, 1, 0, out_file="staging.tfplan"),
            secs=9,
        ),
    )
    s.say(
        "Unlocked. The interrupted apply hadn't reached the firewall: the plan still has the one in-place change, "
        "the 9100/tcp rule from 10.1.0.0/16. Saved as `staging.tfplan`."
    )
    s.user("apply to failu.")
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/staging apply staging.tfplan && rm terraform/staging/staging.tfplan",
            "hcloud_firewall.base: Modifying... [id=1553042]\nhcloud_firewall.base: Modifications complete after 2s "
            "[id=1553042]\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.",
            secs=8,
        ),
    )
    s.say("Applied on staging only; prod untouched.")
    s.user("paldies")
    s.one_off(
        "Terraform 'Error acquiring the state lock' (S3 backend lock file, 412 PreconditionFailed) after an apply "
        "interrupted with ctrl-c; terraform force-unlock with the lock ID, then plan and apply"
    )
    s.outcome("success", "stale staging state lock released with force-unlock; pending firewall change applied")
    return s


NODE_EXPORTER_UNIT = """[Unit]
Description=Prometheus node exporter
After=network-online.target

[Service]
User=node_exporter
ExecStart=/usr/local/bin/node_exporter \\
    --web.listen-address={{ ansible_ens10.ipv4.address }}:9100 \\
    --collector.systemd
Restart=on-failure

[Install]
WantedBy=multi-user.target"""

ENS10_FAIL = (
    "TASK [node_exporter : Install systemd unit] ************************************\n"
    'fatal: [kvits-app-3]: FAILED! => {"changed": false, "msg": "AnsibleUndefinedVariable: \'ansible_ens10\' is '
    "undefined. 'ansible_ens10' is undefined\"}\n\n"
    "PLAY RECAP *********************************************************************\n"
    "kvits-app-3                : ok=31   changed=24   unreachable=0    failed=1    skipped=3    rescued=0    "
    "ignored=0"
)


def i03() -> Session:
    s = new("i03-app3-ens10", "2027-08-04T11:55:20", "2.1.151", "main", "new-box-undefined-rail")
    s.user(
        "the new kvits-app-3 (cpx31, terraform made it yesterday). site.yml dies on it:\n\n```\n"
        + ENS10_FAIL
        + "\n```\n\non app-1 and app-2 the same playbook goes through fine."
    )
    s.title("node_exporter fails on kvits-app-3")
    s.act(None, Read("roles/node_exporter/templates/node_exporter.service.j2", NODE_EXPORTER_UNIT))
    s.act(
        None,
        Bash(
            "ansible -i inventories/prod kvits-app-1,kvits-app-3 -m ansible.builtin.setup -a "
            "'filter=ansible_interfaces'",
            'kvits-app-1 | SUCCESS => {\n    "ansible_facts": {\n        "ansible_interfaces": [\n            "lo",\n'
            '            "eth0",\n            "ens10"\n        ]\n    },\n    "changed": false\n}\n'
            'kvits-app-3 | SUCCESS => {\n    "ansible_facts": {\n        "ansible_interfaces": [\n            "lo",\n'
            '            "eth0",\n            "enp7s0"\n        ]\n    },\n    "changed": false\n}',
            secs=6,
        ),
    )
    s.say(
        "The template takes the listen address from `ansible_ens10`, and kvits-app-3 has no `ens10`: its second "
        "NIC is `enp7s0`. The simplest way to get app-3 through is a fallback when `ens10` is missing:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "roles/node_exporter/templates/node_exporter.service.j2",
                "    --web.listen-address={{ ansible_ens10.ipv4.address }}:9100 \\",
                "    --web.listen-address={{ ansible_ens10.ipv4.address | default(ansible_default_ipv4.address) }}:9100 \\",
            ),
            "tad node_exporter uz app-3 klausīsies uz publiskās adreses. nē.",
        ),
    )
    s.say(
        "True, `ansible_default_ipv4` is eth0, the public address. The other option is a per-host variable for "
        "the interface name; I can add `node_exporter_iface: enp7s0` to app-3's host_vars."
    )
    s.user("nav laika. app-3 paliek bez monitoringa lidz ritdienai, atstaj.")
    s.outcome("failed", "site.yml fails on kvits-app-3: ansible_ens10 undefined; public-address fallback refused")
    s.hit("hetzner-private-iface")
    return s


PGB_TASKS = """---
- name: Install pgbouncer
  ansible.builtin.apt:
    name: pgbouncer
    state: present

- name: Write pgbouncer.ini
  template:
    src: pgbouncer.ini.j2
    dest: /etc/pgbouncer/pgbouncer.ini
    owner: postgres
    mode: "0640"
  notify: Reload pgbouncer

- name: Start pgbouncer
  service:
    name: pgbouncer
    state: started
    enabled: true"""

POSTGRES_MOLECULE = """---
driver:
  name: docker
platforms:
  - name: instance
    image: docker.io/geerlingguy/docker-debian12-ansible:latest
    command: /lib/systemd/systemd
    privileged: true
    cgroupns_mode: host
    volumes:
      - /sys/fs/cgroup:/sys/fs/cgroup:rw
provisioner:
  name: ansible
verifier:
  name: ansible"""

ANSIBLE_LINT = (
    "roles/pgbouncer/tasks/main.yml:8: fqcn[action-core]: Use FQCN for builtin module actions (template).\n"
    "roles/pgbouncer/tasks/main.yml:16: fqcn[action-core]: Use FQCN for builtin module actions (service).\n\n"
    "Read documentation for instructions on how to ignore specific rule violations.\n\n"
    "                Rule Violation Summary\n"
    " count tag                profile    rule associated tags\n"
    "     2 fqcn[action-core]  production formatting\n\n"
    "Failed: 2 failure(s), 0 warning(s) on 41 files. Last profile that met the validation criteria was 'shared'."
)


def i04() -> Session:
    s = new("i04-pgbouncer-molecule", "2027-08-05T12:20:48", "2.1.151", "pgbouncer-molecule", "bouncer-test-smew")
    s.user(
        "pgbouncer rolei vajag molecule scenāriju, tāpat kā postgres rolei. molecule scenarios run on the docker "
        "driver, podman with systemd images kept falling over in CI. un ansible-lint CI met šo:\n\n```\n"
        + ANSIBLE_LINT
        + "\n```",
        rules=[
            (
                "molecule-docker",
                "molecule scenarios run on the docker driver, podman with systemd images kept falling over in CI",
            )
        ],
    )
    s.title("Molecule scenario for the pgbouncer role")
    s.act(
        None,
        Read("roles/postgres/molecule/default/molecule.yml", POSTGRES_MOLECULE),
        Read("roles/pgbouncer/tasks/main.yml", PGB_TASKS),
    )
    s.act(
        None,
        Edit(
            "roles/pgbouncer/tasks/main.yml",
            "  template:\n    src: pgbouncer.ini.j2",
            "  ansible.builtin.template:\n    src: pgbouncer.ini.j2",
        ),
        Edit(
            "roles/pgbouncer/tasks/main.yml",
            "  service:\n    name: pgbouncer",
            "  ansible.builtin.service:\n    name: pgbouncer",
        ),
    )
    s.act(
        "The scenario copies the postgres role's platform and installs Postgres in `prepare` so PgBouncer has "
        "something to pool:",
        Write("roles/pgbouncer/molecule/default/molecule.yml", POSTGRES_MOLECULE),
        Write(
            "roles/pgbouncer/molecule/default/prepare.yml",
            "---\n- name: Prepare\n  hosts: all\n  tasks:\n    - name: Install postgres for pgbouncer to pool\n"
            "      ansible.builtin.apt:\n        name: postgresql-15\n        update_cache: true\n",
        ),
        Write(
            "roles/pgbouncer/molecule/default/converge.yml",
            "---\n- name: Converge\n  hosts: all\n  vars:\n    pgbouncer_listen_addr: 127.0.0.1\n"
            "    postgres_private_host: 127.0.0.1\n  roles:\n    - role: pgbouncer\n",
        ),
        Write(
            "roles/pgbouncer/molecule/default/verify.yml",
            "---\n- name: Verify\n  hosts: all\n  tasks:\n    - name: Read pgbouncer's pool mode\n"
            "      ansible.builtin.command: grep -E '^pool_mode' /etc/pgbouncer/pgbouncer.ini\n"
            "      register: mode\n      changed_when: false\n\n    - name: pgbouncer pools transactions\n"
            "      ansible.builtin.assert:\n        that: \"'transaction' in mode.stdout\"\n\n"
            "    - name: pgbouncer answers on 6432\n      ansible.builtin.wait_for:\n        port: 6432\n"
            "        timeout: 10\n",
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-lint roles/pgbouncer && cd roles/pgbouncer && molecule test",
            "Passed: 0 failure(s), 0 warning(s) on 45 files. Last profile that met the validation criteria was "
            "'production'.\n"
            + molecule_verify("default", [("pgbouncer pools transactions", None), ("pgbouncer answers on 6432", None)]),
            secs=140,
        ),
    )
    s.say(
        "ansible-lint passes (both modules by their full names now), and `molecule test` for pgbouncer is green "
        "on the docker driver: converge, idempotence, and verify (transaction pool mode, port 6432)."
    )
    s.user("labi. PR.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'pgbouncer: add molecule scenario, use FQCN' && git push -u origin "
            "pgbouncer-molecule && gh pr create --fill",
            git_commit("pgbouncer-molecule", "41c0b7e", "pgbouncer: add molecule scenario, use FQCN", 5, 58, 2)
            + "\nhttps://github.com/kvits-lv/kvits-infra/pull/37",
            secs=5,
        ),
    )
    s.say("PR #37 is open.")
    s.not_person("Use FQCN for builtin module actions (template).", "pasted_log")
    s.outcome("success", "molecule scenario for pgbouncer on the docker driver, ansible-lint FQCN fixes; PR opened")
    return s


VAULT_ERR = (
    'fatal: [kvits-db-1]: FAILED! => {"msg": "An unhandled exception occurred while running the lookup plugin '
    "'community.hashi_vault.vault_kv2_get'. Error was a <class 'hvac.exceptions.VaultDown'>, original message: "
    'Vault is sealed, on get https://vault.kvits.internal:8200/v1/secret/data/kvits/prod/db"}'
)


def i05() -> Session:
    s = new("i05-vault-sealed", "2027-08-06T11:30:14", "2.1.152", "main", "sealed-box-eider")
    s.user(
        "site.yml dies on the very first lookup:\n\n```\n" + VAULT_ERR + "\n```\n\nhetzner rebooted the vault "
        "host overnight, maintenance."
    )
    s.title("Vault sealed after host maintenance")
    s.act(
        None,
        Bash(
            "VAULT_ADDR=https://vault.kvits.internal:8200 vault status",
            "Key                Value\n---                -----\nSeal Type          shamir\nInitialized        true\n"
            "Sealed             true\nTotal Shares       5\nThreshold          3\nUnseal Progress    0/3\n"
            "Unseal Nonce       n/a\nVersion            1.17.6\nBuild Date         2024-09-24T19:48:40Z\n"
            "Storage Type       raft\nHA Enabled         true",
            code=2,
        ),
    )
    s.say(
        "Vault came back sealed after the reboot, as a Shamir-sealed Vault does: it needs 3 of the 5 unseal key "
        "shares before it serves anything. That has to be you (and whoever holds the other shares), with "
        "`vault operator unseal` three times in your own terminal; I shouldn't see the keys. I'll rerun the "
        "playbook once it's unsealed."
    )
    s.shell_escape("VAULT_ADDR=https://vault.kvits.internal:8200 vault status -format=json | jq .sealed", "false")
    s.user("atslēgts. palaid db daļu vēlreiz.")
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/prod site.yml -l kvits-db-1",
            ansible_run(
                "db",
                [
                    ("Gathering Facts", ["ok: [kvits-db-1]"]),
                    ("postgres : Read database credentials from Vault", ["ok: [kvits-db-1]"]),
                    ("pgbouncer : Write userlist.txt", ["ok: [kvits-db-1]"]),
                ],
                {"kvits-db-1": (38, 0, 0)},
            ),
            secs=95,
        ),
    )
    s.say("Lookups work again; the run on kvits-db-1 finished with 38 ok, nothing changed.")
    s.user("labi.")
    s.one_off(
        "Vault sealed after Hetzner host maintenance reboot: Ansible lookups fail with hvac VaultDown 'Vault is "
        "sealed'; the person unsealed it with the key shares, then the playbook ran"
    )
    s.outcome("success", "Vault unsealed by the person after a maintenance reboot; db playbook run clean")
    return s


UFW_STATUS = """kvits-staging-db | CHANGED | rc=0 >>
Status: active

To                         Action      From
--                         ------      ----
22/tcp                     ALLOW       Anywhere
6432/tcp on ens10          ALLOW       10.1.1.0/24
9100/tcp on ens10          ALLOW       10.1.0.0/16"""

IP_ADDR = """kvits-staging-db | CHANGED | rc=0 >>
lo               UNKNOWN        127.0.0.1/8 ::1/128
eth0             UP             95.216.140.27/32 2a01:4f9:c012:8e1c::1/64
enp7s0           UP             10.1.1.3/32"""

FIREWALL_TASKS = """---
- name: Allow SSH
  community.general.ufw:
    rule: allow
    port: "22"
    proto: tcp

- name: Allow pgbouncer from the private subnet
  community.general.ufw:
    rule: allow
    interface: ens10
    direction: in
    port: "6432"
    proto: tcp
    src: "{{ private_subnet }}"
  when: "'db' in group_names"

- name: Allow node_exporter from the private network
  community.general.ufw:
    rule: allow
    interface: ens10
    direction: in
    port: "9100"
    proto: tcp
    src: "{{ private_network }}\""""

CPX_PREPARE = """---
- name: Prepare a Hetzner CPX-like NIC
  hosts: all
  tasks:
    - name: Install ufw and iproute2
      ansible.builtin.apt:
        name: [ufw, iproute2]
        update_cache: true

    - name: Add a dummy enp7s0 with a private address, as CPX servers name it
      ansible.builtin.shell: |
        ip link add enp7s0 type dummy
        ip addr add 10.1.1.9/32 dev enp7s0
        ip link set enp7s0 up
      changed_when: true
"""

CPX_VERIFY = """---
- name: Verify
  hosts: all
  become: true
  tasks:
    - name: Read ufw rules
      ansible.builtin.command: ufw status
      register: ufw
      changed_when: false

    - name: pgbouncer port is open on the private interface
      ansible.builtin.assert:
        that: "'6432/tcp on enp7s0' in ufw.stdout"
"""


def i06() -> Session:
    s = new("i06-staging-db-resize", "2027-08-09T11:45:31", "2.1.153", "firewall-cpx", "resized-db-jaeger")
    s.user(
        "stagingā pēc kvits-staging-db resize (cx32 → cpx31, piektdien ar Terraform) app netiek līdz pgbouncer:\n\n"
        '```\nlevel=ERROR msg="db ping failed" err="dial tcp 10.1.1.3:6432: i/o timeout"\n```\n\nserveris '
        "dzīvs, pgbouncer iet, lokāli uz db hosta psql caur 6432 strādā."
    )
    s.title("Staging app can't reach pgbouncer after resize")
    s.act(
        None,
        Bash(
            "ansible -i inventories/staging kvits-staging-db -b -m ansible.builtin.command -a 'ufw status'",
            UFW_STATUS,
            secs=4,
        ),
        Bash(
            "ansible -i inventories/staging kvits-staging-db -m ansible.builtin.command -a 'ip -br addr'",
            IP_ADDR,
            secs=4,
        ),
    )
    s.say(
        "The ufw rules for 6432 and 9100 are bound to `ens10`, but since the resize the private address 10.1.1.3 "
        "sits on `enp7s0`, so packets from the app arrive on an interface no rule allows and are dropped. Opening "
        "6432 on enp7s0 now brings staging back:"
    )
    s.act(
        None,
        Denied(
            Bash(
                "ansible -i inventories/staging kvits-staging-db -b -m ansible.builtin.command -a 'ufw allow in on "
                "enp7s0 from 10.1.1.0/24 to any port 6432 proto tcp'"
            )
        ),
    )
    s.user(
        "uz serveriem ar rokām neko nemainām, tikai caur rolēm un playbookiem — citādi nākamais run to norauj un "
        "neviens nezina, kāpēc. uztaisi firewall rolei molecule scenāriju, kas to atkārto ar enp7s0.",
        rules=[("no-manual-servers", "uz serveriem ar rokām neko nemainām, tikai caur rolēm un playbookiem")],
    )
    s.act(None, Read("roles/firewall/tasks/main.yml", FIREWALL_TASKS))
    s.act(
        "A `cpx` scenario: the same docker platform as the other roles, plus a dummy `enp7s0` carrying a private "
        "address, and a verify step that expects the pgbouncer rule on it:",
        Write("roles/firewall/molecule/cpx/molecule.yml", POSTGRES_MOLECULE + "\n    groups:\n      - db"),
        Write("roles/firewall/molecule/cpx/prepare.yml", CPX_PREPARE),
        Write(
            "roles/firewall/molecule/cpx/converge.yml",
            "---\n- name: Converge\n  hosts: all\n  become: true\n  vars:\n    private_subnet: 10.1.1.0/24\n"
            "    private_network: 10.1.0.0/16\n  roles:\n    - role: firewall\n",
        ),
        Write("roles/firewall/molecule/cpx/verify.yml", CPX_VERIFY),
    )
    s.act(
        None,
        Bash(
            "cd roles/firewall && molecule test -s cpx",
            molecule_verify(
                "cpx", [("pgbouncer port is open on the private interface", "'6432/tcp on enp7s0' in ufw.stdout")]
            ),
            code=1,
            secs=120,
        ),
    )
    s.say(
        "The scenario reproduces it: converge passes, and verify fails because the role writes `6432/tcp on "
        "ens10`. The scenario is on `firewall-cpx`, uncommitted."
    )
    s.user("ok, at least it reproduces. commit the red scenario, staging pagaidīs, man jāiet.")
    s.act(
        None,
        Bash(
            "git add roles/firewall/molecule/cpx && git commit -m 'firewall: add cpx molecule scenario (red)'",
            git_commit("firewall-cpx", "d5a1e93", "firewall: add cpx molecule scenario (red)", 4, 61, 0),
        ),
    )
    s.outcome("failed", "staging app can't reach pgbouncer after resize; manual ufw fix refused, molecule scenario red")
    s.hit("hetzner-private-iface")
    return s


PROD_MAIN = """resource "hcloud_server" "app" {
  for_each    = toset(["kvits-app-1", "kvits-app-2", "kvits-app-3"])
  name        = each.key
  server_type = each.key == "kvits-app-3" ? "cpx31" : "cx32"
  image       = "debian-12"
  location    = "fsn1"
  ssh_keys    = [data.hcloud_ssh_key.martins.id]
  user_data   = templatefile("${path.module}/cloud-init.yaml.tftpl", { hostname = each.key })
  network {
    network_id = hcloud_network.private.id
  }
}

resource "hcloud_server" "edge" {
  name        = "kvits-edge-1"
  server_type = "cx22"
  image       = "debian-12"
  location    = "fsn1"
}"""

LB_TF = """resource "hcloud_load_balancer" "api" {
  name               = "kvits-api"
  load_balancer_type = "lb11"
  location           = "fsn1"
}

resource "hcloud_load_balancer_network" "api" {
  load_balancer_id = hcloud_load_balancer.api.id
  network_id       = hcloud_network.private.id
}

resource "hcloud_load_balancer_target" "app" {
  for_each         = hcloud_server.app
  type             = "server"
  load_balancer_id = hcloud_load_balancer.api.id
  server_id        = each.value.id
  use_private_ip   = true
  depends_on       = [hcloud_load_balancer_network.api]
}

resource "hcloud_managed_certificate" "api" {
  name         = "api-kvits-lv"
  domain_names = ["api.kvits.lv"]
}

resource "hcloud_load_balancer_service" "https" {
  load_balancer_id = hcloud_load_balancer.api.id
  protocol         = "https"
  listen_port      = 443
  destination_port = 8080
  http {
    certificates  = [hcloud_managed_certificate.api.id]
    redirect_http = true
  }
  health_check {
    protocol = "http"
    port     = 8080
    interval = 10
    timeout  = 5
    http {
      path         = "/healthz"
      status_codes = ["200"]
    }
  }
}
"""

PROD_HOSTS = """all:
  children:
    app:
      hosts:
        kvits-app-1:
        kvits-app-2:
        kvits-app-3:
    db:
      hosts:
        kvits-db-1:
    edge:
      hosts:
        kvits-edge-1:
    monitoring:
      hosts:
        kvits-mon-1:"""


def edge_inventory(child: Session) -> None:
    child.act(
        None,
        Grep(
            "kvits-edge-1|edge",
            [
                "inventories/prod/hosts.yml:11:    edge:",
                "inventories/prod/hosts.yml:13:        kvits-edge-1:",
                "site.yml:31:- name: Edge proxy",
                "site.yml:32:  hosts: edge",
                "inventories/prod/group_vars/edge.yml:1:caddy_sites:",
            ],
            mode="content",
        ),
    )
    child.act(None, Read("inventories/prod/hosts.yml", PROD_HOSTS))
    child.act(
        None,
        Edit(
            "inventories/prod/hosts.yml",
            "    edge:\n      hosts:\n        kvits-edge-1:\n",
            "",
        ),
    )
    child.act(
        None,
        Bash(
            "ansible-inventory -i inventories/prod --graph",
            "@all:\n  |--@ungrouped:\n  |--@app:\n  |  |--kvits-app-1\n  |  |--kvits-app-2\n  |  |--kvits-app-3\n"
            "  |--@db:\n  |  |--kvits-db-1\n  |--@monitoring:\n  |  |--kvits-mon-1",
        ),
    )
    child.say(
        "Removed the `edge` group (kvits-edge-1) from inventories/prod/hosts.yml; `ansible-inventory --graph` "
        'shows app, db and monitoring only. Still referring to edge: site.yml:31-32 (the "Edge proxy" play, '
        "hosts: edge — it now matches no prod host, staging keeps its own edge group) and "
        "inventories/prod/group_vars/edge.yml (caddy_sites), which is now unused for prod. Roles untouched."
    )


LB_PLAN = [
    '  # hcloud_load_balancer.api will be created\n  + resource "hcloud_load_balancer" "api" {\n'
    '      + load_balancer_type = "lb11"\n      + location           = "fsn1"\n      + name               = '
    '"kvits-api"\n    }\n',
    '  # hcloud_load_balancer_service.https will be created\n  + resource "hcloud_load_balancer_service" "https" {\n'
    '      + destination_port = 8080\n      + listen_port      = 443\n      + protocol         = "https"\n    }\n',
    '  # hcloud_load_balancer_target.app["kvits-app-1"] will be created\n'
    '  # hcloud_load_balancer_target.app["kvits-app-2"] will be created\n'
    '  # hcloud_load_balancer_target.app["kvits-app-3"] will be created\n'
    "  # hcloud_load_balancer_network.api will be created\n  # hcloud_managed_certificate.api will be created\n",
]


def i07() -> Session:
    s = new("i07-prod-lb", "2027-08-10T11:50:09", "2.1.154", "prod-lb", "balanced-front-skimmer")
    s.user(
        "decided: prod gets a Hetzner load balancer in front of kvits-app-1..3, no more single edge box with "
        "caddy. lb11, fsn1, TLS ar managed sertifikātu api.kvits.lv, health check /healthz. caddy role paliek "
        "stagingam.",
        decisions=["prod gets a Hetzner load balancer in front of kvits-app-1..3, no more single edge box with caddy"],
    )
    s.title("Hetzner load balancer for prod")
    s.act(None, Read("terraform/prod/main.tf", PROD_MAIN, offset=24, total=88))
    s.act(None, Write("terraform/prod/lb.tf", LB_TF))
    s.act(
        "While I check the Terraform, a helper can take the edge box out of the prod inventory:",
        Agent(
            "Drop the edge box from prod inventory",
            "In this Ansible repository, remove kvits-edge-1 and the edge group from inventories/prod/hosts.yml, "
            "check the result with ansible-inventory --graph, and list every other place in site.yml and "
            "inventories/prod that still refers to the edge group or kvits-edge-1. Do not change roles/.",
            "general-purpose",
            edge_inventory,
            background=True,
        ),
    )
    s.act(
        None,
        Bash(
            "terraform fmt -recursive && terraform -chdir=terraform/prod validate",
            "Success! The configuration is valid.",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Mārtiņš decided prod gets a Hetzner load balancer (lb11, fsn1) in front "
        "of kvits-app-1..3 instead of the caddy edge box; TLS with a managed certificate for api.kvits.lv, health "
        "check /healthz; the caddy role stays for staging.\nSummary:\n1. terraform/prod/lb.tf written: "
        "hcloud_load_balancer.api, its network attachment, three private-IP targets, hcloud_managed_certificate "
        "for api.kvits.lv, an https service 443 -> 8080 with /healthz checks. terraform validate passes.\n"
        "2. A background general-purpose agent is removing kvits-edge-1 from inventories/prod/hosts.yml.\n"
        '3. User preference: every Terraform resource must carry a managed_by = "terraform" label.\n'
        "Pending: plan to a file for Mārtiņš to read, apply, DNS for api.kvits.lv, edge server removal later.",
        174500,
        12100,
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/prod plan -out=prod.tfplan",
            tf_plan(LB_PLAN, 7, 0, 0, out_file="prod.tfplan"),
            secs=12,
        ),
    )
    s.say(
        "Plan saved to `terraform/prod/prod.tfplan`: 7 to add (the load balancer, its network attachment, three "
        "targets on private IPs, the managed certificate and the HTTPS service), nothing changed or destroyed. "
        "The certificate is issued once api.kvits.lv points at the load balancer."
    )
    s.user("apply to. DNS pārlikšu pats.")
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/prod apply prod.tfplan && rm terraform/prod/prod.tfplan",
            "hcloud_load_balancer.api: Creating...\nhcloud_managed_certificate.api: Creating...\n"
            "hcloud_load_balancer.api: Creation complete after 3s [id=2218734]\n"
            "hcloud_load_balancer_network.api: Creation complete after 2s [id=2218734-4021387]\n"
            'hcloud_load_balancer_target.app["kvits-app-1"]: Creation complete after 1s\n'
            'hcloud_load_balancer_target.app["kvits-app-2"]: Creation complete after 1s\n'
            'hcloud_load_balancer_target.app["kvits-app-3"]: Creation complete after 1s\n'
            "hcloud_managed_certificate.api: Creation complete after 9s [id=1420553]\n"
            "hcloud_load_balancer_service.https: Creation complete after 2s [id=2218734__443]\n\n"
            "Apply complete! Resources: 7 added, 0 changed, 0 destroyed.",
            secs=24,
        ),
    )
    s.agent_done(after=4)
    s.act(None, Bash("git diff --stat", " inventories/prod/hosts.yml | 3 ---\n 1 file changed, 3 deletions(-)"))
    s.say(
        'Applied (7 added). The helper removed the `edge` group from the prod inventory; the "Edge proxy" play in '
        "site.yml now matches no prod host, and `inventories/prod/group_vars/edge.yml` is unused for prod. Once "
        "DNS moves, kvits-edge-1 can go from Terraform."
    )
    s.user("commit. edge serveri nojauksim nākamnedēļ.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'prod: put a load balancer in front of the app servers'",
            git_commit("prod-lb", "6e0c2d8", "prod: put a load balancer in front of the app servers", 2, 61, 3),
        ),
    )
    s.say("Committed (`6e0c2d8`).")
    s.not_person(
        'User preference: every Terraform resource must carry a managed_by = "terraform" label.', "compaction_summary"
    )
    s.outcome("success", "prod load balancer planned to a file and applied; edge group dropped from the inventory")
    return s


COLLECTION_ERR = (
    "ERROR! couldn't resolve module/action 'community.general.ufw'. This often indicates a misspelling, missing "
    "collection, or incorrect module path.\n\n"
    "The error appears to be in '/home/martins/code/kvits-infra/roles/firewall/tasks/main.yml': line 2, column 3, "
    "but may\nbe elsewhere in the file depending on the exact syntax problem.\n\nThe offending line appears to be:"
    "\n\n- name: Allow SSH\n  ^ here"
)


def i08() -> Session:
    s = new("i08-collections", "2027-08-11T12:05:57", "2.1.155", "local-collections", "lost-modules-avocet")
    s.user("pēc dnf upgrade (ansible-core 2.18) jebkas met šo:\n\n```\n" + COLLECTION_ERR + "\n```")
    s.title("Collections missing after ansible-core upgrade")
    s.act(
        None,
        Bash(
            "ansible --version | head -3 && ansible-galaxy collection list 2>/dev/null | grep -E "
            "'community|ansible.posix' ; rpm -q ansible-core ansible",
            "ansible [core 2.18.1]\n  config file = /home/martins/code/kvits-infra/ansible.cfg\n"
            "  configured module search path = ['/home/martins/.ansible/plugins/modules']\n"
            "ansible-core-2.18.1-1.fc42.noarch\npackage ansible is not installed",
        ),
        Read(
            "requirements.yml",
            '---\ncollections:\n  - name: community.general\n    version: ">=9.0.0"\n  - name: '
            'community.hashi_vault\n    version: ">=6.2.0"\n  - name: ansible.posix\n    version: ">=1.5.0"',
        ),
    )
    s.say(
        "The upgrade replaced the `ansible` package (ansible-core plus the bundled collections) with bare "
        "`ansible-core`, so community.general, community.hashi_vault and ansible.posix are gone. Installing them "
        "from requirements.yml into the repository, so the next dnf upgrade can't take them away:"
    )
    s.act(
        None,
        Bash(
            "ansible-galaxy collection install -r requirements.yml -p ./collections",
            "Starting galaxy collection install process\nProcess install dependency map\n"
            "Starting collection install process\n"
            "community.general:10.7.1 was installed successfully\n"
            "community.hashi_vault:6.2.0 was installed successfully\n"
            "ansible.posix:2.0.0 was installed successfully",
            secs=20,
        ),
        Edit("ansible.cfg", "[defaults]", "[defaults]\ncollections_path = ./collections"),
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/staging site.yml --syntax-check",
            "\nplaybook: site.yml",
            secs=6,
        ),
    )
    s.say(
        "Syntax check passes; the collections load from `./collections`. While here: in Ansible you should never "
        "use the shell module when a dedicated module exists; roles/backup/tasks/main.yml builds its cron entry "
        "with `shell: crontab -l | …`, which `ansible.builtin.cron` could do."
    )
    s.user("collections/ ieliec .gitignore. to cron lietu citreiz.")
    s.act(None, Edit(".gitignore", "*.tfplan", "*.tfplan\ncollections/"))
    s.act(
        None,
        Bash(
            "git add ansible.cfg .gitignore && git commit -m 'ansible: install collections into the repository'",
            git_commit("local-collections", "2a7f9c4", "ansible: install collections into the repository", 2, 2, 0),
        ),
    )
    s.say("Committed (`2a7f9c4`).")
    s.not_person("in Ansible you should never use the shell module when a dedicated module exists", "assistant_text")
    s.one_off(
        "after a dnf upgrade to ansible-core 2.18 every playbook fails with couldn't resolve module/action "
        "'community.general.ufw' because the bundled collections package was dropped; requirements.yml installed "
        "into ./collections and collections_path set in ansible.cfg"
    )
    s.outcome("success", "collections installed into the repository after the ansible-core upgrade; committed")
    return s


APP_ENV = """KVITS_ENV={{ kvits_env }}
DATABASE_URL=postgres://kvits:{{ kvits_db_password }}@{{ pgbouncer_host }}:6432/kvits?sslmode=disable
HTTP_ADDR={{ ansible_ens10.ipv4.address | default('127.0.0.1') }}:8080
PEPPOL_AP_URL={{ peppol_ap_url }}
LOG_LEVEL=info"""


def i09() -> Session:
    s = new("i09-lb-unhealthy", "2027-08-12T12:30:44", "2.1.156", "main", "sick-target-brambling")
    s.user(
        "load balancer rāda kvits-app-3 kā unhealthy, pārējie divi healthy. uz paša app-3 curl uz "
        "localhost:8080/healthz atbild 200, serviss iet. kas tam vainas?"
    )
    s.title("kvits-app-3 unhealthy behind the load balancer")
    s.act(
        None,
        Grep("HTTP_ADDR", ["roles/app/templates/kvits.env.j2"]),
        Read("roles/app/templates/kvits.env.j2", APP_ENV),
    )
    s.act(
        None,
        Bash(
            "ansible -i inventories/prod kvits-app-2,kvits-app-3 -m ansible.builtin.setup -a "
            "'filter=ansible_interfaces'",
            'kvits-app-2 | SUCCESS => {\n    "ansible_facts": {\n        "ansible_interfaces": [\n            "lo",\n'
            '            "eth0",\n            "ens10"\n        ]\n    },\n    "changed": false\n}\n'
            'kvits-app-3 | SUCCESS => {\n    "ansible_facts": {\n        "ansible_interfaces": [\n            "lo",\n'
            '            "eth0",\n            "enp7s0"\n        ]\n    },\n    "changed": false\n}',
            secs=6,
        ),
    )
    s.say(
        "`HTTP_ADDR` comes from `ansible_ens10` with a fallback to 127.0.0.1. On kvits-app-1 and -2 the private "
        "NIC is `ens10`, so kvits listens on its 10.0.1.x address; kvits-app-3 is a CPX server whose private NIC "
        "is `enp7s0`, so the fallback applies and kvits listens on loopback only. Your curl "
        "on the host reaches it; the load balancer checks through the private network and gets nothing. Other "
        "roles may assume `ens10` the same way."
    )
    s.user("skaidrs. tas pats ens10 atkal. sakārtošu pa visām rolēm nākamnedēļ, tagad nē.")
    s.outcome("unknown", "app-3 unhealthy behind the LB: the app listens on loopback on a CPX host; explained only")
    s.hit("hetzner-private-iface")
    return s


def i10() -> Session:
    s = new("i10-molecule-podman", "2027-08-13T12:15:03", "2.1.157", "molecule-podman", "rootless-runner-teal")
    s.user(
        "molecule is podman now, moby-engine is gone from my laptop and CI follows. pārtaisi molecule.yml uz "
        "podman driveri un CI workflow arī.",
        rules=[
            (
                "molecule-podman",
                "molecule is podman now, moby-engine is gone from my laptop and CI follows",
                "molecule-docker",
            )
        ],
    )
    s.title("Move Molecule to the podman driver")
    s.act(
        None,
        Glob(
            "roles/*/molecule/*/molecule.yml",
            [
                "roles/firewall/molecule/cpx/molecule.yml",
                "roles/pgbouncer/molecule/default/molecule.yml",
                "roles/postgres/molecule/default/molecule.yml",
            ],
        ),
        Read(
            ".github/workflows/molecule.yml",
            "    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/setup-buildx-action@v3\n"
            "      - run: pip install ansible-core molecule 'molecule-plugins[docker]'\n"
            "      - run: cd roles/${{ matrix.role }} && molecule test --all",
            offset=14,
            total=22,
        ),
    )
    podman_platform = (
        "driver:\n  name: podman\nplatforms:\n  - name: instance\n"
        "    image: docker.io/geerlingguy/docker-debian12-ansible:latest\n    command: /lib/systemd/systemd\n"
        "    systemd: always\n    privileged: true"
    )
    docker_platform = (
        "driver:\n  name: docker\nplatforms:\n  - name: instance\n"
        "    image: docker.io/geerlingguy/docker-debian12-ansible:latest\n    command: /lib/systemd/systemd\n"
        "    privileged: true\n    cgroupns_mode: host\n    volumes:\n      - /sys/fs/cgroup:/sys/fs/cgroup:rw"
    )
    s.act(
        "podman runs systemd in the container itself (`systemd: always`), so the cgroup mount and cgroupns "
        "settings go away:",
        Edit("roles/postgres/molecule/default/molecule.yml", docker_platform, podman_platform),
        Edit("roles/pgbouncer/molecule/default/molecule.yml", docker_platform, podman_platform),
        Edit("roles/firewall/molecule/cpx/molecule.yml", docker_platform, podman_platform),
        Edit(
            ".github/workflows/molecule.yml",
            "      - uses: docker/setup-buildx-action@v3\n      - run: pip install ansible-core molecule "
            "'molecule-plugins[docker]'\n",
            "      - run: pip install ansible-core molecule 'molecule-plugins[podman]'\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pip install --user 'molecule-plugins[podman]' >/dev/null && cd roles/postgres && molecule test",
            molecule_verify("default", [("postgres accepts connections", None)]),
            secs=150,
        ),
    )
    s.say(
        "The three scenarios and the CI workflow use the podman driver; the postgres role's scenario passes "
        "rootless on your laptop. ubuntu-latest runners ship podman, so CI needs no extra setup step."
    )
    s.user("paldies. commit un PR.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'molecule: switch to the podman driver' && git push -u origin "
            "molecule-podman && gh pr create --fill",
            git_commit("molecule-podman", "f3b81a0", "molecule: switch to the podman driver", 4, 9, 14)
            + "\nhttps://github.com/kvits-lv/kvits-infra/pull/39",
            secs=5,
        ),
    )
    s.say("PR #39 is open.")
    s.outcome("success", "molecule scenarios and CI moved to the podman driver; postgres scenario green, PR opened")
    return s


CLOUD_INIT = """#cloud-config
hostname: ${hostname}
users:
  - name: martins
    groups: [sudo]
    shell: /bin/bash
    sudo: "ALL=(ALL) NOPASSWD:ALL"
    ssh_authorized_keys:
      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOq0mB7r3fW2xkP9Zt4hV1cL8sYdN6eJ2uQa5GbK0Tfo martins@fedora
package_update: true
packages: [python3, ufw]"""

REPLACE_PLAN = [
    '  # hcloud_server.app["kvits-app-1"] must be replaced\n-/+ resource "hcloud_server" "app" {\n'
    '      ~ id          = "48190233" -> (known after apply)\n'
    '      ~ ipv4_address = "78.47.101.12" -> (known after apply)\n        name        = "kvits-app-1"\n'
    '      ~ user_data   = "Jx3m0fU1b3W8cQ0p9Y6s2aJ1nC4=" -> "vQ7tN0r2ZpL5kE8hG3dX1yM6wB4=" # forces replacement\n'
    "        # (9 unchanged attributes hidden)\n    }\n",
    '  # hcloud_server.app["kvits-app-2"] must be replaced\n  # hcloud_server.app["kvits-app-3"] must be replaced\n'
    "  # hcloud_server.db must be replaced\n  # hcloud_server.mon must be replaced\n",
]


def i11() -> Session:
    s = new("i11-cloud-init-key", "2027-08-16T12:00:26", "2.1.158", "ilze-ssh-key", "replaced-fleet-shoveler")
    s.user("need Ilze's ssh key (keys/ilze.pub) in the cloud-init template, for all prod servers.")
    s.title("Add Ilze's SSH key")
    s.act(
        None,
        Read("terraform/prod/cloud-init.yaml.tftpl", CLOUD_INIT),
        Bash(
            "cat keys/ilze.pub",
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH2vXk9pRt0sLw4QeZ7mNc1yB8uFd3aJ6gTo5KxVr2Ei ilze@thinkpad",
        ),
    )
    s.act(
        None,
        Edit(
            "terraform/prod/cloud-init.yaml.tftpl",
            "martins@fedora\n",
            "martins@fedora\n      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH2vXk9pRt0sLw4QeZ7mNc1yB8uFd3aJ6gTo5KxVr2Ei "
            "ilze@thinkpad\n",
        ),
    )
    s.act(None, Denied(Bash("terraform -chdir=terraform/prod apply", timeout=600000)))
    s.user(
        "plānu vispirms failā, es to izlasu, tad apply no tā faila.",
        rules=[("tf-saved-plan", "plānu vispirms failā, es to izlasu, tad apply no tā faila")],
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/prod plan -out=prod.tfplan",
            tf_plan(REPLACE_PLAN, 5, 0, 5, out_file="prod.tfplan"),
            secs=12,
        ),
    )
    s.say(
        "Good that it went to a file first: this plan replaces all five servers. `user_data` forces replacement "
        "in the hcloud provider — cloud-init only runs at first boot and the API can't change it on an existing "
        "server. Two changes instead: `lifecycle { ignore_changes = [user_data] }` on the servers, so template "
        "edits only affect new servers, and Ilze's key on the existing ones through the users role."
    )
    s.user("yes, exactly that. ignore_changes, and the key goes through the users role.")
    s.act(
        None,
        Edit(
            "terraform/prod/main.tf",
            '  user_data   = templatefile("${path.module}/cloud-init.yaml.tftpl", { hostname = each.key })',
            '  user_data   = templatefile("${path.module}/cloud-init.yaml.tftpl", { hostname = each.key })\n\n'
            "  lifecycle {\n    ignore_changes = [user_data]\n  }",
        ),
        Edit(
            "roles/users/defaults/main.yml",
            "  - name: martins",
            "  - name: ilze\n    groups: [sudo]\n    key: \"{{ lookup('ansible.builtin.file', 'keys/ilze.pub') }}\"\n"
            "  - name: martins",
        ),
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=terraform/prod plan -out=prod.tfplan && ansible-playbook -i inventories/prod "
            "users.yml --check --diff | tail -4",
            "No changes. Your infrastructure matches the configuration.\n\n"
            "PLAY RECAP *********************************************************************\n"
            "kvits-app-1                : ok=4    changed=2    unreachable=0    failed=0    skipped=0\n"
            "kvits-db-1                 : ok=4    changed=2    unreachable=0    failed=0    skipped=0\n"
            "kvits-mon-1                : ok=4    changed=2    unreachable=0    failed=0    skipped=0",
            secs=40,
        ),
    )
    s.say(
        "Terraform now plans no changes; the users role would create `ilze` with her key on every host (check "
        "mode, nothing applied yet)."
    )
    s.user(
        "turns out the hcloud provider can't change user_data in place, any edit of the cloud-init template means "
        "new servers. palaid users.yml pa īstam un commit.",
        lessons=[
            "the hcloud provider can't change user_data in place, any edit of the cloud-init template means new servers"
        ],
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/prod users.yml | tail -2 && rm terraform/prod/prod.tfplan && git add -A "
            "&& git commit -m 'users: add ilze, ignore user_data changes on servers'",
            "kvits-mon-1                : ok=4    changed=2    unreachable=0    failed=0    skipped=0\n\n"
            + git_commit("ilze-ssh-key", "0c94e2b", "users: add ilze, ignore user_data changes on servers", 3, 10, 0),
            secs=35,
        ),
    )
    s.say("Ilze's user and key are on every prod host; committed (`0c94e2b`).")
    s.one_off(
        "adding an SSH key to the cloud-init template makes terraform plan replace every server (user_data forces "
        "replacement in the hcloud provider); lifecycle ignore_changes = [user_data] and the key through the users "
        "role"
    )
    s.outcome("success", "Ilze's key deployed through Ansible; user_data ignored by Terraform, no server replaced")
    return s


def explore_ifaces(child: Session) -> None:
    child.act(
        None,
        Grep(
            "ens10|enp7s0|eth1|ansible_default_ipv4",
            [
                "roles/node_exporter/templates/node_exporter.service.j2:7:    --web.listen-address={{ "
                "ansible_ens10.ipv4.address }}:9100 \\",
                "roles/app/templates/kvits.env.j2:3:HTTP_ADDR={{ ansible_ens10.ipv4.address | default('127.0.0.1') "
                "}}:8080",
                "roles/firewall/tasks/main.yml:12:    interface: ens10",
                "roles/firewall/tasks/main.yml:22:    interface: ens10",
                'roles/pgbouncer/defaults/main.yml:2:pgbouncer_listen_addr: "{{ ansible_ens10.ipv4.address }}"',
                "roles/prometheus/templates/prometheus.yml.j2:12:      - targets: [{% for h in groups['all'] %}'{{ "
                "hostvars[h].ansible_ens10.ipv4.address }}:9100'{% if not loop.last %}, {% endif %}{% endfor %}]",
            ],
            mode="content",
        ),
    )
    child.say(
        "Places that name the private interface:\n"
        "- roles/node_exporter/templates/node_exporter.service.j2:7 — listen address from ansible_ens10.\n"
        "- roles/app/templates/kvits.env.j2:3 — HTTP_ADDR from ansible_ens10, falls back to 127.0.0.1.\n"
        "- roles/firewall/tasks/main.yml:12 and :22 — ufw rules for 6432 and 9100 bound to `interface: ens10`.\n"
        "- roles/pgbouncer/defaults/main.yml:2 — pgbouncer_listen_addr from ansible_ens10.\n"
        "- roles/prometheus/templates/prometheus.yml.j2:12 — scrape targets from hostvars[h].ansible_ens10.\n"
        "No other interface names in roles/, the playbooks or inventories."
    )


PRIVATE_IFACE = """---
# Hetzner names the private NIC by server type (ens10 on CX, enp7s0 on CPX/CCX), so find it by its address.
- name: Find the interface on the private network
  ansible.builtin.set_fact:
    private_iface: >-
      {{ ansible_interfaces
         | map('replace', '-', '_')
         | map('extract', ansible_facts)
         | selectattr('ipv4', 'defined')
         | selectattr('ipv4.address', 'match', private_ip_pattern)
         | map(attribute='device')
         | first }}

- name: Fail when no private interface was found
  ansible.builtin.assert:
    that: private_iface | length > 0
    fail_msg: "no interface with an address matching {{ private_ip_pattern }} on {{ inventory_hostname }}"
"""

RENAMED_VERIFY_FAIL = (
    "TASK [private interface rules follow the NIC name] ****************************\n"
    'fatal: [instance]: FAILED! => {\n    "assertion": "\'6432/tcp on enp7s0\' in ufw.stdout",\n'
    '    "changed": false,\n    "evaluated_to": false,\n    "msg": "Assertion failed"\n}'
)


def i12() -> Session:
    s = new("i12-private-iface", "2027-08-17T11:40:39", "2.1.159", "private-iface", "nic-by-address-goldeneye")
    s.user(
        "ens10 lieta. Ilze pārsauca to verify tasku par 'private interface rules follow the NIC name', molecule "
        "-s cpx joprojām sarkans:\n\n```\n" + RENAMED_VERIFY_FAIL + "\n```\n\napp-3 bez monitoringa, staging db "
        "aiz ufw, app-3 unhealthy aiz LB — viens un tas pats. izdari, lai privāto interfeisu nosaka pats, nevis "
        "ens10 visur."
    )
    s.title("Detect the private interface instead of ens10")
    s.act(
        "First, every place that names an interface:",
        Agent(
            "Find interface names in roles",
            "In this Ansible repository, list every place in roles/, the playbooks and inventories/ that names a "
            "network interface (ens10, enp7s0, eth1, ansible_<iface> facts) or ansible_default_ipv4. Report "
            "file:line and what each one uses it for.",
            "Explore",
            explore_ifaces,
        ),
    )
    s.act(
        "One fact, computed once per host in the common role, and every role uses it. The private NIC is the "
        "one whose address is on the private network (`10.0.` in prod, `10.1.` on staging):",
        Write("roles/common/tasks/private_iface.yml", PRIVATE_IFACE),
        Edit(
            "roles/common/tasks/main.yml",
            "- name: Set the timezone",
            "- name: Find the private interface\n  ansible.builtin.import_tasks: private_iface.yml\n\n"
            "- name: Set the timezone",
        ),
        Edit(
            "inventories/prod/group_vars/all.yml",
            "private_network: 10.0.0.0/16",
            "private_network: 10.0.0.0/16\nprivate_ip_pattern: '^10\\.0\\.'",
        ),
        Edit(
            "inventories/staging/group_vars/all.yml",
            "private_network: 10.1.0.0/16",
            "private_network: 10.1.0.0/16\nprivate_ip_pattern: '^10\\.1\\.'",
        ),
    )
    s.act(
        None,
        Edit(
            "roles/node_exporter/templates/node_exporter.service.j2",
            "--web.listen-address={{ ansible_ens10.ipv4.address }}:9100",
            "--web.listen-address={{ ansible_facts[private_iface].ipv4.address }}:9100",
        ),
        Edit(
            "roles/app/templates/kvits.env.j2",
            "HTTP_ADDR={{ ansible_ens10.ipv4.address | default('127.0.0.1') }}:8080",
            "HTTP_ADDR={{ ansible_facts[private_iface].ipv4.address }}:8080",
        ),
        Edit(
            "roles/firewall/tasks/main.yml",
            "    interface: ens10",
            '    interface: "{{ private_iface }}"',
            replace_all=True,
        ),
        Edit(
            "roles/pgbouncer/defaults/main.yml",
            'pgbouncer_listen_addr: "{{ ansible_ens10.ipv4.address }}"',
            'pgbouncer_listen_addr: "{{ ansible_facts[private_iface].ipv4.address }}"',
        ),
        Edit(
            "roles/prometheus/templates/prometheus.yml.j2",
            "'{{ hostvars[h].ansible_ens10.ipv4.address }}:9100'",
            "'{{ hostvars[h].ansible_facts[hostvars[h].private_iface].ipv4.address }}:9100'",
        ),
    )
    s.act(
        None,
        Edit(
            "roles/firewall/molecule/cpx/converge.yml",
            "  roles:\n    - role: firewall",
            "    private_ip_pattern: '^10\\.1\\.'\n  pre_tasks:\n    - name: Find the private interface\n"
            "      ansible.builtin.include_tasks: ../../../common/tasks/private_iface.yml\n  roles:\n    - role: firewall",
        ),
    )
    s.act(
        None,
        Bash(
            "cd roles/firewall && molecule test -s cpx",
            molecule_verify("cpx", [("private interface rules follow the NIC name", None)]),
            secs=130,
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/staging site.yml --check --diff -l kvits-staging-db --tags firewall,common",
            "TASK [common : Find the interface on the private network] **********************\n"
            "ok: [kvits-staging-db]\n\nTASK [firewall : Allow pgbouncer from the private subnet] **********************\n"
            "--- before\n+++ after\n@@ -1 +1 @@\n-6432/tcp on ens10 ALLOW IN 10.1.1.0/24\n"
            "+6432/tcp on enp7s0 ALLOW IN 10.1.1.0/24\nchanged: [kvits-staging-db]\n\n"
            + "PLAY RECAP *********************************************************************\n"
            "kvits-staging-db           : ok=12   changed=2    unreachable=0    failed=0    skipped=1",
            secs=35,
        ),
    )
    s.say(
        "`private_iface` is found by address in the common role; node_exporter, the app, the firewall, pgbouncer "
        "and prometheus all use `ansible_facts[private_iface]`. The renamed verify task passes in `molecule test "
        "-s cpx`, and a check run on kvits-staging-db would move the ufw rules to enp7s0."
    )
    s.user("run it on staging for real, then prod app-3.")
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/staging site.yml -l kvits-staging-db && ansible-playbook -i "
            "inventories/prod site.yml -l kvits-app-3,kvits-mon-1 | tail -3",
            "kvits-staging-db           : ok=41   changed=2    unreachable=0    failed=0    skipped=1\n"
            "kvits-app-3                : ok=52   changed=5    unreachable=0    failed=0    skipped=2\n"
            "kvits-mon-1                : ok=27   changed=1    unreachable=0    failed=0    skipped=2",
            secs=180,
        ),
    )
    s.say(
        "Staging db and prod app-3 are converged: staging's app reaches pgbouncer again, app-3 listens on its "
        "private address (the load balancer sees it healthy) and node_exporter runs there with Prometheus "
        "scraping it."
    )
    s.user(
        "Hetzner dažādiem serveru tipiem dod dažādus privātā interfeisa nosaukumus, uz ens10 paļauties nevar. "
        "commit, PR.",
        lessons=["Hetzner dažādiem serveru tipiem dod dažādus privātā interfeisa nosaukumus, uz ens10 paļauties nevar"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'common: find the private interface by address' && git push -u origin "
            "private-iface && gh pr create --fill",
            git_commit("private-iface", "7d3e0b5", "common: find the private interface by address", 10, 47, 9)
            + "\nhttps://github.com/kvits-lv/kvits-infra/pull/41",
            secs=5,
        ),
    )
    s.say("PR #41 is open.")
    s.outcome("success", "private_iface fact by address replaces ens10 in five roles; molecule cpx green, hosts fixed")
    s.hit("hetzner-private-iface", fixed=True)
    return s


def i13() -> Session:
    s = new("i13-merge-commits", "2027-08-18T12:10:12", "2.1.160", "main", "true-history-smew")
    s.user(
        "Ilze apstiprināja #41. no šodienas PR ieliekam ar parastu merge commit, squash repo iestatījumos "
        "izslēdzu — gribu bisectā redzēt īstos commitus, ne vienu lielu. iemerdžo to.",
        rules=[
            (
                "merge-commits",
                "no šodienas PR ieliekam ar parastu merge commit, squash repo iestatījumos izslēdzu",
                "squash-merge",
            )
        ],
    )
    s.title("Merge PR #41 with a merge commit")
    s.act(
        None,
        Bash(
            "gh pr merge 41 --merge --delete-branch",
            "✓ Merged pull request kvits-lv/kvits-infra#41 (common: find the private interface by address)\n"
            "✓ Deleted local branch private-iface and switched to branch main\n✓ Deleted remote branch private-iface",
        ),
    )
    s.act(
        None,
        Bash(
            "for r in kvits kvits-infra; do gh api -X PATCH repos/kvits-lv/$r -F allow_squash_merge=false -F "
            "allow_merge_commit=true --jq '.full_name + \" squash=\" + (.allow_squash_merge|tostring)'; done",
            "kvits-lv/kvits squash=false\nkvits-lv/kvits-infra squash=false",
        ),
    )
    s.say(
        "#41 is merged with a merge commit, and squash merging is switched off in both repositories (kvits and "
        "kvits-infra), so only merge commits are offered."
    )
    s.user("ok. run site.yml on prod, --check --diff first.")
    s.act(
        None,
        Bash(
            "git pull -q && ansible-playbook -i inventories/prod site.yml --check --diff | tail -6",
            "PLAY RECAP *********************************************************************\n"
            "kvits-app-1                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-app-2                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-app-3                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-db-1                 : ok=44   changed=1    unreachable=0    failed=0    skipped=1\n"
            "kvits-mon-1                : ok=27   changed=0    unreachable=0    failed=0    skipped=2",
            secs=200,
        ),
    )
    s.say(
        "Check mode changes one thing: on kvits-db-1 pgbouncer's `listen_addr` line is rewritten from the "
        "`private_iface` fact, with the same address (10.0.1.3) as before, so pgbouncer gets a reload. Everything "
        "else already matches."
    )
    s.user("ok, palaid.")
    s.act(
        None,
        Bash(
            "ansible-playbook -i inventories/prod site.yml | tail -6",
            "PLAY RECAP *********************************************************************\n"
            "kvits-app-1                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-app-2                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-app-3                : ok=52   changed=0    unreachable=0    failed=0    skipped=2\n"
            "kvits-db-1                 : ok=44   changed=2    unreachable=0    failed=0    skipped=1\n"
            "kvits-mon-1                : ok=27   changed=0    unreachable=0    failed=0    skipped=2",
            secs=210,
        ),
    )
    s.say("Prod converged: pgbouncer's config rewritten and reloaded on kvits-db-1, nothing else changed.")
    s.user("👍")
    s.outcome("success", "PR merged with a merge commit, squash disabled in both repos; prod site.yml run clean")
    return s


def i14() -> Session:
    s = new("i14-facts-question", "2027-08-19T12:20:50", "2.1.161", "main", "gathered-facts-wigeon")
    s.user(
        "vai ansible vienmēr savāc facts no visiem hostiem, arī ja palaiž ar -l?",
        non_rules=["vai ansible vienmēr savāc facts no visiem hostiem, arī ja palaiž ar -l?"],
    )
    s.say(
        "No: with `-l` (`--limit`) Ansible only runs, fact gathering included, on the hosts that match the limit. "
        "`hostvars` still lists every host in the inventory, but the others have no `ansible_facts` unless a "
        "fact cache (`fact_caching = jsonfile` or redis in ansible.cfg) kept them from an earlier run. A template "
        "that reads another host's facts, like prometheus.yml.j2, then sees them undefined under `-l`; to fill "
        "them, gather facts for all hosts in a first play (`hosts: all`, `gather_facts: true`) or enable a fact "
        "cache."
    )
    s.turn_done()
    s.user("skaidrs, paldies")
    s.outcome("unknown", "a question about fact gathering with --limit answered; nothing else happened")
    return s


PGBR_CONF = """[kvits]
pg1-path=/var/lib/postgresql/15/main

[global]
repo1-type=sftp
repo1-sftp-host={{ storagebox_host }}
repo1-sftp-host-port=23
repo1-sftp-host-user={{ storagebox_user }}
repo1-sftp-private-key-file=/var/lib/postgresql/.ssh/storagebox
repo1-sftp-host-key-hash-type=sha256
repo1-path=/pgbackrest
repo1-retention-full=4
repo1-cipher-type=aes-256-cbc
repo1-cipher-pass={{ lookup('community.hashi_vault.vault_kv2_get', 'kvits/prod/pgbackrest').secret.cipher_pass }}
process-max=2
compress-type=zst
start-fast=y"""


def i15() -> Session:
    s = new("i15-pgbackrest", "2027-08-20T11:50:32", "2.1.162", "pgbackrest", "offsite-copy-pochard")
    s.user(
        "Lēmums: Postgres backupi iet uz Hetzner Storage Box ar pgBackRest, Hetzner server backups neņemam — tie "
        "ir snapshoti, ne PITR. uztaisi pgbackrest rolli: stanza kvits, repo uz storage box pa sftp, full "
        "svētdienās, diff katru nakti, cipher pass no Vault.",
        decisions=["Postgres backupi iet uz Hetzner Storage Box ar pgBackRest, Hetzner server backups neņemam"],
    )
    s.title("pgBackRest role with a Storage Box repository")
    s.act(
        None,
        Read(
            "roles/postgres/defaults/main.yml", "postgres_version: 15\npostgres_data_dir: /var/lib/postgresql/15/main"
        ),
    )
    s.act(
        None,
        Write("roles/pgbackrest/templates/pgbackrest.conf.j2", PGBR_CONF),
        Write(
            "roles/pgbackrest/tasks/main.yml",
            "---\n- name: Install pgbackrest\n  ansible.builtin.apt:\n    name: pgbackrest\n    state: present\n\n"
            "- name: Write pgbackrest.conf\n  ansible.builtin.template:\n    src: pgbackrest.conf.j2\n"
            '    dest: /etc/pgbackrest.conf\n    owner: postgres\n    mode: "0640"\n\n'
            "- name: Archive WAL through pgbackrest\n  ansible.builtin.lineinfile:\n"
            "    path: /etc/postgresql/15/main/conf.d/archive.conf\n    line: \"archive_command = 'pgbackrest "
            "--stanza=kvits archive-push %p'\"\n    create: true\n  notify: Reload postgres\n\n"
            "- name: Full backup on Sundays\n  ansible.builtin.cron:\n    name: pgbackrest full\n    user: postgres\n"
            '    weekday: "0"\n    hour: "2"\n    minute: "15"\n    job: pgbackrest --stanza=kvits --type=full '
            "backup\n\n- name: Differential backup the other nights\n  ansible.builtin.cron:\n"
            '    name: pgbackrest diff\n    user: postgres\n    weekday: "1-6"\n    hour: "2"\n    minute: "15"\n'
            "    job: pgbackrest --stanza=kvits --type=diff backup\n",
        ),
    )
    s.act(
        None,
        Bash(
            "ansible-lint roles/pgbackrest && ansible-playbook -i inventories/staging site.yml -l kvits-staging-db "
            "--tags pgbackrest --check --diff | tail -2",
            "Passed: 0 failure(s), 0 warning(s) on 52 files. Last profile that met the validation criteria was "
            "'production'.\n"
            "kvits-staging-db           : ok=7    changed=5    unreachable=0    failed=0    skipped=0",
            secs=45,
        ),
    )
    s.say(
        "The role installs pgBackRest, writes `/etc/pgbackrest.conf` (stanza `kvits`, sftp repository on the "
        "Storage Box port 23, encrypted with the cipher pass from Vault, 4 full backups kept), archives WAL "
        "through `archive-push`, and schedules a full backup on Sundays and a differential one the other nights "
        "at 02:15. ansible-lint passes; the staging check run would change 5 things. The stanza still needs "
        "`pgbackrest --stanza=kvits stanza-create` once, and no restore has been tried yet."
    )
    s.user("looks fine, but until a restore has been tried there's nothing to celebrate. monday, on staging.")
    s.outcome("unknown", "pgBackRest role written and linted, not applied or restore-tested; left for Monday")
    return s


SESSIONS = [i01, i02, i03, i04, i05, i06, i07, i08, i09, i10, i11, i12, i13, i14, i15]

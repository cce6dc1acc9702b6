"""Which commands are checks (a test runner, a type check, a linter, a build, a look at CI), and which change
something (a deploy, a dependency added, a service restarted, a migration applied). The outcome of a session leans
on its last check and on whether any work was done that the person's closing words judge (`session_outcome.py`),
and a problem's fix on the check that went green after it (`pipeline/learning/problems/fix_steps.py`). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.transcript import Step

# Test runners, type checks, linters and builds by name, and any tool's own test / lint / check / build subcommand
_CHECK = re.compile(
    r"\b(?:pytest|py\.test|tox|nox|(?:npm|yarn|pnpm|bun)(?: (?:--filter|-F) \S+)? (?:run )?(?:test|lint|build|check|"
    r"typecheck|e2e)\S*|turbo run (?:test|lint|build|typecheck)|jest|vitest|mocha|next build|rubocop|rails test|"
    r"cmake --build|clang-tidy|run-clang-tidy|cppcheck|"
    r"go (?:test|vet|build)|cargo (?:test|check|clippy|build)|make (?:test|check|lint|build|ci)|mvn|gradle|"
    r"mypy|pyright|ruff check|flake8|pylint|eslint|tsc|rspec|phpunit|pest|phpstan|psalm|artisan test|pint --test|"
    r"idf\.py build|dotnet test|gh pr checks|gh run (?:view|watch)|"
    r"gradlew|mvnw|terraform (?:validate|plan|apply)|tflint|helm (?:lint|upgrade|install|test)|kubectl rollout status|"
    r"alembic upgrade|cargo nextest|nextest run|dbt (?:run|test|build)|playwright test|golangci-lint|sqlfluff lint|"
    r"pre-commit run|airflow (?:dags|tasks) test|deno test|bazel test|ctest|swift (?:test|build)|dotnet build|"
    r"just test|xcodebuild(?: \S+)* (?:test|build)|fastlane (?:test|scan|tests)|kubectl(?: -{1,2}\S+(?:[= ]\S+)?)* "
    # (not a file named like a tool: "git checkout -- build.gradle.kts", "cat pytest.ini")
    r"rollout status|flutter (?:test|analyze|build)|dart (?:test|analyze)|buf (?:lint|breaking)|vite build|"
    r"svelte-check|vue-tsc|ng (?:test|build|lint)|astro check|detox (?:test|build)|"
    # Nx's targets ("pnpm nx test api", "nx run-many -t test", "nx affected -t lint"), R's test and check runners
    r"nx (?:test|lint|e2e|build|run-many|affected|run [\w@/.-]+:(?:test|lint|e2e|build))|"
    r"devtools::(?:test|check)|testthat::test_\w+|lintr::lint\w*|rcmdcheck|R CMD check|covr::\w+)\b(?!\.\w)|"
    # a run in check mode, which changes nothing and says what would ("ansible-playbook site.yml --check")
    r"\s--(?:check|syntax-check)\b|"
    # Godot's test runners, started through the engine ("godot --headless -s addons/gut/gut_cmdln.gd")
    r"\bgut_cmdln\.gd\b|\baddons/gdUnit4/runtest\b|"
    # Any command line's own test, lint, check or build subcommand ("<tool> test", "<tool> run lint", "west build"):
    # how command-line tools name them, whatever the tool
    r"(?:^|&&\s*|;\s*)(?!(?:rm|mv|cp|cat|ls|touch|mkdir|rmdir|less|head|tail|cd|echo|find|grep|rg|open|code|vim|"
    r"nano|chmod|git)\b)(?:(?:npx|bunx|pnpm exec|pnpm dlx|uv run|poetry run|bundle exec) )?"
    r"[\w.-]+(?: -{1,2}[\w-]+(?:=\S+)?)*(?: run| task)? (?:test|tests|lint|check|analyze|analyse|vet|"
    r"verify|typecheck|build)\b(?![/.\w-])|"
    # a project's own script named for its tests or checks ("tools/run-tests.sh EditMode", "./scripts/lint"), and
    # an engine's or runner's flag that runs them ("-runTests")
    r"(?:^|&&\s*|;\s*)(?:\S*/)?[\w-]*(?:test|tests|lint|check)[\w-]*(?:\.sh|\.py|\.ps1|\.bash)?(?=\s|$)|\s-{1,2}run-?tests\b"
)

# A CI run's log fetched by the agent: the command succeeds whatever the run did, its output says how it went
# (session_signals reads that output as failure evidence, as a paste is)
CI_LOG = re.compile(r"\bgh run view\b.*\s--log(?:-failed)?\b|\bglab ci (?:trace|view)\b|\bgh pr checks\b")


def is_check(step: Step) -> bool:
    """A finished tool step that ran tests, a type check, a linter or looked at CI."""
    command = step.call.command if step.call is not None else ""  # a subagent's task names no check it ran
    return step.kind == "tool" and step.status in ("ok", "failed") and runs_a_check(" ".join(command.split()))


def runs_a_check(command: str) -> bool:
    """The command runs a check: a test runner, a type check, a linter, a build. A path (absolute, or relative from
    `./` or `../`) counts by its last part only, the program it may name: `bcftools view -h
    /tmp/pytest-of-tereza/pytest-38/…/joint.vcf.gz` only names pytest's temporary directory, and
    `./vendor/bin/sail test` runs `sail test`."""
    return bool(_CHECK.search(_ABSOLUTE_PATH.sub(lambda m: m.group(1), command)))


_ABSOLUTE_PATH = re.compile(r"(?<!\S)(?:~|\.{1,2})?/(?:\S*/)?([^/\s]*)")


# Work done by a command: a deploy (a project's deploy script or task, Helm, kubectl apply, Terraform apply, a
# platform's deploy command), firmware flashed, a dependency added
_WORK_COMMANDS = re.compile(
    r"(?:^|&&\s*|;\s*)(?:\S*/)?[\w-]*deploy[\w-]*(?:\.sh|\.py)?(?=\s|$)|"
    r"\b(?:npm|pnpm|yarn|make|just|task) (?:run )?deploy\b|"
    r"\bhelm (?:upgrade|install)\b|\bkubectl (?:\S+ )*(?:apply|rollout restart)\b|\b(?:terraform|tofu) apply\b|"
    r"\b(?:fly|kamal|vercel|netlify) deploy\b|\bvercel --prod\b|"
    # firmware written to a board: a deploy to the hardware on the desk
    r"\b(?:west|idf\.py|pio run -t upload|platformio run -t upload) ?flash\b|\bwest flash\b|\bidf\.py (?:\S+ )*flash\b|"
    r"\bnrfjprog (?:\S+ )*--program\b|\besptool(?:\.py)? (?:\S+ )*write_flash\b|\b(?:avrdude|st-flash|openocd)\b|"
    # a dependency added or the lock file installed: the project changed ("composer require …", "pnpm add …")
    r"\bcomposer (?:require|install|update)\b|\b(?:npm|pnpm|yarn|bun) (?:add|install|i) \S|"
    r"\b(?:pip|uv pip) install \S|\b(?:uv|poetry|cargo|bundle|flutter pub|dart pub) add\b|\bgo get \S|"
    r"\bdotnet add \S+ package\b|"
    # the state of a machine or a service changed: a service (re)started or stopped, a package installed or removed,
    # a migration applied, a machine scaled, a firewall rule added, a user added to a group, a clock set, a file
    # edited in place or copied by a command ("fly scale count 2" … "ល្អណាស់ អរគុណ", "brew services stop
    # postgresql@16 && docker compose up -d db" … "תודה")
    r"\bsystemctl (?:--\S+ )*(?:restart|start|stop|enable|reload|daemon-reload)\b|"
    r"\bservice \S+ (?:restart|start|stop)\b|\bbrew services (?:start|stop|restart)\b|"
    r"\bdocker(?:-compose| compose)(?: -\S+(?: \S+)?)* (?:up|restart|down|start)\b|"
    r"\b(?:apt|apt-get|dnf|yum|brew|pacman|snap|apk) (?:-\S+ )*(?:install|remove|reinstall|upgrade|add)\b|"
    r"\b(?:usermod|groupadd|useradd|hwclock -s|timedatectl set-\w+)\b|\bsed -i\b|\|\s*(?:sudo )?tee\b|"
    r"\b(?:fly|flyctl) (?:scale|machine (?:start|restart|stop)|secrets set)\b|\bkubectl (?:\S+ )*(?:scale|patch|set)\b|"
    # a secret or a setting stored on a platform ("wrangler pages secret put TILE_TOKEN" … "👍")
    r"\bwrangler (?:pages )?secret put\b|\bgh secret set\b|\b(?:vercel|netlify) env[: ](?:add|set)\b|"
    r"\bheroku config:set\b|\bkubectl create secret\b|\baws ssm put-parameter\b|\brailway variables set\b|"
    r"\bhcloud \S+ (?:add-rule|create|update|attach)\b|\bansible-playbook\b|"
    r"\b(?:terraform|terragrunt|tofu) force-unlock\b|"
    r"\bdotnet ef (?:database update|migrations add)\b|\balembic upgrade\b|\bprisma migrate (?:deploy|dev|resolve)\b|"
    r"\b(?:rails|rake) db:migrate\b|\bartisan migrate\b|\bmanage\.py migrate\b|\bflyway (?:\S+ )*migrate\b|"
    r"\b(?:mamba|conda|micromamba) (?:env )?(?:create|install|update)\b|\bgit (?:mv|rm)\b"
)


def changes_something(command: str) -> bool:
    """Whether a shell command did work the person's words can judge (`_WORK_COMMANDS`), not only looked."""
    return bool(_WORK_COMMANDS.search(command))

#!/usr/bin/env python3
"""Generate the 40th held-out learning corpus (Dmitri's `lotok`, a Go HTTP service on chi, pgx and sqlc, and
`lotok-deploy`, its Helm chart, kustomize overlays and ArgoCD app, on macOS in Novosibirsk, mostly in Russian):
Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

Russian is the person's first language here and English the second; the corpus's `lang` is "ru", guessed by
transcript_kit.lang_of (Cyrillic words against English function words). The shared language checks apply as they
are (standard_language_checks), with a share of 65-92 % Russian messages; everything else is the shared builder's
(bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_deploy  # noqa: E402
import scenarios_lotok  # noqa: E402
from fake_output import LD, LT  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"lotok": LT, "lotok-deploy": LD}
# said in one repository, meant for both: no force push, the language of commit messages
GLOBAL_RULES = {"no-force-push", "commit-ru", "commit-en"}
COMPATIBLE = [
    ("race", "integration-tag"),  # every test run with -race, and integration tests behind their build tag
    ("mem-limits", "no-cpu-limits"),  # memory requests and limits on every container, and no CPU limits
]

PROBLEMS = {
    "testcontainers-startup": {
        "project": "lotok",
        "description": "internal/testdb starts PostgreSQL 16 with testcontainers-go and waits only for the port "
        "(wait.ForListeningPort); the postgres image's init script starts the server, stops it and starts it "
        "again, so the first connections (golang-migrate in TestMain, the repository tests) hit the restart: "
        "'FATAL: the database system is starting up (SQLSTATE 57P03)', 'unexpected EOF', 'connection reset by "
        "peer'. Intermittent, worse on the Mac's Docker VM. Seen as a go test run failing three times, a pasted CI "
        "log with another test and message (a time.Sleep refused), in Russian words only, and in an English issue.",
        "nouns": ["testcontainers", "starting up", "internal/testdb"],
        "fix": ['wait.ForLog("database system is ready to accept connections")', "WithOccurrence(2)"],
        "key_step": "WithOccurrence(2)",
    },
    "request-ctx-outbox": {
        "project": "lotok",
        "description": "CreateOrder answers 201 and then hands r.Context() to a goroutine that writes the "
        "order.created event to the outbox and sends the notification; net/http cancels the request context as "
        "soon as the handler returns, so the insert fails with 'context canceled' and the event and notification "
        "are lost, intermittently. Seen as a failing go test, in Russian words only (customers get no "
        "notification), as an English issue with production log lines, and as a flaky renamed test.",
        "nouns": ["context canceled", "outbox", "r.Context()"],
        "fix": ["context.WithoutCancel(r.Context())"],
        "key_step": "context.WithoutCancel(r.Context())",
    },
    "hpa-replicas-fight": {
        "project": "lotok-deploy",
        "description": "The chart's Deployment keeps `replicas: {{ .Values.replicaCount }}` while a "
        "HorizontalPodAutoscaler scales it; once ArgoCD runs automated sync with selfHeal, every HPA scale-up "
        "shows as OutOfSync and Argo resets the Deployment to 2 replicas, so under load pods are terminated every "
        "few minutes and latency spikes. Seen as a permanent OutOfSync diff, in Russian words only, as pasted "
        "kubectl describe hpa events, and in an English issue about latency.",
        "nouns": ["HorizontalPodAutoscaler", "replicas", "selfHeal"],
        "fix": ["{{- if not .Values.autoscaling.enabled }}"],
        "key_step": "{{- if not .Values.autoscaling.enabled }}",
    },
}

SKILL_PROMPTS = {
    "should": {
        "testcontainers-startup": [
            "testcontainers postgres tests fail with FATAL: the database system is starting up (SQLSTATE 57P03)",
            "интеграционные тесты с testcontainers падают через раз на первом подключении к postgres",
            "golang-migrate in TestMain fails with connection reset by peer right after the postgres container starts",
        ],
        "request-ctx-outbox": [
            "goroutine started from an http handler fails with context canceled after the response is written",
            "событие в outbox иногда не пишется, в логах context canceled после ответа 201",
            "order.created events go missing under load, outbox insert says context canceled",
        ],
        "hpa-replicas-fight": [
            "argocd app always OutOfSync on the Deployment replicas field when an HPA is enabled",
            "под нагрузкой HPA поднимает поды, а через пару минут их опять становится два",
            "argocd selfHeal keeps scaling my deployment back down after the horizontal pod autoscaler scaled it up",
        ],
    },
    "should_not": [
        "добавь эндпоинт GET /orders/{id}/items",
        "write a sqlc query that lists orders by status with a limit",
        "как в chi сделать middleware для request id",
        "explain the difference between pgxpool and pgx.Conn",
        "сделай миграцию, которая добавляет колонку comment в orders",
        "how do I benchmark a handler with go test -bench",
        "настрой golangci-lint чтобы включить errorlint",
        "add a readiness probe on /readyz to the chart",
        "напиши NetworkPolicy, которая пускает в postgres только lotok",
        "what does kustomize namePrefix do to configmap references",
        "добавь overlay для dev окружения",
        "write a github actions job that builds the docker image and pushes it to ghcr",
        "как посмотреть историю ревизий helm релиза",
        "rename the service port from http to web in the chart",
        "переведи README на английский",
        "what's the default terminationGracePeriodSeconds in kubernetes",
        "как в zsh сделать алиас для kubectl с автодополнением",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bвсегда\b|\bникогда\b|\bрешили\b|\bрешено\b|\bрешение\b|\bзапомни|\bурок\b|\bвывод\b|\bоказывается\b|"
    r"\bтеперь\b|\bбольше не\b|\bвпредь\b|\bпока что\b|\bсказал же\b|\bкак я говорил|\bне трогай\b|"
    r"\bостаёмся\b|\bникаких\b|\bникакого\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_lotok, scenarios_deploy),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ru",
    lang_of=lang_of,
    language_checks=standard_language_checks("Russian", 8),
    share_check=share_between("Russian", 65, 92),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

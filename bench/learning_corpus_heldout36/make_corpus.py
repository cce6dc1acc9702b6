#!/usr/bin/env python3
"""Generate the 36th held-out learning corpus (Claire's `cadastre`, a PHP 8.3 Symfony 7 API on PostgreSQL +
PostGIS, and `cadastre-infra`, Ansible playbooks and a Helm chart for a k3s cluster, on macOS in Lyon, mostly in
French): Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is French ("fr"), guessed by transcript_kit.lang_of (French function words and words
with French accented letters against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 50-80 % French messages; everything else is the shared builder's
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

import scenarios_cadastre  # noqa: E402
import scenarios_infra  # noqa: E402
from fake_output import KD, KI  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"cadastre": KD, "cadastre-infra": KI}
# said in one repository, meant for both: nothing with sudo on the Mac, ask before any new dependency
GLOBAL_RULES = {"no-sudo", "ask-deps"}
COMPATIBLE = [
    ("readonly-dto", "dto-dir"),  # DTOs are final readonly classes, and they live in src/Dto
    ("limits", "probes"),  # every Deployment has requests/limits, and readiness/liveness probes
]

PROBLEMS = {
    "postgis-schema-drift": {
        "project": "cadastre",
        "description": "Doctrine compares every table of the database with the mapping, PostGIS's own "
        "spatial_ref_sys included, because doctrine.yaml has no schema_filter: every doctrine:migrations:diff "
        "adds DROP TABLE spatial_ref_sys and schema:validate reports the schema out of sync. Seen as a failing "
        "migration (SQLSTATE[2BP01] 'cannot drop table spatial_ref_sys because extension postgis requires it'), "
        "as a failing PHPUnit SchemaSyncTest in English (dropping the test's check refused), in French words only "
        "(a colleague deletes the line from every generated migration by hand), and as a pasted CI log "
        "('The database schema is not in sync with the current mapping file').",
        "nouns": ["spatial_ref_sys", "schema_filter", "not in sync"],
        "fix": ["schema_filter: ~^(?!spatial_ref_sys$)~", "doctrine:schema:validate"],
        "key_step": "schema_filter: ~^(?!spatial_ref_sys$)~",
    },
    "dwithin-degrees": {
        "project": "cadastre",
        "description": "ParcelleRepository::findNearby calls ST_DWithin on geometry in SRID 4326, where the "
        "distance is in degrees, so a radius of 200 (meant as metres) covers the whole commune or more. Seen as "
        "a failing PHPUnit test (actual size 1284 instead of 3), in French words only (the town planning office "
        "gets nearly every parcel of Villeurbanne; a LIMIT refused), as a pasted English Postgres slow-query log "
        "(8 s, a sequential scan), and as a renamed test asserting a maximum distance in metres.",
        "nouns": ["ST_DWithin", "findNearby", "rayon"],
        "fix": ["p.geom::geography", "4326)::geography"],
        "key_step": "p.geom::geography",
    },
    "version-float": {
        "project": "cadastre-infra",
        "description": "cadastre_version is written unquoted in the inventories' group_vars (cadastre_version: "
        "1.10), so YAML reads it as the float 1.1 and the helm values get image tag 1.1: ErrImagePull when that "
        "tag does not exist, silently the old image when it does. Seen as a failed prod deploy (ErrImagePull "
        "cadastre-api:1.1; a kubectl set image refused), as a Molecule verify assertion in English (the same "
        "molecule test failing three times), in French words only (preprod /health says 1.2 after deploying "
        "1.20), and as a pasted preprod deploy log (UPGRADE FAILED: context deadline exceeded for 1.30).",
        "nouns": ["cadastre_version", "ErrImagePull", "image tag"],
        "fix": ['cadastre_version: "1.30"', "cadastre_version is string"],
        "key_step": "cadastre_version is string",
    },
}

SKILL_PROMPTS = {
    "should": {
        "postgis-schema-drift": [
            "doctrine migrations diff keeps generating DROP TABLE spatial_ref_sys on a postgis database",
            "chaque migration générée par Doctrine veut supprimer la table spatial_ref_sys de PostGIS",
            "doctrine:schema:validate says the database schema is not in sync but nothing changed, postgres with "
            "postgis",
        ],
        "dwithin-degrees": [
            "ST_DWithin with a radius of 200 returns almost every row of the table, geometry in SRID 4326",
            "la recherche des parcelles dans un rayon de 200 mètres renvoie toute la commune",
            "my postgis distance query in 4326 seems to treat the radius in meters as degrees",
        ],
        "version-float": [
            "helm deploys image tag 1.1 instead of 1.10 when the version comes from ansible group_vars",
            "le pod tourne avec l'image 1.2 alors qu'on a déployé la 1.20 avec Ansible",
            "ErrImagePull cadastre-api:1.3 not found right after deploying version 1.30 with the playbook",
        ],
    },
    "should_not": [
        "add a Symfony voter so only agents of the commune can edit a parcel",
        "écris un test PHPUnit pour le DTO ParcelleOutput",
        "how do I paginate a Doctrine query with the Paginator",
        "explique-moi la différence entre persist et flush dans Doctrine",
        "add an OpenAPI description of the parcel endpoints",
        "configure php-cs-fixer to use the @Symfony ruleset",
        "ajoute un index sur la colonne idu de la table parcelle",
        "write a makefile target that starts docker compose and loads the fixtures",
        "what is the difference between a Symfony service tag and an autoconfigure attribute",
        "ajoute une NetworkPolicy qui n'autorise que Traefik à parler à l'API",
        "write an ansible role that installs node_exporter on the k3s nodes",
        "comment je vois l'historique des releases d'un chart helm",
        "set up cert-manager with a Let's Encrypt ClusterIssuer",
        "rédige le README du dépôt cadastre-infra",
        "how do I rotate the k3s node token",
        "add a PodDisruptionBudget to the chart",
        "convertis ce shapefile en GeoJSON avec ogr2ogr",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
# "toujours pas" is "still not" ("Ça ne marche toujours pas"), not "always", so it is left out.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\bwe stay\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|"
    r"\bchange of plan\b|"
    r"\btoujours\b(?! pas)|\bjamais\b|\bdésormais\b|\bdorénavant\b|\bà partir de maintenant\b|\bdécid|\bdécision\b|"
    r"\bon part sur\b|\bon garde\b|\bon reste\b|\bleçon\b|\bà retenir\b|\bretiens\b|\bpour l'instant\b|"
    r"\bpour le moment\b|\bcomme je (?:l'ai |te l'ai |vous l'ai )?dit\b|\bje l'ai déjà dit\b|"
    r"\bchangement de plan\b|\bil faut\b|\bpas de\b.*\bdans\b|\bévite\b|\bn'utilise plus\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_cadastre, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="fr",
    lang_of=lang_of,
    language_checks=standard_language_checks("French", 6),
    share_check=share_between("French", 50, 80),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))

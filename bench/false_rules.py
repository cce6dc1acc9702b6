"""How many rules memoryd would take from text that holds none: chat between friends (LoCoMo) and Chinese
encyclopedia paragraphs (CMRC 2018), both from `../shared/bench-data`.

Usage: `python bench/false_rules.py [--no-embedding]`.

Every sentence goes through the same two readers as a person's messages: the patterns
(`pipeline/agent/speech/`) and, for the sentences they leave, rules by meaning
(`pipeline/learning/rules/rule_meaning.py`, with the daemon's model). Neither corpus has a standing instruction to a
coding agent in it, so everything taken is a false rule; the figures guard precision on people and languages the
learning corpora do not have. Prints the counts and the rules taken.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import MODEL_DIR, SHARED
from pipeline.agent.speech.knowledge import clauses, extract_knowledge, says_something, sentences
from pipeline.learning.rules import rule_probe
from pipeline.learning.rules.rule_meaning import examples, standing_rules, weighed

MAX_CMRC_SENTENCES = 6000  # the first 6,000 distinct sentences: enough to see a reader that misfires


def locomo_turns() -> list[str]:
    data = orjson.loads((SHARED / "bench-data" / "locomo" / "locomo_dev.json").read_bytes())
    return [
        turn["text"]
        for conversation in data
        for value in conversation["conversation"].values()
        if isinstance(value, list)
        for turn in value
        if isinstance(turn, dict) and isinstance(turn.get("text"), str)
    ]


def cmrc_texts() -> list[str]:
    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("context", "question", "text") and isinstance(value, str):
                    yield value
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    texts: list[str] = []
    for path in sorted((SHARED / "bench-data" / "cmrc2018").glob("*.json")):
        texts += walk(orjson.loads(path.read_bytes()))
    return list(dict.fromkeys(texts))


def by_meaning(said: list[str]) -> list[str]:
    from pipeline.embedding.models import load_embedder

    embedder = load_embedder("multilingual-e5-small", MODEL_DIR)
    found = weighed([s for s in said if not says_something(s)], clauses)
    texts = list(dict.fromkeys([*(c.text for c in found), *examples()]))
    vectors = dict(zip(texts, embedder.embed_queries(texts), strict=True))
    return standing_rules(found, vectors, rule_probe.for_model(embedder.name, embedder.dim))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-embedding", action="store_true", help="the patterns only")
    args = parser.parse_args()
    for name, texts, limit in (("LoCoMo", locomo_turns(), None), ("CMRC", cmrc_texts(), MAX_CMRC_SENTENCES)):
        said = list(dict.fromkeys(sentences(texts)))[:limit]
        patterns = extract_knowledge(said).rules
        meaning = [] if args.no_embedding else by_meaning(said)
        print(f"{name}: {len(said)} sentences; rules by the patterns {len(patterns)}, by meaning {len(meaning)}")
        for rule in [*patterns, *meaning]:
            print(f"  {rule[:110]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Markdown and facts.json chunking: line ranges true to the file, heading paths, fences, overlap, privacy."""

from __future__ import annotations

import hashlib
import itertools
import json
import time

import pytest

from pipeline.frontmatter import split_front_matter
from pipeline.ingest.chunker import Chunk, ChunkSize, chunk_facts, chunk_markdown, estimate_tokens, is_conversation


def assert_lines_match_file(text: str, chunk: Chunk) -> None:
    """The chunk's lines are the file's lines start_line..end_line (the ends may be partial lines)."""
    file_lines = text.split("\n")[chunk.start_line - 1 : chunk.end_line]
    chunk_lines = chunk.text.split("\n")
    assert len(chunk_lines) == len(file_lines), chunk
    if len(file_lines) == 1:  # a piece of one long line
        assert chunk_lines[0] in file_lines[0], chunk
        return
    assert file_lines[0].endswith(chunk_lines[0]), chunk
    assert file_lines[-1].startswith(chunk_lines[-1]), chunk
    assert chunk_lines[1:-1] == file_lines[1:-1], chunk
    assert chunk.text.strip()
    assert chunk.content_hash == hashlib.sha256(chunk.text.encode()).hexdigest()


def paragraph(n: int, words: int = 30) -> str:
    return " ".join(f"p{n}w{i}" for i in range(words))


DOC = """# Runbook

Intro line.

## Deploy
### Staging

Run the staging deploy.

```bash
# not a heading: inside a fence
make deploy ENV=staging
```

### Production

Ask before deploying.

## Rollback ##

Revert the tag.
"""


def test_heading_paths_and_line_ranges() -> None:
    chunks = chunk_markdown(DOC).chunks
    assert [(c.heading, c.start_line, c.end_line) for c in chunks] == [
        ("Runbook", 1, 3),
        ("Runbook > Deploy > Staging", 5, 13),  # the bare "## Deploy" rides along with its first subsection
        ("Runbook > Deploy > Production", 15, 17),
        ("Runbook > Rollback", 19, 21),
    ]
    for chunk in chunks:
        assert_lines_match_file(DOC, chunk)
    assert chunks[1].text.startswith("## Deploy\n### Staging")


def test_setext_headings_and_text_before_the_first_heading() -> None:
    text = "Preamble.\n\nTitle\n=====\nBody one.\n\nSub\n---\nBody two.\n"
    chunks = chunk_markdown(text).chunks
    assert [(c.heading, c.start_line, c.end_line) for c in chunks] == [
        ("", 1, 1),
        ("Title", 3, 5),
        ("Title > Sub", 7, 9),
    ]


def test_code_fence_that_fits_is_never_cut() -> None:
    code = "\n".join(f"    step_{i}(arg_{i})" for i in range(40))
    parts = [paragraph(n) for n in range(6)]
    text = "# Build\n\n" + "\n\n".join(parts[:3]) + f"\n\n```python\n{code}\n```\n\n" + "\n\n".join(parts[3:]) + "\n"
    chunks = chunk_markdown(text, max_tokens=150, overlap_tokens=30).chunks
    assert len(chunks) > 2
    holders = [c for c in chunks if "step_0(" in c.text or "step_39(" in c.text]
    for chunk in holders:
        assert "```python" in chunk.text and "step_0(" in chunk.text and "step_39(" in chunk.text
        assert chunk.text.count("```") % 2 == 0
    for chunk in chunks:
        assert_lines_match_file(text, chunk)


def test_long_section_splits_with_overlap_and_covers_every_line() -> None:
    text = "# Notes\n\n" + "\n\n".join(paragraph(n, words=25) for n in range(20)) + "\n"
    chunks = chunk_markdown(text, max_tokens=120, overlap_tokens=40).chunks
    assert len(chunks) >= 5
    for chunk in chunks:
        assert_lines_match_file(text, chunk)
        assert estimate_tokens(chunk.text) <= 130  # ~max_tokens
        assert chunk.heading == "Notes"
    for before, after in itertools.pairwise(chunks):
        assert after.start_line <= before.end_line  # they share lines ...
        assert after.text.split("\n\n")[0] in before.text  # ... and the shared text is the previous tail
    covered = {line for c in chunks for line in range(c.start_line, c.end_line + 1)}
    content = {i + 1 for i, line in enumerate(text.split("\n")) if line.strip()}
    assert content <= covered


def test_huge_paragraph_is_split_by_lines_and_huge_line_by_characters() -> None:
    bullets = "\n".join(f"- item {i} " + "detail " * 8 for i in range(100))
    long_line = " ".join(f"word{i}" for i in range(3000))
    text = f"# List\n{bullets}\n\n# Wall\n{long_line}\n"
    chunks = chunk_markdown(text, max_tokens=100, overlap_tokens=20).chunks
    for chunk in chunks:
        assert_lines_match_file(text, chunk)
        assert estimate_tokens(chunk.text) <= 110
    wall = [c for c in chunks if c.heading == "Wall"]
    assert len(wall) > 10
    assert all(c.start_line == c.end_line == 104 for c in wall[1:])
    assert "word2999" in wall[-1].text
    assert "- item 99 " in [c for c in chunks if c.heading == "List"][-1].text


def test_cjk_wall_of_text_is_split_into_token_sized_pieces() -> None:
    text = "# 笔记\n" + "我们用心跳保活。" * 300 + "\n"
    chunks = chunk_markdown(text, max_tokens=200, overlap_tokens=40).chunks
    assert len(chunks) >= 12
    for chunk in chunks:
        assert_lines_match_file(text, chunk)
        assert estimate_tokens(chunk.text) <= 210
    assert chunks[1].text.startswith("我们用")  # cut after 。 where possible


def test_front_matter_becomes_metadata_and_line_numbers_stay_true() -> None:
    text = "---\ntitle: Ops notes\ntags: [deploy, k8s]\ndraft: false\n---\n# Ops\nBody.\n"
    doc = chunk_markdown(text)
    assert doc.metadata == {"title": "Ops notes", "tags": ["deploy", "k8s"], "draft": False}
    assert [(c.heading, c.start_line, c.end_line, c.text) for c in doc.chunks] == [("Ops", 6, 7, "# Ops\nBody.")]


def test_unreadable_front_matter_is_indexed_as_text() -> None:
    text = "---\nthis is: [not closed\n---\nBody.\n"
    doc = chunk_markdown(text)
    assert doc.metadata == {}
    # Read as Markdown, the first `---` is a rule and the second makes line 2 a setext heading.
    assert [(c.heading, c.start_line, c.end_line) for c in doc.chunks] == [("this is: [not closed", 2, 4)]
    assert_lines_match_file(text, doc.chunks[0])


def test_private_spans_are_removed_and_line_numbers_kept() -> None:
    text = "# Notes\npublic one\n<private>\nmy home address\n</private>\npublic two\n<private>tail secret"
    chunks = chunk_markdown(text).chunks
    assert len(chunks) == 1
    assert "address" not in chunks[0].text and "tail secret" not in chunks[0].text
    assert (chunks[0].start_line, chunks[0].end_line) == (1, 6)
    assert chunks[0].text.split("\n")[5] == "public two"


def test_secrets_are_redacted_before_chunking() -> None:
    key = "sk-proj-abc123DEF456ghi789JKL012mno345"
    text = (
        f"# Keys\nOPENAI_API_KEY={key}\n\n-----BEGIN PRIVATE KEY-----\nMIIEv\nQIBAD\n-----END PRIVATE KEY-----\nafter\n"
    )
    chunk = chunk_markdown(text).chunks[0]
    assert key not in chunk.text and "MIIEv" not in chunk.text
    assert "[REDACTED:openai_key]" in chunk.text and "[REDACTED:private_key]" in chunk.text
    assert (chunk.start_line, chunk.end_line) == (1, 8)
    assert chunk.text.endswith("\nafter")


def test_front_matter_values_are_redacted_too() -> None:
    doc = chunk_markdown("---\nowner: ann@example.com\n---\nx\n")
    assert doc.metadata == {"owner": "[REDACTED:email]"}


def test_empty_and_whitespace_only_documents_have_no_chunks() -> None:
    assert chunk_markdown("").chunks == []
    assert chunk_markdown("  \n\n\t\n").chunks == []
    assert chunk_markdown("<private>all of it</private>\n").chunks == []


def test_a_heading_only_document_is_one_chunk() -> None:
    assert [(c.text, c.heading) for c in chunk_markdown("# Memory\n").chunks] == [("# Memory", "Memory")]


def test_crlf_and_bom_keep_line_numbers() -> None:
    text = "\ufeff# A\r\none\r\n\r\n# B\r\ntwo\r\n"
    chunks = chunk_markdown(text).chunks
    assert [(c.text, c.start_line, c.end_line) for c in chunks] == [("# A\none", 1, 2), ("# B\ntwo", 4, 5)]


def test_chunking_is_deterministic() -> None:
    assert chunk_markdown(DOC) == chunk_markdown(DOC)


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="max_tokens"):
        chunk_markdown("x", max_tokens=100, overlap_tokens=100)


def test_token_estimate_counts_cjk_characters_and_english_words() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("心跳保活") == 4
    assert estimate_tokens("我们用 WebSocket 心跳保活") == 6 + 4  # 6 CJK + max(1.3, 9/4) rounded up
    assert estimate_tokens("the quick brown fox jumps") == 7  # 5 words * 1.3
    assert estimate_tokens("x" * 400) == 100  # one long "word": chars / 4


def test_one_megabyte_document_chunks_in_linear_time() -> None:
    """A guard against quadratic blow-ups (minutes), not a speed target."""
    section = "## Part {n}\n\n" + "\n\n".join(paragraph(i, 40) for i in range(8)) + "\n\n```\ncode line\n```\n\n"
    text = "".join(section.format(n=n) for n in range(540))
    assert len(text) > 1_000_000
    started = time.perf_counter()
    chunks = chunk_markdown(text).chunks
    assert time.perf_counter() - started < 30.0
    assert len(chunks) >= 540
    for chunk in chunks[:50]:
        assert_lines_match_file(text, chunk)


FACTS = """{
  "version": 1,
  "facts": [
    {"id": "f1", "fact": "Use pnpm, not npm", "evidence": "pnpm-lock.yaml", "timestamp": "2024-05-01",
     "status": "active", "category": "tooling"},
    {
      "id": "f2",
      "fact": "Deploys run on Fridays",
      "evidence": "",
      "timestamp": "2024-04-01",
      "status": "superseded",
      "category": "process",
      "supersededBy": "f3"
    },
    {
      "id": "f3",
      "fact": "Deploys run on Thursdays; ask ops@example.com",
      "evidence": ["standup notes", "calendar"],
      "timestamp": "2024-05-02",
      "status": "active",
      "category": "process"
    },
    {"id": "f4", "fact": "Old archived fact", "status": "archived"},
    {"id": "f5", "fact": "No category given", "status": "active"}
  ]
}"""


def test_facts_become_one_chunk_per_active_fact_with_its_lines() -> None:
    chunks = chunk_facts(FACTS)
    assert [(c.heading, c.start_line, c.end_line) for c in chunks] == [
        ("tooling", 4, 5),
        ("process", 15, 22),
        ("facts", 24, 24),
    ]
    assert chunks[0].text == "Use pnpm, not npm — evidence: pnpm-lock.yaml"
    assert chunks[1].text == "Deploys run on Thursdays; ask [REDACTED:email] — evidence: standup notes; calendar"
    lines = FACTS.split("\n")
    for chunk in chunks:
        assert lines[chunk.start_line - 1].lstrip().startswith("{")
        assert lines[chunk.end_line - 1].rstrip().rstrip(",").endswith("}")


def test_facts_positions_survive_nested_values_and_a_compact_file() -> None:
    compact = json.dumps({"meta": {"facts": [1]}, "facts": [{"fact": "a", "status": "active"}, {"fact": "b"}]})
    assert [(c.text, c.start_line, c.end_line) for c in chunk_facts(compact)] == [("a", 1, 1), ("b", 1, 1)]


def test_invalid_facts_json_raises_value_error() -> None:
    with pytest.raises(ValueError, match=r"not valid JSON.*line 1"):
        chunk_facts('{"facts": [')
    with pytest.raises(ValueError, match='"facts" list'):
        chunk_facts('{"items": []}')
    with pytest.raises(ValueError, match='"facts" list'):
        chunk_facts("[]")


def test_front_matter_subset_parses_common_shapes() -> None:
    text = """---
title: "Deploy: notes"   # a comment
tags: [ops, "k8s, helm", 3]
date: 2024-05-01
weight: 1.5
empty:
aliases:
  - /old
  - '/it''s'
authors:
- name: Ann
  role: lead
- Bob
nested:
  a: {b: [1, true, null]}
summary: >
  folded
  text
---
body"""
    split = split_front_matter(text)
    assert split.metadata == {
        "title": "Deploy: notes",
        "tags": ["ops", "k8s, helm", 3],
        "date": "2024-05-01",
        "weight": 1.5,
        "empty": None,
        "aliases": ["/old", "/it's"],
        "authors": [{"name": "Ann", "role": "lead"}, "Bob"],
        "nested": {"a": {"b": [1, True, None]}},
        "summary": "folded text\n",
    }
    assert (split.body, split.body_start_line) == ("body", 20)


@pytest.mark.parametrize(
    "text",
    [
        "---\njust a line\n---\nbody",
        "---\n\tkey: tab\n---\nb",
        "---\nk: [1, 2\n---\nb",
        "---\nk: v\n  deeper: x\n---",
        "---\nno end",
    ],
)
def test_front_matter_that_cannot_be_read_is_left_as_text(text: str) -> None:
    split = split_front_matter(text)
    assert (split.metadata, split.body, split.body_start_line) == ({}, text, 1)


DIALOGUE = "\n".join(f"{('Caroline', 'Melanie')[n % 2]}: {paragraph(n, 25)}" for n in range(24))


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (DIALOGUE, True),
        ("\n".join(f"- **{('Ana', 'Bo', 'Cy')[n % 3]}**: said {n}" for n in range(9)), True),  # list, bold names
        ("\n".join(f"{('张三', '李四')[n % 2]}：第{n}句话" for n in range(8)), True),
        ("\n".join(f"Speaker {n}: once" for n in range(6)) + "\nOwner: Bob\n", False),  # nobody speaks twice
        ("Owner: Bob\nStatus: done\nDue: Friday\nRisk: low\nTeam: core\nRepo: api\nBob: ok\n", False),
        ("\n".join(f"See https://example.com/{n}" for n in range(8)), False),  # a URL's scheme is no speaker
        ("\n\n".join(paragraph(n) for n in range(8)), False),
        ("A: one\nB: two\nA: three\nB: four\nA: five\n", False),  # too few turns to tell
        ("\n".join([*DIALOGUE.split("\n")[:8], *(paragraph(n) for n in range(8))]), False),  # mostly prose
    ],
)
def test_conversation_shape(body: str, expected: bool) -> None:
    assert is_conversation(body) is expected


def test_a_conversation_gets_its_own_sizes_and_other_files_do_not() -> None:
    sizes = ChunkSize(max_tokens=120, overlap_tokens=0)
    text = "# Chat\n\n" + DIALOGUE + "\n"
    chunks = chunk_markdown(text, max_tokens=400, overlap_tokens=80, conversation=sizes).chunks
    assert len(chunks) > len(chunk_markdown(text, max_tokens=400, overlap_tokens=80).chunks)
    for before, after in itertools.pairwise(chunks):
        assert before.end_line < after.start_line  # no overlap
    for chunk in chunks:
        assert_lines_match_file(text, chunk)
        assert estimate_tokens(chunk.text) <= 120 + estimate_tokens("# Chat")  # a heading may ride along
    prose = "# Notes\n\n" + "\n\n".join(paragraph(n, 25) for n in range(24)) + "\n"
    assert chunk_markdown(prose, conversation=sizes) == chunk_markdown(prose)
    with pytest.raises(ValueError, match="overlap_tokens < max_tokens"):
        chunk_markdown(text, conversation=ChunkSize(100, 100))

"""Packing memory files item by item (pipeline/retrieval/memory_items.py, context_block.py): no list is dropped
wholesale, a heading stays with its items, what is left out is pointed to, ```check blocks never go in."""

from __future__ import annotations

from pipeline.memory_layout import STARTER_MEMORY
from pipeline.retrieval.context_block import HEADER, Memory, Part, file_entries, memory_entries, pack
from pipeline.retrieval.memory_items import items_of


def memory_md(lessons: int) -> str:
    body = "\n".join(f"- Lesson {i}: keep the {i}th thing in mind when deploying." for i in range(lessons))
    return f"# Memory\n\n## Preferences\n- Use pnpm, never npm.\n\n## Lessons\n{body}\n"


def essentials(markdown: str, budget: int) -> tuple[str, int]:
    part = Part(
        "### Essentials (MEMORY.md)",
        file_entries(items_of(markdown, starter=True), newest_first=True),
        1.0,
        "memoryd get MEMORY.md",
    )
    packed = pack([part], budget)
    return packed.text, len(packed.included[0])


def test_every_lesson_that_fits_is_injected_and_an_over_budget_file_fills_the_budget() -> None:
    under, shown = essentials(memory_md(40), 3000)
    assert shown == 41 and "… " not in under and "Lesson 0:" in under and "Lesson 39:" in under
    over, shown = essentials(memory_md(80), 3000)
    assert len(over) <= 3000 and len(over) >= 0.8 * 3000
    assert "- Use pnpm, never npm." in over  # a short section is not crowded out by a long one
    assert "Lesson 79:" in over and "Lesson 0:" not in over  # the newest lessons first
    left = 81 - shown
    assert over.endswith(f"… {left} more lessons: `memoryd get MEMORY.md`")
    assert over.index("#### Preferences") < over.index("- Use pnpm") < over.index("#### Lessons")


def test_items_keep_their_heading_and_lines_and_skip_check_blocks_private_text_and_the_starter() -> None:
    text = (
        "---\ntitle: x\n---\n# Memory\n\n## Rules\n- Money is Decimal.\n  Never float.\n"
        "- <private>secret</private>Keep logs.\n\n```check\nglob: *.py\npattern: print\\(\n```\n\n"
        "## Notes\nA paragraph\nthat wraps.\n"
    )
    items = items_of(text)
    assert [(i.section, i.text, i.line) for i in items] == [
        ("Rules", "- Money is Decimal.\n  Never float.", 7),
        ("Rules", "- Keep logs.", 9),
        ("Notes", "A paragraph\nthat wraps.", 17),
    ]
    assert items_of(STARTER_MEMORY, starter=True) == []
    block, _ = essentials(text, 1000)
    assert "check" not in block and "secret" not in block and "print" not in block


def test_nothing_to_say_is_empty_and_the_budget_holds_for_any_size() -> None:
    assert pack([Part("### Essentials (MEMORY.md)", (), 1.0)], 500).text == ""
    memories = [
        Memory(f"m{i}.md", 1, 2, 0.5, f"Memory body {i}. " + "text " * 300, f"c{i}", f"h{i}", 0.4) for i in range(9)
    ]
    for budget in (200, 333, 700, 1500, 4000):
        parts = [
            Part("### Essentials (MEMORY.md)", file_entries(items_of(memory_md(60)), newest_first=True), 0.4, "x"),
            Part("### Relevant memories", memory_entries(memories, max(300, budget // 4)), 0.6),
        ]
        text = pack(parts, budget).text
        assert len(text) <= budget
        assert not text or text.startswith(HEADER)
        assert "#### Lessons\n" not in text or "- Lesson" in text.split("#### Lessons\n", 1)[1][:8]


def test_memories_are_cut_at_a_sentence_end_and_show_their_relevance() -> None:
    memory = Memory(
        "notes.md", 3, 9, 1.0, "# Notes\n\nFirst sentence here. Second one is longer. " + "x " * 400, "c", "h", 0.734
    )
    (entry,) = memory_entries([memory], 300)
    assert entry.text.startswith("- `notes.md:3-9` (relevance 0.73)\n  First sentence here. Second one is longer.")
    assert len(entry.text) < 340 and entry.key == "m:h"

"""A memory file as a page: its Markdown rendered, the blocks holding a search hit's lines marked.

Invariant: nothing in a memory file runs in the view. Raw HTML in the Markdown is shown as text, links with
`javascript:`-like schemes are dropped (markdown-it's own link check), and the page's policy allows no inline
script anyway. Line numbers are the file's own: a window that starts at line N maps its blocks back to N.
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it import MarkdownIt


@dataclass(frozen=True, slots=True)
class Rendered:
    html: str
    marked: int  # blocks marked as holding the hit


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable(["table", "strikethrough"])


_MD = _parser()


def render(text: str, *, first_line: int, hit: tuple[int, int] | None) -> Rendered:
    """`text` starts at the file's line `first_line`; the top-level blocks overlapping `hit` (file lines,
    inclusive) get class `hit`, the first of them id `hit` (the page scrolls there)."""
    tokens = _MD.parse(text)
    marked = 0
    for token in tokens:
        if hit is None or token.level != 0 or token.nesting == -1 or token.map is None:
            continue
        begin, end = token.map[0] + first_line, token.map[1] + first_line - 1  # file lines, inclusive
        if begin <= hit[1] and end >= hit[0]:
            token.attrJoin("class", "hit")
            if not marked:
                token.attrSet("id", "hit")
            token.attrSet("data-lines", f"{begin}-{end}")
            marked += 1
    return Rendered(_MD.renderer.render(tokens, _MD.options, {}), marked)

"""memoryd pipeline: Markdown to chunks to FTS5 and vectors; retrieval."""

"""The indexing worker: a de-duplicating queue of paths, processed in batches off the event loop.

Invariants:
- Unchanged content (same sha256) costs a stat and a read, never a re-chunk or an embedding.
- Keyword search never waits for the model: a file's chunks and FTS rows are written as soon as it is read
  (with the vectors the cache already has); its other texts join `to_embed` and are embedded afterwards, newest
  first, one model batch at a time, skipping any text no chunk has any more.
- Only chunk texts whose (model, hash) is not cached are embedded; identical content anywhere is free.
- Each path is isolated: a bad file is skipped with a reason and the batch goes on.
- File changes take priority over embedding: the files' queue and the embedding queue are worked by two loops
  (`run`, `run_embedding`); a file is read and written while a batch is being embedded, and the next batch
  starts only once no file is waiting.
- Every passage embedding the indexer asks for goes through `_embed` (one place to tune batching and memory).
- A path queued for later (`enqueue_later`) is indexed once it has been left alone for a while, and at the
  latest a bounded time after it was first queued; until then it counts as pending, so `wait_idle` and the
  status's `pending` still mean "everything on disk is indexed". A daemon stopped before then loses nothing:
  the start's reconcile reads the file again (its hash changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import structlog

from events.sqlite import Database
from events.wakeup import wait_for_either
from pipeline.cjk import fts_text
from pipeline.embedding.service import EmbeddingService
from pipeline.index_queries import ids_with_embed_hashes, known_paths
from pipeline.ingest import index_writer as iw
from pipeline.ingest.chunker import ChunkSize, chunk_facts, chunk_markdown
from pipeline.ingest.deferred_paths import DeferredPaths
from pipeline.ingest.embed_queue import EmbedQueue
from pipeline.ingest.file_reader import FileContent, Skip, read_text_file
from pipeline.ingest.progress import Progress
from pipeline.ingest.roots import Root, is_indexed, real_location, source_of, walk
from pipeline.retrieval.lexical_index import LexicalIndex
from pipeline.retrieval.vector_index import VectorIndex

logger = structlog.get_logger(__name__)

FILES_PER_BATCH = 64
BACKFILL_FETCH = 1024  # hashes read from the chunks table at a time when the queue alone does not know them
MAX_EMBED_RETRY_S = 300.0


@dataclass(frozen=True, slots=True)
class IndexOptions:
    max_file_bytes: int = 5 * 1024 * 1024
    chunk_tokens: int = 400
    chunk_overlap: int = 80
    conversation_chunk_tokens: int = 256
    conversation_chunk_overlap: int = 0
    redact_emails: bool = True


@dataclass(frozen=True, slots=True)
class Gone:
    """The file no longer exists (or is no longer indexable): its chunks go."""


@dataclass(frozen=True, slots=True)
class Unchanged:
    """Same content as indexed: only the manifest's size and mtime are refreshed."""

    size: int
    mtime_ns: int


# What reading one queued file came to: removed, skipped with a reason, unchanged, or new chunks to write.
FileOutcome = Gone | Skip | Unchanged | iw.FileUpdate


class Indexer:
    def __init__(self, db: Database, roots: Sequence[Root], embedding: EmbeddingService, options: IndexOptions) -> None:
        self.db = db
        self.roots = {root.name: root for root in roots}
        self.embedding = embedding
        self.options = options
        self.vectors: VectorIndex | None = None
        self.lexical = LexicalIndex()
        self._lexical_failed = False
        self._pending: dict[tuple[str, str], bool] = {}  # (root, path) -> force
        self._later = DeferredPaths()  # paths queued for later (`enqueue_later`)
        self._wakeup = asyncio.Event()
        self._drained = asyncio.Event()  # no file waiting now (paths queued for later may be)
        self._drained.set()
        self._embed_wakeup = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.progress = Progress()
        self.last_indexed: str | None = None
        self.to_embed = EmbedQueue()
        self.backfill_pending = False  # chunks may lack vectors the queue does not know of (model change, start)
        self._embed_failures = 0
        self._embed_retry_at = 0.0
        self._held_until = 0.0  # background embedding waits until then (`hold_embedding`)
        self.embedded_total = 0  # texts actually sent to the model since start (cache misses)

    # ---- queue -----------------------------------------------------------------------------------

    def enqueue(self, root: str, path: str, *, force: bool = False) -> None:
        if not self._pending and self._idle.is_set():
            self.progress = Progress()
        key = (root, path)
        if key not in self._pending:
            self.progress.total += 1
        self._pending[key] = self._pending.get(key, False) or force
        self._later.discard(key)
        self._idle.clear()
        self._drained.clear()
        self._wakeup.set()

    def enqueue_later(self, root: str, path: str, *, quiet_s: float, max_s: float) -> None:
        """Queue the path once no call has named it for `quiet_s`, and at the latest `max_s` after the first
        call of the series (0: at once, as `enqueue`; see `deferred_paths.py` for why)."""
        key = (root, path)
        if quiet_s <= 0 or key in self._pending:
            self.enqueue(root, path)
            return
        self._later.add(key, time.monotonic(), quiet_s=quiet_s, max_s=max_s)
        self._idle.clear()
        self._wakeup.set()

    def _queue_due(self) -> float | None:
        """Move the paths whose time has come into the queue; seconds until the next one is due (None: none)."""
        now = time.monotonic()
        for key in self._later.take_due(now):
            self.enqueue(*key)
        return self._later.next_in(now)

    @property
    def pending(self) -> int:
        """Paths waiting to be indexed, those queued for later included."""
        return len(self._pending) + len(self._later)

    @property
    def deferred(self) -> int:
        """Paths queued for later (`enqueue_later`)."""
        return len(self._later)

    async def wait_idle(self) -> None:
        await self._idle.wait()

    async def reconcile(self, *, force: bool = False) -> int:
        """Queue every file on disk and every manifest entry whose file is gone. Returns the count queued."""
        on_disk: set[tuple[str, str]] = set()
        for root in self.roots.values():
            if root.path.is_dir():
                on_disk.update((root.name, rel) for rel in await asyncio.to_thread(_walked, root))
        known = await self.db.read(known_paths)
        for key in sorted(on_disk | known):
            if key[0] in self.roots:
                self.enqueue(*key, force=force)
        logger.info("reconcile_queued", files=len(on_disk), vanished=len(known - on_disk))
        return len(on_disk | known)

    # ---- worker ----------------------------------------------------------------------------------

    async def run(self, stop: asyncio.Event) -> None:
        """Process the files' queue until `stop`. Run under the daemon's supervisor."""
        while not stop.is_set():
            if not self.lexical.ready and not self._lexical_failed:
                await self._load_lexical()
            next_due = self._queue_due()
            if not self._pending:
                self._drained.set()
                if next_due is None:
                    self._idle.set()
                self._wakeup.clear()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(next_due):
                        await wait_for_either(self._wakeup, stop)
                continue
            keys = list(self._pending)[:FILES_PER_BATCH]
            batch = [(key, self._pending.pop(key)) for key in keys]
            try:
                await self._process(batch)
            except Exception:  # isolation boundary: a failed batch is retried file by file
                logger.exception("index_batch_failed", files=len(batch))
                for item in batch:
                    try:
                        await self._process([item])
                    except Exception:  # isolation boundary: one file
                        logger.exception("index_file_failed", root=item[0][0], path=item[0][1])
            self.progress.done += len(batch)

    async def _process(self, batch: list[tuple[tuple[str, str], bool]]) -> None:
        keys = [key for key, _ in batch]
        manifest = await self.db.read(lambda conn: iw.manifest_of(conn, keys))
        reads = await asyncio.to_thread(self._read_and_chunk, batch, manifest)
        updates: list[iw.FileUpdate] = []
        deleted, skipped, touched = [], [], []
        for key, outcome in reads:
            if isinstance(outcome, Gone):
                deleted.append(key)
            elif isinstance(outcome, Skip):
                skipped.append((*key, outcome.reason))
                logger.warning("file_skipped", root=key[0], path=key[1], reason=outcome.reason)
            elif isinstance(outcome, Unchanged):
                touched.append((*key, outcome.size, outcome.mtime_ns))
            else:
                updates.append(outcome)
        model = self.embedding.model if self.embedding.ready else None

        def write(conn: Any) -> tuple[list[int], list[tuple[int, str]], list[str]]:
            for root, path, size, mtime_ns in touched:
                iw.touch_manifest(conn, root, path, size, mtime_ns)
            removed, added = iw.write_files(conn, updates, deleted, skipped, {}, model)
            return removed, added, iw.uncached(conn, model, [h for _, h in added]) if model else []

        removed, added, unembedded = await self.db.write(write)
        if unembedded:
            self.to_embed.push(unembedded)
            self._embed_wakeup.set()
        elif updates and self.embedding.enabled and model is None:
            self.backfill_pending = True  # the model is not ready yet: it catches up once it is
        if removed or added:
            bodies = [p.fts_body for u in updates for p in u.chunks]  # write_files adds them in this order
            pairs = [(chunk_id, body) for (chunk_id, _), body in zip(added, bodies, strict=True)]
            await asyncio.to_thread(self.lexical.apply, removed, pairs)
        await self._apply_vectors(removed, added)
        if updates or deleted:
            self.last_indexed = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.progress.chunks += sum(len(u.chunks) for u in updates)
        if updates or deleted or skipped:
            logger.info(
                "indexed", files=len(updates), deleted=len(deleted), skipped=len(skipped), to_embed=len(unembedded)
            )

    def _read_and_chunk(
        self, batch: list[tuple[tuple[str, str], bool]], manifest: dict[tuple[str, str], iw.ManifestEntry]
    ) -> list[tuple[tuple[str, str], FileOutcome]]:
        """Blocking: read, hash and chunk each file of the batch."""
        out: list[tuple[tuple[str, str], FileOutcome]] = []
        for key, force in batch:
            root = self.roots[key[0]]
            try:
                if (elsewhere := self._not_here(root, key[1])) is not None:
                    out.append((key, elsewhere))
                    continue
                content = read_text_file(root.path / key[1], self.options.max_file_bytes)
                if isinstance(content, FileContent):
                    known = manifest.get(key)
                    if known and known.sha256 == content.sha256 and not force:
                        out.append((key, Unchanged(content.size, content.mtime_ns)))
                        continue
                    out.append((key, self._prepare(root, key[1], content)))
                else:
                    out.append((key, Gone() if content is None else content))
            except ValueError as exc:  # e.g. facts.json that is not valid JSON
                out.append((key, Skip(str(exc)[:200])))
            except Exception as exc:  # isolation boundary: one file
                logger.exception("file_failed", root=key[0], path=key[1])
                out.append((key, Skip(f"internal error: {exc}"[:200])))
        return out

    def _not_here(self, root: Root, relative: str) -> Gone | Skip | None:
        """Skip when the path resolves outside every root (or to a file that is not indexed); Gone when it is
        another path of a file indexed at its real path (a symlink, or a file in a symlinked folder: indexed
        once, there, and not listed); None when the file really is at this path. Blocking."""
        real = real_location(list(self.roots.values()), root, relative)
        if real is None:
            return Skip(
                "a symlink to a file outside the memory home and the configured roots: not read"
                " (add its folder to [index] extra_roots to index it)"
            )
        if (real[0].name, real[1]) == (root.name, relative):
            return None
        if is_indexed(*real):
            return Gone()
        return Skip(f"a symlink to {real[0].name}:{real[1]}, which is not indexed")

    def _prepare(self, root: Root, relative: str, content: FileContent) -> iw.FileUpdate:
        if relative.rsplit("/", 1)[-1] == "facts.json":
            chunks = chunk_facts(content.text, redact_emails=self.options.redact_emails)
        else:
            chunks = chunk_markdown(
                content.text,
                max_tokens=self.options.chunk_tokens,
                overlap_tokens=self.options.chunk_overlap,
                redact_emails=self.options.redact_emails,
                conversation=ChunkSize(self.options.conversation_chunk_tokens, self.options.conversation_chunk_overlap),
            ).chunks
        prepared = []
        seen: set[str] = set()
        for chunk in chunks:
            chunk_id = iw.chunk_id_of(root.name, relative, chunk)
            if chunk_id in seen:
                continue
            seen.add(chunk_id)
            embed_text = iw.embed_text_of(chunk)
            prepared.append(
                iw.PreparedChunk(chunk, chunk_id, embed_text, iw.text_hash(embed_text), fts_text(embed_text))
            )
        return iw.FileUpdate(
            root.name,
            relative,
            source_of(root, relative),
            content.size,
            content.mtime_ns,
            content.sha256,
            tuple(prepared),
        )

    async def _apply_vectors(self, removed: list[int], added: list[tuple[int, str]]) -> None:
        if self.vectors is None:
            return
        self.vectors.remove(removed)
        if added:
            model, dim = self.embedding.model, self.vectors.dim
            ids, matrix = await self.db.read(lambda conn: iw.vectors_for(conn, model, dim, added))
            self.vectors.upsert(ids, matrix)

    # ---- the in-memory BM25 mirror -------------------------------------------------------------

    async def _load_lexical(self) -> None:
        """Load it here, between batches, so no chunk write can slip between the snapshot and the changes
        applied after it. Until it is ready, and if loading fails, BM25 queries go to FTS5."""
        try:
            await asyncio.to_thread(self.lexical.load, self.db.path)
        except Exception:  # isolation boundary: a cache; FTS5 still answers
            logger.exception("lexical_load_failed")
            self._lexical_failed = True
            return
        logger.info("lexical_loaded", **self.lexical.stats())

    def wake_embedding(self) -> None:
        """Look at the embedding queue again (the model is back after an idle release)."""
        self._embed_wakeup.set()

    def invalidate_lexical(self) -> None:
        """The chunk tables were dropped: reload (from the empty tables) before the next batch."""
        self.lexical.ready = False
        self._lexical_failed = False
        self._idle.clear()
        self._wakeup.set()

    # ---- vectors: load and backfill ------------------------------------------------------------

    async def attach_vectors(self) -> None:
        """Called once the model is ready: load cached vectors into memory and schedule a backfill."""
        model, dim = self.embedding.model, int(self.embedding.dim or 0)
        ids, matrix = await self.db.read(lambda conn: iw.all_vectors(conn, model, dim))
        index = VectorIndex(dim)
        index.upsert(ids, matrix)
        self.vectors = index
        await self.db.write(lambda conn: iw.save_model(conn, model, dim))
        self.backfill_pending = True
        self._embed_wakeup.set()
        logger.info("vectors_loaded", count=len(ids), model=model)

    def hold_embedding(self, seconds: float) -> None:
        """Let background embedding wait `seconds` from now (0: resume now). Why: a bulk job (an import of past
        sessions) writes hundreds of summaries while its own learning step needs the model; the summaries are
        searchable by BM25 at once and get their vectors when the job is done. A hold that is not renewed
        lapses by itself, so a job that dies cannot stop embedding for good."""
        self._held_until = time.monotonic() + max(seconds, 0.0)
        self._embed_wakeup.set()

    @property
    def embedding_held_s(self) -> float:
        """Seconds the hold on background embedding still lasts (0: none)."""
        return max(0.0, self._held_until - time.monotonic())

    async def run_embedding(self, stop: asyncio.Event) -> None:
        """Embed queued texts, one batch at a time, whenever no file is waiting and no hold is in force. Run under
        the supervisor."""
        while not stop.is_set():
            work = (len(self.to_embed) > 0 or self.backfill_pending) and self.embedding.ready
            now = time.monotonic()
            wait = max(0.0, self._embed_retry_at - now, self._held_until - now) if work else None
            if not work or wait:
                self._embed_wakeup.clear()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await wait_for_either(self._embed_wakeup, stop)
                continue
            if self._pending:  # file changes first: they make text searchable at all
                await wait_for_either(self._drained, stop)
                continue
            await self._embed_step()

    async def _embed_step(self) -> None:
        """Embed one batch of the newest texts without a vector; texts no chunk has any more are skipped."""
        model = self.embedding.model
        if not self.to_embed:
            missing = await self.db.read(lambda conn: iw.missing_vectors(conn, model, BACKFILL_FETCH))
            if not missing:
                self.backfill_pending = False
                return
            self.to_embed.push(reversed(missing))  # the newest last: taken first
        # One model batch (`[embedding] batch_size`) per step: a deleted note costs at most the step in flight.
        hashes = self.to_embed.take_newest(self.embedding.batch_size)
        texts = await self.db.read(lambda conn: iw.texts_to_embed(conn, model, hashes))
        if not texts:
            return
        try:
            vectors = await self._embed([t for _, t in texts])
        except Exception:  # isolation boundary: one background batch; tried again later, after the rest
            self._embed_failures += 1
            delay = min(5.0 * 2 ** (self._embed_failures - 1), MAX_EMBED_RETRY_S)
            self._embed_retry_at = time.monotonic() + delay
            self.to_embed.push_oldest(h for h, _ in texts)
            logger.exception("embedding_failed", texts=len(texts), retry_in_s=delay)
            return
        self._embed_failures = 0
        new = {h: vectors[i] for i, (h, _) in enumerate(texts)}
        await self.db.write(lambda conn: iw.cache_vectors(conn, model, new))
        pairs = await self.db.read(lambda conn: ids_with_embed_hashes(conn, list(new)))
        await self._apply_vectors([], pairs)

    async def _embed(self, texts: list[str]) -> np.ndarray:
        """The one place the indexer embeds passages (the embedding service runs one call at a time)."""
        vectors = await self.embedding.embed_passages(texts)
        self.progress.embedded += len(texts)
        self.embedded_total += len(texts)
        return vectors

    def status(self) -> dict[str, Any]:
        return {"pending": self.pending, "progress": self.progress.as_dict(self.pending)}

    @property
    def embedding_behind(self) -> bool:
        """Whether texts are still waiting for a vector (the model is loading or the queue is not empty)."""
        return bool(
            self.embedding.enabled and self.embedding.state != "failed" and (self.to_embed or self.backfill_pending)
        )


def _walked(root: Root) -> list[str]:
    return list(walk(root))

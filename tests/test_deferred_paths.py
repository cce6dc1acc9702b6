"""DeferredPaths: a path is due once left alone for `quiet_s`, and at the latest `max_s` after it was first named."""

from __future__ import annotations

from pipeline.ingest.deferred_paths import DeferredPaths

NOTE = ("home", "daily/2026-11-28.md")


def test_a_path_named_again_waits_again_but_never_past_its_bound() -> None:
    later = DeferredPaths()
    later.add(NOTE, 0.0, quiet_s=2.0, max_s=10.0)
    assert later.next_in(0.0) == 2.0 and later.take_due(1.9) == []
    for now in (1.5, 3.0, 4.5, 6.0, 7.5, 9.0):  # a burst of edits, each before the note was left alone
        later.add(NOTE, now, quiet_s=2.0, max_s=10.0)
    assert later.take_due(9.9) == [] and later.take_due(10.0) == [NOTE]  # the bound, not 9.0 + 2
    assert len(later) == 0 and later.next_in(10.0) is None


def test_a_path_left_alone_is_due_after_its_quiet_time_and_a_discarded_one_never() -> None:
    later = DeferredPaths()
    other = ("home", "daily/2026-11-27.md")
    later.add(NOTE, 0.0, quiet_s=2.0, max_s=10.0)
    later.add(other, 0.5, quiet_s=2.0, max_s=10.0)
    later.discard(other)  # queued at once by another call
    assert later.take_due(2.0) == [NOTE] and len(later) == 0

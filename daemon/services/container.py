"""Every service of the running daemon, as one typed object: what socket handlers are given."""

from __future__ import annotations

from dataclasses import dataclass

from daemon.app import App
from daemon.services.checks import Checker
from daemon.services.context import ContextService
from daemon.services.edits import EditRecorder
from daemon.services.indexing import IndexService
from daemon.services.learning.facts import FactStore
from daemon.services.learning.scheduler import Learning
from daemon.services.project_rules import ProjectRules
from daemon.services.rules_touch import RulesOnTouch
from daemon.services.session_slate import SessionSlate
from daemon.services.skills import SkillsService
from daemon.services.sync import SyncService
from daemon.services.transcripts.history_import import HistoryImport
from daemon.services.transcripts.inbox import Inbox


@dataclass(frozen=True, slots=True)
class Services:
    app: App
    index: IndexService
    projects: ProjectRules
    skills: SkillsService
    context: ContextService
    slate: SessionSlate
    rules: RulesOnTouch
    edits: EditRecorder
    facts: FactStore
    checks: Checker
    learning: Learning
    inbox: Inbox
    sync: SyncService
    history: HistoryImport

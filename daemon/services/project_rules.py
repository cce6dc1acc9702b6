"""Which project a path or cwd belongs to, and which rules files that project brings along.

The rules themselves reach an agent through the context assembly (daemon/services/context.py): at
SessionStart with the essentials, and on the first touch of a project's file (daemon/services/rules_touch.py)
when the session has not had them yet.
"""

from __future__ import annotations

from daemon.config import Settings
from daemon.services.errors import InvalidInput
from pipeline.agent.project_map import ProjectMap, RulesSource


class ProjectRules:
    """Maps paths to projects and projects to their rules files."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.map = ProjectMap.from_config(settings.home, settings.projects, settings.project_groups)

    def project_of(self, path: str | None) -> str | None:
        """The project whose folder or configured prefix contains `path`, else None."""
        return self.map.project_of(path)

    def project_for(self, cwd: str | None, given: str | None = None) -> str | None:
        """The named project if its folder exists, else the project folder named in `cwd`, else None."""
        if given:
            folder = self.settings.home / "areas" / "projects" / given
            if "/" in given or given in (".", "..") or not folder.is_dir():
                raise InvalidInput(f"no project '{given}' (expected a folder areas/projects/{given}/)")
            return given
        return self.map.project_of(cwd)

    def rules_sources(self, project: str) -> list[RulesSource]:
        """The project's own rules.md, then its groups' (only files that exist). Blocking (a few stats)."""
        return self.map.rules_sources(project)

"""Paths as the agent wrote them: POSIX, or Windows when a transcript comes from a Windows machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.agent.project_map import ProjectMap
from pipeline.agent_path import folder_name, folder_project, is_windows, relative_to


@pytest.mark.parametrize(
    ("cwd", "name"),
    [
        ("C:\\Users\\giulia\\src\\portale-soci", "portale-soci"),
        ("C:\\Users\\giulia\\src\\portale-soci\\", "portale-soci"),
        ("c:/Users/giulia/src/app", "app"),
        ("\\\\fileserver\\share\\team\\app", "app"),
        ("/home/dev/src/shop/", "shop"),
        ("/", ""),
        ("", ""),
    ],
)
def test_the_folder_name_of_either_flavour(cwd: str, name: str) -> None:
    assert folder_name(cwd) == name


def test_a_posix_path_with_a_backslash_or_colon_is_not_windows() -> None:
    assert not is_windows("/home/dev/odd\\name") and not is_windows("src:main") and is_windows("D:\\x")
    assert folder_project("/home/dev/My Project") == "My-Project" and folder_project("/") == ""


def test_relative_paths_inside_the_cwd_only_and_without_case_on_windows() -> None:
    assert relative_to("C:\\Users\\g\\app\\src\\Foo.cs", "c:\\users\\g\\APP") == "src/Foo.cs"
    assert relative_to("D:\\other\\Foo.cs", "C:\\Users\\g\\app") == "D:\\other\\Foo.cs"
    assert relative_to("/home/dev/shop/cart.py", "/home/dev/shop") == "cart.py"
    assert relative_to("/home/dev/shop/cart.py", "C:\\shop") == "/home/dev/shop/cart.py"
    assert relative_to("cart.py", "/home/dev/shop") == "cart.py"


def test_a_windows_cwd_maps_to_a_project_folder_and_a_configured_windows_prefix(tmp_path: Path) -> None:
    (tmp_path / "areas" / "projects" / "ricambi-api").mkdir(parents=True)
    projects = ProjectMap.from_config(tmp_path, {"C:\\Work\\Portale": "portale"}, {})
    assert projects.project_of("C:\\Users\\g\\src\\ricambi-api\\src\\Api") == "ricambi-api"
    assert projects.project_of("c:\\work\\portale\\members\\models.py") == "portale"
    assert projects.project_of("C:\\Work\\Portale2") is None

"""Packaging: every package ships (a non-editable install has migrations, queries and data too)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "etl").rglob("__init__.py")}
    for name, directory in config["package-dir"].items():
        found |= {
            name + "".join("." + part for part in p.parent.relative_to(ROOT / directory).parts)
            for p in (ROOT / directory).rglob("__init__.py")
        }
    assert found == listed


def test_console_script_and_plugin_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"paperdb": "etl.cli:main"}
    assert project["entry-points"]["datasette"] == {"paperdb": "etl.serve.plugin"}


def test_every_module_is_small_and_says_what_it_is_for():
    import ast

    for path in (ROOT / "etl").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert len(source.splitlines()) <= 350, f"{path.relative_to(ROOT)}: split it by concern"
        assert ast.get_docstring(ast.parse(source)), f"{path.relative_to(ROOT)}: no module docstring"


def test_every_data_file_of_a_package_is_package_data():
    """A non-editable install ships only what `package-data` names: templates, CSS, data files, and
    in migrations/ and queries/ (installed as etl.migrations, etl.queries) a revision's frozen
    registries and the canned queries."""
    from fnmatch import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = config["package-data"]
    for name, directory in config["package-dir"].items():
        for path in (ROOT / directory).rglob("*"):
            if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            installed = Path(*name.split("."), path.relative_to(ROOT / directory))  # (as the install names it)
            owners = [p for p in patterns if installed.as_posix().startswith(p.replace(".", "/") + "/")]
            assert owners, f"{path.relative_to(ROOT)}: not in package-data"
            owner = max(owners, key=len)
            inside = installed.relative_to(owner.replace(".", "/")).as_posix()
            assert any(fnmatch(inside, p) for p in patterns[owner]), f"{path.relative_to(ROOT)}: not in package-data"


@pytest.mark.xdist_group("grouping-check")
def test_tests_marked_with_an_xdist_group_run_on_one_worker(request):
    """`--dist loadgroup` (pyproject.toml) sends the tests of a group to one worker by the group
    name it adds to their ids; pytest 9.2 made that addition silently ineffective (pytest-xdist#1386),
    and the browser, samples and PostgreSQL fixtures were then built on every worker."""
    if getattr(request.config.option, "loadgroup", False):  # (on a worker of --dist loadgroup)
        assert request.node.nodeid.endswith("@grouping-check")

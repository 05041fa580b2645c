"""Revisions freeze the functions they need: no module of migrations/ (a revision, or the rules it
derives with in `rules_NNNN/`) imports paperdb's live code, whose behaviour changes when that code
does; a revision that needs a rule runs its own frozen copy, or leaves the work to the next load."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
FROZEN = "etl.migrations"  # (the package migrations/ is installed as)
# Live code a revision may still import, and why.
ALLOWED = {
    # Reads the files a load read, for the affiliations it did not keep: the whole reader stack,
    # used only where the file's bytes are the ones loaded (the revision says so).
    "versions/0028_authors_as_people.py": {"etl.errors", "etl.settings", "etl.sources", "etl.sources.files"},
}


def live_imports(source: str, package: str) -> set[str]:
    """The modules of `etl` outside the frozen migrations that `source` (a module of `package`) imports."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            found.add(".".join([*base, node.module or ""]).strip("."))
    return {name for name in found if name.split(".")[0] == "etl" and not name.startswith(FROZEN)}


def modules() -> list[str]:
    """The revisions and their frozen rules (env.py is Alembic's, and compares the live schema)."""
    found = [*MIGRATIONS.glob("versions/*.py"), *MIGRATIONS.glob("rules_*/*.py"), MIGRATIONS / "dialect.py"]
    return sorted(str(p.relative_to(MIGRATIONS)) for p in found)


@pytest.mark.parametrize("module", modules())
def test_no_revision_imports_live_code(module):
    package = ".".join([FROZEN, *Path(module).parent.parts])
    source = (MIGRATIONS / module).read_text(encoding="utf-8")
    assert live_imports(source, package) <= ALLOWED.get(module, set())


@pytest.mark.parametrize(
    "source, package, expected",
    [
        # Revision 0034 as it was first written: each paper's vector by the live similar rules.
        (
            "def _vectors():\n    from etl.extract.similar.select import select\n"
            "    from etl.load.similar_changed import _all_vectors, _new_vectors, _write_lists\n",
            "etl.migrations.versions",
            {"etl.extract.similar.select", "etl.load.similar_changed"},
        ),
        # Revisions 0014 and 0017 before they froze the identity rule.
        ("from etl.text.identity import paper_id\n", "etl.migrations.versions", {"etl.text.identity"}),
        ("import etl.text.identity\n", "etl.migrations.versions", {"etl.text.identity"}),
        # The frozen rules of 0028 read those of 0017 and 0026.
        (
            "from ..rules_0017.debris import repair\nfrom .latex import latex_to_text\n",
            "etl.migrations.rules_0028",
            set(),
        ),
        (
            "from etl.migrations.rules_0030.reviews import scale\nimport sqlalchemy as sa\n",
            "etl.migrations.versions",
            set(),
        ),
    ],
)
def test_live_imports_are_found_however_written(source, package, expected):
    assert live_imports(source, package) == expected

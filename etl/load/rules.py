"""What stored keyword scores are a function of, besides the corpus: the code of keyword
extraction (every module it imports, found by reading their imports, so none is forgotten), the
SQL that stores and labels keywords, the word lists and data files, and the topic taxonomy in use.
Their fingerprint is kept with the last rescore; when it differs, the next load rescores."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from ..digests import sha256
from ..errors import InputError
from ..extract.keywords import MAX_TAXONOMY_BYTES, taxonomy_path
from ..sources.files import read_regular_file

PACKAGE = Path(__file__).resolve().parent.parent  # the `etl` package
# Extraction, and the text forms ranked (`clean_abstract` and what it calls: markup, LaTeX): these
# modules and every module of paperdb they import, at any depth.
EXTRACTION = (
    "etl.extract.corpus",
    "etl.extract.keywords",
    "etl.extract.aliases",
    "etl.text.cleaning",
    "etl.text.debris",
)
# How ranked keywords become stored rows, labels and facet copies (these files alone: what they
# import is the store and the loader, which decide no keyword).
STORING = (
    "etl.load.keywords",
    "etl.load.incremental",
    "etl.load.feed",
    "etl.load.rows",
    "etl.load.labels",
)
DATA = "data"  # word lists and other data the rules read (the bundled listings aside)
VENUES = "registries/venues.csv"  # the venue registry, whose names a cited venue's are
# The import statements of a module, where a line starts (a `from` one's parenthesised names over
# several lines): each parsed alone, they give the imports the module's whole syntax tree gives
# (`tests/test_rules.py` asks it of every module of the package), at 2 % of its cost (parsing and
# walking the 58 modules' trees was 0.1 s of CPU of every load that changes something, issue 41).
IMPORT_LINE = re.compile(r"^[ \t]*((?:from[ \t]+[.\w]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*))|import[ \t][^\n]*)", re.M)


def fingerprint() -> str:
    """SHA-256 of the keyword rules, data files and topic taxonomy in use."""
    digest = sha256(_code_and_data())
    try:
        digest.update(b"taxonomy\0" + read_regular_file(taxonomy_path(), MAX_TAXONOMY_BYTES, "$PAPERDB_TOPICS"))
    except InputError:  # (loading the taxonomy reports what is wrong with it)
        digest.update(b"taxonomy unusable")
    return digest.hexdigest()


@lru_cache(maxsize=1)
def _code_and_data() -> bytes:
    digest = sha256()
    for path in rule_files():
        digest.update(f"{path.relative_to(PACKAGE).as_posix()}\0".encode())
        digest.update(path.read_bytes())
    return digest.digest()


def rule_files() -> list[Path]:
    """The source files of `EXTRACTION` with everything of paperdb they import, of `STORING`, the
    data files and the venue registry, sorted."""
    modules = _imported_closure(EXTRACTION) | set(STORING)
    files = {_source(module) for module in modules}
    files |= {p for p in (PACKAGE / DATA).rglob("*") if p.is_file() and "listings" not in p.parts}
    files.add(PACKAGE / VENUES)  # (the venues a citation names: `extract.keywords.citations`)
    return sorted(f for f in files if f is not None)


def _imported_closure(roots: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    pending = list(roots)
    while pending:
        module = pending.pop()
        if module in seen or _source(module) is None:
            continue
        seen.add(module)
        pending += _imports(module)
    return seen


def _source(module: str) -> Path | None:
    """The file of a module of the `etl` package (a package's __init__.py), or None."""
    parts = module.split(".")
    if parts[0] != "etl":
        return None
    base = PACKAGE.joinpath(*parts[1:])
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _imports(module: str) -> list[str]:
    """The modules of the `etl` package that `module` imports (a `from package import name` may
    name a submodule: both are listed, and only real files are followed)."""
    path = _source(module)
    assert path is not None
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in _statements(path.read_text(encoding="utf-8")):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.append(target)
            found += [f"{target}.{alias.name}" for alias in node.names]
    return [name for name in found if name.startswith("etl")]


def _statements(source: str) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of `source` (`IMPORT_LINE`; a line of a string that is none is passed over)."""
    found = []
    for match in IMPORT_LINE.finditer(source):
        try:
            found += [node for node in ast.parse(match[1]).body if isinstance(node, (ast.Import, ast.ImportFrom))]
        except SyntaxError:
            continue
    return found

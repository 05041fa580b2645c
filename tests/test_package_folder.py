"""The packaged files' folders (etl/settings.py `package_folder`), found without
`importlib.resources`: the folder it gives for each package whose files the code reads, an error for a
name that is no package of paperdb's, and the modules an edit's loader imports (issue 41: the
`importlib.resources` chain, `zipfile`, `tempfile`, `shutil`, `random`, `bz2` and `lzma`, was 2.8 MB
of a process under both of an edit's peaks)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files

import pytest

from etl.errors import PaperdbError
from etl.settings import package_folder

# Each package whose files the code reads, with one file it reads there.
PACKAGES = [
    ("etl", "data/spellings.txt"),
    ("etl", "registries/venues.csv"),
    ("etl.store", "extra_dictionary_1.txt"),
    ("etl.sources", "review_scales.csv"),
    ("etl.migrations", "versions"),
    ("etl.queries", "."),
]


@pytest.mark.parametrize(("package", "inside"), PACKAGES)
def test_a_package_folder_is_the_one_importlib_resources_gives(package, inside):
    folder = package_folder(package)
    assert str(folder) == str(files(package))
    assert (folder / inside).exists()


@pytest.mark.parametrize("name", ["etl.settings", "etl.no_such_package", "no_such_package"])
def test_a_name_that_is_no_package_is_an_error(name):
    with pytest.raises(PaperdbError, match="not a package of paperdb's"):
        package_folder(name)


# What a load's process imports before it reads a file: the loader, the keyword rules it fingerprints
# and the similar step's modules an edit runs.
IMPORTED = """
import json, sys
import etl.load, etl.load.rules, etl.extract.keywords.spellings, etl.load.similar_changed
print(json.dumps(sorted(set(sys.argv[1:]) & set(sys.modules))))
"""
UNNEEDED = ["importlib.resources", "zipfile", "tempfile", "shutil", "random", "bz2", "lzma"]


def test_an_edit_imports_no_archive_or_temporary_file_modules():
    out = subprocess.run([sys.executable, "-c", IMPORTED, *UNNEEDED], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []

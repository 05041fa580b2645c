"""Revision 0070 (read29): a database loaded before it gets the code status and the authors a cold
load gives, on records modelled on the catalogue's (NAACL 2022, ICRA 2021, IROS 2008)."""

from __future__ import annotations

from etl.load import load
from tests.helpers import json_folder, loaded_old_and_cold, marked_after_upgrade, rows


def paper(n: int, abstract: str, author: str = "Ada Lovelace", github: str = "") -> dict:
    return {
        "title": f"Paper {n}",
        "author": author,
        "status": "Poster",
        "id": f"p{n}",
        "github": github,
        "abstract": abstract,
    }


RECORDS = {
    "naacl2022.json": [
        # the source's `github` field copies the repository the abstract offers as data
        paper(
            1,
            "We propose MultiNERD. We release our dataset at https://github.com/Babelscape/multinerd.",
            github="https://github.com/Babelscape/multinerd",
        ),
        paper(
            2, "We propose X for maps. The dataset is available at https://github.com/huawei-noah/datasets/PePScenes"
        ),
        paper(3, "We propose Y for parsing. Our dataset and code are available at https://github.com/a/parser."),
    ],
    "iros2008.json": [
        paper(4, "We propose Z for grasping.", "Kenji Tahara;Suguru Arimoto;K. Tahara;S. Arimoto;Morio Yoshida"),
        paper(5, "We propose W for walking.", "J. Smith;A. Smith"),
    ],
}
STATUSES = "SELECT title, code_status FROM papers ORDER BY title"
SIGNED = "SELECT paper_id, position, name FROM paper_authors ORDER BY paper_id, position"
AUTHORS = "SELECT name, normalised, papers FROM authors ORDER BY normalised"


def test_revision_0070_takes_data_repositories_out_of_released_and_has_initials_read_again(tmp_path, monkeypatch):
    folder = json_folder(tmp_path / "d", RECORDS)
    old_rules = {
        "etl.extract.code_status.offers_data_alone": lambda text, link: False,
        "etl.text.authors._initialled": lambda key: key,
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert [s for _, s in rows(db, STATUSES)] == ["released", "released", "released", "none", "none"]
    assert [s for _, s in rows(cold, STATUSES)] == ["none", "none", "released", "none", "none"]
    assert len(rows(db, SIGNED)) == len(rows(cold, SIGNED)) + 2  # (K. Tahara, S. Arimoto)
    marked = marked_after_upgrade(db, "0069", "0070")
    assert rows(db, STATUSES) == rows(cold, STATUSES)
    assert [path.rsplit("/", 1)[-1] for (path,) in marked] == ["iros2008.json"]
    load(db, [str(folder)])
    for query in (STATUSES, SIGNED, AUTHORS):
        assert rows(db, query) == rows(cold, query), query
    assert ("Morio Yoshida",) in rows(db, "SELECT name FROM paper_authors WHERE position = 3")

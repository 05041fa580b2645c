"""Revision 0062: a GitHub address cut at a space (the eighth reader's item 7) is read whole, and a
Markdown link's words or a label before the abstract's last link say it is the paper's own code (item
10), on a database loaded before it as a cold load reads them, with the code status and repositories
that follow."""

from __future__ import annotations

import json
import re

from tests.helpers import loaded_old_and_cold, marked_after_upgrade, rows

# Real records of the catalogue, their abstracts' last sentences (AAAI 2022, WACV 2025, CVPR 2017,
# WACV 2025, AISTATS 2025, ICRA 2020).
RECORDS = [
    {
        "title": "Enhancing Pseudo Label Quality for Semi-supervised Domain-Generalized Medical Image Segmentation",
        "author": "Huifeng Yao; Xiaowei Hu; Xiaomeng Li",
        "status": "Technical",
        "abstract": "Our method sets new records on public datasets, i.e., M&Ms and SCGM. Code is available at"
        " https://github.com/XMed-Lab/EPL SemiDG.",
    },
    {
        "title": "Uncertainty Aware Interest Point Detection and Description",
        "author": "Jingbo Zeng; Zaiwang Gu",
        "status": "Poster",
        "github": "https://github.com/JingboZeng/UAPoint",
        "abstract": "We evaluate our method on a wide range of benchmarks and show that our method achieves"
        " state-of-the-art performance. Code will be released upon publication. Code will be released in"
        " https://github.com/JingboZeng/ UAPoint.",
    },
    {
        "title": "Robust Visual Tracking Using Oblique Random Forests",
        "author": "Le Zhang; Pierre Moulin",
        "status": "Poster",
        "abstract": "Our method gives competitive results on several challenging cases. The implementations of the"
        " proposed random forest are available at https://github.com/ZhangLeUestc/ Incremental-Oblique-Random-Forest.",
    },
    {
        "title": "Ray Gauss: Volumetric Gaussian-Based Ray Casting for Photorealistic Novel View Synthesis",
        "author": "Hugo Blanc; Jean-Emmanuel Deschaud",
        "status": "Poster",
        "abstract": "We achieve superior rendering quality compared to the state-of-the-art. The associated code is"
        " available at: github.com/hugobl1/ray gauss.",
    },
    {
        "title": "Understanding the Impact of Experimental and Observational Data",
        "author": "Jake Fawkes; Robin Evans",
        "status": "Poster",
        "abstract": "We demonstrate our methodology on both simulated and semi-synthetic datasets and make the"
        " [code available](https://github.com/Jakefawkes/Obs_and_exp_data).",
    },
    {
        "title": "CoarseHash: quantization of place recognition descriptors",
        "author": "Stephen Hausler; Michael Milford",
        "status": "Poster",
        "abstract": "We characterise the effect of variance re-scaling of data on quantization. Resource link:"
        " https://github.com/oravus/CoarseHash.",
    },
]
LINKS = """SELECT p.title, l."offset", l.url, l.url_key, l.raw, l.kind, l.owner, l.repo, l.is_official, l.source_id
FROM paper_links l JOIN papers p ON p.id = l.paper_id ORDER BY p.title, l."offset\""""
STATUSES = "SELECT title, code_status FROM papers ORDER BY title"
REPOS = "SELECT host, owner, name, url, url_key, papers FROM repos ORDER BY url_key"


def test_revision_0062_reads_a_github_name_cut_at_a_space_whole(tmp_path, monkeypatch):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "wacv2025.json").write_text(json.dumps(RECORDS), encoding="utf-8")
    old_rules = {
        "etl.extract.links._rejoined": lambda raw, path, rest, ends_text: (raw, path),
        "etl.extract.code_status._MARKDOWN_WORDS": re.compile(r"(?!)"),
        "etl.extract.code_status._labelled_last": lambda text, link, before, after: False,
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    before = [url for _, _, url, *_ in rows(db, LINKS)]
    assert "https://github.com/hugobl1/ray" in before and "https://github.com/ZhangLeUestc" in before
    statuses = dict(rows(db, STATUSES))
    assert statuses["Robust Visual Tracking Using Oblique Random Forests"] == "mentioned"
    assert statuses["CoarseHash: quantization of place recognition descriptors"] == "none"
    marked_after_upgrade(db, "0061", "0062")
    for query in (LINKS, STATUSES, REPOS):
        assert rows(db, query) == rows(cold, query)
    assert [
        (title[:20], url, official, source) for title, _, url, _, _, _, _, _, official, source in rows(cold, LINKS)
    ] == [
        ("CoarseHash: quantiza", "https://github.com/oravus/CoarseHash", 1, None),
        ("Enhancing Pseudo Lab", "https://github.com/XMed-Lab/EPL_SemiDG", 1, None),
        ("Ray Gauss: Volumetri", "https://github.com/hugobl1/ray_gauss", 1, None),
        ("Robust Visual Tracki", "https://github.com/ZhangLeUestc/Incremental-Oblique-Random-Forest", 1, None),
        # (the record gives the repository the abstract promises: one row, the abstract's)
        ("Uncertainty Aware In", "https://github.com/JingboZeng/UAPoint", 1, None),
        ("Understanding the Im", "https://github.com/Jakefawkes/Obs_and_exp_data", 1, None),
    ]
    assert rows(cold, STATUSES) == [
        ("CoarseHash: quantization of place recognition descriptors", "released"),
        (
            "Enhancing Pseudo Label Quality for Semi-supervised Domain-Generalized Medical Image Segmentation",
            "released",
        ),
        ("Ray Gauss: Volumetric Gaussian-Based Ray Casting for Photorealistic Novel View Synthesis", "released"),
        ("Robust Visual Tracking Using Oblique Random Forests", "released"),
        ("Uncertainty Aware Interest Point Detection and Description", "promised"),
        ("Understanding the Impact of Experimental and Observational Data", "released"),
    ]

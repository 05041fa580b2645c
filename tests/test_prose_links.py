"""A link is no prose for keywords, however it is written: arXiv writes a link as `this https URL`
(the link's text in markdown, or all that is left of it); sentences of the catalogue's abstracts."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.prose import clean
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
SENTENCES = [
    # COLM 2024, UAI 2024: markdown whose text is arXiv's
    "We open source a library at [this https URL](https://github.com/UFO-101/auto-circuit) that includes highly"
    " efficient implementations of a wide range of circuit discovery methods.",
    "Our code is available at [this https URL](https://github.com/ychika/DPSW).",
    # IJCAI 2021, WACV 2023: the text without its link
    "The attention maps are interpretable for the decision making of the DNNs. Our code is available at this https URL.",
    "Our source code and trained models are available at this https URL.",
    "Data is at this http URL and code at this HTTPS URL.",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_arxivs_link_text_is_no_prose(sentence):
    assert "URL" not in clean(sentence).upper().replace("URLS", "")


@pytest.mark.parametrize("sentence", SENTENCES)
def test_arxivs_link_text_is_no_keyword(sentence):
    keys = {k.normalised for k in rank_keywords(extract_terms(sentence, TAXONOMY), {}, 1, "A title")}
    assert not any("url" in key.split() for key in keys), keys


@pytest.mark.parametrize(
    "text",
    [
        "We detect erroneous URL links in web crawls.",  # (NeurIPS: a paper about URLs keeps them)
        "A URL classifier flags phishing pages.",
    ],
)
def test_url_as_a_word_stays(text):
    assert "URL" in clean(text)

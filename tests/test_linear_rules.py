"""Keyword rules take time linear in the text: adversarial 100,000-character abstracts finish (the
issue-25 report: `a.a.a.…` took 47 s in MAYBE_COINED). No timing is asserted: finishing is the check."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.coined import _VERSION_SUFFIX, MAYBE_COINED, looks_coined, maybe_coined
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
N = 100_000

ADVERSARIAL = {
    "dotted run": "a." * (N // 2),  # MAYBE_COINED searched every run again from each dot
    "quoted run": "a'" * (N // 2),
    "title word": "We propose A" + "a" * N,  # _PLAIN_NAME: where `[a-z]{2,}` ends was a choice
    "size after a name": "We propose Aaa " + "1" * N,  # _PLAIN_NAME's size: `[\w.]*\d[\w.]*`
    "version digits": "X" + "1" * N + "xy",  # _VERSION_SUFFIX: tried from every digit of a run
    "dotted versions": "Net" + "1." * (N // 2) + "x",
    "parentheses": "(AB) " * (N // 5),  # acronyms: the whole sentence before each parenthesis
    "definitions": " ".join(f"Alpha Beta (AB{i})" for i in range(N // 18)),  # names: every long form per token
    "repository suffixes": "Code: https://github.com/a/b" + "-public" * (N // 7) + "x .",
    "markdown links": "[](a[](" * (N // 7),
    "one bracket": "[" + "a" * N,
    "sentence break": "." + " " * N + "x",
    "tags": "<a" * (N // 2),
    "appositive": "The method, A" + "a" * (N // 2) + " B" + "b" * (N // 2),
    "claim": "FooNet" + " " * N + "outperforms",
    "hyphens": "a-" * (N // 2),
    "one word": "x" * N,
    "names": "We propose FooNet, " * (N // 19),
}


@pytest.mark.parametrize("text", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_adversarial_abstracts_finish(text):
    assert len(text) >= N - 20
    terms = extract_terms(text, TAXONOMY)
    rank_keywords(terms, {}, 1, title=text)


@pytest.mark.parametrize(
    "text, coined",
    [
        ("We present QuIP#, ZkAudit and ∂-CROWN.", ["QuIP#", "ZkAudit", "∂-CROWN"]),
        # (`GPT-4o` is well known; `BERT's` a possessive, round 8)
        ("Mamba-2 and GPT-4o beat e.g. BERT's scores.", ["Mamba-2"]),
        ("the state-of-the-art.GPT4 model", ["state-of-the-art.GPT4"]),
        ("naïve and Polyak-Łojasiewicz", []),  # (capitals outside ASCII make no coinage)
        ("a.a.a.a and x'y'z stay plain", []),
        ("trailing dots Foo-Bar... and 'QuotE'", ["Foo-Bar", "QuotE"]),
    ],
)
def test_coined_tokens_are_the_ones_they_were(text, coined):
    assert [m.group() for m in maybe_coined(text) if looks_coined(m.group())] == coined


@pytest.mark.parametrize(
    "text",
    [
        "We fine-tune LLaMA-2 (7B) on 1,000 GPT-4 dialogues; .NET, +Foo, 'BERT', _A1, -Net and x_Y stay as before.",
        "Sizes 3D, 8x7B, A100 and v1.2-beta; ∂-CROWN, QuIP#, e.g.FooNet, a.B.c, α1 and ٣B (Arabic digits).",
        "ends-with-Dash- and Quote’s’ ... and at the very end XY",
    ],
)
def test_coined_tokens_are_the_whole_texts_matches(text):
    """Runs without a coined character after their first are skipped, not read: the same tokens."""
    every = [(m.span(), m.group()) for m in MAYBE_COINED.finditer(text) if m.group(1) is not None]
    assert [(m.span(), m.group()) for m in maybe_coined(text)] == every and len(every) > 1


@pytest.mark.parametrize(
    "name, base",
    [("gpt-3.5", "gpt"), ("llama2", "llama"), ("resnet-56", "resnet"), ("qwen2.5", "qwen"), ("u-nets", "u-net")],
)
def test_version_suffixes_come_off_as_before(name, base):
    assert _VERSION_SUFFIX.sub("", name) == base

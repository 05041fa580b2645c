"""A paper no source gives the abstract of says its code is not known, not `none`: its code link
would be in the abstract (7,722 of the catalogue's papers, SIGGRAPH's, KDD's, ACM MM's, showed
"code: none" on their card and page; the eleventh reader); one with its abstract says no link was
found, not `none`, which a reader takes for "no code released" (read26: LIO-SAM, 1,964 citations, its
code on GitHub, as 1,088 of IROS 2020's 1,129 papers)."""

from __future__ import annotations

import asyncio
import sqlite3

from etl.serve.app import make_datasette
from etl.serve.paper import NO_ABSTRACT_CODE, NO_LINK_CODE


def get(ds, path):
    return asyncio.run(ds.client.get(path))


def test_a_paper_without_an_abstract_says_its_code_is_not_known(serve_copy):
    con = sqlite3.connect(serve_copy)
    with con:
        pk, other = (r[0] for r in con.execute("SELECT pk FROM papers WHERE code_status = 'none' ORDER BY pk LIMIT 2"))
        con.execute("UPDATE papers SET abstract = NULL, abstract_clean = NULL WHERE pk = ?", (pk,))
    con.close()
    ds = make_datasette(serve_copy)
    title = NO_ABSTRACT_CODE.replace("'", "&#39;")
    page = get(ds, f"/papers/papers/{pk}").text
    assert f'<span class="chip code-unknown" title="{title}">code: not known (no abstract)</span>' in page
    assert "code: none" not in page and "code: no link found" not in page
    no_link = NO_LINK_CODE.replace("'", "&#39;")
    found = f'<span class="chip code-none" title="{no_link}">code: no link found</span>'
    other_page = get(ds, f"/papers/papers/{other}").text  # (one with its abstract)
    assert found in other_page and "code: none" not in other_page
    cards = get(ds, f"/papers/papers?pk__in={pk},{other}").text
    assert cards.count('<span class="chip code-unknown"') == 1 and cards.count(found) == 1
    assert "code: none" not in cards and ">none: no link found</a>" in cards  # (the facet says it so too)

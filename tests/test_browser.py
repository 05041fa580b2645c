"""A real browser against `paperdb serve`: home page, search, a facet, a paper, the charts page,
emphasis in a table cell and the canned queries' results; each page checked is screenshotted
(tests/screenshots/)."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from tests.browser import CHROMIUM_FLAGS, ensure_chromium
from tests.helpers import Running

pytestmark = pytest.mark.xdist_group("browser")  # (one worker: one Chromium and one server, not one on each)

SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="module")
def server(serve_db):
    """`paperdb serve` on a port the system chooses; its URL, once it says it is serving."""
    with Running("serve", "--db", serve_db, "--port", "0") as process:
        said = process.first_line()  # (said once the server has started)
        if " serving " not in said:
            pytest.fail("paperdb serve did not start: " + said + process.stderr())
        yield said.rsplit(" at ", 1)[1].strip().rstrip("/")
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = ensure_chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.set_page_load_timeout(60)
    SCREENSHOTS.mkdir(exist_ok=True)
    yield driver
    driver.quit()


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def shot(driver, name: str) -> None:
    assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def wait_for(driver, condition, timeout: float = 20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def test_browse_search_facet_and_charts(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    assert "paperdb" in browser.title
    assert "papers: ICML 2024" in browser.find_element(By.TAG_NAME, "body").text  # what is loaded, from the data
    shot(browser, "1-home")
    assert console_errors(browser) == []

    browser.find_element(By.CSS_SELECTOR, 'a[href="/papers/papers"]').click()
    wait_for(browser, lambda d: "/papers/papers" in d.current_url)
    cards = browser.find_elements(By.CSS_SELECTOR, "li.paper-card")
    assert len(cards) >= 20 and cards[0].find_element(By.CSS_SELECTOR, "h3 a").text
    # the column descriptions are folded into one line, above the rows
    box = browser.find_element(By.CSS_SELECTOR, "details.column-descriptions-box")
    assert not box.get_attribute("open") and box.find_elements(By.CSS_SELECTOR, "dl.column-descriptions")
    shot(browser, "2-papers")

    box = browser.find_element(By.NAME, "_search")
    box.send_keys("quantization")
    box.submit()
    wait_for(browser, lambda d: "_search=quantization" in d.current_url)
    cards = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "li.paper-card"))
    assert cards, "the search found nothing"
    shot(browser, "3-search")
    assert console_errors(browser) == []

    facet = browser.find_element(By.CSS_SELECTOR, '.facet-info[data-column="topics"] li a')
    topic = facet.text
    facet.click()
    wait_for(browser, lambda d: "_topic=" in d.current_url)
    chips = browser.find_elements(By.CSS_SELECTOR, "li.paper-card .chip.kind-topic")
    assert chips and all(
        topic in [c.text for c in card.find_elements(By.CSS_SELECTOR, ".chip.kind-topic")]
        for card in browser.find_elements(By.CSS_SELECTOR, "li.paper-card")
    )
    shot(browser, "4-facet")
    assert console_errors(browser) == []

    # a paper's page, from its card, and back to its rows through the counts it shows
    link = browser.find_element(By.CSS_SELECTOR, "li.paper-card h3 a")
    title = link.text
    link.click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.paper-page h1"))
    assert browser.find_element(By.CSS_SELECTOR, "article.paper-page h1").text == title
    assert browser.find_elements(By.CSS_SELECTOR, ".paper-abstract p")
    shot(browser, "5-paper")
    assert console_errors(browser) == []
    counts = {
        a.text.split(" ", 1)[1]: a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".counts a")
    }
    paper_page = browser.current_url
    browser.get(counts["keywords"])
    rows = browser.find_elements(By.CSS_SELECTOR, "table.rows-and-columns tbody tr")
    assert rows
    # every row links back to the same paper
    back = {a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "td.col-paper_id a")}
    assert len(back) == 1
    browser.get(back.pop())
    assert browser.current_url == paper_page

    # a related paper and a keyword chip lead somewhere real
    related = browser.find_elements(By.CSS_SELECTOR, "ol.related a")
    if related:
        related[0].click()
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.paper-page h1"))
        browser.back()
    browser.find_element(By.CSS_SELECTOR, ".paper-page .chips a.chip").click()
    wait_for(browser, lambda d: "_keyword=" in d.current_url or "_topic=" in d.current_url)
    assert browser.find_elements(By.CSS_SELECTOR, "table.rows-and-columns tbody tr, li.paper-card")
    shot(browser, "6-keyword")

    # ranked search results link to the papers' pages (by id; by title too where there is one)
    browser.get(server + "/papers/search?q=lattice+codebooks")
    found = browser.find_elements(By.CSS_SELECTOR, "td.col-id a")
    assert found and all("/-/paper/" in a.get_attribute("href") for a in found)
    found[0].click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.paper-page h1"))
    assert "QuIP#" in browser.find_element(By.CSS_SELECTOR, ".paper-abstract").text  # the best match
    browser.back()
    shot(browser, "7-ranked-search")

    browser.get(server + "/papers/papers?_search=prompt+injection+attacker")
    assert browser.execute_script("return window.pwned") is None  # the stored <script> did not run
    browser.find_element(By.CSS_SELECTOR, "li.paper-card details.abstract summary").click()
    shown = browser.find_element(By.CSS_SELECTOR, "li.paper-card details.abstract").text
    assert "<script>window.pwned = 1</script>" in shown

    browser.get(server + "/")
    browser.find_element(By.LINK_TEXT, "charts").click()
    wait_for(browser, lambda d: "/-/dashboards/paperdb" in d.current_url)
    for chart in ("topics", "status"):
        wait_for(browser, lambda d, c=chart: d.find_elements(By.CSS_SELECTOR, f"#chart-{c} svg, #chart-{c} canvas"), 30)
    # the venue and year selectors say what they hold (they were blank boxes)
    shown = [
        browser.execute_script("return arguments[0].options[arguments[0].selectedIndex].text", select)
        for select in browser.find_elements(By.CSS_SELECTOR, "select")
    ]
    assert "all venues" in shown and "all years" in shown, shown
    shot(browser, "8-charts")
    assert console_errors(browser) == []


def test_emphasis_in_a_table_cell_reads_as_emphasis(server, browser):
    """Datasette styles `td em` small and grey (its notes); an abstract's emphasis keeps its size
    and colour, in italics."""
    from selenium.webdriver.common.by import By

    browser.get(server + "/papers/papers?_view=table&_search=alternating")
    em = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "td .abstract-text em"))[0]
    cell = em.find_element(By.XPATH, "./ancestor::td")
    assert em.text == "alternating"
    assert em.value_of_css_property("font-style") == "italic"
    assert em.value_of_css_property("font-size") == cell.value_of_css_property("font-size")
    assert em.value_of_css_property("color") == cell.value_of_css_property("color")
    shot(browser, "9-emphasis")


def test_ranked_results_say_where_each_paper_is_from(server, browser):
    from selenium.webdriver.common.by import By

    for name, path in [
        ("10-search", "/papers/search?q=quantization"),
        ("11-papers-by-keyword", "/papers/papers_by_keyword?keyword=graph+neural+networks"),
        ("12-papers-by-institution", "/papers/papers_by_institution?institution=University+of+Cambridge"),
    ]:
        browser.get(server + path)
        rows = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "table.rows-and-columns tbody tr"))
        for column in ("title", "venue", "year"):
            cells = browser.find_elements(By.CSS_SELECTOR, f"table.rows-and-columns tbody td.col-{column}")
            assert len(cells) == len(rows) and all(c.text for c in cells), (path, column)
        if "search" in path:  # a readable snippet (it was a 110 px column of very tall rows)
            snippet = browser.find_element(By.CSS_SELECTOR, "td.col-snippet")
            assert snippet.size["width"] >= 300 and snippet.find_elements(By.TAG_NAME, "mark")
        # the tab says the query's title, not its SQL
        assert "SELECT" not in browser.title.upper() and browser.title.strip(), browser.title
        shot(browser, name)
        assert console_errors(browser) == []


WIDE = 1400  # the window a reader's pages must fit, without scrolling sideways


def page_width(driver) -> tuple[int, int]:
    """(the document's width, the widest table of results or SQL shown, with what it scrolls) in CSS
    pixels (a paper's raw row, folded, is not shown)."""
    return driver.execute_script(
        "return [document.documentElement.scrollWidth, Math.max(0, ...Array.from("
        "document.querySelectorAll('.table-wrapper, pre'),"
        " e => e.checkVisibility() ? Math.ceil(e.getBoundingClientRect().left) + e.scrollWidth : 0))]"
    )


def test_pages_fit_a_1400_px_window_and_the_keyword_charts_legend_has_its_colours(server, browser, serve_db):
    """Every page one click from the home page, every canned query as it opens (with its example)
    and a paper's page fit 1,400 px; the keyword chart names each line in its colour; compare_periods
    shows its results first, each keyword once."""
    from selenium.webdriver.common.by import By

    browser.set_window_size(WIDE, 1000)
    try:
        browser.get(server + "/")
        assert browser.execute_script("return window.innerWidth") == WIDE
        shot(browser, "wide-1-home")
        linked = {a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "a[href]")}
        browser.get(server + "/papers")
        queries = {a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "h2#queries + ul li a")}
        assert len(queries) >= 15
        # (not paper_sources: what each file said, 24 columns that scroll as Datasette shows them; the
        # home page lists it here only because this database is small: the catalogue's lists it not)
        raw = server + "/papers/paper_sources"
        pages = sorted(
            url for url in linked | queries if url.startswith(server) and "/-/static" not in url and url != raw
        )
        browser.get(server + "/papers/papers?_sort=title")
        pages.append(browser.find_element(By.CSS_SELECTOR, "li.paper-card h3 a").get_attribute("href"))
        too_wide = {}
        for url in pages:
            browser.get(url)
            document, tables = page_width(browser)
            if max(document, tables) > WIDE:
                too_wide[url] = (document, tables)
            assert console_errors(browser) == [], url
        assert too_wide == {}
        shot(browser, "wide-2-paper")

        con = sqlite3.connect(serve_db)  # (the keyword papers have in the most ways: a line for each)
        keyword = con.execute(
            "SELECT keyword_id FROM keyword_trend_counts GROUP BY keyword_id ORDER BY count(DISTINCT kind) DESC LIMIT 1"
        ).fetchone()[0]
        con.close()
        browser.get(f"{server}/papers/keywords/{keyword}")
        chart = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "svg.share-chart"))[0]
        lines = chart.find_elements(By.TAG_NAME, "polyline")
        legend = chart.find_elements(By.CSS_SELECTOR, "text.legend")
        assert len(lines) >= 2 and len(legend) == len(lines)  # (the fixture's most: author and topic)
        shown = [browser.execute_script("return getComputedStyle(arguments[0]).fill", t) for t in legend]
        assert shown == [
            browser.execute_script("return getComputedStyle(arguments[0]).stroke", p)
            for p in chart.find_elements(By.TAG_NAME, "polyline")
        ]
        assert len(set(shown)) == len(shown)  # (one colour a line, none the axes' grey)
        shot(browser, "wide-3-keyword-chart")

        browser.get(server + "/papers/compare_periods?first=2023&second=2024&min_papers=1")
        table = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "table.rows-and-columns"))[0]
        assert not browser.find_elements(By.ID, "sql-query")  # (its 60 lines of SQL on request only)
        assert table.location["y"] < 1000  # (the results on the first screen)
        names = [td.text for td in table.find_elements(By.CSS_SELECTOR, "td.col-name")]
        assert names and len(names) == len(set(names))
        shot(browser, "wide-4-compare-periods")
    finally:
        browser.set_window_size(1280, 1000)


# Math renders as math (issue #35): real catalogue records with formulas (tests/fixtures/math/), loaded
# into a database of their own and served; kept apart from the tests above, which use serve_db.
MATH_RECORDS = Path(__file__).parent / "fixtures" / "math"
# What is left of the TeX a reader sees, outside the page's drawn formulas (as scripts/math_left.py counts).
VISIBLE_TEX = r"""const copy = document.querySelector(arguments[0]).cloneNode(true);
copy.querySelectorAll("math").forEach((m) => m.remove());
return copy.textContent.match(/\\[A-Za-z]+|_\\|\^/g);"""


@pytest.fixture(scope="module")
def math_server(tmp_path_factory):
    from tests.helpers import paperdb

    db = str(tmp_path_factory.mktemp("math") / "math.db")
    loaded = paperdb("load", str(MATH_RECORDS), "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    with Running("serve", "--db", db, "--port", "0") as process:
        said = process.first_line()
        if " serving " not in said:
            pytest.fail("paperdb serve did not start: " + said + process.stderr())
        yield said.rsplit(" at ", 1)[1].strip().rstrip("/")
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


@pytest.mark.parametrize(
    "title, name",
    [
        ("Weakly-Supervised Multi-Person Action Recognition", "13-paper-math-360-degrees"),  # 360$^{\circ}$, 360^ \circ
        ("Surrogate regret bounds", "14-paper-math-f-beta"),  # $F_\\beta$-measure (F_\β before)
        ("A near-optimal algorithm for finite partial-monitoring", "15-paper-math-bare"),  # \tilde O(\sqrtN’T)
    ],
)
def test_a_paper_page_draws_its_math(math_server, browser, title, name):
    """The heading and abstract of a paper with formulas: drawn as MathML (laid out by the browser's
    MathML engine, not shown as tags or text), no TeX left outside them, the page's own text intact."""
    from selenium.webdriver.common.by import By

    browser.get(math_server + "/papers/papers?_search=" + title.split()[0].replace("-", " "))
    link = next(a for a in browser.find_elements(By.CSS_SELECTOR, "li.paper-card h3 a") if title in a.text)
    link.click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.paper-page h1"))
    shot(browser, name)
    formulas = browser.find_elements(By.CSS_SELECTOR, "article.paper-page h1 math, .paper-abstract math")
    assert formulas
    for formula in formulas:
        assert formula.value_of_css_property("display") in ("math", "inline math", "block math")  # (MathML layout)
        assert formula.size["width"] > 0 and formula.size["height"] > 0
    for scripted in browser.find_elements(By.CSS_SELECTOR, "article.paper-page msup, article.paper-page msub"):
        base, script = scripted.find_elements(By.XPATH, "./*")[:2]  # a script is drawn raised or lowered
        if not base.rect["height"]:  # (`360$^{\circ}$`: a script of nothing, after the text)
            continue
        middle = {k: e.rect["y"] + e.rect["height"] / 2 for k, e in (("base", base), ("script", script))}
        above = middle["script"] < middle["base"]
        assert above == (scripted.tag_name == "msup"), (scripted.get_attribute("outerHTML"), base.rect, script.rect)
    for part in ("article.paper-page h1", ".paper-abstract"):
        assert browser.execute_script(VISIBLE_TEX, part) is None, part
    assert title in browser.find_element(By.CSS_SELECTOR, "article.paper-page h1").text
    assert console_errors(browser) == []


REVIEW_RECORDS = Path(__file__).parent / "fixtures" / "reviews"


@pytest.fixture(scope="module")
def reviews_server(tmp_path_factory):
    """`paperdb serve` over the catalogue's review excerpts (tests/fixtures/reviews/: ICLR 2017's
    rejections, posters, an oral and a workshop paper with every reviewer's scores, ALT 2025, ...)."""
    from tests.helpers import paperdb

    db = str(tmp_path_factory.mktemp("reviews") / "reviews.db")
    loaded = paperdb("load", str(REVIEW_RECORDS), "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    with Running("serve", "--db", db, "--port", "0") as process:
        said = process.first_line()
        if " serving " not in said:
            pytest.fail("paperdb serve did not start: " + said + process.stderr())
        yield said.rsplit(" at ", 1)[1].strip().rstrip("/")
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


def test_a_venues_rating_distribution_and_a_papers_scores(reviews_server, browser):
    """The ratings page opens with the most rated venue-year (ICLR 2017 here) and draws its four
    charts; ALT 2025's first paper shows each reviewer's rating and confidence beside its decision,
    the authors' and the area chair's slots struck through."""
    from selenium.webdriver.common.by import By

    browser.get(reviews_server + "/-/dashboards/ratings")
    wait_for(browser, lambda d: "venue=ICLR" in d.current_url and "year=2017" in d.current_url)
    for chart in ("distribution", "boundary", "scores", "citations"):
        wait_for(browser, lambda d, c=chart: d.find_elements(By.CSS_SELECTOR, f"#chart-{c} svg, #chart-{c} canvas"), 30)
    shown = [
        browser.execute_script("return arguments[0].options[arguments[0].selectedIndex].text", select)
        for select in browser.find_elements(By.CSS_SELECTOR, "select")
    ]
    assert shown == ["ICLR", "2017"], shown
    shot(browser, "16-ratings-iclr-2017")
    legend = browser.execute_script(  # (outcome, its colour) as the distribution's legend draws them
        "const l = document.querySelector('#chart-distribution .role-legend');"
        "const names = [...l.querySelectorAll('.role-legend-label text')].map(t => t.textContent);"
        "const fills = [...l.querySelectorAll('.role-legend-symbol path')].map(p => p.getAttribute('fill'));"
        "return names.map((n, i) => [n, fills[i]]);"
    )
    from etl.serve.ratings import OUTCOMES

    assert {name for name, _ in legend} == {"oral", "poster", "rejected", "workshop"}, legend  # (those it has)
    assert all(fill == OUTCOMES[name] for name, fill in legend), legend
    assert console_errors(browser) == []

    browser.get(reviews_server + "/papers/venue_ratings?venue=ICLR&year=2017")
    outcomes = {td.text for td in browser.find_elements(By.CSS_SELECTOR, "td.col-outcome")}
    assert {"rejected", "poster", "oral", "workshop"} <= outcomes
    shot(browser, "17-venue-ratings-query")

    browser.get(reviews_server + "/-/paper/2XAAdvSlP2")  # (ALT 2025: `0;0;7;7;7`, `0;4;3;5;5`)
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "article.paper-page .paper-scores"))
    scores = browser.find_element(By.CSS_SELECTOR, ".paper-scores")
    fields = {
        f.find_element(By.CSS_SELECTOR, ".score-name").text: [
            s.text for s in f.find_elements(By.CSS_SELECTOR, ".score")
        ]
        for f in scores.find_elements(By.CSS_SELECTOR, ".score-field")
    }
    assert fields == {"rating": ["0", "0", "7", "7", "7"], "confidence": ["0", "4", "3", "5", "5"]}
    struck = scores.find_elements(By.CSS_SELECTOR, ".score.missing")
    assert len(struck) == 4 and all(s.value_of_css_property("text-decoration-line") == "line-through" for s in struck)
    assert struck[0].get_attribute("title") == "Authors, not a review"
    decision = browser.find_element(By.CSS_SELECTOR, ".paper-meta .chip")
    assert (
        decision.text.startswith("accepted")
        and decision.location["y"] < scores.location["y"] < decision.location["y"] + 80
    )
    assert "mean 7.00" in scores.text and "3 reviews" in scores.text
    shot(browser, "18-paper-scores")
    assert console_errors(browser) == []

"""The charts page (datasette-dashboards): papers and code availability per topic, a keyword's (or
the largest topics') share of each year's papers, and the code status of all papers, each with its
numbers, narrowed by a venue and a year.

Readable whatever the filter: the venue and year selectors name what they hold (`all venues`,
`all years`) rather than showing blank boxes; each code status keeps its colour from one filter to
the next (a fixed scale, not colours handed out in the order the statuses come); and each bar's
number fits inside its chart (the scale reaches past the longest bar), where the chart's
"…" menu never covers it.
"""

from __future__ import annotations

from .site import DATABASE
from .trends import shares_chart

ALL = {"venue": "all venues", "year": "all years"}  # the selectors' first option: no filter
# Each chart query keeps a `[[ ... ]]` part only when the filter is set (datasette-dashboards'
# optional clauses); the first option sets it to no filter.
WHERE_VENUE_YEAR = (
    "WHERE 1 = 1 [[ AND (:venue = 'all venues' OR p.venue = :venue) ]]"
    " [[ AND (:year = 'all years' OR p.year = :year) ]]"
)
# Papers per topic and the share with released code, from each paper's topics (papers.topics, the
# copy kept for facets and read from its index), the released papers through their own index.
TOPICS = f"""
WITH total AS (SELECT t.value AS topic, count(*) AS papers FROM papers p, json_each(p.topics) t
               {WHERE_VENUE_YEAR} GROUP BY t.value),
released AS (SELECT t.value AS topic, count(*) AS papers FROM papers p, json_each(p.topics) t
             {WHERE_VENUE_YEAR} AND p.code_status = 'released' GROUP BY t.value)
SELECT total.topic, total.papers, round(100.0 * coalesce(released.papers, 0) / total.papers, 1) AS percent_with_code
FROM total LEFT JOIN released ON released.topic = total.topic
"""
# Every code status a paper can have (etl/extract/code_status.py), each with its colour.
CODE_COLOURS = {"released": "#2e7d32", "promised": "#f9a825", "mentioned": "#1f77b4", "none": "#b0b0b0"}
LABELLED_FROM = 0.04  # the smallest share of the papers whose slice of the code-status chart is numbered
# The code chart's topics: a share of 2 papers in 3 topped CoRL's chart above robotics' 984 papers, so
# a topic shows with at least 1/50 of the largest topic's papers (and 3), each bar with its papers.
MIN_PAPERS, SHARE_OF_LARGEST = 3, 50
ROOM = 1.2  # how far each bar chart's scale reaches past its longest bar, for the numbers
# ... and for a label of up to 16 characters (`53.5% of 43`, `100.0% of 12,345`): at 1.2 the code
# chart's longest bar read `53.5% of 4` (reader6 item 11); the scale reaches 1.2 plus a 40th of it a
# character past the number's 3 (each character about a 40th of a chart's width of bars).
LABEL_CHARACTERS = 16
LABEL_ROOM = round(ROOM + (LABEL_CHARACTERS - 3) / 40, 3)


def _bars(title: str, query: str, x: str, y: str, x_title: str, label: str | None = None) -> dict:
    """A horizontal bar chart with each bar's number at its end (or `label`, a Vega expression of
    the row); `query` also gives `room`, where the scale ends (an invisible point there keeps the
    numbers inside the chart)."""
    encoding = {
        "y": {"field": y, "type": "nominal", "sort": "-x", "title": None, "axis": {"labelLimit": 400}},
        "x": {"field": x, "type": "quantitative", "title": x_title},
    }
    display: dict = {
        "encoding": encoding,
        "layer": [
            {"mark": {"type": "bar", "tooltip": True}},
            {
                "mark": {"type": "text", "align": "left", "dx": 3},
                "encoding": {"text": {"field": "label" if label else x}},
            },
            {"mark": {"type": "point", "opacity": 0}, "encoding": {"x": {"field": "room", "type": "quantitative"}}},
        ],
    }
    if label:
        display["transform"] = [{"calculate": label, "as": "label"}]
    return {
        "title": title,
        "db": DATABASE,
        "query": f"SELECT *, max({x}) OVER () * {LABEL_ROOM if label else ROOM} AS room FROM ({query})",
        "library": "vega-lite",
        "display": display,
    }


def _selector(column: str, order: str) -> dict:
    return {
        "name": column.capitalize(),
        "type": "select",
        "db": DATABASE,
        "default": ALL[column],
        # as text: the request's value is text, and the dropdown shows the option equal to it
        "query": f"SELECT '{ALL[column]}' UNION ALL"
        f" SELECT * FROM (SELECT DISTINCT CAST({column} AS TEXT) FROM papers ORDER BY {column} {order})",
    }


def _status() -> dict:
    return {
        "title": "Code availability (a thin slice's papers: point at it)",
        "db": DATABASE,
        "query": f"SELECT p.code_status, count(*) AS papers FROM papers p {WHERE_VENUE_YEAR} GROUP BY p.code_status",
        "library": "vega-lite",
        "display": {
            # (each slice's share: a number beside a thin slice would sit on its neighbour's, as 820
            # `mentioned` did on 6,275 `released` of 90,525 papers; a slice's tooltip has them all)
            "transform": [
                {"joinaggregate": [{"op": "sum", "field": "papers", "as": "total"}]},
                {"calculate": "datum.papers / datum.total", "as": "share"},
            ],
            "encoding": {
                "theta": {"field": "papers", "type": "quantitative", "stack": True},
                "color": {
                    "field": "code_status",
                    "type": "nominal",
                    "title": "code status",
                    "scale": {"domain": list(CODE_COLOURS), "range": list(CODE_COLOURS.values())},
                },
            },
            "layer": [
                {"mark": {"type": "arc", "innerRadius": 40, "outerRadius": 110, "tooltip": True}},
                {
                    "mark": {"type": "text", "radius": 130, "fontSize": 13},
                    "encoding": {
                        "text": {
                            "condition": {"test": f"datum.share < {LABELLED_FROM}", "value": ""},
                            "field": "papers",
                            "type": "quantitative",
                            "format": ",",
                        }
                    },
                },
            ],
        },
    }


def dashboard() -> dict:
    """The charts page's configuration for datasette-dashboards."""
    return {
        "title": "Papers at a glance",
        "description": "Research topics, how often their papers release code, a keyword's or the largest"
        " topics' share of each year's papers, and the code status of all papers; choose a venue or year"
        " to narrow the charts (the shares per year follow the venue), or type a keyword.",
        "filters": {
            "venue": _selector("venue", "ASC"),
            "year": _selector("year", "DESC"),
            "keyword": {"name": "Keyword (for its share per year)", "type": "text"},
        },
        "layout": [["topics", "code"], ["shares", "shares"], ["status", "status"]],
        "charts": {
            "shares": shares_chart(DATABASE),
            "topics": _bars(
                "Papers per topic",
                f"SELECT topic, papers FROM ({TOPICS}) ORDER BY papers DESC",
                "papers",
                "topic",
                "papers",
            ),
            "code": _bars(
                f"Papers with released code, per topic (%; the topics at least 1/{SHARE_OF_LARGEST} the size of the largest)",
                f"SELECT topic, papers, percent_with_code FROM ({TOPICS})"
                f" WHERE papers >= max({MIN_PAPERS}, (SELECT max(papers) FROM ({TOPICS})) / {SHARE_OF_LARGEST})"
                " ORDER BY percent_with_code DESC",
                "percent_with_code",
                "topic",
                "% of the topic's papers",
                label="format(datum.percent_with_code, '.1f') + '% of ' + format(datum.papers, ',')",
            ),
            "status": _status(),
        },
    }

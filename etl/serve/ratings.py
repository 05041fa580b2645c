"""The ratings page (datasette-dashboards, `/-/dashboards/ratings`): how a venue's papers of a year were
rated, by what became of them, where acceptance stopped, every reviewer's scores, and ratings against
citations; one venue and year at a time (scales differ between venues), the most rated by default."""

from __future__ import annotations

from .site import DATABASE

SLUG = "ratings"
# The venue-year whose papers most have ratings and whose decisions went both ways: what the page
# opens with (ACM MM 2024's 1,148 rated papers, all accepted, made a page of 100 % bars).
MOST_RATED = """SELECT venue, year FROM papers WHERE rating_avg IS NOT NULL
GROUP BY venue, year
ORDER BY sum(decision = 'accepted') > 0 AND sum(decision = 'rejected') > 0 DESC, count(*) DESC, venue, year DESC
LIMIT 1"""
WHERE = "WHERE venue = :venue AND year = CAST(:year AS INTEGER)"
# What became of a paper, one word: its presentation when accepted (oral, spotlight, poster), else the decision.
OUTCOME = "CASE WHEN decision IN ('accepted', 'unknown') AND presentation != '' THEN presentation ELSE decision END"
# Outcomes in the order a reader ranks them, each with its colour (others: Vega's next ones).
OUTCOMES = {
    "oral": "#1b5e20",
    "spotlight": "#43a047",
    "poster": "#9ccc65",
    "accepted": "#c5e1a5",
    "workshop": "#fbc02d",
    "withdrawn": "#9e9e9e",
    "rejected": "#e53935",
    "unknown": "#bdbdbd",
}
# Each row carries its outcome's colour (`colour`), so a legend lists the outcomes the chart has,
# each in its colour, in the order above.
# (Vega-Lite 6 orders a range read from a field by the domain's values, A to Z, whatever the
# encoding's sort: the legend lists the outcomes so, or their colours would be another's.)
COLOUR = (
    "CASE outcome " + " ".join(f"WHEN '{o}' THEN '{c}'" for o, c in OUTCOMES.items()) + " ELSE '#6d4c41' END AS colour"
)
COLOURS = {"field": "outcome", "type": "nominal", "title": "outcome", "scale": {"range": {"field": "colour"}}}
# A chart with no row to draw says so (a row of its own, `note`, that only this text mark shows).
NO_DATA = {
    "mark": {"type": "text", "fontSize": 13, "color": "#555"},
    "encoding": {"text": {"field": "note"}, "x": {"value": 200}, "y": {"value": 60}},
    "transform": [{"filter": "datum.note"}],
}


def _said_when_empty(query: str, columns: str, note: str) -> str:
    """`query` (rows of `columns`), or one row of NULLs with `note` when it has no row."""
    nulls = ", ".join("NULL" for _ in columns.split(","))
    return (
        f"WITH found AS ({query}) SELECT {columns}, NULL AS note FROM found"
        f" UNION ALL SELECT {nulls}, '{note}' WHERE NOT EXISTS (SELECT 1 FROM found)"
    )


def _chart(title: str, query: str, display: dict) -> dict:
    return {"title": title, "db": DATABASE, "query": query, "library": "vega-lite", "display": display}


def _selector(column: str, order: str, default: str | None) -> dict:
    selector = {
        "name": column.capitalize(),
        "type": "select",
        "db": DATABASE,
        "query": f"SELECT DISTINCT CAST({column} AS TEXT) FROM papers WHERE rating_avg IS NOT NULL"
        f" ORDER BY {column} {order}",
    }
    return selector | ({"default": default} if default else {})


def ratings_dashboard(most_rated: tuple[str, int] | None = None) -> dict:
    """The ratings page's configuration; it opens with `most_rated` (venue, year) when given."""
    venue, year = most_rated or (None, None)
    rating = {"field": "rating", "type": "ordinal", "title": "mean rating (half-point bucket)", "sort": "ascending"}
    return {
        "title": "Ratings",
        "description": "Reviewers' ratings of a venue's papers in a year, from every reviewer's kept score (the"
        " reviews table): the papers per mean rating by what became of them, the share accepted at each rating"
        " (the acceptance boundary), every reviewer's scores of each field, and ratings against the citations"
        " the papers went on to get. Choose a venue and a year: scales differ from venue to venue.",
        "filters": {
            "venue": _selector("venue", "ASC", venue),
            "year": _selector("year", "DESC", str(year) if year else None),
        },
        "layout": [["distribution", "distribution"], ["boundary", "scores"], ["citations", "citations"]],
        "charts": {
            "distribution": _chart(
                "Papers per mean rating",
                f"SELECT rating, outcome, papers, {COLOUR}"
                f" FROM (SELECT rating, {OUTCOME} AS outcome, papers FROM rating_distribution {WHERE})",
                {
                    "mark": {"type": "bar", "tooltip": True},
                    "encoding": {
                        "x": rating,
                        "y": {"field": "papers", "type": "quantitative", "stack": True, "title": "papers"},
                        "color": COLOURS,
                        "order": {"field": "outcome"},
                    },
                },
            ),
            "boundary": _chart(
                "Accepted at each mean rating (%)",
                f"SELECT rating, percent_accepted, papers, accepted, rejected FROM acceptance_by_rating {WHERE}",
                {
                    "mark": {"type": "bar", "tooltip": True, "color": "#43a047"},
                    "encoding": {
                        "x": rating,
                        "y": {"field": "percent_accepted", "type": "quantitative", "title": "% accepted"},
                    },
                },
            ),
            "scores": _chart(
                "Every reviewer's scores, per field",
                f"SELECT field, score, sum(reviews) AS reviews FROM score_distribution {WHERE} GROUP BY field, score",
                {
                    "mark": {"type": "bar", "tooltip": True},
                    "encoding": {
                        "x": {"field": "score", "type": "ordinal", "title": "score"},
                        "xOffset": {"field": "field"},
                        "y": {"field": "reviews", "type": "quantitative", "title": "reviews"},
                        "color": {"field": "field", "type": "nominal", "title": "field"},
                    },
                },
            ),
            "citations": _chart(
                "Mean rating and citations, per paper",
                _said_when_empty(
                    f"SELECT title, rating_avg, citations, outcome, {COLOUR} FROM (SELECT title, rating_avg,"
                    f" citations, {OUTCOME} AS outcome FROM (SELECT title, rating_avg, citations,"
                    " coalesce(decision, 'unknown') AS decision, coalesce(presentation, '') AS presentation"
                    f" FROM papers {WHERE} AND rating_avg IS NOT NULL AND citations IS NOT NULL))",
                    "title, rating_avg, citations, outcome, colour",
                    "No paper of this venue and year has both a rating and a citation count.",
                ),
                {
                    "layer": [
                        {
                            "mark": {"type": "point", "filled": True, "tooltip": {"content": "data"}},
                            "transform": [{"filter": "!datum.note"}],
                            "encoding": {
                                "x": {
                                    "field": "rating_avg",
                                    "type": "quantitative",
                                    "title": "mean rating",
                                    "scale": {"zero": False},
                                },
                                "y": {
                                    "field": "citations",
                                    "type": "quantitative",
                                    "title": "citations (log)",
                                    "scale": {"type": "symlog"},
                                },
                                "color": COLOURS,
                            },
                        },
                        NO_DATA,
                    ]
                },
            ),
        },
    }

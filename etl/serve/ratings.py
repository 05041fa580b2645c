"""The ratings page (datasette-dashboards, `/-/dashboards/ratings`): how a venue's papers of a year were
rated, by what became of them, where acceptance stopped, every reviewer's scores, and ratings against
citations; one venue and year at a time (scales differ between venues), the most rated by default."""

from __future__ import annotations

DATABASE_NAME = "papers"
SLUG = "ratings"
# The venue-year whose papers most have ratings: what the page opens with.
MOST_RATED = """SELECT venue, year FROM papers WHERE rating_avg IS NOT NULL
GROUP BY venue, year ORDER BY count(*) DESC, venue, year DESC LIMIT 1"""
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
COLOURS = {"field": "outcome", "type": "nominal", "title": "outcome"}
COLOURS["scale"] = {"domain": list(OUTCOMES), "range": list(OUTCOMES.values())}


def _chart(title: str, query: str, display: dict) -> dict:
    return {"title": title, "db": DATABASE_NAME, "query": query, "library": "vega-lite", "display": display}


def _selector(column: str, order: str, default: str | None) -> dict:
    selector = {
        "name": column.capitalize(),
        "type": "select",
        "db": DATABASE_NAME,
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
                f"SELECT rating, {OUTCOME} AS outcome, papers FROM rating_distribution {WHERE}",
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
                f"SELECT title, rating_avg, citations, {OUTCOME} AS outcome FROM"
                f" (SELECT title, rating_avg, citations, coalesce(decision, 'unknown') AS decision,"
                f" coalesce(presentation, '') AS presentation FROM papers {WHERE}"
                " AND rating_avg IS NOT NULL AND citations IS NOT NULL)",
                {
                    "mark": {"type": "point", "filled": True, "tooltip": {"content": "data"}},
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
            ),
        },
    }

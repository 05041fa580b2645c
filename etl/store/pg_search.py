"""The `search` canned query on PostgreSQL (queries/search.sql is SQLite's): `SEARCH`, run with
`search_params(q)`, the tsquery texts built from what a user typed as etl.store.functions builds
SQLite's FTS5 queries."""

from __future__ import annotations

# The `search` query on PostgreSQL (queries/search.sql is SQLite's), with the same intent and
# tiers: every word in a singular or plural form (papers_search.words_vector, unstemmed); the
# phrase or a word in the title or keywords first, then the words scattered over the abstract,
# then the phrase among the keywords only, or the query as a keyword or another name of one (an alias that is
# no phrase inside the keyword or around it); only when nothing has every word, Porter stems (search_vector), then all but
# one of three or more words. The words and the words as typed (a phrase) rank: title 10,
# keywords 4, abstract 1, and 0.1 more for a paper's own keyword, after the papers that write the
# words as typed as a phrase in the title (every word as typed, then the last word's other number:
# diffusion before diffusions), then in the abstract (the last word singular or plural) (`typed`;
# ts_rank has no IDF, so no rarer form outweighs the typed one in the score); within tiers 1 and 2,
# the results that resemble the others (similar_papers) move up, as in search.sql (never above a
# title with the phrase). `search_params(q)`
# gives the parameters (tsquery texts built as etl.store.functions builds SQLite's).
SEARCH = """
WITH q AS (
    SELECT to_tsquery('simple', :words) AS words, to_tsquery('simple', :text_words) AS text_words,
           to_tsquery('simple', :title_words) AS title_words, to_tsquery('simple', :phrase) AS phrase,
           to_tsquery('english', :stems) AS stems, to_tsquery('simple', :most) AS most,
           to_tsquery('simple', :keyword_phrase) AS keyword_phrase,
           to_tsquery('simple', :title_phrase) AS title_phrase, to_tsquery('simple', :text_phrase) AS text_phrase,
           to_tsquery('simple', :title_typed) AS title_typed
),
keyword AS (
    SELECT DISTINCT p.pk FROM paper_keywords k JOIN papers p ON p.id = k.paper_id
    WHERE k.kind != 'topic' AND k.keyword_id IN (
        SELECT id FROM keywords WHERE normalised = :normalised
        UNION SELECT a.keyword_id FROM keyword_aliases a JOIN keywords w ON w.id = a.keyword_id
        WHERE a.normalised IN (lower(trim(:q)), :normalised)
        AND position(' ' || :normalised || ' ' IN ' ' || w.normalised || ' ') = 0
        AND position(' ' || w.normalised || ' ' IN ' ' || :normalised || ' ') = 0
    )
),
matched AS (
    SELECT s.pk,
           CASE WHEN s.words_vector @@ q.text_words
                     AND (s.words_vector @@ q.title_words OR s.words_vector @@ q.phrase) THEN 1
                WHEN s.words_vector @@ q.text_words THEN 2 ELSE 3 END AS tier,
           CASE WHEN NOT s.words_vector @@ q.text_words THEN 0 WHEN s.words_vector @@ q.title_typed THEN 3
                WHEN s.words_vector @@ q.title_phrase THEN 2
                WHEN s.words_vector @@ q.text_phrase THEN 1 ELSE 0 END AS typed,
           ts_rank('{0.0, 0.1, 0.4, 1.0}', s.words_vector, q.words)
           + ts_rank('{0.0, 0.1, 0.4, 1.0}', s.words_vector, q.phrase)
           + CASE WHEN s.pk IN (SELECT pk FROM keyword) THEN 0.1 ELSE 0 END AS relevance
    FROM papers_search s, q WHERE s.words_vector @@ q.text_words OR s.words_vector @@ q.keyword_phrase
    UNION ALL
    SELECT pk, 3, 0, 0.1 FROM keyword
),
fallback AS (
    SELECT s.pk, 4 AS tier, 0 AS typed, ts_rank('{0.0, 0.1, 0.4, 1.0}', s.search_vector, q.stems) AS relevance
    FROM papers_search s, q WHERE s.search_vector @@ q.stems AND NOT EXISTS (SELECT 1 FROM matched)
),
most AS (
    SELECT s.pk, 5 AS tier, 0 AS typed, ts_rank('{0.0, 0.1, 0.4, 1.0}', s.words_vector, q.most) AS relevance
    FROM papers_search s, q WHERE s.words_vector @@ q.most
    AND NOT EXISTS (SELECT 1 FROM matched) AND NOT EXISTS (SELECT 1 FROM fallback)
),
best AS (
    SELECT pk, min(tier) AS tier, max(typed) AS typed, max(relevance) AS relevance
    FROM (SELECT * FROM matched UNION ALL SELECT * FROM fallback UNION ALL SELECT * FROM most) m
    GROUP BY pk
),
ranked AS (
    SELECT b.pk, b.tier, b.typed, b.relevance, p.id,
           row_number() OVER (ORDER BY b.tier, b.typed DESC, b.relevance DESC, b.pk) AS position
    FROM best b JOIN papers p ON p.pk = b.pk
    ORDER BY b.tier, b.typed DESC, b.relevance DESC, b.pk
    LIMIT 100
),
near AS (
    SELECT a.pk, b.pk AS other, s.score
    FROM ranked a JOIN similar_papers s ON s.paper_id = a.id JOIN ranked b ON b.id = s.similar_id
    WHERE a.tier <= 2 AND b.tier <= 2 AND b.pk != a.pk
),
resemblance AS (
    SELECT pk, sum(score) AS score FROM (
        SELECT pk, other, max(score) AS score
        FROM (SELECT pk, other, score FROM near UNION ALL SELECT other, pk, score FROM near) e
        GROUP BY pk, other
    ) pairs
    GROUP BY pk
)
SELECT p.id, p.title, p.authors, p.venue, p.year, p.decision, p.code_status, p.topics,
       round(r.relevance::numeric, 4) AS relevance, r.tier, p.url
FROM ranked r JOIN papers p ON p.pk = r.pk LEFT JOIN resemblance m ON m.pk = r.pk
ORDER BY r.tier, r.typed >= 2 DESC, r.typed = 3 DESC, CASE WHEN r.tier <= 2 THEN 10.0 / (9 + r.position) + 0.04 * coalesce(m.score, 0) END DESC,
         r.position
"""


def _lexemes(forms: list[str], prefix: bool, weights: str = "") -> str:
    if prefix:
        return f"{forms[0]}:*{weights}"
    parts = [f"{form}{':' + weights if weights else ''}" for form in forms]
    return parts[0] if len(parts) == 1 else "(" + " | ".join(parts) + ")"


def search_params(q: str | None) -> dict[str, str]:
    """The parameters of `SEARCH` for what a user typed: tsquery texts of every word (in any form;
    in the title or abstract, weights A and C; any in the title or keywords, A and B), the words
    as typed as a phrase, among the keywords (B), in the title (A) and in the abstract (C) with the last
    in any form, in the title as typed (A), their stems, and all but one of them."""
    from ..extract.keywords import normalise_keyword
    from .functions import MOST_WORDS, content_terms, search_terms, word_forms

    terms = search_terms(q)
    required = content_terms(terms)
    phrase = " <-> ".join(f"{w}{':*' if p else ''}" for w, p in terms)
    if terms and not required:  # nothing but function words: the phrase, in a title
        phrase = " <-> ".join(f"{w}:A" for w, _ in terms)
        words = text_words = title_words = stems = phrase
    else:
        forms = [(word_forms(w), p) for w, p in required]
        words = " & ".join(_lexemes(f, p) for f, p in forms)
        text_words = " & ".join(_lexemes(f, p, "AC") for f, p in forms)
        title_words = " | ".join(_lexemes(f, p, "AB") for f, p in forms)
        stems = " & ".join(f"{w}{':*' if p else ''}" for w, p in required)
    keyword_phrase = title_phrase = text_phrase = title_typed = phrase
    if (
        required
    ):  # the words in order among the keywords (weight B), the title (A), the abstract (C), the last in any form
        last, prefix = terms[-1]
        last_forms = [last] if prefix else word_forms(last)
        keyword_phrase, title_phrase, text_phrase = (
            " <-> ".join([*(f"{w}:{weight}" for w, _ in terms[:-1]), _lexemes(last_forms, prefix, weight)])
            for weight in ("B", "A", "C")
        )
        title_typed = " <-> ".join(f"{w}:{'*' if p else ''}A" for w, p in terms)
    most = ""
    if 3 <= len(required) <= MOST_WORDS:
        parts = [_lexemes(word_forms(w), p) for w, p in required]
        most = " | ".join("(" + " & ".join(parts[:i] + parts[i + 1 :]) + ")" for i in range(len(parts)))
    elif len(required) > MOST_WORDS:
        most = " | ".join(_lexemes(word_forms(w), p) for w, p in required)
    return {
        "q": q or "",
        "normalised": normalise_keyword(q or ""),
        "words": words,
        "text_words": text_words,
        "title_words": title_words,
        "phrase": phrase,
        "stems": stems,
        "most": most,
        "keyword_phrase": keyword_phrase,
        "title_phrase": title_phrase,
        "text_phrase": text_phrase,
        "title_typed": title_typed,
    }

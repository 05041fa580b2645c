-- Ratings and citations
-- How a venue-year's ratings relate to the citations its papers went on to get (give `venue` and
-- `year`; either left empty: the venue-year with the most rated papers): per half-point bucket of
-- the mean rating, the papers, how many have a citation count, their mean and highest count, and
-- the most cited paper of the bucket (the view ratings_citations holds every venue-year's).
-- Example: venue = ICLR; year = 2017
WITH chosen AS (  -- the venue-year asked for; either left empty: the one with the most rated papers
    SELECT venue, year FROM papers
    WHERE rating_avg IS NOT NULL AND (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
        AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
    GROUP BY venue, year ORDER BY count(*) DESC, venue, year DESC LIMIT 1
)
SELECT r.venue, r.year, r.rating, r.papers, r.with_citations, r.mean_citations, r.max_citations,
       (SELECT title FROM papers p WHERE p.venue = r.venue AND p.year = r.year AND p.rating_avg IS NOT NULL
            AND CAST(p.rating_avg * 2 AS INTEGER) / 2.0 = r.rating AND p.citations IS NOT NULL
        ORDER BY p.citations DESC, p.id LIMIT 1) AS most_cited
FROM ratings_citations r JOIN chosen c ON c.venue = r.venue AND c.year = r.year
ORDER BY r.rating DESC

-- Acceptance boundary
-- Where a venue drew the line in a year (give `venue` and `year`; either left empty: the
-- venue-year with the most rated papers): its ten lowest-rated accepted papers and ten
-- highest-rated rejected ones, each with every reviewer's kept rating and the share of papers
-- accepted at its rating (the view acceptance_by_rating: per half-point bucket of the mean).
-- Example: venue = ICLR; year = 2017
WITH chosen AS (  -- the venue-year asked for; either left empty: the one with the most rated papers
    SELECT venue, year FROM papers
    WHERE rating_avg IS NOT NULL AND (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
        AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
    GROUP BY venue, year ORDER BY count(*) DESC, venue, year DESC LIMIT 1
),
rated AS (
    SELECT p.*, b.percent_accepted FROM papers p
    JOIN chosen c ON c.venue = p.venue AND c.year = p.year
    JOIN acceptance_by_rating b ON b.venue = p.venue AND b.year = p.year
        AND b.rating = CAST(p.rating_avg * 2 AS INTEGER) / 2.0
    WHERE p.rating_avg IS NOT NULL
),
side AS (
    SELECT * FROM (SELECT 'lowest-rated accepted' AS side, * FROM rated WHERE decision = 'accepted'
                   ORDER BY rating_avg, id LIMIT 10)
    UNION ALL
    SELECT * FROM (SELECT 'highest-rated rejected' AS side, * FROM rated WHERE decision = 'rejected'
                   ORDER BY rating_avg DESC, id LIMIT 10)
)
SELECT side, venue, year, title, round(rating_avg, 2) AS rating_avg,
       (SELECT group_concat(CAST(score AS TEXT), ' · ') FROM (SELECT score FROM reviews r
            WHERE r.paper_id = side.id AND r.field = 'rating' AND r.score IS NOT NULL ORDER BY r.reviewer)) AS ratings,
       round(confidence_avg, 2) AS confidence_avg, coalesce(presentation, decision) AS outcome,
       percent_accepted AS percent_accepted_at_this_rating, id
FROM side
ORDER BY side = 'highest-rated rejected', rating_avg

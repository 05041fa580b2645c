-- Ratings of a venue's papers
-- How a venue's papers of a year were rated (give `venue` and `year`; either left empty: the
-- venue-year with the most rated papers): papers per half-point bucket of their mean rating (6.0
-- holds means from 6.0 to below 6.5), by what became of them (oral, spotlight, poster, rejected,
-- ...), with a bar; the means are of the kept per-reviewer scores (reviews). The view
-- rating_distribution holds every venue-year's, and /-/dashboards/ratings draws them.
-- Example: venue = ICLR; year = 2017
WITH chosen AS (  -- the venue-year asked for; either left empty: the one with the most rated papers
    SELECT venue, year FROM papers
    WHERE rating_avg IS NOT NULL AND (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
        AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
    GROUP BY venue, year ORDER BY count(*) DESC, venue, year DESC LIMIT 1
)
SELECT d.venue, d.year, d.rating,
       CASE WHEN d.decision IN ('accepted', 'unknown') AND d.presentation != '' THEN d.presentation ELSE d.decision END
           AS outcome,
       d.papers, round(100.0 * d.papers / sum(d.papers) OVER (), 1) AS percent,
       substr('||||||||||||||||||||||||||||||||||||||||||||||||||', 1,
              CAST(50.0 * d.papers / max(d.papers) OVER () + 0.999 AS INTEGER)) AS bar
FROM rating_distribution d JOIN chosen c ON c.venue = d.venue AND c.year = d.year
ORDER BY d.rating DESC, CASE d.decision WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 3 ELSE 2 END, outcome

-- Reviewer disagreement
-- The papers whose reviewers disagreed most (give `venue` and `year`, or leave either empty for
-- all): the widest spread between the lowest and the highest kept rating first, with every
-- reviewer's rating, the mean and its standard deviation (the view reviewer_disagreement).
-- Example: venue = ICLR; year = 2017
SELECT venue, year, title,
       (SELECT group_concat(CAST(score AS TEXT), ' · ') FROM (SELECT score FROM reviews r
            WHERE r.paper_id = d.paper_id AND r.field = 'rating' AND r.score IS NOT NULL ORDER BY r.reviewer)) AS ratings,
       spread, round(rating_std, 2) AS rating_std, round(rating_avg, 2) AS rating_avg,
       coalesce(presentation, decision) AS outcome, paper_id AS id
FROM reviewer_disagreement d
WHERE (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
  AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
ORDER BY spread DESC, rating_std DESC, rating_avg DESC, paper_id
LIMIT 1000

-- Top keywords
-- The keywords most papers share, topics excepted, with their kind and the number of papers; of
-- one venue's or one year's papers, or both, when `venue` or `year` is given (empty: every paper);
-- venue and year say which papers are counted (empty: every paper), and each count lists them.
WITH chosen AS MATERIALIZED (  -- the papers of the venue and year asked for (none when neither is)
    SELECT id FROM papers
    WHERE (nullif(trim(:venue), '') IS NOT NULL OR nullif(trim(:year), '') IS NOT NULL)
      AND (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
      AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
),
counts AS (  -- each keyword's papers among them (a paper once, whichever ways it has the keyword)
    SELECT pk.keyword_id, count(DISTINCT pk.paper_id) AS papers
    FROM chosen c CROSS JOIN paper_keywords pk ON pk.paper_id = c.id  -- (their rows, not all rows)
    WHERE pk.kind != 'topic'
    GROUP BY pk.keyword_id
)
SELECT keyword, kind, papers, keyword_id, NULL AS venue, NULL AS year
FROM keyword_counts
WHERE kind != 'topic' AND nullif(trim(:venue), '') IS NULL AND nullif(trim(:year), '') IS NULL
UNION ALL
SELECT k.label, k.kind, c.papers, k.id, nullif(trim(:venue), ''), CAST(nullif(trim(:year), '') AS INTEGER)
FROM counts c JOIN keywords k ON k.id = c.keyword_id
WHERE k.kind != 'topic'
ORDER BY papers DESC, keyword
LIMIT 200

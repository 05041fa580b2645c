-- Top keywords
-- The keywords most papers share, topics excepted, with their kind and the number of papers; of
-- one venue's or one year's papers, or both, when `venue` or `year` is given (empty: every paper);
-- venue and year say which papers are counted (empty: every paper), and each count lists them;
-- an acronym's short form and its long form are one row (other_forms names the short form: UAVs);
-- where the long form is a topic, the row counts the papers that write either form or have it as
-- their own keyword, not the topic's papers (reinforcement learning with RL, under RL's kind).
WITH chosen AS MATERIALIZED (  -- the papers of the venue and year asked for (none when neither is)
    SELECT id FROM papers
    WHERE (nullif(trim(:venue), '') IS NOT NULL OR nullif(trim(:year), '') IS NOT NULL)
      AND (nullif(trim(:venue), '') IS NULL OR venue = trim(:venue))
      AND (nullif(trim(:year), '') IS NULL OR year = CAST(trim(:year) AS INTEGER))
),
topic_pairs AS (  -- the pairs whose long form is a topic, and the short form's kind
    SELECT j.joined_id AS id, min(s.kind) AS kind FROM keyword_partners j JOIN keywords k ON k.id = j.joined_id
    JOIN keywords s ON s.id = j.keyword_id WHERE k.kind = 'topic' AND j.keyword_id != j.joined_id
    GROUP BY j.joined_id
),
counts AS (  -- each keyword's papers among them (a paper once, whichever ways it has the keyword); an
    -- acronym's short form with its long form (UAVs with unmanned aerial vehicles: keyword_partners)
    SELECT coalesce(j.joined_id, pk.keyword_id) AS keyword_id, count(DISTINCT pk.paper_id) AS papers
    FROM chosen c CROSS JOIN paper_keywords pk ON pk.paper_id = c.id  -- (their rows, not all rows)
    LEFT JOIN keyword_partners j ON j.keyword_id = pk.keyword_id
    WHERE pk.kind != 'topic'
    GROUP BY coalesce(j.joined_id, pk.keyword_id)
)
SELECT keyword, other_forms, kind, papers, keyword_id, NULL AS venue, NULL AS year
FROM keyword_counts
WHERE kind != 'topic' AND nullif(trim(:venue), '') IS NULL AND nullif(trim(:year), '') IS NULL
UNION ALL
SELECT k.label, j.other_forms, t.kind, sum(c.written), k.id, NULL, NULL  -- (keyword_partner_counts)
FROM topic_pairs t JOIN keywords k ON k.id = t.id JOIN keyword_partners j ON j.keyword_id = t.id
CROSS JOIN keyword_partner_counts c ON c.joined_id = t.id
WHERE nullif(trim(:venue), '') IS NULL AND nullif(trim(:year), '') IS NULL
GROUP BY t.id HAVING sum(c.written) > 0
UNION ALL
SELECT k.label, j.other_forms, coalesce(t.kind, k.kind), c.papers, k.id, nullif(trim(:venue), ''),
       CAST(nullif(trim(:year), '') AS INTEGER)
FROM counts c JOIN keywords k ON k.id = c.keyword_id LEFT JOIN keyword_partners j ON j.keyword_id = k.id
LEFT JOIN topic_pairs t ON t.id = k.id
WHERE k.kind != 'topic' OR t.id IS NOT NULL
ORDER BY papers DESC, keyword
LIMIT 200

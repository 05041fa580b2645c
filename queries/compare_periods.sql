-- Compare two periods
-- What emerged, faded or held between two periods of years (`first` and `second`: a year such as
-- 2017 or a range such as 2013-2016), optionally at one venue: keywords (`what` empty or
-- `keywords`), `authors` or `institutions`. A thing counts by the share of the period's papers
-- that have it, so periods of different sizes compare: emerged when its share at least doubled
-- (from nothing, too) and it has at least `min_papers` papers (5 if empty) in the second period;
-- faded the other way round; held when it has that many in both and its share changed less than
-- twofold. A keyword is one row whatever the ways papers have it, which `detail` lists (an
-- extracted method, acronym or phrase, a topic, the authors' own); an acronym's short form and its
-- long form are one row under the long form, a paper once (`detail` names the short form: `with
-- RL`). The 25 largest changes of each, then the 25 most held.
-- Example: first = 2017; second = 2022
WITH periods AS (
    SELECT sum(CASE WHEN p.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN 1 ELSE 0 END) AS na,
           sum(CASE WHEN p.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN 1 ELSE 0 END) AS nb
    FROM papers p WHERE nullif(trim(:venue), '') IS NULL OR p.venue = trim(:venue)
),
keyword_counts AS (  -- each keyword once, its papers summed over the ways papers have it
    SELECT k.id, k.label, replace(group_concat(DISTINCT c.kind), ',', ', ') AS kinds,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN c.papers ELSE 0 END) AS pa,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN c.papers ELSE 0 END) AS pb
    FROM keywords k CROSS JOIN keyword_trend_counts c ON c.keyword_id = k.id
    WHERE coalesce(nullif(lower(trim(:what)), ''), 'keywords') = 'keywords'
      AND k.papers >= coalesce(CAST(nullif(trim(:min_papers), '') AS INTEGER), 5)
      AND (nullif(trim(:venue), '') IS NULL OR c.venue = trim(:venue))
      AND NOT EXISTS (SELECT 1 FROM keyword_partners j WHERE j.keyword_id = k.id)
    GROUP BY k.id
),
pair_counts AS (  -- an acronym's short form and its long form as one (keyword_partners: UAVs with
    -- unmanned aerial vehicles), named by the long form, their papers each once (keyword_partner_counts)
    SELECT k.label, (SELECT replace(group_concat(DISTINCT t.kind), ',', ', ') FROM keyword_partner_trends t
                     WHERE t.joined_id = k.id AND (nullif(trim(:venue), '') IS NULL OR t.venue = trim(:venue)))
                    || '; with ' || j.other_forms AS kinds,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN c.papers ELSE 0 END) AS pa,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN c.papers ELSE 0 END) AS pb
    FROM keyword_partners j JOIN keywords k ON k.id = j.joined_id
    CROSS JOIN keyword_partner_counts c ON c.joined_id = j.joined_id
    WHERE coalesce(nullif(lower(trim(:what)), ''), 'keywords') = 'keywords' AND j.keyword_id = j.joined_id
      AND j.papers >= coalesce(CAST(nullif(trim(:min_papers), '') AS INTEGER), 5)
      AND (nullif(trim(:venue), '') IS NULL OR c.venue = trim(:venue))
    GROUP BY k.id
),
twice AS (  -- papers summed twice above: with the keyword as the authors' own and from their text
    SELECT a.keyword_id AS id,  -- (a paper has a keyword from its text in one way only)
           sum(CASE WHEN p.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN 1 ELSE 0 END) AS pa,
           sum(CASE WHEN p.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN 1 ELSE 0 END) AS pb
    FROM paper_keywords a JOIN papers p ON p.id = a.paper_id
    WHERE coalesce(nullif(lower(trim(:what)), ''), 'keywords') = 'keywords' AND a.kind = 'author'
      AND (nullif(trim(:venue), '') IS NULL OR p.venue = trim(:venue))
      AND EXISTS (SELECT 1 FROM paper_keywords b
                  WHERE b.paper_id = a.paper_id AND b.keyword_id = a.keyword_id AND b.kind != 'author')
    GROUP BY a.keyword_id
),
counts AS (
    SELECT n.label AS name, n.kinds AS detail, n.pa - coalesce(t.pa, 0) AS pa, n.pb - coalesce(t.pb, 0) AS pb
    FROM keyword_counts n LEFT JOIN twice t ON t.id = n.id
    UNION ALL
    SELECT label, kinds, pa, pb FROM pair_counts
    UNION ALL
    SELECT a.name, NULL,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN c.papers ELSE 0 END),
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN c.papers ELSE 0 END)
    FROM authors a CROSS JOIN author_trend_counts c ON c.author_id = a.id
    WHERE lower(trim(:what)) = 'authors'
      AND a.papers >= coalesce(CAST(nullif(trim(:min_papers), '') AS INTEGER), 5)
      AND (nullif(trim(:venue), '') IS NULL OR c.venue = trim(:venue))
    GROUP BY a.id
    UNION ALL
    SELECT i.name, i.country,
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:first), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:first), -4) AS INTEGER) THEN c.papers ELSE 0 END),
           sum(CASE WHEN c.year BETWEEN CAST(substr(trim(:second), 1, 4) AS INTEGER)
                                    AND CAST(substr(trim(:second), -4) AS INTEGER) THEN c.papers ELSE 0 END)
    FROM institutions i CROSS JOIN institution_trend_counts c ON c.institution_id = i.id
    WHERE lower(trim(:what)) = 'institutions'
      AND i.papers >= coalesce(CAST(nullif(trim(:min_papers), '') AS INTEGER), 5)
      AND (nullif(trim(:venue), '') IS NULL OR c.venue = trim(:venue))
    GROUP BY i.id
),
judged AS (
    SELECT c.*, 1.0 * pa / max(na, 1) AS sa, 1.0 * pb / max(nb, 1) AS sb,
           coalesce(CAST(nullif(trim(:min_papers), '') AS INTEGER), 5) AS least
    FROM counts c, periods
),
ranked AS (
    SELECT *, row_number() OVER (
        PARTITION BY status
        ORDER BY CASE status WHEN 'emerged' THEN sb - sa WHEN 'faded' THEN sa - sb ELSE sa + sb END DESC, name
    ) AS r
    FROM (
        SELECT *, CASE
            WHEN pb >= least AND sb >= 2 * sa THEN 'emerged'
            WHEN pa >= least AND sa >= 2 * sb THEN 'faded'
            WHEN pa >= least AND pb >= least THEN 'held'
        END AS status
        FROM judged
    ) WHERE status IS NOT NULL
)
SELECT status, name, detail, pa AS papers_first, round(100 * sa, 2) AS percent_first,
       pb AS papers_second, round(100 * sb, 2) AS percent_second
FROM ranked WHERE r <= 25
ORDER BY CASE status WHEN 'emerged' THEN 0 WHEN 'faded' THEN 1 ELSE 2 END, r

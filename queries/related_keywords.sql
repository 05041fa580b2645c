-- Related keywords
-- Keywords that occur with a keyword (by its text, or a short form no keyword has) among the top ten keywords of
-- the same papers, most associated first: lift is how many times more often the two occur
-- together than if they were independent, so keywords that occur with everything sink; ranked by
-- the papers they share beyond chance (papers x (lift - 1)), so a keyword met on two papers, only
-- ever with this one, does not outrank one the field writes on eighty (a topic's whole list had one
-- lift), nor does one that occurs with everything (lift 1). At least two shared papers.
-- Extracted keywords only (author keywords have no rank). An acronym's short form and its long form
-- count as one, named by the long form (other_forms: the short form). Quick at any corpus size.
-- Example: keyword = graph neural networks
WITH target AS (
    SELECT id FROM keywords WHERE normalised = normalise_keyword(:keyword)
    UNION ALL  -- a text that is no keyword's: the keywords it is another form of (ASR); a keyword's own text names it alone
    SELECT DISTINCT keyword_id FROM keyword_aliases WHERE normalised IN (lower(trim(:keyword)), normalise_keyword(:keyword))
    AND NOT EXISTS (SELECT 1 FROM keywords WHERE normalised = normalise_keyword(:keyword))
    UNION ALL  -- an acronym's other form, counted as one with it (SLAM and simultaneous localization and mapping: keyword_partners)
    SELECT o.keyword_id FROM keywords k JOIN keyword_partners j ON j.keyword_id = k.id
    JOIN keyword_partners o ON o.joined_id = j.joined_id
    WHERE k.normalised = normalise_keyword(:keyword) AND o.keyword_id != k.id
),
with_target AS (
    SELECT DISTINCT paper_id FROM paper_keywords WHERE rank <= 10 AND kind != 'author' AND keyword_id IN (SELECT id FROM target)
),
together AS (  -- (an acronym's short form with its long form, as one: keyword_partners)
    SELECT coalesce(j.joined_id, b.keyword_id) AS keyword_id, count(DISTINCT b.paper_id) AS papers,
        avg(b.score) AS mean_score, max(j.joined_id) IS NOT NULL AS paired
    FROM paper_keywords b JOIN with_target t ON t.paper_id = b.paper_id
    LEFT JOIN keyword_partners j ON j.keyword_id = b.keyword_id
    WHERE b.rank <= 10 AND b.kind != 'author' AND b.keyword_id NOT IN (SELECT id FROM target)
    GROUP BY coalesce(j.joined_id, b.keyword_id)
    HAVING count(DISTINCT b.paper_id) >= 2
),
lifted AS (
    SELECT t.keyword_id, t.papers, t.mean_score,
        -- (score, in no index: the table read in key order, each paper's rows together, not the index by keyword)
        t.papers * 1.0 * (SELECT count(DISTINCT paper_id) FROM paper_keywords WHERE rank <= 10 AND kind != 'author' AND score IS NOT NULL)
            / ((SELECT count(*) FROM with_target)
               * CASE WHEN t.paired  -- (a pair's papers once; a keyword's rows are its papers)
                 THEN (SELECT count(DISTINCT m.paper_id) FROM keyword_partners o JOIN paper_keywords m ON m.keyword_id = o.keyword_id
                       WHERE o.joined_id = t.keyword_id AND m.rank <= 10 AND m.kind != 'author')
                 ELSE (SELECT count(*) FROM paper_keywords m WHERE m.keyword_id = t.keyword_id AND m.rank <= 10 AND m.kind != 'author') END) AS lift
    FROM together t
)
SELECT k.label AS keyword, k.kind, l.papers, round(l.lift, 2) AS lift, round(l.mean_score, 3) AS mean_score,
    p.other_forms
FROM lifted l JOIN keywords k ON k.id = l.keyword_id LEFT JOIN keyword_partners p ON p.keyword_id = k.id
ORDER BY l.papers * (l.lift - 1) DESC, l.papers DESC, keyword
LIMIT 50

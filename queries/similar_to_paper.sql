-- Similar papers
-- The ten papers most similar to a paper (give its id, its OpenReview, arXiv or DOI id as
-- written or copied: `arXiv:1703.03055v2`, `https://doi.org/...`; or the number in its page's address) by the text of their titles, abstracts and keywords, most
-- similar first: similar_papers, computed by each load (docs/evolution.md). Similarity, 0 to 1 as
-- the paper page shows it: similar_papers.score (the cosine of their distinctive terms' TF-IDF
-- weights plus half the cosine of their topics, up to 1.5) over 1.5. For a paper known only by its
-- title, as its page lists them: those of similarity 0.40 or more, maybe none (a title is a few words).
-- Example: paper_id = SJU4ayYgl
WITH chosen AS (SELECT coalesce(
    (SELECT id FROM papers WHERE id = lower(trim(:paper_id))),
    (SELECT paper_id FROM paper_former_ids WHERE former_id = lower(trim(:paper_id))),
    (SELECT paper_id FROM paper_ids WHERE scheme IN (SELECT DISTINCT scheme FROM paper_ids)
        AND value IN (SELECT value FROM json_each(paper_id_forms(:paper_id))) ORDER BY scheme LIMIT 1),
    (SELECT paper_id FROM paper_ids WHERE scheme = 'doi'
        AND lower(value) IN (SELECT lower(value) FROM json_each(paper_id_forms(:paper_id))) LIMIT 1),
    (SELECT id FROM papers WHERE trim(:paper_id) NOT GLOB '*[^0-9]*' AND pk = CAST(trim(:paper_id) AS INTEGER))
) AS id)
SELECT s.rank, s.similar_id AS id, coalesce(p.title, substr(coalesce(p.abstract_clean, p.abstract), 1, 120) || '…') AS title, p.authors,
       p.venue, p.year, p.decision, round(s.score / 1.5, 3) AS similarity, p.abstract, p.url
FROM chosen c JOIN papers me ON me.id = c.id
JOIN similar_papers s ON s.paper_id = c.id JOIN papers p ON p.id = s.similar_id
WHERE coalesce(me.abstract, '') != '' OR s.score / 1.5 >= 0.40  -- (paper.TITLE_ONLY_FLOOR)
ORDER BY s.rank

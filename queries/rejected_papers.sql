-- Where did the rejected papers go
-- The papers a venue rejected (give `venue` and `year`, or leave either empty for all) that came
-- back as a version of the same work at another venue, in the same year (ICLR's rejections come
-- out months before ICML's and NeurIPS's deadlines) or a later one, with what became of them
-- there: paper_versions links papers of other venues or years with an author in common and the
-- same title or a near-duplicate title and abstract. `same_title` is 1 when the title did not change;
-- `shared_text` is how much of their title and abstract the two share (the resemblance of their
-- word triples, 0 to 1: paper_versions.similarity), low for a version under the same title whose
-- abstract was rewritten; not the similarity of similar papers, which weighs terms and topics.
WITH version AS (  -- each pair both ways round (paper_versions holds it once, the earlier first)
    SELECT paper_id AS id, other_id, same_title, similarity FROM paper_versions
    UNION ALL
    SELECT other_id, paper_id, same_title, similarity FROM paper_versions
)
SELECT r.venue, r.year, r.title, l.venue AS later_venue, l.year AS later_year,
       coalesce(l.presentation, l.decision) AS later_outcome, v.same_title, round(v.similarity, 2) AS shared_text,
       r.id, l.id AS later_id
FROM papers r
JOIN version v ON v.id = r.id
JOIN papers l ON l.id = v.other_id AND l.year >= r.year
WHERE r.decision = 'rejected'
  AND (nullif(trim(:venue), '') IS NULL OR r.venue = trim(:venue))
  AND (nullif(trim(:year), '') IS NULL OR r.year = CAST(trim(:year) AS INTEGER))
ORDER BY r.venue, r.year, l.year, l.venue, r.title
LIMIT 1000

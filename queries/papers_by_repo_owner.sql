-- Papers by repository owner
-- Papers linking to repositories of a user or organisation on a code host (case-insensitive), with
-- their venue, year and decision, the repository (and the folder in it the abstract points to, if
-- any), whether the abstract offers the link as its own code, and the opening of the abstract.
-- Example: owner = google-research
SELECT c.paper_id, c.title, c.venue, c.year, p.decision,
       c.repo || coalesce('/' || nullif(c.path, ''), '') AS repo, c.url, c.is_official, c.code_status,
       CASE WHEN length(coalesce(p.abstract_clean, p.abstract)) > 300 THEN substr(coalesce(p.abstract_clean, p.abstract), 1, 300) || '…' ELSE coalesce(p.abstract_clean, p.abstract) END AS abstract
FROM papers_with_code c JOIN papers p ON p.id = c.paper_id
WHERE lower(c.owner) = lower(trim(:owner))
ORDER BY c.repo, c.paper_id

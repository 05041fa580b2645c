-- Papers by repository owner
-- Papers linking to repositories of a user or organisation on a code host (case-insensitive), with
-- whether the abstract offers the link as its own code.
-- Example: owner = google-research
SELECT paper_id, title, url, repo, path, is_official, code_status, abstract
FROM papers_with_code
WHERE lower(owner) = lower(trim(:owner))
ORDER BY repo, paper_id

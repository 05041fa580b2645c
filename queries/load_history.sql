-- Load history
-- Every successful `paperdb load`, newest first, with the files it read and the papers it changed.
SELECT id AS run, started_at, status, files_seen, files_loaded, files_unchanged, files_skipped,
       papers_added, papers_updated, papers_removed, duration_s, paths
FROM etl_runs
ORDER BY id DESC

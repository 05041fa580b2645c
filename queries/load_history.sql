-- Load history
-- Every successful `paperdb load`, newest first, with the files it read and the papers it changed;
-- which records it skipped or found with a status word paperdb does not know: etl_run_issues.
SELECT id AS run, started_at, status, files_seen, files_loaded, files_unchanged, files_skipped,
       papers_added, papers_updated, papers_removed, records_skipped, records_unknown_status, duration_s, paths
FROM etl_runs
ORDER BY id DESC

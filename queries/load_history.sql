-- Load history
-- Every successful `paperdb load`, newest first, with the files it read and the papers it changed;
-- which records it skipped or found with a status word paperdb does not know: etl_run_issues
-- (its `run_id` is this `run`); every count in its own column: etl_runs. `read` names the files and
-- folders given to the load by their last part (`paperlists-catalogue`), never the loading machine's
-- folders; each file's whole path, to load it again, is sources.path (etl_runs.paths keeps them as data).
SELECT id AS run, started_at, status,
       files_loaded || ' of ' || files_seen
           || CASE WHEN files_unchanged > 0 THEN ', ' || files_unchanged || ' unchanged' ELSE '' END
           || CASE WHEN files_skipped > 0 THEN ', ' || files_skipped || ' skipped' ELSE '' END AS files,
       papers_added AS added, papers_updated AS updated, papers_removed AS removed,
       records_skipped AS skipped, records_unknown_status AS unknown_status, round(duration_s, 1) AS seconds,
       (SELECT group_concat(replace(name, rtrim(name, replace(name, '/', '')), ''), ', ')
        FROM (SELECT rtrim(value, '/') AS name FROM json_each(etl_runs.paths))) AS read
FROM etl_runs
ORDER BY id DESC

-- Decisions and presentation types
-- Per venue and year: the papers of each decision (accepted, rejected, withdrawn, or unknown when no source says) and presentation type (oral, spotlight, poster, findings, ...), with their share of the venue's papers.
SELECT venue, year, coalesce(decision, 'unknown') AS decision, coalesce(presentation, '') AS presentation,
    count(*) AS papers,
    round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY venue, year), 1) AS percent
FROM papers
GROUP BY venue, year, decision, presentation
ORDER BY venue, year,
    CASE decision WHEN 'accepted' THEN 1 WHEN 'rejected' THEN 2 WHEN 'withdrawn' THEN 3 ELSE 4 END, papers DESC

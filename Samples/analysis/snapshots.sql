-- DuckDB queries over the statistics snapshots of a ytcrawl output directory (written by
-- `ytcrawl refresh`). Run from the directory that holds the output:
--   duckdb -c ".read Samples/analysis/snapshots.sql"
-- Samples/analysis/snapshots.py runs the same queries (the tests run it in CI).
CREATE OR REPLACE VIEW stats AS
    SELECT * EXCLUDE (filename), regexp_extract(filename, 'snapshots/([^/]+)/', 1) AS snapshot,
           CAST(fetchedAt AS TIMESTAMP) AS fetched
    FROM read_json_auto('ytcrawl-out/snapshots/*/stats-*.jsonl.gz', format = 'newline_delimited',
                        filename = true);

-- The snapshots: when each was taken, how many videos, how many gone.
SELECT snapshot, min(fetched) AS taken, count(*) AS videos, count(*) FILTER (WHERE status = 'gone') AS gone
FROM stats GROUP BY snapshot ORDER BY snapshot;

-- Growth of each video between its first and last snapshot where it was there: views per day.
CREATE OR REPLACE VIEW growth AS
    SELECT videoId, arg_min(viewCount, fetched) AS first_views, arg_max(viewCount, fetched) AS last_views,
           min(fetched) AS first_at, max(fetched) AS last_at
    FROM stats WHERE status = 'ok' GROUP BY videoId;

-- The fastest-growing videos.
SELECT videoId, first_views, last_views,
       (last_views - first_views) / nullif(date_diff('second', first_at, last_at) / 86400.0, 0) AS views_per_day
FROM growth ORDER BY views_per_day DESC NULLS LAST, videoId LIMIT 20;

-- Videos that vanished (deleted or made private), and the first snapshot that found them gone.
SELECT videoId, min(snapshot) AS first_gone FROM stats WHERE status = 'gone' GROUP BY videoId
ORDER BY first_gone, videoId;

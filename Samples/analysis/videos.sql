-- DuckDB queries over a ytcrawl output directory. Run from the directory that holds the shards:
--   duckdb -c ".read Samples/analysis/videos.sql"      (or paste a query)
-- read_json_auto reads every gzip member of every shard as one stream of JSON lines.
CREATE OR REPLACE VIEW videos AS
    SELECT * FROM read_json_auto('ytcrawl-out/videos-*.jsonl.gz', format = 'newline_delimited');

-- How many videos, from how many channels.
SELECT count(*) AS videos, count(DISTINCT channelId) AS channels FROM videos;

-- Videos per channel.
SELECT channelTitle, channelId, count(*) AS videos
FROM videos GROUP BY ALL ORDER BY videos DESC LIMIT 20;

-- Uploads per month.
SELECT strftime(CAST(publishedAt AS TIMESTAMP), '%Y-%m') AS month, count(*) AS uploads
FROM videos GROUP BY month ORDER BY month;

-- Most viewed.
SELECT title, channelTitle, viewCount, embedURL FROM videos ORDER BY viewCount DESC NULLS LAST LIMIT 10;

-- Duration histogram (minutes, capped at 60).
SELECT least(durationSeconds // 60, 60) AS minutes, count(*) AS videos
FROM videos WHERE durationSeconds IS NOT NULL GROUP BY minutes ORDER BY minutes;

-- Share of live and upcoming content.
SELECT liveBroadcastContent, count(*) AS videos, round(100.0 * count(*) / sum(count(*)) OVER (), 1) AS percent
FROM videos GROUP BY liveBroadcastContent ORDER BY videos DESC;

-- DuckDB queries over the comments of a ytcrawl output directory (crawled with --comments,
-- comments=yes or `comments VIDEO_ID` seeds). Run from the directory that holds the shards:
--   duckdb -c ".read Samples/analysis/comments.sql"
-- Samples/analysis/comments.py runs the same queries (the tests run it in CI).
CREATE OR REPLACE VIEW comments AS
    SELECT * FROM read_json_auto('ytcrawl-out/comments-*.jsonl.gz', format = 'newline_delimited');

-- How many comments, top-level and replies, on how many videos.
SELECT count(*) AS comments, count(*) FILTER (WHERE parentId IS NULL) AS top_level,
       count(*) FILTER (WHERE parentId IS NOT NULL) AS replies, count(DISTINCT videoId) AS videos
FROM comments;

-- Comments per day per video.
SELECT videoId, CAST(CAST(publishedAt AS TIMESTAMP) AS DATE) AS day, count(*) AS comments
FROM comments GROUP BY ALL ORDER BY videoId, day;

-- Most active authors (their channel ids, or pseudonyms with --pseudonymize-authors).
SELECT authorChannelId, any_value(authorDisplayName) AS name, count(*) AS comments,
       count(DISTINCT videoId) AS videos
FROM comments WHERE authorChannelId IS NOT NULL GROUP BY authorChannelId ORDER BY comments DESC, authorChannelId
LIMIT 20;

-- Reply depth: how many replies threads get (YouTube threads are one level deep).
SELECT coalesce(totalReplyCount, 0) AS replies, count(*) AS threads
FROM comments WHERE parentId IS NULL GROUP BY replies ORDER BY replies;

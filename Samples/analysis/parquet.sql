-- Parquet copies of a ytcrawl output directory's shards, with DuckDB (Spark, Polars, pandas and
-- BigQuery read Parquet with its types). Run from the directory that holds the output:
--   duckdb -c ".read Samples/analysis/parquet.sql"
-- The tests run it on a test output and read the files back.
COPY (SELECT * FROM read_json_auto('ytcrawl-out/videos-*.jsonl.gz', format = 'newline_delimited'))
    TO 'ytcrawl-out/videos.parquet' (FORMAT parquet, COMPRESSION zstd);
COPY (SELECT * FROM read_json_auto('ytcrawl-out/channels-*.jsonl.gz', format = 'newline_delimited'))
    TO 'ytcrawl-out/channels.parquet' (FORMAT parquet, COMPRESSION zstd);

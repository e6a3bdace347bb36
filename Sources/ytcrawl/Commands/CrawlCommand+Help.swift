extension CrawlCommand {
    static let help = """
        Usage: ytcrawl [crawl] --seeds FILE --budget UNITS [options]

        Crawl the YouTube Data API from the seeds in FILE, spending at most UNITS quota units, into
        gzip JSON-lines shards with a manifest. The key comes from YOUTUBE_API_KEY or --key-file
        (never from a flag). Rerunning with the same --out continues from the checkpoint.

        Options:
          --seeds FILE          seeds file (one seed per line: search/channel/playlist/video or a URL)
          --budget UNITS        units this run may spend
          --out DIR             output directory (default: ./ytcrawl-out)
          --emulator            crawl the built-in offline emulator instead of the real API
          --emulator-NAME V     pass an `ytcrawl emulate --NAME V` option: corpus-seed, channels,
                                videos-per-channel, daily-units, daily-searches, rps-limit,
                                clock-offset, fault-rate, faults, latency-ms
          --api-base URL        API base URL (default: https://www.googleapis.com)
          --key-file FILE       API keys, one per line (a pool)
          --quota-model M       buckets (default) or classic
          --search-budget N     search.list calls this run may make (buckets model)
          --daily-units N       each key's daily units (default 10000)
          --daily-searches N    each key's daily search calls, buckets model (default 100)
          --wait-for-reset      wait for Pacific midnight when every key is spent, instead of stopping
          --state-dir DIR       where the daily quota ledger lives (default: $XDG_STATE_HOME/ytcrawl)
          --concurrency N       requests in flight (default 8)
          --rps N               requests per second (default 50)
          --max-pages N         pages per seed at most, unless the seed says maxPages=
          --no-hydrate          write what discovery returned, without videos.list hydration
          --complete-channels   search for the videos a channel's uploads playlist does not list
                                (it lists about 20,000); per seed: complete=search
          --comments            also fetch the comments (every thread, every reply) of every video;
                                per seed: comments=yes; one video: a `comments VIDEO_ID` seed
          --max-comment-pages N commentThreads pages (100 threads each) per video at most
          --pseudonymize-authors KEY_FILE
                                write comment authors as hmac-sha256 of their channel id under the
                                secret in KEY_FILE, without names or profile images
          --shard-records N     records per shard at most (default 100000)
          --shard-bytes SIZE    compressed bytes per shard at most, as 64M or 1G (default 128M)
          --metrics-listen HOST:PORT   serve counters at http://HOST:PORT/metrics (Prometheus text)
          --metrics-file FILE   rewrite the counters to FILE every second (textfile collector)
          --gzip-level N        1 (fast) to 9 (small), default 3
          --checkpoint-every N  pages between checkpoints (default 25, and at most one a second); a
                                crash re-fetches the pages since the last one and the requests in
                                flight; given, exactly every N pages (1: only what was in flight)
          --retries N           retries of a failing request before its work is left for a rerun
                                (default 6, with capped exponential backoff)
          --dry-run             print what each seed will request and cost, then stop (nothing is sent)
          --progress WHEN       auto (default: a redrawn line on a terminal, a log line every
                                --progress-interval seconds otherwise), always, never
          --progress-interval S seconds between progress log lines when not a terminal (default 10)
          --summary-json FILE   also write the end summary as JSON to FILE
          --verbose             log every retry and its cause
          --quiet               print only errors
          -h, --help            show this help

        Exit codes: 0 done (budget or frontier exhausted); 1 runtime failure (a configuration
        error no retry can fix, or the output cannot be written); 2 usage error; 3 stopped by
        quota or auth (checkpoint saved; rerun continues); 4 incomplete: some work failed after
        every retry and is kept for a rerun; 130 interrupted (checkpoint saved).

        Example:
          ytcrawl --seeds Samples/seeds.txt --budget 10000
          ytcrawl --seeds Samples/seeds.txt --budget 2000 --emulator
        """
}

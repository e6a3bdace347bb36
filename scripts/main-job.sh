#!/usr/bin/env bash
# The main job, run by `make run` after a release build. Until the crawl lands it runs the most
# complete piece that works: the request builders, validation and quota models of YouTubeKit.
set -euo pipefail
bin=".build/release/ytcrawl"
echo "== ytcrawl $("$bin" --version | cut -d' ' -f2): the article's search, as the crawler will send it"
"$bin" url search q=programming type=video regionCode=US relevanceLanguage=en order=relevance maxResults=20
echo
echo "== a channel's uploads: 1 unit per 50 videos"
"$bin" url playlistItems playlistId=UU_x5XG1OV2P6uZZ5FSM9Ttw
echo
echo "== hydration: 1 unit per 50 videos"
"$bin" url videos id=dQw4w9WgXcQ,9bZkp7q19f0
echo
echo "The crawl itself (ytcrawl --seeds seeds.txt --budget 10000) is not built yet: no shards are written by this build."

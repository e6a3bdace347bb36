#ifndef YTC_BENCH_MULTI_H
#define YTC_BENCH_MULTI_H

/// A plain C curl-multi loop: fetches `url` `total` times with `inflight` transfers at once,
/// discarding the bodies. The baseline CurlTransport is measured against.
/// Returns the body bytes received, or -1 when a transfer failed.
long long ytc_bench_multi_fetch(const char *url, const char *header, int inflight, int total);

#endif

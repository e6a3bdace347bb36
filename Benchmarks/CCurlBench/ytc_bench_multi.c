#include "ytc_bench_multi.h"
#include <curl/curl.h>
#include <stdlib.h>

static size_t ytc_bench_count(char *data, size_t size, size_t count, void *userdata) {
    (void)data;
    *(long long *)userdata += (long long)(size * count);
    return size * count;
}

long long ytc_bench_multi_fetch(const char *url, const char *header, int inflight, int total) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURLM *multi = curl_multi_init();
    struct curl_slist *headers = curl_slist_append(NULL, header);
    long long bytes = 0;
    int started = 0, finished = 0, failed = 0;
    CURL **handles = calloc((size_t)inflight, sizeof(CURL *));
    for (int i = 0; i < inflight && started < total; i++, started++) {
        CURL *easy = curl_easy_init();
        curl_easy_setopt(easy, CURLOPT_URL, url);
        curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, ytc_bench_count);
        curl_easy_setopt(easy, CURLOPT_WRITEDATA, &bytes);
        handles[i] = easy;
        curl_multi_add_handle(multi, easy);
    }
    while (finished < total && !failed) {
        int running = 0;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int queued = 0;
        while ((message = curl_multi_info_read(multi, &queued))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            if (message->data.result != CURLE_OK) failed = 1;
            finished++;
            curl_multi_remove_handle(multi, easy);
            if (started < total) {
                started++;
                curl_multi_add_handle(multi, easy);
            }
        }
        if (finished < total) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    for (int i = 0; i < inflight; i++) {
        if (handles[i]) {
            curl_multi_remove_handle(multi, handles[i]);
            curl_easy_cleanup(handles[i]);
        }
    }
    free(handles);
    curl_slist_free_all(headers);
    curl_multi_cleanup(multi);
    return failed ? -1 : bytes;
}

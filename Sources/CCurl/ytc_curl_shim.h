// Typed shims for libcurl's variadic functions. Every symbol is prefixed `ytc_curl_`.
// Swift cannot call `...` functions, and must never hand them a CVarArgList; each shim below
// fixes the type of the third argument so the call is well-defined.
#ifndef YTC_CURL_SHIM_H
#define YTC_CURL_SHIM_H

#include <curl/curl.h>

#pragma clang assume_nonnull begin

static inline CURLcode ytc_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ytc_curl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies string options (since 7.17), so the string may be freed after the call.
static inline CURLcode ytc_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ytc_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ytc_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*ytc_curl_data_callback)(char *_Nonnull data, size_t size, size_t count, void *_Nullable userdata);

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
static inline CURLcode ytc_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, ytc_curl_data_callback _Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

typedef int (*ytc_curl_xferinfo_callback)(void *_Nullable userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ytc_curl_easy_setopt_xferinfo_callback(CURL *handle, ytc_curl_xferinfo_callback _Nullable value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode ytc_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ytc_curl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ytc_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char *_Nullable *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ytc_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void *_Nullable *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ytc_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The CURLE_* code of a finished transfer, read from a CURLMsg (its `data` member is a union).
static inline CURLcode ytc_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

/// libcurl's version number as text (CURLVERSION_NOW is a macro).
static inline const char *ytc_curl_version(void) {
    return curl_version_info(CURLVERSION_NOW)->version;
}

#pragma clang assume_nonnull end

#endif

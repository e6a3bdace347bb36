// Typed shims for SQLite's macro arguments. Every symbol is prefixed `ytc_sqlite3_`.
#ifndef YTC_SQLITE_SHIM_H
#define YTC_SQLITE_SHIM_H

#include <sqlite3.h>

#pragma clang assume_nonnull begin

/// sqlite3_bind_text with SQLITE_TRANSIENT (a cast of -1 to a function pointer, which Swift
/// cannot spell): SQLite copies the text before the call returns.
static inline int ytc_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

#pragma clang assume_nonnull end

#endif

// Typed shims for zlib's macro-only entry points. Every symbol is prefixed `ytc_z_`.
#ifndef YTC_ZLIB_SHIM_H
#define YTC_ZLIB_SHIM_H

#include <zlib.h>

#pragma clang assume_nonnull begin

/// deflateInit2 is a macro (it passes the library version and the stream size); this is a function.
static inline int ytc_z_deflateInit2(z_streamp strm, int level, int windowBits, int memLevel, int strategy) {
    return deflateInit2(strm, level, Z_DEFLATED, windowBits, memLevel, strategy);
}

/// inflateInit2 is a macro as well.
static inline int ytc_z_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

#pragma clang assume_nonnull end

#endif

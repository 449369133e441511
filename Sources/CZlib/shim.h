// The system's zlib, for ZhiXiArchive: raw inflate (zip's method 8) and CRC-32.
// zlib's initialisers are macros, which Swift does not import; the inline functions below
// call them with the header's own version and structure size.
#ifndef ZHIXI_CZLIB_SHIM_H
#define ZHIXI_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2(stream, -15): a raw deflate stream (no zlib or gzip wrapper), 32 KiB window.
static inline int zhixi_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

/// deflateInit2 for a raw deflate stream at `level` (used by the tests to make inputs).
static inline int zhixi_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

#endif

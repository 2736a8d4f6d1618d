// libwebp's C API for Lamina's CoreGraphics: the decoder (`CGImage.load(data:)` decodes WebP files
// with `WebPGetFeatures` and `WebPDecode` into premultiplied Cairo-layout pixels), the demuxer
// (libwebpdemux, part of libwebp-dev: `WebPDemux` and `WebPDemuxGetFrame` find an animated file's
// first frame) and the simple encoder (`WebPEncodeRGBA`, `WebPEncodeLosslessRGBA`), which the tests
// make WebP files with.
//
// libwebp reports failures by return value (no `longjmp`), so Swift calls it directly.
#ifndef LAMINA_CWEBP_SHIM_H
#define LAMINA_CWEBP_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

#endif

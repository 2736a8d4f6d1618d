// Row kernels of Lamina's in-memory compositor (Sources/QuartzCore/Render/MemoryCompositor.swift,
// ruling V26): the per-pixel arithmetic of drawing axis-aligned image and colour layers into a
// frame held in memory, and of converting that frame to I420, in the arithmetic Mesa's llvmpipe
// uses for the same draws, so that a frame drawn here matches the one OpenGL draws.
//
// Pixels are 32-bit words of premultiplied 8-bit BGRA as Cairo stores them (ARGB32: alpha in the
// top byte, then red, green, blue). Premultiplied colour components never exceed alpha.
#ifndef LAMINA_PIXEL_ROWS_H
#define LAMINA_PIXEL_ROWS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Sets `count` pixels of `row` to `value`.
void pixel_rows_fill(uint32_t *row, size_t count, uint32_t value);

/// Draws `source` over `count` pixels of `row` (premultiplied source-over, rounded exactly:
/// `d' = s + round(d × (255 − sα) / 255)` per component).
void pixel_rows_fill_over(uint32_t *row, size_t count, uint32_t source);

/// The vertical step of bilinear filtering: `out[i] = a[i] + (b[i] − a[i]) × weight / 256` per
/// component, rounded to nearest, for `weight` in 0…256. `out` may be `a` or `b`.
void pixel_rows_blend_rows(uint32_t *out, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight);

/// The horizontal step of bilinear filtering: `out[i]` is `row[left[i]]` and `row[right[i]]`
/// mixed by `weights[4 i]` (0…256, the weight of the right texel, repeated for each of the four
/// components), rounded to nearest (llvmpipe filters along x, then along y, rounding each).
void pixel_rows_sample(
    uint32_t *out, const uint32_t *row, const int32_t *left, const int32_t *right, const uint16_t *weights,
    size_t count);

/// The horizontal step of bilinear filtering where the texels are consecutive and the weight is
/// the same for every pixel (an image at its own size, shifted by a fraction of a pixel):
/// `out[i]` is `row[i]` and `row[i + 1]` mixed by `weight` (0…256, of the second), rounded to
/// nearest; `row` holds `count + 1` pixels (`count` when the weight is 0).
void pixel_rows_sample_run(uint32_t *out, const uint32_t *row, size_t count, uint32_t weight);

/// Nearest filtering: `out[i] = row[index[i]]`.
void pixel_rows_gather(uint32_t *out, const uint32_t *row, const int32_t *index, size_t count);

/// Draws `source` scaled by `opacity` (⌊o × 65536⌋ for an opacity o in 0…1: each component
/// `⌊(c × opacity + 32767) / 65536⌋`, which matches llvmpipe's product of a texel and a uniform
/// exactly at opacities such as 0.25, 0.3, 0.5 and 0.7 and within one step at others) over
/// `count` pixels of `row` (premultiplied source-over); 65536 draws the source as it is.
void pixel_rows_draw_over(uint32_t *row, const uint32_t *source, size_t count, uint32_t opacity);

/// Converts a frame of `width × height` pixels, rows `stride` pixels apart and bottom row first,
/// to I420 (8-bit, BT.709 coefficients, limited range; premultiplied colour taken as is, which
/// is the colour over black): `luma` gets `width × height` bytes, top row first, `cb` and `cr`
/// `width / 2 × height / 2` each, every chroma sample from the mean of its 2×2 block. `width` and
/// `height` must be even.
void pixel_rows_i420(
    const uint32_t *frame, size_t width, size_t height, size_t stride, uint8_t *luma, uint8_t *cb, uint8_t *cr);

/// Copies `count` pixels of RGBA bytes (red, green, blue, alpha in memory order) to BGRA words.
void pixel_rows_rgba_to_bgra(uint32_t *out, const uint8_t *rgba, size_t count);

/// Copies `count` BGRA pixels to RGBA bytes (red, green, blue, alpha in memory order).
void pixel_rows_bgra_to_rgba(uint8_t *out, const uint32_t *row, size_t count);

#ifdef __cplusplus
}
#endif

#endif

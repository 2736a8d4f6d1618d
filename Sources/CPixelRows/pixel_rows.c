// Row kernels of the in-memory compositor (ruling V26); see include/pixel_rows.h. Written with
// the compiler's portable vector extensions (four pixels, sixteen 16-bit lanes at a time) so that
// they compile to SSE2 on x86-64 and NEON on ARM without intrinsics; each has one scalar form
// of its arithmetic, used for the last pixels of a row, which gives the same bytes.
#include "pixel_rows.h"

#include <string.h>

// The 32-byte vectors below pass only between static inline functions of this file, never
// across its interface, so the note that their calling convention depends on AVX is moot.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint32_t u32x16 __attribute__((vector_size(64)));

static inline u16x16 widen(u32x4 pixels) {
    u8x16 bytes;
    memcpy(&bytes, &pixels, 16);
    return __builtin_convertvector(bytes, u16x16);
}

static inline u32x4 narrow(u16x16 lanes) {
    u8x16 bytes = __builtin_convertvector(lanes, u8x16);
    u32x4 pixels;
    memcpy(&pixels, &bytes, 16);
    return pixels;
}

static inline u32x4 load4(const uint32_t *p) {
    u32x4 v;
    memcpy(&v, p, 16);
    return v;
}

static inline void store4(uint32_t *p, u32x4 v) { memcpy(p, &v, 16); }

/// Each pixel's alpha in all four of its lanes.
static inline u16x16 alphas(u16x16 v) {
    return __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
}

/// round(a × b / 255) per lane, for a and b in 0…255.
static inline u16x16 mul255(u16x16 a, u16x16 b) {
    u16x16 t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

/// Source-over of premultiplied lanes.
static inline u16x16 over(u16x16 s, u16x16 d) { return s + mul255(d, 255 - alphas(s)); }

/// The same arithmetic on one pixel, two components at a time.
static inline uint32_t mul255_pairs(uint32_t pairs, uint32_t factor) {
    uint32_t t = pairs * factor + 0x00800080u;
    return ((t + ((t >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
}

static inline uint32_t scale_pixel(uint32_t p, uint32_t factor) {
    return mul255_pairs(p & 0x00ff00ffu, factor) | (mul255_pairs((p >> 8) & 0x00ff00ffu, factor) << 8);
}

static inline uint32_t over_pixel(uint32_t s, uint32_t d) { return s + scale_pixel(d, 255 - (s >> 24)); }

/// a and b mixed with weight w (0…256) of b, rounded to nearest.
static inline uint32_t lerp_pixel(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t rb = (((a & 0x00ff00ffu) * (256 - w) + (b & 0x00ff00ffu) * w + 0x00800080u) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((((a >> 8) & 0x00ff00ffu) * (256 - w) + ((b >> 8) & 0x00ff00ffu) * w + 0x00800080u) >> 8)
        & 0x00ff00ffu;
    return rb | (ag << 8);
}

/// Each component c of p scaled as llvmpipe scales a texel by a uniform opacity:
/// (c × opacity + 32767) / 65536, rounded down, with opacity = ⌊o × 65536⌋ (ruling V26).
/// A component of 255 (an opaque texel's alpha, 1.0 exactly in llvmpipe's float arithmetic)
/// whose product falls exactly halfway rounds up instead.
static inline uint32_t opacity_pixel(uint32_t p, uint32_t opacity) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = (p >> shift) & 255;
        out |= ((c * opacity + (c == 255 ? 32768 : 32767)) >> 16) << shift;
    }
    return out;
}

/// The same in 16-bit lanes, for opacity < 65536: with opacity = 256 h + l,
/// c × opacity + 32767 = 256 (c h) + (c l + 255) + 127 × 256, whose top 16 of 24 bits are
/// (c h + ⌊(c l + 255) / 256⌋ + 127) / 256, rounded down; no sum exceeds 16 bits.
static inline u16x16 opacity4(u16x16 s, uint32_t opacity) {
    uint16_t high = (uint16_t)(opacity >> 8), low = (uint16_t)(opacity & 255);
    u16x16 scaled = (s * high + ((s * low + 255) >> 8) + 127) >> 8;
    if (((255 * opacity) & 0xffff) == 0x8000) scaled += (u16x16)(s == 255) & 1;
    return scaled;
}

/// The high 16 bits of a × b per lane.
static inline u16x16 mulhi(u16x16 a, u16x16 b) {
    return __builtin_convertvector(
        (__builtin_convertvector(a, u32x16) * __builtin_convertvector(b, u32x16)) >> 16, u16x16);
}

void pixel_rows_fill(uint32_t *row, size_t count, uint32_t value) {
    for (size_t i = 0; i < count; i++) row[i] = value;
}

void pixel_rows_fill_over(uint32_t *row, size_t count, uint32_t source) {
    uint32_t alpha = source >> 24;
    if (alpha == 255) {
        pixel_rows_fill(row, count, source);
        return;
    }
    if (source == 0) return;
    u16x16 s = widen((u32x4){source, source, source, source});
    u16x16 keep = 255 - alphas(s);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) store4(row + i, narrow(s + mul255(widen(load4(row + i)), keep)));
    for (; i < count; i++) row[i] = over_pixel(source, row[i]);
}

void pixel_rows_blend_rows(uint32_t *out, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight) {
    if (weight == 0 || weight >= 256) {
        memmove(out, weight == 0 ? a : b, count * 4);
        return;
    }
    u16x16 wb = (u16x16){0} + (uint16_t)weight;
    u16x16 wa = 256 - wb;
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        store4(out + i, narrow((widen(load4(a + i)) * wa + widen(load4(b + i)) * wb + 128) >> 8));
    }
    for (; i < count; i++) out[i] = lerp_pixel(a[i], b[i], weight);
}

void pixel_rows_sample(
    uint32_t *out, const uint32_t *row, const int32_t *left, const int32_t *right, const uint16_t *weights,
    size_t count) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        u32x4 l = {row[left[i]], row[left[i + 1]], row[left[i + 2]], row[left[i + 3]]};
        u32x4 r = {row[right[i]], row[right[i + 1]], row[right[i + 2]], row[right[i + 3]]};
        u16x16 w;
        memcpy(&w, weights + 4 * i, 32);
        store4(out + i, narrow((widen(l) * (256 - w) + widen(r) * w + 128) >> 8));
    }
    for (; i < count; i++) out[i] = lerp_pixel(row[left[i]], row[right[i]], weights[4 * i]);
}

void pixel_rows_sample_run(uint32_t *out, const uint32_t *row, size_t count, uint32_t weight) {
    if (weight == 0) {
        memmove(out, row, count * 4);
        return;
    }
    u16x16 wb = (u16x16){0} + (uint16_t)weight;
    u16x16 wa = 256 - wb;
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        store4(out + i, narrow((widen(load4(row + i)) * wa + widen(load4(row + i + 1)) * wb + 128) >> 8));
    }
    for (; i < count; i++) out[i] = lerp_pixel(row[i], row[i + 1], weight);
}

void pixel_rows_gather(uint32_t *out, const uint32_t *row, const int32_t *index, size_t count) {
    for (size_t i = 0; i < count; i++) out[i] = row[index[i]];
}

void pixel_rows_draw_over(uint32_t *row, const uint32_t *source, size_t count, uint32_t opacity) {
    size_t i = 0;
    if (opacity >= 65536) {
        for (; i + 4 <= count; i += 4) {
            u32x4 s4 = load4(source + i);
            u16x16 s = widen(s4);
            // Wholly opaque blocks (most of an opaque image) are copied.
            if ((s4[0] & s4[1] & s4[2] & s4[3]) >> 24 == 255) {
                store4(row + i, s4);
            } else {
                store4(row + i, narrow(over(s, widen(load4(row + i)))));
            }
        }
        for (; i < count; i++) row[i] = over_pixel(source[i], row[i]);
        return;
    }
    if (opacity == 0) return;
    for (; i + 4 <= count; i += 4) {
        u16x16 s = opacity4(widen(load4(source + i)), opacity);
        store4(row + i, narrow(over(s, widen(load4(row + i)))));
    }
    for (; i < count; i++) row[i] = over_pixel(opacity_pixel(source[i], opacity), row[i]);
}

// BT.709, limited range, as the GPU's conversion pass computes it (CARenderer+YUV.swift):
// Y = 16 + 219/255 (0.2126 R + 0.7152 G + 0.0722 B), Cb and Cr = 128 + 224/255 (…) of the mean of
// a 2×2 block, rounded to nearest. Each product is taken to 1/256 of an output step (the high
// half of a 16-bit multiply), so a sample can round one step lower than exact arithmetic where
// it lies within 3/256 of a half step.
#define COEFFICIENT(scale, w) ((uint16_t)((w) * (scale) / 255.0 * 65536.0 + 0.5))

void pixel_rows_i420(
    const uint32_t *frame, size_t width, size_t height, size_t stride, uint8_t *luma, uint8_t *cb, uint8_t *cr) {
    // Lanes hold B, G, R, A of each pixel.
    const u16x16 lumaWeights = {
        COEFFICIENT(219, 0.0722), COEFFICIENT(219, 0.7152), COEFFICIENT(219, 0.2126), 0,
        COEFFICIENT(219, 0.0722), COEFFICIENT(219, 0.7152), COEFFICIENT(219, 0.2126), 0,
        COEFFICIENT(219, 0.0722), COEFFICIENT(219, 0.7152), COEFFICIENT(219, 0.2126), 0,
        COEFFICIENT(219, 0.0722), COEFFICIENT(219, 0.7152), COEFFICIENT(219, 0.2126), 0};
    for (size_t y = 0; y < height; y++) {
        const uint32_t *row = frame + (height - 1 - y) * stride;
        uint8_t *out = luma + y * width;
        size_t x = 0;
        for (; x + 4 <= width; x += 4) {
            // Each component × its weight, in 1/256 of a luma step, summed per pixel.
            u16x16 t = mulhi(widen(load4(row + x)) << 8, lumaWeights);
            u16x16 sum = t + __builtin_shufflevector(t, t, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)
                + __builtin_shufflevector(t, t, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
            sum = (sum + (16 * 256 + 128)) >> 8;
            out[x] = (uint8_t)sum[0];
            out[x + 1] = (uint8_t)sum[4];
            out[x + 2] = (uint8_t)sum[8];
            out[x + 3] = (uint8_t)sum[12];
        }
        for (; x < width; x++) {
            uint32_t p = row[x];
            uint32_t sum = ((lumaWeights[0] * ((p & 255) << 8)) >> 16) + ((lumaWeights[1] * (((p >> 8) & 255) << 8)) >> 16)
                + ((lumaWeights[2] * (((p >> 16) & 255) << 8)) >> 16);
            out[x] = (uint8_t)((sum + 16 * 256 + 128) >> 8);
        }
    }
    // Block sums (≤ 1020) shifted left by 6; the weights take the mean (a quarter) and the scale
    // to 1/256 of a chroma step: positive parts added, negative ones taken away from 128 steps.
    const uint16_t bB = COEFFICIENT(224, 0.5), bG = COEFFICIENT(224, 0.385428), bR = COEFFICIENT(224, 0.114572);
    const uint16_t rR = COEFFICIENT(224, 0.5), rG = COEFFICIENT(224, 0.454153), rB = COEFFICIENT(224, 0.045847);
    const u16x16 plus = {bB, 0, 0, 0, 0, 0, rR, 0, bB, 0, 0, 0, 0, 0, rR, 0};
    const u16x16 minus = {0, bG, bR, 0, rB, rG, 0, 0, 0, bG, bR, 0, rB, rG, 0, 0};
    for (size_t y = 0; y < height / 2; y++) {
        const uint32_t *top = frame + (height - 1 - 2 * y) * stride;
        const uint32_t *bottom = top - stride;
        uint8_t *outB = cb + y * (width / 2);
        uint8_t *outR = cr + y * (width / 2);
        size_t x = 0;
        for (; x + 4 <= width; x += 4) {
            u16x16 v = widen(load4(top + x)) + widen(load4(bottom + x));
            // Lanes 0–3: the first block's B, G, R sums; lanes 8–11: the second's. Each block's
            // sums are repeated in the next four lanes, for Cr's weights.
            u16x16 h = v + __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
            h = __builtin_shufflevector(h, h, 0, 1, 2, 3, 0, 1, 2, 3, 8, 9, 10, 11, 8, 9, 10, 11) << 6;
            u16x16 p = mulhi(h, plus), n = mulhi(h, minus);
            u16x16 pSum = p + __builtin_shufflevector(p, p, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)
                + __builtin_shufflevector(p, p, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
            u16x16 nSum = n + __builtin_shufflevector(n, n, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)
                + __builtin_shufflevector(n, n, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
            u16x16 c = (pSum - nSum + (128 * 256 + 128)) >> 8;
            outB[x / 2] = (uint8_t)c[0];
            outR[x / 2] = (uint8_t)c[4];
            outB[x / 2 + 1] = (uint8_t)c[8];
            outR[x / 2 + 1] = (uint8_t)c[12];
        }
        for (; x < width; x += 2) {
            uint32_t p0 = top[x], p1 = top[x + 1], p2 = bottom[x], p3 = bottom[x + 1];
            uint32_t sb = (p0 & 255) + (p1 & 255) + (p2 & 255) + (p3 & 255);
            uint32_t sg = ((p0 >> 8) & 255) + ((p1 >> 8) & 255) + ((p2 >> 8) & 255) + ((p3 >> 8) & 255);
            uint32_t sr = ((p0 >> 16) & 255) + ((p1 >> 16) & 255) + ((p2 >> 16) & 255) + ((p3 >> 16) & 255);
            uint32_t b = 128 * 256 + 128 + ((bB * (sb << 6)) >> 16) - ((bG * (sg << 6)) >> 16) - ((bR * (sr << 6)) >> 16);
            uint32_t r = 128 * 256 + 128 + ((rR * (sr << 6)) >> 16) - ((rG * (sg << 6)) >> 16) - ((rB * (sb << 6)) >> 16);
            outB[x / 2] = (uint8_t)(b >> 8);
            outR[x / 2] = (uint8_t)(r >> 8);
        }
    }
}

void pixel_rows_rgba_to_bgra(uint32_t *out, const uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = rgba + 4 * i;
        out[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
}

void pixel_rows_bgra_to_rgba(uint8_t *out, const uint32_t *row, size_t count) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        // A BGRA word's bytes in memory are B, G, R, A: red and blue trade places.
        u8x16 bytes;
        memcpy(&bytes, row + i, 16);
        u8x16 swapped = __builtin_shufflevector(bytes, bytes, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
        memcpy(out + 4 * i, &swapped, 16);
    }
    for (; i < count; i++) {
        uint32_t p = row[i];
        out[4 * i] = (uint8_t)(p >> 16);
        out[4 * i + 1] = (uint8_t)(p >> 8);
        out[4 * i + 2] = (uint8_t)p;
        out[4 * i + 3] = (uint8_t)(p >> 24);
    }
}

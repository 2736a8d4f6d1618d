// libjpeg's C API for Lamina's CoreGraphics (`CGImage.load(data:)` decodes JPEG files with it),
// and the functions Swift calls: `lamina_jpeg_decode`, and `lamina_jpeg_encode` for UIKit's
// `UIImage.jpegData(compressionQuality:)`.
//
// libjpeg reports fatal errors by calling `error_exit`, which must not return; the usual answer is
// a `longjmp`. A `longjmp` across Swift frames is undefined behaviour, so the whole decode runs in
// this C function: it sets up `setjmp` here, every `longjmp` lands here, and Swift only ever sees
// an ordinary return with a status and a message.
#ifndef LAMINA_CJPEG_SHIM_H
#define LAMINA_CJPEG_SHIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

// The outcome of `lamina_jpeg_decode`.
enum {
    // Decoded: `pixels` holds the image.
    LAMINA_JPEG_OK = 0,
    // The data is truncated or corrupt; `message` holds libjpeg's message.
    LAMINA_JPEG_CORRUPT = 1,
    // The header declares more pixels than the caller allows.
    LAMINA_JPEG_TOO_LARGE = 2,
    // The colour layout (CMYK, YCCK, unknown) has no RGB conversion; `message` names it.
    LAMINA_JPEG_UNSUPPORTED = 3,
    // Memory for the pixels could not be allocated.
    LAMINA_JPEG_NO_MEMORY = 4,
};

// What `lamina_jpeg_decode` hands back.
typedef struct lamina_jpeg_result {
    // `width × height` pixels, each one native-endian 32-bit word 0xFFRRGGBB (Cairo's RGB24 with
    // the unused byte set), top row first, allocated with `malloc`; the caller frees it. NULL
    // unless the status is `LAMINA_JPEG_OK`.
    unsigned char *pixels;
    // The image width in pixels (also set for `LAMINA_JPEG_TOO_LARGE`).
    unsigned long width;
    // The image height in pixels (also set for `LAMINA_JPEG_TOO_LARGE`).
    unsigned long height;
    // A NUL-terminated description of the failure; empty on success.
    char message[JMSG_LENGTH_MAX];
} lamina_jpeg_result;

// libjpeg's error manager extended with the place to jump back to.
typedef struct lamina_jpeg_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf landing;
    char message[JMSG_LENGTH_MAX];
} lamina_jpeg_error_manager;

// Fatal errors: keep libjpeg's message and jump back into `lamina_jpeg_decode` (C frames only).
static inline void lamina_jpeg_error_exit(j_common_ptr info) {
    lamina_jpeg_error_manager *manager = (lamina_jpeg_error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->landing, 1);
}

// Warnings and trace messages. Premature end of data is fatal (libjpeg would otherwise pad the
// image with gray and report success); other warnings (such as extraneous bytes before a marker)
// are tolerated, as browsers tolerate them. Nothing is printed.
static inline void lamina_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        lamina_jpeg_error_exit(info);
    }
    if (level < 0) {
        info->err->num_warnings++;
    }
}

// Decodes the JPEG in `data[0 ..< size]` into `result` and returns one of the `LAMINA_JPEG_`
// statuses. Images wider or taller than `max_side`, or with more than `max_pixels` pixels, are
// refused after reading the header, before any pixel memory is allocated. Grayscale and YCbCr
// images are converted to RGB by libjpeg; embedded colour profiles are ignored.
static inline int lamina_jpeg_decode(
    const unsigned char *data, unsigned long size, unsigned long max_side, unsigned long max_pixels,
    lamina_jpeg_result *result) {
    struct jpeg_decompress_struct info;
    lamina_jpeg_error_manager manager;
    // Written after `setjmp` and read after a `longjmp`, so it must be volatile.
    unsigned char *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;

    memset(result, 0, sizeof(*result));
    memset(&info, 0, sizeof(info));
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = lamina_jpeg_error_exit;
    manager.base.emit_message = lamina_jpeg_emit_message;
    manager.message[0] = '\0';

    if (setjmp(manager.landing)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        snprintf(result->message, sizeof(result->message), "%s", manager.message);
        return LAMINA_JPEG_CORRUPT;
    }

    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    result->width = info.image_width;
    result->height = info.image_height;

    if (info.jpeg_color_space != JCS_GRAYSCALE && info.jpeg_color_space != JCS_YCbCr
        && info.jpeg_color_space != JCS_RGB) {
        const char *name = info.jpeg_color_space == JCS_CMYK   ? "CMYK"
                           : info.jpeg_color_space == JCS_YCCK ? "YCCK"
                                                                : "unknown";
        snprintf(result->message, sizeof(result->message), "%s colour (%d components)", name,
            info.num_components);
        jpeg_destroy_decompress(&info);
        return LAMINA_JPEG_UNSUPPORTED;
    }
    if (info.image_width > max_side || info.image_height > max_side
        || (unsigned long long)info.image_width * info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return LAMINA_JPEG_TOO_LARGE;
    }

    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    unsigned long width = info.output_width;
    unsigned long height = info.output_height;
    pixels = (unsigned char *)malloc(width * height * 4);
    row = (JSAMPLE *)malloc(width * 3);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        snprintf(result->message, sizeof(result->message), "out of memory");
        return LAMINA_JPEG_NO_MEMORY;
    }
    while (info.output_scanline < height) {
        unsigned long y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            // The memory source never suspends, so no row means the data ran out.
            snprintf(manager.message, sizeof(manager.message), "no data for row %lu", y);
            longjmp(manager.landing, 1);
        }
        uint32_t *target = (uint32_t *)(pixels + y * width * 4);
        for (unsigned long x = 0; x < width; x++) {
            target[x] = 0xFF000000u | (uint32_t)row[3 * x] << 16 | (uint32_t)row[3 * x + 1] << 8
                        | (uint32_t)row[3 * x + 2];
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    result->pixels = pixels;
    result->width = width;
    result->height = height;
    return LAMINA_JPEG_OK;
}

// Encodes `width × height` pixels of premultiplied RGBA (4 bytes a pixel, `bytes_per_row` bytes
// a row, top row first) as a baseline JPEG of `quality` (0–100, clamped) and returns one of the
// `LAMINA_JPEG_` statuses. Alpha is dropped: the premultiplied colour is written, so transparent
// pixels come out black. On success `*output` holds `*output_size` bytes allocated with
// `malloc`; the caller frees it.
static inline int lamina_jpeg_encode(
    const unsigned char *pixels, unsigned long width, unsigned long height, unsigned long bytes_per_row,
    int quality, unsigned char **output, unsigned long *output_size, char *message) {
    struct jpeg_compress_struct info;
    lamina_jpeg_error_manager manager;
    JSAMPLE *volatile row = NULL;
    unsigned char *buffer = NULL;
    unsigned long size = 0;

    *output = NULL;
    *output_size = 0;
    message[0] = '\0';
    memset(&info, 0, sizeof(info));
    info.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = lamina_jpeg_error_exit;
    manager.base.emit_message = lamina_jpeg_emit_message;
    manager.message[0] = '\0';

    if (setjmp(manager.landing)) {
        jpeg_destroy_compress(&info);
        free(row);
        free(buffer);
        snprintf(message, JMSG_LENGTH_MAX, "%s", manager.message);
        return LAMINA_JPEG_CORRUPT;
    }

    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 0 ? 0 : (quality > 100 ? 100 : quality), TRUE);
    row = (JSAMPLE *)malloc(width * 3);
    if (row == NULL) {
        jpeg_destroy_compress(&info);
        snprintf(message, JMSG_LENGTH_MAX, "out of memory");
        return LAMINA_JPEG_NO_MEMORY;
    }
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        const unsigned char *source = pixels + (unsigned long)info.next_scanline * bytes_per_row;
        for (unsigned long x = 0; x < width; x++) {
            row[3 * x] = source[4 * x];
            row[3 * x + 1] = source[4 * x + 1];
            row[3 * x + 2] = source[4 * x + 2];
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *output = buffer;
    *output_size = size;
    return LAMINA_JPEG_OK;
}

#endif

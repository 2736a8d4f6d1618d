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

// libjpeg's error manager with the handlers above: errors jump back to the caller's landing with
// libjpeg's message kept, warnings are counted (premature end of data is an error).
static inline struct jpeg_error_mgr *lamina_jpeg_errors(lamina_jpeg_error_manager *manager) {
    struct jpeg_error_mgr *errors = jpeg_std_error(&manager->base);
    manager->base.error_exit = lamina_jpeg_error_exit;
    manager->base.emit_message = lamina_jpeg_emit_message;
    manager->message[0] = '\0';
    return errors;
}

// Reads the JPEG header in `data[0 ..< size]`: the image's declared width and height. Returns
// `LAMINA_JPEG_OK` or `LAMINA_JPEG_CORRUPT` (with libjpeg's message in `result`). No pixel
// memory is allocated.
static inline int lamina_jpeg_size(
    const unsigned char *data, unsigned long size, lamina_jpeg_result *result) {
    struct jpeg_decompress_struct info;
    lamina_jpeg_error_manager manager;
    memset(result, 0, sizeof(*result));
    memset(&info, 0, sizeof(info));
    info.err = lamina_jpeg_errors(&manager);
    if (setjmp(manager.landing)) {
        jpeg_destroy_decompress(&info);
        snprintf(result->message, sizeof(result->message), "%s", manager.message);
        return LAMINA_JPEG_CORRUPT;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    result->width = info.image_width;
    result->height = info.image_height;
    jpeg_destroy_decompress(&info);
    return LAMINA_JPEG_OK;
}

// Decodes the JPEG in `data[0 ..< size]` into `result` and returns one of the `LAMINA_JPEG_`
// statuses.
//
// `scale_denom` (1, 2, 4 or 8) decodes at 1/scale_denom of the size with libjpeg's DCT scaling
// (sides rounded up), so a reduced image never exists at full size. When `crop_width` is not 0,
// only the rectangle (`crop_x`, `crop_y`, `crop_width`, `crop_height`) of that scaled image
// (top-left origin, clamped to it) is decoded: the columns with `jpeg_crop_scanline`, the rows
// before it skipped and those after it never read. The pixels allocated are the result's only;
// a result wider or taller than `max_side`, or with more than `max_pixels` pixels, is refused
// after reading the header, before any pixel memory is allocated (`result` then holds the
// image's declared size). Grayscale and YCbCr images are converted to RGB by libjpeg; embedded
// colour profiles are ignored.
static inline int lamina_jpeg_decode(
    const unsigned char *data, unsigned long size, unsigned long max_side, unsigned long max_pixels,
    unsigned int scale_denom, unsigned long crop_x, unsigned long crop_y, unsigned long crop_width,
    unsigned long crop_height, lamina_jpeg_result *result) {
    struct jpeg_decompress_struct info;
    lamina_jpeg_error_manager manager;
    // Written after `setjmp` and read after a `longjmp`, so it must be volatile.
    unsigned char *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;

    memset(result, 0, sizeof(*result));
    memset(&info, 0, sizeof(info));
    info.err = lamina_jpeg_errors(&manager);

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

    info.out_color_space = JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1;
    jpeg_calc_output_dimensions(&info);
    unsigned long scaled_width = info.output_width;
    unsigned long scaled_height = info.output_height;
    unsigned long x = 0, y = 0, width = scaled_width, height = scaled_height;
    if (crop_width > 0) {
        x = crop_x < scaled_width ? crop_x : scaled_width - 1;
        y = crop_y < scaled_height ? crop_y : scaled_height - 1;
        width = crop_width < scaled_width - x ? crop_width : scaled_width - x;
        height = crop_height < scaled_height - y ? crop_height : scaled_height - y;
        if (height == 0) height = 1;
    }
    if (width > max_side || height > max_side
        || (unsigned long long)width * height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return LAMINA_JPEG_TOO_LARGE;
    }

    jpeg_start_decompress(&info);
    JDIMENSION first_column = (JDIMENSION)x;
    JDIMENSION columns = (JDIMENSION)width;
    if (width < scaled_width) {
        // Widened to whole iMCUs: `first_column` moves left, `columns` grows.
        jpeg_crop_scanline(&info, &first_column, &columns);
    }
    if (y > 0) {
        jpeg_skip_scanlines(&info, (JDIMENSION)y);
    }
    unsigned long skip = x - first_column;
    pixels = (unsigned char *)malloc(width * height * 4);
    row = (JSAMPLE *)malloc((size_t)info.output_width * 3);
    if (pixels == NULL || row == NULL) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        snprintf(result->message, sizeof(result->message), "out of memory");
        return LAMINA_JPEG_NO_MEMORY;
    }
    for (unsigned long r = 0; r < height; r++) {
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            // The memory source never suspends, so no row means the data ran out.
            snprintf(manager.message, sizeof(manager.message), "no data for row %lu", y + r);
            longjmp(manager.landing, 1);
        }
        uint32_t *target = (uint32_t *)(pixels + r * width * 4);
        const JSAMPLE *source = row + 3 * skip;
        for (unsigned long c = 0; c < width; c++) {
            target[c] = 0xFF000000u | (uint32_t)source[3 * c] << 16 | (uint32_t)source[3 * c + 1] << 8
                        | (uint32_t)source[3 * c + 2];
        }
    }
    if (info.output_scanline < info.output_height) {
        // Rows below the region are never decoded.
        jpeg_abort_decompress(&info);
    } else {
        jpeg_finish_decompress(&info);
    }
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
    info.err = lamina_jpeg_errors(&manager);

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

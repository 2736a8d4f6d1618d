// Cairo's C API for Lamina's CoreGraphics (CGContext rasterises with it).
#ifndef LAMINA_CCAIRO_SHIM_H
#define LAMINA_CCAIRO_SHIM_H

#include <cairo.h>

#endif

// Pango on Cairo (with fontconfig, FreeType and HarfBuzz underneath) for Lamina's CoreGraphics
// text: font resolution, shaping, line breaking and glyph rasterising.
#ifndef LAMINA_CPANGO_SHIM_H
#define LAMINA_CPANGO_SHIM_H

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>

#endif

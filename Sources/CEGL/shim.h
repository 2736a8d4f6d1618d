// EGL (surfaceless, through Mesa or the GPU vendor's EGL) and OpenGL ES 3.0 for the compositor.
#define EGL_EGLEXT_PROTOTYPES 1
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
// glibc's malloc_trim: after a frame that made large bitmaps, the renderer hands the memory the
// ones it dropped leave free back to the system (ruling V19).
#include <malloc.h>

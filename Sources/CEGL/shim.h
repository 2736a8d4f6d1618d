// EGL (surfaceless, through Mesa or the GPU vendor's EGL) and OpenGL ES 3.0 for the compositor.
#define EGL_EGLEXT_PROTOTYPES 1
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

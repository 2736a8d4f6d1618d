// SDL2 for LaminaWindow: windows, OpenGL ES contexts through EGL, input events.
#include <SDL.h>

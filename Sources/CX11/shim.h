#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>

/* XRandR is optional: `liquid play` loads libXrandr.so.2 with dlopen when it is installed and asks it for the
   refresh rate, so building needs no XRandR headers. These are the three entry points it uses, with the
   signatures of <X11/extensions/Xrandr.h>; the screen configuration stays opaque. */
typedef struct CX11RandRScreenConfiguration CX11RandRScreenConfiguration;
typedef CX11RandRScreenConfiguration *(*CX11RandRGetScreenInfo)(Display *display, Window window);
typedef short (*CX11RandRConfigCurrentRate)(CX11RandRScreenConfiguration *configuration);
typedef void (*CX11RandRFreeScreenConfigInfo)(CX11RandRScreenConfiguration *configuration);

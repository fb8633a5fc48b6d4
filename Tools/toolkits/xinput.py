"""Real X input for the GTK harnesses (Tools/toolkits/gtk, Tools/toolkits/gtk3):
pointer motion, buttons and modifier keys sent with XTest on a second X
connection, as a user's devices would send them."""
import ctypes
import ctypes.util


class XInput:
    """A second X connection that sends real input with XTest."""

    def __init__(self):
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        x11, xtst = self.x11, self.xtst
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XStringToKeysym.restype = ctypes.c_ulong
        x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XTranslateCoordinates.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_ulong)]
        x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        x11.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                              ctypes.c_int, ctypes.c_ulong]
        xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                              ctypes.c_ulong]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                           ctypes.c_ulong]
        xtst.XTestQueryExtension.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
        self.dpy = x11.XOpenDisplay(None)
        if not self.dpy:
            raise SystemExit("harness: cannot open X display %r" % os.environ.get("DISPLAY"))
        a, b, c, d = (ctypes.c_int() for _ in range(4))
        if not xtst.XTestQueryExtension(self.dpy, ctypes.byref(a), ctypes.byref(b),
                                        ctypes.byref(c), ctypes.byref(d)):
            raise SystemExit("harness: the X server has no XTest extension")
        self.root = x11.XDefaultRootWindow(self.dpy)
        self.screen_size = (x11.XDisplayWidth(self.dpy, 0), x11.XDisplayHeight(self.dpy, 0))
        self.keycodes = {}

    def keycode(self, name):
        if name not in self.keycodes:
            sym = self.x11.XStringToKeysym(name.encode())
            code = self.x11.XKeysymToKeycode(self.dpy, sym) if sym else 0
            if not code:
                raise SystemExit("harness: no keycode for keysym %s" % name)
            self.keycodes[name] = code
        return self.keycodes[name]

    def motion(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, int(x), int(y), 0)
        self.x11.XFlush(self.dpy)

    def button(self, button, down):
        self.xtst.XTestFakeButtonEvent(self.dpy, button, 1 if down else 0, 0)
        self.x11.XFlush(self.dpy)

    def key(self, name, down):
        self.xtst.XTestFakeKeyEvent(self.dpy, self.keycode(name), 1 if down else 0, 0)
        self.x11.XFlush(self.dpy)

    def sync(self):
        self.x11.XSync(self.dpy, 0)

    def window_origin(self, xid):
        x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        self.x11.XTranslateCoordinates(self.dpy, xid, self.root, 0, 0,
                                       ctypes.byref(x), ctypes.byref(y), ctypes.byref(child))
        return x.value, y.value

    def focus(self, xid):
        self.x11.XSetInputFocus(self.dpy, xid, 2, 0)  # RevertToParent, CurrentTime
        self.x11.XFlush(self.dpy)


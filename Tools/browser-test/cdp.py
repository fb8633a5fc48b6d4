"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe
(standard library only): start headless Chromium, open a page, evaluate
JavaScript, take screenshots, send input."""
import base64, json, os, shutil, subprocess, tempfile, time, zlib, struct


class Browser:
    def __init__(self, binary, width=1400, height=1000):
        self.profile = tempfile.mkdtemp(prefix="pointersim-chromium-")
        r1, w1 = os.pipe()  # we write, the browser reads (its fd 3)
        r2, w2 = os.pipe()  # the browser writes (its fd 4), we read
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                f"--window-size={width},{height}", f"--user-data-dir={self.profile}", "about:blank"]
        def child():
            os.dup2(r1, 3); os.dup2(w2, 4)
        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=child,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(r1); os.close(w2)
        self.out, self.inp = os.fdopen(w1, "wb", buffering=0), os.fdopen(r2, "rb", buffering=0)
        self.buf, self.next_id, self.session = b"", 0, None
        self.width, self.height = width, height

    def _send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session: msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        return self.next_id

    def _read(self):
        while b"\0" not in self.buf:
            chunk = self.inp.read(1 << 20)
            if not chunk: raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True):
        i = self._send(method, params, session)
        while True:
            m = self._read()
            if m.get("id") == i:
                if "error" in m: raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})

    def resize(self, width, height):
        """The window's size (CSS px) for the pages opened from now on (and the current one)."""
        self.width, self.height = width, height
        if self.session is not None:
            self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def open(self, url):
        if self.session is None:
            t = self.call("Target.createTarget", {"url": "about:blank"}, session=False)
            self.session = self.call("Target.attachToTarget", {"targetId": t["targetId"], "flatten": True}, session=False)["sessionId"]
            self.call("Page.enable")
            self.call("Runtime.enable")
            self.call("Emulation.setDeviceMetricsOverride", {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})
        # through about:blank, so that the same file with another #fragment is loaded again
        self.call("Page.navigate", {"url": "about:blank"})
        self.call("Page.navigate", {"url": url})
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.eval("document.readyState === 'complete' && !!window.PointerSimViewer", quiet=True):
                return
            time.sleep(0.05)
        raise RuntimeError(f"the viewer did not load: {url}")

    def eval(self, expr, quiet=False, await_promise=False):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": await_promise})
        if "exceptionDetails" in r:
            if quiet: return None
            raise RuntimeError(f"JS error in {expr[:80]!r}: {r['exceptionDetails'].get('exception', {}).get('description') or r['exceptionDetails']}")
        return r["result"].get("value")

    def screenshot(self, clip=None):
        p = {"format": "png", "captureBeyondViewport": False}
        if clip: p["clip"] = {"x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", p)["data"])

    def mouse(self, kind, x, y, buttons=0):
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none", "buttons": buttons, "clickCount": 1})

    def key(self, key, code, keycode, shift=False):
        for t in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": t, "key": key, "code": code, "windowsVirtualKeyCode": keycode, "modifiers": 8 if shift else 0})

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def decode_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB/RGBA PNG, not interlaced."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b"IHDR": w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body); assert depth == 8 and interlace == 0 and colour in (2, 6)
        elif kind == b"IDAT": idat += body
    bpp = 4 if colour == 6 else 3
    raw, stride, out, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)]); prev = line
    return w, h, out

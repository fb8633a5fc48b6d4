# Shared by Tools/toolkits/gtk/run.sh (GTK 4) and Tools/toolkits/gtk3/run.sh
# (GTK 3): installs what the harness needs with apt-get when missing
# (python3-gi, gir1.2-gtk-N.0, xvfb, xdotool; xdotool brings libXtst, which the
# harnesses drive through ctypes), starts Xvfb on a free display and runs
# `$here/harness.py` with the given arguments, ending the harness and Xvfb
# first when interrupted (Tools/lib/children.sh). Exit status: the harness's,
# or 2 when the packages cannot be installed or Xvfb does not start.
#
# The caller sets `gtk_version` (4 or 3), `here` (its folder) and `python`,
# sources Tools/lib/children.sh, then this file.
have_all() {
    [ -x "$python" ] &&
    "$python" -c "import gi; gi.require_version('Gtk', '$gtk_version.0'); gi.require_version('GdkX11', '$gtk_version.0'); from gi.repository import Gtk, GdkX11" 2>/dev/null &&
    command -v Xvfb >/dev/null && command -v xdotool >/dev/null &&
    "$python" -c 'import ctypes.util, sys; sys.exit(0 if ctypes.util.find_library("Xtst") or ctypes.util.find_library("X11") else 1)' 2>/dev/null
}

if ! have_all; then
    pkgs="python3 python3-gi gir1.2-gtk-$gtk_version.0 xvfb xdotool libxtst6"
    echo "run.sh: installing $pkgs" >&2
    if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
        echo "run.sh: GTK $gtk_version harness needs: $pkgs (apt-get install as root); cannot install as $(id -un)" >&2
        exit 2
    fi
    sudo_=""; [ "$(id -u)" != 0 ] && sudo_="sudo -n"
    if ! { $sudo_ apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq $pkgs; } >&2; then
        echo "run.sh: could not install $pkgs with apt-get" >&2
        exit 2
    fi
    if ! have_all; then
        echo "run.sh: installed $pkgs but GTK $gtk_version / Xvfb / xdotool still not usable" >&2
        exit 2
    fi
fi

# a free display, chosen by Xvfb itself (-displayfd: no race with other runs)
xvfb_log="$(mktemp)"
disp_file="$(mktemp)"
Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp -noreset 3>"$disp_file" >"$xvfb_log" 2>&1 &
xvfb_pid=$!
# (Xvfb and the harness are ended by children.sh's traps on exit, INT, TERM and HUP.)
cleanup() { rm -f "$xvfb_log" "$disp_file"; }
children_cleanup=cleanup

disp=""
for _ in $(seq 200); do
    disp="$(tr -dc 0-9 <"$disp_file")"
    [ -n "$disp" ] && break
    if ! kill -0 "$xvfb_pid" 2>/dev/null; then echo "run.sh: Xvfb failed:" >&2; cat "$xvfb_log" >&2; exit 2; fi
    sleep 0.05
done
if [ -z "$disp" ]; then echo "run.sh: Xvfb did not report its display" >&2; exit 2; fi
# wait for the server to accept connections
for _ in $(seq 100); do
    if DISPLAY=":$disp" xdotool getmouselocation >/dev/null 2>&1; then break; fi
    sleep 0.05
done

# no session bus here: keep GTK from trying to start one
DISPLAY=":$disp" GDK_BACKEND=x11 GDK_SCALE=1 GDK_DPI_SCALE=1 GTK_A11Y=none NO_AT_BRIDGE=1 \
    DBUS_SESSION_BUS_ADDRESS=disabled: GSETTINGS_BACKEND=memory \
    run_child "$python" "$here/harness.py" "$@"

# Sourced by the scripts that start long-lived children (Xvfb, toolkit
# harnesses, qemu, fuzzers, browsers, the test steps): when the script is
# interrupted (INT), terminated (TERM, HUP: `timeout`, a CI job's stop) or
# exits, every process it started, and everything those started, is ended:
# TERM first, KILL after 3 s for what is left. POSIX sh (dash and bash).
#
#   . "$(dirname "$0")/lib/children.sh"     # installs the traps
#   run_child COMMAND ARGS...               # runs it and waits; returns its status
#
# A shell runs a trap only when its foreground command ends, so a long
# command run directly would keep the signal waiting: `run_child` starts it
# in the background and waits for it (`wait` returns at once on a signal).
# Its standard input is the script's. The traps replace any the script set:
# a script with cleanup of its own sets `children_cleanup` to the name of a
# function, called after the children are ended.

# The descendants of process $1 (every generation), one per line, taken
# from one snapshot of the process table.
children_of() {
    ps -eo pid=,ppid= 2>/dev/null | awk -v root="$1" '
        { parent[$1] = $2; pids[NR] = $1 }
        END {
            want[root] = 1; changed = 1
            while (changed) {
                changed = 0
                for (i = 1; i <= NR; i++) { p = pids[i]; if (!(p in want) && (parent[p] in want)) { want[p] = 1; changed = 1 } }
            }
            for (p in want) if (p != root) print p
        }'
}

# Ends every descendant of this shell: TERM, then KILL after up to 3 s.
end_children() {
    _ec_pids=$(children_of $$ | tr '\n' ' ')
    [ -n "${_ec_pids# }" ] || return 0
    # Some may have ended already (the snapshot's own ps and awk among them):
    # kill's failure for those must not stop a script that runs under set -e.
    # shellcheck disable=SC2086
    kill -TERM $_ec_pids 2>/dev/null || true
    _ec_i=0
    while [ $_ec_i -lt 30 ]; do
        _ec_alive=
        for _ec_p in $_ec_pids; do kill -0 "$_ec_p" 2>/dev/null && _ec_alive="$_ec_alive $_ec_p"; done
        [ -n "$_ec_alive" ] || return 0
        sleep 0.1
        _ec_i=$((_ec_i + 1))
    done
    # shellcheck disable=SC2086
    kill -KILL $_ec_alive 2>/dev/null || true
    return 0
}

children_cleanup=
_children_exit() {
    _ce_status=$?
    trap - EXIT INT TERM HUP
    end_children
    [ -z "$children_cleanup" ] || "$children_cleanup"
    exit "$_ce_status"
}
_children_signal() {
    trap - EXIT INT TERM HUP
    end_children
    [ -z "$children_cleanup" ] || "$children_cleanup"
    exit "$1"
}
trap _children_exit EXIT
trap '_children_signal 130' INT
trap '_children_signal 143' TERM
trap '_children_signal 129' HUP

# run_child COMMAND ARGS...: runs the command in the background with the
# script's standard input (the explicit `<&0` keeps a non-interactive shell
# from giving it /dev/null), waits, and returns its exit status.
run_child() {
    "$@" <&0 &
    wait $!
}

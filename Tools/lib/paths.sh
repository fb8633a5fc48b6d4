# Sourced by the scripts that change to the repository's root but take paths
# from the command line or the environment: a path is the caller's, relative
# to the folder the script was started from, as any command's. POSIX sh.
#
#   . "$(dirname "$0")/lib/paths.sh"   # first, before the script's cd: records that folder
#   cd "$(dirname "$0")/.."
#   out=$(from_caller "$1")            # the caller's path, made absolute (/…, - and '' as given)
#   shown=$(for_caller "$root/x")      # a path of ours as the caller would type it
caller_dir=$(pwd)

from_caller() {
    case "$1" in
    /*|-|'') printf '%s\n' "$1" ;;
    *) printf '%s\n' "$caller_dir/$1" ;;
    esac
}

# for_caller PATH: PATH (absolute or relative to the current folder) relative
# to the caller's folder when it is inside it, else absolute.
for_caller() {
    _abs=$(realpath -m "$1")
    case "$_abs/" in
    "$caller_dir"/*) realpath -m --relative-to="$caller_dir" "$_abs" ;;
    *) printf '%s\n' "$_abs" ;;
    esac
}

# Sourced by the scripts that run the command (from the package's root):
#
#   . Tools/lib/build.sh
#   bin=$(build_pointersim)            # debug
#   bin=$(build_pointersim release)
#
# build_pointersim [CONFIG]: builds the `pointersim` product (CONFIG: debug,
# the default, or release) and prints the binary's path; the build's own
# output goes to standard error, and a failed build returns 1 with a line
# saying so.
build_pointersim() {
	local config=${1:-debug}
	swift build -c "$config" --product pointersim >&2 \
		|| { echo "error: swift build -c $config --product pointersim failed" >&2; return 1; }
	echo "$(swift build -c "$config" --show-bin-path)/pointersim"
}

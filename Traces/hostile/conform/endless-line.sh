#!/bin/sh
# A line that never ends: stopped at the 1 MiB limit.
exec tr '\0' x </dev/zero

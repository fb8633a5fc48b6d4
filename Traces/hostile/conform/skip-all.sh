#!/bin/sh
# Skips every session for one reason.
exec python3 -c 'import sys
for line in sys.stdin:
    if "scene" in line: print("{\"skipped\": \"not my kind\"}", flush=True)'

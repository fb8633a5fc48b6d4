#!/bin/sh
# The example band with its rounding bug.
exec python3 Examples/ConformPython/band_round_even.py

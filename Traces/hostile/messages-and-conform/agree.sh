#!/bin/sh
# The example band implementation, with its rounding fixed: agrees.
BAND_ROUNDING=away exec python3 Examples/ConformPython/band_round_even.py

#!/bin/sh
# Answers nested 200,000 brackets deep: stopped at 32.
python3 -c 'print("[" * 200000, flush=True)'; exec sleep 50

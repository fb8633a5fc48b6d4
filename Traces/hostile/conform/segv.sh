#!/bin/sh
# Crashes.
kill -SEGV $$

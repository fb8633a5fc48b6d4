#!/bin/sh
# Closes its standard output and keeps running.
exec >&-; exec sleep 50

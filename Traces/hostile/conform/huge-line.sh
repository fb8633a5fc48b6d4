#!/bin/sh
# A 100 MB line, then a hang.
head -c 100000000 /dev/zero | tr '\0' x; echo; exec sleep 50

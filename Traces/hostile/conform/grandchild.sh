#!/bin/sh
# Exits, leaving a grandchild holding the pipe.
sleep 50 & exit 0

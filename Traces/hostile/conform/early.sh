#!/bin/sh
# Reads one line and exits.
read line; exit 3

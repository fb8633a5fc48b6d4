#!/bin/sh
# Endless garbage: the first line is not JSON.
exec yes garbage

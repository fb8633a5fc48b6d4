#!/bin/sh
# Reads nothing, answers nothing.
exec sleep 50

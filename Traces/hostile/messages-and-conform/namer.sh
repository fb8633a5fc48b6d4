#!/bin/sh
# Skips every session, naming its number as the runner sent it.
while read -r line; do
  case "$line" in
    *'"scene"'*) n=${line#*'"session": '}; n=${n%%,*}; echo "{\"skipped\": \"session $n\"}";;
  esac
done

#!/bin/sh
# Answers the first step of the first session, then ends.
read -r scene
read -r step
echo '{"step": 0, "selection": []}'
sleep 0.2

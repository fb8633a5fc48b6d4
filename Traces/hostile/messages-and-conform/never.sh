#!/bin/sh
# Never answers (a session played would take the whole timeout).
exec sleep 60

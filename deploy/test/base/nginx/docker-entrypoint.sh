#!/bin/sh
# As the official image's: sources each executable *.envsh and runs each executable *.sh of /docker-entrypoint.d in
# order (in one shell, so what an .envsh exports reaches the scripts after it), then runs the command.
set -e
if [ "$1" = "nginx" ]; then
  find /docker-entrypoint.d/ -follow -type f -print | sort -V | while read -r f; do
    case "$f" in
      *.envsh) if [ -x "$f" ]; then echo "$0: sourcing $f"; . "$f"; fi ;;
      *.sh) if [ -x "$f" ]; then echo "$0: running $f"; "$f"; fi ;;
    esac
  done
fi
exec "$@"

#!/bin/sh
# Room for every operator's live stream (docs/running.md, "Open files for live streams"): a stream holds two
# connections in nginx, the browser's and the one to an API replica, so 10,000 streams need 20,000, each an open file,
# all in one worker on a one-core host (worker_processes auto). Sets its workers' open-file limit to the container's
# (docker-compose.yml's ulimits, OPEN_FILES_LIMIT) and their connections to half of it, at most 32,768, in the image's
# nginx.conf (whose worker_connections is 1024). Run at every start, it changes only what the limit changed.
set -e
conf="${NGINX_CONF:-/etc/nginx/nginx.conf}"
files="$(ulimit -Hn)"
if [ "$files" = unlimited ] || [ "$files" -gt 65536 ]; then files=65536; fi
connections=$((files / 2))
if [ "$connections" -gt 32768 ]; then connections=32768; fi
sed -i "s/^\([[:space:]]*worker_connections[[:space:]]\{1,\}\)[0-9]\{1,\};/\1$connections;/" "$conf"
sed -i '/^worker_rlimit_nofile /d' "$conf"
sed -i "1i worker_rlimit_nofile $files;" "$conf"

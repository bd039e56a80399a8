#!/bin/sh
# Room for every operator's live stream (docs/running.md, "Open files for live streams"): a stream holds two
# connections in nginx, the browser's and the one to an API replica, so 10,000 streams need 20,000, each an open file,
# all in one worker on a one-core host (worker_processes auto). Raises the image's worker_connections (1024) and its
# workers' open-file limit in its nginx.conf; the container's own limit is raised in docker-compose.yml (ulimits).
# Run at every start, it changes nothing the second time.
set -e
conf="${NGINX_CONF:-/etc/nginx/nginx.conf}"
sed -i 's/^\([[:space:]]*worker_connections[[:space:]]\{1,\}\)[0-9]\{1,\};/\132768;/' "$conf"
grep -q '^worker_rlimit_nofile ' "$conf" || sed -i '1i worker_rlimit_nofile 65536;' "$conf"

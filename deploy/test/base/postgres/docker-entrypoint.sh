#!/bin/bash
# As the official image's: as root, prepares PGDATA and runs itself again as postgres. On the first start (no
# PG_VERSION) it runs initdb with POSTGRES_USER and POSTGRES_PASSWORD (scram-sha-256 for connections over the
# network), creates POSTGRES_DB and runs /docker-entrypoint-initdb.d (*.sh run or sourced, *.sql through psql) on a
# server that listens on its socket only. Then it runs the command (`postgres` and its options).
set -Eeo pipefail
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi

: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
export POSTGRES_USER POSTGRES_DB POSTGRES_PASSWORD

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "Database is uninitialized and superuser password is not specified: set POSTGRES_PASSWORD" >&2
    exit 1
  fi
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --encoding=UTF8 --locale=C.UTF-8 \
    -D "$PGDATA" $POSTGRES_INITDB_ARGS
  printf '\nhost all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\nunix_socket_directories = '/var/run/postgresql'\n" >>"$PGDATA/postgresql.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start
  export PGPASSWORD="$POSTGRES_PASSWORD"
  psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
  if [ "$POSTGRES_DB" != postgres ]; then
    "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db" ;'
  fi
  shopt -s nullglob
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) if [ -x "$f" ]; then echo "$0: running $f"; "$f"; else echo "$0: sourcing $f"; . "$f"; fi ;;
      *.sql) echo "$0: running $f"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$f" ;;
      *) echo "$0: ignoring $f" ;;
    esac
  done
  unset PGPASSWORD
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"

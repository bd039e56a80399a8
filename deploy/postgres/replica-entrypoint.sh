#!/bin/sh
# The analysts' replica (docker-compose.yml, profile `replica`), on the primary's image. On its first start (an empty
# PGDATA) pg_basebackup copies the primary over the replication protocol as pli_replicator (PGPASSWORD) through a
# physical slot of its own, `analyst_replica`, which keeps on the primary the WAL the replica has not received yet,
# and writes standby.signal and primary_conninfo; every start then runs a hot standby streaming from the primary,
# with hot_standby_feedback, so the primary's vacuum does not remove rows an analyst's query still reads.
set -eu
: "${PGDATA:?PGDATA is set by the Postgres image}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups sh "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  # A slot left by an earlier replica whose volume was removed would stop pg_basebackup from creating it.
  psql --host=postgres --username=pli_replicator --dbname=pli --quiet --no-psqlrc --set=ON_ERROR_STOP=1 --command \
    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = 'analyst_replica' AND NOT active"
  pg_basebackup --host=postgres --username=pli_replicator --pgdata="$PGDATA" --wal-method=stream \
    --write-recovery-conf --create-slot --slot=analyst_replica --checkpoint=fast
fi
exec postgres -c hot_standby=on -c hot_standby_feedback=on -c max_connections=200 "$@"

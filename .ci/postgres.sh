#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the tests (no Docker): Debian's postgresql,
# a fresh cluster owned by the `postgres` user, trust authentication on 127.0.0.1 only.
# Prints the URL to export as TABLETOP_TEST_PG.
set -euo pipefail
PORT="${PGTEST_PORT:-54329}"
DIR="${PGTEST_DIR:-/tmp/tabletop-pgtest}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "installing PostgreSQL from Debian" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
as_postgres() {
    if [ "$(id -un)" = postgres ]; then "$@"
    elif [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"
    else sudo -u postgres "$@"; fi
}

if [ -f "$DIR/postmaster.pid" ]; then
    as_postgres "$BIN/pg_ctl" -D "$DIR" stop -m immediate >/dev/null 2>&1 || true
fi
$sudo rm -rf "$DIR"
$sudo mkdir -p "$DIR"
$sudo chown postgres "$DIR"
as_postgres "$BIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
echo "postgresql+psycopg://postgres@127.0.0.1:$PORT/postgres"

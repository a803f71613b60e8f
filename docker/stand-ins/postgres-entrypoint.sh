#!/bin/sh
# What the official postgres image's entrypoint does, for what compose uses: on a first start
# (an empty PGDATA) a cluster whose superuser is POSTGRES_USER with POSTGRES_PASSWORD, the
# database POSTGRES_DB, password logins from the network; then the server, as user postgres.
set -eu

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA" /run/postgresql
    chown -R postgres:postgres "$PGDATA" /run/postgresql
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?the postgres stand-in needs POSTGRES_PASSWORD}"
    user="${POSTGRES_USER:-postgres}"
    db="${POSTGRES_DB:-$user}"
    password_file="$(mktemp)"
    printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
    initdb --username="$user" --pwfile="$password_file" --encoding=UTF8 \
        --auth-local=trust --auth-host=scram-sha-256
    rm -f "$password_file"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    # A private socket while the database is made: health checks (pg_isready on the usual
    # socket) see nothing until the real server starts.
    init_socket="$(mktemp -d)"
    pg_ctl -D "$PGDATA" -w -o "-c listen_addresses='' -c unix_socket_directories=$init_socket" start
    if [ "$db" != postgres ]; then
        createdb -h "$init_socket" -U "$user" "$db"
    fi
    pg_ctl -D "$PGDATA" -w -m fast stop
    rmdir "$init_socket"
fi

exec "$@"

#!/bin/sh
# What the official redis image's entrypoint does: redis-server as user redis, reachable from
# other containers (protected mode off when no config file says otherwise).
set -eu

if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then
    exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi

if [ "$1" = redis-server ]; then
    shift
    case "${1:-}" in
        *.conf)
            config="$1"
            shift
            set -- redis-server "$config" "$@"
            grep -q '^protected-mode' "$config" || set -- "$@" --protected-mode no
            ;;
        *) set -- redis-server --protected-mode no "$@" ;;
    esac
fi

exec "$@"

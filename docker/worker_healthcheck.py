"""Health check of a ``patience worker`` container (compose runs it in the container): healthy
while a worker of this container (RQ records each worker's host name, the container's id) beats
in the register of live workers that the API and analyses count on.

The standard library only, speaking Redis's protocol itself: the package's imports take seconds
on a loaded machine, past the check's time limit.
"""

import os
import socket
import sys
import time
from typing import Any, BinaryIO
from urllib.parse import unquote, urlsplit

WORKERS = "patience:workers:alive"
LIVE_SECONDS = 15.0
"""As :mod:`patience.jobs.queues` (tests/deploy/test_compose.py keeps them equal)."""


def connect(url: str) -> tuple[socket.socket, BinaryIO]:
    parts = urlsplit(url)
    conn = socket.create_connection((parts.hostname or "localhost", parts.port or 6379), 3)
    reader = conn.makefile("rb")
    if parts.password:
        user = unquote(parts.username or "default")
        call(conn, reader, "AUTH", user, unquote(parts.password))
    database = parts.path.strip("/")
    if database and database != "0":
        call(conn, reader, "SELECT", database)
    return conn, reader


def call(conn: socket.socket, reader: BinaryIO, *args: str) -> Any:
    """One command; its reply (strings, integers, lists, or None)."""
    encoded = [arg.encode() for arg in args]
    request = b"*%d\r\n" % len(encoded)
    request += b"".join(b"$%d\r\n%s\r\n" % (len(arg), arg) for arg in encoded)
    conn.sendall(request)
    return reply(reader)


def reply(reader: BinaryIO) -> Any:
    line = reader.readline()
    kind, rest = line[:1], line[1:-2]
    if kind == b"-":
        raise RuntimeError(rest.decode())
    if kind == b":":
        return int(rest)
    if kind == b"+":
        return rest.decode()
    if kind == b"$":
        if int(rest) < 0:
            return None
        data = reader.read(int(rest) + 2)
        return data[:-2].decode()
    if kind == b"*":
        return None if int(rest) < 0 else [reply(reader) for _ in range(int(rest))]
    raise RuntimeError(f"unexpected reply {line!r}")


def alive(url: str, hostname: str) -> bool:
    conn, reader = connect(url)
    with conn:
        for key in call(conn, reader, "SMEMBERS", "rq:workers") or []:
            if call(conn, reader, "HGET", key, "hostname") != hostname:
                continue
            name = key.removeprefix("rq:worker:")
            beat = call(conn, reader, "ZSCORE", WORKERS, name)
            if beat is not None and float(beat) > time.time() - LIVE_SECONDS:
                return True
    return False


if __name__ == "__main__":
    sys.exit(0 if alive(os.environ["REDIS_URL"], socket.gethostname()) else 1)

# Stand-in for postgres:15, from Debian's packages (tests only: docker/compose.stand-ins.yml).
# Its entrypoint does what the official one does with the variables compose sets.
ARG BASE_IMAGE=patience-base:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && pg_dropcluster 15 main
COPY docker/stand-ins/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# Fast shutdown, as the official image.
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]

# Stand-in for redis:7, from Debian's packages (tests only: docker/compose.stand-ins.yml).
ARG BASE_IMAGE=patience-base:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir /data && chown redis:redis /data
COPY docker/stand-ins/redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]

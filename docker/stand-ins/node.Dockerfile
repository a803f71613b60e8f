# Stand-in for node:20-alpine, from Debian's packages (tests only: docker/compose.stand-ins.yml).
# The client's build wants Node >= 20.19, which Debian ships from trixie on.
ARG BASE_IMAGE=patience-base:bookworm
FROM ${BASE_IMAGE}
RUN echo 'deb http://deb.debian.org/debian trixie main' > /etc/apt/sources.list.d/trixie.list \
    && apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends -t trixie \
        nodejs npm ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# npm trusts the system's CA bundle (which holds any CA the base image was given).
ENV LANG=C.UTF-8 NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]

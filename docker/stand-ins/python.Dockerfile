# Stand-in for python:3.11-slim, from Debian's packages (tests only: docker/compose.stand-ins.yml).
# Debian's Python 3.11 with venv, headers (the solver's native core is compiled against them)
# and the CA bundle, as `python` on the PATH like the official image.
ARG BASE_IMAGE=patience-base:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        python3 python3-venv python3-dev ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s /usr/bin/python3 /usr/local/bin/python
# pip trusts the system's CA bundle (which holds any CA the base image was given).
ENV LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt
CMD ["python3"]

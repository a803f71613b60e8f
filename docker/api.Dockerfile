# The API, the migrations and the worker: one Python image (docker-compose runs it as
# `patience serve`, `patience db upgrade` and `patience worker`).
#
# Build stage: a virtualenv with the dependencies and the package. The package is installed
# in place under /app (as in the repository), so that it finds migrations/ beside backend/;
# a C++ compiler builds the solver's native core there (backend/native with pybind11, fetched
# from PyPI as a build requirement; backend/setup.py).
#
# PYTHON_IMAGE: the base of both stages (the official image by default; the deployment test
# builds a stand-in from Debian's packages, docker/compose.stand-ins.yml).
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc g++ libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /opt/venv
WORKDIR /app
COPY backend/pyproject.toml backend/setup.py backend/
COPY backend/native backend/native
COPY backend/patience backend/patience
COPY migrations migrations
RUN /opt/venv/bin/pip install --editable backend \
    && /opt/venv/bin/python -m compileall -q backend/patience

# Runtime stage: no build tools, a non-root user.
FROM ${PYTHON_IMAGE}
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin patience
COPY --from=build /opt/venv /opt/venv
COPY --from=build --chown=root:root /app /app
COPY docker/worker_healthcheck.py /app/docker/worker_healthcheck.py
WORKDIR /app
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PATIENCE_BIND=0.0.0.0:8000
USER patience
EXPOSE 8000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=3)"]
CMD ["patience", "serve", "--host", "0.0.0.0", "--port", "8000", "--no-migrate"]

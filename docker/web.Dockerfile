# The web client: built with Node, served by nginx (unprivileged), which also serves the
# documentation site at /docs/ (built with MkDocs, as `make docs` does; the client's "Full rules"
# links point there) and proxies /api, /healthz and /readyz to the api service (docker/nginx.conf).
#
# NODE_IMAGE, PYTHON_IMAGE, NGINX_IMAGE: the bases (official images by default; the deployment
# test builds stand-ins from Debian's packages, docker/compose.stand-ins.yml).
ARG NODE_IMAGE=node:20-alpine
ARG PYTHON_IMAGE=python:3.11-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY frontend/package.json frontend/package-lock.json frontend/
RUN cd frontend && npm ci --no-audit --no-fund
COPY backend/openapi.json backend/openapi.json
COPY frontend frontend
RUN cd frontend && npm run gen:api && npm run build

# The documentation site: MkDocs and its plugins (the `docs` extra of backend/pyproject.toml,
# installed alone, in a virtualenv), then the strict build of mkdocs.yml. The pages include
# bench/RESULTS.md and render backend/openapi.json. Text files are also written as <file>.gz,
# like the client's, for nginx's gzip_static (-f: MkDocs writes sitemap.xml.gz itself).
FROM ${PYTHON_IMAGE} AS docs
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 NO_MKDOCS_2_WARNING=1
WORKDIR /src
COPY backend/pyproject.toml backend/pyproject.toml
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('backend/pyproject.toml', 'rb'))['project']['optional-dependencies']['docs']))" > /tmp/docs-requirements.txt \
    && python -m venv /opt/docs \
    && /opt/docs/bin/pip install -r /tmp/docs-requirements.txt
COPY mkdocs.yml mkdocs.yml
COPY docs docs
COPY bench/RESULTS.md bench/RESULTS.md
COPY backend/openapi.json backend/openapi.json
RUN /opt/docs/bin/mkdocs build --strict --site-dir /site \
    && find /site -type f \( -name '*.html' -o -name '*.css' -o -name '*.js' -o -name '*.json' \
        -o -name '*.xml' -o -name '*.svg' \) -exec gzip -9 -k -f {} +

# Runs as the unprivileged nginx user, listening on 8080.
FROM ${NGINX_IMAGE}
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/frontend/dist /usr/share/nginx/html
COPY --from=docs /site /usr/share/nginx/html/docs
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
    CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/index.html"]

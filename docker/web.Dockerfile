# The web client: built with Node, served by nginx (unprivileged), which also proxies
# /api, /healthz and /readyz to the api service (docker/nginx.conf).
#
# NODE_IMAGE, NGINX_IMAGE: the bases (official images by default; the deployment test builds
# stand-ins from Debian's packages, docker/compose.stand-ins.yml).
ARG NODE_IMAGE=node:20-alpine
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY frontend/package.json frontend/package-lock.json frontend/
RUN cd frontend && npm ci --no-audit --no-fund
COPY backend/openapi.json backend/openapi.json
COPY frontend frontend
RUN cd frontend && npm run gen:api && npm run build

# Runs as the unprivileged nginx user, listening on 8080.
FROM ${NGINX_IMAGE}
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/frontend/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --retries=3 \
    CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/index.html"]

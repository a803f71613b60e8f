# Stand-in for nginxinc/nginx-unprivileged, from Debian's packages (tests only:
# docker/compose.stand-ins.yml): nginx in the foreground as an unprivileged user, conf.d/*.conf
# included in its http block, logs to the container's output, wget for health checks.
ARG BASE_IMAGE=patience-base:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx wget \
    && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* /etc/nginx/conf.d/* \
    && ln -sf /dev/stdout /var/log/nginx/access.log \
    && ln -sf /dev/stderr /var/log/nginx/error.log \
    && mkdir -p /usr/share/nginx/html
COPY docker/stand-ins/nginx-unprivileged.conf /etc/nginx/nginx.conf
USER www-data
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

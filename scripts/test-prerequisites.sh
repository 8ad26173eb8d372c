#!/usr/bin/env bash
# What the test suite needs beyond npm packages: Chromium for the end-to-end tests, nginx and the
# openssl command for the reverse-proxy test, and the local PostgreSQL and Redis the integration tests
# talk to. Installs or starts what is missing when it can, and otherwise says exactly what to do.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
PG_HOST=127.0.0.1 PG_PORT=5432 REDIS_PORT=6379

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Chromium (Debian package) for the end-to-end tests…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing at $CHROMIUM: install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

if [ ! -x "$NGINX" ] || ! command -v openssl >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing nginx and openssl (Debian packages) for the reverse-proxy test…"
    had_nginx=$([ -x /usr/sbin/nginx ] && echo yes || echo no)
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
    # The test runs its own nginx: the package's default site, just installed, need not hold port 80.
    if [ "$had_nginx" = no ] && command -v systemctl >/dev/null; then
      systemctl disable --now nginx >/dev/null 2>&1 || true
    fi
  else
    echo "nginx or openssl is missing: install them (apt-get install nginx openssl) or set NGINX_PATH." >&2
    exit 1
  fi
fi

if ! port_open "$PG_HOST" "$PG_PORT" && command -v pg_ctlcluster >/dev/null; then
  echo "Starting PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if ! port_open 127.0.0.1 "$REDIS_PORT" && command -v redis-server >/dev/null; then
  echo "Starting Redis…"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir /tmp --logfile /tmp/gatehouse-test-redis.log || true
fi

for _ in $(seq 1 30); do
  if port_open "$PG_HOST" "$PG_PORT" && port_open 127.0.0.1 "$REDIS_PORT"; then exit 0; fi
  sleep 1
done
port_open "$PG_HOST" "$PG_PORT" || echo "PostgreSQL is not reachable at $PG_HOST:$PG_PORT; the PostgreSQL tests will fail." >&2
port_open 127.0.0.1 "$REDIS_PORT" || echo "Redis is not reachable at 127.0.0.1:$REDIS_PORT; the Redis tests will fail." >&2
exit 0

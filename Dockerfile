# Gatehouse in a container: the compiled server and the built console, production dependencies only.
#
#   docker build -t gatehouse .
#   docker run -d --name gatehouse -p 127.0.0.1:3000:3000 -v gatehouse-data:/data \
#     -e PUBLIC_URL=https://console.example.com -e BETTER_AUTH_SECRET=… gatehouse
#
# Generate BETTER_AUTH_SECRET once (openssl rand -hex 32) and keep it: sessions are signed with it.
# A host directory mounted at /data must be writable by uid 1000 (the image's `node` user).
# Behind a reverse proxy on the host (deploy/nginx/gatehouse.conf), the container sees the proxy's
# connections coming from the Docker network's gateway (often 172.17.0.1), not 127.0.0.1: set
# TRUSTED_PROXIES to that address.
# Create an admin with ADMIN_EMAIL and ADMIN_PASSWORD, or with
#   docker exec gatehouse node server/dist/admin-create.js --email … --password …

# Node as `engines` and the `node` devDependency pin it (decision 0075).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# `npm install`, not `npm ci`: the lockfile lacks other platforms' optional builds of Tailwind's
# engine, and `npm ci` refuses it as out of sync (see .ci/run). The locked versions are still used.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Same base as the build stage: the native modules (better-sqlite3, sharp) were built for its Node.
FROM node:24.21.0-bookworm-slim
# GLIBC_TUNABLES: password hashing's 32 MiB of scrypt memory in huge pages (decision 0052), and two
# malloc arenas for the process's threads (decision 0054).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.arena_max=2
WORKDIR /app
# Owned by root: the server cannot rewrite its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# The image has no curl: Node asks for the liveness route itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8's young generation and heap growth sized for a small server (decision 0054), as `npm run serve`.
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=20", "server/dist/index.js"]

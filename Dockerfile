# syntax=docker/dockerfile:1
# The claim service: one image, any number of stateless instances (docs/deploy.md).
# Built and started here only if a container engine runs (see docs/deploy.md, "Container image").

# The build: every workspace's dependencies, the client's bundle and the server's built assets
# (the API reference page's script, copied out of a development dependency).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches patches
COPY generated/package.json generated/
COPY domain/package.json domain/
COPY sdk/package.json sdk/
COPY server/package.json server/
COPY client/package.json client/
COPY contract-tests/package.json contract-tests/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w client && npm run build -w server

# What production runs: exactly the tree `npm ci --omit=dev -w server` installs (about 340
# packages, 125 MB; `make check-production-deps` keeps the embedded services and the API
# reference library out of it), the sources Node 24 runs as they are, and the built assets.
FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 UPLOAD_DIR=/scratch
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches patches
COPY generated/package.json generated/
COPY domain/package.json domain/
COPY sdk/package.json sdk/
COPY server/package.json server/
COPY client/package.json client/
COPY contract-tests/package.json contract-tests/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev -w server --no-audit --no-fund && npm cache clean --force
COPY generated generated
COPY domain/src domain/src
COPY server/src server/src
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
COPY --from=build /app/client/dist-ssr client/dist-ssr
RUN mkdir /scratch && chown node:node /scratch
# The image's own user (uid 1000), not root: the code and its dependencies are root's, read-only to it.
USER node
EXPOSE 3000
# Liveness only (no dependency): a database outage must not get every instance restarted. The
# load balancer's readiness check is /api/v1/health/ready (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node 24 runs the TypeScript sources as they are (type stripping): the server needs no compile step.
STOPSIGNAL SIGTERM
CMD ["node", "server/src/start.ts"]

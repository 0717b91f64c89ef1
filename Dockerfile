# The claim service: one image, any number of stateless instances (docs/deploy.md).
# Untested: no Docker engine runs on the build machines.
FROM node:24-bookworm-slim AS build
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
RUN npm run build -w client && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 UPLOAD_DIR=/scratch
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/generated generated
COPY --from=build /app/domain domain
COPY --from=build /app/server server
COPY --from=build /app/client/dist client/dist
RUN mkdir /scratch && chown node:node /scratch
USER node
EXPOSE 3000
# Node 24 runs the TypeScript sources as they are (type stripping): no build step for the server.
CMD ["node", "server/src/start.ts"]

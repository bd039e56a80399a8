# The portal's images, one target per deployable (docker-compose.yml builds each):
#   api      the Hono server as the runtime role (several replicas may run on one database); the same image
#            runs db-roles.js and migrate.js first, as compose's `migrate` service
#   indexer  Ponder on the schema named after the indexing code, views in `chain`
#   web      nginx with the built web app, proxying the API's paths to the api service
# Only features of the classic builder are used, so Debian's docker-compose 1.29 builds it as well.

# The port the API listens on inside its container; the web image proxies to it.
ARG API_PORT=8787
# The base images, by default the official ones; a private mirror's names instead, e.g.
# `--build-arg NODE_IMAGE=registry.example.com/library/node:24-slim` (compose passes NODE_IMAGE and NGINX_IMAGE).
ARG NODE_IMAGE=node:24-slim
ARG NGINX_IMAGE=nginx:1.28

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY abis/package.json abis/
COPY contracts/package.json contracts/
COPY indexer/package.json indexer/
COPY api/package.json api/
COPY web/package.json web/
COPY patches patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @pli/web && npm run build:production

# Production dependencies of the API and the indexer only (no web, contract or test packages, and none of the
# development tools `--omit=dev` keeps: scripts/runtime-packages.ts). The API, its migrations, the admin scripts and
# the indexer's start run as the JavaScript the build stage compiled (`npm run build:production`: api/dist,
# indexer/dist) with plain node; Ponder loads the indexing code's TypeScript itself, with its own vite.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY abis/package.json abis/
COPY contracts/package.json contracts/
COPY indexer/package.json indexer/
COPY api/package.json api/
COPY web/package.json web/
COPY patches patches
COPY scripts/runtime-packages.ts /tmp/runtime-packages.ts
RUN npm ci --omit=dev --no-audit --no-fund -w @pli/abis -w @pli/api -w @pli/indexer \
    && node /tmp/runtime-packages.ts && rm /tmp/runtime-packages.ts \
    && npm cache clean --force
COPY tsconfig.base.json tsconfig.json ponder.config.ts ./
COPY abis/src abis/src
COPY indexer indexer
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/indexer/dist indexer/dist

FROM runtime AS api
ARG API_PORT
ENV API_HOST=0.0.0.0 API_PORT=${API_PORT} UPLOAD_DIR=/data/uploads
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE ${API_PORT}
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.API_PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--expose-gc", "api/dist/server.js"]

# Ponder writes its generated files (ponder-env.d.ts, generated/, .ponder/) under indexer/.
FROM runtime AS indexer
ENV PORT=42069
RUN chown -R node:node indexer
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "indexer/dist/start.js"]

FROM ${NGINX_IMAGE} AS web
ARG API_PORT
ENV NGINX_API_UPSTREAM=api:${API_PORT} NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 NGINX_ENVSUBST_FILTER=NGINX_
COPY deploy/nginx/templates /etc/nginx/templates
COPY deploy/nginx/16-portal-headers.envsh deploy/nginx/17-portal-real-ip.envsh deploy/nginx/18-portal-connections.sh /docker-entrypoint.d/
COPY --from=build /app/web/dist /usr/share/nginx/html
HEALTHCHECK --interval=30s --timeout=5s --retries=3 CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1/"]

# syntax=docker/dockerfile:1
#
# One image for both processes of the product:
#   server (default):  docker run -p 3000:3000 -e DATABASE_URL=... -e ADMIN_USERNAME=... -e ADMIN_PASSWORD=... <image>
#   worker:            docker run -e DATABASE_URL=... -e REDIS_URL=... <image> node --enable-source-maps apps/worker/dist/main.mjs
#
# The server and the worker run as JavaScript bundles (scripts/build-apps.mjs, esbuild: our
# workspaces bundled in, npm packages loaded from node_modules); no TypeScript at run time.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
# base: Node plus the npm the lockfile was written with (package.json "packageManager").
# npm 11 also leaves dependency install scripts blocked, which is how every
# dependency of this repo is known to work.
FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    TURBO_TELEMETRY_DISABLED=1
RUN npm install -g npm@11.19.1 && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------
# manifests: only package.json files and the lockfile, with the folder layout of the
# workspaces. Copying these alone keeps the npm ci layers cached while only source
# changes, and a new workspace needs no edit here.
FROM base AS manifests
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -mindepth 1 -type d -empty -delete

# ---------------------------------------------------------------------------
# deps: every dependency (dev included) for the build. Never --omit=optional: the
# native binaries of vite/rolldown, tailwind, lightningcss and argon2 are optional deps.
FROM base AS deps
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts

# ---------------------------------------------------------------------------
# build: the web app (Vite) into apps/web/dist, the server and the worker into apps/<app>/dist.
FROM deps AS build
COPY . .
RUN npm run build -w @compliance/web && node scripts/build-apps.mjs

# ---------------------------------------------------------------------------
# runtime: production dependencies only, the built server and worker, and the built web app.
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/worker/dist ./apps/worker/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# Files stay owned by root (read-only for the app). Only the embedded-database folder is
# writable, for running the image without DATABASE_URL outside production.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# /healthz is liveness only (no database call). The slim image has no curl: use Node's fetch.
# The worker runs without HTTP, so its orchestrator disables or overrides this check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 directly (no npm/sh wrapper), so SIGTERM reaches the app's handler.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.mjs"]

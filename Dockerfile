# syntax=docker/dockerfile:1
# mediabot container image. Every RUN below is exercised without Docker by scripts/ci-prod-smoke.sh (called from
# .ci/run): keep the two in step when changing one.

# --- build: compile TypeScript to dist/ -----------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
# A compiler for better-sqlite3 when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY migrations ./migrations
COPY src ./src
COPY locales ./locales
RUN npm run build

# --- deps: production dependencies only, in a clean folder ------------------------------------------------------
# Optional dependencies stay: they carry the prebuilt per-platform binaries, e.g. resvg's, which draws the charts.
# Only @ffmpeg-installer's ffmpeg build (~66 MB) is removed: the image has Debian's ffmpeg.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@ffmpeg-installer/*-* \
 && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# MEDIABOT_CONTAINER=1: with no platform token the bot exits naming what .env lacks (never the terminal playground).
ENV NODE_ENV=production \
    MEDIABOT_CONTAINER=1 \
    DATABASE_PATH=/data/bot.sqlite \
    OUTPUT_DIR=/data/outputs \
    LOG_FORMAT=json \
    HEALTH_PORT=9090 \
    HEALTH_HOST=0.0.0.0 \
    WEB_HOST=0.0.0.0 \
    SHUTDOWN_GRACE_MS=20000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json LICENSE ./
# The launcher of `npm run admin|keygen|migrate|rekey`: with no tsx here it runs their compiled entries in dist/.
COPY scripts/run-cli.mjs ./scripts/
# The database and kept outputs live in /data, owned by the unprivileged `node` user (uid 1000) of the base image.
RUN mkdir -p /data/outputs && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 9090 8081
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "dist/src/ops/healthcheck-cli.js", "/healthz"]
# tini is PID 1: it forwards SIGTERM to node (no npm wrapper in between) and reaps zombies (ffmpeg children).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/main.js"]

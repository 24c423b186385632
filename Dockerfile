# syntax=docker/dockerfile:1
# One image for every role of the site (README "Running on Kubernetes"): the Deployment or Job picks the role
# as the container's arguments (`gateway`, a service, `programs-worker`, `migrate <schema|all>`).
# Built with deploy/build-image.sh, which needs Docker and a registry.

# Dependencies from the lockfile alone first, so a source change does not fetch them again.
FROM node:20.20.2-bookworm-slim AS deps
WORKDIR /app
ENV CI=true
RUN npm install --global pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline

# The shell and every remote built, each remote published under its version into /app/cdn (remotes.json and
# bundles/<remote>/<version>/), which the gateway serves from the image. Then the development-only
# dependencies (webpack, TypeScript, vitest, ...) are pruned.
FROM deps AS build
ENV CDN_DIR=/app/cdn SQ_DATA_DIR=/tmp/sq-data
RUN node_modules/.bin/tsx packages/stack/src/cli.ts build \
  && pnpm install --frozen-lockfile --offline --prod \
  && rm -rf /tmp/sq-data

FROM node:20.20.2-bookworm-slim AS runtime
WORKDIR /app
# Files stay root's and read-only to the process; it writes only to /tmp (tsx's cache) and mounted volumes.
COPY --from=build /app /app
ENV NODE_ENV=production \
    SHELL_DIR=/app/shell/dist \
    CDN_DIR=/app/cdn \
    HOST=0.0.0.0 \
    OPS_HOST=0.0.0.0
# The `node` user of the base image (uid 1000), by number so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 8080 9180
ENTRYPOINT ["node", "packages/stack/bin/role.mjs"]
CMD ["gateway"]

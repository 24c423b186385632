# syntax=docker/dockerfile:1
# One image for every role of the site (deploy/README.md): the Deployment or Job picks the role as the container's
# arguments (`gateway`, a service, `programs-worker`, `migrate <schema|all>`, `create-operator --email …`).
# Built with deploy/build-image.sh, which needs Docker and a registry. Node.js 24 (LTS); the build stage uses the
# same Node as the runtime.

# Dependencies from the lockfile alone first, so a source change does not fetch them again.
FROM node:24.22.3-bookworm-slim AS deps
WORKDIR /app
ENV CI=true
RUN npm install --global pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline

# The shell and every remote built, each remote published under its version into /app/cdn (remotes.json and
# bundles/<remote>/<version>/), which the gateway serves from the image. Every role compiled to JavaScript
# (packages/stack/src/server-build.ts), then a production install of the server runtime alone: the npm packages
# the compiled roles import and nothing else (no TypeScript, tsx, bundlers, browsers or embedded PostgreSQL).
FROM deps AS build
ENV CDN_DIR=/app/cdn SQ_DATA_DIR=/tmp/sq-data
RUN node_modules/.bin/tsx packages/stack/src/cli.ts build \
  && node_modules/.bin/tsx packages/stack/src/cli.ts server-build \
  && pnpm --filter @sq/server-runtime deploy --prod --legacy --offline /out/server-runtime \
  && rm -rf /tmp/sq-data

# What runs: the compiled roles with their production install, the built shell and bundles, and the one folder a
# service reads beside its code (the content service's assets), at the paths the repository has them.
FROM node:24.22.3-bookworm-slim AS runtime
WORKDIR /app
# Files stay root's and read-only to the process; it writes only to /tmp and mounted volumes.
COPY --from=build /out/server-runtime /app/packages/server-runtime
COPY --from=build /app/shell/dist /app/shell/dist
COPY --from=build /app/cdn /app/cdn
COPY --from=build /app/services/content/assets /app/services/content/assets
ENV NODE_ENV=production \
    SHELL_DIR=/app/shell/dist \
    CDN_DIR=/app/cdn \
    HOST=0.0.0.0 \
    OPS_HOST=0.0.0.0 \
    NODE_OPTIONS=--enable-source-maps
# The `node` user of the base image (uid 1000), by number so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 8080 9180
ENTRYPOINT ["node", "packages/server-runtime/dist/role.mjs"]
CMD ["gateway"]

# Inkwell's image (docs/decisions/0035-deployment.md, docs/deployment.md): built on Node 22 LTS,
# runs as the image's non-root `node` user, holds only what the server needs at run time, and
# never migrates by itself: Fly's release step does (PostgreSQL, fly.postgres.toml), or the one
# SQLite machine at its start when MIGRATE_ON_START=1 (fly.toml).
#
# `npm run image:rehearse` (scripts/image-rehearsal.mjs) performs this file's COPY and RUN lines
# in clean folders and starts the result, since these machines cannot run Docker: keep the lines
# in the forms it reads (one COPY per line, `--from=build` in the final stage).
FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS build
# better-sqlite3 builds its native module from source when no prebuilt one fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# postinstall (scripts/generate-clients.mjs) generates both Prisma clients from prisma/schema.prisma.
COPY scripts ./scripts
# `npm install`, not `npm ci`: the lock file lacks the other platforms' optional packages
# (@tailwindcss/oxide-*, @oxc-parser/binding-*), which `npm ci` refuses; install keeps the locked
# versions of everything it lists.
RUN npm install --include=dev --no-audit --no-fund
COPY . .
# --omit=optional too: the prod packages' optional peers (the prisma CLI, typescript and what they
# pull in) are otherwise kept; the few true optional packages are not used on Linux with Node 22.
RUN npm run build && npm prune --omit=dev --omit=optional --no-audit --no-fund

FROM base AS final
# SITE_URL (the public address) is required in production: fly.toml sets it.
ENV PORT=8080 DATABASE_URL=file:/data/inkwell.db UPLOAD_DIR=/data/uploads
# The data folder (a volume on Fly) is the only place the server writes; the code stays root's.
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# The Remix build and the server bundled from server/*.ts (build/node/index.js, docs/decisions/0040-server-in-typescript.md).
COPY --from=build /app/build ./build
# scripts/restore.mjs reads the backups' names and place from this plain module, and it and
# scripts/migrate.mjs keep the database's files private with the other (ADR 0047).
COPY --from=build /app/app/utils/backup-files.mjs /app/app/utils/private-files.mjs ./app/utils/
# The migration runner (the server imports it for MIGRATE_ON_START), the first admin's script, the
# restore command; both engines' migrations.
COPY --from=build /app/scripts/migrate.mjs /app/scripts/make-admin.mjs /app/scripts/restore.mjs ./scripts/
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/prisma/migrations-postgres ./prisma/migrations-postgres
USER node
EXPOSE 8080
CMD ["node", "build/node/index.js"]

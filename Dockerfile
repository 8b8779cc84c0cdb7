# Inkwell on Fly.io: SQLite on a volume at /data.
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# postinstall generates the Prisma client from prisma/schema.prisma
RUN npm install --include=dev --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
# SITE_URL (the public address) is required in production: set it in fly.toml or the run command.
ENV PORT=8080 DATABASE_URL=file:/data/inkwell.db UPLOAD_DIR=/data/uploads
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app/generated ./app/generated
# server.mjs imports these plain modules (settings, client address, cluster, page cache, body limits, logs).
COPY --from=build /app/app/utils/*.mjs ./app/utils/
COPY --from=build /app/package.json /app/server.mjs ./
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
EXPOSE 8080
CMD ["sh", "-c", "node scripts/migrate.mjs && node server.mjs"]

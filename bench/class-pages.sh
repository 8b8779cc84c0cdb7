#!/bin/bash
# The class pages over HTTP against the production server on the demo data (issue 20, ADR 0031):
# migrates and seeds a throw-away SQLite database, serves the build (npm run build first) on port
# 3600, signs in as the demo educator and prints each page's median and p95 of 20 requests.
set -e
cd "$(dirname "$0")/.."
rm -f /tmp/measure.db*
export DATABASE_URL=file:/tmp/measure.db
node -e "import('./scripts/migrate.mjs').then(m=>m.migrate(process.env.DATABASE_URL))"
npx tsx prisma/seed.ts >/dev/null 2>&1
PORT=3600 PAYMENTS_TEST_MODE=1 SITE_URL=http://localhost:3600 NODE_ENV=production node server.mjs > /tmp/measure-server.log 2>&1 &
SERVER=$!
trap "kill $SERVER" EXIT
for i in $(seq 1 60); do curl -s -o /dev/null http://localhost:3600/ && break; sleep 1; done
jar=/tmp/measure.jar; rm -f $jar
curl -s -c $jar -b $jar -o /dev/null -H "Origin: http://localhost:3600" -d "intent=signin&email=educator@inkwell.test&password=inkwell-demo" http://localhost:3600/login
CLASS=$(sqlite3 /tmp/measure.db "select id from Classroom where joinCode='MAPLE-12'" 2>/dev/null || node -e "const D=require('better-sqlite3');console.log(new D('/tmp/measure.db').prepare(\"select id from Classroom where joinCode='MAPLE-12'\").get().id)")
for path in /educator /educator/classes/$CLASS /educator/classes/$CLASS/contests /educator/classes/$CLASS/contests/young-voices-short-story-2027 /educator/classes/$CLASS/contests/winter-tales-2026/results /educator/classes/$CLASS/contests/winter-tales-2026/results.csv /educator/classes/$CLASS/contests/winter-tales-2026/certificates.zip; do
  for i in 1 2 3; do curl -s -o /dev/null -b $jar "http://localhost:3600$path"; done
  times=$(for i in $(seq 1 20); do curl -s -o /dev/null -b $jar -w "%{time_total}\n" "http://localhost:3600$path"; done | sort -n)
  status=$(curl -s -o /dev/null -b $jar -w "%{http_code}" "http://localhost:3600$path")
  median=$(echo "$times" | sed -n 10p); p95=$(echo "$times" | sed -n 19p)
  echo "$path status=$status median=${median}s p95=${p95}s"
done

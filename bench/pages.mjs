#!/usr/bin/env node
// Measures server response time and page weight of the public pages against a running site
// (default http://localhost:3000; start it with `npm start`). Loopback only, bounded loops.
//   node bench/pages.mjs [baseUrl] [requestsPerPage]
import { gzipSync } from "node:zlib";

const base = process.argv[2] ?? "http://localhost:3000";
if (!/^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(base)) {
  console.error("bench/pages.mjs only targets a local server (localhost / 127.0.0.0/8).");
  process.exit(1);
}
const N = Math.min(Number(process.argv[3] ?? 200), 2000);
const CONCURRENCY = 4;
const paths = [
  "/",
  "/contests",
  "/contests/flash-fiction-free-for-all",
  "/login",
  "/legal/privacy",
];

async function timeOne(url) {
  const t = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status, bytes: body.byteLength };
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

console.log(`${N} requests per page, ${CONCURRENCY} at a time, against ${base}\n`);
console.log(
  "page".padEnd(42),
  "p50 ms".padStart(8),
  "p95 ms".padStart(8),
  "max ms".padStart(8),
  "html KB".padStart(8),
  "js KB(gz)".padStart(10),
);
for (const path of paths) {
  const url = base + path;
  const first = await timeOne(url);
  if (first.status !== 200) {
    console.log(path.padEnd(42), `status ${first.status}`);
    continue;
  }
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        next++;
        times.push((await timeOne(url)).ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  // JavaScript the page loads: module scripts and modulepreloads in the HTML, gzipped size.
  const html = await (await fetch(url)).text();
  const scripts = [
    ...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])),
  ];
  let jsGz = 0;
  for (const s of scripts) {
    const res = await fetch(base + s);
    jsGz += gzipSync(Buffer.from(await res.arrayBuffer())).byteLength;
  }
  console.log(
    path.padEnd(42),
    pct(times, 50).toFixed(1).padStart(8),
    pct(times, 95).toFixed(1).padStart(8),
    times[times.length - 1].toFixed(1).padStart(8),
    (Buffer.byteLength(html) / 1024).toFixed(1).padStart(8),
    (jsGz / 1024).toFixed(1).padStart(10),
  );
}

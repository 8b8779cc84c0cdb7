/**
 * Where a server's CPU went, from the profiles `npm run bench -- --profile` writes
 * (bench/.data/profiles/*.cpuprofile, one per process): self time and inclusive time by function
 * and by module, as a share of the busy time (idle excluded), so two builds measured in the same
 * window can be compared share by share (docs/decisions/0052-per-request-work.md).
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile | dir> [more…] [--top 40] [--match text]
 *   npx tsx bench/profile-summary.ts --compare <base dir>:<requests> <new dir>:<requests> [--top 40]
 *
 * The second form prints milliseconds per request of each module and function on both sides
 * (the requests each side served in the run, from the bench's log), largest difference first.
 * A directory reads every profile in it (a cluster's workers); --match keeps only the frames
 * whose function or file contains the text in the inclusive table (e.g. --match renderTo).
 */
import fs from "node:fs";
import path from "node:path";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  argv.splice(i, 2);
  return value;
};
const TOP = Number(flag("top") ?? 40);
const MATCH = flag("match");
const COMPARE = argv[0] === "--compare" ? argv.splice(0, 3).slice(1) : undefined;
/** A frame's module: the package under node_modules, node's own, the app's build, or a file. */
function moduleOf(url: string) {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return url;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const build = url.indexOf("/build/");
  if (build >= 0) return url.slice(build + 1);
  return url.replace(/^file:\/\//, "");
}

function summarise(files: string[]) {
  const self = new Map<string, number>();
  const selfModule = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const stages = new Map<string, number>();
  let busy = 0;
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const key = (n: Node) =>
      `${n.callFrame.functionName || "(anonymous)"} ${moduleOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    for (let i = 0; i < profile.samples.length; i++) {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      total += dt;
      const leaf = byId.get(profile.samples[i])!;
      if (leaf.callFrame.functionName === "(idle)") continue;
      busy += dt;
      self.set(key(leaf), (self.get(key(leaf)) ?? 0) + dt);
      const mod = moduleOf(leaf.callFrame.url) || leaf.callFrame.functionName;
      selfModule.set(mod, (selfModule.get(mod) ?? 0) + dt);
      // The statement cache's calls into better-sqlite3 (app/utils/sqlite-statements.ts) are SQL.
      const fn = leaf.callFrame.functionName;
      const stage =
        mod.startsWith("build/server") && ["all", "columns", "prepare"].includes(fn)
          ? STAGES[0][0]
          : stageOf(fn === "(garbage collector)" ? fn : mod);
      stages.set(stage, (stages.get(stage) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
        const k = key(byId.get(id)!);
        if (seen.has(k)) continue;
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
      }
    }
  }
  return { self, selfModule, inclusive, stages, busy, total };
}

/**
 * The stages of a request, by the module a sample's own frame is in (self time). Async code loses
 * its callers in a CPU profile (a loader's work after an await is under the microtask queue), so
 * stages are told apart by module, not by who called: "SQL" is better-sqlite3's own time
 * (running and compiling statements), "Prisma" builds the queries and reads the answers, the
 * app's own code is the build's.
 */
const STAGES: [string, RegExp][] = [
  ["SQL run and compile (better-sqlite3, pg)", /better-sqlite3|^pg$|pg-protocol/],
  ["Prisma client (query building, result mapping)", /@prisma\/client|client-runtime-utils|wasm:/],
  ["route matching (@remix-run/router)", /@remix-run\/router/],
  [
    "React render and page data (react-dom, react-router, @remix-run/react, turbo-stream)",
    /react-dom|^react$|react-router|@remix-run\/react|turbo-stream|prismjs/,
  ],
  [
    "Remix server runtime, Request objects (undici, web streams)",
    /server-runtime|undici|webstreams|@remix-run\/node/,
  ],
  [
    "express, middleware, compression, log line",
    /express|compression|node:zlib|build\/node|helmet|on-finished|cookie|^send$|finalhandler/,
  ],
  ["request store (AsyncLocalStorage)", /async_hooks/],
  ["validation (zod, conform)", /zod|@conform-to/],
  ["app code (loaders, components)", /build\/server\/index\.js/],
  ["garbage collector", /garbage collector/],
  ["HTTP, sockets, timers (node)", /^node:|^\(native\)|\(program\)/],
];
const stageOf = (module: string) => STAGES.find(([, re]) => re.test(module))?.[0] ?? "other";

const filesOf = (paths: string[]) =>
  paths.flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => f.endsWith(".cpuprofile"))
          .map((f) => path.join(p, f))
      : [p],
  );

if (COMPARE) {
  // --compare base-dir:requests new-dir:requests — milliseconds per request, side by side.
  const [a, b] = COMPARE.map((arg) => {
    const [dir, requests] = arg.split(":");
    return { ...summarise(filesOf([dir])), requests: Number(requests) };
  });
  const diff = (title: string, key: "selfModule" | "self" | "inclusive" | "stages") => {
    console.log(`\n## ${title}, ms per request: base, new, new − base\n`);
    const keys = new Set([...a[key].keys(), ...b[key].keys()]);
    const rows = [...keys]
      .filter((k) => !MATCH || k.toLowerCase().includes(MATCH.toLowerCase()))
      .map((k) => {
        const x = (a[key].get(k) ?? 0) / a.requests;
        const y = (b[key].get(k) ?? 0) / b.requests;
        return { k, x, y, d: y - x };
      })
      .sort((p, q) => Math.abs(q.d) - Math.abs(p.d));
    for (const { k, x, y, d } of rows.slice(0, TOP))
      console.log(
        `${x.toFixed(3).padStart(8)} ${y.toFixed(3).padStart(8)} ${(d >= 0 ? "+" : "") + d.toFixed(3).padStart(7)}  ${k}`,
      );
  };
  console.log(
    `busy ms per request: base ${(a.busy / a.requests).toFixed(2)}, new ${(b.busy / b.requests).toFixed(2)}`,
  );
  diff("stages of a request", "stages");
  diff("self time by module", "selfModule");
  diff("self time by function", "self");
  diff("inclusive time by function", "inclusive");
} else {
  const { self, selfModule, inclusive, busy, total } = summarise(filesOf(argv));
  const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1)} %`;
  const table = (title: string, map: Map<string, number>, filter?: (k: string) => boolean) => {
    console.log(`\n## ${title}\n`);
    const rows = [...map].filter(([k]) => !filter || filter(k)).sort((p, q) => q[1] - p[1]);
    for (const [k, ms] of rows.slice(0, TOP))
      console.log(`${pct(ms).padStart(8)} ${ms.toFixed(0).padStart(7)} ms  ${k}`);
  };
  console.log(`${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy (not idle)`);
  table("self time by module", selfModule);
  table("self time by function", self);
  table(
    "inclusive time by function",
    inclusive,
    MATCH ? (k) => k.toLowerCase().includes(MATCH.toLowerCase()) : undefined,
  );
}

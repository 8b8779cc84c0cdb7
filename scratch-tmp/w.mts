import { inspectInWorker, stopInspectionWorker } from "../app/features/entries/document-inspection.server.ts";
const t = Date.now();
console.log(await inspectInWorker("txt", new TextEncoder().encode("hello")), Date.now() - t);
console.log(await inspectInWorker("txt", new TextEncoder().encode("hello2")), Date.now() - t);
await stopInspectionWorker();

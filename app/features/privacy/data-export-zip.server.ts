/**
 * "Download my data" as one zip (docs/decisions/0026-entry-flow.md): `inkwell-my-data.json`
 * (exportUserData) first, then every file the writer uploaded that is still stored, under
 * `files/`, named by entry number and the file's own name; each entry in the JSON names its
 * file in the zip (`fileInZip`). The zip is streamed:
 * each stored file is read from storage chunk by chunk into the archive (stored, not compressed
 * again: documents are compressed already) as the download is read, so memory stays at a chunk
 * whatever the files weigh.
 */
import { Zip, ZipPassThrough, strToU8 } from "fflate";
import { prisma } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { exportUserData } from "./data-export.server";

export const DATA_EXPORT_JSON = "inkwell-my-data.json";

/** A file's name inside the zip: its own name, without folders or characters zip tools mind. */
export function zipFileName(index: number, fileName: string | null, key: string) {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const own = (fileName ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_")
    .replace(/^[.\s]+/, "")
    .slice(0, 120)
    .trim();
  const name = own || `story.${ext}`;
  return `files/${String(index).padStart(2, "0")}-${name}`;
}

/** The zip's file name for the download, with the day it was made. */
export function dataExportFileName(now = new Date()) {
  return `inkwell-my-data-${now.toISOString().slice(0, 10)}.zip`;
}

export async function exportUserDataZip(
  userId: string,
  now = new Date(),
): Promise<ReadableStream<Uint8Array>> {
  const [data, stored] = await Promise.all([
    exportUserData(userId, now),
    prisma.submission.findMany({
      where: { entrantId: userId, filePath: { not: null } },
      select: { id: true, filePath: true, fileName: true },
    }),
  ]);
  const storage = getStorage();
  const fileOf = new Map(stored.map((s) => [s.id, s]));
  const files: { key: string; name: string }[] = [];
  const entries = data.entries.map((entry, i) => {
    const row = fileOf.get(entry.id);
    if (!row?.filePath) return { ...entry, fileInZip: null };
    const name = zipFileName(i + 1, row.fileName, row.filePath);
    files.push({ key: row.filePath, name });
    return { ...entry, fileInZip: name };
  });

  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failed) throw failed;
    while (out.length) yield out.shift()!;
  };

  async function* archive() {
    // The JSON first, naming only the files that are there to be read.
    const present = await Promise.all(files.map((f) => storage.exists(f.key)));
    const kept = new Set(files.filter((_, i) => present[i]).map((f) => f.name));
    const json = new ZipPassThrough(DATA_EXPORT_JSON);
    json.mtime = now;
    zip.add(json);
    const document = {
      ...data,
      entries: entries.map((e) =>
        e.fileInZip && !kept.has(e.fileInZip) ? { ...e, fileInZip: null } : e,
      ),
    };
    json.push(strToU8(JSON.stringify(document, null, 2)), true);
    yield* drain();
    for (const file of files) {
      if (!kept.has(file.name)) continue;
      const object = await storage.get(file.key);
      if (!object) continue;
      const entry = new ZipPassThrough(file.name);
      entry.mtime = now;
      zip.add(entry);
      for await (const chunk of object.body) {
        entry.push(chunk as Uint8Array);
        yield* drain();
      }
      entry.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }

  const it = archive();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await it.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}

// Placeholder until the backup lands in this session (helper C replaces this file).
import type { JobContext, JobResult } from "./jobs";

export async function runBackup(_ctx: JobContext): Promise<JobResult> {
  throw new Error("Backups are not built yet.");
}

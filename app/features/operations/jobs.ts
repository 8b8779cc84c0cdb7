/**
 * The maintenance jobs' names and what a job's runner is given and gives back
 * (docs/decisions/0037-backups-and-maintenance.md). Apart from the runner, so each job's module
 * can name these types without importing the runner that imports it.
 */
export const JOBS = ["backup", "retention", "purge"] as const;
export type JobName = (typeof JOBS)[number];

export const JOB_LABEL: Record<JobName, string> = {
  backup: "Back up the database",
  retention: "Apply the data retention policy",
  purge: "Remove expired sessions, links and drafts",
};

/** What a job did: how many records it removed (or bytes it wrote) and a plain sentence. */
export type JobResult = { count: number; note: string };
export type JobContext = { runId: string; now: Date };

// Placeholder until the retention policy lands in this session (helper D replaces this file).
export async function runRetention(_ctx: {
  runId: string;
  now: Date;
}): Promise<{ count: number; note: string }> {
  throw new Error("The retention policy is not built yet.");
}

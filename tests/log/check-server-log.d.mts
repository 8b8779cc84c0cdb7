export function checkServerLog(
  text: string,
  options?: { minRoutes?: number; requireJobs?: boolean },
): string[];

export function makeAdmin(
  url: string,
  email: string,
): Promise<"granted" | "already" | "no-account">;

export type DockerLine = { op: string; args: string };
export function parseDockerfile(
  text: string,
): { name: string; from: string; lines: DockerLine[] }[];
export function stageLines(
  stages: { name: string; from: string; lines: DockerLine[] }[],
  name: string,
): { image: string; lines: DockerLine[] };
export function parseEnvLine(args: string): Record<string, string>;
export function parseCopy(args: string): {
  from: string | null;
  chown: string | null;
  sources: string[];
  dest: string;
};

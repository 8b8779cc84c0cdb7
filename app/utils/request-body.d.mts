export const FORM_BODY_LIMIT: number;
export const API_BODY_LIMIT: number;
export const UPLOAD_BODY_LIMIT: number;
export const UPLOAD_ROUTES: RegExp[];
export const API_ROUTES: RegExp[];
export const FORM_TYPES: string[];
export const BODY_MESSAGES: {
  tooLarge: string;
  notAForm: string;
  unreadable: string;
  encoded: string;
};
export function mediaType(contentType: string | null | undefined): string;
export type BodyPolicy =
  | { action: "pass" }
  | { action: "buffer" | "stream"; limit: number }
  | { action: "refuse"; status: 400 | 413 | 415; message: string };
export function bodyPolicy(req: {
  method: string;
  path: string;
  contentType?: string;
  contentLength?: string;
  transferEncoding?: string;
  contentEncoding?: string;
}): BodyPolicy;

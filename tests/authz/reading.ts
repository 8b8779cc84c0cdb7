import type { AuthzRow } from "./types";

/**
 * The judge's text size (docs/decisions/0034-reading-desk.md): judges (and admins, who may judge)
 * set it and go back to a /judge/ page; everyone else is sent to sign in or to their dashboard,
 * and no post ever sends anyone to another site.
 */
const others = { visitor: "->/login", entrant: "->/dashboard" } as const;
const BACK = "/judge/review/some-entry";

export const readingRoutes: AuthzRow[] = [
  {
    name: "GET /preferences/reading (nothing to show: back to the queue)",
    path: "/preferences/reading",
    ...others,
    judge: "->/judge",
    admin: "->/judge",
  },
  {
    name: "POST /preferences/reading size (back to the review page)",
    method: "POST",
    path: "/preferences/reading",
    form: { intent: "size", size: "large", back: BACK },
    ...others,
    judge: `->${BACK}`,
    admin: `->${BACK}`,
  },
  {
    name: "POST /preferences/reading size with JavaScript (the size, no redirect)",
    method: "POST",
    path: "/preferences/reading",
    form: { intent: "size", size: "larger", back: BACK, enhanced: "1" },
    ...others,
    judge: 200,
    admin: 200,
  },
  {
    name: "POST /preferences/reading back to another site (the queue instead)",
    method: "POST",
    path: "/preferences/reading",
    form: { intent: "size", size: "standard", back: "https://evil.example/judge/review/x" },
    ...others,
    judge: "->/judge",
    admin: "->/judge",
  },
  {
    name: "POST /preferences/reading unknown size (refused, back with a toast)",
    method: "POST",
    path: "/preferences/reading",
    form: { intent: "size", size: "enormous", back: BACK },
    ...others,
    judge: `->${BACK}`,
    admin: `->${BACK}`,
  },
];

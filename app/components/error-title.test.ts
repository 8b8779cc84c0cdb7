import { expect, test } from "vitest";
import { errorPageTitle } from "./error-title";

// What Remix hands a meta function for a thrown response (an ErrorResponse).
const thrown = (status: number) => ({ status, statusText: "", internal: false, data: "" });

test("a 404 page has its own title, another error a neutral one, never the home page's", () => {
  expect(errorPageTitle(thrown(404))).toBe("Page not found · Inkwell");
  expect(errorPageTitle(thrown(403))).toBe("Something went wrong · Inkwell");
  expect(errorPageTitle(new Error("boom"))).toBe("Something went wrong · Inkwell");
});

import { describe, expect, test } from "vitest";
import { lifecycleSubject } from "./lifecycle";

describe("lifecycle e-mail subjects", () => {
  test("the results e-mail names the contest as well as the entry", () => {
    const subject = lifecycleSubject({
      template: "results-ready",
      to: "writer@example.test",
      data: {
        name: "Writer 4821",
        title: "The Lighthouse",
        contestTitle: "Spring Stories 2027",
        url: "http://localhost:3000/dashboard/submissions/x",
      },
    });
    expect(subject).toContain("Spring Stories 2027");
    expect(subject).toContain("The Lighthouse");
  });
});

import { render } from "@react-email/render";
import { describe, expect, test } from "vitest";
import { LifecycleEmail, type LifecycleMail } from "~/emails/lifecycle";

const mail = (round: string | null): LifecycleMail => ({
  template: "judge-assigned",
  to: "judge@example.test",
  data: {
    name: "Sam",
    contestTitle: "Northern Lights",
    count: 4,
    dueAt: "May 3, 2027",
    url: "https://inkwell.test/judge",
    round,
  },
});

describe("the judge's 'queue is ready' e-mail (ADR 0045)", () => {
  test("a contest of several rounds names the round that opened", async () => {
    const text = await render(<LifecycleEmail mail={mail("Round 2 (Final)")} />, {
      plainText: true,
    });
    expect(text).toContain("Round 2 (Final) of judging for Northern Lights has opened.");
  });
  test("a contest of one round says judging opened, as before", async () => {
    const text = await render(<LifecycleEmail mail={mail(null)} />, { plainText: true });
    expect(text).toContain("Judging for Northern Lights has opened.");
  });
});

import { describe, expect, test } from "vitest";
import {
  SUBMISSION_STATUSES,
  canTransition,
  canWithdraw,
  initialStatus,
  nextStatus,
  pendingPaymentNextStep,
  statusBadgeVariant,
  submissionDateLabel,
  entryHasResults,
  statusLabel,
  type SubmissionEvent,
} from "./submission-status";

const window = {
  submissionsOpen: new Date("2027-01-01T00:00:00Z"),
  submissionsClose: new Date("2027-02-01T00:00:00Z"),
};

describe("submission status machine", () => {
  test("the allowed transitions", () => {
    expect(nextStatus("pending_payment", "confirm")).toBe("submitted");
    expect(nextStatus("pending_payment", "expire")).toBe("expired");
    expect(nextStatus("submitted", "withdraw")).toBe("withdrawn");
    expect(nextStatus("submitted", "disqualify")).toBe("disqualified");
    expect(nextStatus("disqualified", "reinstate")).toBe("submitted");
    expect(nextStatus("pending_payment", "withdraw")).toBe("withdrawn");
    expect(nextStatus("submitted", "refund")).toBe("withdrawn");
    expect(nextStatus("disqualified", "refund")).toBe("withdrawn");
  });
  test("everything else is refused", () => {
    const events: SubmissionEvent[] = [
      "confirm",
      "expire",
      "withdraw",
      "disqualify",
      "reinstate",
      "refund",
    ];
    const allowed = new Set([
      "pending_payment:confirm",
      "pending_payment:expire",
      "pending_payment:withdraw",
      "submitted:refund",
      "disqualified:refund",
      "submitted:withdraw",
      "submitted:disqualify",
      "disqualified:reinstate",
    ]);
    for (const status of SUBMISSION_STATUSES) {
      for (const event of events) {
        expect(canTransition(status, event), `${status} + ${event}`).toBe(
          allowed.has(`${status}:${event}`),
        );
      }
    }
    expect(nextStatus("bogus", "confirm")).toBeNull();
  });
  test("a fee above zero waits for payment; free goes straight to submitted", () => {
    expect(initialStatus(0)).toBe("submitted");
    expect(initialStatus(1)).toBe("pending_payment");
    expect(initialStatus(1500)).toBe("pending_payment");
  });
  test("withdrawal only for submitted or unpaid entries while the window is open (inclusive)", () => {
    expect(canWithdraw({ status: "submitted" }, window, new Date("2027-02-01T00:00:00Z"))).toBe(
      true,
    );
    expect(canWithdraw({ status: "submitted" }, window, new Date("2027-02-01T00:00:00.001Z"))).toBe(
      false,
    );
    expect(
      canWithdraw({ status: "pending_payment" }, window, new Date("2027-01-15T00:00:00Z")),
    ).toBe(true);
    expect(canWithdraw({ status: "withdrawn" }, window, new Date("2027-01-15T00:00:00Z"))).toBe(
      false,
    );
  });
  test("badges: primary for submitted, destructive for disqualified, secondary otherwise, always with text", () => {
    expect(statusBadgeVariant("submitted")).toBe("default");
    expect(statusBadgeVariant("disqualified")).toBe("destructive");
    expect(statusBadgeVariant("withdrawn")).toBe("secondary");
    expect(statusBadgeVariant("pending_payment")).toBe("secondary");
    expect(statusLabel("pending_payment")).toBe("Pending payment");
  });
});

test("a pending-payment entry says when it was created and what to do next, never 'Submitted'", () => {
  expect(submissionDateLabel("pending_payment")).toBe("Created");
  expect(submissionDateLabel("expired")).toBe("Created");
  expect(submissionDateLabel("submitted")).toBe("Submitted");
  expect(submissionDateLabel("withdrawn")).toBe("Submitted");
  expect(pendingPaymentNextStep("Dec 1, 2026, 11:59 PM EST")).toContain(
    "pay the entry fee before submissions close (Dec 1, 2026, 11:59 PM EST)",
  );
});

test("an entry withdrawn before it was paid says 'Created', never 'Submitted'", () => {
  expect(submissionDateLabel("withdrawn", "void")).toBe("Created");
  expect(submissionDateLabel("withdrawn", "open")).toBe("Created");
  expect(submissionDateLabel("expired", "void")).toBe("Created");
  // Really submitted, then withdrawn: free (no payment), paid and refunded, or waived.
  expect(submissionDateLabel("withdrawn", null)).toBe("Submitted");
  expect(submissionDateLabel("withdrawn", "refunded")).toBe("Submitted");
  expect(submissionDateLabel("withdrawn", "waived")).toBe("Submitted");
  expect(submissionDateLabel("submitted", "paid")).toBe("Submitted");
});

test("'Results available' only for a judged entry once its contest's results are out", () => {
  const contest = { isPublished: true, resultsAt: "2027-03-10T00:00:00Z" };
  const after = new Date("2027-03-10T00:00:00Z");
  const before = new Date("2027-03-09T23:59:59Z");
  expect(entryHasResults("submitted", contest, after)).toBe(true);
  expect(entryHasResults("submitted", contest, before)).toBe(false);
  for (const status of ["expired", "withdrawn", "disqualified", "pending_payment"])
    expect(entryHasResults(status, contest, after), status).toBe(false);
});

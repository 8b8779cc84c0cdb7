/**
 * How a class entry's state reads to its educator on the class's page
 * (docs/decisions/0031-classrooms-and-shared-computers.md): the entry's status and, for a paid
 * contest, its payment and the class payment it is part of.
 */
export function classEntryStatus(
  status: string,
  payment: { status: string; group: { status: string; method: string } | null } | null,
) {
  switch (status) {
    case "pending_payment":
      return payment?.group?.status === "open" ? "Payment started" : "Waiting for payment";
    case "submitted":
      return payment?.status === "invoiced" ? "Invoice" : "Sent";
    case "withdrawn":
      return payment?.status === "refunded" ? "Refunded" : "Withdrawn";
    case "expired":
      return "Expired (not paid)";
    case "disqualified":
      return "Disqualified";
    default:
      return status;
  }
}

import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export type SubmissionConfirmationProps = {
  displayName: string;
  title: string;
  contestTitle: string;
  submittedAt: string;
  wordCount: number;
  fileName: string | null;
  /** The entry's division, for a contest with divisions (docs/decisions/0032-divisions-and-rounds.md). */
  division?: string | null;
  dashboardUrl: string;
  /** When judging starts and results come out, in the contest's zone. */
  judgingOpens: string;
  resultsAt: string;
  /** For an entry to a contest with a fee: the receipt (docs/decisions/0020-payments.md). */
  payment: {
    fee: string;
    discount: string | null;
    code: string | null;
    paid: string;
    /** "Paid" or "Fee waived". */
    how: string;
    reference: string | null;
    paidAt: string | null;
  } | null;
};

const receiptRow = { margin: "2px 0" };

/** Sent when an entry becomes 'submitted' (free entries at once; paid ones after payment). */
export function SubmissionConfirmationEmail(props: SubmissionConfirmationProps) {
  const p = props.payment;
  return (
    <EmailLayout
      preview={`We received "${props.title}"`}
      heading="Your submission has been received!"
    >
      <Text>Hi {props.displayName},</Text>
      <Text>
        Thank you for entering {props.contestTitle}. We received your story &ldquo;{props.title}
        &rdquo; on {props.submittedAt}.
      </Text>
      <Text>
        {props.fileName
          ? `Your file: ${props.fileName} (${props.wordCount} words).`
          : `Word count: ${props.wordCount}.`}{" "}
        Judging is anonymous: judges see only your writing, never your name.
      </Text>
      {props.division ? <Text>Your division: {props.division}.</Text> : null}
      {p ? (
        <Section style={{ border: "1px solid #d5d9e3", borderRadius: "6px", padding: "8px 16px" }}>
          <Text style={{ ...receiptRow, fontWeight: "bold" }}>Receipt</Text>
          <Text style={receiptRow}>Entry fee: {p.fee}</Text>
          {p.discount ? (
            <Text style={receiptRow}>
              Discount{p.code ? ` (code ${p.code})` : ""}: −{p.discount}
            </Text>
          ) : null}
          <Text style={receiptRow}>
            {p.how}: {p.paid}
            {p.paidAt ? ` on ${p.paidAt}` : ""}
          </Text>
          {p.reference ? <Text style={receiptRow}>Payment reference: {p.reference}</Text> : null}
        </Section>
      ) : null}
      <Text>
        What happens next: judging starts {props.judgingOpens}, and results and the judges&rsquo;
        feedback come out {props.resultsAt}. You can follow your entry on your dashboard.
      </Text>
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function submissionConfirmationSubject(title: string) {
  return `Submission received: ${title}`;
}

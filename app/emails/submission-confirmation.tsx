import { Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export type SubmissionConfirmationProps = {
  displayName: string;
  title: string;
  contestTitle: string;
  submittedAt: string;
  wordCount: number;
  fileName: string | null;
  dashboardUrl: string;
};

/** Sent when an entry becomes 'submitted' (free entries at once; paid ones after payment). */
export function SubmissionConfirmationEmail(props: SubmissionConfirmationProps) {
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
        {props.fileName ? `Your file: ${props.fileName}.` : `Word count: ${props.wordCount}.`}{" "}
        Judging is anonymous: judges see only your writing, never your name.
      </Text>
      <Text>
        You can follow your entry, and later read your scores and the judges&rsquo; feedback, on
        your dashboard.
      </Text>
      <EmailButton href={props.dashboardUrl}>Open your dashboard</EmailButton>
    </EmailLayout>
  );
}

export function submissionConfirmationSubject(title: string) {
  return `Submission received: ${title}`;
}

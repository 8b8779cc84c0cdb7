import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const RETENTION_WARNING_SUBJECT = "Your Inkwell account will be removed unless you sign in";

/**
 * The data retention policy's warning (docs/decisions/0038-data-retention.md): a child's account
 * nobody has used for a long time is removed with its stories on `removalDate`, unless someone
 * signs in before then. Sent to the account and to the parent's address when there is one.
 */
export function RetentionWarningEmail({
  toParent,
  removalDate,
  inactiveYears,
  link,
}: {
  toParent: boolean;
  /** e.g. "Jul 15, 2027" */
  removalDate: string;
  inactiveYears: string;
  link: string;
}) {
  const whose = toParent ? "your child's" : "your";
  return (
    <EmailLayout
      preview={`Sign in before ${removalDate} to keep ${whose} account`}
      heading="We will remove this account soon"
    >
      <Text>Hello,</Text>
      <Text>
        Nobody has signed in to {whose} Inkwell account for {inactiveYears}. To keep children&apos;s
        information no longer than we need it, we will remove the account and the stories in it on{" "}
        {removalDate}.
      </Text>
      <Text>
        To keep the account, just sign in before then. Nothing else is needed. If you do not need it
        any more, you do not have to do anything.
      </Text>
      <EmailButton href={link}>Sign in to keep the account</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        Titles and awards of stories in published contest results stay, without the writer&apos;s
        name, so the results stay complete.
      </Text>
    </EmailLayout>
  );
}

import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const parentalConsentSubject = (childName: string) =>
  `${childName} would like to enter writing contests on Inkwell`;

/**
 * To the parent or guardian of a child under 13: what Inkwell collects and why, and a one-time
 * link to agree or decline (declining deletes the account).
 */
export function ParentalConsentEmail({
  childName,
  childEmail,
  link,
  expiresInDays,
}: {
  childName: string;
  childEmail: string;
  link: string;
  expiresInDays: number;
}) {
  return (
    <EmailLayout
      preview={`Your permission is needed for ${childName}'s Inkwell account`}
      heading="Your permission is needed"
    >
      <Text>Hello,</Text>
      <Text>
        {childName} ({childEmail}) made an account on Inkwell, a site that runs writing contests for
        young writers, and gave your address as their parent or guardian. Because they are under 13,
        they can look around but cannot send in a story until you agree.
      </Text>
      <Text>
        What we collect: their name as they typed it, their e-mail address, their date of birth, and
        the stories they send in. Stories are read by professional judges who never see who wrote
        them. Winners&apos; names and stories are shown publicly only if the writer agrees when
        entering. We never sell data or show advertising.
      </Text>
      <EmailButton href={link}>Review and decide</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        On that page you can agree, or decline, which deletes the account and everything in it. The
        link works once and expires in {expiresInDays} days.
      </Text>
    </EmailLayout>
  );
}

import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const EDUCATOR_APPROVED_SUBJECT = "You can now enter your pupils on Inkwell";

/**
 * An administrator approved a teacher's educator account
 * (docs/decisions/0031-classrooms-and-shared-computers.md): they can send entries for their pupils
 * from now on. The link is on the configured site address.
 */
export function EducatorApprovedEmail({
  name,
  school,
  url,
}: {
  name: string;
  school: string;
  url: string;
}) {
  return (
    <EmailLayout
      preview="Your educator account is approved"
      heading="Your educator account is approved"
    >
      <Text>Hi {name},</Text>
      <Text>
        An Inkwell administrator has approved your educator account for {school}. You can now send
        entries for your pupils, pay for them together and follow their results from your classes.
      </Text>
      <EmailButton href={url}>Open your classes</EmailButton>
      <Text>
        If you did not apply to be an educator on Inkwell, reply to this e-mail and we will look
        into it.
      </Text>
    </EmailLayout>
  );
}

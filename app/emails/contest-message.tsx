import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

/**
 * A message from a contest's admins to its entrants or its judges (docs/decisions/0033-judging-panel.md):
 * the admin's plain text, paragraph by paragraph, with a greeting and a link to the contest from
 * the site's own address. A parent's copy says whose account it was written to.
 */
export function ContestMessageEmail({
  name,
  contestTitle,
  subject,
  paragraphs,
  link,
  linkLabel,
  childName,
}: {
  /** The greeting's name; none for a parent's copy. */
  name: string | null;
  contestTitle: string;
  subject: string;
  paragraphs: string[];
  link: string;
  linkLabel: string;
  /** Set on a parent's copy: the child the message was written to. */
  childName?: string;
}) {
  return (
    <EmailLayout preview={`${contestTitle}: ${subject}`} heading={subject}>
      <Text>{name ? `Hello ${name},` : "Hello,"}</Text>
      {childName ? (
        <Text>
          This is a copy of a message the organisers of {contestTitle} sent to {childName}. You get
          a copy because {childName} is under 13 and you agreed to their Inkwell account.
        </Text>
      ) : null}
      {paragraphs.map((p, i) => (
        <Text key={i} style={{ whiteSpace: "pre-line" }}>
          {p}
        </Text>
      ))}
      <Text>From the organisers of {contestTitle}</Text>
      <EmailButton href={link}>{linkLabel}</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
    </EmailLayout>
  );
}

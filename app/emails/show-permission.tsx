import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const showPermissionSubject = (childName: string) =>
  `${childName} agreed that a winning story may be shown with their name`;

/**
 * To the parent of a child under 13 whose entry says a winning story may be shown with their
 * name: what that means, and a link that takes it back at any time
 * (docs/decisions/0042-a-childs-words-and-name.md).
 */
export function ShowPermissionEmail({
  childName,
  title,
  contestTitle,
  link,
}: {
  childName: string;
  title: string;
  contestTitle: string;
  link: string;
}) {
  return (
    <EmailLayout
      preview={`${childName}'s story may be shown with their name if it wins`}
      heading="Your child's name on the results"
    >
      <Text>Hello,</Text>
      <Text>
        {childName} sent the story “{title}” to {contestTitle} on Inkwell and ticked that, if it
        wins an award, it may be shown on the contest&apos;s public results page with their name.
      </Text>
      <Text>
        If you would rather it were not, you can take that back at any time, even after the results
        are out: the story and your child&apos;s name are then removed from the public results at
        once.
      </Text>
      <EmailButton href={link}>Do not show the story or name</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
    </EmailLayout>
  );
}

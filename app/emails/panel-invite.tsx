import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

/**
 * Sent when an admin invites a judge to one contest's panel: a one-time link to accept or decline
 * (an account without a password chooses one there). See docs/decisions/0033-judging-panel.md.
 */
export function PanelInviteEmail({
  name,
  contestTitle,
  link,
  kind,
  expiresInDays,
}: {
  name: string;
  contestTitle: string;
  link: string;
  kind: "existing-account" | "set-password";
  expiresInDays: number;
}) {
  const heading = `You are invited to judge ${contestTitle}`;
  return (
    <EmailLayout preview={heading} heading={heading}>
      <Text>Hello {name},</Text>
      <Text>
        An Inkwell admin has invited you to judge the contest &quot;{contestTitle}&quot;. Open the
        link to accept or say no.{" "}
        {kind === "set-password"
          ? "You will choose a password for your new account there."
          : "Sign in with your account first."}{" "}
        When you accept, you can tell us your school and the schools you work with, so you are never
        given a story from them. Judging is anonymous: you will never see who wrote an entry.
      </Text>
      <EmailButton href={link}>Answer the invitation</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        The link works once and expires in {expiresInDays} days. If you were not expecting this
        e-mail, you can ignore it.
      </Text>
    </EmailLayout>
  );
}

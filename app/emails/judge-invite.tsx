import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

const COPY = {
  "existing-account": {
    preview: "You are invited to judge on Inkwell",
    heading: "You are invited to judge on Inkwell",
    intro:
      "An Inkwell admin has invited you to be a judge. Open the link, sign in with your account and press Accept. Until you accept, you are not a judge and no entries are given to you. Judging is anonymous: you will never see who wrote an entry.",
    button: "Accept the invitation",
  },
  "set-password": {
    preview: "Set your password to start judging on Inkwell",
    heading: "Welcome to the Inkwell judging panel",
    intro:
      "An Inkwell admin has added you as a judge. Choose a password to activate your account; entries assigned to you will then appear in your review queue. Judging is anonymous: you will never see who wrote an entry.",
    button: "Set your password",
  },
} as const;

/**
 * Sent when an admin adds a judge. A new account gets a one-time link to choose a password;
 * an existing account gets a one-time link to accept, and becomes a judge only then
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export function JudgeInviteEmail({
  name,
  link,
  kind,
  expiresInDays,
}: {
  name: string;
  link: string;
  kind: "set-password" | "existing-account";
  expiresInDays: number;
}) {
  const copy = COPY[kind];
  return (
    <EmailLayout preview={copy.preview} heading={copy.heading}>
      <Text>Hello {name},</Text>
      <Text>{copy.intro}</Text>
      <EmailButton href={link}>{copy.button}</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        The link works once and expires in {expiresInDays} days. If you were not expecting this
        e-mail, you can ignore it.
      </Text>
    </EmailLayout>
  );
}

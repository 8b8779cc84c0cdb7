import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const ACCOUNT_LINK_SUBJECTS = {
  "password-reset": "Reset your Inkwell password",
  "email-change": "Confirm your new Inkwell e-mail address",
  "email-change-notice": "Your Inkwell e-mail address is about to change",
  "sign-up-attempt": "Someone tried to sign up to Inkwell with your address",
} as const;

const COPY = {
  "password-reset": {
    preview: "A link to choose a new password",
    heading: "Reset your password",
    intro:
      "Someone (we hope you) asked to reset the password of your Inkwell account. Choose a new password with the button below. Using the link signs you out everywhere else.",
    button: "Choose a new password",
    ignore:
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  },
  "email-change": {
    preview: "Confirm your new e-mail address",
    heading: "Confirm your new e-mail address",
    intro:
      "You asked to use this address for your Inkwell account. Confirm it with the button below; until you do, your account keeps its old address.",
    button: "Confirm this address",
    ignore: "If you did not ask for this, you can ignore this e-mail and nothing will change.",
  },
  "email-change-notice": {
    preview: "Was this you? You can stop the change",
    heading: "Your e-mail address is about to change",
    intro:
      "If this was you, there is nothing to do. If it was not, press the button: the change stops and the account is signed out everywhere. Then choose a new password.",
    button: "Stop the change",
    ignore: "",
  },
  "sign-up-attempt": {
    preview: "You already have an account",
    heading: "You already have an Inkwell account",
    intro:
      "Someone (we hope you) tried to create an Inkwell account with this e-mail address, but it already has one, so nothing was changed. Sign in with your password, or with Google if that is how you signed up. Forgot your password? Choose a new one with the button below.",
    button: "Choose a new password",
    ignore: "If it was not you, you can ignore this e-mail.",
  },
} as const;

/**
 * A one-time account link: password reset, a new e-mail address to confirm, or the notice to the
 * old address (and a young writer's parent) with a link that stops the change.
 */
export function AccountLinkEmail({
  kind,
  name,
  link,
  expires,
  detail,
}: {
  kind: keyof typeof COPY;
  /** A paragraph before the intro (e.g. which address the account is moving to). */
  detail?: string;
  name: string;
  link: string;
  /** e.g. "in 1 hour"; none for a link that is not one-time. */
  expires?: string;
}) {
  const copy = COPY[kind];
  return (
    <EmailLayout preview={copy.preview} heading={copy.heading}>
      <Text>Hello {name},</Text>
      {detail ? <Text>{detail}</Text> : null}
      <Text>{copy.intro}</Text>
      <EmailButton href={link}>{copy.button}</EmailButton>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        {expires ? `The link works once and expires ${expires}. ` : ""}
        {copy.ignore}
      </Text>
    </EmailLayout>
  );
}

import { Button, Text } from "@react-email/components";
import { EmailLayout } from "./layout";

/**
 * Sent when an admin adds a judge. A new account gets a one-time link to choose a password;
 * an existing account is told it can now open the judge portal.
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
  if (kind === "existing-account") {
    return (
      <EmailLayout preview="You are now a judge on Inkwell" heading="You are now an Inkwell judge">
        <Text>Hello {name},</Text>
        <Text>
          An Inkwell admin has added you as a judge. Sign in with your existing account to see the
          entries assigned to you in your review queue.
        </Text>
        <Button
          href={link}
          style={{
            backgroundColor: "#34468f",
            color: "#ffffff",
            padding: "10px 16px",
            borderRadius: "6px",
          }}
        >
          Open your review queue
        </Button>
        <Text>Or paste this link into your browser: {link}</Text>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview="Set your password to start judging on Inkwell"
      heading="Welcome to the Inkwell judging panel"
    >
      <Text>Hello {name},</Text>
      <Text>
        An Inkwell admin has added you as a judge. Choose a password to activate your account;
        entries assigned to you will then appear in your review queue. Judging is anonymous: you
        will never see who wrote an entry.
      </Text>
      <Button
        href={link}
        style={{
          backgroundColor: "#34468f",
          color: "#ffffff",
          padding: "10px 16px",
          borderRadius: "6px",
        }}
      >
        Set your password
      </Button>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text>
        The link works once and expires in {expiresInDays} days. If you were not expecting this
        e-mail, you can ignore it.
      </Text>
    </EmailLayout>
  );
}

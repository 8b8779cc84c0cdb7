import { Alert } from "~/components/ui/alert";

/** The test mailbox's mark, on each of its pages (docs/decisions/0043-test-mailbox.md). */
export function TestMailboxNotice() {
  return (
    <Alert variant="warning" title="Test mailbox — not sent; this site has no e-mail provider">
      These are the messages this site would have e-mailed, kept here whole so their links can be
      followed while you try the site out. It exists only in test mode (<code>EMAIL_TEST_MODE</code>
      ), and anyone who can reach this site can read it: never use real people&apos;s addresses
      here.
    </Alert>
  );
}

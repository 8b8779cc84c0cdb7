import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

/**
 * The e-mails the contest lifecycle sends (docs/decisions/0017-contest-lifecycle.md), one per
 * recipient. Each message is described by plain data (a `LifecycleMail`), so a workflow step can
 * carry it and a retry renders the same message.
 */
export type LifecycleMail =
  | {
      template: "contest-open";
      to: string;
      data: { name: string; contestTitle: string; closesAt: string; url: string };
    }
  | {
      template: "entry-expired";
      to: string;
      data: { name: string; title: string; contestTitle: string; url: string };
    }
  | {
      template: "judge-assigned";
      to: string;
      data: {
        name: string;
        contestTitle: string;
        count: number;
        dueAt: string;
        url: string;
        /** A contest of several rounds names the round ("Round 2: Final"). */
        round?: string | null;
      };
    }
  | {
      template: "judge-reminder";
      to: string;
      data: { name: string; contestTitle: string; count: number; dueAt: string; url: string };
    }
  | {
      template: "entry-refunded";
      to: string;
      data: {
        name: string;
        title: string;
        contestTitle: string;
        amount: string;
        url: string;
        /** An entry a teacher sent for a pupil: the link opens the class's page for the contest. */
        classEntry?: boolean;
      };
    }
  | {
      /** One receipt (card) or invoice for a class payment (docs/decisions/0031-classrooms-and-shared-computers.md). */
      template: "class-receipt" | "class-invoice";
      to: string;
      data: {
        name: string;
        contestTitle: string;
        /** `note`: the line's discount ("$15.00 less $7.50 with code CLASSROOM50"). */
        lines: { name: string; amount: string; note?: string | null }[];
        total: string;
        /** The code(s) and the whole discount, when a code took something off. */
        discount?: { codes: string; amount: string } | null;
        reference: string | null;
        url: string;
      };
    }
  | {
      /** An entry disqualified as a copy (docs/decisions/0054-copied-entries.md): kind and plain. */
      template: "entry-not-original";
      to: string;
      data: {
        name: string;
        title: string;
        contestTitle: string;
        url: string;
        classEntry?: boolean;
      };
    }
  | {
      template: "results-ready";
      to: string;
      data: { name: string; title: string; contestTitle: string; url: string };
    };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function lifecycleSubject(mail: LifecycleMail): string {
  switch (mail.template) {
    case "contest-open":
      return `Now open for submissions: ${mail.data.contestTitle}`;
    case "entry-expired":
      return `Entry not completed: ${mail.data.title}`;
    case "judge-assigned":
      return `${plural(mail.data.count, "entry", "entries")} to judge in ${mail.data.contestTitle}`;
    case "judge-reminder":
      return `Reminder: ${plural(mail.data.count, "entry", "entries")} still to score in ${mail.data.contestTitle}`;
    case "entry-refunded":
      return `Entry fee refunded: ${mail.data.title}`;
    case "class-receipt":
      return `Receipt: ${plural(mail.data.lines.length, "entry", "entries")} in ${mail.data.contestTitle}`;
    case "class-invoice":
      return `Invoice: ${plural(mail.data.lines.length, "entry", "entries")} in ${mail.data.contestTitle}`;
    case "entry-not-original":
      return `About your entry: ${mail.data.title}`;
    case "results-ready":
      return `Results are out for ${mail.data.contestTitle}: ${mail.data.title}`;
  }
}

export function LifecycleEmail({ mail }: { mail: LifecycleMail }) {
  const subject = lifecycleSubject(mail);
  switch (mail.template) {
    case "contest-open": {
      const d = mail.data;
      return (
        <EmailLayout preview={subject} heading={`${d.contestTitle} is open`}>
          <Text>Hi {d.name},</Text>
          <Text>
            You asked us to tell you when {d.contestTitle} opens. It is open for submissions now,
            until {d.closesAt}.
          </Text>
          <EmailButton href={d.url}>Read the contest and enter</EmailButton>
        </EmailLayout>
      );
    }
    case "entry-expired": {
      const d = mail.data;
      return (
        <EmailLayout preview={subject} heading="Your entry was not completed">
          <Text>Hi {d.name},</Text>
          <Text>
            Submissions to {d.contestTitle} have closed, and the entry fee for &ldquo;{d.title}
            &rdquo; was never paid, so the entry has expired and will not be judged.
          </Text>
          <EmailButton href={d.url}>Open your dashboard</EmailButton>
        </EmailLayout>
      );
    }
    case "judge-assigned":
    case "judge-reminder": {
      const d = mail.data;
      const entries = plural(d.count, "entry", "entries");
      const assigned = mail.template === "judge-assigned";
      return (
        <EmailLayout
          preview={subject}
          heading={assigned ? "Your review queue is ready" : "Judging closes soon"}
        >
          <Text>Hello {d.name},</Text>
          <Text>
            {assigned
              ? `${"round" in d && d.round ? `${d.round} of judging` : "Judging"} for ${d.contestTitle} has opened. Your queue holds ${entries}; please score them by ${d.dueAt}.`
              : `You still have ${entries} to score in ${d.contestTitle}. Judging closes ${d.dueAt}.`}
          </Text>
          <EmailButton href={d.url}>Open your review queue</EmailButton>
        </EmailLayout>
      );
    }
    case "entry-refunded": {
      const d = mail.data;
      return (
        <EmailLayout preview={subject} heading="Your entry fee was refunded">
          <Text>Hi {d.name},</Text>
          <Text>
            We have refunded the {d.amount} entry fee you paid for &ldquo;{d.title}&rdquo; in{" "}
            {d.contestTitle}. The entry has been withdrawn, so it will not be judged.
          </Text>
          <Text>
            The money goes back to the card you paid with; banks usually take 5 to 10 days to show
            it.
          </Text>
          <EmailButton href={d.url}>
            {d.classEntry ? "Open your class's entries" : "Open your dashboard"}
          </EmailButton>
        </EmailLayout>
      );
    }
    case "class-receipt":
    case "class-invoice": {
      const d = mail.data;
      const invoice = mail.template === "class-invoice";
      return (
        <EmailLayout preview={subject} heading={invoice ? "Your invoice" : "Your receipt"}>
          <Text>Hi {d.name},</Text>
          <Text>
            {invoice
              ? `Your class's entries to ${d.contestTitle} are submitted. Please pay this invoice${d.reference ? ` (purchase order ${d.reference})` : ""}:`
              : `Thank you: we received your payment for your class's entries to ${d.contestTitle}, which are now submitted.`}
          </Text>
          {d.lines.map((line, i) => (
            <Text key={i}>
              {line.name}: {line.amount}
              {line.note ? ` (${line.note})` : ""}
            </Text>
          ))}
          {d.discount ? (
            <Text>
              Discount code {d.discount.codes}: {d.discount.amount} off
            </Text>
          ) : null}
          <Text>
            <strong>
              {invoice ? "Total due" : "Total paid"}: {d.total}
            </strong>
          </Text>
          <EmailButton href={d.url}>Open your class&rsquo;s entries</EmailButton>
        </EmailLayout>
      );
    }
    case "entry-not-original": {
      const d = mail.data;
      return (
        <EmailLayout preview={subject} heading="About your entry">
          <Text>Hi {d.name},</Text>
          <Text>
            Thank you for entering {d.contestTitle}. We read &ldquo;{d.title}&rdquo; and found that
            it is very like another story we received, so it cannot stay in the contest.
          </Text>
          <Text>
            Every story in the contest has to be the writer&rsquo;s own words. If you think we got
            this wrong, please ask a grown-up to reply to this e-mail and we will look again.
          </Text>
          <EmailButton href={d.url}>
            {d.classEntry ? "Open your class's entries" : "Open your dashboard"}
          </EmailButton>
        </EmailLayout>
      );
    }
    case "results-ready": {
      const d = mail.data;
      return (
        <EmailLayout preview={subject} heading="Your results and feedback are ready">
          <Text>Hi {d.name},</Text>
          <Text>
            The judges have finished with {d.contestTitle}. Your scores and the judges&rsquo;
            feedback on &ldquo;{d.title}&rdquo; are ready to read.
          </Text>
          <EmailButton href={d.url}>See your results</EmailButton>
        </EmailLayout>
      );
    }
  }
}

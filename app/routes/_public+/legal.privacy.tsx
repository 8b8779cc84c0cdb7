import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { retentionPeriods } from "~/features/privacy/retention.server";

// The configured periods (docs/decisions/0038-data-retention.md). They are the same for every
// visitor and every request of a process, so the visitor page cache may keep this page.
export function loader() {
  return { periods: retentionPeriods() };
}

export const meta: MetaFunction = () => [
  { title: "Privacy Policy · Inkwell" },
  {
    name: "description",
    content:
      "What information Inkwell collects, why, who sees it, and how young writers' privacy is protected.",
  },
];

const LAST_UPDATED = "November 24, 2026";
const PRIVACY_EMAIL = "privacy@inkwell.test";

const linkClass = "font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900";

const sections = [
  { id: "what-we-collect", title: "What we collect and why" },
  { id: "anonymous-judging", title: "Anonymous judging" },
  { id: "childrens-privacy", title: "Children's privacy and parental consent" },
  { id: "sharing", title: "Who we share information with" },
  { id: "cookies", title: "Cookies" },
  { id: "retention", title: "How long we keep information" },
  { id: "deleting-your-account", title: "Deleting your account" },
  { id: "security", title: "Security" },
  { id: "contact", title: "Contact us" },
] as const;

type SectionId = (typeof sections)[number]["id"];

function Section({ id, children }: { id: SectionId; children: React.ReactNode }) {
  const section = sections.find((s) => s.id === id);
  return (
    <section aria-labelledby={id} className="scroll-mt-6">
      <h2 id={id} className="mt-10 font-serif text-2xl font-bold text-ink-900">
        {section?.title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

function Email() {
  return (
    <a href={`mailto:${PRIVACY_EMAIL}`} className={linkClass}>
      {PRIVACY_EMAIL}
    </a>
  );
}

function Term({ children }: { children: React.ReactNode }) {
  return <strong className="font-semibold text-slate-900">{children}</strong>;
}

export default function PrivacyPolicy() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article className="leading-relaxed text-slate-700 [&_ul]:list-disc [&_ul]:pl-6 [&_ul_li]:mt-2">
        <header>
          <h1 className="font-serif text-4xl font-bold text-ink-900">Privacy Policy</h1>
          <p className="mt-2 text-sm text-slate-600">
            Last updated: <time dateTime="2026-11-22">{LAST_UPDATED}</time>
          </p>
          <p className="mt-6">
            Inkwell runs writing contests for young writers, and many of the people who use it are
            children. We collect only the information we need to run contests fairly and safely, we
            never sell it, and we explain here exactly what we do with it. If you are a young
            writer, please read this with a parent, guardian or teacher.
          </p>
        </header>

        <nav
          aria-labelledby="toc-heading"
          className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="toc-heading" className="text-base font-semibold text-slate-900">
            On this page
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className={linkClass}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <Section id="what-we-collect">
          <p>We collect the following information, each for a specific reason:</p>
          <ul>
            <li>
              <Term>E-mail address</Term> — to sign you in, send you important messages about your
              account and entries, and let you reset your password.
            </li>
            <li>
              <Term>Password</Term> — we never store your password itself, only a one-way bcrypt
              hash of it, which can&apos;t be turned back into your password.
            </li>
            <li>
              <Term>Display name</Term> — shown on your account and, only if you agree, next to a
              winning entry&apos;s title in published results.
            </li>
            <li>
              <Term>Date of birth</Term> — to check contest age groups and to know whether a parent
              or guardian must give consent (for writers under 13).
            </li>
            <li>
              <Term>Parent or guardian e-mail address</Term> — for writers under 13 only, so we can
              ask a parent or guardian to confirm the account.
            </li>
            <li>
              <Term>Your submissions</Term> — the text you type or paste, and any files you upload,
              so they can be judged.
            </li>
            <li>
              <Term>Judges&apos; scores and comments</Term> — so we can work out results and show
              you your feedback.
            </li>
            <li>
              <Term>Payment status</Term> — whether an entry fee was paid, waived or discounted. We
              never see or store card numbers; Stripe handles all card details.
            </li>
            <li>
              <Term>Server logs</Term> — technical records, including IP addresses, kept briefly for
              security, such as limiting repeated failed sign-in attempts.
            </li>
          </ul>
        </Section>

        <Section id="anonymous-judging">
          <p>
            While a contest&apos;s anonymity is on, judges never see an entrant&apos;s name, e-mail
            address, account id or the original names of uploaded files. They see only each
            entry&apos;s title and text, so every piece is judged on the writing alone. Please
            don&apos;t include your name in your entry&apos;s title or text.
          </p>
          <p>
            Inkwell administrators can see who submitted an entry, so they can run the contest and
            handle problems.
          </p>
        </Section>

        <Section id="childrens-privacy">
          <p>
            We take extra care with writers under 13, in line with children&apos;s privacy laws such
            as the US Children&apos;s Online Privacy Protection Act (COPPA):
          </p>
          <ul>
            <li>
              When someone under 13 signs up, we ask for a parent&apos;s or guardian&apos;s e-mail
              address and send a confirmation link to that address.
            </li>
            <li>
              The child can&apos;t submit any entries until the parent or guardian confirms. If no
              one confirms, the child&apos;s account stays unable to submit.
            </li>
            <li>
              A parent or guardian can ask to review the information we hold about their child, or
              ask us to delete it, at any time by e-mailing <Email />. We will check that the
              request comes from the confirmed parent or guardian before acting on it.
            </li>
            <li>We collect no more information from children than we need to run contests.</li>
          </ul>
        </Section>

        <Section id="sharing">
          <p>We share information only where it is needed to run Inkwell:</p>
          <ul>
            <li>
              <Term>Judges</Term> see only anonymised entries and the rubric, never who wrote them.
            </li>
            <li>
              <Term>Service providers</Term> that work on our behalf: Stripe to process payments,
              Resend to send e-mail, and a cloud storage provider to store uploaded files. They may
              use the information only to provide their service to us.
            </li>
            <li>
              <Term>The law</Term> — we may disclose information if we are legally required to, or
              to protect someone from harm.
            </li>
          </ul>
          <p>
            We never sell personal information, and we don&apos;t use advertising trackers or show
            advertising.
          </p>
        </Section>

        <Section id="cookies">
          <p>We use only the cookies Inkwell needs to work:</p>
          <ul>
            <li>
              a <Term>session cookie</Term>, which keeps you signed in; and
            </li>
            <li>
              a short-lived <Term>message cookie</Term>, which carries a one-time notice (such as
              &ldquo;Entry submitted&rdquo;) to the next page you see.
            </li>
          </ul>
          <p>
            If you choose to sign in with Google, a short-lived cookie is also used during that
            sign-in to keep it secure. We use no tracking or advertising cookies.
          </p>
        </Section>

        <Section id="retention">
          <RetentionPolicy />
        </Section>

        <Section id="deleting-your-account">
          <p>
            While signed in, you can delete your account yourself from your account. You can also
            ask us to delete it by e-mailing <Email />. When an account is deleted:
          </p>
          <ul>
            <li>
              your personal information, such as your e-mail address, date of birth and display
              name, is removed;
            </li>
            <li>
              your entries are removed from any contest that has not yet ended, along with their
              uploaded files;
            </li>
            <li>
              for contests whose results have already been published, only the entry&apos;s title is
              kept in the results, so published results stay complete;
            </li>
            <li>
              for an entry whose fee was paid, only its title and the payment record (amount, code
              and payment reference) are kept; the entry is withdrawn and its story and file are
              removed.
            </li>
          </ul>
        </Section>

        <Section id="security">
          <p>
            We protect your information with encrypted connections (HTTPS), passwords stored only as
            bcrypt hashes, sign-in limits that slow down password guessing, and access to entrant
            identities restricted to administrators. No system is perfectly secure, but if we ever
            learn of a breach that affects your information, we will tell you (and, for children,
            their parent or guardian) promptly.
          </p>
        </Section>

        <Section id="contact">
          <p>
            If you have a question about this policy or your information, or want to review or
            delete data, e-mail <Email />. If we make important changes to this policy, we will
            update the date at the top of this page and, where appropriate, let you know. See also
            our{" "}
            <Link to="/legal/terms" className={linkClass}>
              Terms of Service
            </Link>
            .
          </p>
        </Section>
      </article>
    </div>
  );
}

/** A number of days in words a young reader follows: "1 year", "2 years", "30 days". */
function period(days: number) {
  if (days % 365 === 0) return `${days / 365} year${days === 365 ? "" : "s"}`;
  return `${days} days`;
}

function RetentionPolicy() {
  const { periods } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        We keep information only as long as we need it. Our computers remove it by themselves on
        these dates:
      </p>
      <ul>
        <li>
          <Term>Your story&apos;s text and file:</Term> {period(periods.entryDays)} after the
          contest&apos;s results are published. The title, the judges&apos; scores and comments, and
          any award stay, so published results stay complete. If your story won an award and you
          agreed that it may be shown, we keep it, because it is part of the published results.
        </li>
        <li>
          <Term>A young writer&apos;s account:</Term> if nobody signs in to the account of someone
          under 18 (or a class pupil&apos;s account) for {period(periods.inactiveChildDays)}, we
          send an e-mail to the writer, and to their parent when we have that address. If nobody
          signs in within {period(periods.noticeDays)} after that, we remove the account and its
          stories, the same way as when you delete your account yourself (below). Signing in once is
          enough to keep it.
        </li>
        <li>
          <Term>Records of e-mails we sent:</Term> {period(periods.emailLogDays)}.
        </li>
        <li>
          <Term>Being signed in:</Term> a sign-in ends after a while on its own, and we remove the
          ended ones every hour. One-time links (like &quot;reset your password&quot;) stop working
          after a short time and are removed too.
        </li>
        <li>
          <Term>Parental permission:</Term> a parent&apos;s yes is kept with the account, and goes
          when the account goes. When a teacher tells us a school has a parent&apos;s permission, we
          keep that note (who said it, for which pupil and contest, and when) as our proof.
        </li>
        <li>
          <Term>Payments:</Term> records of entry fees (amount, discount code, payment reference and
          date) are kept for 7 years, because tax and accounting law says we must. They never hold
          your story.
        </li>
        <li>
          <Term>Your account:</Term> everything else is kept while your account is open, until you
          delete it.
        </li>
      </ul>
      <p>When a story&apos;s text has been removed, its page says so and on which date.</p>
    </>
  );
}

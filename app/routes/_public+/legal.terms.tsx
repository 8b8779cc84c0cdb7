import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "Terms of Service · Inkwell" },
  {
    name: "description",
    content: "The rules for using Inkwell and entering its writing contests.",
  },
];

const LAST_UPDATED = "November 22, 2026";
const CONTACT_EMAIL = "hello@inkwell.test";

const linkClass = "font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900";

const sections = [
  { id: "using-inkwell", title: "1. Who may use Inkwell and your account" },
  { id: "entering-contests", title: "2. Entering contests" },
  { id: "fees-refunds", title: "3. Entry fees and refunds" },
  { id: "anonymous-judging", title: "4. Anonymous judging" },
  { id: "ownership-licence", title: "5. Ownership of your work and our licence" },
  { id: "conduct", title: "6. Conduct and disqualification" },
  { id: "young-writers", title: "7. Parents and young writers" },
  { id: "deleting-account", title: "8. Deleting your account" },
  { id: "changes-contact", title: "9. Changes to these terms and contact" },
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

export default function TermsOfService() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <article className="leading-relaxed text-slate-700 [&_ul]:list-disc [&_ul]:pl-6 [&_ul_li]:mt-2">
        <header>
          <h1 className="font-serif text-4xl font-bold text-ink-900">Terms of Service</h1>
          <p className="mt-2 text-sm text-slate-600">
            Last updated: <time dateTime="2026-11-22">{LAST_UPDATED}</time>
          </p>
          <p className="mt-6">
            Welcome to Inkwell. These terms are the rules for using our web site and entering our
            writing contests. We have tried to write them in plain language. By creating an account
            or entering a contest, you agree to them. If you are under 18, please read them with a
            parent, guardian or teacher.
          </p>
        </header>

        <nav
          aria-labelledby="toc-heading"
          className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-5"
        >
          <h2 id="toc-heading" className="text-base font-semibold text-slate-900">
            On this page
          </h2>
          <ol className="mt-2 space-y-1 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className={linkClass}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <Section id="using-inkwell">
          <p>
            Inkwell runs writing contests for young writers. Anyone may browse contests. To enter a
            contest you need an account, and you must give us accurate information when you create
            it, including your real date of birth.
          </p>
          <ul>
            <li>
              Keep your password private. You are responsible for what happens under your account.
            </li>
            <li>
              Each person may have only one account. Don&apos;t create accounts for other people or
              share an account. A teacher or parent may help a writer, but the entry must be the
              writer&apos;s own.
            </li>
            <li>
              Tell us straight away at{" "}
              <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
                {CONTACT_EMAIL}
              </a>{" "}
              if you think someone else has used your account.
            </li>
          </ul>
        </Section>

        <Section id="entering-contests">
          <p>
            Each contest has its own page with its rules. Those rules form part of these terms. When
            you enter:
          </p>
          <ul>
            <li>
              <strong className="font-semibold text-slate-900">Original work.</strong> Your entry
              must be your own original writing. Copying someone else&apos;s work, or handing in
              writing produced by another person or by a computer program as your own, is not
              allowed.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Eligibility.</strong> You must meet
              the contest&apos;s eligibility rules, such as its age group, and your entry must fit
              its theme, format and word range.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Deadlines.</strong> Deadlines are
              enforced by our server&apos;s clock, in the time zone shown on the contest page. An
              entry that arrives after the deadline can&apos;t be accepted, even by a few seconds,
              so please don&apos;t leave it to the last minute.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">One account per person.</strong>{" "}
              Entries must come from the writer&apos;s own account. Entering the same contest
              through more than one account may lead to disqualification.
            </li>
          </ul>
        </Section>

        <Section id="fees-refunds">
          <p>
            Some contests are free and some charge an entry fee. The fee is always shown on the
            contest page before you enter. Fees are paid through Stripe, our payment provider; we
            never see or store your card number.
          </p>
          <ul>
            <li>
              Fee waivers are available for writers who would otherwise be unable to enter. Teachers
              and schools can use group discount codes for classroom entries.
            </li>
            <li>
              An entry fee is generally not refundable once your entry has been submitted, because
              judging work begins on it. If a contest is cancelled, or you were charged by mistake
              or twice, we will refund you.
            </li>
            <li>
              If you think a charge is wrong, contact us at{" "}
              <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
                {CONTACT_EMAIL}
              </a>{" "}
              and we will look into it.
            </li>
          </ul>
        </Section>

        <Section id="anonymous-judging">
          <p>
            Contests are judged anonymously. Judges never see an entrant&apos;s name, e-mail
            address, account details or original file name while judging. Please don&apos;t put your
            name or other identifying details in the title or text of your entry.
          </p>
          <p>
            Judges score every entry against the contest&apos;s rubric and may write comments. The
            judges&apos; decisions, including the choice of winners, are final. We will, however,
            correct genuine mistakes, such as a score recorded against the wrong entry.
          </p>
        </Section>

        <Section id="ownership-licence">
          <p>
            <strong className="font-semibold text-slate-900">
              You keep the copyright in your writing.
            </strong>{" "}
            Entering a contest does not transfer ownership of your work to Inkwell.
          </p>
          <p>
            So that we can run the contest, you give Inkwell a limited, non-exclusive, royalty-free
            licence to:
          </p>
          <ul>
            <li>store your entry and any file you upload;</li>
            <li>
              show your entry to the judges assigned to the contest and to Inkwell administrators;
              and
            </li>
            <li>
              publish the title of a winning or placed entry and the writer&apos;s display name, but
              only with the writer&apos;s consent (and a parent&apos;s or guardian&apos;s consent
              for writers under 13).
            </li>
          </ul>
          <p>
            We will not publish, sell or otherwise use the text of your entry beyond this. The
            licence ends when your entry is deleted, except that titles of results already published
            may remain, as explained in our{" "}
            <Link to="/legal/privacy" className={linkClass}>
              Privacy Policy
            </Link>
            .
          </p>
        </Section>

        <Section id="conduct">
          <p>Please be kind and honest. You must not:</p>
          <ul>
            <li>submit writing that is not your own, or that breaks a contest&apos;s rules;</li>
            <li>
              submit content that is hateful, harassing, sexually explicit, or that puts anyone at
              risk;
            </li>
            <li>try to find out who wrote an entry, or to contact or influence a judge;</li>
            <li>
              try to get into other people&apos;s accounts, or to interfere with or overload the
              site.
            </li>
          </ul>
          <p>
            Inkwell administrators may disqualify an entry that breaks these terms or a
            contest&apos;s rules. When they do, they record a reason, and the entrant can read that
            reason in their account. If you think a disqualification was a mistake, write to us at{" "}
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>
            . We may suspend or close accounts used for serious or repeated misconduct.
          </p>
        </Section>

        <Section id="young-writers">
          <p>
            Many of our writers are children. Writers under 13 may use Inkwell only with the consent
            of a parent or guardian. When a writer under 13 signs up, we ask for a parent&apos;s or
            guardian&apos;s e-mail address and send a confirmation link; the writer can&apos;t
            submit entries until the parent or guardian confirms.
          </p>
          <p>
            Parents and guardians who give consent agree to these terms on the child&apos;s behalf
            and may ask us to review or delete their child&apos;s information at any time. See the{" "}
            <Link to="/legal/privacy" className={linkClass}>
              Privacy Policy
            </Link>{" "}
            for how we protect young writers.
          </p>
        </Section>

        <Section id="deleting-account">
          <p>
            You can stop using Inkwell and delete your account at any time. Entries in contests that
            have not yet ended are withdrawn and removed. For contests whose results have already
            been published, only the entry&apos;s title is kept in the published results. Entry fees
            already paid are not refunded when you delete your account. Our{" "}
            <Link to="/legal/privacy#deleting-your-account" className={linkClass}>
              Privacy Policy
            </Link>{" "}
            explains exactly what happens to your information.
          </p>
        </Section>

        <Section id="changes-contact">
          <p>
            We may update these terms from time to time. When we make an important change, we will
            update the date at the top of this page and, where appropriate, tell you by e-mail or on
            the site before it takes effect. If you keep using Inkwell after a change, the new terms
            apply.
          </p>
          <p>
            Questions about these terms? E-mail us at{" "}
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>
            .
          </p>
        </Section>
      </article>
    </div>
  );
}

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export const meta: MetaFunction = () => [
  { title: "Inkwell — Writing contests for young authors" },
  {
    name: "description",
    content:
      "Writing contests for young writers, judged anonymously by professionals with rubric-based scores and written feedback.",
  },
];

type Feature = { title: string; body: string; icon: React.ReactNode };

const iconProps = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

const features: Feature[] = [
  {
    title: "Anonymous judging",
    body: "Judges see only your writing: never your name, e-mail or school. Every entry is read on its own merits.",
    icon: (
      <svg {...iconProps}>
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
        <path d="M3 3l18 18" />
      </svg>
    ),
  },
  {
    title: "Professional judges",
    body: "Entries are read by published authors, editors and experienced writing teachers chosen for each contest.",
    icon: (
      <svg {...iconProps}>
        <path d="M12 20h9" />
        <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
      </svg>
    ),
  },
  {
    title: "Scores and written feedback",
    body: "Each entry is scored against a published rubric, and judges add written comments so you know what worked and what to try next.",
    icon: (
      <svg {...iconProps}>
        <path d="M9 11l3 3 8-8" />
        <path d="M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" />
      </svg>
    ),
  },
  {
    title: "Recognition for winners",
    body: "Winners and placed entries are announced on the contest page, with titles and display names shown only with consent.",
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="8" r="6" />
        <path d="M8.2 13.5 7 22l5-3 5 3-1.2-8.5" />
      </svg>
    ),
  },
  {
    title: "Schools and classrooms",
    body: "Teachers can bring a whole class: group discount codes lower entry fees, and fee waivers are available for writers who need them.",
    icon: (
      <svg {...iconProps}>
        <path d="M22 10 12 5 2 10l10 5 10-5Z" />
        <path d="M6 12v5c3 2 9 2 12 0v-5" />
      </svg>
    ),
  },
  {
    title: "Privacy and safety",
    body: "We collect only what we need. Writers under 13 need a parent or guardian to confirm their account before they can submit.",
    icon: (
      <svg {...iconProps}>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
      </svg>
    ),
  },
];

const steps: { title: string; body: string }[] = [
  {
    title: "Choose a contest",
    body: "Browse open contests and check each one's theme, age group, word range, fee and deadline.",
  },
  {
    title: "Submit an entry",
    body: "Type or paste your piece, or upload a file, before the deadline closes. You can follow your entry from your dashboard.",
  },
  {
    title: "Anonymous judging",
    body: "After the deadline, professional judges score each entry against the rubric without knowing who wrote it.",
  },
  {
    title: "Get results and feedback",
    body: "On the results date, your scores and the judges' written comments appear on your dashboard.",
  },
];

const faqs: { question: string; answer: React.ReactNode }[] = [
  {
    question: "Who can enter?",
    answer: (
      <>
        Any young writer who meets a contest&apos;s eligibility rules, such as its age group or
        grade, can enter. You need a free Inkwell account, and writers under 13 need a parent or
        guardian to confirm their account first.
      </>
    ),
  },
  {
    question: "How is judging kept anonymous?",
    answer: (
      <>
        Judges see only the title and text of each entry. Your name, e-mail address, account details
        and original file name are hidden from them, so every piece is judged on the writing alone.
      </>
    ),
  },
  {
    question: "What can I submit?",
    answer: (
      <>
        You can type or paste your text straight into the entry form, or upload a PDF, DOC, DOCX or
        TXT file up to 10&nbsp;MB. Your piece must fall within the contest&apos;s word range and be
        your own original work.
      </>
    ),
  },
  {
    question: "Are there entry fees?",
    answer: (
      <>
        Some contests are free and others charge an entry fee, which is shown on the contest page
        before you enter. Fee waivers are available for writers who need them, and teachers can use
        group discount codes for classroom entries.
      </>
    ),
  },
  {
    question: "When will I get my results and feedback?",
    answer: (
      <>
        Each contest lists a results date. Once that date has passed, your scores and the
        judges&apos; written feedback appear on your dashboard.
      </>
    ),
  },
  {
    question: "How do you protect young writers' privacy?",
    answer: (
      <>
        Writers under 13 can&apos;t submit until a parent or guardian confirms their account by
        e-mail, and judges never see entrants&apos; names. We never sell personal information. Read
        our{" "}
        <Link
          to="/legal/privacy"
          className="font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
        >
          Privacy Policy
        </Link>{" "}
        for the details.
      </>
    ),
  },
];

export default function Index() {
  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-heading" className="border-b border-ink-100 bg-ink-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <div className="max-w-3xl">
            <h1
              id="hero-heading"
              className="font-serif text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl"
            >
              Writing contests for young authors
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-700 sm:text-xl">
              Share your stories and poems, have them read anonymously by professional judges, and
              get real scores and written feedback to help you grow as a writer.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/contests" size="lg">
                Browse Contests
              </ButtonLink>
              <ButtonLink to="/contests" variant="outline" size="lg">
                Submit Your Work
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>

      {/* Features */}
      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="font-serif text-3xl font-bold text-ink-900">
          Why young writers choose Inkwell
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="flex">
              <Card className="flex-1">
                <CardHeader>
                  <span className="mb-2 inline-flex h-10 w-10 items-center justify-center rounded-md bg-ink-100 text-ink-700">
                    {feature.icon}
                  </span>
                  <CardTitle as="h3">{feature.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-slate-700">{feature.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="how-heading" className="font-serif text-3xl font-bold text-ink-900">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li
                key={step.title}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-ink-600 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-700">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Judged by Professionals */}
      <section aria-labelledby="judges-heading" className="bg-ink-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <div className="max-w-3xl">
            <h2 id="judges-heading" className="font-serif text-3xl font-bold">
              Judged by Professionals
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink-50">
              Every contest is judged by working writers, editors and experienced teachers of
              writing. They score each entry against the same clear rubric and write comments meant
              to encourage, not discourage, so every entrant comes away with something useful,
              whether or not they win.
            </p>
          </div>
        </div>
      </section>

      {/* FAQ */}
      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-heading" className="font-serif text-3xl font-bold text-ink-900">
          Frequently Asked Questions
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {faqs.map((faq) => (
            <details key={faq.question} className="group px-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-lg font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                <span>{faq.question}</span>
                <svg
                  {...iconProps}
                  width={20}
                  height={20}
                  className="shrink-0 text-ink-600 transition-transform group-open:rotate-180"
                >
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              <p className="pb-5 leading-relaxed text-slate-700">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-8">
        <div className="rounded-xl border border-ink-200 bg-ink-50 px-6 py-12 text-center sm:px-12">
          <h2 id="cta-heading" className="font-serif text-3xl font-bold text-ink-900">
            Ready to share your writing?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
            Create a free account to enter contests, follow your entries and read your judges&apos;
            feedback.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/login?tab=signup" size="lg">
              Get Started
            </ButtonLink>
            <ButtonLink to="/contests" variant="outline" size="lg">
              Browse Contests
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}

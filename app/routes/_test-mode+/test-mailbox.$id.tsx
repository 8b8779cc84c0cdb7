/**
 * One message of the test mailbox, whole, its links working (docs/decisions/0043-test-mailbox.md).
 * 404 outside test mode.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TestMailboxNotice } from "~/components/test-mailbox-notice";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/utils/dates";
import { testMailbox } from "~/utils/env.server";
import { notFound } from "~/utils/responses";
import { testMailboxMessage } from "~/utils/test-mailbox.server";

export const meta: MetaFunction = () => [
  { title: "Test mailbox · Inkwell" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  if (!testMailbox()) throw notFound();
  const message = await testMailboxMessage(params.id ?? "");
  if (!message) throw notFound();
  return {
    to: message.to,
    subject: message.subject,
    at: formatDateTime(message.createdAt, DEFAULT_TIME_ZONE),
    text: message.text,
  };
}

const URL_PATTERN = /(https?:\/\/[^\s<>()[\]"']+)/g;

/** The plain text with its addresses as links (the text is never read as HTML). */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all text-ink-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function TestMailboxMessage() {
  const m = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 text-base">
      <p>
        <Link to="/test-mailbox" className="text-ink-700 underline">
          ← Test mailbox
        </Link>
      </p>
      <h1 className="mt-2 break-words font-serif text-2xl font-bold">{m.subject}</h1>
      <TestMailboxNotice />
      <p className="mt-4 text-slate-700">
        To <bdi>{m.to}</bdi> · {m.at}
      </p>
      <div className="mt-4 whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-white p-4">
        <Linked text={m.text} />
      </div>
    </div>
  );
}

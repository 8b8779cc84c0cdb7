/**
 * The test mailbox (docs/decisions/0043-test-mailbox.md): the messages this site would have sent,
 * kept whole because it has no e-mail provider and runs in test mode (the quick start). Anyone
 * who can reach the site may read it, as the page says: it exists only for trying the site out.
 * 404 everywhere else.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TestMailboxNotice } from "~/components/test-mailbox-notice";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/utils/dates";
import { testMailbox } from "~/utils/env.server";
import { notFound } from "~/utils/responses";
import { testMailboxMessages } from "~/utils/test-mailbox.server";

export const meta: MetaFunction = () => [
  { title: "Test mailbox · Inkwell" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!testMailbox()) throw notFound();
  const to = new URL(request.url).searchParams.get("to")?.slice(0, 320).trim() || null;
  const messages = await testMailboxMessages(to);
  return {
    to,
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      at: formatDateTime(m.createdAt, DEFAULT_TIME_ZONE),
    })),
  };
}

export default function TestMailbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 text-base">
      <h1 className="font-serif text-3xl font-bold">Test mailbox</h1>
      <TestMailboxNotice />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <Field label="Show messages to" name="to" type="email" defaultValue={to ?? ""} />
        </div>
        <Button type="submit">Show</Button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-6 text-slate-700">No messages {to ? `to ${to} ` : ""}yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-md border border-slate-200">
          {messages.map((m) => (
            <li key={m.id} className="p-3">
              <Link to={`/test-mailbox/${m.id}`} className="font-medium text-ink-700 underline">
                {m.subject}
              </Link>
              <p className="text-slate-700">
                To <bdi>{m.to}</bdi> · {m.at}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

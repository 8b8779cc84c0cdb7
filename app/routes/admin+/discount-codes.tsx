/**
 * /admin/discount-codes: classroom codes and fee waivers (docs/decisions/0020-payments.md). Make a
 * code (percent or fixed, optional contest, maximum uses, expiry), switch it off or on, see its
 * uses so far, and download the CSV of its uses.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { discountCodeSchema, toggleCodeSchema } from "~/features/payments/discount-code-schema";
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
} from "~/features/payments/discount-codes.server";
import { describeDiscount } from "~/features/payments/pricing";
import { answerRefusal } from "~/utils/action.server";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/utils/dates";
import { fromZonedInputValue } from "~/utils/zoned-input";
import { env } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";

export const meta: MetaFunction = () => [{ title: "Discount codes · Admin · Inkwell" }];

const HERE = "/admin/discount-codes";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const timeZone = env().SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  const [list, contests] = await Promise.all([
    listDiscountCodes(pageParam(request.url)),
    contestOptions(),
  ]);
  return {
    contests,
    timeZone,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    codes: list.codes.map((c) => ({
      id: c.id,
      code: c.code,
      discount: describeDiscount(c),
      contest: c.contest?.title ?? "Any contest",
      uses: c.maxUses != null ? `${c.usedCount} of ${c.maxUses}` : `${c.usedCount}`,
      expires: c.expiresAt ? formatDateTime(c.expiresAt, timeZone) : "Never",
      state: !c.active
        ? "Off"
        : c.expiresAt && c.expiresAt <= now
          ? "Expired"
          : c.maxUses != null && c.usedCount >= c.maxUses
            ? "Used up"
            : "Active",
      active: c.active,
    })),
  };
}

const actionSchema = z.union([discountCodeSchema, toggleCodeSchema]);

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "activate" || submission.payload.intent === "deactivate")
      return redirectWithToast(HERE, {
        type: "error",
        title: "Error",
        description: "Choose a code.",
      });
    return data({ result: submission.reply() }, { status: submission.status ? 400 : 200 });
  }
  const value = submission.value;
  if (value.intent !== "create") {
    try {
      await setDiscountCodeActive(value.id, value.intent === "activate");
    } catch (error) {
      return answerRefusal(error, { redirectTo: HERE });
    }
    return redirectWithToast(HERE, {
      type: "success",
      title: value.intent === "activate" ? "Code switched on" : "Code switched off",
    });
  }
  const timeZone = env().SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  let expiresAt: Date | null = null;
  if (value.expiresAt) {
    expiresAt = fromZonedInputValue(value.expiresAt, timeZone);
    if (!expiresAt)
      return data(
        { result: submission.reply({ fieldErrors: { expiresAt: ["Enter a date and time"] } }) },
        { status: 400 },
      );
  }
  try {
    const made = await createDiscountCode({
      code: value.code,
      kind: value.kind,
      percentOff: value.percentOff,
      amountOffCents: value.amountOff,
      contestId: value.contestId || undefined,
      maxUses: value.maxUses,
      expiresAt,
    });
    return redirectWithToast(HERE, {
      type: "success",
      title: `Code ${made.code} created`,
      description: "Give it to a class or a writer; they type it on the entry form.",
    });
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

export default function DiscountCodes() {
  const { codes, contests, timeZone, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resetKey = useResetKey(actionData);
  const busy = useIsPending({ state: "submitting", intent: "create" });
  const [form, fields] = useForm<z.input<typeof discountCodeSchema>>({
    id: `code-${resetKey}`,
    lastResult: actionData?.result,
  });
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl font-bold">Discount codes</h1>
      <Card>
        <CardHeader>
          <CardTitle>New code</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-4 text-base text-slate-700">
            A code takes a percentage or a fixed amount off the entry fee. A code that takes off the
            whole fee (100%) is a fee waiver: the entry is submitted without a payment.
          </p>
          <Form
            method="post"
            {...getFormProps(form)}
            key={resetKey}
            className="grid gap-4 md:grid-cols-2"
          >
            <input type="hidden" name="intent" value="create" />
            {form.errors?.length ? (
              <Alert variant="destructive" title="Error" className="md:col-span-2">
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <Field
              label="Code"
              hint="Letters, digits, - or _; writers can type it in any case."
              autoComplete="off"
              errors={fields.code.errors}
              {...getInputProps(fields.code, { type: "text" })}
            />
            <fieldset>
              <legend className="block text-base font-medium text-slate-800">Discount</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.kind.name}
                    value="percent"
                    defaultChecked={fields.kind.initialValue !== "fixed"}
                    className="h-5 w-5"
                  />
                  Percent off
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.kind.name}
                    value="fixed"
                    defaultChecked={fields.kind.initialValue === "fixed"}
                    className="h-5 w-5"
                  />
                  Fixed amount off
                </label>
              </div>
              <ErrorList errors={fields.kind.errors} />
            </fieldset>
            <Field
              label="Percent off (for a percent code)"
              hint="100 waives the whole fee."
              inputMode="numeric"
              errors={fields.percentOff.errors}
              {...getInputProps(fields.percentOff, { type: "text" })}
            />
            <Field
              label="Amount off in dollars (for a fixed code)"
              hint="For example 2.50"
              inputMode="decimal"
              errors={fields.amountOff.errors}
              {...getInputProps(fields.amountOff, { type: "text" })}
            />
            <div className="space-y-1">
              <label
                htmlFor={fields.contestId.id}
                className="block text-base font-medium text-slate-800"
              >
                Contest
              </label>
              <select {...getSelectProps(fields.contestId)} className={inputClass}>
                <option value="">Any contest</option>
                {contests.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.contestId.errors} />
            </div>
            <Field
              label="Maximum uses (optional)"
              hint="Leave empty for no limit."
              inputMode="numeric"
              errors={fields.maxUses.errors}
              {...getInputProps(fields.maxUses, { type: "text" })}
            />
            <Field
              label={`Expires (optional, ${timeZone} time)`}
              errors={fields.expiresAt.errors}
              {...getInputProps(fields.expiresAt, { type: "datetime-local" })}
            />
            <div className="md:col-span-2">
              <Button type="submit" disabled={busy}>
                {busy ? "Creating…" : "Create code"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="text-xl font-semibold">
          Codes ({total})
        </h2>
        {codes.length === 0 ? (
          <EmptyState className="mt-4 p-6">No discount codes yet</EmptyState>
        ) : (
          <DataTable
            className="mt-4"
            columns={["Code", "Discount", "Contest", "Uses", "Expires", "State", "Actions"]}
          >
            {codes.map((c) => (
              <tr key={c.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-mono font-medium">{c.code}</td>
                <td className="py-2 pr-4">{c.discount}</td>
                <td className="py-2 pr-4">{c.contest}</td>
                <td className="py-2 pr-4">{c.uses}</td>
                <td className="py-2 pr-4">{c.expires}</td>
                <td className="py-2 pr-4">
                  <Badge variant={c.state === "Active" ? "success" : "secondary"}>{c.state}</Badge>
                </td>
                <td className="py-2 pr-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <Form method="post">
                      <input type="hidden" name="id" value={c.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={c.active ? "deactivate" : "activate"}
                        variant="outline"
                        size="sm"
                        aria-label={`${c.active ? "Switch off" : "Switch on"} ${c.code}`}
                      >
                        {c.active ? "Switch off" : "Switch on"}
                      </Button>
                    </Form>
                    <a
                      href={`/admin/discount-codes/${c.id}/uses.csv`}
                      className="underline"
                      aria-label={`Download uses of ${c.code} (CSV)`}
                    >
                      Uses (CSV)
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pager page={page} pageCount={pageCount} label="Discount code pages" />
      </section>
    </div>
  );
}

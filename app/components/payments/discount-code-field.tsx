/**
 * The entry form's discount code (docs/decisions/0020-payments.md). The code is checked for real
 * when the entry is submitted; with JavaScript the price after it is previewed as it is typed
 * (a GET of the form's own loader, which changes nothing). A classroom link
 * (/contests/:slug/enter?code=…) fills it in and shows the price without JavaScript.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Field } from "~/components/ui/field";
import type { PricePreview } from "~/features/payments/pricing";
import { formatDollars } from "~/utils/dates";

export type PriceState = { price: PricePreview | null; checking: boolean };

export function usePricePreview(slug: string, initial: PricePreview | null) {
  const fetcher = useFetcher<{ price: PricePreview | null }>();
  const [typed, setTyped] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const check = (code: string) => {
    setTyped(code);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      fetcher.load(`/contests/${slug}/enter?code=${encodeURIComponent(code.trim())}`);
    }, 350);
  };
  const price = typed === null ? initial : (fetcher.data?.price ?? initial);
  return {
    price: typed !== null && typed.trim() === "" ? null : price,
    checking: fetcher.state !== "idle",
    check,
  };
}

export function DiscountCodeField({
  defaultValue,
  errors,
  preview,
  fee,
}: {
  defaultValue: string;
  errors?: string[] | null;
  preview: PriceState & { check: (code: string) => void };
  fee: string;
}) {
  const p = preview.price;
  return (
    <div>
      <Field
        label={
          <>
            Discount code <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        hint="Have a code from your school or teacher? Type it here. It is checked when you press Submit."
        name="discountCode"
        id="entry-discountCode"
        defaultValue={defaultValue}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        errors={errors}
        onChange={(e) => preview.check(e.currentTarget.value)}
      />
      <p aria-live="polite" className="mt-1 text-base text-slate-800">
        {preview.checking ? (
          "Checking the code…"
        ) : p && p.ok && p.code ? (
          <>
            With code <strong>{p.code}</strong>:{" "}
            {p.amountCents === 0 ? (
              <strong>no fee to pay (fee waived)</strong>
            ) : (
              <>
                <strong>{formatDollars(p.amountCents)}</strong> instead of {fee}
              </>
            )}
            .
          </>
        ) : p && !p.ok && !errors?.length ? (
          <span className="text-red-700">{p.message}</span>
        ) : null}
      </p>
    </div>
  );
}

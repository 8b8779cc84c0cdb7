import type { FieldMetadata } from "@conform-to/react";
import { ErrorList, inputClass } from "~/components/ui/field";
import {
  AI_HOW_LABEL,
  AI_HOW_MAX,
  AI_POLICY_HEADING,
  AI_POLICY_WORDING,
  AI_QUESTION,
  AI_USE_LABELS,
  AI_USES,
  type AiPolicy,
  type Declarer,
} from "~/features/contests/ai-policy";

/**
 * The contest's AI policy and the writer's answer (docs/decisions/0053-ai-use-policy.md): one
 * radio group with its question as the legend, and the short "how" below it. Plain inputs, so
 * the form posts them without JavaScript; never kept in a draft (asked again like the boxes).
 */
export function AiDeclarationFields({
  policy,
  by,
  fields,
}: {
  policy: AiPolicy;
  by: Declarer;
  fields: Record<string, FieldMetadata<unknown>>;
}) {
  // No policy stated: nothing is asked (today's behaviour).
  const policyWording = AI_POLICY_WORDING[policy];
  if (!policyWording) return null;
  const { aiUse: use, aiHow: how } = fields;
  const useError = use.errors?.length ? `${use.id}-error` : undefined;
  const howError = how.errors?.length ? `${how.id}-error` : undefined;
  const chosen = typeof use.initialValue === "string" ? use.initialValue : undefined;
  return (
    <section aria-labelledby="ai-policy-heading" className="space-y-3">
      <h2 id="ai-policy-heading" className="text-base font-semibold text-slate-900">
        {AI_POLICY_HEADING}
      </h2>
      <p id="ai-policy-words" className="text-base text-slate-800">
        {policyWording}
      </p>
      <fieldset
        className="space-y-2"
        aria-describedby={["ai-policy-words", useError].filter(Boolean).join(" ")}
        aria-invalid={useError ? true : undefined}
      >
        <legend className="text-base font-medium text-slate-800">{AI_QUESTION[by]}</legend>
        {AI_USES.map((value, i) => (
          <label key={value} className="flex items-start gap-2 text-base text-slate-800">
            <input
              type="radio"
              // The first radio carries the field's id, so the error list's focus reaches it.
              id={i === 0 ? use.id : `${use.id}-${value}`}
              name={use.name}
              value={value}
              defaultChecked={chosen === value}
              aria-invalid={useError ? true : undefined}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span>{AI_USE_LABELS[by][value]}</span>
          </label>
        ))}
        <ErrorList id={useError} errors={use.errors} />
      </fieldset>
      <div>
        <label htmlFor={how.id} className="block text-base font-medium text-slate-800">
          {AI_HOW_LABEL[by]}{" "}
          <span className="font-normal text-slate-600">(only if AI was used)</span>
        </label>
        <textarea
          id={how.id}
          name={how.name}
          rows={2}
          maxLength={AI_HOW_MAX}
          defaultValue={typeof how.initialValue === "string" ? how.initialValue : undefined}
          aria-invalid={howError ? true : undefined}
          aria-describedby={howError}
          className={inputClass}
        />
        <ErrorList id={howError} errors={how.errors} />
      </div>
    </section>
  );
}

import { ErrorList } from "~/components/ui/field";
import { AI_POLICIES, AI_POLICY_CHOICES, type AiPolicy } from "~/features/contests/ai-policy";

/**
 * The contest's AI-use policy on the contest form's settings (docs/decisions/0053-ai-use-policy.md):
 * one radio group; none stated is today's behaviour.
 */
export function AiPolicyField({ value, errors }: { value: AiPolicy; errors?: string[] }) {
  return (
    <>
      {/* The AI-use policy (ADR 0053): its words are shown to writers, who then declare. */}
      <fieldset className="space-y-2" aria-describedby="aiPolicy-hint">
        <legend className="text-sm font-medium">AI policy</legend>
        <p id="aiPolicy-hint" className="text-sm text-slate-600">
          With a policy, every writer (or the teacher sending for a pupil) answers how AI was used.
        </p>
        {AI_POLICIES.map((p) => (
          <label key={p} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="aiPolicy"
              value={p}
              defaultChecked={value === p}
              className="mt-0.5 h-4 w-4"
            />
            <span>{AI_POLICY_CHOICES[p]}</span>
          </label>
        ))}
        <ErrorList errors={errors} />
      </fieldset>
    </>
  );
}

/**
 * A contest's AI-use policy and the writer's declaration (docs/decisions/0053-ai-use-policy.md):
 * the words shown (plain enough for a ten-year-old), which answers break which policy, and the
 * checks the entry forms share with the server. Pure: no zod, no database, so the browser uses it.
 * If these words change, entries already made keep the words they were shown (their
 * AiDeclaration row holds them).
 */

export const AI_POLICIES = ["unstated", "not_allowed", "ideas_only", "disclosed"] as const;
export type AiPolicy = (typeof AI_POLICIES)[number];

/** The admin's choices on the contest form. */
export const AI_POLICY_CHOICES: Record<AiPolicy, string> = {
  unstated: "No AI policy stated (writers are not asked)",
  not_allowed: "AI is not allowed",
  ideas_only: "AI may help with ideas and planning only (the words must be the writer's)",
  disclosed: "AI is allowed if the writer tells us how it was used",
};

/** The policy's words on the contest page and the entry form; none when no policy is stated. */
export const AI_POLICY_WORDING: Record<AiPolicy, string | null> = {
  unstated: null,
  not_allowed:
    "No AI allowed. Do not use AI tools (like ChatGPT) for any part of your story. Every idea and every word must be yours.",
  ideas_only:
    "AI for ideas only. You may use AI tools (like ChatGPT) to get ideas or plan your story. Every word of the story must be written by you.",
  disclosed:
    "AI allowed if you tell us. You may use AI tools (like ChatGPT), but you must tell us how you used them.",
};

export const AI_POLICY_HEADING = "Using AI";

export const AI_USES = ["none", "ideas", "editing", "generated"] as const;
export type AiUse = (typeof AI_USES)[number];

/** Who answers: the writer, or a teacher for a pupil of their class. */
export type Declarer = "writer" | "teacher";

export const AI_QUESTION: Record<Declarer, string> = {
  writer: "Did you use AI (like ChatGPT) for this story?",
  teacher: "Did the pupil use AI (like ChatGPT) for this story? You are answering for the pupil.",
};

export const AI_USE_LABELS: Record<Declarer, Record<AiUse, string>> = {
  writer: {
    none: "No, I did not use AI.",
    ideas: "Yes, for ideas or planning only.",
    editing: "Yes, to help me check or fix my words.",
    generated: "Yes, AI wrote some of the words.",
  },
  teacher: {
    none: "No, the pupil did not use AI.",
    ideas: "Yes, for ideas or planning only.",
    editing: "Yes, to help check or fix the pupil's words.",
    generated: "Yes, AI wrote some of the words.",
  },
};

/** What admins read beside an answer (one short label per kind). */
export const AI_USE_SHORT: Record<AiUse, string> = {
  none: "No AI",
  ideas: "Ideas or planning",
  editing: "Help with editing",
  generated: "Some text generated",
};

export const AI_HOW_LABEL: Record<Declarer, string> = {
  writer: "How did you use AI? Tell us in a sentence or two.",
  teacher: "How did the pupil use AI? Tell us in a sentence or two.",
};
export const AI_HOW_MAX = 500;

export const AI_MESSAGES = {
  choose: "Choose one answer about AI.",
  howRequired: "Tell us how AI was used.",
  howTooLong: `Tell us how AI was used in ${AI_HOW_MAX} characters or fewer.`,
} as const;

export const BREAKS_POLICY_LABEL = "Declaration breaks the policy";

export function isAiPolicy(value: unknown): value is AiPolicy {
  return typeof value === "string" && (AI_POLICIES as readonly string[]).includes(value);
}

export function isAiUse(value: unknown): value is AiUse {
  return typeof value === "string" && (AI_USES as readonly string[]).includes(value);
}

/** A stored policy as one of the four (anything else counts as none stated). */
export function aiPolicyOf(value: unknown): AiPolicy {
  return isAiPolicy(value) ? value : "unstated";
}

/** Whether writers are asked to declare. */
export function asksDeclaration(policy: AiPolicy) {
  return policy !== "unstated";
}

/**
 * Whether an answer breaks the policy: under "not allowed" any use; under "ideas only" anything
 * beyond ideas and planning; "allowed with disclosure" and no stated policy are never broken.
 */
export function breaksPolicy(policy: AiPolicy, use: AiUse): boolean {
  switch (policy) {
    case "not_allowed":
      return use !== "none";
    case "ideas_only":
      return use === "editing" || use === "generated";
    default:
      return false;
  }
}

/**
 * The declaration's errors by field (`aiUse`, `aiHow`) for the form's values: the same check in
 * the browser and on the server. Nothing is asked when the policy is unstated.
 */
export function declarationErrors(
  payload: Record<string, unknown>,
  policy: AiPolicy,
): Record<string, string[]> {
  if (!asksDeclaration(policy)) return {};
  const errors: Record<string, string[]> = {};
  const use = payload.aiUse;
  if (!isAiUse(use)) errors.aiUse = [AI_MESSAGES.choose];
  const how = typeof payload.aiHow === "string" ? payload.aiHow.trim() : "";
  if (how.length > AI_HOW_MAX) errors.aiHow = [AI_MESSAGES.howTooLong];
  else if (isAiUse(use) && use !== "none" && how === "") errors.aiHow = [AI_MESSAGES.howRequired];
  return errors;
}

export type AiAnswer = { use: AiUse; how: string | null };

/** The answer to store, or null when no declaration is asked (call after declarationErrors). */
export function declarationValue(
  payload: Record<string, unknown>,
  policy: AiPolicy,
): AiAnswer | null {
  if (!asksDeclaration(policy) || !isAiUse(payload.aiUse)) return null;
  const how = typeof payload.aiHow === "string" ? payload.aiHow.replace(/\r\n/g, "\n").trim() : "";
  return { use: payload.aiUse, how: payload.aiUse === "none" || !how ? null : how };
}

/** The words a declaration is stored with: the policy, the question and the answer as shown. */
export function declarationWording(policy: AiPolicy, use: AiUse, by: Declarer) {
  return {
    policy,
    policyWording: AI_POLICY_WORDING[policy] ?? "",
    question: AI_QUESTION[by],
    use,
    answerWording: AI_USE_LABELS[by][use],
    breaksPolicy: breaksPolicy(policy, use),
  };
}

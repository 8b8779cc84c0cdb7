import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * True while this page's form (or the one posting to `formAction` with `formMethod`) is being
 * submitted. `state: "submitting"` leaves out the loading that follows the post; `intent` narrows it
 * to the form whose submit button carried that intent.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
  intent,
}: {
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
  intent?: string;
} = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const isPendingState =
    state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

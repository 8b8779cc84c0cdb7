import { useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * A key that changes each time the page is arrived at afresh, as after a successful post that
 * redirects back to it, and stays the same while a refused post answers on the page (`actionData`
 * is that answer). A form whose conform id and element key carry it starts empty and without old
 * errors after a save, as it does after a full page load without JavaScript
 * (docs/decisions/0013-entry-form-and-limits.md).
 *
 * The key counts arrivals from 0 rather than being the location's key: the server renders with
 * the key "default" and the browser hydrates with the history entry's own key, so a form id built
 * from it differed between the two and conform saw submits from "form#profile-default" (issue 35;
 * ADR 0045). A count starts at 0 on both.
 */
export function useResetKey(actionData: unknown): string {
  const { key: locationKey } = useLocation();
  const [seen, setSeen] = useState({ locationKey, count: 0 });
  // A post answered on the page also moves to a new location; only an arrival without an answer resets.
  if (actionData === undefined && seen.locationKey !== locationKey) {
    const next = { locationKey, count: seen.count + 1 };
    setSeen(next);
    return String(next.count);
  }
  return String(seen.count);
}

import { useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * A key that changes each time the page is arrived at afresh, as after a successful post that
 * redirects back to it, and stays the same while a refused post answers on the page (`actionData`
 * is that answer). A form whose conform id and element key carry it starts empty and without old
 * errors after a save, as it does after a full page load without JavaScript
 * (docs/decisions/0013-entry-form-and-limits.md).
 */
export function useResetKey(actionData: unknown) {
  const { key: locationKey } = useLocation();
  const [key, setKey] = useState(locationKey);
  // A post answered on the page also moves to a new location; only an arrival without an answer resets.
  if (actionData === undefined && key !== locationKey) setKey(locationKey);
  return actionData === undefined ? locationKey : key;
}

import { useLocation } from "@remix-run/react";

/**
 * A key that changes each time the page is arrived at again, as after a successful post that
 * redirects back to it, and stays the same while a refused post answers on the page. A form whose
 * conform id and element key carry it starts empty and without old errors after a save, as it
 * does after a full page load without JavaScript (docs/decisions/0013-entry-form-and-limits.md).
 */
export function useResetKey() {
  return useLocation().key;
}

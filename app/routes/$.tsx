import { notFound } from "~/utils/responses";
/** Any unknown path answers 404; the root error boundary renders 'Oops! Page not found'. */
export function loader() {
  throw notFound();
}
export function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

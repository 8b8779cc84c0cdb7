/** Any unknown path answers 404; the root error boundary renders 'Oops! Page not found'. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

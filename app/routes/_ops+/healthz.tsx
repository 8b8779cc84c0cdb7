/** Liveness (docs/decisions/0036-health-and-logs.md): the process answers. No database, no session. */
export function loader() {
  return new Response("ok", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

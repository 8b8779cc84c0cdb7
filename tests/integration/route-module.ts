/** A route module as the page-budget tests call it: its loader, with the request and params. */
type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;
export type RouteModule = { loader: Loader };

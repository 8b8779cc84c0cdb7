// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Request = { method?: string; body?: string; headers?: Record<string, string> };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      sampleInt?: number;
      method?: string;
      headers?: Record<string, string>;
      requests?: { setupRequest?: (req: Request) => Request }[];
    };
    type Histogram = { average: number; p50: number; p99: number };
    type Result = {
      requests: Histogram & { sent: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      "2xx": number;
      "3xx": number;
      statusCodeStats?: Record<string, { count: number }>;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}

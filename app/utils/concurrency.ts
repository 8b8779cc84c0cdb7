/**
 * At most `max` tasks at once in this process; the others wait their turn, first come first
 * served. For work whose memory grows with how many run together (reading a whole document).
 * `after` runs when each task ends, before the next starts.
 */
export function concurrencyLimit(max: number, options: { after?: () => void } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      options.after?.();
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** AsyncMutex: FIFO critical sections for one object (requests interleave across awaits). */
import type { Mutex } from "../src/ports/space";

export class AsyncMutex implements Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

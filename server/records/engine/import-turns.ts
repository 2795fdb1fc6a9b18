/**
 * CSV imports on one database take turns within a server process: an import
 * arriving while another runs waits for it (its file already received, on disk)
 * instead of running beside it. An import is one long transaction, and SQLite has
 * a single writer: a second import would wait for the first's lock and fail busy
 * after the write wait (503) even though nothing is wrong. On either database an
 * import is work for the process's one JavaScript thread, so two at once finish no
 * sooner than one after the other, and memory holds one import's working set
 * rather than several. Instances sharing a PostgreSQL database still import in
 * parallel. Past a few waiting imports a further one is refused (503), since each
 * holds its file on disk while it waits.
 */
import { AppError } from "../../platform/errors/app-error.ts";

/** Most imports of one database that wait for their turn at once. */
export const IMPORTS_WAITING = 8;

/** The queue of one database's imports. */
interface Queue {
  tail: Promise<void>;
  waiting: number;
}

const queues = new WeakMap<object, Queue>();

/** How many imports on `database` wait for their turn now. */
export function importsWaiting(database: object): number {
  return queues.get(database)?.waiting ?? 0;
}

/**
 * Runs `fn` when the imports on `database` queued before it have ended; throws
 * 503 when `IMPORTS_WAITING` imports already wait.
 */
export async function inImportTurn<T>(database: object, fn: () => Promise<T>): Promise<T> {
  let queue = queues.get(database);
  if (!queue) {
    queue = { tail: Promise.resolve(), waiting: 0 };
    queues.set(database, queue);
  }
  if (queue.waiting >= IMPORTS_WAITING) {
    throw new AppError(
      503,
      "imports_busy",
      `${IMPORTS_WAITING} imports are already waiting for their turn; try again in a few minutes`,
      { headers: { "Retry-After": "60" } },
    );
  }
  const before = queue.tail;
  let done!: () => void;
  queue.tail = new Promise<void>((resolve) => (done = resolve));
  queue.waiting++;
  try {
    await before;
  } finally {
    queue.waiting--;
  }
  try {
    return await fn();
  } finally {
    done();
  }
}

/**
 * A bounded pool for password hashing, so that a flood of registrations or
 * invitation accepts cannot starve sign-ins. PBKDF2 through WebCrypto already runs
 * on Deno's blocking thread pool, not on the JavaScript thread (the event loop keeps
 * ticking during a derivation), so what a flood exhausts is the CPU, not the
 * thread: the pool bounds how many derivations run at once (one per slot) and
 * decides which run first.
 *
 * Two queues: sign-ins always go first, and enrolments (registration, invitation
 * accept) may hold at most all slots but one, so a sign-in never waits behind
 * them. Each queue is bounded: when it is full the call is refused at once with
 * 503 and Retry-After instead of waiting without end.
 */
import { AppError } from "../errors/app-error.ts";
import { dummyHash, hashPassword, verifyPassword } from "./password.ts";

/** Whose hashing it is: a sign-in, or an account being created or completed. */
export type HashPriority = "sign-in" | "enrolment";

/** What the auth service hashes and verifies passwords with. */
export interface PasswordHasher {
  /** Hashes a new password. */
  hash(password: string, priority: HashPriority): Promise<string>;
  /** Verifies a password; a missing or placeholder hash costs one derivation too. */
  verify(password: string, stored: string | undefined, priority: HashPriority): Promise<boolean>;
}

/** How the pool is sized. */
export interface HashingPoolOptions {
  /** PBKDF2 iterations of new hashes and of the dummy hash. */
  iterations: number;
  /** Derivations running at once (default: the machine's cores, at least 2). */
  slots?: number;
  /** Sign-ins waiting for a slot before more are refused (default 64). */
  maxQueuedSignIns?: number;
  /** Enrolments waiting for a slot before more are refused (default 8). */
  maxQueuedEnrolments?: number;
}

interface Job {
  priority: HashPriority;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** 503: every slot is taken and the queue is full. */
export function hashingBusy(): AppError {
  return new AppError(503, "busy", "The server is busy. Try again in a moment.", {
    headers: { "Retry-After": "1" },
    details: { retry_after_seconds: 1 },
  });
}

/** The pool. */
export class HashingPool implements PasswordHasher {
  readonly slots: number;
  readonly #iterations: number;
  readonly #enrolmentSlots: number;
  readonly #maxQueued: Record<HashPriority, number>;
  readonly #queues: Record<HashPriority, Job[]> = { "sign-in": [], enrolment: [] };
  #running = 0;
  #runningEnrolments = 0;

  constructor(options: HashingPoolOptions) {
    this.#iterations = options.iterations;
    this.slots = Math.max(2, options.slots ?? navigator.hardwareConcurrency ?? 2);
    this.#enrolmentSlots = this.slots - 1;
    this.#maxQueued = {
      "sign-in": options.maxQueuedSignIns ?? 64,
      enrolment: options.maxQueuedEnrolments ?? 8,
    };
  }

  hash(password: string, priority: HashPriority): Promise<string> {
    return this.#run(priority, () => hashPassword(password, this.#iterations));
  }

  verify(password: string, stored: string | undefined, priority: HashPriority): Promise<boolean> {
    return this.#run(
      priority,
      () => verifyPassword(password, stored ?? dummyHash(this.#iterations), this.#iterations),
    );
  }

  #run<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.#queues[priority];
      const job: Job = { priority, work, resolve: resolve as (value: unknown) => void, reject };
      queue.push(job);
      this.#start();
      // Still waiting, behind a full queue: refused now rather than waiting without end.
      if (queue.length > this.#maxQueued[priority] && queue.at(-1) === job) {
        queue.pop();
        reject(hashingBusy());
      }
    });
  }

  #start(): void {
    while (this.#running < this.slots) {
      const job = this.#queues["sign-in"].shift() ??
        (this.#runningEnrolments < this.#enrolmentSlots
          ? this.#queues.enrolment.shift()
          : undefined);
      if (!job) return;
      this.#running++;
      if (job.priority === "enrolment") this.#runningEnrolments++;
      job.work().then(job.resolve, job.reject).finally(() => {
        this.#running--;
        if (job.priority === "enrolment") this.#runningEnrolments--;
        this.#start();
      });
    }
  }
}

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
 * 503 and Retry-After instead of waiting without end. Enrolments also get only a
 * share of the time (default a quarter): after an enrolment hash that took T, the
 * next one waits 3T. Where the process's CPU is shared (every container, any busy
 * machine) a running enrolment slows the sign-in beside it, so a flood of them,
 * even from many addresses, may overlap a sign-in only that share of the time.
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
  /** The share of time enrolment hashing may take (default 0.25). */
  enrolmentShare?: number;
  /** Milliseconds, to measure how long a hash took. */
  clock?: () => number;
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
  readonly #enrolmentShare: number;
  readonly #clock: () => number;
  #running = 0;
  #runningEnrolments = 0;
  /** When the next enrolment may start. */
  #enrolmentRestUntil = 0;
  #wake: ReturnType<typeof setTimeout> | undefined;

  constructor(options: HashingPoolOptions) {
    this.#iterations = options.iterations;
    this.slots = Math.max(2, options.slots ?? navigator.hardwareConcurrency ?? 2);
    this.#enrolmentSlots = this.slots - 1;
    this.#maxQueued = {
      "sign-in": options.maxQueuedSignIns ?? 64,
      enrolment: options.maxQueuedEnrolments ?? 8,
    };
    this.#enrolmentShare = Math.min(1, Math.max(0.01, options.enrolmentShare ?? 0.25));
    this.#clock = options.clock ?? Date.now;
  }

  /** Calls waiting for a slot, per priority. */
  get queued(): Record<HashPriority, number> {
    return {
      "sign-in": this.#queues["sign-in"].length,
      enrolment: this.#queues.enrolment.length,
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

  #nextJob(): Job | undefined {
    const signIn = this.#queues["sign-in"].shift();
    if (signIn || !this.#queues.enrolment.length) return signIn;
    if (this.#runningEnrolments >= this.#enrolmentSlots) return undefined;
    const rest = this.#enrolmentRestUntil - this.#clock();
    if (rest <= 0) return this.#queues.enrolment.shift();
    this.#wake ??= setTimeout(() => {
      this.#wake = undefined;
      this.#start();
    }, rest);
    return undefined;
  }

  #start(): void {
    while (this.#running < this.slots) {
      const job = this.#nextJob();
      if (!job) return;
      this.#running++;
      const enrolment = job.priority === "enrolment";
      if (enrolment) this.#runningEnrolments++;
      const started = this.#clock();
      job.work().then(job.resolve, job.reject).finally(() => {
        this.#running--;
        if (enrolment) {
          this.#runningEnrolments--;
          const now = this.#clock();
          const took = now - started;
          this.#enrolmentRestUntil = Math.max(this.#enrolmentRestUntil, now) +
            took * (1 / this.#enrolmentShare - 1);
        }
        this.#start();
      });
    }
  }
}

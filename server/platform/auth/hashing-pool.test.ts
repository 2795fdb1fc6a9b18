import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { AppError } from "../errors/app-error.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { HashingPool } from "./hashing-pool.ts";
import { MIN_ITERATIONS } from "./password.ts";

Deno.test("A sign-in does not wait behind queued enrolments, and a full enrolment queue is refused at once with 503", async () => {
  const pool = new HashingPool({ iterations: MIN_ITERATIONS, slots: 2, maxQueuedEnrolments: 1 });
  const finished: string[] = [];
  const track = <T>(name: string, work: Promise<T>) =>
    work.then((value) => {
      finished.push(name);
      return value;
    });
  // Enrolments may hold one slot of two: the first runs, the second waits.
  const first = track("enrolment 1", pool.hash("password-one", "enrolment"));
  const second = track("enrolment 2", pool.hash("password-two", "enrolment"));
  // The queue holds one: a third is refused without waiting.
  await rejects(pool.hash("password-three", "enrolment"), (error: unknown) => {
    ok(error instanceof AppError);
    assertEquals([error.status, error.headers?.["Retry-After"]], [503, "1"]);
    return true;
  });
  // The sign-in takes the slot kept free and ends before the queued enrolment.
  const signIn = track("sign-in", pool.verify("password-one", undefined, "sign-in"));
  assertEquals(await signIn, false);
  await Promise.all([first, second]);
  ok(finished.indexOf("sign-in") < finished.indexOf("enrolment 2"), finished.join(", "));
});

Deno.test("POST /auth/register answers 503 with Retry-After when the hashing queue is full", async () => {
  const hasher = new HashingPool({ iterations: MIN_ITERATIONS, slots: 2, maxQueuedEnrolments: 0 });
  const t = await createTestApp({}, { hasher });
  try {
    const register = (i: number) =>
      t.call("POST", "/auth/register", {
        body: {
          first_name: "Rosa",
          last_name: "Diaz",
          email: `rosa${i}@initrode.test`,
          password: "a-long-enough-password",
          organization_name: `Initrode ${i}`,
        },
        remoteAddress: `203.0.113.${i}`,
      });
    const [one, two] = await Promise.all([register(1), register(2)]);
    const [accepted, refused] = one.status === 202 ? [one, two] : [two, one];
    await jsonOf(accepted, 202);
    assertEquals(refused.headers.get("retry-after"), "1");
    await errorOf(refused, 503, "busy");
  } finally {
    await t.close();
  }
});

Deno.test("After an enrolment hash that took T, the next enrolment waits 3T while sign-ins go on", async () => {
  let now = 0;
  const pool = new HashingPool({ iterations: MIN_ITERATIONS, slots: 2, clock: () => now });
  const first = pool.hash("password-one", "enrolment");
  const second = pool.hash("password-two", "enrolment");
  assertEquals(pool.queued.enrolment, 1);
  now = 100; // the first hash took 100 on the pool's clock: the next may start at 400
  await first;
  assertEquals(pool.queued.enrolment, 1, "the second enrolment started without resting");
  // A sign-in is not held by the rest.
  assertEquals(await pool.verify("password-one", undefined, "sign-in"), false);
  assertEquals(pool.queued.enrolment, 1);
  now = 400;
  ok((await second).startsWith("pbkdf2-sha256$"));
});

/**
 * Sign-in latency under a flood: sequential sign-ins of a demo account alone, then
 * while 16 connections loop on `/auth/register` (new emails, each a password hash)
 * and `/auth/accept-invitation` (tokens that are not valid). Printed as the ratio
 * of the median and p95 under flood to the same figures alone (budget ≤ 1.5).
 *
 * Measured twice: with the default per-address limits (most of the flood is
 * answered 429), and with the limits raised out of reach, so that only the hashing
 * pool (sign-ins first, enrolments kept to all slots but one) keeps sign-ins fast.
 * The flood runs in a low-priority child (sign-ins-under-flood.ts). Bounded in
 * time: the whole run stops after three minutes.
 */
import { startApp } from "./servers.ts";
import {
  deadline,
  running,
  signInFigures,
  signInsUnderFlood,
  startFloodChild,
} from "./sign-ins-under-flood.ts";

/** Rounds of (sign-ins alone, sign-ins under flood). */
const ROUNDS = 4;
const FLOOD_CONNECTIONS = 16;
const DEADLINE_MS = 180_000;

const callOff = deadline("signin-flood", DEADLINE_MS);

/** Floods until stdin closes, then prints the statuses counted (the child process). */
async function flood(url: string): Promise<void> {
  const statuses: Record<number, number> = {};
  let flooding = true;
  let serial = 0;
  // Fresh emails in every flood, so each registration founds an organisation.
  const run = crypto.randomUUID().slice(0, 8);
  const loop = async (connection: number) => {
    while (flooding) {
      const n = serial++;
      const body = connection % 2 === 0
        ? {
          path: "/auth/register",
          body: {
            first_name: "Flood",
            last_name: "Bot",
            email: `flood-${run}-${n}@flood.test`,
            password: "a-long-enough-password",
            organization_name: `Flood ${n}`,
          },
        }
        : {
          path: "/auth/accept-invitation",
          body: { token: `not-a-real-invitation-${n}`, password: "a-long-enough-password" },
        };
      try {
        const res = await fetch(`${url}${body.path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body.body),
        });
        await res.body?.cancel();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        statuses[0] = (statuses[0] ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: FLOOD_CONNECTIONS }, (_, i) => loop(i));
  for await (const _ of Deno.stdin.readable) { /* runs until the parent closes stdin */ }
  flooding = false;
  await Promise.all(loops);
  console.log(JSON.stringify(statuses));
}

async function scenario(name: string, port: number, env: Record<string, string>) {
  const app = await startApp(port, { env });
  running.add(app.stop);
  try {
    const { alone, flooded, floods } = await signInsUnderFlood(
      app.url,
      ROUNDS,
      () => startFloodChild(import.meta.url, app.url),
    );
    console.log(
      `${name}: ${signInFigures(alone, flooded, "flood")}; flood answers by status ${
        floods.join(" ")
      }`,
    );
  } finally {
    running.delete(app.stop);
    await app.stop();
  }
}

if (Deno.args[0] === "--flood") {
  callOff();
  await flood(Deno.args[1]);
} else {
  await scenario("limits on", 8831, {});
  await scenario("limits out of reach", 8832, {
    RATE_LIMIT_REGISTRATION: "1000000/1",
    RATE_LIMIT_INVITATION: "1000000/1",
  });
  callOff();
}

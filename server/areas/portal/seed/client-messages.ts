/**
 * A demo thread between Northwind's client contact and Acme's project manager on
 * the client portal, so the portal's messages and the staff side's have history.
 */
import type { Queryable } from "../../../db/database.ts";
import { nextPlace } from "../../../db/dialect.ts";
import { MESSAGE_PLACES } from "../repo.ts";

const DAY = 86_400_000;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Seeds the portal thread (in the seed's transaction). */
export async function seedClientMessages(tx: Queryable, today: number): Promise<void> {
  const thread: [string, boolean, string, number][] = [
    ["usr_northwind_client", true, "Hi Peter, could we get an update on the ERP cut-over date?", 6],
    [
      "usr_acme_pm",
      false,
      "Hi Nina — data migration is on track; we aim for the cut-over in four weeks.",
      5,
    ],
    ["usr_northwind_client", true, "Great, thanks. Please share the training plan when ready.", 2],
  ];
  for (const [index, [author, fromClient, body, daysAgo]] of thread.entries()) {
    // Places as the portal takes them, so later messages follow these.
    const place = nextPlace(tx.dialect, MESSAGE_PLACES, "org_acme");
    await tx.run(
      `INSERT INTO client_messages (id, organization_id, client_id, author_id, from_client, body, seq, created_at) VALUES (?, 'org_acme', 'cli_northwind', ?, ?, ?, ${place.sql}, ?)`,
      [
        `msg_seed_${index + 1}`,
        author,
        fromClient ? 1 : 0,
        body,
        ...place.params,
        iso(today - daysAgo * DAY + 10 * 3_600_000),
      ],
    );
  }
}

/**
 * An organisation's catalogue, permission and settings versions. Moving one says
 * every cached descriptor and access of that organisation is stale; the change is
 * announced for that organisation, so every instance's event streams tell its
 * members in the same breath as the commit.
 */
import type { Queryable } from "../../db/database.ts";

/** Which version moves. */
export type VersionKind = "catalogue" | "permissions" | "settings";

const COLUMN: Record<VersionKind, string> = {
  catalogue: "catalogue_version",
  permissions: "permission_version",
  settings: "settings_version",
};

/** Moves the organisation's version of `kind` and announces it, in the caller's transaction. */
export async function advanceVersion(
  tx: Queryable,
  organizationId: string,
  kind: VersionKind,
): Promise<void> {
  const column = COLUMN[kind];
  await tx.run(`UPDATE organizations SET ${column} = ${column} + 1 WHERE id = ?`, [
    organizationId,
  ]);
  await announceVersion(tx, organizationId, kind);
}

/** Announces a version the caller moved itself. */
export function announceVersion(
  tx: Queryable,
  organizationId: string,
  kind: VersionKind,
): Promise<void> {
  return tx.announce({ organizationId, topics: [kind] });
}

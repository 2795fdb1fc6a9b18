/**
 * Who a rule's notice or mail goes to, from its `to` list: `owner` (the rule's
 * owner), a person field of the record (`assigned_to`, `created_by`, or
 * `record.owner` for the record's own `owner`), `role:<role>`
 * (every active member with that role), a member's email address, and for mail
 * the record's own addresses (an email field such as `email`, or a linked
 * record's, `client.email`) or any address written out.
 */
import type { Reader } from "../../../db/database.ts";
import type { RecordType } from "../../../records/define.ts";
import type { RecordData } from "../../../records/engine/record-rows.ts";
import { loadRecord } from "../../../records/engine/record-store.ts";

/** The people (by user id) and addresses a `to` list names. */
export interface Recipients {
  userIds: string[];
  emails: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads a `to` list against the record; `mail` lets it name outside addresses. */
export async function recipientsOf(
  read: Reader,
  scope: {
    organizationId: string;
    ownerId: string;
    type: RecordType;
    record: RecordData | null;
    types: ReadonlyMap<string, RecordType>;
    mail: boolean;
  },
  to: readonly string[],
): Promise<Recipients> {
  const userIds = new Set<string>();
  const emails = new Set<string>();
  const { record, type } = scope;
  for (const entry of to) {
    if (entry === "owner") {
      userIds.add(scope.ownerId);
    } else if (entry.startsWith("role:")) {
      const rows = await read.all<{ user_id: string }>(
        `SELECT uo.user_id FROM user_organizations uo JOIN users u ON u.id = uo.user_id
          WHERE uo.organization_id = ? AND uo.user_role = ? AND uo.status = 'active' AND u.is_active = 1`,
        [scope.organizationId, entry.slice(5)],
      );
      for (const r of rows) userIds.add(r.user_id);
    } else if (EMAIL.test(entry)) {
      const member = await read.get<{ id: string }>(
        `SELECT u.id FROM users u JOIN user_organizations uo ON uo.user_id = u.id
          WHERE uo.organization_id = ? AND uo.status = 'active' AND lower(u.email) = lower(?)`,
        [scope.organizationId, entry],
      );
      if (member) userIds.add(member.id);
      else if (scope.mail) emails.add(entry);
    } else if (record && entry.startsWith("record.")) {
      // The record's own person field, named plainly where its id is a word of
      // this list (a proposal's or a lead's `owner` is not the rule's owner).
      const id = record[entry.slice("record.".length)];
      const field = type.field.get(entry.slice("record.".length));
      if (field?.link === "user" && typeof id === "string" && id) userIds.add(id);
    } else if (record) {
      const [head, tail] = entry.split(".", 2);
      const field = type.field.get(head);
      if (tail === undefined && (head === "created_by" || field?.link === "user")) {
        const id = record[head];
        if (typeof id === "string" && id) userIds.add(id);
      } else if (tail === undefined && field?.type === "email" && scope.mail) {
        const address = record[head];
        if (typeof address === "string" && EMAIL.test(address)) emails.add(address);
      } else if (tail !== undefined && field?.type === "link" && scope.mail) {
        const target = scope.types.get(field.link ?? "");
        const id = record[head];
        if (!target || typeof id !== "string" || !id) continue;
        const linked = await loadRecord(read, target, scope.organizationId, id);
        const address = linked?.[tail];
        if (typeof address === "string" && EMAIL.test(address)) emails.add(address);
      }
    }
  }
  return { userIds: [...userIds], emails: [...emails] };
}

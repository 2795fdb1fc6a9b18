/**
 * Where a record opens in the app: its type's form route (`<module>/:id` unless
 * the declaration names another) under `/app`, with the record's id. Notices and
 * lists that point at a record link here, so they open the page its own list
 * opens.
 */
import type { RecordType } from "./define.ts";

/** The form route of a type, as the route table declares it (`invoices/:id`). */
export function formRouteOf(type: RecordType): string {
  return type.declaration.form_route ?? `${type.module}/:id`;
}

/** The app path of one record's form (`/app/invoices/inv_…`). */
export function recordLink(type: RecordType, id: string): string {
  return `/app/${formRouteOf(type).replace(":id", encodeURIComponent(id))}`;
}

/**
 * `GET /api/records/find?q=`: what the command palette finds beyond the modules.
 * Records of every type the caller may read, through the engine's own search (so
 * with the caller's row visibility), and the actions the caller may take whose
 * names match ("New invoice" for a type they may create). Each type answers its
 * best few, so one type with many matches does not hide the others.
 */
import type { Api } from "../platform/http/api.ts";
import type { Access } from "../platform/access/access.ts";
import { authorize } from "../platform/access/authorize.ts";
import type { RecordEngine } from "./engine/engine.ts";
import type { RecordType } from "./define.ts";
import { FindQuery, FindResponse } from "../../schemas/records/api.ts";

/** Records answered per type, and in all. */
const PER_TYPE = 5;
const AT_MOST = 20;

/** Declares the find call. */
export function findEverywhereRoute(api: Api, engine: RecordEngine): void {
  api.route({
    method: "get",
    path: "/api/records/find",
    tag: "Records",
    summary:
      "Records of every type the caller may read whose titles match, and the matching actions",
    audience: "staff",
    query: FindQuery,
    response: FindResponse,
  }, async (c, { access, query }) => c.json(await findEverywhere(engine, access, query.q)));
}

/** The app path of a record's form (`id` = "new" for a new one). */
function formPath(type: RecordType, id: string): string {
  const route = type.declaration.form_route ?? `${type.module}/:id`;
  return `/app/${route.replace(":id", encodeURIComponent(id))}`;
}

/** Every word typed starts a word of `name` (case-insensitive): "new inv" finds "New invoice". */
function namesMatch(typed: string, name: string): boolean {
  const words = name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return typed.toLowerCase().split(/\s+/).filter(Boolean).every((part) =>
    words.some((word) => word.startsWith(part))
  );
}

/** What the palette finds for `q`. */
export async function findEverywhere(
  engine: RecordEngine,
  access: Access,
  q: string,
): Promise<FindResponse> {
  const readable = [...engine.types.values()].filter((t) => authorize(access, t.module, "read"));
  const actions = readable
    .filter((t) => authorize(access, t.module, "create"))
    .map((t) => ({ label: `New ${t.declaration.label.toLowerCase()}`, to: formPath(t, "new") }))
    .filter((action) => namesMatch(q, action.label));
  const records: FindResponse["records"] = [];
  for (const type of readable) {
    const { items } = await engine.search(access, type.id, { q, limit: PER_TYPE });
    for (const item of items) {
      records.push({
        type: type.id,
        type_label: type.declaration.label,
        ...item,
        to: formPath(type, item.id),
      });
    }
  }
  // Titles that start with what was typed come first; otherwise the types' order holds.
  const starts = (title: string) => title.toLowerCase().startsWith(q.toLowerCase()) ? 0 : 1;
  records.sort((a, b) => starts(a.title) - starts(b.title));
  return { records: records.slice(0, AT_MOST), actions };
}

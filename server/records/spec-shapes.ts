/**
 * The spec's list calls (`/leads`, `/tasks/list-with-details`, `/clients/list`,
 * `/projects/list`) keep the shapes the spec gives them, read through the record
 * engine by one table of aliases: each spec key names the declared field (or
 * standard column) it shows, or a link's title (`<field>__title`). No call renames
 * fields by hand; what the spec derives (a label, a nested object, an overdue flag,
 * a count) stays with the call.
 */

/** Spec key → the record field, standard column or link title it shows. */
export type SpecAliases = Readonly<Record<string, string>>;

const STANDARD = new Set(["id", "created_at", "updated_at"]);
const TITLE = "__title";

/** The spec's shape of each record type a list call serves. */
export const SPEC_ALIASES = {
  lead: {
    id: "id",
    name: "name",
    company: "company",
    email: "email",
    phone: "phone",
    source: "source",
    status: "stage",
    score: "score",
    estimated_value: "estimated_value",
    assigned_to: "owner",
    assigned_to_name: "owner__title",
    created_at: "created_at",
    updated_at: "updated_at",
  },
  task: {
    id: "id",
    title: "title",
    description: "description",
    status: "status",
    priority: "priority",
    project_id: "project",
    assignee_id: "assignee",
    estimated_hours: "estimated_hours",
    actual_hours: "actual_hours",
    story_points: "story_points",
    progress_percentage: "progress",
    due_date: "due_date",
    started_at: "started_at",
    completed_at: "completed_at",
    is_milestone: "milestone",
    is_billable: "billable",
    created_at: "created_at",
    updated_at: "updated_at",
  },
  client: {
    id: "id",
    name: "name",
    email: "email",
    phone: "phone",
    industry: "industry",
    status: "status",
    created_at: "created_at",
  },
  project: {
    id: "id",
    name: "name",
    status: "status",
    project_type: "project_type",
    client_id: "client",
    client_name: "client__title",
    start_date: "start_date",
    end_date: "end_date",
    project_manager_id: "manager",
  },
} as const satisfies Record<string, SpecAliases>;

/** The fields to ask the engine for: every aliased field, a link title's link once. */
export function aliasedFields(aliases: SpecAliases, extra: readonly string[] = []): string[] {
  const fields = Object.values(aliases).map((f) =>
    f.endsWith(TITLE) ? f.slice(0, -TITLE.length) : f
  )
    .filter((f) => !STANDARD.has(f));
  return [...new Set([...fields, ...extra])];
}

/** A record in the spec's shape: each alias's value, null where the record has none. */
export function aliased<A extends SpecAliases>(
  aliases: A,
  record: Readonly<Record<string, unknown>>,
): { [K in keyof A]: unknown } {
  return Object.fromEntries(
    Object.entries(aliases).map(([key, field]) => [key, record[field] ?? null]),
  ) as { [K in keyof A]: unknown };
}

/**
 * Demo activities on Acme's leads and clients: calls, meetings, emails, notes and
 * tasks over the last weeks, each with its outcome and most with a next step.
 * Two of the sales manager's next steps and one of the administrator's are past
 * their date and not done (the dashboard's overdue next steps); one past step is
 * done. The demo member owns one meeting. Laid out by hand: no random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";
import { LEAD_ACTIVITY } from "../types/lead-activity.ts";

const DAY = 86_400_000;

type Seeded = {
  lead?: string;
  client?: string;
  type: string;
  subject: string;
  /** Days before the seed day; a next step is due `in` days from it. */
  ago: number;
  minutes: number | null;
  outcome: string | null;
  notes: string;
  next?: { step: string; in: number; done?: boolean };
  owner: string;
};

const SALES = "usr_acme_sales";
const ADMIN = "usr_acme_admin";
const MEMBER = "usr_acme_member";

const ACTIVITIES: Seeded[] = [
  {
    lead: "led_acme_001",
    type: "call",
    subject: "Discovery call",
    ago: 12,
    minutes: 30,
    outcome: "positive",
    notes: "Interested in a quarterly retainer; wants a rough figure first.",
    next: { step: "Send a rough estimate", in: -5 },
    owner: SALES,
  },
  {
    lead: "led_acme_002",
    type: "email",
    subject: "Sent the capabilities deck",
    ago: 9,
    minutes: 10,
    outcome: "no_response",
    notes: "Followed up on the event conversation with the deck and two case studies.",
    next: { step: "Call to ask about the deck", in: -2 },
    owner: SALES,
  },
  {
    lead: "led_acme_003",
    type: "meeting",
    subject: "Site visit",
    ago: 20,
    minutes: 90,
    outcome: "positive",
    notes: "Walked the warehouse with the operations lead; scope is two sites.",
    next: { step: "Share the site notes", in: -14, done: true },
    owner: SALES,
  },
  {
    lead: "led_acme_004",
    type: "call",
    subject: "Budget check",
    ago: 3,
    minutes: 15,
    outcome: "neutral",
    notes: "Budget is approved for next quarter only.",
    next: { step: "Call back at quarter start", in: 21 },
    owner: SALES,
  },
  {
    lead: "led_acme_001",
    type: "note",
    subject: "Decision maker",
    ago: 2,
    minutes: null,
    outcome: null,
    notes: "The finance director signs anything over 20,000.",
    owner: SALES,
  },
  {
    lead: "led_acme_005",
    type: "task",
    subject: "Prepare the pilot outline",
    ago: 6,
    minutes: 45,
    outcome: "neutral",
    notes: "Outline drafted; waiting for their IT contact.",
    next: { step: "Confirm the IT contact", in: -1 },
    owner: ADMIN,
  },
  {
    client: "cli_northwind",
    type: "meeting",
    subject: "Quarterly review",
    ago: 8,
    minutes: 60,
    outcome: "positive",
    notes: "Happy with the rollout; asked about a second phase.",
    next: { step: "Draft the phase two proposal", in: 10 },
    owner: SALES,
  },
  {
    client: "cli_contoso",
    type: "call",
    subject: "Renewal call",
    ago: 4,
    minutes: 20,
    outcome: "negative",
    notes: "They are reviewing other suppliers before renewing.",
    next: { step: "Send the renewal offer", in: 3 },
    owner: ADMIN,
  },
  {
    client: "cli_fabrikam",
    type: "meeting",
    subject: "Technical workshop",
    ago: 5,
    minutes: 120,
    outcome: "positive",
    notes: "Went through the integration questions with their developers.",
    owner: MEMBER,
  },
];

/** Seeds the activities (in the seed's transaction). */
export async function seedLeadActivities(tx: Queryable, today: number): Promise<void> {
  const column = (id: string) => LEAD_ACTIVITY.field.get(id)!.column;
  const fields = [
    "activity_type",
    "subject",
    "lead",
    "client",
    "date",
    "duration_minutes",
    "outcome",
    "notes",
    "next_step",
    "next_step_date",
    "next_step_done",
    "owner",
  ];
  const date = (days: number) => new Date(today + days * DAY).toISOString().slice(0, 10);
  for (const [i, a] of ACTIVITIES.entries()) {
    const number = String(i + 1).padStart(5, "0");
    const at = new Date(today - a.ago * DAY + 10 * 3_600_000).toISOString();
    await tx.run(
      `INSERT INTO ${LEAD_ACTIVITY.table} (id, organization_id, name, ${
        fields.map(column).join(", ")
      }, created_at, created_by, updated_at)
       VALUES (${Array(fields.length + 6).fill("?").join(", ")})`,
      [
        `act_acme_${number}`,
        ORGS.acme.id,
        `ACT-${number}`,
        a.type,
        a.subject,
        a.lead ?? null,
        a.client ?? null,
        date(-a.ago),
        a.minutes ?? 0,
        a.outcome ?? "",
        a.notes,
        a.next?.step ?? "",
        a.next ? date(a.next.in) : null,
        a.next?.done ? 1 : 0,
        a.owner,
        at,
        a.owner,
        at,
      ],
    );
  }
  await tx.run(
    "INSERT INTO naming_series (organization_id, prefix, current) VALUES (?, 'ACT-', ?)",
    [ORGS.acme.id, ACTIVITIES.length],
  );
}

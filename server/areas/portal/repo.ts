/**
 * SQL of the client portal. Every query is confined to one client of one
 * organisation: the portal user's own. Nothing here reads hourly rates, budgets or
 * internal notes.
 */
import type { Queryable } from "../../db/database.ts";
import { nextPlace } from "../../db/dialect.ts";

/** Where messages take their places (see migration 010). */
export const MESSAGE_PLACES = {
  sequence: "client_messages_seq",
  table: "client_messages",
  column: "seq",
  scopeColumn: "organization_id",
};

/** Where a portal user's records live. */
export interface PortalScope {
  organizationId: string;
  clientId: string;
}

const PROJECT_SELECT = `SELECT p.id, p.name, p.status, p.start_date, p.end_date,
    COALESCE(SUM(CASE WHEN t.status = 'completed' THEN 1 ELSE 0 END), 0) AS completed_tasks,
    COUNT(t.id) AS total_tasks,
    (SELECT m.title FROM tasks m WHERE m.project_id = p.id AND m.is_milestone = 1 AND m.status <> 'completed'
      ORDER BY m.due_date IS NULL, m.due_date LIMIT 1) AS next_milestone,
    (SELECT m.due_date FROM tasks m WHERE m.project_id = p.id AND m.is_milestone = 1 AND m.status <> 'completed'
      ORDER BY m.due_date IS NULL, m.due_date LIMIT 1) AS next_milestone_date
  FROM projects p LEFT JOIN tasks t ON t.project_id = p.id`;

/** The client's projects. */
export function projects(db: Queryable, scope: PortalScope) {
  return db.all<Record<string, unknown>>(
    `${PROJECT_SELECT} WHERE p.organization_id = ? AND p.client_id = ? GROUP BY p.id ORDER BY p.start_date DESC, p.name`,
    [scope.organizationId, scope.clientId],
  );
}

/** One of the client's projects, or undefined (another client's id, or a made-up one). */
export function project(db: Queryable, scope: PortalScope, projectId: string) {
  return db.get<Record<string, unknown> & { start_date: string; end_date: string }>(
    `${PROJECT_SELECT} WHERE p.id = ? AND p.organization_id = ? AND p.client_id = ? GROUP BY p.id`,
    [projectId, scope.organizationId, scope.clientId],
  );
}

/** A milestone as the portal shows it. */
export interface MilestoneRow {
  id: string;
  title: string;
  due_date: string | null;
  status: string;
  project_name: string;
}

const MILESTONE_SELECT = `SELECT t.id, t.title, t.due_date, t.status, p.name AS project_name
       FROM tasks t JOIN projects p ON p.id = t.project_id
      WHERE p.organization_id = ? AND p.client_id = ? AND t.is_milestone = 1`;

/** Every milestone of one of the client's projects: open ones first, each by due date. */
export function projectMilestones(db: Queryable, scope: PortalScope, projectId: string) {
  return db.all<MilestoneRow>(
    `${MILESTONE_SELECT} AND p.id = ?
      ORDER BY t.status = 'completed', t.due_date IS NULL, t.due_date LIMIT 50`,
    [scope.organizationId, scope.clientId, projectId],
  );
}

/**
 * The milestones still ahead on the client's projects: not completed (an overdue one
 * is still ahead of the client), soonest first, undated last.
 */
export function upcomingMilestones(db: Queryable, scope: PortalScope) {
  return db.all<MilestoneRow>(
    `${MILESTONE_SELECT} AND t.status <> 'completed'
      ORDER BY t.due_date IS NULL, t.due_date LIMIT 50`,
    [scope.organizationId, scope.clientId],
  );
}

/** A message row as read. */
export interface MessageRow {
  id: string;
  body: string;
  from_client: boolean;
  author_name: string;
  client_id: string;
  client_name: string;
  created_at: string;
}

type StoredMessage = Omit<MessageRow, "from_client"> & { from_client: number; seq?: number };

const MESSAGE_SELECT =
  `SELECT m.seq, m.id, m.body, m.from_client, u.first_name || ' ' || u.last_name AS author_name,
    m.client_id, c.name AS client_name, m.created_at
  FROM client_messages m JOIN users u ON u.id = m.author_id JOIN clients c ON c.id = m.client_id`;

/** A client's message thread, oldest first (the last 200). */
export async function thread(db: Queryable, scope: PortalScope) {
  const rows = await db.all<StoredMessage>(
    `SELECT * FROM (${MESSAGE_SELECT} WHERE m.organization_id = ? AND m.client_id = ? ORDER BY m.seq DESC LIMIT 200) AS latest
      ORDER BY seq`,
    [scope.organizationId, scope.clientId],
  );
  return rows.map(({ seq: _seq, ...r }): MessageRow => ({
    ...r,
    from_client: r.from_client === 1,
  }));
}

/** The newest messages of every client of an organisation. */
export async function recentMessages(db: Queryable, organizationId: string) {
  const rows = await db.all<StoredMessage>(
    `${MESSAGE_SELECT} WHERE m.organization_id = ? ORDER BY m.seq DESC LIMIT 200`,
    [organizationId],
  );
  return rows.map(({ seq: _seq, ...r }): MessageRow => ({
    ...r,
    from_client: r.from_client === 1,
  }));
}

/** Adds a message after the organisation's latest (inside the caller's transaction) and returns it. */
export async function addMessage(
  tx: Queryable,
  m: {
    id: string;
    scope: PortalScope;
    authorId: string;
    fromClient: boolean;
    body: string;
    now: string;
  },
) {
  // Each message takes a place of its own in the thread without waiting for other
  // senders (a unique index on (organization_id, seq) guards it).
  const place = nextPlace(tx.dialect, MESSAGE_PLACES, m.scope.organizationId);
  await tx.run(
    `INSERT INTO client_messages (id, organization_id, client_id, author_id, from_client, body, seq, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ${place.sql}, ?)`,
    [
      m.id,
      m.scope.organizationId,
      m.scope.clientId,
      m.authorId,
      m.fromClient ? 1 : 0,
      m.body,
      ...place.params,
      m.now,
    ],
  );
  const row = await tx.get<StoredMessage>(`${MESSAGE_SELECT} WHERE m.id = ?`, [m.id]);
  const { seq: _seq, ...message } = row!;
  return { ...message, from_client: message.from_client === 1 };
}

/** What the portal's frame names: the client, and how the firm is reached. */
export async function portalFrame(db: Queryable, organizationId: string, clientId: string | null) {
  const client = clientId
    ? await db.get<{ id: string; name: string }>(
      "SELECT id, name FROM clients WHERE id = ? AND organization_id = ?",
      [clientId, organizationId],
    )
    : undefined;
  const firm = await db.get<{ email: string; website: string }>(
    "SELECT email, website FROM organizations WHERE id = ?",
    [organizationId],
  );
  return {
    client: client ?? null,
    firm: { email: firm?.email ?? "", website: firm?.website ?? "" },
  };
}

/** True when the client belongs to the organisation. */
export async function clientExists(
  db: Queryable,
  organizationId: string,
  clientId: string,
): Promise<boolean> {
  return !!(await db.get("SELECT 1 AS x FROM clients WHERE id = ? AND organization_id = ?", [
    clientId,
    organizationId,
  ]));
}

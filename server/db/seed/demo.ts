/**
 * The deterministic demo seed. Its shared base: two organisations, their people,
 * roles, modules and type masters, clients, projects with their teams, tasks,
 * notifications, leads, assignments, templates and audit entries, drawn from one
 * fixed random stream in this order. Then each area's own steps (`seed` in its
 * manifest, seed-steps.ts), each with its own stream, after what it reads. The
 * same records every time; dates are laid out relative to the day the seed runs so
 * that "overdue" and "this month" mean something. Everything is written in one
 * transaction.
 */
import type { Database, Queryable } from "../database.ts";
import { createOrganization } from "../../platform/orgs/organization-bootstrap.ts";
import { hashPassword } from "../../platform/auth/password.ts";
import { recordAudit } from "../../platform/audit/record.ts";
import { newId } from "../../platform/ids.ts";
import { SeededRandom } from "./random.ts";
import {
  CLIENTS,
  DEMO_MEMBER,
  DEMO_PASSWORD,
  DRAWN_PEOPLE,
  ORG_ADMINS,
  ORGS,
  PROJECTS,
} from "./demo-people.ts";
import { seedLeads } from "./demo-leads.ts";
import { seedOrder } from "./seed-steps.ts";
import { areas } from "../../areas/mod.ts";

/** The fixed seed of the demo data. */
export const DEMO_SEED = 20261121;

const DAY = 86_400_000;

/** A stored hash that never verifies: people who cannot sign in. */
const NO_LOGIN = "disabled";

const TASK_VERBS = [
  "Design",
  "Build",
  "Review",
  "Test",
  "Document",
  "Migrate",
  "Configure",
  "Plan",
  "Analyse",
  "Deploy",
];
const TASK_OBJECTS = [
  "data model",
  "login flow",
  "reporting layer",
  "invoice export",
  "user training",
  "API gateway",
  "budget sheet",
  "dashboard",
  "access rights",
  "cut-over plan",
  "test suite",
  "stakeholder map",
];
const TAGS = ["backend", "frontend", "client", "research", "ops", "finance", "urgent"];
const NOTIFICATION_TEMPLATES: [string, string, string][] = [
  ["Task assigned to you", "You have a new task on {project}.", "task"],
  ["Task due tomorrow", "A task on {project} is due tomorrow.", "task"],
  ["Comment on your task", "Someone commented on a task in {project}.", "comment"],
  ["Project status changed", "{project} moved to a new phase.", "project"],
  ["New lead assigned", "A new lead was routed to you.", "lead"],
  ["Invoice paid", "An invoice for {project} was paid.", "finance"],
  ["Approval requested", "A budget for {project} needs your approval.", "approval"],
  ["Weekly summary ready", "Your weekly summary is ready to read.", "system"],
];

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Seeds the demo data into an empty, migrated database. */
export async function seedDemo(
  db: Database,
  options: { now: number; hash?: (password: string) => Promise<string> },
): Promise<void> {
  const hash = options.hash ?? ((password: string) => hashPassword(password));
  const demoHashes = new Map<string, string>();
  await Promise.all(
    [...DRAWN_PEOPLE, DEMO_MEMBER].filter((p) => p.login).map(async (p) =>
      demoHashes.set(p.id, await hash(DEMO_PASSWORD))
    ),
  );
  const random = new SeededRandom(DEMO_SEED);
  const today = Math.floor(options.now / DAY) * DAY;
  const created = iso(today - 200 * DAY);

  await db.transaction(async (tx) => {
    for (const org of Object.values(ORGS)) {
      await createOrganization(tx, org, { now: created, random: random.next });
    }
    for (const client of CLIENTS) {
      await tx.run(
        "INSERT INTO clients (id, organization_id, name, email, phone, industry, status, created_at, created_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?)",
        [
          client.id,
          ORGS[client.org].id,
          client.name,
          `contact@${client.name.split(" ")[0].toLowerCase()}.example`,
          `+1 555 01${random.int(10, 99)}`,
          client.industry,
          created,
          ORG_ADMINS[client.org],
          created,
        ],
      );
    }
    for (const person of DRAWN_PEOPLE) {
      await tx.run(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, is_client_portal_user, client_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          person.id,
          person.email,
          demoHashes.get(person.id) ?? NO_LOGIN,
          person.first,
          person.last,
          person.clientId ? 1 : 0,
          person.clientId ?? null,
          created,
          created,
        ],
      );
      for (const m of person.memberships) {
        await tx.run(
          "INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          [
            newId("uor", random.next),
            person.id,
            ORGS[m.org].id,
            m.role,
            m.current ? 1 : 0,
            created,
            created,
          ],
        );
      }
    }
    await seedProjects(tx, random, today);
    await seedNotifications(tx, random, today);
    await seedLeads(tx, random, today);
    await seedTemplates(tx, random, created);
    await seedAudit(tx, random, today);
    // What each area adds, after what it reads (seed-steps.ts).
    const seed = { today, passwordHash: demoHashes.get(DEMO_MEMBER.id)! };
    for (const step of seedOrder(areas().flatMap((area) => area.seed ?? []))) {
      await step.run(tx, seed);
    }
  });
}

function staffOf(org: keyof typeof ORGS): string[] {
  return DRAWN_PEOPLE.filter((p) =>
    !p.clientId && p.memberships.some((m) => m.org === org && m.current)
  )
    .map((p) => p.id);
}

async function seedProjects(tx: Queryable, random: SeededRandom, today: number): Promise<void> {
  for (const project of PROJECTS) {
    const start = today + project.startOffset * DAY;
    const end = start + project.length * DAY;
    const team = staffOf(project.org).filter((id) => random.chance(0.7) || id === project.manager);
    const taskCount = random.int(14, 28);
    await tx.run(
      `INSERT INTO projects (id, organization_id, client_id, name, description, status, project_type, start_date, end_date,
         project_manager_id, budget, estimated_hours, priority, tags, custom_fields, progress_percentage, approval_status, created_at, created_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'not_submitted', ?, ?, ?)`,
      [
        project.id,
        ORGS[project.org].id,
        project.client,
        project.name,
        `${project.name} for ${
          CLIENTS.find((c) => c.id === project.client)?.name ?? "Acme itself"
        }.`,
        project.status,
        project.type,
        isoDay(start),
        isoDay(end),
        project.manager,
        project.budget,
        taskCount * 16,
        random.int(1, 4),
        JSON.stringify([project.type]),
        "{}",
        iso(start - 7 * DAY),
        ORG_ADMINS[project.org],
        iso(today),
      ],
    );
    for (const [index, member] of team.entries()) {
      await tx.run(
        "INSERT INTO project_members (id, organization_id, project_id, idx, user_id, role, hourly_rate, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
          `${project.id}.${member}`,
          ORGS[project.org].id,
          project.id,
          index,
          member,
          member === project.manager
            ? "manager"
            : random.pick(["developer", "analyst", "consultant", "designer"]),
          random.int(60, 180),
          iso(start),
        ],
      );
    }
    const elapsed = Math.max(0, Math.min(1, (today - start) / (end - start)));
    let completedHours = 0, totalHours = 0;
    for (let i = 0; i < taskCount; i++) {
      const estimate = random.pick([2, 4, 6, 8, 12, 16, 24, 32]);
      const due = start +
        Math.round(((i + 1) / taskCount) * (end - start) + random.int(-5, 5) * DAY);
      const doneChance = project.status === "completed"
        ? 1
        : project.status === "planning"
        ? 0
        : elapsed * 0.95;
      const status = random.chance(doneChance)
        ? "completed"
        : due < today && random.chance(0.5)
        ? random.pick(["in_progress", "todo", "blocked"])
        : random.pick(["todo", "todo", "in_progress", "review"]);
      const startedAt = status === "todo" ? null : Math.min(
        today,
        start + random.int(0, Math.max(1, Math.floor((today - start) / DAY))) * DAY,
      );
      const completedAt = status === "completed" && startedAt !== null
        ? Math.min(today - DAY, startedAt + random.int(1, 10) * DAY)
        : null;
      const actual = status === "completed"
        ? Math.round(estimate * (0.7 + random.next() * 0.7))
        : status === "todo"
        ? 0
        : Math.round(estimate * random.next() * 0.8);
      const taskId = `tsk_${project.id.slice(4)}_${String(i + 1).padStart(3, "0")}`;
      totalHours += estimate;
      if (status === "completed") completedHours += estimate;
      await tx.run(
        `INSERT INTO tasks (id, organization_id, name, project_id, title, description, status, priority, assignee_id, estimated_hours,
           actual_hours, story_points, progress_percentage, due_date, started_at, completed_at, tags, is_milestone,
           is_billable, custom_fields, created_at, created_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?)`,
        [
          taskId,
          ORGS[project.org].id,
          // Numbered TSK-<year>-<n> once every task's creation date is final (numberTasks).
          taskId,
          project.id,
          `${random.pick(TASK_VERBS)} ${random.pick(TASK_OBJECTS)}`,
          "",
          status,
          random.pick([1, 2, 2, 2, 3, 3, 4]),
          random.chance(0.9) ? random.pick(team) : null,
          estimate,
          actual,
          random.pick([1, 2, 3, 5, 8]),
          status === "completed" ? 100 : status === "todo" ? 0 : random.int(10, 90),
          isoDay(due),
          startedAt === null ? null : iso(startedAt),
          completedAt === null ? null : iso(completedAt),
          random.pick(TAGS),
          i % 7 === 6 ? 1 : 0,
          random.chance(0.8) ? 1 : 0,
          iso(start - DAY),
          project.manager,
          iso(completedAt ?? startedAt ?? start),
        ],
      );
    }
    await tx.run("UPDATE projects SET progress_percentage = ? WHERE id = ?", [
      totalHours ? Math.round((completedHours / totalHours) * 1000) / 10 : 0,
      project.id,
    ]);
  }
}

async function seedNotifications(
  tx: Queryable,
  random: SeededRandom,
  today: number,
): Promise<void> {
  for (const person of DRAWN_PEOPLE.filter((p) => p.login && !p.clientId)) {
    for (const membership of person.memberships) {
      const projects = PROJECTS.filter((p) => p.org === membership.org);
      for (let i = 0; i < 8; i++) {
        const [title, message, category] = random.pick(NOTIFICATION_TEMPLATES);
        await tx.run(
          "INSERT INTO notifications (id, organization_id, user_id, title, message, category, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          [
            newId("ntf", random.next),
            ORGS[membership.org].id,
            person.id,
            title,
            message.replace("{project}", random.pick(projects).name),
            category,
            i < 3 ? 0 : random.chance(0.6) ? 1 : 0,
            iso(today - random.int(0, 20) * DAY - random.int(0, 86_000) * 1000),
          ],
        );
      }
    }
  }
}

async function seedTemplates(tx: Queryable, random: SeededRandom, created: string): Promise<void> {
  const templates: [string, string, string][] = [
    ["Software", "Web application", "Discovery, build, test and launch of a web application."],
    ["Software", "Data migration", "Move data from a legacy system with validation and cut-over."],
    ["Consulting", "Operations review", "Interviews, process maps and recommendations."],
    ["Consulting", "Due diligence", "Financial and operational due diligence checklist."],
    ["Marketing", "Brand refresh", "Research, identity, guidelines and rollout."],
    ["Internal", "Onboarding", "Everything a new colleague needs in the first month."],
  ];
  for (const [key, org] of Object.entries(ORGS) as [keyof typeof ORGS, typeof ORGS.acme][]) {
    for (const [category, name, description] of templates) {
      await tx.run(
        "INSERT INTO project_templates (id, organization_id, name, category, description, task_count, created_at, created_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
          newId("tpl", random.next),
          org.id,
          name,
          category,
          description,
          random.int(8, 30),
          created,
          ORG_ADMINS[key],
          created,
        ],
      );
    }
  }
}

async function seedAudit(tx: Queryable, random: SeededRandom, today: number): Promise<void> {
  const entries: [keyof typeof ORGS, string, string, string, string][] = [
    ["acme", "usr_acme_admin", "user.invite", "user", "usr_acme_pm"],
    ["acme", "usr_acme_admin", "role.grant", "role", "sales"],
    ["acme", "usr_acme_pm", "project.update", "project", "prj_northwind_erp"],
    ["acme", "usr_acme_sales", "lead.assign", "lead", "led_acme_001"],
    ["acme", "usr_acme_finance", "invoice.send", "invoice", "inv_0001"],
    ["acme", "usr_acme_admin", "module.enable", "module", "leads"],
    ["acme", "usr_acme_pm", "task.complete", "task", "tsk_northwind_erp_001"],
    ["globex", "usr_globex_admin", "user.invite", "user", "usr_globex_ravi"],
    ["globex", "usr_globex_admin", "project.create", "project", "prj_initech_audit"],
  ];
  for (const [index, [org, actor, action, type, resource]] of entries.entries()) {
    await recordAudit(tx, {
      organizationId: ORGS[org].id,
      actorId: actor,
      action,
      resourceType: type,
      resourceId: resource,
      after: { seeded: true },
      now: iso(today - (entries.length - index) * DAY + random.int(0, 40_000) * 1000),
    });
  }
}

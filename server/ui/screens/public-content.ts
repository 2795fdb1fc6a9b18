/**
 * The public marketing and information pages as descriptors: landing, about,
 * pricing, features, security, integrations, help, docs and the blog. A feature
 * card names the screens that deliver it (`PUBLIC_CLAIMS`), so a test can hold every
 * claim to a working screen, never a module's placeholder.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { head, type ScreenDef } from "./screen-def.ts";

type Block = Extract<Node, { type: "rich-text" }>["blocks"][number];

const p = (text: string): Block => ({ kind: "paragraph", spans: [{ text }] });
const h = (text: string): Block => ({ kind: "heading", text, level: 2 });
const ul = (...items: string[]): Block => ({
  kind: "list",
  items: items.map((text) => [{ text }]),
});

const CALL_TO_ACTION: Node = {
  type: "stack",
  direction: "row",
  gap: "medium",
  children: [
    {
      type: "button",
      label: "Start free",
      action: { kind: "navigate", to: "/register" },
      variant: "primary",
    },
    {
      type: "button",
      label: "Sign in",
      action: { kind: "navigate", to: "/login" },
      variant: "secondary",
    },
    {
      type: "button",
      label: "Schedule a demo",
      action: { kind: "navigate", to: "/schedule-demo" },
      variant: "ghost",
    },
  ],
};

/** A feature a public page claims and the screens (ids) that deliver it. */
export interface PublicClaim {
  page: string;
  title: string;
  screens: readonly string[];
}

/** Every feature card of the public pages, with the modules that back it. */
export const PUBLIC_CLAIMS: PublicClaim[] = [];

/**
 * A feature card on public page `page`, backed by `screens` (screen ids); one that
 * is not a screen of the product (the API, the keyboard) names none.
 */
function feature(page: string, screens: readonly string[], title: string, text: string): Node {
  PUBLIC_CLAIMS.push({ page, title, screens });
  return { type: "card", title, children: [{ type: "text", text }] };
}

function page(id: string, title: string, children: Node[]): ScreenDef {
  return {
    id,
    audience: "public",
    build: () => ({ ...head(id, title, "static"), body: { type: "page", title, children } }),
  };
}

function article(slug: string, title: string, date: string, blocks: Block[]): ScreenDef {
  return page(`blog/${slug}`, title, [
    { type: "text", text: `Published ${date}`, variant: "muted" },
    { type: "rich-text", blocks },
    { type: "link", text: "← Back to the blog", to: "/blog" },
  ]);
}

const ARTICLES = [
  {
    slug: "advanced-analytics-dashboard",
    title: "Advanced Analytics Dashboard",
    date: "2026-09-14",
    summary: "Read project health, velocity and forecasts from one screen.",
    blocks: [
      p("Project analytics turn task history into answers: are we on schedule, how fast are we going, and when will we finish?"),
      h("Progress you can trust"),
      p("Progress is weighted by estimated hours, so a finished two-hour task does not count as much as a finished forty-hour one."),
      h("Forecasts, not guesses"),
      p("The forecast replays your team's real daily throughput thousands of times and reports the share of runs that finish before the deadline."),
      ul(
        "Velocity per sprint with a trend",
        "Burndown against the ideal line",
        "Health score with its risk indicators",
      ),
    ],
  },
  {
    slug: "financial-planning-tips",
    title: "Financial Planning Tips",
    date: "2026-08-02",
    summary: "Five habits that keep a services firm's cash flow healthy.",
    blocks: [
      p("Most firms do not fail for lack of work but for lack of cash. These habits help."),
      ul(
        "Invoice the day work is accepted, not at month end",
        "Track budget against actuals weekly",
        "Keep three months of payroll in reserve",
        "Review unbilled hours every Friday",
        "Price retainers on value, not hours",
      ),
    ],
  },
  {
    slug: "automated-invoicing",
    title: "Automated Invoicing",
    date: "2026-07-10",
    summary: "Let billable hours become invoices without copy and paste.",
    blocks: [
      p("Billable time logged on tasks can flow into invoices automatically, with the client's rates and terms."),
      h("How it works"),
      ul(
        "Mark tasks billable",
        "Log time as you work",
        "Approve the draft invoice",
        "Send and track payment",
      ),
    ],
  },
  {
    slug: "understanding-tax-compliance",
    title: "Understanding Tax Compliance",
    date: "2026-06-21",
    summary: "The compliance calendar every firm should keep.",
    blocks: [
      p("Tax compliance is a calendar problem: know what is due, when, and who prepares it."),
      ul(
        "Quarterly estimated payments",
        "Payroll filings",
        "Sales tax on services where it applies",
        "Year-end statements",
      ),
      p("Opsuite's compliance screen lists each item with its due date and owner."),
    ],
  },
];

/** The public content pages. */
export const PUBLIC_CONTENT_SCREENS: ScreenDef[] = [
  page("landing", "Run your whole firm in one place", [
    {
      type: "section",
      title: "Clients, projects, sales and finance — one product.",
      description:
        "Opsuite is the operating system for professional-services firms. Every screen adapts live to your organisation's modules and permissions.",
      children: [CALL_TO_ACTION],
    },
    {
      type: "grid",
      columns: 3,
      children: [
        feature(
          "landing",
          ["projects", "tasks", "progress-analytics"],
          "Projects and tasks",
          "Plan work, track progress and see forecasts computed from real task history.",
        ),
        feature(
          "landing",
          ["leads", "lead-sources", "lead-conversion"],
          "Sales pipeline",
          "Leads with their source, stage and value, and conversion analytics.",
        ),
        feature(
          "landing",
          ["invoices", "expenses", "budget", "compliance"],
          "Finance",
          "Invoices, payments, expenses, budgets and tax compliance in one ledger.",
        ),
        feature(
          "landing",
          ["clients", "documents"],
          "Clients and documents",
          "Every client with their projects, invoices and shared documents.",
        ),
        feature(
          "landing",
          ["workflow-management", "notifications"],
          "Approvals",
          "Submitted projects, expense claims and budgets wait for the approvers your workflows name.",
        ),
        feature(
          "landing",
          ["client-portal/dashboard", "client-portal/messages"],
          "Client portal",
          "Your clients follow their projects' progress and milestones and message your team.",
        ),
      ],
    },
  ]),
  page("about", "About Opsuite", [
    {
      type: "rich-text",
      blocks: [
        p("We build Opsuite for firms that sell expertise: consultancies, agencies and practices."),
        p("Administrators switch modules and permissions on the server and every open browser follows within a second — no redeploys, no reloads."),
      ],
    },
  ]),
  page("pricing", "Pricing", [
    {
      type: "grid",
      columns: 3,
      children: [
        {
          type: "card",
          title: "Starter",
          subtitle: "$19 per user / month",
          children: [{ type: "text", text: "Core, tasks and clients for small teams." }],
        },
        {
          type: "card",
          title: "Pro",
          subtitle: "$39 per user / month",
          children: [{ type: "text", text: "Every module, analytics and the client portal." }, {
            type: "badge",
            text: "Most popular",
            tone: "info",
          }],
        },
        {
          type: "card",
          title: "Enterprise",
          subtitle: "Talk to us",
          children: [{ type: "text", text: "PostgreSQL, onboarding and dedicated support." }],
        },
      ],
    },
    CALL_TO_ACTION,
  ]),
  page("features", "Features", [
    {
      type: "grid",
      columns: 2,
      children: [
        feature(
          "features",
          ["settings"],
          "Server-driven screens",
          "Menus, routes and screens come from the server: change permissions and every browser follows.",
        ),
        feature(
          "features",
          ["project-progress-analytics", "analytics-dashboard", "forecasting"],
          "Project analytics",
          "Progress, velocity, burndown, health, Monte Carlo forecasts and team performance.",
        ),
        feature(
          "features",
          ["audit"],
          "Audit everything",
          "Every change records who, what, before, after and when.",
        ),
        feature(
          "features",
          [],
          "Keyboard first",
          "Press Ctrl+K to find any screen, record or action; every control is reachable by keyboard.",
        ),
      ],
    },
  ]),
  page("security", "Security", [
    {
      type: "rich-text",
      blocks: [
        h("How we protect your data"),
        ul(
          "Passwords hashed with PBKDF2-HMAC-SHA256 at 600,000 iterations and a random salt",
          "Short-lived access tokens (15 minutes) and rotating refresh tokens stored hashed",
          "Sign-in attempts limited per account and per address",
          "Strict tenant isolation: another organisation's records answer 404",
          "A strict Content-Security-Policy on every page",
        ),
      ],
    },
  ]),
  page("integrations", "Integrations", [
    {
      type: "grid",
      columns: 3,
      children: [
        feature(
          "integrations",
          ["settings"],
          "Email",
          "Invitations, password resets and approval requests go out through your mail server.",
        ),
        feature(
          "integrations",
          ["calendar"],
          "Calendar",
          "Task due dates and milestones on a calendar.",
        ),
        feature(
          "integrations",
          [],
          "REST API",
          "Everything the product does, documented in OpenAPI 3.1.",
        ),
      ],
    },
    { type: "link", text: "Read the API reference", to: "/api" },
  ]),
  page("help", "Help Center", [
    {
      type: "rich-text",
      blocks: [
        h("Getting started"),
        ul(
          "Sign in with your work email",
          "Pick your organisation from the header",
          "Press Ctrl+K to find any screen, record or action",
        ),
        h("Need a person?"),
        p("Write to support@opsuite.example or use the contact form."),
      ],
    },
    { type: "link", text: "Contact us", to: "/contact" },
  ]),
  page("docs", "Documentation", [
    {
      type: "rich-text",
      blocks: [
        h("Concepts"),
        ul(
          "Organisations: every record belongs to one",
          "Roles grant read permissions; each module has one",
          "Modules can be switched on and off per organisation",
        ),
        h("For developers"),
        p("The API is described by an OpenAPI 3.1 document at /api/openapi.json."),
      ],
    },
    { type: "link", text: "Browse the API reference", to: "/api" },
  ]),
  page("blog", "Blog", [
    {
      type: "list",
      items: ARTICLES.map((a) => ({
        title: a.title,
        summary: a.summary,
        date: a.date,
        to: `/blog/${a.slug}`,
      })),
      title: { $field: "title" },
      subtitle: { $field: "summary" },
      meta: { $field: "date", format: "date" },
      action: { kind: "navigate", to: "{to}" },
      emptyText: "No articles yet",
    },
  ]),
  ...ARTICLES.map((a) => article(a.slug, a.title, a.date, a.blocks)),
];

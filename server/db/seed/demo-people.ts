/** The demo organisations, people and clients (issue 2: the six demo accounts). */

/** The password of every demo account. */
export const DEMO_PASSWORD = "demo-password";

export const ORGS = {
  acme: {
    id: "org_acme",
    name: "Acme Consulting",
    industry: "Consulting",
    size: "51-200",
    website: "https://acme.example",
    email: "hello@acme.example",
    description: "Management and technology consultants.",
  },
  globex: {
    id: "org_globex",
    name: "Globex Partners",
    industry: "Finance",
    size: "11-50",
    website: "https://globex.example",
    email: "office@globex.example",
    description: "Corporate finance advisers.",
  },
} as const;

/** A seeded person: `login` people get the demo password, the rest cannot sign in. */
export interface DemoPerson {
  id: string;
  email: string;
  first: string;
  last: string;
  login: boolean;
  memberships: { org: keyof typeof ORGS; role: string; current?: boolean }[];
  clientId?: string;
}

export const CLIENTS: { id: string; org: keyof typeof ORGS; name: string; industry: string }[] = [
  { id: "cli_northwind", org: "acme", name: "Northwind Traders", industry: "Retail" },
  { id: "cli_contoso", org: "acme", name: "Contoso Ltd", industry: "Manufacturing" },
  { id: "cli_fabrikam", org: "acme", name: "Fabrikam Inc", industry: "Technology" },
  { id: "cli_tailspin", org: "acme", name: "Tailspin Toys", industry: "Consumer goods" },
  { id: "cli_wingtip", org: "acme", name: "Wingtip Ventures", industry: "Investment" },
  { id: "cli_litware", org: "acme", name: "Litware Labs", industry: "Software" },
  { id: "cli_initech", org: "globex", name: "Initech", industry: "Software" },
  { id: "cli_umbrella", org: "globex", name: "Umbrella Holdings", industry: "Pharma" },
  { id: "cli_hooli", org: "globex", name: "Hooli", industry: "Internet" },
];

/**
 * The people seeded with the demo's random draws (demo.ts: teams, task
 * assignees, notifications). The demo member joined later and is seeded apart
 * (areas/workspace/seed/demo-member.ts), so adding them changed none of these draws.
 */
export const DRAWN_PEOPLE: DemoPerson[] = [
  {
    id: "usr_acme_admin",
    email: "admin@acme.test",
    first: "Alice",
    last: "Morgan",
    login: true,
    memberships: [{ org: "acme", role: "firm_admin", current: true }, {
      org: "globex",
      role: "member",
    }],
  },
  {
    id: "usr_acme_pm",
    email: "pm@acme.test",
    first: "Peter",
    last: "Novak",
    login: true,
    memberships: [{ org: "acme", role: "project_manager", current: true }],
  },
  {
    id: "usr_acme_sales",
    email: "sales@acme.test",
    first: "Sara",
    last: "Lopez",
    login: true,
    memberships: [{ org: "acme", role: "sales", current: true }],
  },
  {
    id: "usr_acme_finance",
    email: "finance@acme.test",
    first: "Frank",
    last: "Chen",
    login: true,
    memberships: [{ org: "acme", role: "finance", current: true }],
  },
  {
    id: "usr_globex_admin",
    email: "admin@globex.test",
    first: "Greta",
    last: "Olsen",
    login: true,
    memberships: [{ org: "globex", role: "firm_admin", current: true }],
  },
  {
    id: "usr_northwind_client",
    email: "client@northwind.test",
    first: "Nina",
    last: "Walsh",
    login: true,
    memberships: [{ org: "acme", role: "client_portal", current: true }],
    clientId: "cli_northwind",
  },
  ...[
    ["maya", "Maya", "Patel"],
    ["tom", "Tom", "Becker"],
    ["lena", "Lena", "Fischer"],
    ["omar", "Omar", "Haddad"],
    ["julia", "Julia", "Santos"],
    ["ken", "Ken", "Ito"],
  ].map(([key, first, last]): DemoPerson => ({
    id: `usr_acme_${key}`,
    email: `${key}@acme.test`,
    first,
    last,
    login: false,
    memberships: [{ org: "acme", role: "member", current: true }],
  })),
  ...[["ravi", "Ravi", "Kumar"], ["ines", "Ines", "Moreau"]].map((
    [key, first, last],
  ): DemoPerson => ({
    id: `usr_globex_${key}`,
    email: `${key}@globex.test`,
    first,
    last,
    login: false,
    memberships: [{ org: "globex", role: "member", current: true }],
  })),
];

/**
 * The demo member (role `member` in Acme): works on Acme Internal Tooling, is
 * assigned some of its tasks and has an expense claim of their own, so the
 * own-record rules (members see only their own tasks and claims) can be tried by
 * signing in.
 */
export const DEMO_MEMBER: DemoPerson = {
  id: "usr_acme_member",
  email: "member@acme.test",
  first: "Sam",
  last: "Rivera",
  login: true,
  memberships: [{ org: "acme", role: "member", current: true }],
};

/** Every demo person. */
export const PEOPLE: DemoPerson[] = [...DRAWN_PEOPLE, DEMO_MEMBER];

export const PROJECTS: {
  id: string;
  org: keyof typeof ORGS;
  client: string | null;
  name: string;
  status: string;
  type: string;
  startOffset: number;
  length: number;
  manager: string;
  budget: number;
}[] = [
  {
    id: "prj_northwind_erp",
    org: "acme",
    client: "cli_northwind",
    name: "Northwind ERP Rollout",
    status: "active",
    type: "software_development",
    startOffset: -60,
    length: 120,
    manager: "usr_acme_pm",
    budget: 250000,
  },
  {
    id: "prj_northwind_bi",
    org: "acme",
    client: "cli_northwind",
    name: "Northwind BI Dashboards",
    status: "active",
    type: "analytics",
    startOffset: -20,
    length: 70,
    manager: "usr_acme_pm",
    budget: 80000,
  },
  {
    id: "prj_contoso_ops",
    org: "acme",
    client: "cli_contoso",
    name: "Contoso Operations Review",
    status: "active",
    type: "consulting",
    startOffset: -45,
    length: 90,
    manager: "usr_acme_pm",
    budget: 120000,
  },
  {
    id: "prj_fabrikam_cloud",
    org: "acme",
    client: "cli_fabrikam",
    name: "Fabrikam Cloud Migration",
    status: "active",
    type: "software_development",
    startOffset: -90,
    length: 150,
    manager: "usr_acme_admin",
    budget: 340000,
  },
  {
    id: "prj_tailspin_brand",
    org: "acme",
    client: "cli_tailspin",
    name: "Tailspin Brand Refresh",
    status: "completed",
    type: "marketing",
    startOffset: -160,
    length: 90,
    manager: "usr_acme_pm",
    budget: 60000,
  },
  {
    id: "prj_wingtip_dd",
    org: "acme",
    client: "cli_wingtip",
    name: "Wingtip Due Diligence",
    status: "on_hold",
    type: "consulting",
    startOffset: -30,
    length: 60,
    manager: "usr_acme_admin",
    budget: 45000,
  },
  {
    id: "prj_litware_api",
    org: "acme",
    client: "cli_litware",
    name: "Litware API Platform",
    status: "planning",
    type: "software_development",
    startOffset: 10,
    length: 100,
    manager: "usr_acme_pm",
    budget: 180000,
  },
  {
    id: "prj_acme_internal",
    org: "acme",
    client: null,
    name: "Acme Internal Tooling",
    status: "active",
    type: "internal",
    startOffset: -30,
    length: 90,
    manager: "usr_acme_admin",
    budget: 30000,
  },
  {
    id: "prj_initech_audit",
    org: "globex",
    client: "cli_initech",
    name: "Initech Financial Audit",
    status: "active",
    type: "consulting",
    startOffset: -25,
    length: 60,
    manager: "usr_globex_admin",
    budget: 90000,
  },
  {
    id: "prj_umbrella_ma",
    org: "globex",
    client: "cli_umbrella",
    name: "Umbrella M&A Advisory",
    status: "active",
    type: "consulting",
    startOffset: -50,
    length: 120,
    manager: "usr_globex_admin",
    budget: 400000,
  },
  {
    id: "prj_hooli_valuation",
    org: "globex",
    client: "cli_hooli",
    name: "Hooli Valuation",
    status: "planning",
    type: "consulting",
    startOffset: 5,
    length: 45,
    manager: "usr_globex_admin",
    budget: 70000,
  },
];

/** Who creates an organisation's seeded records. */
export const ORG_ADMINS: Record<keyof typeof ORGS, string> = {
  acme: "usr_acme_admin",
  globex: "usr_globex_admin",
};

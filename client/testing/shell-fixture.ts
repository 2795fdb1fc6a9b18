/** A shell descriptor for shell tests, shaped like the server's. */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";

const item = (id: string, name: string) => ({
  id,
  name,
  path: `/app/${id}`,
  icon: "square-check-big",
  description: name,
});

/** A staff shell with a few categories. */
export function shellFixture(overrides: Partial<ShellDescriptor> = {}): ShellDescriptor {
  return {
    schemaVersion: 1,
    audience: "staff",
    organization: { id: "org-1", name: "Acme Corp" },
    noOrganizationText: "No organization",
    sidebar: {
      badge: "Pro Plan Active",
      searchPlaceholder: "Search modules…",
      noResultsText: "No modules match",
      search: { exact: 100, prefix: 80, word: 60, substring: 40, substringMinLength: 5 },
      recentShown: 5,
      recentKept: 10,
      categories: [
        {
          name: "Core",
          priority: 1,
          items: [
            item("dashboard", "Dashboard"),
            item("tasks", "Tasks"),
            item("my-tasks", "My Tasks"),
          ],
        },
        {
          name: "Sales",
          priority: 1,
          items: [
            item("leads", "Leads"),
            item("lead-scoring", "Lead Scoring"),
            item("sales-dashboard", "Sales Dashboard"),
            item("task-status-management", "Task Status Management"),
          ],
        },
        {
          name: "Finance",
          priority: 1,
          items: [item("invoices", "Invoices"), item("budget", "Budget")],
        },
      ],
    },
    header: {
      userMenu: [
        { id: "profile", label: "My Profile", action: { kind: "navigate", to: "/app/profile" } },
        { id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } },
      ],
      notifications: {
        label: "Notifications",
        viewAllText: "View all notifications",
        viewAllTo: "/app/notifications",
        sources: ["/notifications/", "/notifications"],
        markReadPath: "/notifications/mark-read",
        failedText: "Failed to load notifications",
        signedOutText: "Please log in",
        emptyText: "You're all caught up",
      },
      calendar: {
        label: "Calendar",
        viewFullText: "View Full Calendar",
        viewFullTo: "/app/calendar",
        source: "/calendar/events",
        emptyText: "Nothing due",
        kindLabels: { task: "Task", milestone: "Milestone", project_end: "Project end" },
      },
      help: { label: "Help", to: "/app/production-documentation" },
      organizationSource: "/organizations/current",
    },
    footer: {
      copyright: "© 2025 Opsuite. All rights reserved.",
      website: { label: "opsuite.example", href: "https://opsuite.example" },
      support: { label: "support@opsuite.example", href: "mailto:support@opsuite.example" },
      version: "v1.0.0",
    },
    chatbot: {
      title: "Help Assistant",
      greeting: "Hi! How can I help?",
      placeholder: "Type your question…",
      replies: [
        {
          keywords: ["user", "users"],
          reply: "User management needs administrator privileges.",
          category: "users",
          suggestions: ["How do I add a user?"],
        },
        { keywords: ["invoice"], reply: "Invoices live under Finance.", category: "finance" },
      ],
      fallbackReply: "I'm not sure about that yet.",
      delayMs: { min: 800, max: 2300 },
      historySize: 20,
      feedbackPath: "/ui/chat-feedback",
    },
    session: {
      idleTimeoutMs: 60 * 60_000,
      warningMs: 5 * 60_000,
      refreshIntervalMs: 4 * 60_000,
      warningTitle: "Are you still there?",
      warningText: "You will be signed out soon because of inactivity.",
      stayText: "Stay Logged In",
      logoutText: "Logout Now",
      idleSignedOutText: "You were signed out after 30 minutes without activity.",
    },
    cache: { staticMinutes: 60, semiStaticMinutes: 15, dynamicMinutes: 5 },
    toasts: { max: 5, position: "top-right" },
    errors: {
      renderTitle: "Something went wrong",
      tryAgain: "Try Again",
      reportPath: "/ui/errors",
    },
    events: { path: "/ui/events" },
    ...overrides,
  };
}

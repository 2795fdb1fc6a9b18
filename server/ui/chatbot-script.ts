/**
 * The help chatbot's script: scripted replies chosen by keyword. The client waits
 * 0.8 to 2.3 seconds before showing a reply (spec §4) and keeps 20 inputs.
 */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";

type Chatbot = ShellDescriptor["chatbot"];

/** The script every staff shell carries. */
export const CHATBOT_SCRIPT: Chatbot = {
  title: "Help Assistant",
  greeting:
    "Hi! I'm the help assistant. Ask me about tasks, projects, leads, invoices or your account.",
  placeholder: "Type your question…",
  replies: [
    {
      keywords: ["user", "users", "invite", "member", "permission", "role"],
      category: "administration",
      reply:
        "User management needs administrator privileges. A firm administrator can invite people and change roles under Administration → Users.",
      suggestions: ["How do roles work?", "Where is the audit log?"],
    },
    {
      keywords: ["task", "tasks", "assign", "due"],
      category: "tasks",
      reply:
        "Open Core → Tasks to see every task, or My Tasks for yours. Tasks show their project, assignee ('Unassigned' when nobody has it) and due date.",
      suggestions: ["Show my tasks", "What is overdue?"],
    },
    {
      keywords: ["project", "projects", "progress", "analytics", "burndown", "velocity"],
      category: "projects",
      reply:
        "Projects live under Operations. Project Progress Analytics lets you pick a project and see progress, velocity, burndown, health, forecast and team performance.",
    },
    {
      keywords: ["lead", "leads", "sales", "pipeline", "proposal"],
      category: "sales",
      reply:
        "Leads and proposals are under Sales. Use Leads to filter by stage and source, and Proposals to send offers.",
    },
    {
      keywords: ["invoice", "invoices", "expense", "budget", "finance", "tax"],
      category: "finance",
      reply:
        "Invoices, expenses, budgets and tax are in the Finance area, if your role includes it.",
    },
    {
      keywords: ["password", "login", "logout", "sign", "session", "timeout"],
      category: "account",
      reply:
        "You are signed out automatically after a period without activity; a warning appears first and 'Stay Logged In' keeps you in. Sign out from the user menu at the top right.",
    },
    {
      keywords: ["theme", "dark", "light"],
      category: "appearance",
      reply:
        "Use the theme button in the header to switch between light and dark. Your choice is remembered.",
    },
  ],
  fallbackReply:
    "I'm not sure about that one. Try asking about tasks, projects, leads, invoices or your account — or open Help & Documentation.",
  delayMs: { min: 800, max: 2300 },
  historySize: 20,
  feedbackPath: "/ui/chat-feedback",
};

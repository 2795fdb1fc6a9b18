/** The catalogue modules of the legal area, in sidebar order within each category. */
import type { ModuleRow } from "../../platform/catalogue/module-definitions.ts";

export const LEGAL_MODULES: readonly ModuleRow[] = [
  {
    id: "contracts",
    name: "Contracts",
    category: "Legal",
    icon: "file-text",
    description: "Contracts with clients and suppliers.",
  },
  {
    id: "legal-dashboard",
    name: "Legal Dashboard",
    category: "Legal",
    icon: "shield",
    description: "Obligations and contracts falling due, and what is overdue.",
    lazy: true,
  },
  {
    id: "contract-templates",
    name: "Contract Templates",
    category: "Legal",
    icon: "copy",
    description: "Reusable contract templates.",
  },
  {
    id: "contract-clauses",
    name: "Contract Clauses",
    category: "Legal",
    icon: "list",
    description: "A library of approved clauses.",
  },
  {
    id: "contract-approvals",
    name: "Contract Approvals",
    category: "Legal",
    icon: "check",
    description: "Contracts waiting for approval.",
  },
  {
    id: "legal-documents",
    name: "Legal Documents",
    category: "Legal",
    icon: "archive",
    description: "Signed and draft legal documents.",
  },
  {
    id: "email-integration",
    name: "Email Integration",
    category: "Legal",
    icon: "mail",
    description: "Connect mailboxes to contracts.",
  },
];

/** What people read for a role name: never the stored identifier itself. */

const LABELS: Record<string, string> = {
  firm_admin: "Administrator",
  project_manager: "Project manager",
  sales: "Sales",
  finance: "Finance",
  member: "Member",
  client_portal: "Client portal",
};

/** The label of a role: the default roles' own, else the name in words. */
export function roleLabel(role: string): string {
  if (LABELS[role]) return LABELS[role];
  const words = role.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

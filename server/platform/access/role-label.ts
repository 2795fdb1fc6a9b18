/**
 * What people read for an organisation role: never the stored identifier itself.
 * The one list of these labels: the descriptors' value labels take theirs from here.
 */

/** The default roles' labels. */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  firm_admin: "Firm administrator",
  project_manager: "Project manager",
  sales: "Sales",
  finance: "Finance",
  member: "Member",
  client_portal: "Client portal user",
};

/** The label of a role: the default roles' own, else the name in words. */
export function roleLabel(role: string): string {
  if (ROLE_LABELS[role]) return ROLE_LABELS[role];
  const words = role.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

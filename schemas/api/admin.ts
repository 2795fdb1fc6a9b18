/** Payloads of the administration calls (firm_admin only). */
import { z } from "zod";
import { newPassword } from "./password-rules.ts";
import { nameText } from "./name-text.ts";

const id = z.string().min(1).max(100);
const version = z.number().int().positive();

export const ModuleToggleRequest = z.object({ module_id: id, enabled: z.boolean(), version })
  .strict();
export const ModuleState = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  readPermissionId: z.string(),
}).strict();
export const ModuleToggleResponse = z.object({
  module: ModuleState,
  catalogue_version: z.number().int(),
}).strict();

export const RoleRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  member_count: z.number().int(),
  permissions: z.array(z.string()),
  screens: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() }).strict()),
}).strict();
export const RolesListRequest = z.object({}).strict();
export const RolesListResponse = z.object({
  roles: z.array(RoleRecord),
  permissions: z.array(
    z.object({
      id: z.string(),
      module: z.string(),
      action: z.string(),
      name: z.string(),
      category: z.string(),
    }).strict(),
  ),
}).strict();
export const RoleCreateRequest = z.object({
  name: z.string().trim().regex(
    /^[a-z][a-z0-9_]{1,39}$/,
    "Use 2–40 lower-case letters, digits or _",
  ),
  description: z.string().trim().max(300).optional(),
}).strict();
export const RolePermissionRequest = z.object({
  role: z.string().min(1).max(40),
  permission: z.string().max(120).regex(
    /^[a-z0-9_.]+\.[a-z0-9_]+$/,
    "Must be a permission such as leads.read or tasks.create",
  ),
  version,
}).strict();
export const RoleResponse = z.object({ role: RoleRecord, permission_version: z.number().int() })
  .strict();

/** One box of a role's permission matrix: a permission, whether the role holds it, and the role's version. */
export const RoleMatrixCell = z.object({
  permission: z.string(),
  action: z.string(),
  label: z.string(),
  title: z.string(),
  granted: z.boolean(),
  role: z.string(),
  version: z.number().int(),
}).strict();
export const RoleMatrixRequest = z.object({ role: z.string().min(1).max(40) }).strict();
/** A role's permissions as modules × actions: the standard actions' boxes, then the module's others. */
export const RoleMatrixResponse = z.object({
  role: z.string(),
  version: z.number().int(),
  modules: z.array(
    z.object({
      module: z.string(),
      name: z.string(),
      category: z.string(),
      read: RoleMatrixCell.optional(),
      create: RoleMatrixCell.optional(),
      update: RoleMatrixCell.optional(),
      comment: RoleMatrixCell.optional(),
      delete: RoleMatrixCell.optional(),
      export: RoleMatrixCell.optional(),
      import: RoleMatrixCell.optional(),
      others: z.array(RoleMatrixCell),
    }).strict(),
  ),
}).strict();

export const UserRoleRequest = z.object({ user_id: id, role: z.string().min(1).max(40) }).strict();
export const UserDeactivateRequest = z.object({ user_id: id }).strict();
export const UserInviteRequest = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(254),
  first_name: nameText({ min: 1, max: 100, required: "First name is required" }),
  last_name: nameText({ min: 1, max: 100, required: "Last name is required" }),
  role: z.string().min(1).max(40),
}).strict();
export const UserInviteResponse = z.object({
  user_id: z.string(),
  invitation_link: z.string(),
  expires_at: z.string(),
}).strict();
export const AcceptInvitationRequest = z.object({
  token: z.string().min(10).max(200),
  password: newPassword,
}).strict();
export const MemberResponse = z.object({
  user_id: z.string(),
  role: z.string(),
  is_active: z.boolean(),
}).strict();

/**
 * A web address people will open or load: http(s) only, so that `javascript:` and
 * `data:` URLs never reach a link or an image.
 */
function webAddress(message: string, max: number) {
  return z.string().trim().max(max).pipe(z.url({ protocol: /^https?$/, error: message }));
}

export const OrganizationUpdateRequest = z.object({
  version,
  name: nameText({ min: 2, max: 200, required: "Name is required" }),
  description: z.string().trim().max(2000).optional(),
  website: z.union([
    z.literal(""),
    webAddress("Enter a full http(s) URL such as https://example.com", 300),
  ]).optional(),
  industry: z.string().trim().max(100).optional(),
  size: z.enum(["", "1-10", "11-50", "51-200", "201-500", "500+"]).optional(),
  address: z.string().trim().max(500).optional(),
  phone: z.union([
    z.literal(""),
    z.string().trim().regex(/^[+0-9 ()-]{5,30}$/, "Enter a phone number"),
  ]).optional(),
  email: z.union([z.literal(""), z.string().trim().email("Enter a valid email address")])
    .optional(),
  logo_url: z.union([z.literal(""), webAddress("Enter a full http(s) URL of the logo", 500)])
    .optional(),
  is_active: z.boolean().optional(),
}).strict();

export const SessionPolicyRequest = z.object({
  version: z.number().int().nonnegative().describe("0 when the setting was never stored"),
  idle_timeout_minutes: z.number().int().min(1).max(24 * 60),
  warning_seconds: z.number().int().min(5).max(3600),
}).strict().refine((v) => v.warning_seconds < v.idle_timeout_minutes * 60, {
  message: "The warning must come before the time-out",
  path: ["warning_seconds"],
});
export const SessionPolicyReadRequest = z.object({}).strict();
export const SessionPolicyResponse = z.object({
  version: z.number().int(),
  idle_timeout_minutes: z.number().int(),
  warning_seconds: z.number().int(),
}).strict();

export const SettingResponse = z.object({
  key: z.string(),
  value: z.unknown(),
  version: z.number().int(),
}).strict();

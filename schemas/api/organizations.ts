/** Payloads of the organisation calls. */
import { z } from "zod";

/** The UserOrganization entity (spec §3). */
export const UserOrganization = z.object({
  id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  user_role: z.string(),
  is_current: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();
export type UserOrganization = z.infer<typeof UserOrganization>;

/** The Organization entity (spec §3). */
export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  industry: z.string(),
  size: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  logo_url: z.string(),
  is_active: z.boolean(),
}).strict();
export type Organization = z.infer<typeof Organization>;

export const MembershipsRequest = z.object({ user_id: z.string().min(1).max(64) }).strict();
export const MembershipsFallbackRequest = z.object({
  user_id: z.string().min(1).max(64).optional(),
})
  .strict();
export const MembershipsResponse = z.array(UserOrganization);

export const SwitchOrganizationRequest = z.object({ organization_id: z.string().min(1).max(64) })
  .strict();
export const SwitchOrganizationResponse = z.object({
  current: UserOrganization,
  memberships: z.array(UserOrganization),
}).strict();

export const CurrentOrganizationResponse = z.object({
  organization: Organization,
  version: z.number().int().describe("the record's version, for optimistic updates"),
}).strict();

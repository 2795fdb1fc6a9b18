/** Payloads of the client portal and of the staff side of client access. */
import { z } from "zod";
import { nameText } from "./name-text.ts";
import { TasksByStatus } from "./analytics.ts";

export const PortalEmpty = z.object({}).strict();

export const PortalProject = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  progress_percentage: z.number(),
  completed_tasks: z.number().int(),
  total_tasks: z.number().int(),
  next_milestone: z.string().nullable(),
  next_milestone_date: z.string().nullable(),
}).strict();
export const PortalProjectsResponse = z.object({ projects: z.array(PortalProject) }).strict();

export const PortalMilestone = z.object({
  id: z.string(),
  title: z.string(),
  due_date: z.string().nullable(),
  status: z.string(),
})
  .strict();
export const PortalMilestonesResponse = z.object({
  milestones: z.array(PortalMilestone.extend({ project_name: z.string() })),
})
  .strict();

export const PortalProgressResponse = z.object({
  project: PortalProject,
  /** Every status, counted as the staff analytics count them. */
  tasks_by_status: TasksByStatus,
  schedule_progress_percentage: z.number(),
  is_on_schedule: z.boolean(),
  milestones: z.array(PortalMilestone),
}).strict();

export const ClientMessage = z.object({
  id: z.string(),
  body: z.string(),
  from_client: z.boolean(),
  author_name: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  created_at: z.string(),
}).strict();
export const MessagesResponse = z.object({ messages: z.array(ClientMessage) }).strict();
export const SendMessageRequest = z.object({
  body: z.string().trim().min(1, "Write a message").max(4000, "Keep it under 4000 characters"),
}).strict();
export const StaffSendMessageRequest = SendMessageRequest.extend({
  client_id: z.string().min(1).max(64),
}).strict();
export const MessageResponse = z.object({ message: ClientMessage }).strict();

export const PortalProfileResponse = z.object({
  user: z.object({ id: z.string(), full_name: z.string(), email: z.string() }).strict(),
  client: z.object({ id: z.string(), name: z.string(), industry: z.string() }).strict(),
  organization: z.object({ name: z.string(), email: z.string(), website: z.string() }).strict(),
}).strict();

export const PortalInviteRequest = z.object({
  client_id: z.string().min(1).max(64),
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(254),
  first_name: nameText({ min: 1, max: 100, required: "First name is required" }),
  last_name: nameText({ min: 1, max: 100, required: "Last name is required" }),
}).strict();
export const PortalInviteResponse = z.object({
  user_id: z.string(),
  invitation_link: z.string(),
  expires_at: z.string(),
})
  .strict();
export const PortalRevokeRequest = z.object({
  client_id: z.string().min(1).max(64),
  user_id: z.string().min(1).max(64),
}).strict();
export const PortalUsersRequest = z.object({ client_id: z.string().min(1).max(64).optional() })
  .strict();
export const PortalUsersResponse = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      full_name: z.string(),
      email: z.string(),
      status: z.string(),
      client_id: z.string(),
      client_name: z.string(),
    }).strict(),
  ),
}).strict();

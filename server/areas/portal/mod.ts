/**
 * The client portal: a portal user's own projects, milestones, messages and
 * profile, every query confined to their client, and what the portal's frame
 * names (the client, and how the firm is reached).
 */
export { portalFrame } from "./repo.ts";
export { portalRoutes } from "./routes.ts";

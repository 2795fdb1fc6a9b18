/**
 * The route table descriptor. The client builds its router from it: which paths
 * exist, which screen each shows, who may open it, and where old paths redirect.
 */
import { z } from "zod";
import { SCHEMA_VERSION } from "./screen.ts";

/** Who a route is for. */
export const Audience = z.enum(["public", "guest", "portal", "staff"]);

/** One route. `path` uses react-router syntax (`:id`, `*`). */
export const RouteEntry = z.object({
  path: z.string().regex(/^\//, "must start with /"),
  screen: z.string().describe("screen id fetched from /ui/screens/{screen}"),
  audience: Audience,
  lazy: z.boolean().optional(),
  title: z.string(),
}).strict();
export type RouteEntry = z.input<typeof RouteEntry>;

/** A redirect. `to` may reuse params of `from`. */
export const Redirect = z.object({
  from: z.string().regex(/^\//, "must start with /"),
  to: z.string().regex(/^\//, "must start with /"),
}).strict();
export type Redirect = z.input<typeof Redirect>;

export const RoutesDescriptor = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  routes: z.array(RouteEntry),
  redirects: z.array(Redirect),
  signIn: z.string().describe("where unauthenticated visitors of staff routes go"),
  portalSignIn: z.string(),
  portalHome: z.string(),
  staffHome: z.string(),
  unknown: z.string().describe("where unknown paths go"),
  errorReportPath: z.string().regex(/^\//, "must start with /").optional().describe(
    "POST path for client error reports, usable before sign-in (the shell's errors.reportPath)",
  ),
}).strict();
export type RoutesDescriptor = z.input<typeof RoutesDescriptor>;

/**
 * The descriptor endpoints: `GET /ui/routes`, `GET /ui/shell` and
 * `GET /ui/screens/{id}` (route params as query parameters). Each descriptor is
 * validated against its schema when built, then served as cached bytes with an
 * ETag, so revalidation is a 304 and a repeat is a memory copy.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  AnyShellDescriptor,
  RoutesDescriptor,
  ScreenDescriptor,
  ScreenRefusal,
} from "../../schemas/descriptor/mod.ts";
import type { Database } from "../db/database.ts";
import { type Access, ADMIN_ROLE } from "../platform/access/access.ts";
import { notFound, unauthenticated } from "../platform/errors/app-error.ts";
import type { Authenticator } from "../platform/http/api.ts";
import type { AppEnv } from "../platform/http/app-env.ts";
import { validate } from "../platform/http/json-body.ts";
import { findModule } from "../platform/catalogue/module-definitions.ts";
import { denialOf } from "../platform/access/authorize.ts";
import { DescriptorCache, descriptorResponse } from "./descriptor-cache.ts";
import { buildRoutesDescriptor } from "./routes-descriptor.ts";
import { buildStaffShell } from "./shell-descriptor.ts";
import { buildPortalShell } from "./portal-shell.ts";
import { portalFrame } from "../areas/portal/mod.ts";
import { readSessionPolicy, type SessionPolicy } from "../platform/orgs/session-policy.ts";
import { roleLabel } from "../platform/access/role-label.ts";
import { screenRegistry } from "./screens/registry.ts";
import { refusal } from "./screens/access-denied.ts";
import { ADMIN_REQUIRED_TEXT } from "../platform/access/authorize.ts";
import type { ScreenDef } from "./screens/screen-def.ts";
import { readOrganizationLists, STARTING_LISTS } from "./organization-lists.ts";
import type { ScreenWidgets } from "./first-screen.ts";

/** What the descriptor endpoints need. */
export interface UiDeps {
  db: Database;
  clock: () => number;
  authenticate: Authenticator;
  sessionDefaults: SessionPolicy;
  cache: DescriptorCache;
  /** Where each screen's widget types are noted when it is built (for the first page's preloads). */
  screenWidgets?: ScreenWidgets;
}

const NO_PARAMS = z.object({}).strict();

function mustValidate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Cannot send ${what}: descriptor is invalid: ${result.error.message}`);
  }
  return result.data;
}

/** Why a caller may not open a staff screen, or null when they may. */
function staffRefusal(def: ScreenDef, access: Access, params: Record<string, string>) {
  if (access.user.is_client_portal_user) {
    return refusal("forbidden", "Client portal users cannot open staff screens.");
  }
  const module = findModule(def.module ?? params.id ?? "");
  if (!module) return refusal("not_found", "This page does not exist.");
  // The decision is authorize()'s, as for the sidebar and the API; the words follow
  // the spec: a non-administrator opening an administrator-only page is told so first.
  const denial = denialOf(access, module.id, "read");
  if (!denial) return null;
  if (module.adminOnly && access.role !== ADMIN_ROLE) {
    return refusal("forbidden", ADMIN_REQUIRED_TEXT);
  }
  if (denial.reason === "module_disabled") {
    return refusal(
      "module_disabled",
      `The ${module.name} module is turned off for your organization.`,
    );
  }
  return refusal(
    "forbidden",
    `You do not have permission to open ${module.name} (${module.readPermissionId}).`,
  );
}

/** The header switcher's list: the caller's active memberships, this session's marked. */
function shellOrganizations(access: Access) {
  return access.memberships.map((m) => ({
    id: m.organizationId,
    name: m.organizationName,
    roleLabel: roleLabel(m.role),
    current: m.organizationId === access.organizationId,
  }));
}

/**
 * The shell's cache key of an access, made once per access object and year: the
 * authenticator answers an unchanged caller with the same object from request to
 * request, and a new one whenever anything the key names changes.
 */
const shellKeys = new WeakMap<Access, { year: number; key: string }>();

/**
 * Keyed by what the shell shows: the caller's access, their switcher's list and,
 * for a portal user, their client (portal users of different clients never share one).
 */
function shellKey(access: Access, year: number): string {
  let known = shellKeys.get(access);
  if (known?.year !== year) {
    known = {
      year,
      key: `shell|${access.fingerprint}|${
        access.user.client_id ?? ""
      }|${year}|${access.membershipsKey}`,
    };
    shellKeys.set(access, known);
  }
  return known.key;
}

/** Mounts the descriptor endpoints on the app. */
export function uiRoutes(app: Hono<AppEnv>, deps: UiDeps): void {
  const routesBytes = deps.cache.get(
    "routes",
    () =>
      Promise.resolve({ value: mustValidate(RoutesDescriptor, buildRoutesDescriptor(), "routes") }),
  );

  app.get("/ui/routes", async (c) => descriptorResponse(c, await routesBytes));

  app.get("/ui/shell", async (c) => {
    // The shell takes no parameters: any sent is refused by name.
    if (c.req.url.includes("?")) validate(c.req.query(), NO_PARAMS, "query");
    const access = await deps.authenticate(c);
    if (!access) throw unauthenticated();
    const year = new Date(deps.clock()).getUTCFullYear();
    const key = shellKey(access, year);
    const entry = deps.cache.peek(key) ?? await deps.cache.get(key, async () => {
      const policy = await readSessionPolicy(deps.db, access.organizationId, deps.sessionDefaults);
      const shell = access.user.is_client_portal_user
        ? buildPortalShell(access, {
          policy,
          year,
          ...await portalFrame(deps.db, access.organizationId, access.user.client_id),
        })
        : buildStaffShell(access, policy, year, { organizations: shellOrganizations(access) });
      return { value: mustValidate(AnyShellDescriptor, shell, "shell") };
    });
    return descriptorResponse(c, entry);
  });

  app.get("/ui/screens/*", async (c: Context<AppEnv>) => {
    const raw = c.req.path.slice("/ui/screens/".length);
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      // A malformed escape names no screen: answered 404 below like any unknown id.
    }
    const def = screenRegistry().get(id);
    if (!def) throw notFound(`Screen "${id}"`);
    const params = validate(c.req.query(), def.params ?? NO_PARAMS, "query") as Record<
      string,
      string
    >;
    const access = await deps.authenticate(c);
    if ((def.audience === "staff" || def.audience === "portal") && !access) throw unauthenticated();
    const personal = def.audience === "staff" || def.audience === "portal";
    const key = [
      "screen",
      id,
      def.paramsKey ? def.paramsKey(params) : JSON.stringify(params),
      personal ? access!.fingerprint : "",
      personal && def.perUser ? access!.user.id : "",
      def.perDay ? new Date(deps.clock()).toISOString().slice(0, 10) : "",
    ].join("|");
    const entry = await deps.cache.get(key, async () => {
      if (def.audience === "portal" && !access!.user.is_client_portal_user) {
        return {
          value: mustValidate(
            ScreenRefusal,
            refusal("forbidden", "This page is for client portal users."),
            id,
          ),
          status: 403,
        };
      }
      if (def.audience === "staff") {
        const refused = staffRefusal(def, access!, params);
        if (refused) {
          return {
            value: mustValidate(ScreenRefusal, refused, id),
            status: refused.error.code === "not_found" ? 404 : 403,
          };
        }
      }
      const lists = access
        ? await readOrganizationLists(deps.db, access.organizationId)
        : STARTING_LISTS;
      const built = def.build({
        access: access ?? undefined,
        params,
        now: new Date(deps.clock()),
        lists,
      });
      const value = mustValidate(ScreenDescriptor, built, `screen "${id}"`);
      deps.screenWidgets?.note(id, value.body);
      return { value };
    });
    return descriptorResponse(c, entry);
  });
}

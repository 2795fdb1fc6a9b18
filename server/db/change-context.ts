/**
 * The organisation a request acts for, as the drivers see it: a write's change is
 * announced for that organisation, so other instances (and the caches here) drop
 * only what belongs to it. Outside a request (the admin command, background loops)
 * there is none and a change concerns every organisation.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<string>();

/** Runs fn on behalf of an organisation (none: as it is). */
export function actingFor<T>(organizationId: string | undefined, fn: () => T): T {
  return organizationId === undefined ? fn() : scope.run(organizationId, fn);
}

/** The organisation the current request acts for, or null. */
export function actingOrganization(): string | null {
  return scope.getStore() ?? null;
}

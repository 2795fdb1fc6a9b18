/** What a screen builder is: its id, audience, params and how it is built for a caller. */
import type { z } from "zod";
import type {
  CacheClass,
  Node,
  ScreenDescriptor,
  Source,
} from "../../../schemas/descriptor/mod.ts";
import type { Access } from "../../platform/access/access.ts";
import type { OrganizationLists } from "../organization-lists.ts";

/** What a builder receives. */
export interface ScreenContext {
  access: Access | undefined;
  params: Record<string, string>;
  now: Date;
  /** The caller's organisation's lists, as it labels them (the starting ones without one). */
  lists: OrganizationLists;
}

/** One screen of the product. */
export interface ScreenDef {
  id: string;
  audience: "public" | "guest" | "portal" | "staff";
  /** The catalogue module whose switch and read permission guard the screen (staff screens). */
  module?: string;
  /** The route params the screen accepts (validated, unknown ones refused). */
  params?: z.ZodType<Record<string, string | undefined>>;
  /** What of the params the built descriptor depends on (default: all of them): its cache key part. */
  paramsKey?(params: Record<string, string>): string;
  /** True when the built descriptor depends on the caller beyond their permission fingerprint. */
  perUser?: boolean;
  /** True when the built descriptor holds today's date (cached per day). */
  perDay?: boolean;
  build(ctx: ScreenContext): ScreenDescriptor;
}

/** A descriptor's common head. */
export function head(id: string, title: string, cache: CacheClass) {
  return { schemaVersion: 1 as const, id, title, cache };
}

/** A screen of one page: its head, sources and the page's children. */
export function screen(
  id: string,
  title: string,
  cache: ScreenDescriptor["cache"],
  sources: Record<string, Source>,
  children: Node[],
  description?: string,
): ScreenDescriptor {
  return {
    ...head(id, title, cache),
    sources,
    body: { type: "page", title, ...(description ? { description } : {}), children },
  };
}

/**
 * JSON Schema documents generated from the zod descriptor schemas. `generate.ts`
 * writes them into `generated/`; a test fails when the committed files drift.
 */
import { z } from "zod";
import {
  Node,
  PortalShellDescriptor,
  RoutesDescriptor,
  ScreenDescriptor,
  ScreenRefusal,
  ShellDescriptor,
} from "./descriptor/mod.ts";

/** Each generated document: its file name and its schema. */
export const JSON_SCHEMA_DOCUMENTS: Record<string, z.ZodType> = {
  "screen.schema.json": ScreenDescriptor,
  "screen-refusal.schema.json": ScreenRefusal,
  "routes.schema.json": RoutesDescriptor,
  // Staff and portal shells apart: each client bundle validates only the one it uses.
  "shell.schema.json": ShellDescriptor,
  "portal-shell.schema.json": PortalShellDescriptor,
  "node.schema.json": Node,
};

/** The text of one generated document, exactly as committed. */
export function renderJsonSchema(schema: z.ZodType): string {
  return JSON.stringify(
    z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", reused: "ref" }),
    null,
    2,
  ) +
    "\n";
}

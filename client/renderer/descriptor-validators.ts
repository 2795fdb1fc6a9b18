/**
 * The validators of the route table and of screens with their common widgets
 * (rare widgets only have their `type` checked here; see rare-widget-validator.ts).
 * Compiled with ajv when first loaded; the production build replaces this module
 * with the same validators precompiled by ajv (see build/validators-plugin.ts), so
 * the browser downloads no schema compiler.
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import screenSchema from "../../schemas/generated/screen.schema.json" with { type: "json" };
import routesSchema from "../../schemas/generated/routes.schema.json" with { type: "json" };
import { compileValidators } from "./compile-validators.ts";

const compiled = compileValidators("descriptor-validators.ts", {
  "screen.schema.json": screenSchema,
  "routes.schema.json": routesSchema,
});

/** Validates a screen descriptor (its common widgets in full). */
export const screenValidator: ValidateFunction = compiled.screenValidator;
/** Validates one node of a common widget type and its common descendants. */
export const commonNodeValidator: ValidateFunction = compiled.commonNodeValidator;
/** Validates one action (also those of the shell's user menu). */
export const actionValidator: ValidateFunction = compiled.actionValidator;
/** Validates the route table. */
export const routesValidator: ValidateFunction = compiled.routesValidator;

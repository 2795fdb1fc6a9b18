/**
 * The validator of nodes of the "analytics" widget group (charts, trend arrows, risk
 * bars, tone dots and scenario cards), loaded only
 * for screens that use one. Compiled with ajv here; precompiled in the production
 * build (see build/validators-plugin.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import screenSchema from "../../schemas/generated/screen.schema.json" with { type: "json" };
import { compileValidators } from "./compile-validators.ts";

/** Validates one node of the group and its descendants of the same group. */
export const nodeValidator: ValidateFunction = compileValidators("analytics-widget-validator.ts", {
  "screen.schema.json": screenSchema,
}).nodeValidator;

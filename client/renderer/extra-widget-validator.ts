/**
 * The validator of nodes of the "extra" widget group (tabs, dialogs, rich text,
 * key-value and selectable lists, progress bars, skeletons, empty states, error
 * panels, buttons and check matrices), loaded only for screens that use one. Compiled with ajv here; precompiled in the production
 * build (see build/validators-plugin.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import screenSchema from "../../schemas/generated/screen.schema.json" with { type: "json" };
import { compileValidators } from "./compile-validators.ts";

/** Validates one node of the group and its descendants of the same group. */
export const nodeValidator: ValidateFunction = compileValidators("extra-widget-validator.ts", {
  "screen.schema.json": screenSchema,
}).nodeValidator;

/**
 * The validator of nodes of the "records" widget group (record lists, forms and
 * timelines, with the record type metadata they carry), loaded only for screens
 * that use one. Compiled with ajv here; precompiled in the production build (see
 * build/validators-plugin.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import screenSchema from "../../schemas/generated/screen.schema.json" with { type: "json" };
import { compileValidators } from "./compile-validators.ts";

/** Validates one node of the group and its descendants of the same group. */
export const nodeValidator: ValidateFunction = compileValidators("record-widget-validator.ts", {
  "screen.schema.json": screenSchema,
}).nodeValidator;

/**
 * The validator of the shell descriptor, apart from the screen validators because
 * only signed-in pages need it. Compiled with ajv here; precompiled in the
 * production build (see build/validators-plugin.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import shellSchema from "../../schemas/generated/shell.schema.json" with { type: "json" };
import { compileValidators } from "./compile-validators.ts";

/** Validates the shell descriptor. */
export const shellValidator: ValidateFunction = compileValidators("shell-validator.ts", {
  "shell.schema.json": shellSchema,
}).shellValidator;

/**
 * Compiles the validators of one validator module with ajv at run time (tests and
 * development; the production build precompiles the same modules).
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { AJV_OPTIONS, prepareSchema, VALIDATOR_MODULES } from "./descriptor-schemas.ts";

/** The exports of validator module `module`, compiled from the given documents (by file name). */
export function compileValidators(
  module: string,
  files: Record<string, unknown>,
): Record<string, ValidateFunction> {
  const { documents, exports } = VALIDATOR_MODULES[module];
  const ajv = new Ajv2020({ ...AJV_OPTIONS });
  for (const [key, document] of Object.entries(documents)) {
    ajv.addSchema(prepareSchema(files[document.file], document), key);
  }
  return Object.fromEntries(
    Object.entries(exports).map(([name, ref]) => {
      const validate = ajv.getSchema(ref);
      if (validate === undefined) {
        throw new Error(`Cannot compile validator "${name}": no schema at ${ref}`);
      }
      return [name, validate];
    }),
  );
}

/**
 * A Vite build plugin: replaces the validator modules of renderer/ (see
 * VALIDATOR_MODULES) with validators
 * precompiled by ajv's standalone code generator from the same prepared schemas
 * and options, so production bundles carry the generated checks but not ajv's
 * compiler (about half the size). Development and tests compile at run time.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import type { Plugin } from "vite";
import { AJV_OPTIONS, prepareSchema, VALIDATOR_MODULES } from "../renderer/descriptor-schemas.ts";

/** The CommonJS module is its own default export (and has `default` too) under every loader. */
const standaloneCode = standaloneModule.default;

function modulePath(file: string): string {
  return fileURLToPath(new URL(`../renderer/${file}`, import.meta.url));
}

function schemaPath(file: string): string {
  return fileURLToPath(new URL(`../../schemas/generated/${file}`, import.meta.url));
}

/** The validator modules by absolute path. */
const MODULES = new Map(Object.keys(VALIDATOR_MODULES).map((file) => [modulePath(file), file]));

/** The ESM source of validator module `module`, precompiled. */
export function precompiledValidators(module: string): string {
  const { documents, exports } = VALIDATOR_MODULES[module];
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  for (const [key, document] of Object.entries(documents)) {
    const schema: unknown = JSON.parse(readFileSync(schemaPath(document.file), "utf8"));
    ajv.addSchema(prepareSchema(schema, document), key);
  }
  const code = standaloneCode(ajv, exports);
  // The generator still writes CommonJS requires for its runtime helpers. Whether a
  // default import of a CommonJS module is `module.exports` or its `default` depends
  // on the bundler's interop mode, so accept both.
  return code.replace(
    /const (\w+) = require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default;?/g,
    'import $1_module from "$2"; const $1 = typeof $1_module === "function" ? $1_module : $1_module.default;',
  );
}

/** The plugin. */
export function validatorsPlugin(): Plugin {
  return {
    name: "opsuite:precompiled-validators",
    apply: "build",
    load(id) {
      const module = MODULES.get(id.split("?")[0]);
      if (module === undefined) return null;
      for (const document of Object.values(VALIDATOR_MODULES[module].documents)) {
        this.addWatchFile(schemaPath(document.file));
      }
      return precompiledValidators(module);
    },
  };
}

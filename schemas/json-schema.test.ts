import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { JSON_SCHEMA_DOCUMENTS, renderJsonSchema } from "./json-schema.ts";

for (const [file, schema] of Object.entries(JSON_SCHEMA_DOCUMENTS)) {
  Deno.test(`schemas/generated/${file} matches the zod schemas (run deno task schemas after a change)`, async () => {
    const committed = await Deno.readTextFile(new URL(`./generated/${file}`, import.meta.url));
    assertEquals(committed, renderJsonSchema(schema));
  });
}

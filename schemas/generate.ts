/** Writes the generated JSON Schema documents into schemas/generated/. */
import { JSON_SCHEMA_DOCUMENTS, renderJsonSchema } from "./json-schema.ts";

const dir = new URL("./generated/", import.meta.url);
await Deno.mkdir(dir, { recursive: true });
for (const [file, schema] of Object.entries(JSON_SCHEMA_DOCUMENTS)) {
  await Deno.writeTextFile(new URL(file, dir), renderJsonSchema(schema));
  console.log(`wrote schemas/generated/${file}`);
}

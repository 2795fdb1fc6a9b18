/** Test support: sends a CSV file to a record type's import through HTTP, as the browser does. */
import type { TestApp } from "../../testing/test-app.ts";

/** One failed row of an import's answer. */
export interface ImportFailure {
  line: number;
  field: string | null;
  column: string | null;
  message: string;
  [key: string]: unknown;
}

/** What an import answered. */
export interface ImportAnswer {
  status: number;
  body: {
    created: number;
    updated: number;
    failed: ImportFailure[];
    /** Each failed row once, as written, in file order. */
    failed_rows?: { line: number; [key: string]: unknown }[];
    error?: { code: string; message: string; [key: string]: unknown };
    [key: string]: unknown;
  };
}

/** Posts `csv` as the file of `type`'s import, with the form's other `fields`. */
export async function importCsv(
  app: TestApp,
  token: string,
  type: string,
  csv: string,
  fields: Record<string, string> = {},
): Promise<ImportAnswer> {
  const form = new FormData();
  form.set("file", new File([csv], "import.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await app.fetch(
    new Request(`http://localhost/api/records/${type}/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: await response.json() };
}

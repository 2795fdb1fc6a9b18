/**
 * What the record import and export benches share: signing in to a bench server,
 * a generated CSV file of leads whose select values come from the lead type's own
 * metadata, and importing it through the API.
 */

/** Signs in as the demo organisation's administrator; answers the bearer header. */
export async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password" }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

interface Option {
  value: string;
}
interface FieldMeta {
  id: string;
  type: string;
  options?: Option[];
}

/** The first allowed value of each of the lead's select fields, from its metadata. */
export async function selectValues(
  url: string,
  headers: Record<string, string>,
): Promise<Map<string, string>> {
  const res = await fetch(`${url}/api/records/lead/meta`, { headers });
  if (!res.ok) throw new Error(`Lead metadata: ${res.status} ${await res.text()}`);
  const { meta, options } = await res.json() as {
    meta: { fields: FieldMeta[] };
    options: Record<string, Option[]>;
  };
  const values = new Map<string, string>();
  for (const field of meta.fields) {
    const allowed = field.options ?? options[field.id];
    if (field.type === "select" && allowed?.length) values.set(field.id, allowed[0].value);
  }
  return values;
}

/** A CSV file of `count` leads: name, email, source, stage and estimated value. */
export async function leadsCsv(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<string> {
  const selects = await selectValues(url, headers);
  const source = selects.get("source") ?? "";
  const stage = selects.get("stage") ?? "";
  const lines = ["name,email,source,stage,estimated_value"];
  for (let i = 0; i < count; i++) {
    lines.push(
      `"Bench Lead ${i}, Ltd",lead${i}@bench.example,${source},${stage},${(i % 500) * 100}.50`,
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** What an import answered. */
export interface ImportAnswer {
  created: number;
  updated: number;
  failed: { line: number; field: string | null; message: string }[];
}

/** Imports a CSV file of leads through the API; throws unless every row was stored. */
export async function importLeads(
  url: string,
  headers: Record<string, string>,
  csv: string,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
  const res = await fetch(`${url}/api/records/lead/import`, {
    method: "POST",
    headers,
    body: form,
  });
  const answer = await res.json();
  if (!res.ok || answer.failed?.length) {
    throw new Error(
      `Import failed: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`,
    );
  }
  return answer;
}

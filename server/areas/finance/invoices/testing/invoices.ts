/** Test support for invoices: tax templates and invoices made through the API. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { TestApp } from "../../../../testing/test-app.ts";

/** The API answer's JSON, after checking its status. */
export async function expectJson(response: Response, status: number) {
  const body = await response.json();
  assertEquals(response.status, status, JSON.stringify(body));
  return body;
}

/** Creates the two tax templates the tests use: 20 % added, 20 % included. */
export async function createTaxTemplates(app: TestApp, token: string) {
  const make = async (title: string, included: boolean) =>
    (await expectJson(
      await app.call("POST", "/api/records/tax_template", {
        token,
        body: {
          values: { title, rows: [{ tax_name: "VAT", rate: 20, included_in_price: included }] },
        },
      }),
      201,
    )).record;
  return {
    added: await make("Standard 20% (test)", false),
    included: await make("Included 20% (test)", true),
  };
}

/** Creates a draft invoice; returns the record. */
export async function createInvoice(
  app: TestApp,
  token: string,
  values: Record<string, unknown>,
) {
  return (await expectJson(
    await app.call("POST", "/api/records/invoice", { token, body: { values } }),
    201,
  )).record;
}

/** Takes an action on an invoice at its version; returns the record the action answers. */
export async function act(
  app: TestApp,
  token: string,
  invoice: { id: string; version: number },
  action: string,
) {
  return (await expectJson(
    await app.call("POST", `/api/records/invoice/${invoice.id}/actions/${action}`, {
      token,
      body: { version: invoice.version },
    }),
    200,
  )).record;
}

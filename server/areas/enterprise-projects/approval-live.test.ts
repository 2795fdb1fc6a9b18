/**
 * An approval's submission and decision change the project through the record
 * engine, so every open screen of the organisation hears the project's new
 * version on the event stream (the record form then reloads its approval status).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";
import { createProject, createWorkflow } from "./approval-fixture.ts";

async function nextRecords(
  reader: ReadableStreamDefaultReader<string>,
  state: { buffer: string },
): Promise<{ type: string; id: string; version: number }[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let cut: number;
    while ((cut = state.buffer.indexOf("\n\n")) >= 0) {
      const block = state.buffer.slice(0, cut);
      state.buffer = state.buffer.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^event: records$/m.test(block) && data) return JSON.parse(data).records;
    }
    const { value, done } = await reader.read();
    if (done) break;
    state.buffer += value;
  }
  throw new Error("No records event arrived");
}

Deno.test("submitting and approving announce the project's new version on the organisation's event stream", async () => {
  const t = await createTestApp();
  let reader: ReadableStreamDefaultReader<string> | undefined;
  try {
    const workflow = await createWorkflow(t);
    const projectId = await createProject(t);
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const stream = await t.call("GET", "/ui/events", { token: pm });
    reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const state = { buffer: "" };
    const submitted = await jsonOf<{ data: { current: { id: string }; project_version: number } }>(
      await t.call("POST", `/enterprise-projects/${projectId}/submit-approval`, {
        token: pm,
        body: { workflow_id: workflow },
      }),
      201,
    );
    assertEquals(await nextRecords(reader, state), [{
      type: "project",
      id: projectId,
      version: submitted.data.project_version,
    }]);
    const decided = await jsonOf<{ data: { project_version: number } }>(
      await t.call(
        "POST",
        `/enterprise-projects/${projectId}/approvals/${submitted.data.current.id}/process`,
        { token: admin, body: { action: "approve", comments: "" } },
      ),
    );
    assertEquals(await nextRecords(reader, state), [{
      type: "project",
      id: projectId,
      version: decided.data.project_version,
    }]);
  } finally {
    await reader?.cancel();
    await t.close();
  }
});

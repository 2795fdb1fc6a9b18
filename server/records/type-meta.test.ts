import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { callerWith } from "../testing/caller-access.ts";
import { SAMPLE_CONTACT, SAMPLE_JOB } from "../testing/sample-record-types.ts";
import { recordTypeMeta } from "./type-meta.ts";

const MODULES = ["milestones", "time-tracking"];
const callerOf = (...permissions: string[]) => callerWith(permissions, MODULES);

const EVERYTHING = callerOf(
  "milestones.read",
  "milestones.create",
  "milestones.update",
  "milestones.comment",
  "milestones.delete",
  "milestones.export",
  "milestones.import",
  "milestones.finish",
  "milestones.reopen",
  "milestones.invoice",
  "milestones.level1",
);
const READER = callerOf("milestones.read");

function allFieldIds(meta: RecordTypeMeta): string[] {
  return meta.fields.flatMap((f) => [f.id, ...(f.fields ?? []).map((c) => `${f.id}.${c.id}`)]);
}

Deno.test("record type meta", async (t) => {
  await t.step("is valid wire metadata for every caller", () => {
    for (const access of [EVERYTHING, READER, callerOf()]) {
      const parsed = RecordTypeMeta.safeParse(recordTypeMeta(SAMPLE_JOB, access));
      ok(parsed.success, parsed.error?.message);
    }
    ok(RecordTypeMeta.safeParse(recordTypeMeta(SAMPLE_CONTACT, READER)).success);
  });

  await t.step("gives every declared field, in order, without storage details", () => {
    const meta = recordTypeMeta(SAMPLE_JOB, EVERYTHING);
    assertEquals(meta.fields.map((f) => f.id), SAMPLE_JOB.fields.map((f) => f.id));
    const json = JSON.stringify(meta);
    ok(!json.includes("notes_text"), "a storage column was sent");
    ok(!json.includes("sample_job_lines"), "a child table name was sent");
    ok(!json.includes(`"column"`) && !json.includes(`"child"`), "a storage key was sent");
    const lines = meta.fields.find((f) => f.id === "lines")!;
    assertEquals(lines.fields?.map((f) => f.id), ["item", "amount", "cost"]);
    const kind = meta.fields.find((f) => f.id === "kind")!;
    assertEquals(kind.options?.[0], { value: "repair", label: "Repair", tone: "warning" });
    assertEquals(meta.fields.find((f) => f.id === "notes")?.max_length, 10_000);
    assertEquals(meta.fields.find((f) => f.id === "hours")?.precision, 1);
    assertEquals(meta.fields.find((f) => f.id === "phone")?.visible_if, "kind == 'repair'");
    assertEquals(meta.fields.find((f) => f.id === "contact")?.link, "sample_contact");
    assertEquals(meta.fields.find((f) => f.id === "category")?.options_from, "job_category");
  });

  await t.step("marks computed and fetched fields read-only", () => {
    const meta = recordTypeMeta(SAMPLE_JOB, EVERYTHING);
    const total = meta.fields.find((f) => f.id === "total")!;
    assertEquals([total.read_only, total.computed], [true, true]);
    assertEquals(meta.fields.find((f) => f.id === "contact_email")?.read_only, true);
    assertEquals(meta.fields.find((f) => f.id === "title")?.read_only, undefined);
  });

  await t.step("leaves level-1 fields out for a caller without level 1", () => {
    const full = recordTypeMeta(SAMPLE_JOB, EVERYTHING);
    ok(allFieldIds(full).includes("margin") && allFieldIds(full).includes("lines.cost"));
    assertEquals(full.list.columns, ["title", "due_date", "margin", "progress"]);
    assertEquals(full.list.sort, [{ field: "margin", dir: "desc" }]);
    assertEquals(full.form.tabs.map((tab) => tab.id), ["main", "more", "money"]);

    const limited = recordTypeMeta(SAMPLE_JOB, READER);
    ok(!allFieldIds(limited).includes("margin"), "margin was sent");
    ok(!allFieldIds(limited).includes("lines.cost"), "the child field cost was sent");
    assertEquals(limited.list.columns, ["title", "due_date", "progress"]);
    // Sorting by a hidden field would still reveal it.
    assertEquals(limited.list.sort, [{ field: "created_at", dir: "desc" }]);
    assertEquals(limited.form.tabs.map((tab) => tab.id), ["main", "more"]);
    ok(!JSON.stringify(limited.form).includes("margin"));
  });

  await t.step("lists only the actions the caller holds, with their permissions", () => {
    assertEquals(recordTypeMeta(SAMPLE_JOB, EVERYTHING).actions, [
      {
        id: "finish",
        label: "Finish",
        permission: "milestones.finish",
        tone: "primary",
        done: "finished",
        confirm_label: "Finish job",
        keep_label: "Go back",
        bulk_confirm: "Finish {count} jobs?",
        bulk_label: "Finish {count} jobs",
      },
      {
        id: "reopen",
        label: "Reopen",
        permission: "milestones.reopen",
        comment: "required",
        confirm: "Reopen this job?",
        done: "reopened",
        confirm_label: "Reopen job",
        keep_label: "Go back",
        bulk_confirm: "Reopen {count} jobs?",
        bulk_label: "Reopen {count} jobs",
      },
      {
        id: "invoice",
        label: "Invoice",
        permission: "milestones.invoice",
        done: "invoiced",
        confirm_label: "Invoice job",
        keep_label: "Go back",
        bulk_confirm: "Invoice {count} jobs?",
        bulk_label: "Invoice {count} jobs",
      },
    ]);
    assertEquals(
      recordTypeMeta(SAMPLE_JOB, callerOf("milestones.read", "milestones.reopen")).actions
        .map((a) => a.id),
      ["reopen"],
    );
    assertEquals(recordTypeMeta(SAMPLE_JOB, READER).actions, []);
  });

  await t.step("says what the caller may do with the type", () => {
    assertEquals(recordTypeMeta(SAMPLE_JOB, EVERYTHING).can, {
      read: true,
      create: true,
      update: true,
      comment: true,
      delete: true,
      export: true,
      import: true,
    });
    assertEquals(
      recordTypeMeta(SAMPLE_JOB, callerOf("milestones.read", "milestones.export")).can,
      {
        read: true,
        create: false,
        update: false,
        comment: false,
        delete: false,
        export: true,
        import: false,
      },
    );
  });

  await t.step("denies everything when the module is off", () => {
    const off = { ...EVERYTHING, enabledModules: new Set<string>() };
    const meta = recordTypeMeta(SAMPLE_JOB, off);
    assertEquals(Object.values(meta.can), [false, false, false, false, false, false, false]);
    assertEquals(meta.actions, []);
    ok(!allFieldIds(meta).includes("margin"));
  });

  await t.step("carries states, views and the form route", () => {
    const meta = recordTypeMeta(SAMPLE_JOB, READER);
    assertEquals(meta.states, [
      { id: "open", label: "Open", docstatus: 0 },
      { id: "done", label: "Done", docstatus: 1, tone: "success" },
    ]);
    assertEquals(meta.list.views.map((v) => v.id), ["mine", "due-soon"]);
    assertEquals(meta.list.views[1].sort, [{ field: "due_date", dir: "asc" }]);
    assertEquals(meta.form_route, "jobs/:id");
    assertEquals(meta.submittable, false);
    const contact = recordTypeMeta(SAMPLE_CONTACT, callerOf("time_tracking.read"));
    assertEquals(contact.form_route, "time-tracking/:id");
    assertEquals(contact.states, undefined);
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";
const REMINDERS = "/api/records/reminder";

function reminderMeta(): RecordTypeMeta {
  return taskMeta({
    id: "reminder",
    label: "Reminder",
    plural: "Reminders",
    module: "reminders",
    title_field: "note",
    fields: [
      { id: "note", label: "Note", type: "data", required: true, max_length: 500 },
      { id: "remind_at", label: "Remind at", type: "datetime", required: true },
      {
        id: "for_user",
        label: "For",
        type: "link",
        link: "user",
        required: true,
        default: "@me",
        description: "You, or a colleague who may read the record it is about.",
      },
    ],
    states: undefined,
    actions: [],
    form: { tabs: [{ id: "main", label: "Details", sections: [{ columns: [["note"]] }] }] },
  });
}

function formWithRemindMe() {
  return screenOf({
    type: "record-form",
    api: API,
    meta: taskMeta(),
    recordId: { $param: "id" },
    quickAdds: [{
      id: "remind_me",
      label: "Remind me",
      api: REMINDERS,
      meta: reminderMeta(),
      fields: ["remind_at", "note", "for_user"],
      values: { record_type: "task", record_id: { $param: "id" } },
      done: "Reminder set",
    }],
  });
}

const LOADED = {
  record: taskRow("t1", { version: 3 }),
  actions: [{ id: "update", label: "Save" }],
  read_only_fields: [],
};

describe("Remind me on a record's form", () => {
  it("asks when, what and for whom, and sets a reminder about the record shown", async () => {
    const server = fakeServer({
      [`GET ${API}/t1`]: LOADED,
      [`POST ${REMINDERS}`]: { record: { id: "rem_1" } },
    });
    const { toasts } = await renderScreen(formWithRemindMe(), { params: { id: "t1" } });
    fireEvent.click(await screen.findByRole("button", { name: "Remind me" }));
    const dialog = await screen.findByRole("dialog", { name: "Remind me" });
    fireEvent.change(within(dialog).getByLabelText(/Remind at/), {
      target: { value: "2031-05-20T09:30" },
    });
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: "Call back" } });
    expect(within(dialog).getByText(/a colleague who may read/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remind me" }));
    await waitFor(() => expect(toasts).toContain("Reminder set"));
    const [sent] = server.to("POST", REMINDERS);
    expect(sent.body).toEqual({
      values: {
        remind_at: new Date("2031-05-20T09:30").toISOString(),
        note: "Call back",
        record_type: "task",
        record_id: "t1",
      },
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's refusal under the field it names and keeps the dialog open", async () => {
    fakeServer({
      [`GET ${API}/t1`]: LOADED,
      [`POST ${REMINDERS}`]: apiError(400, "invalid_input", "For: cannot see this task", {
        fields: { for_user: "Cannot see this task: choose someone who may read it" },
      }),
    });
    const { toasts } = await renderScreen(formWithRemindMe(), { params: { id: "t1" } });
    fireEvent.click(await screen.findByRole("button", { name: "Remind me" }));
    const dialog = await screen.findByRole("dialog", { name: "Remind me" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remind me" }));
    expect(await within(dialog).findByText(/choose someone who may read it/)).toBeTruthy();
    expect(toasts).not.toContain("Reminder set");
  });

  it("is not offered on a new record", async () => {
    fakeServer({});
    await renderScreen(screenOf({ ...formWithRemindMe().body, recordId: "new" }));
    expect(await screen.findByRole("button", { name: "Save" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remind me" })).toBeNull();
  });
});

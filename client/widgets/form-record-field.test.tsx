import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

/** A filter form choosing a kind of record, then one record of it by type-ahead, over a table of lines. */
function auditScreen() {
  return screenOf(
    {
      type: "page",
      children: [
        {
          type: "form",
          id: "filters",
          fields: [
            {
              name: "resource_type",
              label: "Kind of record",
              kind: "select",
              options: [{ value: "project", label: "Project" }, { value: "task", label: "Task" }],
            },
            {
              name: "record_id",
              label: "Record",
              kind: "record",
              recordTypeField: "resource_type",
            },
          ],
          submit: { label: "Apply filters", toState: true },
        },
        {
          type: "table",
          source: "logs",
          path: "logs",
          columns: [
            { key: "title", label: "Record" },
            { key: "change_lines", label: "Changes", format: "lines", fallback: "—" },
          ],
          emptyText: "Nothing",
        },
      ],
    },
    {
      sources: {
        logs: {
          method: "POST",
          path: "/audit/logs",
          body: {
            resource_type: { $state: "resource_type" },
            record_id: { $state: "record_id" },
          },
        },
      },
    },
  );
}

describe("a form's record field", () => {
  it("searches the records of the kind another field names and sends the chosen record's id", async () => {
    const server = fakeServer({
      "POST /audit/logs": {
        logs: [
          { title: "Internal", change_lines: ["Status: Active → On hold", "Budget: — → $5.00"] },
          { title: "Other", change_lines: [] },
        ],
      },
      "GET /api/records/project/search": {
        items: [{ id: "prj_1", title: "Internal tools" }, { id: "prj_2", title: "Website" }],
      },
    });
    await renderScreen(auditScreen());
    expect((await screen.findByLabelText("Record") as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Kind of record"), { target: { value: "project" } });
    const record = screen.getByLabelText("Record") as HTMLInputElement;
    expect(record.disabled).toBe(false);
    fireEvent.focus(record);
    fireEvent.change(record, { target: { value: "Int" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Internal tools" }));
    expect(record.value).toBe("Internal tools");
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === "/api/records/project/search")).toBe(true)
    );

    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(server.to("POST", "/audit/logs")).toHaveLength(2));
    expect(server.to("POST", "/audit/logs")[1].body).toEqual({
      resource_type: "project",
      record_id: "prj_1",
    });

    // The changes read one per line; an entry without any shows the fallback.
    const lines = document.querySelector(".cell-lines")!;
    expect(lines.textContent).toBe("Status: Active → On hold\nBudget: — → $5.00");
    expect(screen.getByText("—")).toBeTruthy();
  });

  it("clears the chosen record when the kind of record changes", async () => {
    fakeServer({
      "POST /audit/logs": { logs: [] },
      "GET /api/records/project/search": { items: [{ id: "prj_1", title: "Internal tools" }] },
    });
    await renderScreen(auditScreen());
    fireEvent.change(await screen.findByLabelText("Kind of record"), {
      target: { value: "project" },
    });
    const record = screen.getByLabelText("Record") as HTMLInputElement;
    fireEvent.focus(record);
    fireEvent.change(record, { target: { value: "Int" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Internal tools" }));
    expect(record.value).toBe("Internal tools");
    fireEvent.change(screen.getByLabelText("Kind of record"), { target: { value: "task" } });
    expect((screen.getByLabelText("Record") as HTMLInputElement).value).toBe("");
  });
});

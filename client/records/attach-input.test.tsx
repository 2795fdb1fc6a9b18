import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

function metaWithSheet() {
  const meta = taskMeta();
  return {
    ...meta,
    fields: [...meta.fields, { id: "sheet", label: "Sheet", type: "attach" as const }],
    form: {
      tabs: [{ id: "main", label: "Details", sections: [{ columns: [["title", "sheet"]] }] }],
    },
  };
}

describe("an attach field of a record form", () => {
  it("uploads the chosen file at once and saves its id with the record", async () => {
    const server = fakeServer({
      [`GET ${API}/t1`]: {
        record: taskRow("t1", { version: 3, sheet: "" }),
        actions: [{ id: "update", label: "Save" }],
        read_only_fields: [],
      },
      [`POST ${API}/files`]: {
        file: { id: "fil_abc", name: "plan.pdf", content_type: "application/pdf", size: 12 },
      },
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4, sheet: "fil_abc" }) },
    });
    await renderScreen(
      screenOf({ type: "record-form", api: API, meta: metaWithSheet(), recordId: "t1" }),
    );
    const picker = await screen.findByLabelText("Sheet");
    fireEvent.change(picker, {
      target: { files: [new File(["%PDF-1.4"], "plan.pdf", { type: "application/pdf" })] },
    });
    expect(await screen.findByText("plan.pdf")).toBeTruthy();
    const upload = server.requests.find((r) => r.path === `${API}/files`);
    expect(upload?.method).toBe("POST");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      const patch = server.requests.find((r) => r.method === "PATCH");
      expect(patch?.body).toMatchObject({ version: 3, values: { sheet: "fil_abc" } });
    });
  });

  it("offers the saved record's file for download", async () => {
    fakeServer({
      [`GET ${API}/t1`]: {
        record: taskRow("t1", { version: 3, sheet: "fil_abc" }),
        actions: [{ id: "update", label: "Save" }],
        read_only_fields: [],
      },
    });
    await renderScreen(
      screenOf({ type: "record-form", api: API, meta: metaWithSheet(), recordId: "t1" }),
    );
    expect(await screen.findByText("A file is attached")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
  });
});

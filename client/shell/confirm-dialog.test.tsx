import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";
import { type Confirm, ConfirmProvider, useConfirm } from "./confirm-dialog.tsx";

function Asker({ ask }: { ask(confirm: Confirm): void }) {
  const confirm = useConfirm();
  return <button type="button" onClick={() => ask(confirm)}>Ask</button>;
}

describe("the confirmation dialog", () => {
  it("asks a screen's call in the product's own dialog, its buttons naming what each does", async () => {
    const browserConfirm = vi.spyOn(globalThis, "confirm");
    const server = fakeServer({ "POST /admin/modules/toggle": { ok: true } });
    await renderScreen(
      screenOf({
        type: "button",
        label: "Turn off",
        action: {
          kind: "call",
          method: "POST",
          path: "/admin/modules/toggle",
          confirm: "Turn this module off for the whole organisation?",
          confirmLabel: "Turn off module",
          keepLabel: "Keep it on",
        },
      }),
      { realDialogs: true },
    );
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Turn off module" });
    expect(within(dialog).getByText("Turn this module off for the whole organisation?"))
      .toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it on" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.to("POST", "/admin/modules/toggle")).toHaveLength(0);

    // The button stays disabled until its declined run has settled; a click before then is
    // ignored, as it would be for a person.
    const turnOff = screen.getByRole<HTMLButtonElement>("button", { name: "Turn off" });
    await waitFor(() => expect(turnOff.disabled).toBe(false));
    fireEvent.click(turnOff);
    fireEvent.click(await screen.findByRole("button", { name: "Turn off module" }));
    await waitFor(() => expect(server.to("POST", "/admin/modules/toggle")).toHaveLength(1));
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it("asks questions raised together one after the other", async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker
          ask={(confirm) => {
            void confirm({ question: "First?", confirmLabel: "Do the first" }).then((yes) =>
              answers.push(yes)
            );
            void confirm("Second?").then((yes) => answers.push(yes));
          }}
        />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(screen.getAllByRole("alertdialog")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Do the first" }));
    const second = await screen.findByRole("alertdialog", { name: "Continue" });
    expect(within(second).getByText("Second?")).toBeTruthy();
    fireEvent.click(within(second).getByRole("button", { name: "Go back" }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });
});

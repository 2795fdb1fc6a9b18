import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

function notifications() {
  return screenOf(
    {
      type: "list",
      source: "notifications",
      path: "notifications",
      title: { $field: "title" },
      subtitle: { $field: "message" },
      to: "{+link}",
      emptyText: "You're all caught up",
    },
    { sources: { notifications: { method: "POST", path: "/notifications/" } } },
  );
}

describe("the list widget", () => {
  it("links each item with a path to it, and leaves an item without one plain", async () => {
    fakeServer({
      "POST /notifications/": {
        notifications: [
          {
            title: "Approval waiting for you: ERP rollout",
            message: "ERP rollout waits for your approval at Executive review.",
            link: "/app/projects/prj_erp",
          },
          { title: "Welcome", message: "Your account is ready.", link: null },
          { title: "Elsewhere", message: "Not an app path.", link: "https://example.test/x" },
        ],
      },
    });
    const { router } = await renderScreen(notifications());
    const link = await screen.findByRole("link", { name: /Approval waiting for you: ERP rollout/ });
    expect(link.getAttribute("href")).toBe("/app/projects/prj_erp");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByText("Welcome")).toBeTruthy();
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe("/app/projects/prj_erp");
  });
});

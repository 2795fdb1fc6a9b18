import { fireEvent, screen, within } from "@testing-library/react";
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

const mail = screenOf(
  {
    type: "list",
    source: "mail",
    title: { $field: "subject" },
    subtitle: { $field: "text" },
    subtitleLinks: true,
    emptyText: "No mail has been sent yet",
  },
  { sources: { mail: { method: "POST", path: "/mail" } } },
);

describe("a list whose subtitles carry links", () => {
  it("makes each web address in a subtitle a link, the rest plain text", async () => {
    fakeServer({
      "POST /mail": [{
        subject: "Reset your Opsuite password",
        text:
          "To: ada@acme.test\n\nOpen https://app.example/reset-password?token=abc. Or ignore <b>it</b>: javascript:alert(1)",
      }],
    });
    await renderScreen(mail);
    const item = (await screen.findByText("Reset your Opsuite password")).closest("li")!;
    const links = await within(item).findAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([[
      "https://app.example/reset-password?token=abc",
      "https://app.example/reset-password?token=abc",
    ]]);
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer");
    expect(item.textContent).toContain("abc. Or ignore <b>it</b>: javascript:alert(1)");
  });

  it("leaves the subtitle as text when the item is itself a button", async () => {
    fakeServer({
      "POST /mail": [{ subject: "Invitation", text: "Open https://app.example/accept" }],
    });
    await renderScreen({
      ...mail,
      body: { ...(mail.body as object), action: { kind: "navigate", to: "/somewhere" } },
    });
    await screen.findByText("Invitation");
    expect(screen.queryByRole("link")).toBeNull();
  });
});

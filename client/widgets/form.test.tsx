import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const loginForm = {
  type: "form",
  id: "login",
  fields: [
    {
      name: "email",
      label: "Email *",
      kind: "email",
      messages: { required: "Email is required", invalid: "Enter a valid email" },
    },
    {
      name: "password",
      label: "Password *",
      kind: "password",
      minLength: 8,
      messages: { minLength: "Too short" },
    },
  ],
  submit: { label: "Sign In", method: "POST", path: "/auth/login", session: true },
};

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the form widget", () => {
  it("shows a trailing asterisk as a required marker", async () => {
    await renderScreen(screenOf(loginForm));
    const input = await screen.findByLabelText(/Email/);
    expect(input.getAttribute("aria-required")).toBe("true");
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label.querySelector(".required-marker")?.textContent).toBe("*");
  });

  it("checks fields with the descriptor's messages before sending", async () => {
    const server = fakeServer({});
    await renderScreen(screenOf(loginForm));
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    fill(/Email/, "not-an-email");
    fill(/Password/, "short");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Enter a valid email")).toBeTruthy();
    expect(screen.getByText("Too short")).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute("aria-invalid")).toBe("true");
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's per-field messages under the fields", async () => {
    fakeServer({
      "POST /clients": apiError(400, "invalid_input", "Invalid input", {
        fields: { name: "Name is taken" },
      }),
    });
    await renderScreen(screenOf({
      type: "form",
      id: "client",
      fields: [{ name: "name", label: "Name", kind: "text" }],
      submit: { label: "Save", method: "POST", path: "/clients" },
    }));
    fill(/Name/, "Acme");
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is taken")).toBeTruthy();
  });

  it("shows a refused sign-in's message", async () => {
    fakeServer({
      "POST /auth/login": apiError(401, "invalid_credentials", "Invalid email or password"),
    });
    await renderScreen(screenOf(loginForm));
    fill(/Email/, "a@b.test");
    fill(/Password/, "long enough");
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
  });

  it("hands a session answer to the app", async () => {
    const session = {
      access_token: "a",
      refresh_token: "r",
      token_type: "bearer",
      expires_in: 900,
    };
    const server = fakeServer({ "POST /auth/login": session });
    const startSession = vi.fn();
    await renderScreen(screenOf(loginForm), { host: { startSession } });
    fill(/Email/, "admin@acme.test");
    fill(/Password/, "demo-password");
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(startSession).toHaveBeenCalledWith(session));
    expect(server.to("POST", "/auth/login")[0].body).toEqual({
      email: "admin@acme.test",
      password: "demo-password",
    });
  });

  it("after success shows its text, sends extras and typed values, and runs onSuccess with the answer", async () => {
    const server = fakeServer({ "POST /leads": { id: 17 } });
    const { toasts, router } = await renderScreen(screenOf({
      type: "form",
      id: "lead",
      fields: [
        { name: "name", label: "Name", kind: "text" },
        { name: "value", label: "Value", kind: "number" },
        { name: "hot", label: "Hot lead", kind: "checkbox" },
        { name: "notes", label: "Notes", kind: "textarea" },
      ],
      submit: {
        label: "Create",
        method: "POST",
        path: "/leads",
        extra: { source: "web" },
        successText: "Lead created",
        onSuccess: { kind: "navigate", to: "/app/lead-detail/{id}" },
      },
    }));
    fill(/Name/, "Acme");
    fill(/Value/, "1200");
    fireEvent.click(screen.getByLabelText("Hot lead"));
    fireEvent.click(await screen.findByRole("button", { name: "Create" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/lead-detail/17"));
    expect(toasts).toEqual(["Lead created"]);
    expect(server.to("POST", "/leads")[0].body).toEqual({
      source: "web",
      name: "Acme",
      value: 1200,
      hot: true,
    });
  });

  it("sends the values ticked of a checkboxes field, its options from a source, and shows a node only once that source says so", async () => {
    const server = fakeServer({
      "POST /offer": {
        offer: {
          version: 4,
          open: true,
          options: [{ value: "l1", label: "Training day" }, { value: "l2", label: "Report" }],
        },
      },
      "POST /offer/accept": {},
    });
    await renderScreen(screenOf({
      type: "page",
      children: [
        {
          type: "text",
          text: "Closed",
          visibleWhen: { source: "offer", path: "offer.open", equals: false },
        },
        {
          type: "form",
          id: "accept",
          source: "offer",
          visibleWhen: { source: "offer", path: "offer.open", equals: true },
          fields: [{
            name: "choices",
            label: "Optional lines",
            kind: "checkboxes",
            optionsSource: {
              source: "offer",
              path: "offer.options",
              value: "value",
              label: "label",
            },
          }],
          submit: {
            label: "Accept",
            method: "POST",
            path: "/offer/accept",
            carry: { version: "offer.version" },
          },
        },
      ],
    }, { sources: { offer: { method: "POST", path: "/offer", body: {} } } }));
    const group = await screen.findByRole("group", { name: "Optional lines" });
    expect(screen.queryByText("Closed")).toBeNull();
    fireEvent.click(within(group).getByLabelText("Report"));
    fireEvent.click(within(group).getByLabelText("Training day"));
    fireEvent.click(within(group).getByLabelText("Report"));
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(server.to("POST", "/offer/accept")).toHaveLength(1));
    expect(server.to("POST", "/offer/accept")[0].body).toEqual({ version: 4, choices: ["l1"] });
  });

  it("puts a filter form's values into screen state, where sources read them", async () => {
    const server = fakeServer({
      "POST /audit/filters": {
        actors: [{ id: "u1", name: "Ada" }],
        actions: ["role.grant", "user.invite"],
      },
      "POST /audit/logs": { entries: [] },
    });
    await renderScreen(screenOf(
      {
        type: "page",
        children: [
          {
            type: "form",
            id: "filters",
            fields: [
              {
                name: "actor_id",
                label: "Actor",
                kind: "select",
                optionsSource: {
                  source: "filters",
                  path: "actors",
                  value: "id",
                  label: "name",
                  emptyLabel: "Anyone",
                },
              },
              {
                name: "action",
                label: "Action",
                kind: "select",
                optionsSource: { source: "filters", path: "actions", emptyLabel: "Any action" },
              },
            ],
            submit: { label: "Apply filters", toState: true },
          },
          {
            type: "list",
            source: "logs",
            path: "entries",
            title: { $field: "action" },
            emptyText: "Nothing",
          },
        ],
      },
      {
        sources: {
          filters: { method: "POST", path: "/audit/filters" },
          logs: {
            method: "POST",
            path: "/audit/logs",
            body: { actor_id: { $state: "actor_id" }, action: { $state: "action" } },
          },
        },
      },
    ));
    const actor = await screen.findByLabelText("Actor");
    expect(await screen.findByRole("option", { name: "Ada" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Anyone" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "user.invite" })).toBeTruthy();
    await waitFor(() => expect(server.to("POST", "/audit/logs")).toHaveLength(1));
    expect(server.to("POST", "/audit/logs")[0].body).toEqual({});
    fireEvent.change(actor, { target: { value: "u1" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(server.to("POST", "/audit/logs")).toHaveLength(2));
    expect(server.to("POST", "/audit/logs")[1].body).toEqual({ actor_id: "u1" });
  });

  it("fills from its source, carries fields of the source, shows a result and resets", async () => {
    const server = fakeServer({
      "POST /org": { organization: { name: "Acme" }, version: 7 },
      "POST /org/update": { invitation_link: "https://x.test/i/abc" },
    });
    await renderScreen(screenOf(
      {
        type: "form",
        id: "org",
        source: "org",
        path: "organization",
        fields: [{ name: "name", label: "Name", kind: "text" }],
        submit: {
          label: "Save",
          method: "POST",
          path: "/org/update",
          carry: { version: "version" },
          showResult: { label: "Invitation link", path: "invitation_link" },
          resetOnSuccess: true,
        },
      },
      { sources: { org: { method: "POST", path: "/org" } } },
    ));
    const name = await screen.findByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Acme");
    fireEvent.change(name, { target: { value: "Acme Ltd" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("https://x.test/i/abc")).toBeTruthy();
    expect(screen.getByText("Invitation link")).toBeTruthy();
    expect(server.to("POST", "/org/update")[0].body).toEqual({ version: 7, name: "Acme Ltd" });
    expect(name.value).toBe("Acme");
  });
  it("takes an image from a file as a data URL, refuses a large one, and removes it", async () => {
    const server = fakeServer({ "POST /logo": { ok: true } });
    await renderScreen(screenOf({
      type: "form",
      id: "letterhead",
      fields: [{
        name: "logo",
        label: "Logo",
        kind: "image",
        maxBytes: 8,
        messages: { max: "At most 8 bytes" },
      }],
      submit: { label: "Save", method: "POST", path: "/logo" },
    }));
    const input = await screen.findByLabelText("Logo");
    expect(screen.getByText("No image")).toBeTruthy();
    const big = new File([new Uint8Array(9)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toBe("At most 8 bytes");
    const svg = new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" });
    fireEvent.change(input, { target: { files: [svg] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a PNG or JPEG image");
    const small = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [small] } });
    const preview = await screen.findByRole("img", { name: "Logo" });
    expect(preview.getAttribute("src")).toBe("data:image/png;base64,iVBORw==");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0].body).toEqual({ logo: "data:image/png;base64,iVBORw==" });
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("No image")).toBeTruthy();
  });
  it("sends on Ctrl+Enter from a text area, then is empty with the cursor in its first field", async () => {
    const server = fakeServer({ "POST /api/records/note": { record: { id: "n1" } } });
    await renderScreen(screenOf({
      type: "form",
      id: "note",
      fields: [
        { name: "subject", label: "Subject", kind: "text" },
        { name: "notes", label: "Notes", kind: "textarea" },
      ],
      submit: {
        label: "Log",
        method: "POST",
        path: "/api/records/note",
        bodyKey: "values",
        resetOnSuccess: true,
      },
    }));
    fill(/Subject/, "Call");
    fill(/Notes/, "Went well");
    fireEvent.keyDown(screen.getByLabelText(/Notes/), { key: "Enter" });
    expect(server.to("POST", "/api/records/note")).toHaveLength(0);
    fireEvent.keyDown(screen.getByLabelText(/Notes/), { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(server.to("POST", "/api/records/note")).toHaveLength(1));
    expect(server.to("POST", "/api/records/note")[0].body).toEqual({
      values: { subject: "Call", notes: "Went well" },
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Subject/)));
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/Notes/) as HTMLTextAreaElement).value).toBe("");
  });
  it("offers a search field's suggestions without a tab stop, so Tab goes on to the next field", async () => {
    fakeServer({ "GET /api/records/lead/search": { items: [{ id: "l1", title: "Ada" }] } });
    await renderScreen(screenOf({
      type: "form",
      id: "pick",
      fields: [
        {
          name: "lead",
          label: "Lead",
          kind: "search",
          search: { path: "/api/records/lead/search" },
        },
        { name: "subject", label: "Subject", kind: "text" },
      ],
      submit: { label: "Log", method: "POST", path: "/api/records/note" },
    }));
    fireEvent.focus(await screen.findByRole("combobox", { name: "Lead" }));
    const suggestions = await screen.findByRole("listbox");
    expect(suggestions.getAttribute("tabindex")).toBe("-1");
    expect(within(suggestions).getByRole("option", { name: "Ada" })).toBeTruthy();
  });
});

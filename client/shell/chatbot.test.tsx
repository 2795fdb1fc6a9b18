import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { shellFixture } from "../testing/shell-fixture.ts";
import { pickReply } from "./chat-script.ts";
import { Chatbot } from "./chatbot.tsx";
import "./chat-panel.tsx";

const script = shellFixture().chatbot;

async function openChat() {
  render(<Chatbot script={script} />);
  fireEvent.click(screen.getByRole("button", { name: "Open Help Assistant" }));
  await act(() => import("./chat-panel.tsx"));
  return {
    input: screen.getByRole("textbox", { name: "Message" }) as HTMLInputElement,
    send: screen.getByRole("button", { name: "Send" }) as HTMLButtonElement,
  };
}

function type(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

describe("the help chatbot", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("picks the reply whose keywords the message contains, else the fallback", () => {
    expect(pickReply(script, "How do I manage USERS?").content).toBe(
      "User management needs administrator privileges.",
    );
    expect(pickReply(script, "weather?").content).toBe("I'm not sure about that yet.");
  });

  it("opens, minimises and closes, keeping the conversation", async () => {
    await openChat();
    expect(screen.getByText("Hi! How can I help?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Minimize Help Assistant" }));
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Restore Help Assistant" }));
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close Help Assistant" }));
    fireEvent.click(screen.getByRole("button", { name: "Open Help Assistant" }));
    expect(screen.getByText("Hi! How can I help?")).toBeTruthy();
  });

  it("puts the cursor in the message box when opened or restored", async () => {
    const { input } = await openChat();
    expect(document.activeElement).toBe(input);
    fireEvent.click(screen.getByRole("button", { name: "Minimize Help Assistant" }));
    fireEvent.click(screen.getByRole("button", { name: "Restore Help Assistant" }));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Message" }));
  });

  it("closes on Escape inside it, the keyboard back on the launcher, the conversation kept", async () => {
    const { input } = await openChat();
    type(input, "users");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("complementary", { name: "Help Assistant" })).toBeNull();
    const launcher = screen.getByRole("button", { name: "Open Help Assistant" });
    expect(document.activeElement).toBe(launcher);
    fireEvent.click(launcher);
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveProperty("value", "users");
  });

  it("leaves Escape alone outside it", async () => {
    await openChat();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.getByRole("complementary", { name: "Help Assistant" })).toBeTruthy();
  });

  it("blocks sending a blank message", async () => {
    const { input, send } = await openChat();
    expect(send.disabled).toBe(true);
    type(input, "   ");
    expect(send.disabled).toBe(true);
    fireEvent.submit(input.form!);
    expect(screen.queryByText("Assistant is typing…")).toBeNull();
  });

  it("blocks sending while a reply is pending, and replies after the scripted delay", async () => {
    const { input, send } = await openChat();
    type(input, "how do I add users");
    fireEvent.click(send);
    expect(screen.getByText("how do I add users")).toBeTruthy();
    expect(screen.getByText("Assistant is typing…")).toBeTruthy();
    type(input, "another question");
    expect(send.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(799));
    expect(screen.queryByText("User management needs administrator privileges.")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("User management needs administrator privileges.")).toBeTruthy();
    expect(send.disabled).toBe(false);
  });

  it("waits at most the maximum delay", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.9999);
    const { input, send } = await openChat();
    type(input, "invoice");
    fireEvent.click(send);
    act(() => vi.advanceTimersByTime(2299));
    expect(screen.queryByText("Invoices live under Finance.")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("Invoices live under Finance.")).toBeTruthy();
  });

  it("recalls the last 20 sent messages with ArrowUp and ArrowDown", async () => {
    const { input } = await openChat();
    for (let i = 1; i <= 21; i++) {
      type(input, `question ${i}`);
      fireEvent.submit(input.form!);
      act(() => vi.advanceTimersByTime(2300));
    }
    type(input, "draft");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.value).toBe("question 21");
    for (let i = 0; i < 25; i++) fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.value).toBe("question 2");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.value).toBe("question 3");
    for (let i = 0; i < 30; i++) fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.value).toBe("draft");
  });

  it("sends feedback on a bot reply", async () => {
    const server = fakeServer({ "POST /ui/chat-feedback": { received: true } });
    const { input, send } = await openChat();
    type(input, "invoice");
    fireEvent.click(send);
    act(() => vi.advanceTimersByTime(800));
    fireEvent.click(screen.getByRole("button", { name: "Not helpful" }));
    expect(screen.getByText("Thanks for your feedback!")).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    const [request] = server.to("POST", "/ui/chat-feedback");
    expect(request.body).toMatchObject({ helpful: false, content: "Invoices live under Finance." });
    expect(typeof (request.body as { message_id: unknown }).message_id).toBe("string");
  });
});

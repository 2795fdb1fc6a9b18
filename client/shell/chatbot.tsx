/**
 * The scripted help chatbot: closed (a launcher button), open, or minimised (a
 * bar). The chat panel itself is loaded on first opening and then kept, so the
 * conversation survives minimising and closing. Once closed (a Close button or
 * Escape in the panel), the keyboard goes back to the launcher.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Icon } from "../ui/icons.tsx";
import type { ChatScript } from "./chat-script.ts";

const ChatPanel = lazy(() => import("./chat-panel.tsx").then((m) => ({ default: m.ChatPanel })));

type ChatView = "closed" | "open" | "minimized";

/** The chatbot. */
export function Chatbot({ script }: { script: ChatScript }) {
  const [view, setView] = useState<ChatView>("closed");
  const [opened, setOpened] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const focusLauncher = useRef(false);

  useEffect(() => {
    if (view !== "closed" || !focusLauncher.current) return;
    focusLauncher.current = false;
    launcher.current?.focus();
  }, [view]);

  function close(): void {
    focusLauncher.current = true;
    setView("closed");
  }

  function open(): void {
    setOpened(true);
    setView("open");
  }

  return (
    <>
      {view === "closed"
        ? (
          <button
            ref={launcher}
            type="button"
            className="chat-launcher"
            aria-label={`Open ${script.title}`}
            onClick={open}
          >
            <Icon name="chat" size={22} />
          </button>
        )
        : null}
      {view === "minimized"
        ? (
          <div className="chat-minimized">
            <button
              type="button"
              className="chat-restore"
              aria-label={`Restore ${script.title}`}
              onClick={open}
            >
              <Icon name="chat" size={16} /> {script.title}
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Close ${script.title}`}
              onClick={close}
            >
              <Icon name="close" size={16} />
            </button>
          </div>
        )
        : null}
      {opened
        ? (
          <Suspense fallback={null}>
            <ChatPanel
              script={script}
              hidden={view !== "open"}
              onMinimize={() => setView("minimized")}
              onClose={close}
            />
          </Suspense>
        )
        : null}
    </>
  );
}

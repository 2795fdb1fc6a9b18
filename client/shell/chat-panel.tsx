/**
 * The open help chat: the conversation, scripted replies after a simulated delay,
 * helpful / not helpful feedback on each bot reply (sent to the feedback path),
 * suggestions, and the message box. Send is disabled while the input is blank or a
 * reply is pending; ArrowUp and ArrowDown recall earlier messages. Shown, it puts
 * the cursor in the message box; Escape inside it closes it. It stays mounted
 * (hidden) while the chat is minimised or closed, so the conversation is kept.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { apiRequest } from "../api/api-client.ts";
import { Icon } from "../ui/icons.tsx";
import { type ChatScript, pickReply, replyDelay } from "./chat-script.ts";
import { useInputHistory } from "./use-input-history.ts";

/** A chat message of the spec. */
interface ChatMessage {
  id: string;
  type: "bot" | "user";
  content: string;
  timestamp: number;
  suggestions?: string[];
  metadata?: { category?: string; helpful?: boolean };
}

let messageCount = 0;
function newMessage(fields: Omit<ChatMessage, "id" | "timestamp">): ChatMessage {
  messageCount += 1;
  return { id: `msg-${Date.now().toString(36)}-${messageCount}`, timestamp: Date.now(), ...fields };
}

/** Props of the chat panel. */
export interface ChatPanelProps {
  script: ChatScript;
  hidden: boolean;
  onMinimize(): void;
  onClose(): void;
}

/** The chat panel. */
export function ChatPanel({ script, hidden, onMinimize, onClose }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    newMessage({ type: "bot", content: script.greeting }),
  ]);
  const [input, setInput] = useState("");
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const history = useInputHistory(script.historySize);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  // Opened or restored, the chat is where the keyboard goes: straight to typing.
  useEffect(() => {
    if (!hidden) inputRef.current?.focus();
  }, [hidden]);
  useEffect(() => {
    logRef.current?.scrollTo?.({ top: logRef.current.scrollHeight });
  }, [messages, pending, hidden]);

  function send(text: string): void {
    const content = text.trim();
    if (content === "" || pending) return;
    history.record(content);
    setMessages((all) => [...all, newMessage({ type: "user", content })]);
    setInput("");
    setPending(true);
    const reply = pickReply(script, content);
    timer.current = setTimeout(() => {
      setMessages((all) => [
        ...all,
        newMessage({
          type: "bot",
          content: reply.content,
          suggestions: reply.suggestions,
          metadata: { category: reply.category },
        }),
      ]);
      setPending(false);
    }, replyDelay(script.delayMs));
  }

  function giveFeedback(message: ChatMessage, helpful: boolean): void {
    setMessages((all) =>
      all.map((m) => m.id === message.id ? { ...m, metadata: { ...m.metadata, helpful } } : m)
    );
    apiRequest(script.feedbackPath, {
      method: "POST",
      body: { message_id: message.id, helpful, content: message.content },
    }).catch((error) => console.warn("Chat feedback was not sent", error));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const recalled = event.key === "ArrowUp"
      ? history.older(input)
      : event.key === "ArrowDown"
      ? history.newer()
      : undefined;
    if (recalled === undefined) return;
    event.preventDefault();
    setInput(recalled);
  }

  const lastBot = [...messages].reverse().find((m) => m.type === "bot");
  return (
    <aside
      className="chatbot"
      aria-label={script.title}
      hidden={hidden}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.nativeEvent.isComposing) return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="chat-header">
        <h2 className="chat-title">{script.title}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={`Minimize ${script.title}`}
          onClick={onMinimize}
        >
          <Icon name="minimize" size={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Close ${script.title}`}
          onClick={onClose}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
      <div className="chat-log" role="log" aria-live="polite" ref={logRef}>
        {messages.map((message) => (
          <div key={message.id} className={`chat-message is-${message.type}`}>
            <p className="chat-bubble">{message.content}</p>
            {message.type === "bot" && message !== messages[0]
              ? (
                <Feedback
                  message={message}
                  onFeedback={(helpful) => giveFeedback(message, helpful)}
                />
              )
              : null}
            {message === lastBot && !pending && message.suggestions?.length
              ? (
                <div className="chat-suggestions">
                  {message.suggestions.map((s) => (
                    <button
                      key={s}
                      type="button"
                      className="chip"
                      onClick={() => send(s)}
                    >
                      {s}
                    </button>
                  ))}
                </div>
              )
              : null}
          </div>
        ))}
        {pending ? <p className="chat-typing">Assistant is typing…</p> : null}
      </div>
      <form
        className="chat-form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          send(input);
        }}
      >
        <input
          ref={inputRef}
          aria-label="Message"
          placeholder={script.placeholder}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={input.trim() === "" || pending}
        >
          <Icon name="send" size={16} /> Send
        </button>
      </form>
    </aside>
  );
}

function Feedback(
  { message, onFeedback }: { message: ChatMessage; onFeedback(helpful: boolean): void },
) {
  const given = message.metadata?.helpful;
  if (given !== undefined) return <p className="chat-feedback-thanks">Thanks for your feedback!</p>;
  return (
    <div className="chat-feedback">
      <button type="button" className="text-button" onClick={() => onFeedback(true)}>
        Helpful
      </button>
      <button type="button" className="text-button" onClick={() => onFeedback(false)}>
        Not helpful
      </button>
    </div>
  );
}

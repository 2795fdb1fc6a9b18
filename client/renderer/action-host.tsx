/**
 * What actions need from the app around the renderer: toasts, confirmation, signing
 * out, where home is, and what to do with a new session. The app root provides it;
 * the defaults keep a screen usable on its own (in tests, for example).
 */
import { createContext, useContext } from "react";
import type { Tone } from "../../schemas/descriptor/mod.ts";
import { type SessionAnswer, signOut } from "../api/session.ts";

/** Services the renderer's actions call. */
export interface ActionHost {
  toast(text: string, tone?: Tone): void;
  confirm(question: string): boolean | Promise<boolean>;
  signOut(): void | Promise<void>;
  /** Where go-back leads when there is no history entry to go back to. */
  homePath: string;
  /** Stores a sign-in or register answer and goes on to the next page. */
  startSession(answer: SessionAnswer): void | Promise<void>;
}

const defaultHost: ActionHost = {
  toast: (text) => console.info(text),
  confirm: (question) => globalThis.confirm?.(question) ?? true,
  signOut: () => signOut(),
  homePath: "/",
  startSession: () => undefined,
};

/** Provides the action host to the screens below. */
export const ActionHostContext = createContext<ActionHost>(defaultHost);

/** The action host of the app. */
export function useActionHost(): ActionHost {
  return useContext(ActionHostContext);
}

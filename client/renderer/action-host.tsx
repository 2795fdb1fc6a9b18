/**
 * What actions need from the app around the renderer: toasts, confirmation, signing
 * out, where home is, and what to do with a new session. The app root provides it
 * (its confirmation is the product's own dialog, never the browser's); the
 * defaults keep a screen usable on its own (in tests, for example), and refuse
 * whatever asks to be confirmed, since no one could answer.
 */
import { createContext, useContext } from "react";
import type { Tone } from "../../schemas/descriptor/mod.ts";
import { type SessionAnswer, signOut } from "../api/session.ts";
import type { Confirmation } from "../shell/confirm-dialog.tsx";
import type { ToastOptions } from "../shell/toasts.tsx";

/** Services the renderer's actions call. */
export interface ActionHost {
  toast(text: string, tone?: Tone, options?: ToastOptions): void;
  /** Asks before an action; resolves true when the person goes ahead. */
  confirm(confirmation: Confirmation): boolean | Promise<boolean>;
  signOut(): void | Promise<void>;
  /** Where go-back leads when there is no history entry to go back to. */
  homePath: string;
  /** Stores a sign-in or register answer and goes on to the next page. */
  startSession(answer: SessionAnswer): void | Promise<void>;
}

const defaultHost: ActionHost = {
  toast: (text) => console.info(text),
  confirm: () => false,
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

/**
 * The help chatbot's script: a reply is chosen by the keywords the message
 * contains (the reply matching most keywords wins; the first on a tie), else the
 * fallback reply, and arrives after a random delay within the script's bounds.
 */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";

/** The chatbot script of the shell descriptor. */
export type ChatScript = ShellDescriptor["chatbot"];

/** A chosen reply. */
export interface ScriptedReply {
  content: string;
  category: string;
  suggestions: string[];
}

/** The reply to a message. */
export function pickReply(script: ChatScript, message: string): ScriptedReply {
  const text = message.toLowerCase();
  let best: ChatScript["replies"][number] | undefined;
  let bestHits = 0;
  for (const reply of script.replies) {
    const hits = reply.keywords.filter((keyword) => text.includes(keyword.toLowerCase())).length;
    if (hits > bestHits) {
      best = reply;
      bestHits = hits;
    }
  }
  return best
    ? { content: best.reply, category: best.category, suggestions: best.suggestions ?? [] }
    : { content: script.fallbackReply, category: "general", suggestions: [] };
}

/** A delay in [min, max] milliseconds. */
export function replyDelay(
  bounds: { min: number; max: number },
  random: () => number = Math.random,
): number {
  return Math.round(bounds.min + random() * Math.max(0, bounds.max - bounds.min));
}

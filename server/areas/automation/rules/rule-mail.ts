/** TEMPORARY until the email templates land. */
import type { ActionOutcome, ActionScope } from "./rule-actions.ts";

export function sendRuleMail(
  _scope: ActionScope,
  _params: Record<string, unknown>,
): Promise<ActionOutcome> {
  return Promise.reject(new Error("Email templates are not available yet"));
}

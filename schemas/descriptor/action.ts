/**
 * Actions as data: what a button, a row or a form submission does. The client runs
 * them; the server decides which exist. Paths may hold `{name}` placeholders filled
 * from route params, screen state or the current item (URI-encoded), and `{+name}`
 * placeholders that take a whole app path (`/…`) from them unencoded (anything else
 * becomes empty, so a value can never lead off the app).
 */
import { z } from "zod";
import { JsonTemplate, Text } from "./value.ts";

const Navigate = z.object({ kind: z.literal("navigate"), to: z.string().min(1) }).strict();
const GoBack = z.object({ kind: z.literal("go-back") }).strict();
/** Opens the browser's print dialog for the page (the app's frame is left off the paper). */
const Print = z.object({ kind: z.literal("print") }).strict();
const SignOut = z.object({ kind: z.literal("sign-out") }).strict();
const SetState = z.object({
  kind: z.literal("set-state"),
  values: z.record(z.string(), JsonTemplate).describe(
    "state key → value ({$field} reads the item)",
  ),
  clear: z.array(z.string()).optional().describe("state keys reset to their initial value"),
}).strict();
const OpenDialog = z.object({ kind: z.literal("open-dialog"), id: z.string() }).strict();
const CloseDialog = z.object({ kind: z.literal("close-dialog"), id: z.string() }).strict();
const Refresh = z.object({
  kind: z.literal("refresh"),
  sources: z.array(z.string()).optional().describe("sources to reload; all when left out"),
}).strict();
const Download = z.object({
  kind: z.literal("download"),
  source: z.string().describe("a source; with format file, an API path ({name} placeholders)"),
  path: z.string().optional(),
  filename: z.string(),
  format: z.enum(["csv", "json", "file"]).describe("file: the bytes the API path answers"),
}).strict();
const Call = z.object({
  kind: z.literal("call"),
  method: z.enum(["POST", "PUT", "PATCH", "DELETE"]),
  path: z.string().regex(/^\//, "must start with /"),
  body: z.record(z.string(), JsonTemplate).optional(),
  invalidate: z.array(z.string()).optional().describe("sources to reload after success"),
  toast: z.string().optional().describe("text of a toast shown after success"),
  confirm: Text.optional().describe(
    "question asked before the call; a field reference reads the row acted on",
  ),
  confirmLabel: z.string().optional().describe(
    "the confirmation's button that makes the call, naming it ('Turn off module')",
  ),
  keepLabel: z.string().optional().describe(
    "the confirmation's button that leaves things as they are ('Keep it on')",
  ),
}).strict();

/** One action. */
export const Action = z.discriminatedUnion("kind", [
  Navigate,
  GoBack,
  Print,
  SignOut,
  SetState,
  OpenDialog,
  CloseDialog,
  Refresh,
  Download,
  Call,
]).meta({ id: "action" });
export type Action = z.input<typeof Action>;

/** Action kinds the client must implement. */
export const ACTION_KINDS = Action.options.map((o) => o.shape.kind.value);

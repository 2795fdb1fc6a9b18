/**
 * The descriptor language shared by server and client: screens, widgets, bindings,
 * actions, the route table and the shell. The server validates every descriptor
 * against these schemas before sending it; the client validates what it receives
 * against the JSON Schema generated from them.
 */
export * from "./value.ts";
export * from "./action.ts";
export * from "./widgets.ts";
export * from "./screen.ts";
export * from "./routes.ts";
export * from "./shell.ts";

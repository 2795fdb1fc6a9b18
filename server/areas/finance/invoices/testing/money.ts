/** Calls the finance tests share: records through the engine's API as a signed-in person. */
import type { TestApp } from "../../../../testing/test-app.ts";

/** A JSON object answer. */
export type Json = Record<string, unknown>;

/** A record API client of one person: create, read, act, list; answers as status and body. */
export async function recordsAs(app: TestApp, email: string) {
  const token = await app.tokenFor(email);
  const send = async (method: "GET" | "POST" | "PATCH", path: string, body?: Json) => {
    const response = await app.call(method, path, { token, ...(body ? { body } : {}) });
    return { status: response.status, body: await response.json() as Json };
  };
  return {
    create: (type: string, values: Json) => send("POST", `/api/records/${type}`, { values }),
    get: (type: string, id: string) => send("GET", `/api/records/${type}/${id}`),
    update: (type: string, id: string, version: number, values: Json) =>
      send("PATCH", `/api/records/${type}/${id}`, { version, values }),
    act: async (type: string, id: string, action: string, comment?: string) => {
      const current = await send("GET", `/api/records/${type}/${id}`);
      const version = (current.body.record as Json).version as number;
      return await send("POST", `/api/records/${type}/${id}/actions/${action}`, {
        version,
        ...(comment ? { comment } : {}),
      });
    },
    list: (type: string, request: Json = {}) => send("POST", `/api/records/${type}/list`, request),
    post: (path: string, body: Json) => send("POST", path, body),
  };
}

/** The record of a create or read answer. */
export function recordOf(answer: { body: Json }): Json {
  return answer.body.record as Json;
}

/** The error message of a refused call. */
export function messageOf(answer: { body: Json }): string {
  return ((answer.body.error ?? {}) as { message?: string }).message ?? "";
}

/** The fields a 400 names. */
export function fieldsOf(answer: { body: Json }): Json {
  const error = (answer.body.error ?? {}) as { details?: { fields?: Json } };
  return error.details?.fields ?? {};
}

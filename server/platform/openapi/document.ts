/**
 * The OpenAPI 3.1 document, generated from the endpoint declarations and the very
 * zod schemas the server validates with.
 */
import { z } from "zod";
import type { Api } from "../http/api.ts";

const ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, details: {} },
    },
  },
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}

/** Builds the document for every endpoint declared on `api`. */
export function buildOpenApiDocument(api: Api, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of api.endpoints) {
    const path = spec.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const parameters: unknown[] = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    if (spec.query) {
      const query = jsonSchema(spec.query, "input") as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({
          name,
          in: "query",
          required: query.required?.includes(name) ?? false,
          schema,
        });
      }
    }
    const status = String(spec.status ?? 200);
    const operation: Record<string, unknown> = {
      tags: [spec.tag],
      summary: spec.summary,
      operationId: `${spec.method}${path.replace(/[^A-Za-z0-9]+/g, "_")}`,
      responses: {
        [status]: {
          description: "Success",
          content: {
            "application/json": {
              schema: spec.response ? jsonSchema(spec.response, "output") : {},
            },
          },
        },
        "400": { description: "Invalid input", content: { "application/json": { schema: ERROR } } },
        ...(spec.audience === "public" ? {} : {
          "401": {
            description: "Not signed in",
            content: { "application/json": { schema: ERROR } },
          },
          "403": {
            description: "Not allowed (permission or module)",
            content: { "application/json": { schema: ERROR } },
          },
        }),
      },
    };
    if (spec.description) operation.description = spec.description;
    if (spec.reads) operation["x-reads"] = true;
    if (parameters.length) operation.parameters = parameters;
    if (spec.audience !== "public") operation.security = [{ bearer: [] }];
    if (spec.body) {
      operation.requestBody = {
        required: true,
        content: {
          [spec.bodyFormat === "multipart" ? "multipart/form-data" : "application/json"]: {
            schema: jsonSchema(spec.documentedBody ?? spec.body, "input"),
          },
        },
      };
    }
    paths[path] ??= {};
    paths[path][spec.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Opsuite API",
      version,
      description:
        "Business operations suite. Every call answers errors as { error: { code, message, details? } }.",
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    paths,
  };
}

/**
 * Declares API endpoints once: method, path, who may call, request and response
 * schemas. The same declaration validates requests (zod, strict: unknown fields and
 * query parameters it does not declare are refused), authenticates and authorises
 * the caller, enforces module ownership, and feeds the OpenAPI document, so the
 * document cannot drift from what is enforced.
 *
 * A body is read last, within the call's size limit (1 MiB unless it declares
 * more), after the caller is authenticated, the module guard has passed and the
 * permission the call declares is held: a caller who may not make the call is
 * refused before a byte of their body is read. A call that takes more than the
 * default must declare that permission, so no large body is read for anyone.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Access } from "../access/access.ts";
import { forbidden, unauthenticated } from "../errors/app-error.ts";
import { authorize, requireAuthorized } from "../access/authorize.ts";
import { guardPath } from "../catalogue/module-guard.ts";
import type { AppEnv } from "./app-env.ts";
import { validate } from "./json-body.ts";
import { type BodyFormat, readRequestBody } from "./request-body.ts";
import type { BodyLimit } from "./body-limit.ts";
import { Uploads } from "./uploaded-file.ts";
import { BodyMemory } from "./body-memory.ts";
import { actingFor } from "../../db/change-context.ts";

/** The query of a call that declares none. */
const NO_QUERY = z.object({}).strict();

/** Who may call an endpoint: anyone, any signed-in user, staff (not portal users), or portal users only. */
export type Audience = "public" | "user" | "staff" | "portal";

type AccessFor<A extends Audience> = A extends "public" ? Access | undefined : Access;

/** One endpoint's declaration. */
export interface EndpointSpec<
  A extends Audience,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  /**
   * A POST that only reads (the spec's lists, searches and figures), or reads when
   * sent only its required fields (a preview that stores with `apply`). The
   * OpenAPI document marks it `x-reads`, and the canary crawl
   * (tests/contract/canary-crawl.test.ts) calls it, with every GET, as every demo
   * account, so what it shows is held to the record visibility rule.
   */
  reads?: true;
  tag: string;
  summary: string;
  description?: string;
  audience: A;
  body?: B;
  /**
   * The body as documented, when the call validates a looser shape and checks the
   * rest itself (a record's values are checked field by field by the record engine,
   * which names each failing field).
   */
  documentedBody?: z.ZodType;
  /** How the body is sent: JSON (the default), or a multipart form for calls that take files. */
  bodyFormat?: BodyFormat;
  /** A larger body than the app's default (a file, an import); needs `permission`. */
  bodyLimit?: BodyLimit;
  /**
   * The permission the call needs, checked before its body is read: any one of
   * `actions` on `module` (a refusal names the last).
   */
  permission?: { module: string; actions: readonly [string, ...string[]] };
  query?: Q;
  response?: z.ZodType;
  status?: 200 | 201 | 202;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** What a handler receives besides the context. */
export interface EndpointInput<A extends Audience, B, Q> {
  access: AccessFor<A>;
  body: Infer<B>;
  query: Infer<Q>;
}

/** Authenticates a request; returns null without a usable token. */
export type Authenticator = (c: Context<AppEnv>) => Promise<Access | null>;

/** The registry of endpoints on one Hono app. */
export class Api {
  readonly endpoints: EndpointSpec<Audience, z.ZodType | undefined, z.ZodType | undefined>[] = [];
  readonly #app: Hono<AppEnv>;
  readonly #authenticate: Authenticator;
  readonly #bodyLimit: BodyLimit;

  constructor(app: Hono<AppEnv>, authenticate: Authenticator, options: { bodyLimit: BodyLimit }) {
    this.#app = app;
    this.#authenticate = authenticate;
    this.#bodyLimit = options.bodyLimit;
  }

  /** Declares an endpoint and its handler. */
  route<
    A extends Audience,
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
  >(
    spec: EndpointSpec<A, B, Q>,
    handler: (c: Context<AppEnv>, input: EndpointInput<A, B, Q>) => Response | Promise<Response>,
  ): void {
    const limit = spec.bodyLimit ?? this.#bodyLimit;
    if (limit.bytes > this.#bodyLimit.bytes && (!spec.permission || spec.audience === "public")) {
      throw new Error(
        `${spec.method.toUpperCase()} ${spec.path}: a body over the default limit needs a declared permission`,
      );
    }
    this.endpoints.push(
      spec as EndpointSpec<Audience, z.ZodType | undefined, z.ZodType | undefined>,
    );
    const multipart = spec.bodyFormat === "multipart";
    // A call that only reads is given the same value for the same JSON bytes.
    const memory = spec.reads && spec.body && !multipart ? new BodyMemory() : undefined;
    this.#app.on(spec.method.toUpperCase(), spec.path, async (c) => {
      const access = await this.#authenticate(c);
      if (spec.audience !== "public") {
        if (!access) throw unauthenticated();
        if (spec.audience === "staff" && access.user.is_client_portal_user) {
          throw forbidden("Client portal users cannot use this call");
        }
        if (spec.audience === "portal" && !access.user.is_client_portal_user) {
          throw forbidden("This call is for client portal users");
        }
        guardPath(access, c.req.path);
        if (spec.permission) requirePermission(access, spec.permission);
      }
      if (access) c.set("access", access);
      // A call that declares no query takes none: an unknown parameter is refused by
      // name. A URL without a query gives such a call nothing to refuse.
      const query = spec.query || c.req.url.includes("?")
        ? validate(c.req.query(), spec.query ?? NO_QUERY, "query")
        : undefined;
      // A form's files live on disk until the handler has answered.
      const uploads = multipart ? new Uploads() : undefined;
      try {
        const body = spec.body
          ? await readRequestBody(c, spec.body, {
            format: spec.bodyFormat,
            limit,
            uploads,
            memory,
          })
          : undefined;
        return await actingFor(
          access?.organizationId,
          () =>
            handler(c, {
              access,
              body,
              query: spec.query ? query : undefined,
            } as EndpointInput<A, B, Q>),
        );
      } finally {
        await uploads?.remove();
      }
    });
  }
}

function requirePermission(
  access: Access,
  { module, actions }: { module: string; actions: readonly string[] },
): void {
  if (actions.some((action) => authorize(access, module, action))) return;
  requireAuthorized(access, module, actions[actions.length - 1]);
}

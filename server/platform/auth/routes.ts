/** The auth calls: login, refresh, logout, me, register, accept-invitation. */
import {
  EmptyRequest,
  LoginRequest,
  LogoutRequest,
  OkResponse,
  RefreshRequest,
  RegisterRequest,
  RegistrationReceived,
  Session,
  User,
} from "../../../schemas/api/auth.ts";
import { AcceptInvitationRequest } from "../../../schemas/api/admin.ts";
import type { Api } from "../http/api.ts";
import { clientLimitKey } from "../http/client-address.ts";
import type { AuthService } from "./service.ts";

/** Declares the auth endpoints. */
export function authRoutes(api: Api, auth: AuthService, options: { trustedProxies: number }): void {
  api.route(
    {
      method: "post",
      path: "/auth/login",
      tag: "Auth",
      summary: "Sign in with email and password",
      description:
        'Wrong password and unknown email both answer 401 "Invalid email or password". Failed attempts are limited per account and per client address (429 with Retry-After).',
      audience: "public",
      body: LoginRequest,
      response: Session,
    },
    async (c, { body }) =>
      c.json(
        await auth.login(body.email, body.password, clientLimitKey(c, options.trustedProxies)),
      ),
  );

  api.route({
    method: "post",
    path: "/auth/refresh",
    tag: "Auth",
    summary: "Exchange a refresh token for new tokens of its session (the old token stops working)",
    description:
      "Presenting a just-rotated token again within 30 seconds answers the same pair; later, it ends the session (401 session_ended). An idle session answers 401 session_idle.",
    audience: "public",
    body: RefreshRequest,
    response: Session,
  }, async (c, { body }) => c.json(await auth.refresh(body.refresh_token)));

  api.route({
    method: "post",
    path: "/auth/logout",
    tag: "Auth",
    summary: "Sign out: ends the session of the refresh token and of the bearer token",
    description:
      "The session ends at once: its refresh tokens and every access token of it are refused from then on (401).",
    audience: "public",
    body: LogoutRequest,
    response: OkResponse,
  }, async (c, { access, body }) => {
    await auth.logout(body.refresh_token, access?.sessionId);
    return c.json({ ok: true as const });
  });

  api.route({
    method: "post",
    path: "/auth/me",
    reads: true,
    tag: "Auth",
    summary: "The signed-in user",
    audience: "user",
    body: EmptyRequest,
    response: User,
  }, async (c, { access }) => c.json(await auth.me(access)));

  api.route({
    method: "post",
    path: "/auth/register",
    tag: "Auth",
    summary: "Create an account and a new organisation you administer",
    description:
      "Answers 202 with the same body whether or not the email already has an account; an existing account is left unchanged. Limited per client address (429 with Retry-After).",
    audience: "public",
    body: RegisterRequest,
    response: RegistrationReceived,
    status: 202,
  }, async (c, { body }) => c.json(await auth.register(body), 202));

  api.route({
    method: "post",
    path: "/auth/accept-invitation",
    tag: "Auth",
    summary: "Set a password with a one-time invitation link",
    description:
      "A staff or client portal invitation. Limited per client address (429 with Retry-After).",
    audience: "public",
    body: AcceptInvitationRequest,
    response: OkResponse,
  }, async (c, { body }) => {
    await auth.acceptInvitation(body);
    return c.json({ ok: true as const });
  });
}

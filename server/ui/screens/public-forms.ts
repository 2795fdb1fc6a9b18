/**
 * Public pages with data or forms: the API reference (from the OpenAPI document),
 * live status, contact and demo forms, sign-in and registration.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { newPasswordField } from "./person-fields.ts";
import { REGISTRATION_RECEIVED } from "../../platform/auth/registration.ts";

const EMAIL_MESSAGES = { required: "Email is required", invalid: "Enter a valid email address" };

function signInForm(id: string, title: string, to: string): Node {
  return {
    type: "form",
    id,
    fields: [
      {
        name: "email",
        label: "Email *",
        kind: "email",
        required: true,
        autocomplete: "username",
        messages: EMAIL_MESSAGES,
      },
      {
        name: "password",
        label: "Password *",
        kind: "password",
        required: true,
        autocomplete: "current-password",
        messages: { required: "Password is required" },
      },
    ],
    submit: {
      label: title,
      method: "POST",
      path: "/auth/login",
      session: true,
      onSuccess: { kind: "navigate", to },
    },
  };
}

/** Public screens with data or forms. */
export const PUBLIC_FORM_SCREENS: ScreenDef[] = [
  {
    id: "accept-invitation",
    audience: "guest",
    build: () => ({
      ...head("accept-invitation", "Accept invitation", "static"),
      sources: {
        invitation: {
          method: "POST",
          path: "/auth/invitation/preview",
          body: { token: { $query: "token" } },
          critical: true,
        },
      },
      errorPanel: {
        title: "This invitation link cannot be used",
        text: "It has been used already or has expired. Ask whoever invited you for a new one.",
        retryLabel: "Try again",
      },
      body: {
        type: "page",
        title: "Welcome! Choose your password",
        // One page for an address with an account and one without: the link's holder
        // may be the inviter, who must not learn which it is.
        description:
          "Already have an Opsuite account with this email? Enter its current password instead: it stays as it is.",
        children: [{
          type: "key-value",
          items: [
            { label: "Organization", value: { $bind: "invitation", path: "organization_name" } },
            { label: "Email", value: { $bind: "invitation", path: "email" } },
          ],
        }, {
          type: "form",
          id: "accept-invitation",
          fields: [newPasswordField("Password *")],
          submit: {
            label: "Accept invitation",
            method: "POST",
            path: "/auth/accept-invitation",
            extra: { token: { $query: "token" } },
            successText: "Invitation accepted. You can sign in now.",
            onSuccess: { kind: "navigate", to: "/login" },
          },
        }],
      },
    }),
  },
  {
    id: "api",
    audience: "public",
    build: () => ({
      ...head("api", "API Reference", "static"),
      sources: {
        operations: {
          method: "GET",
          path: "/api/openapi/operations",
          select: "operations",
          emptyText: "No calls documented",
          errorText: "Could not load the API reference",
        },
      },
      body: {
        type: "page",
        title: "API Reference",
        description:
          "Every call of the product, generated from the OpenAPI 3.1 document at /api/openapi.json.",
        children: [
          { type: "link", text: "Download openapi.json", to: "/api/openapi.json", external: true },
          {
            type: "table",
            source: "operations",
            columns: [
              { key: "method", label: "Method", sortable: true },
              { key: "path", label: "Path", sortable: true },
              { key: "tag", label: "Area", sortable: true },
              { key: "summary", label: "What it does" },
              { key: "access", label: "Who may call" },
            ],
            pageSize: 50,
            defaultSort: { key: "path", direction: "asc" },
            emptyText: "No calls documented",
          },
        ],
      },
    }),
  },
  {
    id: "status",
    audience: "public",
    build: () => ({
      ...head("status", "System Status", "dynamic"),
      sources: {
        health: {
          method: "GET",
          path: "/api/health",
          refreshMs: 15_000,
          errorText: "The server did not answer",
        },
      },
      body: {
        type: "page",
        title: "System Status",
        children: [
          {
            type: "grid",
            columns: 3,
            children: [
              {
                type: "stat",
                label: "Status",
                value: { $bind: "health", path: "status" },
                tone: {
                  $match: {
                    value: { $bind: "health", path: "status" },
                    cases: { ok: "success" },
                    otherwise: "danger",
                  },
                },
              },
              {
                type: "stat",
                label: "Database latency",
                value: {
                  $bind: "health",
                  path: "database.latency_ms",
                  format: "number",
                  suffix: " ms",
                },
              },
              {
                type: "stat",
                label: "Uptime",
                value: { $bind: "health", path: "uptime_seconds", format: "integer", suffix: " s" },
              },
            ],
          },
          {
            type: "text",
            text: { $bind: "health", path: "time", format: "datetime", prefix: "Checked " },
            variant: "muted",
          },
        ],
      },
    }),
  },
  {
    id: "contact",
    audience: "public",
    build: () => ({
      ...head("contact", "Contact", "static"),
      body: {
        type: "page",
        title: "Contact us",
        description: "We answer within one working day.",
        children: [{
          type: "form",
          id: "contact",
          fields: [
            {
              name: "name",
              label: "Name *",
              kind: "text",
              required: true,
              minLength: 2,
              messages: { required: "Enter your name", minLength: "Enter your name" },
            },
            {
              name: "email",
              label: "Email *",
              kind: "email",
              required: true,
              messages: EMAIL_MESSAGES,
            },
            { name: "company", label: "Company", kind: "text" },
            {
              name: "message",
              label: "Message *",
              kind: "textarea",
              required: true,
              minLength: 10,
              messages: {
                required: "Write a message",
                minLength: "Tell us a little more (at least 10 characters)",
              },
            },
          ],
          submit: {
            label: "Send message",
            method: "POST",
            path: "/public/contact",
            successText: "Thanks! Your message has been sent.",
          },
        }],
      },
    }),
  },
  {
    id: "schedule-demo",
    audience: "public",
    build: () => ({
      ...head("schedule-demo", "Schedule a Demo", "static"),
      body: {
        type: "page",
        title: "Schedule a demo",
        description: "Pick a date and we will show you Opsuite with your own use case.",
        children: [{
          type: "form",
          id: "schedule-demo",
          fields: [
            {
              name: "name",
              label: "Name *",
              kind: "text",
              required: true,
              minLength: 2,
              messages: { required: "Enter your name" },
            },
            {
              name: "email",
              label: "Work email *",
              kind: "email",
              required: true,
              messages: EMAIL_MESSAGES,
            },
            {
              name: "company",
              label: "Company *",
              kind: "text",
              required: true,
              minLength: 2,
              messages: { required: "Enter your company" },
            },
            {
              name: "preferred_date",
              label: "Preferred date *",
              kind: "date",
              required: true,
              messages: { required: "Pick a date" },
            },
            { name: "message", label: "What would you like to see?", kind: "textarea" },
          ],
          submit: {
            label: "Request demo",
            method: "POST",
            path: "/public/schedule-demo",
            successText: "Thanks! We will confirm your demo by email.",
          },
        }],
      },
    }),
  },
  {
    id: "login",
    audience: "guest",
    build: () => ({
      ...head("login", "Sign in", "static"),
      body: {
        type: "page",
        title: "Sign in to Opsuite",
        children: [
          signInForm("login", "Sign in", "/app/dashboard"),
          { type: "link", text: "Forgot password?", to: "/forgot-password" },
          { type: "link", text: "No account yet? Create one", to: "/register" },
          { type: "link", text: "Are you a client? Use the client portal", to: "/client-portal" },
        ],
      },
    }),
  },
  {
    id: "register",
    audience: "guest",
    build: () => ({
      ...head("register", "Create your account", "static"),
      body: {
        type: "page",
        title: "Create your account",
        description: "You will administer a new organisation.",
        children: [
          {
            type: "form",
            id: "register",
            fields: [
              {
                name: "first_name",
                label: "First name *",
                kind: "text",
                required: true,
                messages: { required: "First name is required" },
              },
              {
                name: "last_name",
                label: "Last name *",
                kind: "text",
                required: true,
                messages: { required: "Last name is required" },
              },
              {
                name: "email",
                label: "Email *",
                kind: "email",
                required: true,
                autocomplete: "username",
                messages: EMAIL_MESSAGES,
              },
              newPasswordField("Password *"),
              {
                name: "organization_name",
                label: "Organization name *",
                kind: "text",
                required: true,
                minLength: 2,
                messages: { required: "Organization name is required" },
              },
            ],
            submit: {
              label: "Create account",
              method: "POST",
              path: "/auth/register",
              successText: REGISTRATION_RECEIVED.message,
              onSuccess: { kind: "navigate", to: "/login" },
            },
          },
          { type: "link", text: "Already have an account? Sign in", to: "/login" },
        ],
      },
    }),
  },
  {
    id: "client-portal",
    audience: "guest",
    build: () => ({
      ...head("client-portal", "Client Portal", "static"),
      body: {
        type: "page",
        title: "Client Portal",
        description: "Follow your projects' progress and milestones, and message the firm.",
        children: [
          signInForm("client-portal-login", "Sign in", "/client-portal/dashboard"),
          { type: "link", text: "Forgot password?", to: "/forgot-password" },
        ],
      },
    }),
  },
];

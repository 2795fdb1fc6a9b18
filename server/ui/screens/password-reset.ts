/**
 * The password reset screens: "Forgot password?" asks for a link by email, and the
 * link's page chooses a new password. The link's token is read from the page's
 * query string by the form (`{$query: "token"}`), so it never reaches the screen
 * request or the descriptor cache.
 */
import { FORGOT_ANSWER } from "../../platform/auth/password-reset.ts";
import { head, type ScreenDef } from "./screen-def.ts";
import { newPasswordField } from "./person-fields.ts";

/** The forgot-password and reset-password screens. */
export const PASSWORD_RESET_SCREENS: ScreenDef[] = [
  {
    id: "forgot-password",
    audience: "guest",
    build: () => ({
      ...head("forgot-password", "Forgot password", "static"),
      body: {
        type: "page",
        title: "Forgot your password?",
        description:
          "Enter the email you sign in with. We will send you a link to choose a new password; it works once, for 30 minutes.",
        children: [
          {
            type: "form",
            id: "forgot-password",
            fields: [{
              name: "email",
              label: "Email *",
              kind: "email",
              required: true,
              autocomplete: "username",
              messages: { required: "Email is required", invalid: "Enter a valid email address" },
            }],
            submit: {
              label: "Send reset link",
              method: "POST",
              path: "/auth/password/forgot",
              successText: FORGOT_ANSWER,
              resetOnSuccess: true,
            },
          },
          { type: "link", text: "Back to sign in", to: "/login" },
          { type: "link", text: "Client portal sign-in", to: "/client-portal" },
        ],
      },
    }),
  },
  {
    id: "reset-password",
    audience: "public",
    build: () => ({
      ...head("reset-password", "Choose a new password", "static"),
      body: {
        type: "page",
        title: "Choose a new password",
        description: "Choosing a new password signs you out everywhere you are signed in.",
        children: [
          {
            type: "form",
            id: "reset-password",
            fields: [newPasswordField("New password *")],
            submit: {
              label: "Set new password",
              method: "POST",
              path: "/auth/password/reset",
              extra: { token: { $query: "token" } },
              successText: "Your new password is set. Sign in with it.",
              onSuccess: { kind: "navigate", to: "{+sign_in_path}" },
            },
          },
          { type: "link", text: "Ask for a new link", to: "/forgot-password" },
        ],
      },
    }),
  },
];

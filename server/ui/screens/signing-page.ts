/**
 * The signing page a mailed link opens (`/sign/:token`), for someone with no
 * account in a fresh browser: the document exactly as it was printed for the
 * request (the `printed-document` widget the printable pages use) and its PDF,
 * the optional lines as checkboxes, a "Full name" field, Sign, and Decline with a
 * reason. Afterwards (or for a link already used or replaced) the page says where
 * the signer stands; an unknown link says so. The token stays in the address: the
 * descriptor is the same for every link and cached once.
 */
import { z } from "zod";
import { head, type ScreenDef } from "./screen-def.ts";

const SIGNING = "/api/signing/{token}";
const OPEN = { source: "signing", path: "signing.open", equals: true } as const;

/** `/sign/:token`. */
export const SIGNING_PAGE: ScreenDef = {
  id: "sign",
  audience: "public",
  params: z.object({ token: z.string().min(1).max(200) }).strict(),
  paramsKey: () => "",
  build: () => ({
    ...head("sign", "Sign a document", "static"),
    sources: {
      signing: {
        method: "POST",
        path: SIGNING,
        body: {},
        critical: true,
        label: "Document to sign",
        errorText: "This signing link is not valid: ask the sender for a new one",
      },
    },
    body: {
      type: "page",
      title: "Review and sign",
      children: [
        {
          type: "key-value",
          items: [
            { label: "Document", value: { $bind: "signing", path: "signing.name" } },
            { label: "Revision", value: { $bind: "signing", path: "signing.revision" } },
            { label: "For", value: { $bind: "signing", path: "signing.signer_name" } },
          ],
        },
        {
          type: "card",
          title: "Where this stands",
          tone: "info",
          visibleWhen: { source: "signing", path: "signing.answer", present: true },
          children: [{ type: "text", text: { $bind: "signing", path: "signing.answer" } }],
        },
        {
          type: "button",
          label: "Download PDF",
          variant: "secondary",
          action: {
            kind: "download",
            format: "file",
            source: `${SIGNING}/pdf`,
            filename: "document.pdf",
          },
        },
        { type: "printed-document", source: "signing", path: "document" },
        {
          type: "card",
          title: "Sign",
          visibleWhen: OPEN,
          children: [{
            type: "form",
            id: "sign-document",
            source: "signing",
            fields: [
              {
                name: "choices",
                label: "Optional lines you want",
                kind: "checkboxes",
                optionsSource: {
                  source: "signing",
                  path: "signing.optional_lines",
                  value: "value",
                  label: "label",
                },
                help: "Ticked lines are added to the total.",
              },
              {
                name: "signature_name",
                label: "Full name *",
                kind: "text",
                required: true,
                maxLength: 140,
                autocomplete: "name",
                help: "Typing your full name is your signature.",
                messages: { required: "Type your full name to sign" },
              },
            ],
            submit: {
              label: "Sign",
              method: "POST",
              path: `${SIGNING}/sign`,
              successText: "Thank you: you signed",
              invalidate: ["signing"],
            },
          }],
        },
        {
          type: "card",
          title: "Decline",
          visibleWhen: OPEN,
          children: [{
            type: "form",
            id: "decline-document",
            source: "signing",
            fields: [{
              name: "reason",
              label: "Why are you declining? *",
              kind: "textarea",
              required: true,
              maxLength: 2000,
              messages: { required: "Say why you decline, so the sender can answer" },
            }],
            submit: {
              label: "Decline",
              method: "POST",
              path: `${SIGNING}/decline`,
              successText: "You declined: the sender has been told why",
              invalidate: ["signing"],
            },
          }],
        },
      ],
    },
  }),
};

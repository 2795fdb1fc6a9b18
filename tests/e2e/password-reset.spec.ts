import { expect, type Page, test } from "@playwright/test";
import { acceptInvitation, inviteStaff } from "./invitation-steps.ts";
import { signIn, submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

async function openOutgoingMail(admin: Page): Promise<void> {
  await admin.goto("/app/settings");
  await admin.getByRole("tab", { name: "Outgoing mail" }).click();
  await expect(admin.getByRole("list").filter({ hasText: "Reset your Opsuite password" }))
    .toBeVisible();
}

test("a forgotten password is reset through the link in the outgoing mail", async ({ browser }) => {
  // Four people's pages and three page loads: longer than the default minute on a busy machine.
  test.setTimeout(120_000);
  // A person of their own, so that no other flow's demo password changes.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@acme.test", "/app/users");
  const email = `forgetful-${Date.now()}@acme.test`;
  await acceptInvitation(
    await (await browser.newContext()).newPage(),
    await inviteStaff(admin, email),
    "the-first-password",
  );

  const person = await (await browser.newContext()).newPage();
  await person.goto("/login");
  await person.getByRole("link", { name: "Forgot password?" }).click();
  await expect(person).toHaveURL(/\/forgot-password$/);
  await person.getByLabel("Email").fill(email);
  await person.getByRole("button", { name: "Send reset link" }).click();
  await expect(person.getByRole("region", { name: "Notices" }).getByText(/we have sent it a link/))
    .toBeVisible();

  await openOutgoingMail(admin);
  const row = admin.getByRole("listitem").filter({ hasText: `To: ${email}` }).filter({
    hasText: "Reset your Opsuite password",
  });
  await expect(row).toContainText("reset-password?token=");
  await reviewShot(admin, "outgoing-mail-desktop", { fullPage: true });
  // The link in the message's text is a link, as in the recipient's mail program.
  await row.getByRole("link", { name: /\/reset-password\?token=/ }).click();
  await expect(admin).toHaveURL(/\/reset-password\?token=/);
  const resetPath = new URL(admin.url()).pathname + new URL(admin.url()).search;

  await person.goto(resetPath);
  await person.getByLabel("New password").fill("the-second-password");
  await person.getByRole("button", { name: "Set new password" }).click();
  await expect(person).toHaveURL(/\/login$/);
  await submitSignIn(person, email, "the-first-password");
  await expect(person.getByText("Invalid email or password")).toBeVisible();
  await submitSignIn(person, email, "the-second-password");
  await expect(person).toHaveURL(/\/app\/dashboard$/);

  await person.goto(resetPath);
  await person.getByLabel("New password").fill("a-third-password");
  await person.getByRole("button", { name: "Set new password" }).click();
  await expect(person.getByText("not valid any more")).toBeVisible();
});

test("the portal sign-in offers a password reset, and the outgoing mail reads on a phone", async ({ browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } }))
    .newPage();
  await phone.goto("/client-portal");
  await phone.getByRole("link", { name: "Forgot password?" }).click();
  await expect(phone.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await phone.getByLabel("Email").fill("client@northwind.test");
  await phone.getByRole("button", { name: "Send reset link" }).click();
  await expect(phone.getByRole("region", { name: "Notices" }).getByText(/we have sent it a link/))
    .toBeVisible();
  await reviewShot(phone, "forgot-password-390");

  await signIn(phone, "admin@acme.test", "/app/dashboard");
  await openOutgoingMail(phone);
  const message = phone.getByRole("listitem").filter({ hasText: "To: client@northwind.test" })
    .filter({ hasText: "Reset your Opsuite password" }).first();
  await expect(message.getByRole("link", { name: /\/reset-password\?token=/ })).toBeVisible();
  await reviewShot(phone, "outgoing-mail-390", { fullPage: true });
});

import { expect, test } from "@playwright/test";
import { acceptInvitation, appPathOf, inviteStaff } from "./invitation-steps.ts";
import { DEMO_PASSWORD, signIn, submitSignIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

test("a staff invitation link lets the invited person choose a password and sign in", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@acme.test", "/app/users");
  const email = `staff-${Date.now()}@acme.test`;
  const link = await inviteStaff(admin, email);

  const invitee = await (await browser.newContext()).newPage();
  await acceptInvitation(invitee, link, "a-chosen-password");
  await submitSignIn(invitee, email, "a-chosen-password");
  await expect(invitee).toHaveURL(/\/app\/dashboard$/);
  await expect(invitee.getByRole("navigation", { name: "Main navigation" })).toBeVisible();

  const again = await (await browser.newContext()).newPage();
  await again.goto(appPathOf(link));
  await expect(again.getByRole("heading", { name: "This invitation link cannot be used" }))
    .toBeVisible();
});

test("an account of another organisation is invited like anyone and accepts with its own password", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@globex.test", "/app/users");
  const link = await inviteStaff(admin, "sales@acme.test");

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(appPathOf(link));
  await expect(invitee.getByText("Already have an Opsuite account with this email?")).toBeVisible();
  await expect(invitee.getByText("sales@acme.test")).toBeVisible();
  await reviewShot(invitee, "accept-invitation");
  // A password other than the account's own neither accepts nor changes it.
  await invitee.getByLabel("Password").fill("not-the-password-of-it");
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee.getByText("Enter the current password of the account with this email"))
    .toBeVisible();
  await acceptInvitation(invitee, link, DEMO_PASSWORD, "Globex Partners");
  await submitSignIn(invitee, "sales@acme.test");
  await expect(invitee).toHaveURL(/\/app\/dashboard$/);
  // Both organisations are theirs now; the switcher in the header lists them.
  await invitee.getByRole("button", { name: /^Switch organization:/ }).click();
  await expect(invitee.getByRole("menuitemradio", { name: /Globex Partners/ })).toBeVisible();
});

test("a portal invitation link lets the client's contact choose a password and use the portal", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@acme.test", "/app/clients");
  const form = admin.locator("form").filter({ hasText: "Create portal invitation" });
  const email = `contact-${Date.now()}@contoso.test`;
  await form.getByLabel("Client").selectOption({ label: "Contoso Ltd" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("First name").fill("Casey");
  await form.getByLabel("Last name").fill("Contact");
  await form.getByRole("button", { name: "Create portal invitation" }).click();
  const result = admin.locator(".form-result-value");
  await expect(result).toContainText("/accept-invitation?token=");
  const link = (await result.textContent())!;

  const contact = await (await browser.newContext({ viewport: { width: 390, height: 844 } }))
    .newPage();
  await contact.goto(appPathOf(link));
  await expect(contact.getByRole("heading", { name: "Welcome! Choose your password" }))
    .toBeVisible();
  await expect(contact.getByText(email)).toBeVisible();
  await reviewShot(contact, "accept-invitation-390");
  await acceptInvitation(contact, link, "a-portal-password");
  await contact.goto("/client-portal");
  await submitSignIn(contact, email, "a-portal-password");
  await expect(contact).toHaveURL(/\/client-portal\/dashboard$/);
  await expect(contact.getByText("Contoso Operations Review").first()).toBeVisible();
});

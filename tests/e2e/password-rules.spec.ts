/**
 * The accept-invitation page states the password rules under the field before
 * anything is typed, at desktop and phone size, and a password that keeps them is
 * accepted.
 */
import { expect, test } from "@playwright/test";
import { appPathOf, inviteStaff } from "./invitation-steps.ts";
import { signIn } from "./support.ts";
import { reviewShot } from "./review-shot.ts";

const RULES =
  "At least 10 characters. Any characters count: a few unrelated words make a strong password.";

for (
  const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const
) {
  test(`the invitation page states the password rules up front (${size})`, async ({ browser }) => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, "admin@acme.test", "/app/users");
    const link = await inviteStaff(admin, `rules-${size}-${Date.now()}@acme.test`);

    const invitee = await (await browser.newContext({ viewport })).newPage();
    await invitee.goto(appPathOf(link));
    const password = invitee.getByLabel("Password");
    await expect(password).toHaveValue("");
    await expect(password).toHaveAccessibleDescription(RULES);
    await expect(invitee.getByText(RULES)).toBeInViewport();
    await reviewShot(invitee, `${size}-invitation-rules`);

    await password.fill("four unrelated words");
    await invitee.getByRole("button", { name: "Accept invitation" }).click();
    await expect(invitee).toHaveURL(/\/login$/);
  });
}

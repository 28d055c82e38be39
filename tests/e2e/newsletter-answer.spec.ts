import { expect, test } from "@playwright/test";
import { field, uniqueEmail } from "./forms-helpers";

// One "already subscribed", with JavaScript and without: an address signed up once is told so on
// every later sign-up, also from a page the browser revalidated (a 304 keeps its copy, and with
// it the idempotency key that copy already sent) (docs/forms.md, "Store").

for (const javaScriptEnabled of [true, false]) {
  test(`the same address again is 'already subscribed' (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const email = uniqueEmail(`newsletter-again-${javaScriptEnabled ? "js" : "nojs"}`);
    const answers: string[] = [];
    for (const [path, scope] of [
      ["/en/newsletter/", "main"],
      ["/en/about/", "footer"],
      ["/en/newsletter/", "main"],
    ] as const) {
      await page.goto(path);
      const form = page.locator(scope).getByRole("form", { name: "Newsletter" });
      if (javaScriptEnabled) {
        // A form's code loads when it is reached for (docs/performance.md, "Hydration policy").
        await form.scrollIntoViewIfNeeded();
        await form.hover();
        await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
      }
      await field(form, "Email").fill(email);
      await field(form, "I want to receive the newsletter and accept the privacy policy").check();
      await form.getByRole("button", { name: "Subscribe" }).click();
      const answer = page.locator(".form__message").filter({ hasText: /subscribed/ });
      await expect(answer).toHaveCount(1);
      answers.push(await answer.innerText());
    }
    expect(answers).toEqual([
      "You are now subscribed to our newsletter",
      "This email address is already subscribed",
      "This email address is already subscribed",
    ]);
    await context.close();
  });
}

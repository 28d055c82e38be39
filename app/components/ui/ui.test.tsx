import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { htmlElements } from "#tests/setup/html-elements.ts";
import { Badge } from "./badge";
import { Button, buttonClass } from "./button";
import { Card, CardTitle } from "./card";
import { Field } from "./field";
import { Notice } from "./notice";
import { TabNav } from "./tabs";

async function only(html: string, selector: string) {
  const [element, ...others] = await htmlElements(html, selector);
  expect(others).toEqual([]);
  if (!element) throw new Error(`nothing matches ${selector} in ${html}`);
  return element;
}

describe("Button", () => {
  it("is a plain button of the site's look unless told otherwise", async () => {
    const button = await only(renderToString(<Button>Cancel</Button>), "button");
    expect(button.attributes).toEqual({ type: "button", class: "button" });
    expect(button.text).toBe("Cancel");
  });

  it("names each axis by its class, in one order, with a block's own classes last", () => {
    expect(buttonClass({ variant: "primary", color: "primary", size: "l" })).toBe(
      "button button--primary button--brand button--l",
    );
    expect(buttonClass({ variant: "tertiary", size: "s" })).toBe("button button--tertiary button--s");
    expect(buttonClass({ variant: "primary", color: "danger" }, "needs-js")).toBe(
      "button button--primary button--danger needs-js",
    );
  });

  it("while loading: busy, disabled, the label kept on screen and the loading text as its name", async () => {
    const html = renderToString(
      <Button type="submit" variant="primary" loading loadingLabel="Sending…">
        Send
      </Button>,
    );
    const button = await only(html, "button");
    expect(button.attributes).toMatchObject({ type: "submit", "aria-busy": "true", disabled: "" });
    expect((await only(html, 'button > span[aria-hidden="true"]')).text).toBe("Send");
    expect((await only(html, "button > span.visually-hidden")).text).toBe("Sending…");
  });

  it("is disabled without being busy", async () => {
    const button = await only(renderToString(<Button disabled>Remove</Button>), "button");
    expect(button.attributes).toHaveProperty("disabled");
    expect(button.attributes).not.toHaveProperty("aria-busy");
  });
});

describe("Field", () => {
  it("labels its control, marks it required and points at its hint", async () => {
    const html = renderToString(
      <Field id="f-email" name="email" type="email" label="Email" hint="We answer here" required />,
    );
    expect((await only(html, "label")).attributes).toEqual({ for: "f-email" });
    expect((await only(html, 'label > span[aria-hidden="true"]')).text).toBe(" *");
    expect((await only(html, "input")).attributes).toEqual({
      id: "f-email",
      name: "email",
      type: "email",
      "aria-required": "true",
      "aria-describedby": "f-email-hint",
    });
    expect((await only(html, "#f-email-hint")).text).toBe("We answer here");
    // The error's place is kept, empty and hidden, so a message appears without moving the rest.
    expect((await only(html, "#f-email-error")).attributes).toMatchObject({ hidden: "" });
  });

  it("shows an error, marks the control invalid and describes it by hint and error", async () => {
    const html = renderToString(<Field id="f-name" name="name" label="Name" hint="As on your ID" error="Too short" />);
    expect((await only(html, "input")).attributes).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "f-name-hint f-name-error",
    });
    const error = await only(html, "#f-name-error");
    expect(error.attributes).not.toHaveProperty("hidden");
    expect(error.text).toBe("Too short");
  });

  it("is invalid with its message elsewhere when told so", async () => {
    const html = renderToString(<Field id="arrival" label="Arrival" invalid describedBy="result" />);
    expect((await only(html, "input")).attributes).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "result",
    });
  });

  it("draws a select with its empty first choice", async () => {
    const html = renderToString(
      <Field
        control="select"
        id="f-type"
        name="type"
        label="Type"
        placeholder="Select…"
        options={[
          { value: "company", label: "Company" },
          { value: "individual", label: "Individual" },
        ]}
        defaultValue="individual"
      />,
    );
    expect((await only(html, "select")).attributes).toEqual({ id: "f-type", name: "type" });
    const options = await htmlElements(html, "option");
    expect(options.map((option) => [option.attributes.value, option.text])).toEqual([
      ["", "Select…"],
      ["company", "Company"],
      ["individual", "Individual"],
    ]);
    expect(options[2]?.attributes).toHaveProperty("selected");
  });

  it("draws a textarea, a file input and a checkbox whose label follows the box", async () => {
    expect(
      (await only(renderToString(<Field control="textarea" id="m" name="message" label="Message" />), "textarea"))
        .attributes,
    ).toEqual({ id: "m", rows: "6", name: "message" });
    expect(
      (
        await only(
          renderToString(<Field control="file" id="d" name="document" label="Document" accept=".pdf" />),
          "input",
        )
      ).attributes,
    ).toEqual({ id: "d", type: "file", name: "document", accept: ".pdf" });
    const html = renderToString(
      <Field
        control="checkbox"
        id="c"
        name="consent"
        label="I agree"
        required
        extra={<a href="/privacy/">Policy</a>}
      />,
    );
    expect((await only(html, ".form-field__check > input")).attributes).toMatchObject({
      type: "checkbox",
      name: "consent",
      "aria-required": "true",
    });
    expect((await only(html, ".form-field__check > label")).attributes).toEqual({ for: "c" });
    expect((await only(html, ".form-field > a")).text).toBe("Policy");
  });
});

describe("Card, Badge, Notice", () => {
  it("a card is a panel of the element asked for, flush or raised", async () => {
    const html = renderToString(
      <Card as="section" flush aria-labelledby="t" className="ticket-card">
        <CardTitle id="t">Apps</CardTitle>
      </Card>,
    );
    expect((await only(html, "section")).attributes).toEqual({
      class: "surface-card surface-card--flush ticket-card",
      "aria-labelledby": "t",
    });
    expect((await only(html, "h3")).attributes).toEqual({ id: "t", class: "surface-card__title" });
    expect((await only(renderToString(<Card raised>x</Card>), "div")).attributes.class).toBe(
      "surface-card surface-card--raised",
    );
  });

  it("a badge and a notice carry their tone", async () => {
    expect((await only(renderToString(<Badge tone="accent">New</Badge>), "span")).attributes.class).toBe(
      "badge badge--accent",
    );
    const html = renderToString(
      <Notice tone="error" title="JavaScript is off" role="alert">
        <p>Turn it on.</p>
      </Notice>,
    );
    expect((await only(html, "div")).attributes).toEqual({ class: "notice notice--error", role: "alert" });
    expect((await only(html, ".notice__title")).text).toBe("JavaScript is off");
  });
});

describe("TabNav", () => {
  it("marks the current section's tab, and only it", async () => {
    const tabs = [
      { to: "/en/dashboard/", label: "Overview", end: true },
      { to: "/en/dashboard/settings/", label: "Settings" },
    ];
    const Stub = createRoutesStub([
      { path: "/en/dashboard/*", Component: () => <TabNav label="Your account" tabs={tabs} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/en/dashboard/settings/"]} />);
    expect((await only(html, "nav")).attributes).toEqual({ "aria-label": "Your account" });
    const links = await htmlElements(html, "ul.tabs > li > a.tabs__tab");
    expect(links.map((link) => [link.text, link.attributes["aria-current"]])).toEqual([
      ["Overview", undefined],
      ["Settings", "page"],
    ]);
  });
});

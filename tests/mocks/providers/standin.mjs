// A stand-in for the third parties' servers in the consent tests: serves one small script in
// place of each provider's that records, in `window.__standin`, that it ran and what the page
// gave it, sets the provider's first-party cookie, and calls back to this server (as real tags
// do, through the CSP's connect-src). Every request it receives is kept for the test to read.
//   startProviderStandin(port = 0) → { origin, requests(), clear(), close() } (0: a free port)
import { createServer } from "node:http";

const record = (name, body) => `(() => {
  const standin = (window.__standin ??= {});
  const me = (standin[${JSON.stringify(name)}] ??= { runs: 0, events: [] });
  me.runs += 1;
  ${body}
  fetch(new URL("/collect?from=${name}", document.currentScript?.src ?? location.href), { mode: "no-cors" }).catch(() => {});
})();`;

const SCRIPTS = {
  // Crisp reads its website id and runtime locale from globals.
  "/crisp/l.js": record(
    "chat",
    `me.id = window.CRISP_WEBSITE_ID; me.locale = window.CRISP_RUNTIME_CONFIG?.locale;
     document.cookie = "crisp-client%2Fsession%2F" + me.id + "=s1; Path=/";`,
  ),
  // UserWay reads its account and language from the script element's data attributes.
  "/userway/widget.js": record(
    "accessibility",
    `me.account = document.currentScript.dataset.account; me.language = document.currentScript.dataset.language;`,
  ),
  // gtag.js reads the dataLayer (Arguments objects) and every later push.
  "/gtag/js": record(
    "googleTag",
    `const read = (args) => me.events.push(Array.from(args));
     for (const args of window.dataLayer) read(args);
     const push = window.dataLayer.push.bind(window.dataLayer);
     window.dataLayer.push = (args) => { read(args); return push(args); };
     document.cookie = "_ga=GA1.1.42.1; Path=/"; document.cookie = "_ga_STANDIN=GS1.1; Path=/";`,
  ),
  // fbevents.js takes over the queue of the fbq stub.
  "/fbevents.js": record(
    "metaPixel",
    `const fbq = window.fbq; for (const args of fbq.queue) me.events.push(Array.from(args));
     fbq.callMethod = (...args) => me.events.push(args);
     document.cookie = "_fbp=fb.1.42.1; Path=/";`,
  ),
};

export function startProviderStandin(port = 0) {
  const requests = [];
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url, "http://standin");
    requests.push(pathname);
    const script = SCRIPTS[pathname];
    response.writeHead(script ? 200 : 204, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
      "Access-Control-Allow-Origin": "*",
    });
    response.end(script ?? "");
  });
  return new Promise((resolve, reject) =>
    server.once("error", reject).listen(port, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        requests: () => [...requests],
        clear: () => requests.splice(0),
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

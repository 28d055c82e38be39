// Renders the site's icons from public/favicon.svg with Debian's Chromium (the browser the e2e
// tests already use), so every raster icon is the same drawing as the SVG favicon:
//   public/favicon.ico                 16, 32 and 48 px (PNG images inside an ICO container)
//   public/icons/icon-192.png          web app manifest, purpose "any"
//   public/icons/icon-512.png          web app manifest, purpose "any"
//   public/icons/maskable-512.png      web app manifest, purpose "maskable": full-bleed background,
//                                      the mark inside the central 80 % safe zone
//   public/icons/apple-touch-icon.png  180 px, opaque (iOS ignores transparency)
// Run `node scripts/icons.mjs` after changing the favicon, and commit the results.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";

const BRAND = "#0b3d91";
const svg = await readFile("public/favicon.svg", "utf8");
const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });

/** The SVG drawn at `size` px; `inset` (0–1) shrinks the mark onto an opaque brand background. */
async function render(size, { inset = 1, opaque = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  const mark = Math.round(size * inset);
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${opaque ? BRAND : "transparent"}">` +
      `<img src="${source}" width="${mark}" height="${mark}" alt=""></body>`,
  );
  await page.locator("img").evaluate((img) => img.decode());
  return page.screenshot({ omitBackground: !opaque, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file holding PNG images (supported by every browser and Windows since Vista). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

try {
  await mkdir("public/icons", { recursive: true });
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, png: await render(size) });
  await writeFile("public/favicon.ico", ico(small));
  await writeFile("public/icons/icon-192.png", await render(192));
  await writeFile("public/icons/icon-512.png", await render(512));
  await writeFile("public/icons/maskable-512.png", await render(512, { inset: 0.8, opaque: true }));
  await writeFile("public/icons/apple-touch-icon.png", await render(180, { inset: 0.9, opaque: true }));
  console.log("icons written to public/favicon.ico and public/icons/");
} finally {
  await browser.close();
}

// Draws the embedded events' artwork: one picture per event in its category's visual language
// (stage lights for concerts, a court for basketball, a spotlit curtain for comedy, a starry big
// top for family shows), coloured per event, rendered by Chromium to WebP at every width the image
// builder offers (app/lib/image.ts, "local responsive sets"). Run it after adding an event:
//   node scripts/event-artwork.mjs
// It writes public/images/events/<slug>-<w>x<h>.webp and prints the files it wrote.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "./lib.mjs";

const WIDTH = 1600;
const HEIGHT = 900;
/** The widths of `SRCSET_WIDTHS` (app/lib/image.ts) up to the original. */
const WIDTHS = [320, 480, 640, 960, 1280, 1600];
const QUALITY = 0.74;

/** A number from 0 to 1 that stays the same for a slug, so re-running draws the same picture. */
function seeded(slug) {
  let hash = 2166136261;
  for (const char of slug) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return (step) => {
    // murmur3's finaliser: neighbouring steps and similar slugs give unrelated numbers.
    let h = (hash + Math.imul(step, 0x9e3779b9)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
}

const hsl = (h, s, l) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;

function concerts(rand) {
  const hue = 180 + rand(1) * 220;
  const beams = Array.from({ length: 7 }, (_, i) => {
    const x = 200 + i * 200 + rand(i + 10) * 80;
    const spread = 120 + rand(i + 20) * 160;
    return `<polygon points="${x},60 ${x - spread},760 ${x + spread},760" fill="${hsl(hue + i * 25, 90, 70)}" opacity="${(0.12 + rand(i + 30) * 0.18).toFixed(2)}"/>`;
  }).join("");
  const crowd = Array.from({ length: 34 }, (_, i) => {
    const x = i * 50 + rand(i + 40) * 30;
    const y = 760 + rand(i + 50) * 40;
    const arm = rand(i + 60) > 0.55 ? `<rect x="${x + 14}" y="${y - 120}" width="12" height="110" rx="6"/>` : "";
    return `<circle cx="${x + 20}" cy="${y}" r="${26 + rand(i + 70) * 10}"/>${arm}`;
  }).join("");
  return `<defs><radialGradient id="g" cx="50%" cy="10%" r="90%"><stop offset="0" stop-color="${hsl(hue, 80, 45)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 8)}"/></radialGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${hsl(hue + 160, 100, 75)}" stop-opacity=".9"/><stop offset="1" stop-color="${hsl(hue + 160, 100, 60)}" stop-opacity="0"/></radialGradient></defs>
  <rect width="1600" height="900" fill="url(#g)"/>${beams}
  <rect x="0" y="40" width="1600" height="22" fill="${hsl(hue, 20, 12)}"/>
  ${Array.from({ length: 8 }, (_, i) => `<circle cx="${130 + i * 190}" cy="62" r="16" fill="${hsl(hue + i * 25, 100, 80)}"/>`).join("")}
  <circle cx="${500 + rand(2) * 600}" cy="${380 + rand(6) * 80}" r="${220 + rand(3) * 80}" fill="url(#glow)"/>
  <g fill="${hsl(hue, 40, 4)}">${crowd}<rect y="800" width="1600" height="100"/></g>`;
}

function basketball(rand) {
  const hue = 15 + rand(1) * 25;
  const accent = rand(2) > 0.5 ? "#0b3d91" : "#101828";
  const bx = 1000 + rand(3) * 250;
  const by = 360 + rand(4) * 120;
  return `<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 10, 70, 55)}"/><stop offset="1" stop-color="${hsl(hue, 75, 35)}"/></linearGradient></defs>
  <rect width="1600" height="900" fill="${accent}"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${-200 + i * 330}" y="-100" width="120" height="700" fill="#fff" opacity=".05" transform="rotate(20 ${i * 330} 300)"/>`).join("")}
  <polygon points="0,520 1600,520 1600,900 0,900" fill="url(#f)"/>
  ${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 140}" y1="520" x2="${i * 140 - 200}" y2="900" stroke="#000" stroke-opacity=".08" stroke-width="4"/>`).join("")}
  <ellipse cx="800" cy="700" rx="420" ry="120" fill="none" stroke="#fff" stroke-width="8" opacity=".8"/>
  <line x1="800" y1="520" x2="800" y2="900" stroke="#fff" stroke-width="8" opacity=".8"/>
  <rect x="0" y="514" width="1600" height="12" fill="#fff" opacity=".85"/>
  <ellipse cx="${bx}" cy="${by + 330}" rx="200" ry="30" fill="#000" opacity=".25"/>
  <g transform="translate(${bx} ${by}) rotate(${Math.round(rand(5) * 60)})">
    <circle r="210" fill="#f79009"/><circle r="210" fill="none" stroke="#3b1d06" stroke-width="10"/>
    <path d="M-210 0H210M0-210V210M-150-148q90 148 0 296M150-148q-90 148 0 296" fill="none" stroke="#3b1d06" stroke-width="10"/>
  </g>
  ${Array.from({ length: 4 }, (_, i) => `<rect x="${bx - 520 - i * 70}" y="${by - 80 + i * 70}" width="${260 - i * 40}" height="14" rx="7" fill="#fff" opacity=".6"/>`).join("")}`;
}

function comedy(rand) {
  const hue = 345 + rand(1) * 30;
  const folds = Array.from({ length: 16 }, (_, i) => {
    const x = i * 100;
    return `<path d="M${x} 0q50 450 0 900h100q-50-450 0-900z" fill="${hsl(hue, 70, 22 + (i % 2) * 8)}"/>`;
  }).join("");
  const mx = 560 + rand(2) * 480;
  return `<rect width="1600" height="900" fill="${hsl(hue, 60, 12)}"/>${folds}
  <path d="M0 0h1600v110q-400 60-800 0t-800 0z" fill="${hsl(hue, 75, 30)}"/>
  <polygon points="${mx - 40},0 ${mx + 40},0 ${mx + 420},900 ${mx - 420},900" fill="#fff7d6" opacity=".22"/>
  <ellipse cx="${mx}" cy="820" rx="380" ry="60" fill="#fff7d6" opacity=".35"/>
  <g fill="#120308">
    <rect x="${mx - 8}" y="430" width="16" height="380"/>
    <rect x="${mx - 110}" y="800" width="220" height="18" rx="9"/>
    <rect x="${mx - 38}" y="330" width="76" height="130" rx="38"/>
  </g>
  <rect x="${mx - 30}" y="338" width="60" height="60" rx="30" fill="${hsl(hue + 40, 30, 70)}" opacity=".6"/>
  <rect y="860" width="1600" height="40" fill="#120308"/>`;
}

function family(rand) {
  const hue = 200 + rand(1) * 50;
  const stripe = hsl(rand(2) * 360, 85, 55);
  const tx = 560 + rand(3) * 480;
  const stars = Array.from({ length: 40 }, (_, i) => {
    const x = rand(i + 10) * 1600;
    const y = rand(i + 60) * 420;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(2 + rand(i + 110) * 5).toFixed(1)}" fill="#fff" opacity="${(0.4 + rand(i + 160) * 0.6).toFixed(2)}"/>`;
  }).join("");
  const tent = Array.from({ length: 8 }, (_, i) => {
    const left = tx - 480 + i * 120;
    return `<polygon points="${tx},180 ${left},660 ${left + 120},660" fill="${i % 2 ? "#fff" : stripe}"/>`;
  }).join("");
  const confetti = Array.from({ length: 30 }, (_, i) => {
    const x = rand(i + 200) * 1600;
    const y = 420 + rand(i + 250) * 420;
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="18" height="8" rx="3" fill="${hsl(rand(i + 300) * 360, 90, 60)}" transform="rotate(${Math.round(rand(i + 350) * 180)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join("");
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 14)}"/><stop offset="1" stop-color="${hsl(hue + 30, 60, 34)}"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#s)"/>${stars}
  <circle cx="${1600 - tx / 2}" cy="150" r="70" fill="#fff4c2"/>
  ${tent}
  <rect x="${tx - 480}" y="640" width="960" height="40" fill="${stripe}"/>
  <path d="M${tx - 90} 680q90-150 180 0z" fill="#1a1033"/>
  <line x1="${tx}" y1="180" x2="${tx}" y2="110" stroke="#fff" stroke-width="8"/>
  <path d="M${tx} 110l70 22-70 22z" fill="${stripe}"/>
  <rect y="680" width="1600" height="220" fill="${hsl(hue + 100, 40, 22)}"/>${confetti}`;
}

const ART = { concerts, basketball, comedy, family };

/** Every embedded event's slug and category (the Spanish stories; the others share the artwork). */
function embeddedEvents() {
  const folder = "content/stories/es/events";
  return readdirSync(folder).map((file) => {
    const { story } = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
    return { slug: story.slug, category: story.content.category };
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
await page.setContent("<!doctype html><title>artwork</title>");
for (const { slug, category } of embeddedEvents()) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${ART[category](seeded(slug))}</svg>`;
  const encoded = await page.evaluate(
    async ({ svg, widths, ratio, quality }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      return widths.map((width) => {
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = Math.round(width * ratio);
        const context = canvas.getContext("2d");
        context.imageSmoothingQuality = "high";
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return { width, height: canvas.height, data: canvas.toDataURL("image/webp", quality) };
      });
    },
    { svg, widths: WIDTHS, ratio: HEIGHT / WIDTH, quality: QUALITY },
  );
  for (const { width, height, data } of encoded) {
    const file = `public/images/events/${slug}-${width}x${height}.webp`;
    writeFileSync(file, Buffer.from(data.split(",")[1], "base64"));
    console.log(file);
  }
}
await browser.close();

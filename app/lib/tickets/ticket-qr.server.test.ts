import { describe, expect, it } from "vitest";
import { QUIET_ZONE, ticketQr } from "./ticket-qr.server";

/** The drawn path back as a grid of dark modules, quiet zone included. */
function modulesOf(qr: { size: number; path: string }): boolean[][] {
  const grid = Array.from({ length: qr.size }, () => Array<boolean>(qr.size).fill(false));
  for (const [, x, y, run] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
const LEVELS = { 1: "L", 0: "M", 3: "Q", 2: "H" } as Record<number, string>;

/** The 15 format bits for a level and mask (BCH code, then the specification's XOR mask). */
function formatBits(level: number, mask: number): number {
  const data = (level << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/**
 * A small reader for the symbols tickets get (versions 1 and 2, one block, one segment): the
 * format information picks the level and mask, the modules are read in the specification's
 * zigzag around the function patterns, and the data codewords give back the text. Written from
 * the specification, not from the encoder, so the test reads what a scanner reads.
 */
function decode(grid: boolean[][]): { level: string; text: string } {
  const symbol = grid.slice(QUIET_ZONE, -QUIET_ZONE).map((row) => row.slice(QUIET_ZONE, -QUIET_ZONE));
  const size = symbol.length;
  const version = (size - 17) / 4;
  if (version !== 1 && version !== 2) throw new Error(`version ${version} is beyond this reader`);
  const at = (x: number, y: number) => symbol[y]![x]!;
  // The first copy of the format information, beside the top-left finder.
  const positions: [number, number][] = [
    ...[0, 1, 2, 3, 4, 5].map((i): [number, number] => [8, i]),
    [8, 7],
    [8, 8],
    [7, 8],
    ...[9, 10, 11, 12, 13, 14].map((i): [number, number] => [14 - i, 8]),
  ];
  const read = positions.reduce((bits, [x, y], i) => bits | (Number(at(x, y)) << i), 0);
  const found = [0, 1, 2, 3].flatMap((level) =>
    [0, 1, 2, 3, 4, 5, 6, 7].filter((mask) => formatBits(level, mask) === read).map((mask) => ({ level, mask })),
  );
  if (found.length !== 1) throw new Error("no valid format information");
  const { level, mask } = found[0]!;
  const isFunction = (x: number, y: number) =>
    (x < 9 && y < 9) ||
    (x >= size - 8 && y < 9) ||
    (x < 9 && y >= size - 8) ||
    x === 6 ||
    y === 6 ||
    (version === 2 && Math.abs(x - 18) <= 2 && Math.abs(y - 18) <= 2);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = upward ? size - 1 - vert : vert;
      for (const x of [right, right - 1]) {
        if (!isFunction(x, y)) bits.push(Number(at(x, y) !== MASKS[mask]!(x, y)));
      }
    }
  }
  const take = (() => {
    let offset = 0;
    return (n: number) => {
      let value = 0;
      for (let i = 0; i < n; i++) value = (value << 1) | bits[offset++]!;
      return value;
    };
  })();
  const mode = take(4);
  const length = take({ 0b0001: 10, 0b0010: 9, 0b0100: 8 }[mode] ?? 0);
  let text = "";
  if (mode === 0b0100) text = String.fromCharCode(...Array.from({ length }, () => take(8)));
  else if (mode === 0b0010) {
    for (let left = length; left > 0; left -= 2) {
      if (left === 1) text += ALPHANUMERIC[take(6)];
      else {
        const pair = take(11);
        text += ALPHANUMERIC[Math.floor(pair / 45)]! + ALPHANUMERIC[pair % 45]!;
      }
    }
  } else if (mode === 0b0001) {
    for (let left = length; left > 0; left -= 3) {
      const digits = Math.min(left, 3);
      text += String(take([0, 4, 7, 10][digits]!)).padStart(digits, "0");
    }
  } else throw new Error(`mode ${mode} is beyond this reader`);
  return { level: LEVELS[level]!, text };
}

describe("ticketQr", () => {
  it("draws a code a scanner reads back as issued, at error correction Q", () => {
    for (const code of ["ARV1-1001-7F3K9Q2D", "4917203855610042", "tm-1001@arena", "TM-1"]) {
      const qr = ticketQr(code);
      expect(decode(modulesOf(qr)), code).toEqual({ level: "Q", text: code });
    }
  });

  it("keeps the quiet zone clear and draws the three finder patterns", () => {
    const qr = ticketQr("ARV1-1001-7F3K9Q2D");
    const grid = modulesOf(qr);
    expect(qr.size).toBe(25 + 2 * QUIET_ZONE);
    const border = grid.flatMap((row, y) =>
      row.filter((_, x) => Math.min(x, y) < QUIET_ZONE || Math.max(x, y) >= qr.size - QUIET_ZONE),
    );
    expect(border.every((dark) => !dark)).toBe(true);
    // A finder: dark ring, light ring, dark 3×3 centre (rows through its middle read 1011101).
    const finderRow = (x: number, y: number) =>
      grid[y]!.slice(x, x + 7)
        .map(Number)
        .join("");
    const inner = qr.size - QUIET_ZONE - 7;
    for (const [x, y] of [
      [QUIET_ZONE, QUIET_ZONE],
      [inner, QUIET_ZONE],
      [QUIET_ZONE, inner],
    ] as const) {
      expect([0, 1, 2, 3, 4, 5, 6].map((dy) => finderRow(x, y + dy))).toEqual([
        "1111111",
        "1000001",
        "1011101",
        "1011101",
        "1011101",
        "1000001",
        "1111111",
      ]);
    }
  });

  it("is one path of whole modules, so the SVG stays small", () => {
    const { path } = ticketQr("ARV1-1001-7F3K9Q2D");
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(path.length).toBeLessThan(4000);
  });
});

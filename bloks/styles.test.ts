import { describe, expect, it } from "vitest";
import { blokKinds } from "./components";
import { BLOK_STYLES } from "./styles.server";

describe("the stylesheet parts of each block kind (bloks/styles.server.ts)", () => {
  it("every block kind the registry loads declares its parts", () => {
    expect(blokKinds().filter((kind) => !Object.hasOwn(BLOK_STYLES, kind))).toEqual([]);
  });
});

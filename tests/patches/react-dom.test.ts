import { describe, expect, it } from "vitest";
// The file the Worker's build resolves for `react-dom/server` (`workerd` condition, production).
import edgeServer from "/node_modules/react-dom/cjs/react-dom-server.edge.production.js?raw";

// patches/react-dom+19.3.1.patch, applied by patch-package on install
// (docs/decisions/001-react-dom-short-chunk-cache.md).
describe("React DOM's edge server build", () => {
  it("keeps the bytes of short strings instead of encoding them on every render", () => {
    expect(edgeServer).toContain("var shortChunks = new Map();");
    expect(edgeServer).toContain("if (content.length > 256) return textEncoder.encode(content);");
  });

  it("hands the stream only chunks over 4096 bytes as they are, and copies shorter ones into its own view", () => {
    // What makes sharing a short chunk between renders safe: its bytes are copied, never enqueued.
    expect(edgeServer).toMatch(/else if \(4096 < chunk\.byteLength\)[\s\S]{0,240}destination\.enqueue\(chunk\);/);
  });
});

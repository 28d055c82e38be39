/**
 * A request body stream of `total` bytes, handed out `chunk` bytes at a time, that counts how many
 * it has handed out and whether the reader cancelled it: proof that a size limit stopped reading
 * early instead of buffering the whole body.
 */
export function countingStream(total: number, chunk: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

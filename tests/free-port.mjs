// Ports no other program holds right now, for the servers a test or script starts: fixed ports
// collide with whatever else runs on a busy machine (another test run, a developer's server).
import { createServer } from "node:net";

/** Listens on port 0 of 127.0.0.1 so the system picks a free port. */
function listener() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * `count` distinct free TCP ports on 127.0.0.1, released for the caller's servers to take. All are
 * held until the last is chosen, so none is handed out twice.
 */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i += 1) servers.push(await listener());
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  }
}

/** One free TCP port on 127.0.0.1. */
export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

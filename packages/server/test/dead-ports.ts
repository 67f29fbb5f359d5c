// Ports for dependencies that fail: one that accepts connections and never answers (a hung
// dependency) and one nobody listens on (a dependency that is down). Used by the health and
// read-replica tests.
import net from "node:net";
import { afterAll, beforeAll } from "vitest";

/** Registers the hooks that open and close both ports; read them inside tests. */
export function useDeadPorts() {
  const ports = { silent: 0, closed: 0 };
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    silent = net.createServer((s) => {
      sockets.add(s);
      s.on("error", () => {});
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    ports.silent = (silent.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    ports.closed = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });
  return ports;
}

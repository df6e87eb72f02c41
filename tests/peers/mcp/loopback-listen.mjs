// `node --import ./loopback-listen.mjs <server>`: forces every net.Server.listen onto 127.0.0.1.
// server-everything calls app.listen(PORT) with no host (all interfaces); tests never expose a
// port beyond loopback.
import net from "node:net";

const original = net.Server.prototype.listen;
net.Server.prototype.listen = function listenLoopback(...args) {
  if (typeof args[0] === "number" || typeof args[0] === "string") {
    const port = Number(args[0]);
    const rest = args.slice(1).filter((arg) => typeof arg === "function");
    return original.call(this, port, "127.0.0.1", ...rest);
  }
  if (args[0] && typeof args[0] === "object" && !Array.isArray(args[0])) {
    return original.call(this, { ...args[0], host: "127.0.0.1" }, ...args.slice(1));
  }
  return original.apply(this, args);
};

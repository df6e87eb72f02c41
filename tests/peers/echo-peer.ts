/** A trivial loopback peer that echoes method, path and body: proves workerd → Node loopback works. */
import { listenLoopback, readBody } from "./http-peer";

export async function startEchoPeer() {
  return listenLoopback(async (req, res) => {
    const body = await readBody(req);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ method: req.method, path: req.url, body }));
  });
}

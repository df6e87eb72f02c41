/**
 * Links that carry a secret in the URL fragment (never sent to the server by the browser):
 * `#setup=<SETUP_TOKEN>` (printed by `npm start`) and `#pair=<pairing code>` (the QR code).
 * The app reads the fragment once at start and removes it from the address bar and history.
 */
export type HashLink = { kind: "setup"; setupToken: string } | { kind: "pair"; code: string };

/** Parses `#setup=…` / `#pair=…`; anything else → null. */
export function parseHashLink(hash: string): HashLink | null {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  const params = new URLSearchParams(text);
  const setupToken = params.get("setup");
  if (setupToken) return { kind: "setup", setupToken };
  const code = params.get("pair");
  if (code) return { kind: "pair", code };
  return null;
}

/** The pairing link a QR code shows: `<origin>/#pair=<code>`. */
export function pairingLink(origin: string, code: string): string {
  return `${origin}/#pair=${encodeURIComponent(code)}`;
}

/** Reads the fragment link (if any) and removes the fragment from the URL without a reload. */
export function takeHashLink(): HashLink | null {
  const link = parseHashLink(window.location.hash);
  if (link) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  return link;
}

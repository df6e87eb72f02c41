/** Signed-out pages: first-run setup, sign-in with a device token, pairing. */
export default {
  setup: {
    title: "Set up TavernEdge",
    intro:
      "This link creates the owner account of this TavernEdge server and signs this browser in as its first device.",
    warning:
      "Each use of this link creates a <strong>new, separate account</strong>. If you already set up TavernEdge on another device, do not create another account: on that device open <em>Devices → Add a device → Create pairing link</em> and open that link here instead.",
    alreadySignedIn:
      " This browser is already signed in; creating an account now would sign it out of the current one.",
    deviceName: "Name this device",
    submit: "Create owner account",
    busy: "Creating…",
  },
  signIn: {
    title: "Sign in",
    token: "Device token",
    submit: "Sign in",
    busy: "Signing in…",
    notAToken: "That is not a device token. It starts with tte_ and was shown when the device was created.",
    unknownDevice: "The server did not recognise this device.",
    helpPair:
      "No token? On a device that is signed in, open <strong>Devices</strong> and create a pairing link or QR code, then open it here.",
    helpSetup:
      "First run: open the setup link that <code>npm start</code> printed. Lost every device? The operator can issue a new token with <code>POST /api/v1/setup/recover</code>.",
  },
  pair: {
    title: "Pair this device",
    intro: "A signed-in device invited this one. Give it a name you will recognise in the device list.",
    alreadySignedIn: "This browser is already signed in; pairing signs it in again as a new device.",
    deviceName: "Device name",
    submit: "Pair and sign in",
    busy: "Pairing…",
  },
};

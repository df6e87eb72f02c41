/** Tool-call approvals on every screen (docs/spec/approvals.md): the header badge and the panel. */
export default {
  badge_one: "{{count}} approval",
  badge_other: "{{count}} approvals",
  title_one: "A tool call waits for you",
  title_other: "{{count}} tool calls wait for you",
  explain: "A model wants to call a tool you set to Ask. Nothing is sent until you decide.",
  hide: "Hide",
  onServer: "on {{server}}",
  fromRun: "Agent run",
  fromChat: "Chat reply",
  expires: "Expires {{when}}",
  arguments: "Arguments",
  decideGroup: "Decide on {{tool}}",
  approve: "Approve",
  deny: "Deny",
  alwaysAllow: "Always allow",
};

/** 工具呼叫核准（docs/spec/approvals.md）：頂欄徽章與核准面板。 */
export default {
  badge_other: "{{count}} 個待核准",
  title_other: "{{count}} 個工具呼叫等待你的決定",
  explain: "模型想呼叫一個你設為「詢問」的工具。你決定之前不會送出任何請求。",
  hide: "隱藏",
  onServer: "來自 {{server}}",
  fromRun: "Agent 執行",
  fromChat: "聊天回覆",
  expires: "{{when}} 到期",
  arguments: "參數",
  decideGroup: "決定是否呼叫 {{tool}}",
  approve: "核准",
  deny: "拒絕",
  alwaysAllow: "一律允許",
};

/** 工具调用审批（docs/spec/approvals.md）：顶栏徽标与审批面板。 */
export default {
  badge_other: "{{count}} 个待审批",
  title_other: "{{count}} 个工具调用等待你的决定",
  explain: "模型想调用一个你设为“询问”的工具。你决定之前不会发送任何请求。",
  hide: "隐藏",
  onServer: "来自 {{server}}",
  fromRun: "Agent 运行",
  fromChat: "聊天回复",
  expires: "{{when}} 过期",
  arguments: "参数",
  decideGroup: "决定是否调用 {{tool}}",
  approve: "批准",
  deny: "拒绝",
  alwaysAllow: "始终允许",
};

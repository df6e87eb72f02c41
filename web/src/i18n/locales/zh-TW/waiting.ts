/** 執行中的 Agent 正在等待什麼（docs/spec/scheduling.md §5），顯示在執行列表和執行頁面。 */
export default {
  model: "正在等待模型",
  modelNamed: "正在等待模型（{{detail}}）",
  tool: "正在等待工具",
  toolNamed: "正在等待工具 {{detail}}",
  approval: "正在等待你的核准",
  child: "正在等待子 Agent",
  queue: "排隊中：正在等待空閒連線",
  seconds: "{{seconds}} 秒",
  minutes: "{{minutes}} 分 {{seconds}} 秒",
};

/** 运行中的 Agent 正在等待什么（docs/spec/scheduling.md §5），显示在运行列表和运行页面。 */
export default {
  model: "正在等待模型",
  modelNamed: "正在等待模型（{{detail}}）",
  tool: "正在等待工具",
  toolNamed: "正在等待工具 {{detail}}",
  approval: "正在等待你的批准",
  child: "正在等待子 Agent",
  queue: "排队中：正在等待空闲连接",
  seconds: "{{seconds}} 秒",
  minutes: "{{minutes}} 分 {{seconds}} 秒",
};

/** What a running agent run waits on (docs/spec/scheduling.md §5), shown on the run list and run page. */
export default {
  model: "Waiting for the model",
  modelNamed: "Waiting for the model ({{detail}})",
  tool: "Waiting for the tool",
  toolNamed: "Waiting for the tool {{detail}}",
  approval: "Waiting for your approval",
  child: "Waiting for a sub-agent",
  queue: "Queued: waiting for a free connection",
  seconds: "{{seconds}} s",
  minutes: "{{minutes}} min {{seconds}} s",
};

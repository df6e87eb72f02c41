/**
 * CPU time of a process group from the benchmark's side (/proc, Linux): inside workerd the clocks
 * advance only on I/O, so a Worker cannot time its own CPU work.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** User + system CPU ms used so far by every live process whose process group is `pgid`. */
export function groupCpuMs(pgid) {
  let ticks = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

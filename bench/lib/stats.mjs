/**
 * Sampling and reporting shared by every benchmark (the issue-31 rule: each measure is a ratio
 * against a baseline measured in the same run, samples interleaved, median with min and max).
 *
 * - `interleave(subjects, {samples, warmup})`: runs `samples` rounds; each round runs every
 *   subject once, in a rotating order, so load from other processes lands on all of them alike.
 *   A subject is `{name, run}` where `run()` resolves to the ms of ONE sample, usually the mean of
 *   several iterations (see `perIteration`). Returns `{[name]: number[]}`.
 * - `perIteration(iterations, fn)`: a `run` that times `iterations` sequential calls with
 *   `performance.now()` and returns ms per call (a clock that ticks in whole ms needs this).
 * - `ratioLine(label, subject, baseline, target)`: the printed row: per-round ratios (subject ÷
 *   baseline of the same round) as median (min–max), both medians with their min and max, and the
 *   target. Pure text; never asserts.
 * Nothing here subtracts time: every number is wall time the benchmark's own clock saw.
 */

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `{median, min, max}` of `values`. */
export function summary(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** A sample function timing `iterations` sequential awaits of `fn(i)`; resolves ms per call. */
export function perIteration(iterations, fn) {
  return async () => {
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) await fn(i);
    return (performance.now() - started) / iterations;
  };
}

/** Runs the subjects interleaved (rotating order); `warmup` unrecorded rounds first. */
export async function interleave(subjects, { samples, warmup = 1 }) {
  const out = Object.fromEntries(subjects.map((s) => [s.name, []]));
  for (let round = 0; round < warmup + samples; round += 1) {
    for (let k = 0; k < subjects.length; k += 1) {
      const subject = subjects[(round + k) % subjects.length];
      const ms = await subject.run();
      if (round >= warmup) out[subject.name].push(ms);
    }
  }
  return out;
}

/** Ratios of two equally long sample lists taken in the same rounds. */
export function pairedRatios(subject, baseline) {
  return subject.map((value, i) => value / baseline[i]);
}

const fmt = (value, digits) => value.toFixed(digits);
const stats = (values, unit, digits) => {
  const s = summary(values);
  return `median ${fmt(s.median, digits)} ${unit} (min ${fmt(s.min, digits)}, max ${fmt(s.max, digits)})`;
};

/**
 * One report row. `subject` / `baseline`: `{label, values}` (ms unless `unit` says otherwise);
 * `target`: e.g. "≤ 0.25". `higherIsBetter` only changes the wording of the ratio.
 */
export function ratioLine(label, subject, baseline, target, { unit = "ms", digits = 2 } = {}) {
  const ratios = pairedRatios(subject.values, baseline.values);
  return [
    `${label}: ratio ${stats(ratios, "", 2).replace("  ", " ")}  target ${target}  (${ratios.length} interleaved samples)`,
    `  ${subject.label}: ${stats(subject.values, unit, digits)}`,
    `  ${baseline.label}: ${stats(baseline.values, unit, digits)}`,
  ].join("\n");
}

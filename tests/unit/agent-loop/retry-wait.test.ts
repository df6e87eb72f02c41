/** The wait before a retried model attempt (src/domain/agent/loop/retry-wait.ts). */
import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, retryWaitMs } from "../../../src/domain/agent/loop/retry-wait";

describe("retryWaitMs", () => {
  it("is the profile's interval unless the provider's Retry-After is longer, which is capped", () => {
    expect(retryWaitMs(3000, undefined)).toBe(3000);
    expect(retryWaitMs(3000, 1000)).toBe(3000);
    expect(retryWaitMs(3000, 12_000.4)).toBe(12_001);
    expect(retryWaitMs(3000, 3_600_000)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryWaitMs(90_000, 3_600_000)).toBe(90_000);
    expect(retryWaitMs(0, Number.NaN)).toBe(0);
    expect(retryWaitMs(0, "5")).toBe(0);
  });
});

/** Request bodies: an interrupted upload is a 400 for the client, never a logged internal error. */
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/http/app";

const env = { SETUP_TOKEN: "unit-setup-token", ENVIRONMENT: "development" } as never;

describe("request bodies", () => {
  it("an upload cut off mid-body answers 400 http.body_incomplete and logs no internal error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"deviceName":"'));
        } else {
          controller.error(new Error("Network connection lost."));
        }
      },
    });
    const response = await createApp().request(
      "/api/v1/setup",
      {
        method: "POST",
        headers: { authorization: "Bearer unit-setup-token", "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit,
      env,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe("http.body_incomplete");
    expect(errors.mock.calls.flat().join(" ")).not.toContain("app.internal_error");
    errors.mockRestore();
  });
});

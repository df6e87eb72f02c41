/**
 * The built-in profile is named and described in the user's language by its id (default-writer),
 * wherever a profile is named: the profile list and page, the run list and run page, and the
 * "Run agent" picker on the chat page (web/src/profiles/profile-name.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "../../../web/src/i18n/i18n";
import { profileDescription, profileName } from "../../../web/src/profiles/profile-name";

const WEB = path.resolve(__dirname, "../../../web/src");

describe("built-in profile display name", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it.each([
    ["en", "Default Writer", "Writes the next chat message"],
    ["zh-CN", "默认写手", "在工作区写出下一条聊天消息"],
    ["zh-TW", "預設寫手", "在工作區寫出下一則聊天訊息"],
  ])("%s: default-writer is %s with a translated description", async (lng, name, description) => {
    await i18n.changeLanguage(lng);
    expect(profileName(i18n.t, "default-writer", "Default Writer")).toBe(name);
    expect(profileDescription(i18n.t, "default-writer", "Writes the next chat message …")).toContain(description);
    expect(profileName(i18n.t, "my-editor", "My editor")).toBe("My editor");
    expect(profileName(i18n.t, "my-editor")).toBe("my-editor");
    expect(profileDescription(i18n.t, "my-editor", "Mine")).toBe("Mine");
  });

  it("every screen that names a profile goes through profileName (no raw id or stored name)", () => {
    // The runs screens name profiles by id through useProfileNames, which uses profileName.
    expect(readFileSync(path.join(WEB, "runs/use-profiles.ts"), "utf8")).toContain("profileName(t, ");
    for (const file of [
      "runs/RunList.tsx",
      "runs/RunPage.tsx",
      "runs/JournalList.tsx",
      "runs/RunAgentPanel.tsx",
      "profiles/ProfileRow.tsx",
      "profiles/ProfilePage.tsx",
    ]) {
      const source = readFileSync(path.join(WEB, file), "utf8");
      expect(source, file).toMatch(/profileName\(t, |useProfileNames\(\)/);
      expect(source, file).not.toMatch(/\{(run|summary)\.profileId \?\? "default-writer"\}|\{p\.displayName\}/);
    }
  });
});

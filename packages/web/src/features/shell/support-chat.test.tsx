import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { SupportChatLauncher } from "./SupportChatLauncher";
import {
  configureSupportChat,
  restartSupportChatAnonymously,
  startSupportChat,
  supportChatEnabled,
} from "./support-chat";

const messenger = vi.fn();

beforeEach(() => {
  messenger.mockReset();
  window.Intercom = messenger;
});
afterEach(() => {
  configureSupportChat(null);
  delete window.Intercom;
});

describe("the support chat", () => {
  it("does nothing and shows no launcher when the build names no chat app", () => {
    configureSupportChat(null);
    expect(supportChatEnabled()).toBe(false);
    startSupportChat({ name: "Ann Taylor", token: "signed" });
    restartSupportChatAnonymously();
    renderWithProviders(<SupportChatLauncher ready />);
    expect(screen.queryByRole("button", { name: "Support chat" })).toBeNull();
    expect(messenger).not.toHaveBeenCalled();
  });

  it("starts as the signed-in user, restarts anonymously after logout, and opens from its launcher", async () => {
    configureSupportChat("app-1");
    startSupportChat({ name: "Ann Taylor", token: "signed" });
    expect(messenger.mock.calls).toEqual([
      ["shutdown"],
      [
        "boot",
        { app_id: "app-1", hide_default_launcher: true, name: "Ann Taylor", intercom_user_jwt: "signed" },
      ],
    ]);
    messenger.mockClear();
    restartSupportChatAnonymously();
    expect(messenger.mock.calls).toEqual([
      ["shutdown"],
      ["boot", { app_id: "app-1", hide_default_launcher: true }],
    ]);

    messenger.mockClear();
    const { user } = renderWithProviders(<SupportChatLauncher ready />);
    await user.click(screen.getByRole("button", { name: "Support chat" }));
    expect(messenger.mock.calls).toEqual([["show"]]);
  });

  it("queues commands until the messenger's script has loaded", () => {
    delete window.Intercom;
    configureSupportChat("app-1");
    startSupportChat({ name: "Ann Taylor", token: "signed" });
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="widget"]');
    expect(script?.src).toBe("https://widget.intercom.io/widget/app-1");
    const queued = window.Intercom as unknown as { q: unknown[][] };
    expect(queued.q.map((args) => args[0])).toEqual(["shutdown", "boot"]);
    script?.remove();
  });
});

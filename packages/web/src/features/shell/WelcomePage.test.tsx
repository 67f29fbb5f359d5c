import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { dashboardSettings } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import WelcomePage from "./WelcomePage";

const VIDEO_URL = "https://video.example/embed/welcome";
const SETTINGS = /^\/api\/settings\/dashboard$/;
const VIDEO = /^\/api\/branding\/welcome-video$/;

const settings = (welcomeVideo: boolean) => dashboardSettings({ welcomeVideo });

function setup({ wanted = true, videoUrl = VIDEO_URL as string | null, width = 1280 } = {}) {
  Object.defineProperty(window, "innerWidth", { value: width, configurable: true });
  const api = fakeApi([
    ["GET", SETTINGS, () => settings(wanted)],
    ["POST", SETTINGS, (req) => ({ ...(req.body as object), lockedByOrganisation: [] })],
    ["GET", VIDEO, () => ({ videoUrl })],
  ]);
  const view = renderApp(
    [
      { path: "/welcome", element: <WelcomePage /> },
      { path: "/dashboard", element: <h1>Dashboard</h1> },
    ],
    { at: "/welcome" },
  );
  return { ...view, api };
}

afterEach(() => Object.defineProperty(window, "innerWidth", { value: 1024, configurable: true }));

describe("the welcome screen", () => {
  it("plays the video, and 'Skip in future' turns it off before going to the dashboard", async () => {
    const { user, api, router } = setup();
    expect(await screen.findByTitle("Welcome video")).toHaveAttribute("src", VIDEO_URL);
    expect(
      screen.getByRole("heading", { level: 1, name: "Welcome to your CPD dashboard" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Skip in future" }));
    await user.click(screen.getByRole("button", { name: "Continue to dashboard" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    const saved = api.to(SETTINGS, "POST");
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toEqual({ ...settings(false), lockedByOrganisation: undefined });
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("goes on without saving when the box is not ticked", async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole("button", { name: "Continue to dashboard" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(api.to(SETTINGS, "POST")).toHaveLength(0);
  });

  it("is skipped on screens narrower than 800 px, without a video, or when turned off", async () => {
    for (const opts of [{ width: 799 }, { videoUrl: null }, { wanted: false }]) {
      const { api, unmount } = setup(opts);
      expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
      expect(screen.queryByTitle("Welcome video")).toBeNull();
      if (!("videoUrl" in opts)) await waitFor(() => expect(api.to(VIDEO)).toHaveLength(0));
      unmount();
    }
  });
});

import { VIDEO_MESSAGES } from "@cpd/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import LibraryPage from "./LibraryPage";
import VideoPage from "./VideoPage";
import VideosPage from "./VideosPage";
import type { Library, Video } from "./video-model";

const video = (over: Partial<Video> = {}): Video => ({
  videoId: "v1",
  name: "Sepsis in 10 minutes",
  description: "",
  thumbnail: null,
  duration: 605,
  views: 3,
  url: "https://cdn.example.com/sepsis.mp4",
  hours: 0.5,
  ...over,
});
const library = (over: Partial<Library> = {}): Library => ({
  id: "lib1",
  name: "Clinical Skills",
  premium: false,
  locked: false,
  certificate: true,
  private: false,
  videos: [video()],
  ...over,
});

function setup(
  libraries: Library[],
  at: string,
  certificate: () => unknown = () => ({ message: "ok", certificateId: "c1" }),
) {
  const api = fakeApi([
    ["GET", /^\/api\/videos\/v2$/, () => ({ libraries })],
    ["POST", /^\/api\/videos\/[^/]+\/certificate$/, certificate],
    ["GET", /^\/api\/membership$/, () => ({ active: false, upgradeUrl: null })],
  ]);
  const app = renderApp(
    [
      { path: "/videos", element: <VideosPage /> },
      { path: "/videos/library/:library", element: <LibraryPage /> },
      { path: "/video/:libraryName/:video", element: <VideoPage /> },
    ],
    { at },
  );
  return { ...app, api };
}

describe("the CPD Hub", () => {
  it("says when there are no libraries", async () => {
    setup([], "/videos");
    expect(await screen.findByText(VIDEO_MESSAGES.noLibraries)).toBeInTheDocument();
  });

  it("lists libraries with their video count and a premium badge", async () => {
    setup(
      [library(), library({ id: "lib2", name: "Leadership", premium: true, locked: true, videos: [] })],
      "/videos",
    );
    expect(await screen.findByRole("heading", { name: "Clinical Skills" })).toBeInTheDocument();
    expect(screen.getByText("1 video")).toBeInTheDocument();
    expect(screen.getByText("Premium")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open library: Clinical Skills" })).toHaveAttribute(
      "href",
      "/videos/library/lib1",
    );
    expect(screen.getByRole("button", { name: "Unlock with Premium: Leadership" })).toBeInTheDocument();
  });

  it("says when a library is empty, found by its name", async () => {
    setup([library({ videos: [] })], "/videos/library/clinical%20skills");
    expect(await screen.findByText(VIDEO_MESSAGES.emptyLibrary)).toBeInTheDocument();
  });

  it("lists a library's videos with their duration and links to each", async () => {
    setup([library()], "/videos/library/lib1");
    const link = await screen.findByRole("link", { name: "Sepsis in 10 minutes" });
    expect(link).toHaveAttribute("href", "/video/Clinical%20Skills/v1");
    expect(screen.getByText("10:05")).toBeInTheDocument();
  });

  it("shows the Upgrade dialog for a locked premium library instead of its videos", async () => {
    setup([library({ premium: true, locked: true, videos: [video({ url: null })] })], "/videos/library/lib1");
    expect(await screen.findByRole("dialog", { name: "Upgrade to Premium" })).toBeInTheDocument();
    expect(screen.getByText(VIDEO_MESSAGES.premiumRequired)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sepsis in 10 minutes" })).toBeNull();
  });
});

describe("a video page", () => {
  it("plays a file with controls and keeps the certificate button disabled until the watch is confirmed", async () => {
    const { user, api } = setup([library()], "/video/Clinical%20Skills/v1");
    expect(
      await screen.findByRole("heading", { name: "Sepsis in 10 minutes", level: 1 }),
    ).toBeInTheDocument();
    const player = document.querySelector("video");
    expect(player).toHaveAttribute("src", "https://cdn.example.com/sepsis.mp4");
    expect(player).toHaveAttribute("controls");
    const submit = screen.getByRole("button", { name: "Get my certificate" });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "I confirm I watched this video in full" }));
    await user.type(screen.getByRole("textbox", { name: /Reflection/ }), "Earlier escalation");
    await user.click(submit);
    await waitFor(() => expect(api.to(/certificate$/, "POST")).toHaveLength(1));
    expect(api.to(/certificate$/, "POST")[0]?.url.pathname).toBe("/api/videos/v1/certificate");
    expect(api.to(/certificate$/, "POST")[0]?.body).toEqual({
      confirm: true,
      reflection: "Earlier escalation",
    });
    expect(await screen.findByText(VIDEO_MESSAGES.certificateGenerated)).toBeInTheDocument();
  });

  it("says when the certificate fails", async () => {
    const { user } = setup([library()], "/video/lib1/v1", () =>
      withError(409, "CERT_BUSY", "Try again soon"),
    );
    await user.click(await screen.findByRole("checkbox", { name: "I confirm I watched this video in full" }));
    await user.click(screen.getByRole("button", { name: "Get my certificate" }));
    expect(await screen.findByText("Failed to generate CPD Certificate")).toBeInTheDocument();
  });

  it("embeds a YouTube video with a title, and offers no certificate where the library has none", async () => {
    setup(
      [library({ name: "Top Tips", certificate: false, videos: [video({ url: "https://youtu.be/abc" })] })],
      "/video/Top%20Tips/v1",
    );
    expect(await screen.findByTitle("Sepsis in 10 minutes")).toHaveAttribute(
      "src",
      "https://www.youtube.com/embed/abc",
    );
    expect(screen.getByText(VIDEO_MESSAGES.noCertificate)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Get my certificate" })).toBeNull();
  });

  it("shows a private library's certificate form when the video ends", async () => {
    setup([library({ name: "Private training", certificate: false, private: true })], "/video/lib1/v1");
    expect(await screen.findByText("The certificate form appears when the video ends.")).toBeInTheDocument();
    document.querySelector("video")?.dispatchEvent(new Event("ended"));
    expect(await screen.findByRole("button", { name: "Get my certificate" })).toBeDisabled();
  });
});

import { describe, expect, it } from "vitest";
import { embedUrl, findLibrary, formatDuration, type Library } from "./video-model";

const lib = (id: string, name: string): Library => ({
  id,
  name,
  premium: false,
  locked: false,
  certificate: true,
  private: false,
  videos: [],
});

describe("CPD Hub helpers", () => {
  it("formats durations as mm:ss, with hours from an hour", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(75)).toBe("01:15");
    expect(formatDuration(3599)).toBe("59:59");
    expect(formatDuration(3723)).toBe("1:02:03");
  });
  it("finds a library by id or by name in any case", () => {
    const libs = [lib("a1", "Clinical Skills"), lib("b2", "Top Tips")];
    expect(findLibrary(libs, "b2")?.name).toBe("Top Tips");
    expect(findLibrary(libs, "clinical skills")?.id).toBe("a1");
    expect(findLibrary(libs, "nothing")).toBeUndefined();
  });
  it("embeds YouTube and Vimeo links and plays other files itself", () => {
    expect(embedUrl("https://www.youtube.com/watch?v=abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(embedUrl("https://youtu.be/abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(embedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(embedUrl("https://player.vimeo.com/video/1")).toBe("https://player.vimeo.com/video/1");
    expect(embedUrl("https://cdn.example.com/v.mp4")).toBeNull();
    expect(embedUrl("not a url")).toBeNull();
  });
});

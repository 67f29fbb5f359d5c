import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import { ImageEditor } from "./ImageEditor";

const file = {
  id: "f1",
  storageId: "f1",
  filename: "ward.jpg",
  url: "/api/file/f1",
  contentType: "image/jpeg",
  size: 1000,
  dateUploaded: "2026-11-20T09:41:12.000Z",
  entryId: null,
  entryType: null,
  entryTitle: null,
};
const version = { ...file, id: "v1", storageId: "v1", filename: "ward (edited).jpg", url: "/api/file/v1" };

/** The upload goes through XMLHttpRequest (progress events): a stand-in that answers the version. */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  status = 200;
  statusText = "OK";
  responseText = JSON.stringify(version);
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = "";
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  // jsdom has no canvas drawing: a context that records, and toBlob answering a JPEG blob.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({
        save: vi.fn(),
        restore: vi.fn(),
        translate: vi.fn(),
        rotate: vi.fn(),
        drawImage: vi.fn(),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((cb, type) => {
    cb(new Blob(["edited"], { type }));
  });
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const api = fakeApi([["POST", /^\/api\/file\/f1\/replace$/, () => file]]);
  const onClose = vi.fn();
  const app = renderApp([{ path: "/files", element: <ImageEditor file={file} onClose={onClose} /> }], {
    at: "/files",
  });
  const source = document.querySelector("img[hidden]") as HTMLImageElement;
  Object.defineProperty(source, "naturalWidth", { value: 400 });
  Object.defineProperty(source, "naturalHeight", { value: 200 });
  fireEvent.load(source);
  return { ...app, api, onClose };
}

const canvas = () => document.querySelector("canvas") as HTMLCanvasElement;

describe("the image editor", () => {
  it("rotates by quarter turns and crops: the canvas takes the edited size", async () => {
    const { user } = setup();
    expect(await screen.findByRole("img", { name: "Edited image, 400 by 200 pixels" })).toBe(canvas());
    expect([canvas().width, canvas().height]).toEqual([400, 200]);

    await user.click(screen.getByRole("button", { name: "Rotate right 90°" }));
    expect([canvas().width, canvas().height]).toEqual([200, 400]);

    const left = screen.getByRole("textbox", { name: "Crop left (%)" });
    await user.clear(left);
    await user.type(left, "50");
    expect(await screen.findByRole("img", { name: "Edited image, 100 by 400 pixels" })).toBe(canvas());
    expect(screen.getByText("Result: 100 × 400 pixels")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Rotate left 90°" }));
    expect([canvas().width, canvas().height]).toEqual([200, 200]);
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect([canvas().width, canvas().height]).toEqual([400, 200]);
  });

  it("saves a new version beside the original, and replaces the original only when the user keeps it", async () => {
    const { user, api, onClose } = setup();
    await user.click(await screen.findByRole("button", { name: "Rotate right 90°" }));
    await user.click(screen.getByRole("button", { name: "Save as a new version" }));

    expect(await screen.findByText(/Saved as “ward \(edited\)\.jpg”/)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    const [sent] = FakeXhr.sent;
    if (!sent) throw new Error("no upload");
    expect(sent.url).toContain("filename=ward+%28edited%29.jpg");
    expect((sent.body.get("file") as File).type).toBe("image/jpeg");
    // Both exist until the user chooses: nothing replaced yet.
    expect(api.to(/\/replace$/, "POST")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Keep the edited version" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to(/^\/api\/file\/f1\/replace$/, "POST").map((r) => r.body)).toEqual([{ versionId: "v1" }]);
  });
});

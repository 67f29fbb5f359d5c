// jsdom lacks a few browser APIs Mantine uses; these stand-ins only keep components rendering.
import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { fixedMediaQuery } from "../lib/test-viewport";

// findBy/waitFor give up after 1 s by default, and rendering Mantine in jsdom on a loaded 2-core
// machine can take longer (many tests here raised their own timeouts; one, unnamed in the log,
// failed in a CI run and passed here). A wrong screen still fails, 5 s later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// No layout in jsdom: every media query answers "no", a desktop (lib/test-viewport.ts sets a width).
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => fixedMediaQuery(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};
// Mantine's autosizing Textarea listens for web fonts loading.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

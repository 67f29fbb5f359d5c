// The call a logged-out page makes when it opens (an e-mailed link's check or use, the
// organisation's branding, the single sign-on exchange). E-mailed links are single use, so the
// call runs once per key: React's StrictMode runs effects twice in development, and a second
// POST would find the link already used.
import { useEffect, useRef, useState } from "react";

export type CallState<T> =
  | { kind: "loading" }
  | { kind: "done"; value: T }
  | { kind: "failed"; error: unknown };

export function useCallOnOpen<T>(key: string, run: () => Promise<T>): CallState<T> {
  const started = useRef<{ key: string; promise: Promise<T> } | null>(null);
  const [state, setState] = useState<CallState<T>>({ kind: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the call; run is a new closure every render
  useEffect(() => {
    if (started.current?.key !== key) {
      if (started.current) setState({ kind: "loading" });
      started.current = { key, promise: run() };
    }
    let live = true;
    started.current.promise.then(
      (value) => live && setState({ kind: "done", value }),
      (error: unknown) => live && setState({ kind: "failed", error }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  return state;
}

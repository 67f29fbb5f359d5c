// The bare page's one JSON call and heading, as a React component; the floors render it with
// React alone (react.tsx) and inside Mantine (mantine.tsx).
import { type ReactNode, useEffect, useState } from "react";

export function FloorPage({ heading }: { heading: (title: string) => ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    fetch("/api/data")
      .then((r) => r.json())
      .then((d: { title: string }) => setTitle(d.title));
  }, []);
  return <main>{title && heading(title)}</main>;
}

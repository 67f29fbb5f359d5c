// The framework floor (bench/pages.mjs): React alone, rendering the bare page's heading after the
// same one JSON call. No router, no query cache, no component library.
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

function Page() {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    fetch("/api/data")
      .then((r) => r.json())
      .then((d: { title: string }) => setTitle(d.title));
  }, []);
  return <main>{title && <h1>{title}</h1>}</main>;
}

createRoot(document.getElementById("root") as HTMLElement).render(<Page />);

// The framework floor (bench/pages.mjs): React with Mantine's provider, style sheet and theme as
// the app loads them, rendering the bare page's heading in a Mantine Title after the same one JSON
// call. No router, no query cache, none of the app's own code.
import "@mantine/core/styles.css";
import { MantineProvider, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { theme } from "../../src/theme";

function Page() {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    fetch("/api/data")
      .then((r) => r.json())
      .then((d: { title: string }) => setTitle(d.title));
  }, []);
  return <main>{title && <Title order={1}>{title}</Title>}</main>;
}

createRoot(document.getElementById("root") as HTMLElement).render(
  <MantineProvider theme={theme}>
    <Page />
  </MantineProvider>,
);

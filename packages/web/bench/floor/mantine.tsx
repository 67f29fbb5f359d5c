// The framework floor (bench/pages.mjs): React with Mantine's provider, style sheet and theme as
// the app loads them, rendering the bare page's heading in a Mantine Title after the same one JSON
// call. No router, no query cache, none of the app's own code.
import "@mantine/core/styles.css";
import { MantineProvider, Title } from "@mantine/core";
import { createRoot } from "react-dom/client";
import { theme } from "../../src/theme";
import { FloorPage } from "./page";

createRoot(document.getElementById("root") as HTMLElement).render(
  <MantineProvider theme={theme}>
    <FloorPage heading={(title) => <Title order={1}>{title}</Title>} />
  </MantineProvider>,
);

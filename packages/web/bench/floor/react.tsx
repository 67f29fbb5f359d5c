// The framework floor (bench/pages.mjs): React alone, rendering the bare page's heading after the
// same one JSON call. No router, no query cache, no component library.
import { createRoot } from "react-dom/client";
import { FloorPage } from "./page";

createRoot(document.getElementById("root") as HTMLElement).render(
  <FloorPage heading={(title) => <h1>{title}</h1>} />,
);

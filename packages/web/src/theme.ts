import { createTheme, type MantineThemeComponent } from "@mantine/core";
import "./theme.css";

// Shade 8 of Mantine's blue keeps white button text above 4.5:1 (WCAG AA).
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 6 },
  // Mantine's red at the default shade (8) is 4.4:1 on white; one step darker passes AA
  // for red text, outlines and white-on-red alike.
  colors: {
    red: [
      "#fff5f5",
      "#ffe3e3",
      "#ffc9c9",
      "#ffa8a8",
      "#ff8787",
      "#ff6b6b",
      "#fa5252",
      "#f03e3e",
      "#c92a2a",
      "#a51d1d",
    ],
  },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  defaultRadius: "md",
  focusRing: "always",
  // Plain objects rather than Modal.extend(): importing Modal here would put it (and its
  // scroll and focus machinery) on every screen's first load.
  components: {
    // Every modal's close button needs a name (modals opened through @mantine/modals included).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } } satisfies MantineThemeComponent,
    // Every text input, select and text area: a focus outline as well as the border colour (theme.css).
    Input: { classNames: { input: "input-focus-ring" } } satisfies MantineThemeComponent,
    // Toasts too: their close button has no text of its own.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
    } satisfies MantineThemeComponent,
  },
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
});

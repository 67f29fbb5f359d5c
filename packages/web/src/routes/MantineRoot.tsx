// Mantine's provider for every screen but /login (ADR 0033): it and the theme load with the first
// such screen, so the login page's JavaScript carries neither.
import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router-dom";
import { theme } from "../theme";

export default function MantineRoot() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Outlet />
    </MantineProvider>
  );
}

// The system Chromium and the switches every browser run here uses (browser tests, screenshots):
// no sandbox or GPU in the container, and no background traffic to Google.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

// One lazy chunk for the CPD Hub's three pages: each lazy route adds a loader to the entry script
// that /login downloads, so the hub costs it one loader, not three.
import LibraryPage from "./LibraryPage";
import VideoPage from "./VideoPage";
import VideosPage from "./VideosPage";

const PAGES = { hub: VideosPage, library: LibraryPage, video: VideoPage };

export default function VideoRoutes({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}

// One lazy chunk for the portfolio choice and builder (one loader in /login's entry script, not two).
import PortfolioBuilderPage from "./PortfolioBuilderPage";
import PortfolioChoosePage from "./PortfolioChoosePage";

const PAGES = { choose: PortfolioChoosePage, builder: PortfolioBuilderPage };

export default function PortfolioRoutes({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}

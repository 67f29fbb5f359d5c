// Every route's error boundary (ADR 0024): a page whose code fails to load (a new release replaced
// the chunk, the network dropped, or it took longer than LAZY_TIMEOUT_MS) or that throws while
// rendering shows this, with a Reload action, instead of the router's default screen. Plain HTML
// (ADR 0033): it also stands in for the Mantine provider's own chunk when that fails to load.
import { useRouteError } from "react-router-dom";
import ui from "../features/auth/auth-ui.module.css";
import { usePageTitle } from "../lib/use-page-title";
import css from "./route-error.module.css";

export function RouteError() {
  const error = useRouteError();
  usePageTitle("Something went wrong");
  if (error) console.error(error);
  return (
    <div className={css.frame}>
      <div className={css.card}>
        <h1 className={css.title}>Something went wrong</h1>
        <p className={css.text}>
          This page could not be loaded. Check your connection, then reload the page.
        </p>
        <button
          type="button"
          className={`${ui.button} ${ui.autoWidth}`}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </div>
    </div>
  );
}

// A page's Suspense fallback while its chunk loads. Plain HTML drawn as Mantine's oval Loader
// (lib/Spinner): the route tables that use it are on the login page's JavaScript (ADR 0033).
import css from "./page-loader.module.css";

export function PageLoader() {
  return (
    <div className={css.frame}>
      <div className={css.oval} role="progressbar" aria-label="Loading" />
    </div>
  );
}

// The frame of the logged-out screens: a centred card with the product name, and an
// organisation's logo and colour on its own login page. Plain HTML (ADR 0033): it is on the login
// route, which loads no Mantine JavaScript.
import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title";
import ui from "./auth-ui.module.css";

/** An organisation's look on its login page (from its public branding). */
export interface Brand {
  name: string;
  logoUrl: string | null;
  /** A #rrggbb colour, or null: it only paints a border, never text, so any colour is readable. */
  colour: string | null;
}

export function AuthLayout({
  title,
  brand,
  children,
  after,
}: {
  title: string;
  brand?: Brand;
  children: ReactNode;
  /** Shown below the card (the login page's video and links). */
  after?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <main className={ui.page}>
      <div className={ui.column}>
        <div className={ui.brand}>
          {brand?.logoUrl && (
            <img src={brand.logoUrl} alt={brand.name} style={{ maxHeight: 64, maxWidth: "100%" }} />
          )}
          <p className={ui.brandName}>CPD Dashboard</p>
          <p className={ui.tagline}>Continuing professional development for health and care professionals</p>
        </div>
        <div
          className={ui.card}
          style={brand?.colour ? { borderTop: `6px solid ${brand.colour}` } : undefined}
        >
          <h1 className={ui.title}>{title}</h1>
          {children}
        </div>
        {after}
      </div>
    </main>
  );
}

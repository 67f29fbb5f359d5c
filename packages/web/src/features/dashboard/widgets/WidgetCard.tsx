import { Anchor } from "@mantine/core";
import { Link } from "react-router-dom";
import { SectionCard } from "../../../lib/SectionCard";
import "../dashboard.css";

/** A dashboard widget; `more` links to the page that has the rest. */
export function WidgetCard({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  const action = more && (
    <Anchor component={Link} to={more.to} fz="sm">
      {more.label}
    </Anchor>
  );
  return (
    <SectionCard size="sm" title={title} action={action}>
      {children}
    </SectionCard>
  );
}

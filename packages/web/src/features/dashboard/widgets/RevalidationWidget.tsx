import { Divider, Stack } from "@mantine/core";
import { Fragment } from "react";
import { CompactProgress, RequiredRegistrationPrompt, useRevalidationProgress } from "../../revalidation";
import { WidgetCard } from "./WidgetCard";

/** Each registration's revalidation progress (issue 26); nothing until the user has a registration. */
export function RevalidationWidget() {
  const progress = useRevalidationProgress({ quiet: true });
  const items = progress.data?.items ?? [];
  // A registration the organisation requires and the user lacks: asked for even before any other.
  if (items.length === 0) return <RequiredRegistrationPrompt />;
  return (
    <>
      <RequiredRegistrationPrompt />
      <WidgetCard title="Revalidation" more={{ to: "/revalidation", label: "See your revalidation" }}>
        <Stack gap="md">
          {items.map((p, i) => (
            <Fragment key={p.registration.id}>
              {i > 0 && <Divider />}
              <CompactProgress p={p} />
            </Fragment>
          ))}
        </Stack>
      </WidgetCard>
    </>
  );
}

import { Card, Text, Title } from "@mantine/core";
import { useViewportSize } from "@mantine/hooks";
import { lazy, Suspense, useId } from "react";
import "./dashboard.css";
import { Spinner } from "../../lib/Spinner";
import type { ChartSpec } from "./chart-spec";
import { graphHeight, legendPosition } from "./dashboard-model";

const ChartCanvas = lazy(() => import("./ChartCanvas"));

/**
 * A chart card: the canvas is decorative for assistive technology; the same numbers are in a
 * visually hidden table, so nobody depends on seeing the chart (WCAG 1.1.1, 1.4.1).
 */
export function ChartFigure({
  title,
  spec,
  loading,
  failed,
  empty = "No entries within the specified period.",
  showLegendOnMobile = true,
  children,
}: {
  title: string;
  spec: ChartSpec | null;
  loading?: boolean;
  failed?: boolean;
  empty?: string;
  showLegendOnMobile?: boolean;
  children?: React.ReactNode;
}) {
  const { width } = useViewportSize();
  const id = useId();
  const w = width || 1280;
  const height = graphHeight(w);
  const hasData = spec?.values.some((v) => v > 0);
  const legend = legendPosition(w, showLegendOnMobile);
  return (
    <Card withBorder padding="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={2} fz="h5" id={id} mb="xs">
        {title}
      </Title>
      {loading ? (
        <Spinner size="sm" label={`Loading ${title}`} />
      ) : failed ? (
        <Text c="dimmed">This chart could not be loaded.</Text>
      ) : !spec || !hasData ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <div className={`chart-body chart-legend-${legend}`}>
            <div className="chart-canvas">
              <Suspense fallback={<div style={{ height }} />}>
                <ChartCanvas spec={spec} height={height} />
              </Suspense>
            </div>
            {legend !== "hidden" && (spec.type === "pie" || spec.tooltips) && (
              // The same numbers are in the table below; this key is for sighted users.
              <ul className="chart-legend" aria-hidden="true">
                {spec.labels.map((label, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat
                  <li key={`${label}-${i}`}>
                    <span className="chart-swatch" style={{ background: spec.colours[i] }} />
                    <span>
                      {spec.tooltips?.[i] ?? label}: <strong>{spec.values[i]}</strong>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <table className="visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{spec.type === "pie" ? "Category" : "Item"}</th>
                <th scope="col">{spec.seriesLabel}</th>
              </tr>
            </thead>
            <tbody>
              {spec.labels.map((label, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (standards share a key)
                <tr key={`${label}-${i}`}>
                  <th scope="row">{spec.tooltips?.[i] ?? label}</th>
                  <td>{spec.values[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {children}
    </Card>
  );
}

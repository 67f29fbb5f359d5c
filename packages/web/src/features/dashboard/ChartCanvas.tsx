// chart.js lives in this lazily loaded chunk only, so /login and the first paint stay small.
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from "chart.js";
import { Bar, Pie } from "react-chartjs-2";
import type { ChartSpec } from "./chart-spec";

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip);
ChartJS.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
ChartJS.defaults.color = "#343a40";

/** The picture only; the figure around it carries the title and a table of the same data. */
export default function ChartCanvas({ spec, height }: { spec: ChartSpec; height: number }) {
  const data = {
    labels: spec.labels,
    datasets: [
      {
        label: spec.seriesLabel,
        data: spec.values,
        backgroundColor: spec.colours,
        borderColor: spec.type === "pie" ? "#ffffff" : spec.colours,
        borderWidth: spec.type === "pie" ? 2 : 0,
      },
    ],
  };
  const tooltip = {
    callbacks: {
      title: (items: { dataIndex: number }[]) =>
        spec.tooltips?.[items[0]?.dataIndex ?? 0] ?? spec.labels[items[0]?.dataIndex ?? 0],
    },
  };
  const common = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: {
      // The key is HTML next to the canvas (ChartFigure), readable at any size.
      legend: { display: false },
      tooltip,
    },
  };
  return (
    <div style={{ position: "relative", height }} aria-hidden="true">
      {spec.type === "pie" ? (
        <Pie data={data} options={common} />
      ) : (
        <Bar
          data={data}
          options={{
            ...common,
            scales: {
              y: { beginAtZero: true, ticks: { stepSize: spec.stepSize ?? undefined, precision: 0 } },
              x: { ticks: { autoSkip: true, maxRotation: 45 } },
            },
          }}
        />
      )}
    </div>
  );
}

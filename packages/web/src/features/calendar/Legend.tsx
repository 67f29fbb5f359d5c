import { LEGEND } from "./calendar-model";

/** The six-item key: each kind by name, symbol and colour. */
export function Legend() {
  return (
    <ul className="cal-legend" aria-label="Calendar key">
      {LEGEND.map((l) => (
        <li key={l.label}>
          <span
            className="cal-swatch"
            style={{ color: l.colour, background: l.background }}
            aria-hidden="true"
          >
            {l.symbol}
          </span>
          {l.label}
        </li>
      ))}
    </ul>
  );
}

import { PORTFOLIO, PORTFOLIO_COVERS } from "@cpd/contract";
import { Group, Radio, Stack, Switch, TextInput } from "@mantine/core";
import type { BuilderState } from "./builder-model";
import classes from "./stepper.module.css";

/** Ten front-page backgrounds (the PDF renderer draws its own; these are their key colours). */
const BACKGROUND_COLOURS = [
  "#1864ab",
  "#0b7285",
  "#2b8a3e",
  "#5f3dc4",
  "#a61e4d",
  "#d9480f",
  "#364fc7",
  "#087f5b",
  "#862e9c",
  "#495057",
];

const COVER_LABELS: Record<(typeof PORTFOLIO_COVERS)[number], string> = {
  classic: "Classic",
  modern: "Modern",
  minimal: "Minimal",
};

type Patch = (p: Partial<BuilderState>) => void;

function TitleLine({ n, value, onChange }: { n: 1 | 2; value: string; onChange: (v: string) => void }) {
  const over = value.length > PORTFOLIO.titleLineMax;
  return (
    <TextInput
      label={`Title line ${n}`}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={`${value.length} of ${PORTFOLIO.titleLineMax} characters`}
      error={over ? `At most ${PORTFOLIO.titleLineMax} characters` : undefined}
      maw={420}
    />
  );
}

export function FrontPageStage({ state, patch }: { state: BuilderState; patch: Patch }) {
  return (
    <Stack gap="lg">
      <TitleLine n={1} value={state.line1} onChange={(line1) => patch({ line1 })} />
      <TitleLine n={2} value={state.line2} onChange={(line2) => patch({ line2 })} />
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Background</legend>
        <div className={classes.swatches}>
          {BACKGROUND_COLOURS.map((colour, i) => (
            <label key={colour} className={classes.swatchLabel}>
              <input
                type="radio"
                name="portfolio-background"
                className={classes.swatchInput}
                checked={state.background === i + 1}
                onChange={() => patch({ background: i + 1 })}
              />
              <span className={classes.swatch} style={{ background: colour }} aria-hidden="true" />
              <span className="visually-hidden">Background {i + 1}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Radio.Group
        label="Cover"
        value={state.cover}
        onChange={(v) => patch({ cover: v as BuilderState["cover"] })}
      >
        <Group mt="xs">
          {PORTFOLIO_COVERS.map((c) => (
            <Radio key={c} value={c} label={COVER_LABELS[c]} />
          ))}
        </Group>
      </Radio.Group>
      <Switch
        label="Include my organisation's branding"
        description="Your organisation's logo and colour on the front page, when you belong to one."
        checked={state.includeBranding}
        onChange={(e) => patch({ includeBranding: e.currentTarget.checked })}
      />
    </Stack>
  );
}

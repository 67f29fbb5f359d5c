// Exactly the records an attestation covers, read-only, as its attester sees them: each
// revalidation record with its details under their form's labels, and each CPD entry.
import { type api, type ResponseOf, ukDate } from "@cpd/contract";
import { Box, Card, Stack, Text, Title } from "@mantine/core";
import { htmlToText } from "../../lib/html-text";
import { detailRows, kindTitle } from "./attestation-model";

type View = ResponseOf<typeof api.attestationView>;

const wrap = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

/** A definition list of label and text pairs, leaving out the empty ones. */
function Facts({ rows }: { rows: [string, string | null | undefined][] }) {
  const shown = rows.filter((r): r is [string, string] => typeof r[1] === "string" && r[1].trim() !== "");
  return (
    <Stack gap="xs" component="dl" m={0}>
      {shown.map(([label, text]) => (
        <div key={label}>
          <Text component="dt" fw={600} fz="sm">
            {label}
          </Text>
          <Box component="dd" m={0}>
            <Text style={wrap}>{text}</Text>
          </Box>
        </div>
      ))}
    </Stack>
  );
}

function Item({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Card component="li" withBorder padding="md">
      <Title order={3} fz="h4" style={{ overflowWrap: "anywhere" }}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        {subtitle}
      </Text>
      {children}
    </Card>
  );
}

export function CoveredRecords({ view }: { view: View }) {
  const count = view.records.length + view.entries.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="covered-title">
      <Title order={2} fz="h3" id="covered-title">
        What you are asked to attest
      </Title>
      <Text fz="sm">
        {count === 1 ? "This record is" : `These ${count} records are`} {view.professionalName}'s, shown
        read-only. Your signature covers exactly what is shown here.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {view.records.map((r) => (
          <Item
            key={r.id}
            title={r.title}
            subtitle={`${kindTitle(r.kind)} · ${
              r.endDate && r.endDate !== r.date ? `${ukDate(r.date)} to ${ukDate(r.endDate)}` : ukDate(r.date)
            }${r.hours !== null ? ` · ${r.hours} hours` : ""}`}
          >
            <Facts
              rows={[...detailRows(r.kind, r.details, view.regulator), ["Themes", r.themes.join(", ")]]}
            />
          </Item>
        ))}
        {view.entries.map((e) => (
          <Item
            key={e.id}
            title={e.title}
            subtitle={`CPD entry${e.date ? ` · ${ukDate(e.date)}` : ""}${e.hours !== null ? ` · ${e.hours} hours` : ""}`}
          >
            <Facts
              rows={[
                ["Activity type", e.activityType],
                ["Category", e.category],
                ["Description", e.description ? htmlToText(e.description) : null],
              ]}
            />
          </Item>
        ))}
      </Stack>
    </Stack>
  );
}

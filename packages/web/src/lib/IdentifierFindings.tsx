// A refusal because what would leave the record holds a patient identifier (409 IDENTIFIERS_FOUND,
// ADR 0029): the server's message and each finding (the record, the field, why), with a link to
// open the record and redact the text or mark it as not a patient identifier. Shown by the error
// toasts and by the screens that show a failure in place. Plain links: a toast may be drawn outside
// the router (the guest pages' and the tests' toasts).
import { ENTRY_TYPES, type IdentifiersFoundDetails, RECORD_FIELDS } from "@cpd/contract";
import { Anchor, List, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ApiError } from "./api-error";
import { errorMessage } from "./error-messages";

/** The findings of a 409 IDENTIFIERS_FOUND; null for any other failure. */
function identifierFindings(err: unknown): IdentifiersFoundDetails | null {
  return err instanceof ApiError && err.code === "IDENTIFIERS_FOUND" && err.details ? err.details : null;
}

/** Names the server gives fields outside a form: the share's own text, an entry's columns. */
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  description: "Description",
  sharedTitle: "Shared title",
  sharedDescription: "Shared description",
  topicTitle: "Shared topic",
  topicActions: "Shared topic's actions",
  topicComment: "Comment on a shared topic",
  filename: "File name",
  text: "File text",
  hcpcSummary: "HCPC summary of practice",
  hcpcStandard1: "HCPC standard 1",
  hcpcStandard2: "HCPC standard 2",
  hcpcStandard3: "HCPC standard 3",
  hcpcStandard4: "HCPC standard 4",
};
const RECORD_LABELS = new Map(
  Object.values(RECORD_FIELDS)
    .flat()
    .map((f) => [f.key, f.label]),
);

/** A field's label: known names, a revalidation record's field, else its key in words. */
function fieldLabel(recordType: string, field: string): string {
  const known = FIELD_LABELS[field] ?? (recordType === "record" ? RECORD_LABELS.get(field) : undefined);
  if (known) return known;
  const words = field.replace(/([a-z])([A-Z0-9])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where the record opens: an entry in its form, a revalidation record on the revalidation page. */
function recordPath(recordType: string, recordId: string): string | null {
  if ((ENTRY_TYPES as readonly string[]).includes(recordType)) return `/edit/${recordType}/${recordId}`;
  if (recordType === "record") return "/revalidation";
  // A file is renamed, removed or replaced in My Files (it has no "not a patient identifier").
  if (recordType === "file") return "/files";
  return null;
}

function IdentifierFindingsList({ details }: { details: IdentifiersFoundDetails }) {
  const more = details.total - details.findings.length;
  return (
    <Stack gap={4}>
      <List size="sm" spacing={4} aria-label="Patient identifiers found">
        {details.findings.map((f) => {
          const to = recordPath(f.recordType, f.recordId);
          const title = f.recordTitle || "Untitled";
          return (
            <List.Item key={`${f.recordId}:${f.field}:${f.start}`}>
              {to ? (
                <Anchor href={to} fz="sm">
                  {title}
                </Anchor>
              ) : (
                title
              )}
              {` (${fieldLabel(f.recordType, f.field)}): ${f.reason}`}
            </List.Item>
          );
        })}
      </List>
      {more > 0 && <Text fz="sm">and {more} more</Text>}
    </Stack>
  );
}

/** What to show for a failure: the message, and the findings under it when it is this refusal. */
export function errorContent(err: unknown): ReactNode {
  const message = errorMessage(err);
  const details = identifierFindings(err);
  if (!details) return message;
  return (
    <Stack gap={4}>
      <Text fz="sm">{message}</Text>
      <IdentifierFindingsList details={details} />
    </Stack>
  );
}

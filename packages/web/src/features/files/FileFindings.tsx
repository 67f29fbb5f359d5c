import { EVIDENCE_FINDING_MESSAGES as M } from "@cpd/contract";
import { List, Text } from "@mantine/core";
import type { StoredFile } from "./queries";

type Checked = Pick<StoredFile, "filename" | "identifierFindings" | "moreFindings" | "textCheck">;

const COLOURS = { identifier: "#a51d1d", check: "#7a4b00" } as const;

/**
 * What a file's name and text show of patients (ADR 0031), beside the file: one warning per
 * finding, in words (never colour alone), with the masked excerpt the server kept, and whether
 * the file's text is still being read or could not be read.
 */
export function FileFindings({ file }: { file: Checked }) {
  const findings = file.identifierFindings ?? [];
  const state = file.textCheck;
  if (!findings.length && state !== "pending" && state !== "failed" && state !== "partial") return null;
  return (
    <div>
      {findings.length > 0 && (
        <List size="sm" spacing={2} listStyleType="none" mt={4}>
          {findings.map((f) => (
            <List.Item key={`${f.source}-${f.start}-${f.end}`}>
              <Text fz="sm" c={COLOURS[f.severity]}>
                <span aria-hidden="true">⚠ </span>
                {M.prefix} {f.reason}
                {f.source === "filename" ? ` (${M.inName})` : f.excerpt ? ` “${f.excerpt}”` : ""}
              </Text>
            </List.Item>
          ))}
          {file.moreFindings ? (
            <List.Item>
              <Text fz="sm" c={COLOURS.identifier}>
                {M.more(file.moreFindings)}
              </Text>
            </List.Item>
          ) : null}
        </List>
      )}
      {state === "pending" && (
        <Text fz="sm" c="dimmed" role="status">
          {M.pending}
        </Text>
      )}
      {state === "failed" && <Text fz="sm">{M.failed}</Text>}
      {state === "partial" && <Text fz="sm">{M.partial}</Text>}
    </div>
  );
}

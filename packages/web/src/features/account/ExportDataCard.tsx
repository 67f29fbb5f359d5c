import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { errorMessage } from "../../lib/error-messages";
import { errorContent } from "../../lib/IdentifierFindings";
import { SectionCard } from "../../lib/SectionCard";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useDownloadExport, useRequestExport } from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Export my data": the server packs the whole record into a ZIP and e-mails a link to this page
 * with ?export=<id>; the download needs the session, so it is offered here.
 */
export function ExportDataCard() {
  const [params] = useSearchParams();
  const exportId = params.get("export");
  const ready = exportId && UUID.test(exportId) ? exportId : null;
  const [status, setStatus] = useState<Status | null>(null);

  const request = useRequestExport({
    onSuccess: (res) => setStatus({ tone: "success", title: "Export requested", text: res.message }),
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Failed to request export",
        // A patient identifier in an entry stops the export: the entries are listed (ADR 0029).
        text: errorContent(err) || "Unknown error",
      }),
  });
  const download = useDownloadExport({
    onSuccess: () => setStatus(null),
    onError: (err) =>
      setStatus({
        tone: "error",
        title: "Failed to download export",
        text: errorMessage(err) || "Unknown error",
      }),
  });

  return (
    <SectionCard size="lg" title="Export my data">
      <Stack gap="sm">
        <Text fz="sm">
          Get a copy of everything your account holds (your details, entries and files) as one ZIP file. We
          email you a link when it is ready.
        </Text>
        <StatusRegion status={status} />
        <Group justify="flex-end">
          {ready && (
            <Button variant="default" loading={download.isPending} onClick={() => download.mutate(ready)}>
              Download your export (ZIP)
            </Button>
          )}
          <Button
            variant={ready ? "light" : "filled"}
            loading={request.isPending}
            onClick={() => request.mutate()}
          >
            Export my data
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

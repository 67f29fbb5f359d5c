import { api } from "@cpd/contract";
import { Center, Modal } from "@mantine/core";
import { lazy, Suspense } from "react";
import { buildUrl } from "../../lib/api-client";
import { Spinner } from "../../lib/Spinner";
import { session } from "../../lib/session";

const PdfViewer = lazy(() => import("./PdfViewer"));

/** GET entries/{id}/pdf with the token as auth_token (REQ-ENTRY-07). */
const entryPdfUrl = (id: string) =>
  buildUrl(api.entryPdf.path, { id }, { auth_token: session.token() ?? undefined });

export function PdfPreviewModal({
  entry,
  onClose,
}: {
  entry: { id: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? `Preview: ${entry.title}` : ""} size="xl">
      {entry && (
        <Suspense
          fallback={
            <Center h={200}>
              <Spinner label="Loading the PDF viewer" />
            </Center>
          }
        >
          <PdfViewer url={entryPdfUrl(entry.id)} title={entry.title || "Entry"} />
        </Suspense>
      )}
    </Modal>
  );
}

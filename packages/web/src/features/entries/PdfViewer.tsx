// The entry PDF drawn with pdf.js (its own lazy chunk): the server's PDF answer may not be
// framed (frame-ancestors 'none'), and a canvas gives page-by-page navigation everywhere.
import { Alert, Button, Center, Group, Stack, Text } from "@mantine/core";
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../lib/Spinner";

GlobalWorkerOptions.workerSrc = workerUrl;

interface Props {
  url: string;
  title: string;
}

async function printDocument(doc: PDFDocumentProxy) {
  const holder = document.createElement("div");
  holder.className = "print-pages";
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = document.createElement("canvas");
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await page.render({ canvas, viewport }).promise;
    const img = document.createElement("img");
    img.src = canvas.toDataURL("image/png");
    img.alt = `Page ${n}`;
    holder.appendChild(img);
  }
  document.body.appendChild(holder);
  const cleanup = () => {
    holder.remove();
    window.removeEventListener("afterprint", cleanup);
  };
  window.addEventListener("afterprint", cleanup);
  window.print();
  // Some browsers return from print() without afterprint.
  setTimeout(cleanup, 60_000);
}

export default function PdfViewer({ url, title }: Props) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [error, setError] = useState("");
  const [printing, setPrinting] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<typeof getDocument> | null = null;
    setDoc(null);
    setError("");
    setPageNum(1);
    (async () => {
      try {
        const res = await fetch(url);
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          throw new Error(body?.message ?? "The PDF could not be loaded");
        }
        const data = new Uint8Array(await res.arrayBuffer());
        if (cancelled) return;
        task = getDocument({ data });
        const loaded = await task.promise;
        if (!cancelled) setDoc(loaded);
      } catch (e) {
        if (!cancelled) setError((e as Error).message || "The PDF could not be loaded");
      }
    })();
    return () => {
      cancelled = true;
      task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvasRef.current) return;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy["getPage"]>>["render"]> | null = null;
    let cancelled = false;
    (async () => {
      const page = await doc.getPage(pageNum);
      if (cancelled || !canvasRef.current) return;
      const base = page.getViewport({ scale: 1 });
      const width = boxRef.current?.clientWidth ?? base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (Math.min(width, 900) / base.width) * ratio });
      const canvas = canvasRef.current;
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${viewport.width / ratio}px`;
      canvas.style.height = `${viewport.height / ratio}px`;
      task = page.render({ canvas, viewport });
      await task.promise.catch(() => undefined);
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNum]);

  if (error) {
    return (
      <Alert color="red" title="Failed to load entry" role="alert">
        {error}
      </Alert>
    );
  }
  const pages = doc?.numPages ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => setPageNum((n) => n - 1)}
            disabled={!doc || pageNum <= 1}
          >
            Previous page
          </Button>
          <Text fz="sm" aria-live="polite" data-testid="pdf-page">
            {doc ? `Page ${pageNum} of ${pages}` : "Loading…"}
          </Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => setPageNum((n) => n + 1)}
            disabled={!doc || pageNum >= pages}
          >
            Next page
          </Button>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            disabled={!doc}
            loading={printing}
            onClick={async () => {
              if (!doc) return;
              setPrinting(true);
              try {
                await printDocument(doc);
              } finally {
                setPrinting(false);
              }
            }}
          >
            Print
          </Button>
          <Button size="xs" variant="default" component="a" href={url} target="_blank" rel="noopener">
            Open in new tab
          </Button>
        </Group>
      </Group>
      <div ref={boxRef} style={{ overflow: "auto", background: "#f1f3f5", minHeight: 200 }}>
        {!doc && (
          <Center h={200}>
            <Spinner label="Loading the PDF" />
          </Center>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${title}, page ${pageNum} of ${pages}`}
          style={{ display: doc ? "block" : "none", margin: "0 auto", background: "#fff" }}
        />
      </div>
    </Stack>
  );
}

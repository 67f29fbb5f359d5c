// The signature pad (REQ-SUP-05: 734 x 178): signature_pad on a canvas whose backing store follows
// the screen's pixel ratio, so strokes stay sharp, and whose box shrinks with a narrow screen while
// keeping the pad's shape. Drawing depends on the pointer's path, so whoever cannot draw (keyboard
// only) can type their name instead, which is drawn into the same box.
// Loaded on demand: signature_pad is not part of any page until a sign-off is offered. Shared by
// the supervision sign-off, the profile's saved signature and the attester's page (REQ-ATTEST-05).
import { SUPERVISION } from "@cpd/contract";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type RefObject, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import SignaturePad from "signature_pad";

export interface PadHandle {
  /** The signature as a PNG data URL, or null when nothing was drawn or typed. */
  signature(): string | null;
}

const { width: PAD_W, height: PAD_H } = SUPERVISION.pad;
/** The server takes images up to 4 x the pad's size. */
const MAX_RATIO = 4;
const INK = "#1a1b1e";

function drawTyped(canvas: HTMLCanvasElement, text: string) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = INK;
  ctx.textBaseline = "middle";
  ctx.font = `italic ${Math.round(canvas.height * 0.38)}px "Segoe Script", "Brush Script MT", cursive`;
  ctx.fillText(text, canvas.width * 0.04, canvas.height / 2, canvas.width * 0.92);
  ctx.restore();
}

/** A data URL too large for the server is drawn again at the pad's own size. */
function withinLimit(canvas: HTMLCanvasElement, url: string): string {
  if (url.length <= SUPERVISION.signatureMaxChars) return url;
  const small = document.createElement("canvas");
  small.width = PAD_W;
  small.height = PAD_H;
  small.getContext("2d")?.drawImage(canvas, 0, 0, PAD_W, PAD_H);
  return small.toDataURL("image/png");
}

export default function SignaturePadField({ handle }: { handle: RefObject<PadHandle | null> }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const typedRef = useRef("");
  const [typed, setTyped] = useState("");
  const [drawn, setDrawn] = useState(false);
  const id = useId();
  typedRef.current = typed;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const onEnd = () => setDrawn(!pad.isEmpty());
    pad.addEventListener("endStroke", onEnd);
    // Sizing the backing store clears the canvas: the strokes (or typed name) are drawn again.
    const resize = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
      const w = Math.round(canvas.offsetWidth * ratio);
      const h = Math.round(canvas.offsetHeight * ratio);
      if (!w || !h || (w === canvas.width && h === canvas.height)) return;
      const strokes = pad.toData();
      canvas.width = w;
      canvas.height = h;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      if (typedRef.current) drawTyped(canvas, typedRef.current);
      else if (strokes.length) pad.fromData(strokes);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(handle, () => ({
    signature() {
      const canvas = canvasRef.current;
      const pad = padRef.current;
      if (!canvas) return null;
      if (typedRef.current.trim()) return withinLimit(canvas, canvas.toDataURL("image/png"));
      if (!pad || pad.isEmpty()) return null;
      return withinLimit(canvas, pad.toDataURL("image/png"));
    },
  }));

  function type(text: string) {
    setTyped(text);
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad) return;
    pad.clear();
    setDrawn(false);
    if (text.trim()) {
      pad.off();
      drawTyped(canvas, text.trim());
    } else pad.on();
  }

  const filled = drawn || typed.trim() !== "";
  return (
    <Stack gap="xs">
      <fieldset aria-describedby={`${id}-help`} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" fw={600} fz="sm" p={0}>
          Your signature
        </Text>
        <Text id={`${id}-help`} fz="sm" c="dimmed" mb={6}>
          Draw your signature in the box with a mouse, finger or stylus. If you cannot draw, type your name
          below instead. Clear starts again.
        </Text>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={filled ? "Signature pad, signed" : "Signature pad, empty"}
          width={PAD_W}
          height={PAD_H}
          style={{
            display: "block",
            width: "100%",
            maxWidth: PAD_W,
            height: "auto",
            aspectRatio: `${PAD_W} / ${PAD_H}`,
            border: "1px solid #868e96",
            borderRadius: 6,
            background: "#fff",
            touchAction: "none",
            cursor: typed ? "default" : "crosshair",
          }}
        />
      </fieldset>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Or type your name to sign"
          value={typed}
          onChange={(e) => type(e.currentTarget.value)}
          maxLength={SUPERVISION.nameMax}
          autoComplete="name"
          style={{ flex: "1 1 220px", maxWidth: 420 }}
        />
        <Button variant="default" onClick={() => type("")} disabled={!filled}>
          Clear
        </Button>
      </Group>
    </Stack>
  );
}

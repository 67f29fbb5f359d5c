// biome-ignore lint/style/noRestrictedImports: this is the one place a Loader is rendered.
import { Loader, type MantineSize } from "@mantine/core";

/**
 * The one busy indicator. Mantine's Loader is a plain span, on which axe refuses aria-label
 * (aria-prohibited-attr); an indeterminate progressbar is the role that takes a name. Without a
 * label it is decoration beside text that already says what is happening, hidden from readers.
 */
export function Spinner({ label, size }: { label?: string; size?: MantineSize }) {
  if (label === undefined) return <Loader size={size} aria-hidden />;
  return <Loader role="progressbar" aria-label={label} size={size} />;
}

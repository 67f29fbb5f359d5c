import { Alert } from "@mantine/core";

const TITLE_COLOUR = { blue: "#1864ab", yellow: "#7a4d00", grape: "#6f2083", gray: "#343a40" } as const;

/** A light alert with a title: the dashboard's and the shell's banners. */
export function Banner({
  colour,
  title,
  children,
}: {
  colour: keyof typeof TITLE_COLOUR;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Alert color={colour} variant="light" title={title} styles={{ title: { color: TITLE_COLOUR[colour] } }}>
      {children}
    </Alert>
  );
}

import { Card, Group, Title } from "@mantine/core";
import { useId } from "react";

// A bordered card that is a landmark named by its own heading, with an optional action beside it.
const SIZES = {
  /** A dashboard widget. */
  sm: { padding: "md", fz: "h5", mb: "xs" },
  /** A card among others on a page. */
  md: { padding: "md", fz: "h4", mb: "xs" },
  /** A page's main card. */
  lg: { padding: "lg", fz: "h3", mb: "md" },
} as const;

export function SectionCard({
  title,
  action,
  order = 2,
  size = "md",
  children,
}: {
  title: React.ReactNode;
  /** At the heading's right: a button or a badge. */
  action?: React.ReactNode;
  /** 3 when the card sits inside a section that has its own h2. */
  order?: 2 | 3;
  size?: keyof typeof SIZES;
  children: React.ReactNode;
}) {
  const id = useId();
  const { padding, fz, mb } = SIZES[size];
  return (
    <Card withBorder padding={padding} component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb={mb} gap="xs">
        <Title order={order} fz={fz} id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

// The frame of the logged-out screens: a centred card with the product name, and an
// organisation's logo and colour on its own login page.
import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title";

/** An organisation's look on its login page (from its public branding). */
export interface Brand {
  name: string;
  logoUrl: string | null;
  /** A #rrggbb colour, or null: it only paints a border, never text, so any colour is readable. */
  colour: string | null;
}

export function AuthLayout({
  title,
  brand,
  children,
  after,
}: {
  title: string;
  brand?: Brand;
  children: ReactNode;
  /** Shown below the card (the login page's video and links). */
  after?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Box component="main" bg="gray.1" mih="100vh" px="md" py="xl">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={4} align="center">
            {brand?.logoUrl && (
              <img src={brand.logoUrl} alt={brand.name} style={{ maxHeight: 64, maxWidth: "100%" }} />
            )}
            <Text fw={700} fz="xl" c="blue.9" component="p" m={0}>
              CPD Dashboard
            </Text>
            <Text c="dimmed" fz="sm" m={0}>
              Continuing professional development for health and care professionals
            </Text>
          </Stack>
          <Paper
            withBorder
            shadow="sm"
            radius="md"
            p="xl"
            style={brand?.colour ? { borderTop: `6px solid ${brand.colour}` } : undefined}
          >
            <Title order={1} fz="h2" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
          {after}
        </Stack>
      </Center>
    </Box>
  );
}

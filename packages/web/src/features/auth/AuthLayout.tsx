// The frame of the logged-out screens: a centred card with the product name.
import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title";

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box component="main" bg="gray.1" mih="100vh" px="md" py="xl">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={4} align="center">
            <Text fw={700} fz="xl" c="blue.9" component="p" m={0}>
              CPD Dashboard
            </Text>
            <Text c="dimmed" fz="sm" m={0}>
              Continuing professional development for health and care professionals
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Title order={1} fz="h2" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

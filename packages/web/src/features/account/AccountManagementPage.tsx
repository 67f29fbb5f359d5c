import { Stack, Title } from "@mantine/core";
import { usePageTitle } from "../../lib/use-page-title";
import { ChangePasswordCard } from "./ChangePasswordCard";

export default function AccountManagementPage() {
  usePageTitle("Account Management");
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Account Management</Title>
      <ChangePasswordCard />
    </Stack>
  );
}

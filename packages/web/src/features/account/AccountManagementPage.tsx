import { Stack, Title } from "@mantine/core";
import { usePageTitle } from "../../lib/use-page-title";
import { ChangeEmailCard } from "./ChangeEmailCard";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { ExportDataCard } from "./ExportDataCard";

export default function AccountManagementPage() {
  usePageTitle("Account Management");
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Account Management</Title>
      <ChangeEmailCard />
      <ChangePasswordCard />
      <ExportDataCard />
      <DeleteAccountCard />
    </Stack>
  );
}

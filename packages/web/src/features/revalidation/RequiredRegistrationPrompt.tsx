import { REVALIDATION_MESSAGES } from "@cpd/contract";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { StatusAlert } from "../../lib/StatusAlert";
import { useRevalidationProgress } from "./queries";

/**
 * Asks a member to add the registration their organisation requires (REQ-REVAL-09), linking to
 * the profile's Registrations tab; nothing when none is missing or the answer is not in.
 */
export function RequiredRegistrationPrompt() {
  const regulator = useRevalidationProgress({ quiet: true }).data?.requiredRegistration;
  if (!regulator) return null;
  return (
    <StatusAlert tone="info" title="A registration is required">
      <Text fz="sm">{REVALIDATION_MESSAGES.registrationRequired(regulator)}.</Text>
      <Anchor component={Link} to="/profile?tab=registrations" fz="sm">
        Add your registration
      </Anchor>
    </StatusAlert>
  );
}

import { Stack, Text } from "@mantine/core";
import { CountedField, type FieldProps } from "./ProfessionalInfoForm";

/** The HCPC Information tab: the four standards statements, each up to 500 characters. */
export function HcpcInfo(props: FieldProps) {
  return (
    <Stack gap="md">
      <Text>
        Describe how your CPD meets each of the HCPC standards for continuing professional development.
      </Text>
      <CountedField {...props} field="hcpcStandard1" />
      <CountedField {...props} field="hcpcStandard2" />
      <CountedField {...props} field="hcpcStandard3" />
      <CountedField {...props} field="hcpcStandard4" />
    </Stack>
  );
}

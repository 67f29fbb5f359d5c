import { Select } from "@mantine/core";
import type { useCurrentOrganisation } from "./queries";

/** Administrators reach every organisation: they pick the one the page shows. Managers see their own. */
export function OrganisationPicker({ org }: { org: ReturnType<typeof useCurrentOrganisation> }) {
  if (org.organisations.length < 2) return null;
  return (
    <Select
      label="Organisation"
      maw={360}
      searchable
      data={org.organisations.map((o) => ({ value: String(o.id), label: o.name }))}
      value={org.current ? String(org.current.id) : null}
      onChange={(v) => v && org.choose(Number(v))}
      allowDeselect={false}
    />
  );
}

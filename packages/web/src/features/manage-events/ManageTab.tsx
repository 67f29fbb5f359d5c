// One tab of the events and webinars page: the list of what the user may manage as a table,
// with Create, Edit and Delete. Events and webinars differ only in their spec.
import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type ReactNode, useState } from "react";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import type { TimesForm } from "./event-form-model";
import { capital, type FormSpec, ItemFormModal } from "./ItemFormModal";
import { useManagedChange, useManagedItems } from "./queries";

export interface Managed {
  id: string;
  title: string;
  organisationId: number | null;
}

export interface TabSpec<T extends Managed, F> {
  form: FormSpec<F, T>;
  /** Above the list. */
  intro: string;
  /** When the list is empty. */
  none: string;
  /** The key is read on each render (the events' key holds today's date). */
  list: { queryKey: () => readonly unknown[]; queryFn: () => Promise<T[]>; errorTitle: string };
  remove: (item: T) => Promise<unknown>;
  /** The confirmation's text after "Delete <title>?". */
  deleteWarning: string;
  /** The column headings after Title and before Audience and Actions, and the cells under them. */
  columns: string[];
  cells: (item: T) => ReactNode;
  minWidth: number;
}

export interface TabProps {
  canManage: (org: number | null) => boolean;
  /** Managers see their organisation's items unless they ask for the platform's too. */
  showAll: boolean;
}

const audience = (organisationId: number | null) =>
  organisationId === null ? "Everyone" : "Your organisation";

export function ManageTab<T extends Managed, F extends TimesForm>({
  spec,
  canManage,
  showAll,
}: TabProps & { spec: TabSpec<T, F> }) {
  const { kind } = spec.form;
  const list = useManagedItems(spec.list);
  const rows = list.data?.filter((item) => showAll || canManage(item.organisationId));
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState(false);
  const remove = useManagedChange(spec.remove, spec.form.invalidates, {
    errorTitle: `Failed to delete ${kind}`,
    onSuccess: () => notifySuccess(`${capital(kind)} Deleted`),
  });
  const openForm = (item: T | null) => {
    setEditing(item);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const confirmDelete = (item: T) =>
    modals.openConfirmModal({
      title: `Delete ${kind}`,
      children: (
        <Text>
          Delete {item.title}? {spec.deleteWarning}
        </Text>
      ),
      labels: { confirm: `Delete ${kind}`, cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(item),
    });
  const plural = `${capital(kind)}s`;
  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">
          {spec.intro}
        </Text>
        <Button onClick={() => openForm(null)}>Create {kind}</Button>
      </Group>
      {list.isLoading && <Spinner label={`Loading ${kind}s`} />}
      {rows && rows.length === 0 && <Text>{spec.none}</Text>}
      {rows && rows.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1)
        <section className="table-scroll" aria-label={`${plural} table`} tabIndex={0}>
          <Table miw={spec.minWidth} striped highlightOnHover captionSide="top">
            <Table.Caption className="visually-hidden">{plural}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {["Title", ...spec.columns, "Audience", "Actions"].map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row" fw={600}>
                    {item.title}
                  </Table.Th>
                  {spec.cells(item)}
                  <Table.Td>{audience(item.organisationId)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      title={item.title}
                      kind={kind}
                      manageable={canManage(item.organisationId)}
                      onEdit={() => openForm(item)}
                      onDelete={() => confirmDelete(item)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {open && (
        <ItemFormModal
          key={formKey}
          spec={spec.form}
          editing={editing}
          opened={open}
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}

/** Edit and Delete for what the user manages; a note for the platform's own items. */
function RowActions(props: {
  title: string;
  kind: string;
  manageable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (!props.manageable) {
    return (
      <Text fz="sm" c="dimmed">
        Platform {props.kind}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="default" onClick={props.onEdit} aria-label={`Edit ${props.title}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red"
        onClick={props.onDelete}
        aria-label={`Delete ${props.title}`}
      >
        Delete
      </Button>
    </Group>
  );
}

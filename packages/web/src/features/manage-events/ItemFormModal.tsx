// The create/edit dialog shared by events and webinars: form state, the client checks, saving,
// and the server's messages placed at their field. Only the fields and the calls differ (a spec).
import { Alert, Button, Modal, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { type ComponentType, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { DateField } from "../../lib/DateField";
import { ModalActions } from "../../lib/ModalActions";
import { notifyError, notifySuccess } from "../../lib/notify";
import { type Errors, placeServerError, type TimesForm } from "./event-form-model";
import { useManagedChange } from "./queries";

export type Kind = "event" | "webinar";
export const capital = (kind: Kind) => `${kind[0]?.toUpperCase()}${kind.slice(1)}`;

/** What a field component gets: the form, a setter, the errors, and `bind` for a text input. */
export interface FieldsProps<F> {
  form: F;
  set: (patch: Partial<F>) => void;
  errors: Errors<F>;
  editing: boolean;
  bind: (name: keyof F & string) => {
    value: string;
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    error: string | undefined;
  };
}

export interface FormSpec<F, T> {
  kind: Kind;
  empty: F;
  toForm: (item: T) => F;
  validate: (f: F) => Errors<F>;
  save: (f: F, editing: T | null) => Promise<unknown>;
  /** The query that shows the saved item. */
  invalidates: readonly unknown[];
  /** Which field a server message is about, by how it starts. */
  fieldNames: Partial<Record<keyof F, string[]>>;
  /** Answers whose message belongs in the form rather than in a toast. */
  placedStatuses: number[];
  Fields: ComponentType<FieldsProps<F>>;
}

export function ItemFormModal<F extends TimesForm, T>({
  spec,
  editing,
  opened,
  onClose,
}: {
  spec: FormSpec<F, T>;
  editing: T | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { kind } = spec;
  const [form, setForm] = useState<F>(editing ? spec.toForm(editing) : spec.empty);
  const [errors, setErrors] = useState<Errors<F>>({});
  const set = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }));
  const bind: FieldsProps<F>["bind"] = (name) => ({
    value: String(form[name]),
    onChange: (e) => set({ [name]: e.currentTarget.value } as Partial<F>),
    error: errors[name],
  });
  const save = useManagedChange((f: F) => spec.save(f, editing), spec.invalidates, {
    onSuccess: () => {
      notifySuccess(`${capital(kind)} ${editing ? "Saved" : "Created"}`);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && spec.placedStatuses.includes(err.status ?? 0))
        setErrors(placeServerError(err.message, err.code, spec.fieldNames));
      else notifyError(`Failed to ${editing ? "save" : "create"} ${kind}`, err);
    },
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = spec.validate(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form);
  }
  const { Fields } = spec;
  return (
    <Modal opened={opened} onClose={onClose} title={`${editing ? "Edit" : "Create"} ${kind}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: "#a51d1d" } }}>
              {errors.form}
            </Alert>
          )}
          <Fields form={form} set={set} errors={errors} editing={Boolean(editing)} bind={bind} />
          <ModalActions onClose={onClose}>
            <Button type="submit" loading={save.isPending}>
              {`${editing ? "Save" : "Create"} ${kind}`}
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** Title and description, which events and webinars both have. */
export function TitleFields<F extends { title: string; description: string }>({ bind }: FieldsProps<F>) {
  return (
    <>
      <TextInput label="Title" required maxLength={200} {...bind("title")} />
      <Textarea label="Description" autosize minRows={3} maxLength={5000} {...bind("description")} />
    </>
  );
}

/** Start and end as a UK date and a UK wall-clock time each. */
export function TimesFields<F extends TimesForm>({
  bind,
  set,
  errors,
  prefix,
}: FieldsProps<F> & { prefix: string }) {
  const day = (name: "startDay" | "endDay", label: string) => (
    <DateField
      id={`${prefix}-${name === "startDay" ? "start" : "end"}-day`}
      label={label}
      required
      value={bind(name).value}
      onChange={(v) => set({ [name]: v } as Partial<F>)}
      extraError={errors[name]}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {day("startDay", "Start date")}
      <TextInput label="Start time (UK)" type="time" required maw={220} {...bind("startTime")} />
      {day("endDay", "End date")}
      <TextInput label="End time (UK)" type="time" required maw={220} {...bind("endTime")} />
    </SimpleGrid>
  );
}

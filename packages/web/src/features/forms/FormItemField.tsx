import { ITEM_TYPES } from "@cpd/contract";
import { Checkbox, Input, Select, Skeleton, Stack, Textarea, TextInput } from "@mantine/core";
import { lazy, Suspense, useLayoutEffect } from "react";
import { DateField } from "../../lib/DateField";
import { type AttachedFile, EvidenceField } from "./EvidenceField";
import { type FormItem, isRequired } from "./form-model";
import { HoursControl } from "./HoursControl";
import { IdentifierFlags } from "./IdentifierFlags";
import { type IdentifierGuard, redactFlag, useIdentifierFlags } from "./identifier-marks";
import { recurrenceLabel } from "./recurrence";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

export const REMINDER_DATE = "DiaryReminderDate";
export const REMINDER_RECURRENCE = "DiaryReminderRecurrence";

/** The id of an item's control (or of its group): labels, error links and focus find it by this. */
export const itemId = (identifier: string) => `item-${identifier}`;

interface Props {
  item: FormItem;
  value: string | string[];
  disabled: boolean;
  entryId: string | null;
  /** The entry's evidence files with their names (from the loaded form). */
  evidenceFiles?: readonly AttachedFile[];
  onChange: (v: string | string[]) => void;
  onEvidenceAdd: (fileId: string, persisted: boolean) => void;
  onEvidenceRemove: (fileId: string, persisted: boolean) => void;
  /** The message shown under the control (a missing required field). */
  error?: string;
  /** The patient-identifier guard (ADR 0029) for text items; none: not checked (read-only views). */
  identifiers?: IdentifierGuard;
}

/** "Required field" and the item's help text, read out with the control (aria-describedby). */
function Hint({ item }: { item: FormItem }) {
  const required = isRequired(item);
  if (!required && !item.helpText) return null;
  return (
    <>
      {required && <span className="required-hint">Required field</span>}
      {required && item.helpText ? ". " : null}
      {item.helpText}
    </>
  );
}

export function FormItemField({
  item,
  value,
  disabled,
  entryId,
  evidenceFiles,
  onChange,
  onEvidenceAdd,
  onEvidenceRemove,
  error,
  identifiers,
}: Props) {
  const id = itemId(item.identifier);
  const errorId = `${id}-error`;
  const required = isRequired(item);
  const str = typeof value === "string" ? value : "";
  const list = Array.isArray(value) ? value : [];
  const hasHint = required || Boolean(item.helpText);
  // What every control gets: its id, the item's title as label, the hint, and disabled.
  const labelled = {
    id,
    label: item.title,
    description: hasHint ? <Hint item={item} /> : undefined,
    disabled: disabled || item.disabled === true,
  };
  const field = { ...labelled, required };
  // Plain text items are checked for patient identifiers here; rich text in its editor.
  const checked = item.type === ITEM_TYPES.text && !labelled.disabled;
  const guard = useIdentifierFlags(str, identifiers, checked);
  const flagsId = `${id}-identifiers`;
  useDescribedAlso(id, guard.flags.length > 0 ? flagsId : null);
  const text = {
    ...field,
    value: str,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    error,
  };
  const flagList = checked && identifiers && (
    <IdentifierFlags
      id={flagsId}
      flags={guard.flags}
      entryId={identifiers.entryId}
      onRedact={(flag) => onChange(redactFlag(str, flag))}
      onResolved={guard.resolve}
    />
  );

  switch (item.type) {
    case ITEM_TYPES.longText: {
      const labelId = `${id}-label`;
      const descId = hasHint ? `${id}-description` : undefined;
      return (
        <Input.Wrapper
          label={item.title}
          required={required}
          description={labelled.description}
          labelElement="div"
          labelProps={{ id: labelId }}
          descriptionProps={{ id: descId }}
          error={error}
          errorProps={{ id: errorId }}
        >
          <div style={{ marginTop: 4 }}>
            <Suspense fallback={<Skeleton height={150} aria-hidden="true" />}>
              <RichTextEditor
                id={id}
                label={item.title}
                labelId={labelId}
                describedBy={[error && errorId, descId].filter(Boolean).join(" ") || undefined}
                invalid={Boolean(error)}
                value={str}
                required={required}
                disabled={labelled.disabled}
                onChange={onChange}
                identifiers={identifiers}
              />
            </Suspense>
          </div>
        </Input.Wrapper>
      );
    }
    case ITEM_TYPES.multiSelect:
      return (
        <Checkbox.Group
          id={id}
          label={item.title}
          required={required}
          description={labelled.description}
          value={list}
          onChange={onChange}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {(item.values ?? []).map((v) => (
              <Checkbox
                key={v}
                value={v}
                label={v}
                disabled={labelled.disabled}
                // Mantine describes the group, not its boxes: each box says it is invalid, and why.
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case ITEM_TYPES.dropdown: {
      const labelFor = item.identifier === REMINDER_RECURRENCE ? recurrenceLabel : (v: string) => v;
      return (
        <Select
          {...field}
          placeholder="Choose an option"
          clearable={!required}
          data={(item.values ?? []).map((v) => ({ value: v, label: labelFor(v) }))}
          value={str || null}
          onChange={(v) => onChange(v ?? "")}
          error={error}
          maw={480}
        />
      );
    }
    case ITEM_TYPES.number:
      if (/Hours$/.test(item.identifier)) {
        return <HoursControl {...field} value={str} onChange={onChange} error={error} />;
      }
      return <TextInput {...text} type="number" inputMode="decimal" maw={220} />;
    case ITEM_TYPES.checkbox:
      return (
        <Checkbox
          {...labelled}
          checked={str === "1"}
          onChange={(e) => onChange(e.currentTarget.checked ? "1" : "0")}
          error={error}
          // Mantine links the message but does not mark a checkbox invalid.
          aria-invalid={error ? true : undefined}
        />
      );
    case ITEM_TYPES.upload:
      return (
        <EvidenceField
          {...labelled}
          entryId={entryId}
          value={list}
          attached={evidenceFiles}
          error={error}
          onAdd={onEvidenceAdd}
          onRemove={onEvidenceRemove}
        />
      );
    case ITEM_TYPES.date:
      return <DateField {...field} value={str} onChange={onChange} extraError={error} />;
    case ITEM_TYPES.url:
      return <TextInput {...text} type="url" placeholder="https://" />;
    default:
      // A text area cannot underline part of its text: the flags are listed under the field.
      return (
        <>
          {item.maxLength && item.maxLength > 500 ? (
            <Textarea {...text} maxLength={item.maxLength} autosize minRows={2} />
          ) : (
            <TextInput {...text} maxLength={item.maxLength} />
          )}
          {flagList}
        </>
      );
  }
}

/**
 * Adds `extra` to the control's aria-describedby. Mantine sets the attribute from its wrapper
 * (hint and error) over any passed in, so the flags' id is added after each render instead.
 */
function useDescribedAlso(controlId: string, extra: string | null) {
  useLayoutEffect(() => {
    const el = document.getElementById(controlId);
    if (!el) return;
    const ids = (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((x) => x && !x.endsWith("-identifiers"));
    if (extra) ids.push(extra);
    if (ids.length > 0) el.setAttribute("aria-describedby", ids.join(" "));
    else el.removeAttribute("aria-describedby");
  });
}

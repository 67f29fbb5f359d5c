import { ENTRY_DRAFT_MESSAGES, ENTRY_TYPE_LABELS, ENTRY_TYPES, type EntryType } from "@cpd/contract";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Suspense, useState } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { ENTRY_FORM_TOURS, GuidedTour } from "../dashboard";
import { PdfPreviewModal } from "../entries";
import { UnsavedChangesModal } from "../profile";
import { EntryRevalidationCard } from "../revalidation";
import { openUpgradeModal, useProfile, useUserFeature } from "../shell";
import { SupervisionPanel } from "../supervision";
import { EntryTags } from "./EntryTags";
import { ErrorSummary } from "./ErrorSummary";
import { FormItemField } from "./FormItemField";
import { entryTitle, missingFields, percentComplete, visiblePages } from "./form-model";
import { loadErrorTitle } from "./queries";
import { useEntryDraft } from "./use-entry-draft";

const FORM_ID = "entry-form";
/** An entry read from an older server has no resolutions: one empty list, not a new one per render. */
const NO_RESOLUTIONS: readonly string[] = [];

/** Keeps the page (and its state) when a new entry's URL becomes its edit URL after the first save. */
export default function EntryFormRoute() {
  const { type, id } = useParams();
  const location = useLocation();
  if (!type || !(ENTRY_TYPES as readonly string[]).includes(type)) return <Navigate to="/entries" replace />;
  const keep = (location.state as { keep?: string } | null)?.keep;
  return <EntryFormPage key={keep ?? location.key} type={type as EntryType} routeId={id ?? null} />;
}

function EntryFormPage({ type, routeId }: { type: EntryType; routeId: string | null }) {
  const name = ENTRY_TYPE_LABELS[type];
  const navigate = useNavigate();
  const [preview, setPreview] = useState(false);
  const draft = useEntryDraft(type, routeId);
  const { form, values } = draft;
  // The percent complete shows in the titles where the FormPercentages feature is on (REQ-ENTRY-06).
  const showPercent = useUserFeature("FormPercentages");
  // The writer's own e-mail address and mobile number are not flagged (ADR 0029).
  const profile = useProfile().data;
  const percent = showPercent && form && values ? ` (${percentComplete(form, values)}% complete)` : "";
  usePageTitle(`${routeId ? `Edit ${name} entry` : `New ${name} entry`}${percent}`);

  if (draft.loading || (form && !values)) {
    return <Spinner label={`Loading the ${name.toLowerCase()} form`} />;
  }
  if (!form || !values) {
    return (
      <StatusAlert tone="error" title={loadErrorTitle(type, Boolean(routeId))}>
        Please refresh the page to try again.
      </StatusAlert>
    );
  }

  const title = entryTitle(values);
  // The patient-identifier guard while writing (ADR 0029); a read-only entry is not checked.
  const identifiers = draft.editable
    ? {
        entryId: draft.entryId,
        resolutions: form.identifierResolutions ?? NO_RESOLUTIONS,
        options: { ownEmail: profile?.emailAddress, ownPhone: profile?.mobileNumber ?? undefined },
      }
    : undefined;
  const problems = draft.attempt > 0 ? missingFields(form, values) : [];
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>
            {draft.entryId ? `Edit ${name} Entry` : `New ${name} Entry`}
            {percent && (
              <Text span inherit c="dimmed" fw={500} data-testid="form-percent">
                {percent}
              </Text>
            )}
          </Title>
          {title && (
            <Text c="dimmed" mt={4}>
              {title}
            </Text>
          )}
        </div>
        <Group gap="md" align="center">
          <Text
            fz="sm"
            role="status"
            aria-live="polite"
            fw={600}
            c={draft.saveState === "saved" ? "green.9" : "dimmed"}
            data-tour="form-save-state"
            miw={1}
          >
            {draft.saveState === "auto-saving"
              ? "Auto-saving..."
              : draft.saveState === "saved"
                ? "Saved"
                : ""}
          </Text>
          <GuidedTour steps={ENTRY_FORM_TOURS[type]} />
        </Group>
      </Group>

      <ErrorSummary problems={problems} attempt={draft.attempt} />
      <div ref={draft.bannerRef} tabIndex={-1} style={{ outline: "none" }}>
        {draft.banner?.kind === "error" && (
          <Alert color="red" variant="filled" title="The entry was not saved" role="alert">
            {draft.banner.message}
          </Alert>
        )}
        {draft.banner?.kind === "limit" && (
          <Alert
            color="orange"
            variant="light"
            title="Upgrade to add more entries"
            role="alert"
            styles={{ title: { color: "#8a3b00" } }}
          >
            <Stack gap="sm" align="flex-start">
              <Text fw={700}>{draft.banner.message}</Text>
              <Text fz="sm">
                Free trial accounts can keep up to 5 diary entries. Premium members have no limit.
              </Text>
              <Button color="#9c3d00" onClick={() => openUpgradeModal("Unlimited entries")}>
                Upgrade to Premium
              </Button>
            </Stack>
          </Alert>
        )}
      </div>

      {draft.unsaved && (
        <Alert color="orange" variant="light" title={ENTRY_DRAFT_MESSAGES.reloadedTitle} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{ENTRY_DRAFT_MESSAGES.reloaded}</Text>
            <Group gap="sm">
              <Button color="#9c3d00" onClick={draft.restoreUnsaved}>
                {ENTRY_DRAFT_MESSAGES.restore}
              </Button>
              <Button variant="default" onClick={draft.discardUnsaved}>
                {ENTRY_DRAFT_MESSAGES.discard}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {!draft.editable && (
        <StatusAlert tone="info" title="Read only">
          This entry can no longer be edited.
        </StatusAlert>
      )}

      {/* The form holds the entry's fields only: the tags card has a form of its own (forms must
          not nest), and the Save button below reaches this one by its id. A submit bubbling up
          from a dialog's form (React passes events up through portals) is not a Save. */}
      <form
        id={FORM_ID}
        data-tour="form-fields"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (e.target !== e.currentTarget) return;
          draft.saveThen();
        }}
      >
        <Stack gap="lg">
          {visiblePages(form, values).map((page, i) => (
            <Card key={page.title} withBorder padding="lg" component="section" aria-labelledby={`page-${i}`}>
              <Title order={2} fz="h3" id={`page-${i}`} mb="md">
                {page.title}
              </Title>
              <Stack gap="md">
                {page.items
                  .filter((item) => item.visible !== false)
                  .map((item) => (
                    <div key={item.identifier}>
                      <FormItemField
                        item={item}
                        value={values[item.identifier] ?? ""}
                        disabled={!draft.editable}
                        entryId={draft.entryId}
                        evidenceFiles={form.files}
                        identifiers={identifiers}
                        onChange={(v) => draft.setValue(item.identifier, v)}
                        error={problems.find((p) => p.identifier === item.identifier)?.message}
                        onEvidenceAdd={(fid, persisted) =>
                          draft.evidence(item.identifier, fid, true, persisted)
                        }
                        onEvidenceRemove={(fid, persisted) =>
                          draft.evidence(item.identifier, fid, false, persisted)
                        }
                      />
                      {draft.savedFields.includes(item.identifier) && (
                        <Text
                          fz="xs"
                          fw={600}
                          c="green.9"
                          mt={4}
                          data-testid={`field-saved-${item.identifier}`}
                        >
                          {ENTRY_DRAFT_MESSAGES.fieldSaved}
                        </Text>
                      )}
                    </div>
                  ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      </form>

      {type === "supervision" && (
        <div data-tour="form-supervision">
          <Suspense fallback={<Spinner size="sm" label="Loading the supervision review" />}>
            <SupervisionPanel
              entryId={draft.entryId}
              reviewee={form.reviewee}
              savedRole={
                typeof draft.saved?.SupervisionRole === "string" ? draft.saved.SupervisionRole : undefined
              }
              dirty={draft.dirty}
            />
          </Suspense>
        </div>
      )}

      {type === "diary" && <EntryRevalidationCard entryId={draft.entryId} editable={draft.editable} />}

      <div data-tour="form-tags">
        <EntryTags
          entryId={draft.entryId}
          tags={draft.tags}
          setTags={draft.setTags}
          editable={draft.editable}
          suggestions={form.suggestedTags ?? []}
        />
      </div>

      <Group justify="flex-end" gap="sm" wrap="wrap" className="form-actions" data-tour="form-actions">
        <Button
          variant="default"
          disabled={!draft.entryId || draft.dirty}
          onClick={() => setPreview(true)}
          title={!draft.entryId || draft.dirty ? "Save the entry to preview it" : undefined}
        >
          Preview
        </Button>
        {draft.editable && (
          <>
            <Button variant="default" type="submit" form={FORM_ID} loading={draft.saving}>
              Save
            </Button>
            <Button onClick={() => draft.saveThen(() => navigate("/entries"))} loading={draft.saving}>
              Save and Close
            </Button>
          </>
        )}
      </Group>

      <UnsavedChangesModal
        opened={draft.blocker.state === "blocked"}
        saving={draft.saving}
        onLeave={() => draft.blocker.proceed?.()}
        onKeepEditing={() => draft.blocker.reset?.()}
        onSaveAndExit={() =>
          draft
            .saveThen(() => draft.blocker.proceed?.())
            .then(() => {
              if (draft.blocker.state === "blocked" && draft.dirty) draft.blocker.reset?.();
            })
        }
      />
      <PdfPreviewModal
        entry={preview && draft.entryId ? { id: draft.entryId, title: title || name } : null}
        onClose={() => setPreview(false)}
      />
    </Stack>
  );
}

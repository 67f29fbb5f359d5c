import { SHARED_CPD_DESCRIPTION_MAX, SHARED_CPD_MESSAGES } from "@cpd/contract";
import { Button, Checkbox, Modal, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { ModalActions } from "../../lib/ModalActions";
import { notifySuccess } from "../../lib/notify";
import { useSharedCategories, useShareEntry } from "./queries";
import { AGREEMENT_TEXT, type ShareDraft, type ShareErrors, shareErrors } from "./share-rules";

export interface ShareSource {
  id: string;
  title: string;
  category?: string | null;
  description?: string;
  websiteUrl?: string;
}

const plain = (html = "") =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** Shares a diary entry with the community (REQ-SHARE-01: checks and messages). */
export function ShareModal({ source, onClose }: { source: ShareSource | null; onClose: () => void }) {
  const categories = useSharedCategories(source !== null);
  const [draft, setDraft] = useState<ShareDraft>({
    title: "",
    category: null,
    description: "",
    websiteUrl: "",
    agreed: false,
  });
  const [errors, setErrors] = useState<ShareErrors>({});

  useEffect(() => {
    if (!source) return;
    setErrors({});
    setDraft({
      title: source.title,
      category: null,
      description: plain(source.description).slice(0, SHARED_CPD_DESCRIPTION_MAX),
      websiteUrl: source.websiteUrl ?? "",
      agreed: false,
    });
  }, [source]);

  // Pre-select the entry's category when the community has the same one.
  useEffect(() => {
    if (source?.category && categories.data?.includes(source.category)) {
      setDraft((d) => (d.category ? d : { ...d, category: source.category ?? null }));
    }
  }, [source, categories.data]);

  const share = useShareEntry({
    onSuccess: () => {
      notifySuccess(SHARED_CPD_MESSAGES.shared);
      onClose();
    },
  });

  const set = <K extends keyof ShareDraft>(k: K, v: ShareDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!source) return;
    const found = shareErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    share.mutate({ ...draft, entryId: source.id });
  }

  const left = SHARED_CPD_DESCRIPTION_MAX - draft.description.length;
  return (
    <Modal opened={source !== null} onClose={onClose} title="Share to Shared CPD" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={draft.title}
            error={errors.title}
            onChange={(e) => set("title", e.currentTarget.value)}
          />
          <NativeSelect
            label="Category"
            required
            data={[{ value: "", label: "Choose a category" }, ...(categories.data ?? [])]}
            value={draft.category ?? ""}
            error={errors.category}
            onChange={(e) => set("category", e.currentTarget.value || null)}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            value={draft.description}
            error={errors.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            description={
              <span aria-live="polite">
                {left >= 0
                  ? `${left} of ${SHARED_CPD_DESCRIPTION_MAX} characters left`
                  : `${-left} characters too many`}
              </span>
            }
          />
          <TextInput
            label="Website"
            required
            type="url"
            placeholder="https://"
            value={draft.websiteUrl}
            error={errors.websiteUrl}
            onChange={(e) => set("websiteUrl", e.currentTarget.value)}
          />
          <Checkbox
            label={AGREEMENT_TEXT}
            checked={draft.agreed}
            error={errors.agreed}
            onChange={(e) => set("agreed", e.currentTarget.checked)}
          />
          <ModalActions onClose={onClose}>
            <Button type="submit" loading={share.isPending}>
              Share
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

import { api, MODERATION_LIMITS, SHARED_CPD_CATEGORIES } from "@cpd/contract";
import { Button, Group, Modal, Select, Stack, Textarea, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { ModalActions } from "../../lib/ModalActions";
import { notifyError, notifySuccess } from "../../lib/notify";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { usePageTitle } from "../../lib/use-page-title";
import { SHARES_PAGE_SIZE as PAGE_SIZE, type Share, SharesList, shareQuery } from "../oversight";
import { useModerateShare, useRestoreShare } from "./queries";

const KEY = ["admin", "shared-cpd"] as const;
type Category = (typeof SHARED_CPD_CATEGORIES)[number];

/** Moderating shared CPD: hide with a reason, restore, move to another category. */
export default function SharedCpdPage() {
  usePageTitle("Shared CPD moderation");
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ share: Share; mode: "hide" | "category" } | null>(null);
  const done = (title: string) => {
    notifySuccess(title);
    void qc.invalidateQueries({ queryKey: KEY });
    setEditing(null);
  };
  const restore = useRestoreShare({
    onSuccess: () => done("Shared CPD restored"),
    onError: (err) => notifyError("Failed to restore", err),
  });
  return (
    <Stack gap="lg" maw={1300}>
      <Title order={1}>Shared CPD</Title>
      <SharesList
        queryKey={KEY}
        load={(page, f) =>
          call(api.moderatedShares, { params: { perPage: PAGE_SIZE, page }, query: shareQuery(f) })
        }
        actions={(s) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              {...(s.hidden
                ? { variant: "default", children: "Restore", onClick: () => restore.mutate(s) }
                : { color: "red", children: "Hide", onClick: () => setEditing({ share: s, mode: "hide" }) })}
              loading={restore.isPending && restore.variables?.id === s.id}
              aria-label={`${s.hidden ? "Restore" : "Hide"} ${s.title}`}
            />
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing({ share: s, mode: "category" })}
              aria-label={`Change the category of ${s.title}`}
            >
              Category
            </Button>
          </Group>
        )}
      />
      {editing && <ModerateModal {...editing} onClose={() => setEditing(null)} onDone={done} />}
    </Stack>
  );
}

function ModerateModal({
  share,
  mode,
  onClose,
  onDone,
}: {
  share: Share;
  mode: "hide" | "category";
  onClose: () => void;
  onDone: (title: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [category, setCategory] = useState<string>(share.category);
  const [status, setStatus] = useState<Status | null>(null);
  const save = useModerateShare(share.id, {
    onSuccess: () => onDone(mode === "hide" ? "Shared CPD hidden" : "Category changed"),
    onError: (err) =>
      setStatus({ tone: "error", title: "Not saved", text: errorMessage(err) || "Unknown error" }),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={mode === "hide" ? `Hide "${share.title}"` : `Category of "${share.title}"`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (mode === "hide" && !reason.trim()) {
            setStatus({ tone: "error", title: "Not saved", text: "Please say why it is hidden." });
          } else
            save.mutate(mode === "hide" ? { reason: reason.trim() } : { category: category as Category });
        }}
      >
        <Stack>
          <StatusRegion status={status} />
          {mode === "hide" ? (
            <Textarea
              label="Reason"
              description="Kept with the item and in the activity log; the author keeps their entry."
              required
              autosize
              minRows={3}
              maxLength={MODERATION_LIMITS.reason}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          ) : (
            <Select
              label="Category"
              data={[...SHARED_CPD_CATEGORIES]}
              value={category}
              allowDeselect={false}
              onChange={(v) => setCategory(v ?? share.category)}
            />
          )}
          <ModalActions onClose={onClose}>
            <Button type="submit" loading={save.isPending} color={mode === "hide" ? "red" : undefined}>
              {mode === "hide" ? "Hide" : "Save"}
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}

import { type api, LIFECYCLE, type ResponseOf } from "@cpd/contract";
import { useModals } from "@mantine/modals";
import { useEffect, useRef } from "react";
import { deletionDateOf, deletionSentence, promptsUpgrade } from "./trial-model";
import { openTrialExpiredModal } from "./UpgradeModal";

interface Lookup<T> {
  data: T | undefined;
  isPending: boolean;
}

/**
 * REQ-MEMBER-09: for an expired trial the upgrade modal opens by itself, LIFECYCLE.upgradeModalDelayMs
 * after the trial status (the profile) and the scheduled-deletion lookups complete (a failed
 * deletion lookup counts as complete), once per visit. `held` postpones it (the greeting or the
 * welcome video has the screen). An upgrade modal already seen on this visit (a premium page
 * reached by URL opens its own, PageGate) counts as the prompt: no second one stacked or following.
 */
export function useUpgradePrompt(
  profile: Lookup<ResponseOf<typeof api.getProfile>>,
  scheduled: Lookup<ResponseOf<typeof api.getScheduledDeletion>>,
  today: string,
  held: boolean,
) {
  const prompted = useRef(false);
  const upgradeShown = useModals().modals.some((m) => m.id === "upgrade");
  useEffect(() => {
    if (upgradeShown) prompted.current = true;
  }, [upgradeShown]);
  const p = profile.data;
  const due =
    p !== undefined &&
    !scheduled.isPending &&
    !held &&
    !upgradeShown &&
    !prompted.current &&
    promptsUpgrade(p);
  useEffect(() => {
    if (!due || !p) return;
    const sentence = deletionSentence(deletionDateOf(p, scheduled.data), today);
    const t = setTimeout(() => {
      prompted.current = true;
      openTrialExpiredModal(p.trialStatus.isTrialUser, sentence);
    }, LIFECYCLE.upgradeModalDelayMs);
    return () => clearTimeout(t);
  }, [due, p, scheduled.data, today]);
}

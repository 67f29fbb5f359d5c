import { ukDate } from "@cpd/contract";
import { Anchor, Button, Group, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { Banner } from "../../lib/Banner";
import { days, deletionSentence, type TrialNotice } from "./trial-model";
import { openTrialExpiredModal, openUpgradeModal } from "./UpgradeModal";

/**
 * Above every signed-in page (REQ-MEMBER-09): a running trial's countdown and entries, an expired
 * trial's deletion date, or a deletion the user scheduled; each with what can be done about it.
 */
export function TrialBanner({ notice, today }: { notice: TrialNotice | null; today: string }) {
  if (!notice) return null;
  if (notice.kind === "trial") {
    return (
      <Banner
        colour="grape"
        title={
          notice.daysLeft === 0
            ? "Your free trial ends today"
            : `${days(notice.daysLeft)} left in your free trial`
        }
      >
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text fz="sm">
            Your trial ends on {ukDate(notice.endDate)}. You have used {notice.entriesUsed} of{" "}
            {notice.entriesLimit} trial entries. Premium stores unlimited entries and generates a portfolio.
          </Text>
          <Button size="xs" onClick={() => openUpgradeModal()}>
            Upgrade to Premium
          </Button>
        </Group>
      </Banner>
    );
  }
  const sentence = deletionSentence(notice.deletionDate, today);
  if (notice.kind === "expired") {
    return (
      <Banner
        colour="yellow"
        title={notice.trial ? "Your free trial has ended" : "Your free access has ended"}
      >
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text fz="sm">Your account is locked. {sentence ?? ""} Upgrade to keep it.</Text>
          <Button size="xs" onClick={() => openTrialExpiredModal(notice.trial, sentence)}>
            Upgrade now
          </Button>
        </Group>
      </Banner>
    );
  }
  return (
    <Banner colour="yellow" title="Your account is scheduled for deletion">
      <Text fz="sm">
        {sentence}{" "}
        <Anchor component={Link} to="/account-management" fz="sm" c="inherit" underline="always" fw={600}>
          Manage in Account Management
        </Anchor>
      </Text>
    </Banner>
  );
}

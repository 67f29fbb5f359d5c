// What other features use of the shell (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index.

export { hasFeatureAccess } from "./nav-items";
export {
  ensureDashboardSettings,
  keys,
  useBranding,
  useDashboardSettings,
  useFeatures,
  useMembership,
  useProfile,
  useScheduledDeletion,
  useUserFeature,
  useUserFeatures,
} from "./queries";
export { restartSupportChatAnonymously } from "./support-chat";
export { openUpgradeModal } from "./UpgradeModal";

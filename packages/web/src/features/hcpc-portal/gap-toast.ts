import { type CpdGap, describeGap, GAP_TOAST_TITLE, HCPC } from "@cpd/contract";
import { notifications } from "@mantine/notifications";

/** The gap warning stays 10 seconds (REQ-HCPC-03). */
export function showGapToast(gap: CpdGap) {
  notifications.show({
    title: GAP_TOAST_TITLE,
    message: describeGap(gap),
    color: "orange",
    autoClose: HCPC.gapToastMs,
  });
}

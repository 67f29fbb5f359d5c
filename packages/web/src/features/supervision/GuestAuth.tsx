// The reviewee's 2FA (REQ-SUP-03): the shared code step (lib/GuestCodeStep.tsx) on the review
// link's own calls.
import { SUPERVISION, SUPERVISION_MESSAGES } from "@cpd/contract";
import { Text } from "@mantine/core";
import { GuestCodeStep } from "../../lib/GuestCodeStep";
import { useAuthenticate, useLinkInfo } from "./queries";
import { shareProblem } from "./share-problem";

interface Props {
  shareId: string;
  onToken: (token: string) => void;
  /** The link cannot be used (invalid, expired, locked). */
  onProblem: (message: string) => void;
}

export function GuestAuth({ shareId, onToken, onProblem }: Props) {
  const link = useLinkInfo(shareId, true);
  const send = useAuthenticate(shareId, "Failed to initiate authentication");
  const verify = useAuthenticate(shareId, "Failed to complete authentication");
  const linkProblem = link.error ? shareProblem(link.error) : null;
  const locked = link.data?.status === "locked";

  return (
    <GuestCodeStep
      codeLength={SUPERVISION.codeLength}
      resendSeconds={SUPERVISION.resendSeconds}
      link={link}
      linkName="review link"
      unusable={linkProblem ?? (locked ? SUPERVISION_MESSAGES.locked : null)}
      intro={(info) => (
        <>
          <Text>
            Someone has shared a supervision record with you to review and sign. To open it, confirm it is you
            with a {SUPERVISION.codeLength}-digit code.
          </Text>
          {info.status === "completed" && (
            <Text>
              This supervision has been completed. You can still open it to read it and download the PDF.
            </Text>
          )}
        </>
      )}
      send={send}
      verify={verify}
      problemOf={shareProblem}
      onToken={onToken}
      onProblem={onProblem}
    />
  );
}

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { Banner } from "../../lib/Banner";
import { openUpgradeModal } from "../shell";

interface ProfileLike {
  mobileNumber: string | null;
  mobileVerified: boolean;
  alternativeEmail: string | null;
  alternativeEmailVerified: boolean;
  fullMember: boolean;
  tags: string[];
  trialStatus: { isTrialUser: boolean; isTrialExpired: boolean };
}

export type BannerKind = "add-contact" | "verify-contact" | "tags" | "upgrade";

/** Which banners a profile calls for (REQ-DASH-05). */
function bannersFor(p: ProfileLike): BannerKind[] {
  const out: BannerKind[] = [];
  if (!p.mobileNumber || !p.alternativeEmail) out.push("add-contact");
  if ((p.mobileNumber && !p.mobileVerified) || (p.alternativeEmail && !p.alternativeEmailVerified)) {
    out.push("verify-contact");
  }
  if (p.fullMember && p.tags.length === 0) out.push("tags");
  const inTrial = p.trialStatus.isTrialUser && !p.trialStatus.isTrialExpired;
  if (!p.fullMember && !inTrial) out.push("upgrade");
  return out;
}

/** The banners whose text ends with a link to the profile, where the user can act on them. */
const PROFILE_BANNERS = [
  {
    kind: "add-contact",
    colour: "blue",
    title: "Add a mobile number or alternative email",
    text: "A second way to reach you helps you recover your account.",
    link: "Add contact details in your profile",
  },
  {
    kind: "verify-contact",
    colour: "yellow",
    title: "Verify your contact details",
    text: "Your mobile number or alternative email address is not verified yet.",
    link: "Verify them in your profile",
  },
  {
    kind: "tags",
    colour: "blue",
    title: "Tip: add tags to your profile",
    text: "Tags help you group and find your entries.",
    link: "Add tags in your profile",
  },
] as const;

export function Banners({ profile }: { profile: ProfileLike }) {
  const kinds = bannersFor(profile);
  if (kinds.length === 0) return null;
  return (
    <Stack gap="sm">
      {kinds.includes("upgrade") && (
        <Banner colour="grape" title="Upgrade to Premium">
          <Text fz="sm">Premium stores unlimited entries and generates a portfolio.</Text>
          <Button size="xs" mt="xs" onClick={() => openUpgradeModal()}>
            See Premium options
          </Button>
        </Banner>
      )}
      {PROFILE_BANNERS.filter((b) => kinds.includes(b.kind)).map((b) => (
        <Banner key={b.kind} colour={b.colour} title={b.title}>
          <Text fz="sm">
            {b.text}{" "}
            <Anchor component={Link} to="/profile" fz="sm" c="inherit" underline="always" fw={600}>
              {b.link}
            </Anchor>
          </Text>
        </Banner>
      ))}
    </Stack>
  );
}

// An organisation's own login page (`/auth/login/organisation/:key`, short link `/o/:key`): its
// logo and colour, then either "Sign in with <organisation>" (single sign-on) or the password form.
import { api, type ResponseOf } from "@cpd/contract";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link, Navigate, useLocation, useParams, useSearchParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-messages";
import { safeRedirect } from "../../lib/redirect";
import { type Status, StatusRegion } from "../../lib/StatusAlert";
import { useSession } from "../../lib/session";
import { TOASTS } from "../../lib/toast-messages";
import { AuthLayout, type Brand } from "./AuthLayout";
import { LinkOutcome } from "./LinkOutcome";
import { loginSuccessMessage, useSignOnError } from "./login-messages";
import { PasswordLoginForm } from "./PasswordLoginForm";
import { browser, ssoStartUrl } from "./sso-start";
import { useCallOnOpen } from "./use-call-on-open";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function brandOf(b: ResponseOf<typeof api.brandingByKey>): Brand {
  return {
    name: b.organisationName ?? "Your organisation",
    logoUrl: b.loginLogoUrl ?? b.logoUrl,
    colour: b.colourHex && HEX_COLOUR.test(b.colourHex) ? b.colourHex : null,
  };
}

export default function OrganisationLoginPage() {
  const { organisationKey = "" } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const signedIn = useSession();
  const branding = useCallOnOpen(organisationKey, () =>
    call(api.brandingByKey, { params: { organisationKey } }),
  );
  const asked = params.get("redirect");
  const failed = useSignOnError(params);
  const success = loginSuccessMessage(params, location.state);
  const sso =
    branding.kind === "done" && branding.value.usesOauth && branding.value.organisationId !== null
      ? ssoStartUrl(branding.value.organisationId, asked === null ? null : safeRedirect(asked))
      : null;
  // `?sso=1` starts sign-on at once, unless sign-on just came back with an error.
  const autoStart = sso !== null && params.get("sso") === "1" && !params.has("error");

  useEffect(() => {
    if (autoStart && sso) browser.go(sso);
  }, [autoStart, sso]);

  if (signedIn) return <Navigate to={safeRedirect(asked)} replace />;

  if (branding.kind !== "done") {
    return (
      <AuthLayout title="Log in">
        <LinkOutcome
          busyLabel="Loading your organisation's login"
          status={
            branding.kind === "failed"
              ? {
                  tone: "error",
                  title: "Failed to sign in",
                  text: errorMessage(branding.error) || "Unknown error",
                }
              : null
          }
        />
      </AuthLayout>
    );
  }

  const brand = brandOf(branding.value);
  const notice: Status | null = failed
    ? { tone: "error", title: "Failed to sign in", text: failed }
    : success
      ? { tone: "success", title: "Success", text: success }
      : null;
  const title = `Log in to ${brand.name}`;

  return (
    <AuthLayout title={title} brand={brand}>
      {sso ? (
        <Stack gap="md">
          <StatusRegion
            status={
              autoStart
                ? { tone: "info", title: "Single sign-on", text: `Taking you to ${brand.name}…` }
                : notice
            }
          />
          <Text>Use your {brand.name} account to log in.</Text>
          <Button component="a" href={sso} size="md" fullWidth>
            Sign in with {brand.name}
          </Button>
          <Anchor component={Link} to="/login" ta="center" fz="sm">
            Other ways to log in
          </Anchor>
        </Stack>
      ) : (
        <PasswordLoginForm notice={notice} failureTitle={TOASTS.organisationLoginFailed} />
      )}
    </AuthLayout>
  );
}

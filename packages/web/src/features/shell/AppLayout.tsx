import { ROLES } from "@cpd/contract";
import { AppShell, Box } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { now } from "../../lib/clock";
import { londonDay } from "../../lib/london-time";
import { isAdmin, session, useSession } from "../../lib/session";
import { PageLoader } from "../../routes/PageLoader";
import { logout } from "../auth";
import { profileImageUrl } from "../profile";
import { GreetingOverlay } from "./GreetingOverlay";
import { Header } from "./Header";
import { IdleTimeout } from "./IdleTimeout";
import { ImpersonationBanner } from "./ImpersonationBanner";
import { hasFeatureAccess } from "./nav-items";
import { PageGate } from "./PageGate";
import {
  useBranding,
  useDashboardSettings,
  useFeatures,
  useManagedOrganisations,
  useProfile,
  useScheduledDeletion,
  useSupportIdentity,
  useUserFeatures,
} from "./queries";
import { Sidebar } from "./Sidebar";
import { SupportChatLauncher } from "./SupportChatLauncher";
import { startSupportChat } from "./support-chat";
import { TrialBanner } from "./TrialBanner";
import { trialNotice } from "./trial-model";
import { useUpgradePrompt } from "./use-upgrade-prompt";

/** London's today, read again every minute (REQ-SHELL-06: countdowns refresh every 60 seconds). */
function useToday(): string {
  const [today, setToday] = useState(() => londonDay(now()));
  useEffect(() => {
    const t = setInterval(() => setToday(londonDay(now())), 60_000);
    return () => clearInterval(t);
  }, []);
  return today;
}

// Mobile layout at 1200 px or less (REQ-SHELL-06): the navbar collapses behind the burger.
const MOBILE_BREAKPOINT = "75.0625em";

export default function AppLayout() {
  const state = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const profile = useProfile();
  const features = useFeatures();
  const userFeatures = useUserFeatures();
  const branding = useBranding();
  const settings = useDashboardSettings();
  const scheduled = useScheduledDeletion();
  const today = useToday();
  const manages = state?.roles.includes(ROLES.organisationManager) ?? false;
  const organisations = useManagedOrganisations(manages);
  const analytics = organisations.data?.items.some((o) => o.analytics) ?? false;
  // The welcome video has the screen to itself; the greeting waits for the dashboard.
  const welcome = pathname === "/welcome";
  const [greetingDone, setGreetingDone] = useState(() => Boolean(session.get()?.greeted));
  const onGreetingClosed = useCallback(() => setGreetingDone(true), []);

  // An expired trial's upgrade modal, not on top of the greeting or the welcome video.
  useUpgradePrompt(profile, scheduled, today, !greetingDone || welcome);

  // The support chat starts for this user with the identity the server signs (kept in state);
  // logout restarts it anonymously (features/auth/logout.ts).
  const support = useSupportIdentity();
  useEffect(() => {
    if (!support.data) return;
    session.setSupport(support.data);
    startSupportChat(support.data);
  }, [support.data]);

  // Close the mobile menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => nav.close(), [pathname]);

  const doLogout = useCallback(async () => {
    await logout();
    navigate("/login", { replace: true });
  }, [navigate]);

  const p = profile.data;
  const notice = p && !welcome ? trialNotice(p, scheduled.data, today) : null;
  const fullName = p ? `${p.firstName} ${p.lastName}`.trim() : "";
  const access = {
    features: features.data,
    userFeatures: userFeatures.data,
    hasAccess: p ? hasFeatureAccess(p) : true,
    switches: settings.data?.dashboardWidgets,
    admin: isAdmin(state?.roles ?? []),
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 270, breakpoint: MOBILE_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Header
          fullName={fullName}
          imageUrl={p?.hasImage && state ? profileImageUrl(state.token, profile.dataUpdatedAt) : null}
          logoUrl={branding.data?.logoUrl ?? null}
          organisationName={branding.data?.organisationName ?? null}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onLogout={doLogout}
        />
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" p="xs" aria-label="Sidebar">
        <Sidebar
          access={access}
          roles={state?.roles ?? []}
          showUsage={Boolean(p && !p.fullMember)}
          onNavigate={nav.close}
          analytics={analytics}
        />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <Box mx="-md" mt="-md" mb="md">
          <ImpersonationBanner />
        </Box>
        {notice && (
          <Box mb="md">
            <TrialBanner notice={notice} today={today} />
          </Box>
        )}
        <Suspense fallback={<PageLoader />}>
          <PageGate access={access}>
            <Outlet />
          </PageGate>
        </Suspense>
      </AppShell.Main>
      {p && state && !welcome && <GreetingOverlay firstName={p.firstName} onClosed={onGreetingClosed} />}
      <SupportChatLauncher ready={Boolean(support.data)} />
      <IdleTimeout enabled={settings.data?.logoutTimer.enabled ?? false} onLogout={doLogout} />
    </AppShell>
  );
}

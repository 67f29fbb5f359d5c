import { api } from "@cpd/contract";
import { AppShell } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { session, useSession } from "../../lib/session";
import { PageLoader } from "../../routes/PageLoader";
import { logout } from "../auth/logout";
import { profileImageUrl } from "../profile/image-url";
import { GreetingOverlay } from "./GreetingOverlay";
import { Header } from "./Header";
import { IdleTimeout } from "./IdleTimeout";
import { hasFeatureAccess } from "./nav-items";
import { keys, useBranding, useDashboardSettings, useFeatures, useProfile, useUserFeatures } from "./queries";
import { Sidebar } from "./Sidebar";

// Mobile layout at 1200 px or less (spec 1 §9): the navbar collapses behind the burger.
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

  // The support chat identity is fetched after login and kept in state (no third-party widget).
  const support = useQuery({
    queryKey: keys.intercom,
    queryFn: () => call(api.intercom),
    staleTime: 86_400_000,
  });
  useEffect(() => {
    if (support.data) session.setSupport(support.data);
  }, [support.data]);

  // Close the mobile menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => nav.close(), [pathname]);

  const doLogout = useCallback(async () => {
    await logout();
    navigate("/login", { replace: true });
  }, [navigate]);

  const p = profile.data;
  const fullName = p ? `${p.firstName} ${p.lastName}`.trim() : "";
  const access = {
    features: features.data,
    userFeatures: userFeatures.data,
    hasAccess: p ? hasFeatureAccess(p) : true,
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
        />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {p && state && <GreetingOverlay firstName={p.firstName} />}
      <IdleTimeout enabled={settings.data?.logoutTimer.enabled ?? false} onLogout={doLogout} />
    </AppShell>
  );
}

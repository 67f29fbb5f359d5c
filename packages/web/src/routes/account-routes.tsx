// The public account pages (issue 11): registration, the e-mailed links, organisation logins and
// single sign-on's way back. Each page is its own chunk, so /login stays within its budget.
import { Suspense } from "react";
import { Navigate, type RouteObject, useLocation, useParams } from "react-router-dom";
import {
  ConfirmEmailChangePage,
  ConfirmEmailPage,
  OnboardingPage,
  OrganisationLoginPage,
  RegisterPage,
  SsoLandingPage,
} from "./lazy-pages";
import { PageLoader } from "./PageLoader";
import { ACCOUNT_PATHS } from "./paths";

const page = (node: React.ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/** `/o/:key` is the organisation's login page, keeping the query (`?sso=1`, `?redirect=`). */
function ToOrganisationLogin() {
  const { organisationKey = "" } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/auth/login/organisation/${encodeURIComponent(organisationKey)}${search}`} replace />;
}

/** The older login addresses (and the server's `/auth/login?error=…`) go to /login with their query. */
function ToLogin() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace />;
}

export const ACCOUNT_ROUTES: RouteObject[] = [
  { path: ACCOUNT_PATHS.register, element: page(<RegisterPage />) },
  { path: ACCOUNT_PATHS.confirmEmail, element: page(<ConfirmEmailPage />) },
  { path: ACCOUNT_PATHS.onboard, element: page(<OnboardingPage />) },
  { path: ACCOUNT_PATHS.confirmEmailChange, element: page(<ConfirmEmailChangePage />) },
  // Without a token the page says the link is incomplete.
  {
    path: ACCOUNT_PATHS.confirmEmailChange.replace("/:token", ""),
    element: page(<ConfirmEmailChangePage />),
  },
  { path: ACCOUNT_PATHS.organisationLogin, element: page(<OrganisationLoginPage />) },
  { path: ACCOUNT_PATHS.organisationShortLink, element: <ToOrganisationLogin /> },
  { path: ACCOUNT_PATHS.ssoLanding, element: page(<SsoLandingPage />) },
  { path: "/auth/login", element: <ToLogin /> },
  { path: "/v2/auth/login", element: <ToLogin /> },
];

import { Divider, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { isAdmin } from "../../lib/session";
import { LockIcon } from "./icons";
import {
  type Access,
  ADMIN_NAV,
  isNavActive,
  MAIN_NAV,
  type NavItem,
  navState,
  ORGANISATION_AREA_ROLES,
  ORGANISATION_NAV,
  visibleItems,
} from "./nav-items";
import { openUpgradeModal } from "./UpgradeModal";
import { UsageGauge } from "./UsageGauge";

interface Props {
  access: Access;
  roles: string[];
  showUsage: boolean;
  onNavigate: () => void;
  /** The caller manages an organisation that has the Analytics screen. */
  analytics?: boolean;
}

function Section({
  title,
  items,
  access,
  onNavigate,
}: { title?: string; items: NavItem[] } & Omit<Props, "roles" | "showUsage">) {
  const { pathname } = useLocation();
  const content = items.map((item) => {
    const state = navState(item, access);
    if (state === "hidden") return null;
    const active = isNavActive(item, pathname);
    if (state === "locked") {
      return (
        <NavLink
          key={item.to}
          component="button"
          type="button"
          label={item.label}
          aria-label={`${item.label} (locked: Premium feature)`}
          rightSection={<LockIcon />}
          onClick={() => {
            onNavigate();
            openUpgradeModal(item.label);
          }}
        />
      );
    }
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        active={active}
        variant="filled"
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      />
    );
  });
  if (!title) return <>{content}</>;
  return (
    <>
      <Divider my="xs" />
      <Text component="h2" fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={4} m={0}>
        {title}
      </Text>
      {content}
    </>
  );
}

export function Sidebar({ access, roles, showUsage, onNavigate, analytics = false }: Props) {
  return (
    <Stack h="100%" gap={0} justify="space-between">
      <ScrollArea type="auto" style={{ flex: 1 }}>
        <nav aria-label="Main">
          <Section items={MAIN_NAV} access={access} onNavigate={onNavigate} />
          {roles.some((r) => ORGANISATION_AREA_ROLES.includes(r)) && (
            <Section
              title="Organisation Management"
              items={visibleItems(ORGANISATION_NAV, roles, analytics)}
              access={access}
              onNavigate={onNavigate}
            />
          )}
          {isAdmin(roles) && (
            <Section
              title="Administration"
              items={visibleItems(ADMIN_NAV, roles, analytics)}
              access={access}
              onNavigate={onNavigate}
            />
          )}
        </nav>
      </ScrollArea>
      {showUsage && <UsageGauge />}
    </Stack>
  );
}

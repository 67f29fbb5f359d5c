import { Avatar, Burger, Group, Image, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router-dom";
import { usePhone } from "../../lib/use-phone";
import { ChevronDownIcon } from "./icons";

interface Props {
  fullName: string;
  imageUrl: string | null;
  logoUrl: string | null;
  organisationName: string | null;
  navOpened: boolean;
  onToggleNav: () => void;
  onLogout: () => void;
}

export function Header({
  fullName,
  imageUrl,
  logoUrl,
  organisationName,
  navOpened,
  onToggleNav,
  onLogout,
}: Props) {
  const phone = usePhone();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="lg"
          size="sm"
          aria-label={navOpened ? "Close menu" : "Open menu"}
          aria-expanded={navOpened}
          aria-controls="app-navbar"
        />
        <Link
          to="/dashboard"
          style={{ textDecoration: "none", color: "inherit", display: "flex", alignItems: "center", gap: 12 }}
        >
          <Text fw={700} fz={{ base: "md", sm: "lg" }} c="blue.9" style={{ whiteSpace: "nowrap" }}>
            CPD Dashboard
          </Text>
        </Link>
        {logoUrl && (
          <Image
            src={logoUrl}
            alt={organisationName ? `${organisationName} logo` : "Organisation logo"}
            h={36}
            w="auto"
            fit="contain"
            visibleFrom="xs"
          />
        )}
      </Group>
      {/* No focus placeholder: its focusable role="presentation" div breaks the menu's ARIA structure. */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* Named by its content, so the name holds the name on screen (WCAG 2.5.3); the initial is decoration. */}
          <UnstyledButton p={4} style={{ borderRadius: 8 }}>
            <Group gap="xs" wrap="nowrap">
              <VisuallyHidden>Account menu for </VisuallyHidden>
              <Avatar src={imageUrl} alt="" radius="xl" size="sm" color="blue" aria-hidden>
                {fullName.slice(0, 1)}
              </Avatar>
              {/* Phones have no room for the name beside the chevron: it stays in the button's name, unseen. */}
              {phone ? (
                <VisuallyHidden data-testid="header-name">{fullName}</VisuallyHidden>
              ) : (
                <Text fw={600} fz="sm" data-testid="header-name" truncate="end" maw={{ base: 130, sm: 260 }}>
                  {fullName}
                </Text>
              )}
              <ChevronDownIcon />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/profile">
            Profile
          </Menu.Item>
          <Menu.Item component={Link} to="/settings">
            Settings
          </Menu.Item>
          <Menu.Item component={Link} to="/account-management">
            Account Management
          </Menu.Item>
          <Menu.Item onClick={onLogout}>Logout</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

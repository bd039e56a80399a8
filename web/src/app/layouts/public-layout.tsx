import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import { Link, Outlet } from "react-router-dom";
import { messages } from "@/shared/config/messages";
import { routes } from "@/shared/config/routes";
import { BrandMark } from "./brand-mark";
import { HEADER_HEIGHT } from "./frame-metrics";
import classes from "./public-layout.module.css";

/**
 * Pages seen before sign-in: a plain header, the page in a narrow column (`wide`: a laptop's width, for the public
 * network page), and the footer. No AppShell here: the first screen does not need its navbar machinery (the signed-in
 * frames load it on demand).
 */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  return (
    <>
      <Box component="header" h={HEADER_HEIGHT} className={classes.header}>
        <Group h="100%" px="lg">
          <Anchor component={Link} to={routes.home.href()} underline="never">
            <BrandMark />
          </Anchor>
        </Group>
      </Box>
      <Box component="main">
        <Container size={wide ? "xl" : 460} px="md" py={{ base: "md", sm: wide ? "xl" : 48 }}>
          <Outlet />
          <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
            {messages.copyright}
          </Text>
        </Container>
      </Box>
    </>
  );
}

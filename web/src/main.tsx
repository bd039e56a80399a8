/**
 * The render-blocking stylesheet holds only what the first screens (the connect page, the admin sign-in and its
 * one-time code, the public frame, the not-found page) render; the rest of Mantine's styles load with the screens that
 * use them (shared/theme/all-styles.ts). Layered files, in the order of Mantine's full stylesheet (later component rules build on earlier ones): see all-styles.ts.
 */
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Title.layer.css";
import { startTransition, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./app/app";
import { reloadOnMissingChunk } from "./app/reload-on-missing-chunk";
import { createRouter, type AppRouter } from "./app/router";
import { startInTasks } from "./app/start-in-tasks";

const element = document.getElementById("root");
if (!element) throw new Error("index.html has no #root element");

/**
 * Each step in its own task (startInTasks says why); the render is a transition, so that React renders the first
 * screen in slices of a few milliseconds instead of one long task.
 */
let root: Root;
let router: AppRouter;
reloadOnMissingChunk(() => {
  const pending = router.state.navigation.location;
  return pending && `${pending.pathname}${pending.search}${pending.hash}`;
});
void startInTasks([
  () => (root = createRoot(element)),
  () => (router = createRouter()),
  () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    ),
]);

/**
 * Every Mantine stylesheet, for the screens past the first (the signed-in frames, dialogs and toasts): they import this
 * module, so the stylesheet loads with their chunk, before they render. The first screens get only the styles of the
 * components they render (main.tsx). Everything is in Mantine's `mantine` cascade layer, so the order in which the two
 * arrive changes nothing, and the app's own CSS modules (outside any layer) keep overriding Mantine's rules.
 */
import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";

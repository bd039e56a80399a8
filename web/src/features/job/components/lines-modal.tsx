import { MESSAGES } from "@pli/api/public-contract";
import { Modal, Table, Text, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import classes from "@/shared/ui/mono.module.css";
import { linesOf } from "./job-values";

export interface LinesView {
  /** The field's name, the modal's title. */
  title: string;
  text: string;
}

/**
 * A multi-line field of a job, one value per row, in a modal titled with the field's name. On a phone the modal takes
 * the whole screen and the values a smaller face, so a 42-character address fits its row without scrolling sideways.
 */
export function LinesModal({ view, onClose }: { view: LinesView | null; onClose: () => void }) {
  const lines = view ? linesOf(view.text) : [];
  const phone = !useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  return (
    <Modal opened={view !== null} onClose={onClose} title={view?.title ?? ""} centered size="lg" fullScreen={phone}>
      <Table.ScrollContainer
        minWidth={280}
        mah={420}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${view?.title ?? ""} (scrolls)`}
      >
        <Table horizontalSpacing={phone ? 4 : undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">{view?.title}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text ta="center" c="dimmed" size="sm">
                    {MESSAGES.noRecord}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map((line, index) => (
                <Table.Tr key={`${index}-${line}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text component="span" size={phone ? "xs" : "sm"} className={classes.value}>
                      {line}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}

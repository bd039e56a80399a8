import { MESSAGES } from "@pli/api/public-contract";
import { Modal, Table, Text } from "@mantine/core";
import classes from "@/shared/ui/mono.module.css";
import { linesOf } from "./job-values";

export interface LinesView {
  /** The field's name, the modal's title. */
  title: string;
  text: string;
}

/** A multi-line field of a job, one value per row, in a modal titled with the field's name. */
export function LinesModal({ view, onClose }: { view: LinesView | null; onClose: () => void }) {
  const lines = view ? linesOf(view.text) : [];
  return (
    <Modal opened={view !== null} onClose={onClose} title={view?.title ?? ""} centered size="lg">
      <Table.ScrollContainer
        minWidth={280}
        mah={420}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${view?.title ?? ""} (scrolls)`}
      >
        <Table>
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
                    <Text component="span" size="sm" className={classes.value}>
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

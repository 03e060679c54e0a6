import { Accordion } from '@mantine/core';
import type { ReactNode } from 'react';

/** The home page's questions as Mantine's Accordion (ClosedAccordion draws it until this loads). */
export default function QuestionsAccordion({
  id,
  items,
}: {
  id: string;
  items: { value: string; control: ReactNode; panel: ReactNode }[];
}) {
  return (
    <Accordion id={id} variant="separated" radius="md" order={3}>
      {items.map((item) => (
        <Accordion.Item key={item.value} value={item.value}>
          <Accordion.Control>{item.control}</Accordion.Control>
          <Accordion.Panel>{item.panel}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

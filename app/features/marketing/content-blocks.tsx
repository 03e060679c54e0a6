import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconUrgent } from '@tabler/icons-react';
import type { Block } from './content/types.ts';
import { RichText } from './rich-text.tsx';

const TONES = {
  info: { color: 'teal', icon: IconInfoCircle },
  warning: { color: 'yellow', icon: IconAlertTriangle },
  danger: { color: 'red', icon: IconUrgent },
} as const;

function blockKey(block: Block, index: number): string {
  return `${index}-${typeof block === 'string' ? block.slice(0, 24) : Object.keys(block)[0]}`;
}

/** Renders a section's blocks of copy; headings inside a section are one level below its title. */
export function ContentBlocks({
  blocks,
  contactEmail,
  headingOrder = 3,
}: {
  blocks: Block[];
  contactEmail?: string | undefined;
  headingOrder?: 3 | 4;
}) {
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        const key = blockKey(block, index);
        if (typeof block === 'string')
          return (
            <Text key={key} lh={1.7}>
              <RichText text={block} contactEmail={contactEmail} />
            </Text>
          );
        if ('subheading' in block)
          return (
            <Title key={key} order={headingOrder} fz="h4" mt="xs">
              {block.subheading}
            </Title>
          );
        if ('list' in block || 'steps' in block) {
          const items = 'list' in block ? block.list : block.steps;
          return (
            <List
              key={key}
              type={'steps' in block ? 'ordered' : 'unordered'}
              spacing={6}
              withPadding
              styles={{ itemWrapper: { display: 'inline' }, itemLabel: { lineHeight: 1.7 } }}
            >
              {items.map((item) => (
                <List.Item key={item}>
                  <RichText text={item} contactEmail={contactEmail} />
                </List.Item>
              ))}
            </List>
          );
        }
        if ('callout' in block) {
          const tone = TONES[block.tone];
          return (
            <Alert
              key={key}
              color={tone.color}
              title={block.title}
              icon={<tone.icon size={20} aria-hidden="true" />}
              variant="light"
            >
              <RichText text={block.callout} contactEmail={contactEmail} />
            </Alert>
          );
        }
        return (
          <Table.ScrollContainer key={key} minWidth={block.table.head.length * 160}>
            <Table striped withTableBorder verticalSpacing="sm" captionSide="top">
              <Table.Caption style={{ textAlign: 'left' }}>{block.table.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {block.table.head.map((cell) => (
                    <Table.Th key={cell} scope="col">
                      {cell}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {block.table.rows.map((row) => (
                  <Table.Tr key={row.join('|')}>
                    {/* Cells of one row never repeat, so the text is a stable key. */}
                    {row.map((cell) => (
                      <Table.Td key={cell}>
                        <RichText text={cell} contactEmail={contactEmail} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        );
      })}
    </Stack>
  );
}

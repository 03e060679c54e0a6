import { Anchor, Box, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DocSection } from './content/types.ts';
import { ContentBlocks } from './content-blocks.tsx';

/** Numbered table of contents: every section one tap away, on a phone as on a desktop. */
function TableOfContents({ sections }: { sections: DocSection[] }) {
  return (
    <Paper
      component="nav"
      aria-labelledby="toc-title"
      withBorder
      p="md"
      radius="md"
      pos={{ md: 'sticky' }}
      top={24}
    >
      <Text id="toc-title" fw={700} mb="xs">
        On this page
      </Text>
      <List type="ordered" spacing={6} size="sm" withPadding>
        {sections.map((section) => (
          <List.Item key={section.id}>
            <Anchor href={`#${section.id}`} size="sm">
              {section.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * A long page in titled sections (terms, privacy, safety, standards). Each section is an h2 with an
 * id, so the table of contents and links from other pages can point at it.
 */
export function SectionedDocument({
  sections,
  contactEmail,
  withTableOfContents = true,
  numbered = false,
}: {
  sections: DocSection[];
  contactEmail?: string | undefined;
  withTableOfContents?: boolean;
  numbered?: boolean;
}) {
  const body = (
    <Stack gap={40}>
      {sections.map((section, index) => (
        <Box component="section" key={section.id} aria-labelledby={section.id}>
          <Title order={2} id={section.id} fz={{ base: 22, sm: 26 }} mb="sm" style={{ scrollMarginTop: 16 }}>
            {numbered ? `${index + 1}. ${section.title}` : section.title}
          </Title>
          <ContentBlocks blocks={section.blocks} contactEmail={contactEmail} />
        </Box>
      ))}
    </Stack>
  );
  if (!withTableOfContents) return body;
  return (
    <Grid gap={{ base: 'xl', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TableOfContents sections={sections} />
      </Grid.Col>
      {/* minWidth 0: a wide table scrolls inside its own box instead of widening the page on a phone. */}
      <Grid.Col span={{ base: 12, md: 8 }} maw={760} miw={0}>
        {body}
      </Grid.Col>
    </Grid>
  );
}

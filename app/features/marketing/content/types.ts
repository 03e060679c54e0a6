/**
 * Long copy is data: paragraphs and lists in plain strings, with two inline marks only —
 * `[label](/path)` for a link and `**words**` for emphasis — and `{contactEmail}` for the support
 * address, which comes from the server's configuration.
 */
export type Block =
  | string
  | { list: string[] }
  | { steps: string[] }
  | { subheading: string }
  | { callout: string; title: string; tone: 'info' | 'warning' | 'danger' }
  | { table: { caption: string; head: string[]; rows: string[][] } };

export type DocSection = { id: string; title: string; blocks: Block[] };

export type LegalDocumentContent = {
  title: string;
  lead: string;
  updated: string;
  sections: DocSection[];
};

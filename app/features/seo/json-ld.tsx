import { serializeJsonLd } from './structured-data.ts';

/**
 * Structured data as an inline data block. It carries the request's CSP nonce like every inline
 * script we send (ADR 016, 077); browsers hide a nonce from the DOM after parsing, so hydration
 * would see it as "changed": that one attribute is expected to differ.
 */
export function JsonLd({ data, nonce }: { data: unknown; nonce: string | undefined }) {
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and &, so the text cannot leave the element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

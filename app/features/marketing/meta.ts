/** Title and description of a public page, with the same text for link previews. */
export function pageMeta(title: string, description: string) {
  const fullTitle = title.startsWith('Privy') ? title : `${title} · Privy`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Privy' },
  ];
}

// Mantine's Select as a module of its own, for pages that load it once live (hero-search.tsx).
export { Select as default } from '@mantine/core';

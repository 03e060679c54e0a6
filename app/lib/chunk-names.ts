/**
 * The chunk React, React DOM and React Router are bundled into (vite.chunks.ts). The page's
 * scripts evaluate it first, in a task of its own, as everything else imports it (ADR 164).
 */
export const FRAMEWORK_CHUNK = 'framework';

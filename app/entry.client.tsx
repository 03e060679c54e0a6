import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/*
 * React Router's default browser entry, written out so that it is a chunk of its own: from
 * node_modules it was bundled into the framework chunk, which then could not be evaluated before
 * React Router's module script has set the manifest without starting hydration (ADR 164).
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

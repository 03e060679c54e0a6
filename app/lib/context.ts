import { createContext } from 'react-router';
import type { RequestInfo } from '../../server/http/react-router.ts';
import type { AppServices } from '../../server/services.ts';

/** Set by the Fastify server on every request (server/http/react-router.ts reads them from the build). */
export const servicesContext = createContext<AppServices>();
export const requestInfoContext = createContext<RequestInfo>();

/** What the contact page's own form post answers (app/routes/public/contact.server.ts). */
export type ContactPostResult =
  | { ok: true; email: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

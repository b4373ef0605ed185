import type { Response } from 'express';
import type { Reply } from './demo-app';

/**
 * Writes a demo `Reply` to an Express response (for the Express and NestJS examples): status, headers, then the JSON
 * body, or no body (204). A rejected `pending` reply rejects the returned promise, so the framework's error path
 * answers it.
 */
export async function sendExpressReply(res: Response, pending: Reply | Promise<Reply>): Promise<void> {
  const reply = await pending;
  res.status(reply.status).set(reply.headers);
  if (reply.body === undefined) res.end();
  else res.json(reply.body);
}

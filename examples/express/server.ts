import { listen } from './listen';

const port = Number(process.env['PORT'] ?? 3000);
const server = await listen({ port });
console.log(`Express example listening on ${server.url}`);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

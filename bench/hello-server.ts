import Fastify from 'fastify';

/**
 * The floor for any HTTP endpoint on this machine: bare Fastify answering a tiny JSON object, no plugins, no
 * database. `npm run bench` runs it as its own process under the same autocannon settings as the API and
 * reports GET /api/wallets as a fraction of it.
 */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/readyz', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

// The ceiling: a minimal Fastify server answering a constant JSON body of a given size, so the
// app's figures can be read against what this machine does with no work per request.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map();
// A valid JSON document of exactly `bytes` bytes: {"d":"xxx..."}.
const bodyOf = (bytes) => {
  if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ d: 'x'.repeat(Math.max(0, bytes - 8)) }));
  return bodies.get(bytes);
};
app.get('/json', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(bodyOf(Number(request.query.bytes ?? 100)));
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`ceiling listening on ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

// Reference 1: a bare node:http hello world, the ceiling for any HTTP handler on this machine.
import http from 'node:http';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end('{"hello":"world"}');
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));

import { createServer, type Socket } from 'node:net';

/**
 * A minimal SMTP server on 127.0.0.1 that accepts every message, counts them and records each one's
 * recipients (RCPT TO), for the email benchmark and the tests that deliver through real SMTP. `latencyMs`
 * makes it take that long to accept each message, like a relay across a network.
 */
export function smtpSink(o: { latencyMs?: number } = {}) {
  const latencyMs = o.latencyMs ?? 0;
  let received = 0;
  const recipients: string[] = [];
  const arrivals: { to: string; at: number }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') continue;
          inData = false;
          received += 1;
          recipients.push(...to);
          const at = Date.now();
          for (const address of to) arrivals.push({ to: address, at });
          to = [];
          if (latencyMs > 0) setTimeout(() => reply('250 2.0.0 queued'), latencyMs);
          else reply('250 2.0.0 queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink.localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1];
          if (address) to.push(address.toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET' || verb === 'MAIL') {
          to = [];
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    reply('220 sink.localhost ESMTP');
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    received: () => received,
    /** Every accepted message's recipients, lower-cased, in the order they arrived. */
    recipients: () => [...recipients],
    /** Each recipient of each accepted message with when it was accepted (ms since the epoch). */
    arrivals: () => [...arrivals],
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

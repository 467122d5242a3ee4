// Port checks for the local services: a busy port is reported by number and by the variable that moves it.
import net from 'node:net';
import { StartupError } from './startup-error.ts';

/** Loopback addresses a local server may hold; Vite binds `localhost`, which can resolve to either. */
const LOOPBACKS = ['127.0.0.1', '::1'];

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      // A machine without IPv6 cannot hold ::1, so nothing can be listening there.
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT') resolve(true);
      else reject(err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export async function isPortFree(port: number): Promise<boolean> {
  for (const host of LOOPBACKS) if (!(await canListen(port, host))) return false;
  return true;
}

/** Throws a one-line StartupError naming the port and the environment variable that changes it. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
  if (!(await isPortFree(port)))
    throw new StartupError(`Port ${port} is already in use: stop whatever holds it or set ${variable} to another port.`);
}

/** A port the OS just reported free, for tests that run beside a developer's own stack. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `count` ports the OS reports free, asked one at a time and never the same one twice. */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

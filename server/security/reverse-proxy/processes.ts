import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ROOT } from '#test/server-process';

export interface Process {
  child: ChildProcess;
  output: () => string;
}

/** Ports free on 127.0.0.1, all different: each is held until every one is found. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export function launch(command: string, args: string[], env?: NodeJS.ProcessEnv): Process {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

export async function stop(running: Process | undefined) {
  const child = running?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** Polls until `ready` holds, or fails with the process's output once it exits or time runs out. */
export async function waitFor(what: string, running: Process, ready: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (running.child.exitCode !== null || running.child.signalCode !== null) {
      throw new Error(
        `${what} exited (${running.child.exitCode ?? running.child.signalCode}) before serving:\n${running.output()}`,
      );
    }
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not serve within 60 s:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

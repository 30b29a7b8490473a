import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's package puts nginx and openssl (or the first on PATH); null when absent. */
function binary(name: string, debianPath: string): string | null {
  if (existsSync(debianPath)) return debianPath;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export const nginxBinary = () => binary('nginx', '/usr/sbin/nginx');
export const opensslBinary = () => binary('openssl', '/usr/bin/openssl');

/**
 * The README's nginx site: the first ```nginx block of its "Several nodes" section, as an
 * operator copies it into /etc/nginx/conf.d/.
 */
export async function readmeNginxSite(readmePath = path.resolve('README.md')): Promise<string> {
  const readme = await readFile(readmePath, 'utf8');
  const section = readme.slice(readme.indexOf('\n## Several nodes\n'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no ```nginx block under "Several nodes"');
  return block[1]!;
}

/** Every match of `pattern` in `site` replaced, failing loudly when the README no longer has it. */
function replaceAll(site: string, pattern: RegExp, replacement: (match: string, index: number) => string): string {
  let index = 0;
  const out = site.replace(pattern, (match) => replacement(match, index++));
  if (index === 0) throw new Error(`the README's nginx site has no ${pattern}`);
  return out;
}

/**
 * The site rewritten for a test, and only for its addresses and files: the upstream's servers
 * become `upstreamPorts` (in order) on 127.0.0.1, the TLS and plain listeners free local ports,
 * the certificate and key files the test's own.
 */
export function rewriteSite(site: string, o: { upstreamPorts: number[]; tlsPort: number; httpPort: number; certificate: string; key: string }): string {
  let out = replaceAll(site, /^(\s*server\s+)[\w.-]+:\d+/gm, (match, i) => {
    const port = o.upstreamPorts[i];
    if (port === undefined) throw new Error(`the README's upstream names more servers than the ${o.upstreamPorts.length} nodes started`);
    return match.replace(/[\w.-]+:\d+$/, `127.0.0.1:${port}`);
  });
  out = replaceAll(out, /\blisten\s+443\s+ssl\b/g, () => `listen 127.0.0.1:${o.tlsPort} ssl`);
  out = replaceAll(out, /\blisten\s+80\s*;/g, () => `listen 127.0.0.1:${o.httpPort};`);
  out = replaceAll(out, /\bssl_certificate\s+\S+;/g, () => `ssl_certificate ${o.certificate};`);
  out = replaceAll(out, /\bssl_certificate_key\s+\S+;/g, () => `ssl_certificate_key ${o.key};`);
  return out;
}

/** The `fail_timeout` the site gives its upstream servers, in ms (nginx's default: 10 s). */
export function failTimeoutMs(site: string): number {
  const match = /fail_timeout=(\d+)(ms|s)?/.exec(site);
  if (!match) return 10_000;
  return Number(match[1]) * (match[2] === 'ms' ? 1 : 1000);
}

export interface Nginx {
  /** https://127.0.0.1:<port>: the TLS listener. */
  origin: string;
  /** The self-signed certificate the listener presents, for the clients' `ca`. */
  ca: string;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx in the foreground, as a child of the test: its own prefix, configuration, pid file,
 * temporary paths and logs under a fresh directory, `site` included in its `http` block as
 * conf.d files are, and a self-signed certificate for 127.0.0.1.
 */
export async function startNginx(o: { site: (files: { certificate: string; key: string }) => string; tlsPort: number }): Promise<Nginx> {
  const nginx = nginxBinary();
  const openssl = opensslBinary();
  if (!nginx || !openssl) throw new Error('nginx and openssl must be installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temporary paths in here.
  await chmod(dir, 0o755);
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await run(openssl, [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate,
  ]);
  await writeFile(path.join(dir, 'site.conf'), o.site({ certificate, key }));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  await mkdir(path.join(dir, 'temp'), { mode: 0o755 });
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      // Its complaints about refused upstreams during a restart are expected: quiet unless asked.
      `error_log stderr ${process.env.NGINX_TEST_LOG ?? 'crit'};`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginx, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (let attempt = 0; !(await listening(o.tlsPort)); attempt++) {
    if (exited !== null) throw new Error(`nginx exited with ${exited} (its messages are above)`);
    if (attempt > 100) throw new Error('nginx did not start listening');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `https://127.0.0.1:${o.tlsPort}`,
    ca: await readFile(certificate, 'utf8'),
    async stop() {
      if (exited === null) {
        // SIGTERM: nginx's fast stop (a graceful one would wait for every open websocket).
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

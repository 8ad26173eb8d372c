import path from 'node:path';
import { ROOT } from '#test/server-process';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const SHIPPED_CONFIG = path.join(ROOT, 'deploy/nginx/gatehouse.conf');
const PROXY_SNIPPET = path.join(ROOT, 'deploy/nginx/gatehouse-proxy.conf');

/** Replaces exactly one occurrence, so a change to the shipped file stops the test instead of going unnoticed. */
function replaceOnce(text: string, search: string, replacement: string): string {
  const count = text.split(search).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx/gatehouse.conf: expected "${search}" once, found it ${count} times`);
  return text.replace(search, replacement);
}

/**
 * The shipped configuration as it is, on loopback ports: only the listen addresses, the upstream
 * port, the certificate and the path of the shared proxy snippet change. The IPv6 listeners go,
 * since the machine may have no IPv6.
 */
export function testConfig(shipped: string, ports: { app: number; http: number; https: number }, tls: string): string {
  let config = shipped;
  config = replaceOnce(config, 'server 127.0.0.1:3000;', `server 127.0.0.1:${ports.app};`);
  config = replaceOnce(config, '    listen 80;\n', `    listen 127.0.0.1:${ports.http};\n`);
  config = replaceOnce(config, '    listen [::]:80;\n', '');
  config = replaceOnce(config, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${ports.https} ssl http2;\n`);
  config = replaceOnce(config, '    listen [::]:443 ssl http2;\n', '');
  config = config.replace(/ssl_certificate (\S+);/, `ssl_certificate ${tls}/cert.pem;`);
  config = config.replace(/ssl_certificate_key (\S+);/, `ssl_certificate_key ${tls}/key.pem;`);
  config = replaceOnce(config, 'include snippets/gatehouse-proxy.conf;', `include ${PROXY_SNIPPET};`);
  return config;
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The server's Prometheus metrics: requests by route, sign-ins by method and outcome, password
 * hashing (how many wait or run, and how long each takes), the database pool, and Node's own.
 */
export function createMetrics({ poolStats }: { poolStats: () => PoolStats | undefined }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gatehouse_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'gatehouse_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const signIns = new Counter({
    name: 'gatehouse_sign_ins_total',
    help: 'Sign-in steps, by method (email, anonymous, passkey, magic_link, email_otp, totp, otp, backup_code) and outcome (success, failure, rate_limited, second_factor: a right password whose code is still due)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const hashing = new Gauge({
    name: 'gatehouse_password_hashing_in_flight',
    help: 'Password hashes and checks waiting for or running on the thread pool',
    registers,
  });
  const hashSeconds = new Histogram({
    name: 'gatehouse_password_hash_duration_seconds',
    help: 'Time from asking for a password hash or check to its result, queueing included',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Gauge({
    name: 'gatehouse_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    observeSignIn({ method, outcome }: { method: string; outcome: string }) {
      signIns.inc({ method, outcome });
    },
    /** Wraps password hashing so its queue and its cost show. */
    async timeHashing<T>(work: () => Promise<T>): Promise<T> {
      hashing.inc();
      const end = hashSeconds.startTimer();
      try {
        return await work();
      } finally {
        end();
        hashing.dec();
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

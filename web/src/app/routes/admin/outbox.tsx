import { OutboxScreen } from '@/features/admin-outbox/components/outbox-screen';

export function Component() {
  return <OutboxScreen />;
}

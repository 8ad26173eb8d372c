import { OverviewScreen } from '@/features/admin-overview/components/overview-screen';

export function Component() {
  return <OverviewScreen />;
}

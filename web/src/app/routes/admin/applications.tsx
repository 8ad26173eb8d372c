import { ApplicationsScreen } from '@/features/admin-applications/components/applications-screen';

export function Component() {
  return <ApplicationsScreen />;
}

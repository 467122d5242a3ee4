// /agent/manage/{agentID} (agentManagement): Agent Information, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';

export const Route = createFileRoute('/_app/agent/manage/$agentID')({
  component: NotAvailablePage,
});

// /agent/manage/{agentID} (agentManagement): Agent Information, not built yet.
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailablePage } from '@/components/not-available-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/agent/manage/$agentID')({
  beforeLoad: guardPage('/agent/manage/$agentID'),
  component: NotAvailablePage,
});

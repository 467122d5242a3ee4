// The New Campaign and Edit Campaign screens (spec part 3 §2): the same form, empty with the
// defaults of §9 or filled from the stored campaign.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignQueryOptions } from './api/get-campaign.ts';
import { CampaignForm } from './campaign-form.tsx';
import { companyDay } from '#shared/time-zones.ts';
import { editCampaignValues, newCampaignValues } from './campaign-form-model.ts';

export function NewCampaignPage() {
  const [initial] = useState(() => newCampaignValues(companyDay()));
  return <CampaignForm initialValues={initial} editing={false} />;
}

export function EditCampaignPage({ campaignId }: { campaignId: string }) {
  const { data } = useSuspenseQuery(campaignQueryOptions(campaignId));
  const [initial] = useState(() => editCampaignValues(data));
  return <CampaignForm key={campaignId} initialValues={initial} editing />;
}

// The form every section of the campaign form edits.
import type { UseFormReturnType } from '@mantine/form';
import type { CampaignFormValues } from '../campaign-form-model.ts';

export type CampaignForm = UseFormReturnType<CampaignFormValues>;

// The dev state kept in local browser storage (spec part 1 §9): whether the dev clock shows. Dev-only
// tools exist outside PROD alone.
import { useLocalStorage } from '@mantine/hooks';
import { useConfigs } from '@/api/get-configs.ts';

export interface DevState {
  showClock: boolean;
}

const DEFAULT_DEV_STATE: DevState = { showClock: true };

export function useDevState() {
  return useLocalStorage<DevState>({ key: 'leadportal.dev', defaultValue: DEFAULT_DEV_STATE, getInitialValueInEffect: false });
}

export const useIsDevEnvironment = () => useConfigs().Env !== 'PROD';

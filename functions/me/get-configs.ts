// GET /api/configs and GET /api/featureflags: the stage's protected configuration and feature flags.
import { ok, route } from '#platform/http.ts';
import { configs, featureFlags } from './settings.ts';

export const getConfigs = route('me.configs', { handle: async () => ok(configs) });
export const getFeatureFlags = route('me.featureFlags', { handle: async () => ok(featureFlags) });

// Sign-in for agents and staff: a Cognito user pool with a hosted sign-in domain and a public app
// client for the OIDC authorization code flow with PKCE, run by the auth area on the site's origin.
import { Construct } from 'constructs';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPoolClient,
  FeaturePlan,
  Mfa,
  OAuthScope,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import type { StageConfig } from './stage-config.ts';

export interface UserAuthProps {
  config: StageConfig;
  siteOrigin: string;
}

export class UserAuth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The OIDC issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: UserAuthProps) {
    super(scope, id);
    const { config, siteOrigin } = props;
    this.userPool = new UserPool(this, 'Users', {
      // Staff create agent and staff accounts; nobody signs themselves up.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      // MFA is a per-pool setting in Cognito; agents may enrol, staff must: the auth area gives staff a
      // session only when GetUser shows TOTP enabled, which Cognito then asks every sign-in for
      // (docs/deployment.md). No device tracking: a remembered device would let a sign-in skip the code.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (the Plus plan): compromised-credential checks and adaptive, risk-based
      // challenges or blocks on every sign-in, enforced rather than only reported.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: config.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is per pool in Cognito and the spec does not require it of agents; staff are required to use it ' +
          '(docs/deployment.md), agents can enrol an authenticator app (TOTP).',
      },
    );
    this.userPool.addDomain('SignIn', { cognitoDomain: { domainPrefix: config.authDomainPrefix } });

    this.client = this.userPool.addClient('Portal', {
      // A public client: the code flow is protected by PKCE, so no secret exists to leak or store.
      generateSecret: false,
      preventUserExistenceErrors: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        // COGNITO_ADMIN (aws.cognito.signin.user.admin) lets the auth area call the user's own GetUser
        // and TOTP set-up with the access token, which stays on the server: no IAM rights needed.
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
        callbackUrls: [`${siteOrigin}/api/auth/callback`],
        logoutUrls: [`${siteOrigin}/api/auth/signin`],
      },
    });
    // Sign-in happens only on the hosted pages (which ignore this list); the API needs nothing but
    // token refresh, so password and SRP flows stay closed to direct calls.
    (this.client.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];
    // The issuer exactly as Cognito writes it into tokens and its discovery document.
    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${this.userPool.userPoolId}`;
  }
}

// The words of an e-mail or SMS alert (issue 23): the notification's own title and line
// (shared/api/notifications.ts notificationText, the same the toast shows) and, for a lead sold, only
// what the agent needs to call: the lead's name (already in the title), phone number and a link to the
// lead in the portal. Never the lead's e-mail, address, birth date or anything else the lead gave. Each
// message ends with its one-click unsubscribe link; the e-mail also carries it in List-Unsubscribe
// headers (RFC 8058) so a mail client can offer it.
import { notificationText, type NotificationDto } from '#shared/api/notifications.ts';
import { UNSUBSCRIBE_PAGE_PATH } from '#shared/api/alert-settings.ts';

/** What the portal sends to call a sold lead: its phone number (the name is the notification's). */
export interface LeadContact {
  /** As stored: 10 digits, or '' once the lead's personal fields were removed. */
  phone: string;
}

export interface AlertLinks {
  /** The site origin, no trailing slash. */
  origin: string;
  /** The signed unsubscribe token of this agent and channel (alert-token.ts). */
  token: string;
}

export interface AlertEmail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** (312) 555-0142 for ten digits (or eleven with the leading 1); anything else as it is. */
export function phoneText(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : raw;
}

/** The lead in My Leads, by the number agents see. */
export const leadLink = (origin: string, leadNumber: number) => `${origin}/leads?leadId=${leadNumber}`;
/** The page that asks before turning the channel off (a link scanner's GET changes nothing). */
export const unsubscribePageLink = (links: AlertLinks) => `${links.origin}${UNSUBSCRIBE_PAGE_PATH}?token=${links.token}`;
/** The API's one-click POST (List-Unsubscribe-Post), for mail clients. */
export const unsubscribeApiLink = (links: AlertLinks) => `${links.origin}/api/alerts/unsubscribe?token=${links.token}`;
export const SETTINGS_PATH = '/account/preferences';
export const ADD_MONEY_PATH = '/addFundsCC';

/** The link and, for a sale, the phone number: what the agent acts on. */
function callToAction(n: NotificationDto, contact: LeadContact | undefined, origin: string): { phone?: string; link?: string; linkLabel: string } {
  const phone = n.Kind === 'LeadSold' && contact?.phone ? phoneText(contact.phone) : undefined;
  if (n.Kind === 'BalanceLow') return { link: `${origin}${ADD_MONEY_PATH}`, linkLabel: 'Add lead money' };
  return { ...(phone ? { phone } : {}), ...(n.LeadNumber !== null ? { link: leadLink(origin, n.LeadNumber) } : {}), linkLabel: 'Open the lead' };
}

export function alertEmail(n: NotificationDto, contact: LeadContact | undefined, links: AlertLinks): AlertEmail {
  const { title, message } = notificationText(n);
  const action = callToAction(n, contact, links.origin);
  const lines = [
    title,
    message,
    '',
    ...(action.phone ? [`Call: ${action.phone}`] : []),
    ...(action.link ? [`${action.linkLabel}: ${action.link}`] : []),
    '',
    'You get this e-mail because e-mail alerts are on in your Lead Portal settings.',
    `Stop e-mail alerts: ${unsubscribePageLink(links)}`,
    `Change your alerts: ${links.origin}${SETTINGS_PATH}`,
  ];
  return {
    subject: title,
    text: lines.join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribeApiLink(links)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One text: who sends it, what happened, the number to call and the link, then how to stop texts. */
export function alertSms(n: NotificationDto, contact: LeadContact | undefined, links: AlertLinks): string {
  const { title, message } = notificationText(n);
  const action = callToAction(n, contact, links.origin);
  return [`Lead Portal: ${title}.`, `${message.replace(/\.$/, '')}.`, ...(action.phone ? [`Call ${action.phone}.`] : []), ...(action.link ? [action.link] : []), `Stop texts: ${unsubscribePageLink(links)}`].join(' ');
}

/** The verification text of a new mobile number. */
export const smsCodeText = (code: string, minutes: number) => `Lead Portal: your verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this text.`;

import { type AllocatedCharge, addDays, formatCurrency, lateAfter } from '@rent/shared';
import { claimChargeNotice, type LeaseAtVersion } from '../../data/tenancy/charges.js';
import type { LeaseRecord } from '../../data/tenancy/tenancies.js';
import { type Notice, notify } from '../people/notifications.js';

/**
 * Rent reminders and late notices to the tenant (docs/tenants-and-maintenance.md "Reminders and late notices"), under
 * their "Rent reminders" switch, sent by the charge job: a reminder when a rent charge falls due within
 * REMINDER_DAYS and some of it is still to pay; a notice once it is late (open after the grace days, when the late-fee
 * gate says payments have had their chance to arrive). Each at most once per charge, whatever the number of runs.
 */
export const REMINDER_DAYS = 3;
/** The job writes as nobody: `notify` mails everyone but the actor. */
const JOB_ACTOR = 'rent-today-charge-job';

const monthName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

export function rentReminderText(where: string, charge: Pick<AllocatedCharge, 'dueDate' | 'open'>): Notice {
  return {
    subject: `Rent for ${where} is due on ${dayName(charge.dueDate)}: ${formatCurrency(charge.open, 2)}`,
    heading: 'Your rent is due soon',
    lines: [
      `${formatCurrency(charge.open, 2)} of rent for ${where} is due on ${dayName(charge.dueDate)}.`,
      'If you have paid already, thank you: it can take a few days to reach your landlord.',
    ],
    path: '/rental-history',
    linkLabel: 'See your rental history',
  };
}

export function rentLateText(
  where: string,
  charge: Pick<AllocatedCharge, 'dueDate' | 'open'>,
  lateFee: number | null,
): Notice {
  return {
    subject: `Rent for ${where} is late: ${formatCurrency(charge.open, 2)} of ${monthName(charge.dueDate)} is unpaid`,
    heading: 'Your rent is late',
    lines: [
      `${formatCurrency(charge.open, 2)} of the rent due on ${dayName(charge.dueDate)} for ${where} is unpaid.`,
      ...(lateFee === null ? [] : [`A late fee of ${formatCurrency(lateFee, 2)} was added to your balance.`]),
      'If you have paid already, thank you: it can take a few days to reach your landlord.',
    ],
    path: '/rental-history',
    linkLabel: 'See your rental history',
  };
}

/** The reminders and late notices a lease's open rent calls for today, each sent once. */
export async function sendRentNotices(
  lease: LeaseRecord & LeaseAtVersion,
  where: string,
  allocated: readonly AllocatedCharge[],
  today: string,
  lateGate: (lateDay: string) => boolean,
  lateFeeOf: (rentCode: string) => number | null,
): Promise<void> {
  for (const charge of allocated) {
    if (charge.kind !== 'rent' || charge.open <= 0) continue;
    const late = lateAfter(charge, lease.graceDays);
    if (today < charge.dueDate && today >= addDays(charge.dueDate, -REMINDER_DAYS)) {
      if (await claimChargeNotice(lease, charge.code, 'reminderSentAt')) {
        await notify('RENT_REMINDER', lease.userId, JOB_ACTOR, () => rentReminderText(where, charge));
      }
    } else if (today > late && lateGate(late) && addDays(late, 30) >= today) {
      if (await claimChargeNotice(lease, charge.code, 'lateNoticeSentAt')) {
        await notify('RENT_REMINDER', lease.userId, JOB_ACTOR, () =>
          rentLateText(where, charge, lateFeeOf(charge.code)),
        );
      }
    }
  }
}

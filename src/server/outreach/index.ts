import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { startSmsWorkers } from '../sms';
import { startOutreachWorkers } from './workers';

/** Starts this instance's outreach and SMS workers (main.ts; the tests that deliver call it too). */
export async function startOutreach(deps: AppDeps, log: FastifyBaseLogger, now?: () => Date): Promise<void> {
  const locations = () => deps.locations.get();
  await startSmsWorkers(deps.jobs, deps.db, deps.sms, log, {
    locations,
    publicUrl: deps.config.publicUrl,
    secret: deps.secret,
    dailySegments: deps.config.SMS_DAILY_SEGMENTS,
    reportsToHide: deps.config.REPORTS_TO_HIDE,
    ...(now && { now }),
    answer: deps.answerAs,
    checkIn: deps.checkInAs,
    withdraw: deps.withdrawAs,
  });
  return startOutreachWorkers(
    deps.jobs,
    { db: deps.db, jobs: deps.jobs, locations, outreach: deps.outreach, ...(now && { now }) },
    { db: deps.db, jobs: deps.jobs, locations, publicUrl: deps.config.publicUrl, secret: deps.secret, siteName: 'Blood Donation', mailer: deps.mailer, push: deps.push.sender },
    log,
  );
}

export { runWave, scheduleNextWave, type WaveDeps } from './waves';
export { afterDonations } from './after-donation';
export { schedulePledgeReminders } from './reminders';
export { userOfUnsubscribeToken } from './unsubscribe-token';

import type { Lang } from '../../shared/i18n/model';
import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, QUEUES } from '../jobs';
import { type DeliveryDeps, deliverEmails, deliverPushes, type NotificationJob, recordFailedDeliveries } from './deliveries';
import { passwordResetMail, verificationMail } from './mail-templates';
import { type EligibleAgainJob, tellEligibleAgain } from './after-donation';
import { type PledgeReminderJob, remindPledge } from './reminders';
import { runWave, type WaveDeps, type WaveJob } from './waves';

/** How often an idle worker looks for jobs; a found batch is followed by the next fetch at once. */
const POLL_SECONDS = 0.5;
const DELIVERY_BATCH = 50;

/**
 * Starts this instance's workers on the shared queue. Any number of instances may run them: a job
 * is fetched by one (SKIP LOCKED) and its handler is idempotent (waves.ts, deliveries.ts).
 */
export async function startOutreachWorkers(jobs: JobQueue, waves: WaveDeps, deliveries: DeliveryDeps, log: FastifyBaseLogger): Promise<void> {
  await jobs.work<WaveJob>(QUEUES.wave, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    const alerted = await runWave(waves, job!.data);
    if (alerted > 0) log.info({ requestId: job!.data.requestId, wave: job!.data.wave, alerted }, 'outreach wave sent');
  });
  // A donor's eligible-again notice (issue 33), on the day it is due.
  await jobs.work<EligibleAgainJob['data']>(QUEUES.eligibleAgain, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    await tellEligibleAgain(waves.db, jobs, waves.outreach.sms, job!.data, waves.now?.());
  });
  // A pledged donor's "Still coming?" (issue 33), at its moment.
  await jobs.work<PledgeReminderJob['data']>(QUEUES.pledgeReminder, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    await remindPledge(waves.db, jobs, waves.outreach.sms, job!.data, waves.now?.());
  });
  const deliver = async (name: string, send: typeof deliverEmails) => {
    let workerId = '';
    workerId = await jobs.work<NotificationJob['data']>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: DELIVERY_BATCH }, async (batch) => {
      const { failed, error } = await send(deliveries, batch);
      if (failed.length > 0) {
        log.warn({ err: error, failed: failed.length, queue: name }, 'deliveries failed: retried later');
        await jobs.fail(name, failed.map((j) => j.id));
      }
      // A full batch: more are waiting, so fetch again without waiting for the poll.
      if (batch.length === DELIVERY_BATCH && workerId) jobs.notifyWorker(workerId);
    });
  };
  await deliver(QUEUES.email, deliverEmails);
  await deliver(QUEUES.push, deliverPushes);
  await jobs.work<NotificationJob['data']>(QUEUES.deliveryFailed, { pollingIntervalSeconds: 5, batchSize: DELIVERY_BATCH }, async (batch) => {
    await recordFailedDeliveries(deliveries.db, batch);
    log.error({ count: batch.length }, 'deliveries given up after every retry');
  });
  // Account mails: address confirmations and (issue 38) password-reset links; older jobs have no kind.
  await jobs.work<{ kind?: 'verify' | 'reset'; to: string; name: string; url: string; lang?: Lang }>(QUEUES.verifyEmail, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (!deliveries.mailer) return;
    const { kind, to, name, url, lang } = job!.data;
    const write = kind === 'reset' ? passwordResetMail : verificationMail;
    await deliveries.mailer.send({ to, ...write({ name, url, siteName: deliveries.siteName, lang }) });
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type JobQueue, QUEUES } from '../jobs';
import type { SmsGateway } from './gateway';
import { type AlertSmsDeps, type AlertSmsJob, makeAlertSms } from './alerts';
import { makeNoticeSms, type NoticeSmsJob } from './notices';
import { handleInbound, type InboundDeps, type InboundJob, receiveInbound } from './inbound';
import { deliverSms, recordFailedSms, recordSmsReceipt, type SmsJob } from './outbox';

const POLL_SECONDS = 0.5;
const SMS_BATCH = 20;

/**
 * This instance's SMS workers on the shared queue, and the gateway's receipts. Without a gateway
 * (no SMS_URL) nothing is started: queued messages wait for an instance that has one.
 */
export async function startSmsWorkers(
  jobs: JobQueue,
  db: Db,
  gateway: SmsGateway | null,
  log: FastifyBaseLogger,
  options: Omit<AlertSmsDeps, 'db' | 'jobs'> & Pick<InboundDeps, 'answer' | 'checkIn' | 'withdraw'>,
): Promise<void> {
  if (!gateway) return;
  const { answer, checkIn, withdraw, ...alerts } = options;
  // Alerts' SMS are made one at a time (each takes the budget's lock: sms/alerts.ts); a failed one
  // fails only its own job, which is retried.
  let alertWorker = '';
  alertWorker = await jobs.work<AlertSmsJob['data']>(QUEUES.alertSms, { pollingIntervalSeconds: POLL_SECONDS, batchSize: SMS_BATCH }, async (batch) => {
    const failed: string[] = [];
    for (const job of batch) {
      await makeAlertSms({ db, jobs, ...alerts }, job.data).catch((err: unknown) => {
        log.warn({ err, notificationId: job.data.notificationId }, 'alert SMS not made: retried later');
        failed.push(job.id);
      });
    }
    if (failed.length > 0) await jobs.fail(QUEUES.alertSms, failed);
    if (batch.length === SMS_BATCH && alertWorker) jobs.notifyWorker(alertWorker);
  });
  // Notices (issue 33): a thank-you, or that a donor can give again; under the same budget lock.
  await jobs.work<NoticeSmsJob['data']>(QUEUES.noticeSms, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    await makeNoticeSms({ db, jobs, dailySegments: alerts.dailySegments, ...(alerts.now && { now: alerts.now }) }, job!.data);
  });
  // Replies: each one a job at once (none lost with the process), handled one at a time per number.
  gateway.onInbound((message) => {
    receiveInbound(jobs, message).catch((err: unknown) => log.error({ err }, 'SMS reply not queued'));
  });
  await jobs.work<InboundJob['data']>(QUEUES.smsInbound, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
    const outcome = await handleInbound({ db, jobs, answer, checkIn, withdraw }, job!.data);
    log.info({ outcome }, 'SMS reply');
  });
  gateway.onReceipt((receipt) => {
    recordSmsReceipt(db, receipt).catch((err: unknown) => log.warn({ err, messageId: receipt.messageId }, 'SMS receipt not recorded'));
  });
  let workerId = '';
  workerId = await jobs.work<SmsJob['data']>(QUEUES.sms, { pollingIntervalSeconds: POLL_SECONDS, batchSize: SMS_BATCH }, async (batch) => {
    const { failed, error } = await deliverSms(db, gateway, batch);
    if (failed.length > 0) {
      log.warn({ err: error, failed: failed.length }, 'SMS not sent: retried later');
      await jobs.fail(QUEUES.sms, failed.map((j) => j.id));
    }
    if (batch.length === SMS_BATCH && workerId) jobs.notifyWorker(workerId);
  });
  await jobs.work<SmsJob['data']>(QUEUES.smsFailed, { pollingIntervalSeconds: 5, batchSize: SMS_BATCH }, async (batch) => {
    await recordFailedSms(db, batch);
    log.error({ count: batch.length }, 'SMS given up after every retry');
  });
}

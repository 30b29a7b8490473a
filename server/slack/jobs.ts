import { startLogProcess } from '../processes/logProcess';
import type { StartBackgroundJob } from '../processes/registry';
import { startSlackDelivery } from './deliveryLoop';
import { slackNotificationProcess } from './notificationProcess';

/**
 * Slack notifications: the process that turns deal events into outbox rows and the loop that
 * posts them. Each runs on one node at a time under its own lock, possibly on different nodes.
 */
export const startSlackNotifications: StartBackgroundJob = ({ deps, databaseUrl }) => {
  const notifications = startLogProcess({ databaseUrl, sql: deps.sql, handle: deps.handle, logger: deps.logger }, slackNotificationProcess);
  const delivery = startSlackDelivery({ databaseUrl, sql: deps.sql, secrets: deps.secrets, allowedHosts: deps.webhookHosts, logger: deps.logger });
  return {
    async stop() {
      await Promise.all([notifications.stop(), delivery.stop()]);
    },
  };
};

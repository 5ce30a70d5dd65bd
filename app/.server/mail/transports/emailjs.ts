import type { MailTransport } from ".";
import type { Config } from "../../config";

const LIB_VERSION = "wickshop-1.0";

/**
 * EmailJS's REST API (SPEC §7): POST {base}/api/v1.0/email/send with the
 * order's fields as template_params under SPEC §3's names; only HTTP 200 counts.
 */
export function emailjsTransport(settings: NonNullable<Config["emailjs"]>): MailTransport {
  return {
    name: "EmailJS",
    async send(message) {
      const params = message.params ? (JSON.parse(message.params) as Record<string, string>) : {};
      const response = await fetch(`${settings.apiUrl}/api/v1.0/email/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          lib_version: LIB_VERSION,
          user_id: settings.publicKey,
          service_id: settings.serviceId,
          template_id: settings.templateId,
          template_params: {
            ...params,
            to_email: message.to,
            ...(message.reply_to ? { reply_to: message.reply_to } : {}),
            subject: message.subject,
            message: message.text,
          },
          ...(settings.privateKey ? { accessToken: settings.privateKey } : {}),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status !== 200) {
        throw new Error(`EmailJS answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
    },
  };
}

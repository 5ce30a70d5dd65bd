import QRCode from "qrcode";

/**
 * What the owner's authenticator app needs, from better-auth's otpauth://
 * URI: the QR code as SVG made on the server (no script in the browser), and
 * the secret as text for typing it in by hand.
 */
export async function authenticatorSetup(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    qrSvg,
    // In groups of four, as authenticator apps show it.
    secret: secret.replace(/(.{4})(?=.)/g, "$1 "),
  };
}

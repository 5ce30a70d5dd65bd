/** The local OpenID provider that stands in for Google while the browser tests run. */
import { startOpenIdProvider } from "../../tests/helpers/openid-provider";

const provider = await startOpenIdProvider({ port: Number(process.env.PROVIDER_PORT), redirectUri: String(process.env.REDIRECT_URI) });
console.log(`OpenID provider at ${provider.issuer}`);
process.once("SIGTERM", () => void provider.close().then(() => process.exit(0)));

/** The local OpenID provider that stands in for Google while the browser tests run, for every worker's shop. */
import { startOpenIdProvider } from "../../tests/helpers/openid-provider";

const redirectUris = String(process.env.REDIRECT_URIS).split(" ");
const provider = await startOpenIdProvider({ port: Number(process.env.PROVIDER_PORT), redirectUri: redirectUris });
console.log(`OpenID provider at ${provider.issuer}`);
process.once("SIGTERM", () => void provider.close().then(() => process.exit(0)));

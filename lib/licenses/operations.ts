import "server-only";
import { implement, reply } from "@/lib/infra/api/operation";
import { jwks } from "@/lib/infra/signing/keys";
import * as contract from "./contract";
import { toLicenseContentDto, toLicenseDto } from "./dto";
import { issueLicenseFile } from "./license-file";
import {
  addLicenseContent,
  createLicense,
  deactivateLicense,
  getLicense,
  listLicenseContent,
  listLicenses,
  updateLicense,
} from "./licenses";
import { verifyLicense } from "./verify";
import { throttleVerification } from "./verify-throttle";

export const listLicensesOperation = implement(contract.listLicenses, {
  handle: async ({ caller }) => (await listLicenses(caller.user.id)).map(toLicenseDto),
});

export const createLicenseOperation = implement(contract.createLicense, {
  handle: async ({ caller, body }) => toLicenseDto(await createLicense(caller.user.id, await body())),
});

export const getLicenseOperation = implement(contract.getLicense, {
  handle: async ({ caller, params }) => toLicenseDto(await getLicense(caller.user.id, params.id)),
});

export const updateLicenseOperation = implement(contract.updateLicense, {
  handle: async ({ caller, params, body }) => toLicenseDto(await updateLicense(caller.user.id, params.id, await body())),
});

export const deactivateLicenseOperation = implement(contract.deactivateLicense, {
  handle: async ({ caller, params }) => toLicenseDto(await deactivateLicense(caller.user.id, params.id)),
});

export const listLicenseContentOperation = implement(contract.listLicenseContent, {
  handle: async ({ caller, params }) => (await listLicenseContent(caller.user.id, params.id)).map(toLicenseContentDto),
});

export const addLicenseContentOperation = implement(contract.addLicenseContent, {
  handle: async ({ caller, params, body }) =>
    toLicenseContentDto(await addLicenseContent(caller.user.id, params.id, await body())),
});

export const issueLicenseFileOperation = implement(contract.issueLicenseFile, {
  handle: async ({ caller, params, body }) => reply(201, await issueLicenseFile(caller.user.id, params.id, (await body()).ttl)),
});

/**
 * Partners call it on every page view: throttled per client address, then the body, then the verdict, the nonce
 * echoed in it. The route kit signs the answer (the declaration's `signed`).
 */
export const verifyLicenseOperation = implement(contract.verifyLicense, {
  limit: ({ request }) => throttleVerification(request.clientIp),
  handle: async ({ body }) => {
    const { license_key, nonce } = await body();
    return verifyLicense(license_key, { nonce });
  },
});

export const getSigningKeysOperation = implement(contract.getSigningKeys, {
  handle: async () => jwks(),
});

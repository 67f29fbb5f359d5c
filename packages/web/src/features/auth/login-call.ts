// The login request, in a module of its own so the login page can load the contract lazily.
import { api, type BodyOf } from "@cpd/contract";
import { call } from "../../lib/api-client";

export const requestLogin = (body: BodyOf<typeof api.login>) => call(api.login, { body });

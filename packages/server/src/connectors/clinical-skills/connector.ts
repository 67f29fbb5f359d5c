// The external Clinical Skills logging service, behind one interface. The HTTP
// implementation speaks its API; tests and ./scripts/start point it at the
// local fake server (scripts/fakes/clinical-skills.mjs).
export interface ClinicalSkillsStatistics {
  past7DaysSkills: number;
  past30DaysSkills: number;
  past7DaysShifts: number;
  past30DaysShifts: number;
}

export interface ClinicalSkillsConnector {
  /** Exchanges the user's credentials for an access token; null when they are not recognised. */
  authenticate(email: string, password: string): Promise<{ accountId: string; accessToken: string } | null>;
  statistics(accessToken: string): Promise<ClinicalSkillsStatistics>;
}

export class ClinicalSkillsUnavailable extends Error {}

export class HttpClinicalSkillsConnector implements ClinicalSkillsConnector {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 5_000,
  ) {}

  private async request(path: string, init: RequestInit) {
    try {
      return await fetch(new URL(path, this.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ClinicalSkillsUnavailable(String(err));
    }
  }

  async authenticate(email: string, password: string) {
    const res = await this.request("/v1/tokens", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": this.apiKey },
      body: JSON.stringify({ email, password }),
    });
    if (res.status === 401) return null;
    if (!res.ok) throw new ClinicalSkillsUnavailable(`tokens answered ${res.status}`);
    const body = (await res.json()) as { accountId?: unknown; accessToken?: unknown };
    if (typeof body.accountId !== "string" || typeof body.accessToken !== "string") {
      throw new ClinicalSkillsUnavailable("unexpected token answer");
    }
    return { accountId: body.accountId, accessToken: body.accessToken };
  }

  async statistics(accessToken: string): Promise<ClinicalSkillsStatistics> {
    const res = await this.request("/v1/statistics", { headers: { authorization: `Bearer ${accessToken}` } });
    if (!res.ok) throw new ClinicalSkillsUnavailable(`statistics answered ${res.status}`);
    const b = (await res.json()) as Record<string, unknown>;
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);
    return {
      past7DaysSkills: n(b.skills7),
      past30DaysSkills: n(b.skills30),
      past7DaysShifts: n(b.shifts7),
      past30DaysShifts: n(b.shifts30),
    };
  }
}

// The Helm chart (infra/helm/cpd), rendered as `helm template` would by infra/helm/render (no helm
// binary here; the same Go template engine and sprig functions), for the default values and each
// example, every document validated against the Kubernetes API schemas (kubernetes-models, generated
// from the Kubernetes OpenAPI) and checked for what the chart promises (README "Kubernetes (Helm)").
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { api } from "@cpd/contract";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Job } from "kubernetes-models/batch/v1/Job";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { ServiceAccount } from "kubernetes-models/v1/ServiceAccount";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { Env, loadConfig } from "../../src/config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const chart = path.join(root, "infra/helm/cpd");
const SECRET = "cpd-secrets";
const BASE_SET = [`existingSecret=${SECRET}`, "publicUrl=https://cpd.example.org"];

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are checked field by field below
type Doc = Record<string, any>;

/** Each kind the chart may render, by apiVersion/kind; anything else fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Service": Service,
  "v1/ServiceAccount": ServiceAccount,
  "apps/v1/Deployment": Deployment,
  "batch/v1/Job": Job,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
  "networking.k8s.io/v1/Ingress": Ingress,
};

let workDir = "";
let renderer = "";

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "cpd-chart-"));
  renderer = path.join(workDir, "render");
  // GOPATH mode over Debian's Go packages (golang-github-masterminds-sprig-dev, golang-k8s-sigs-yaml-dev).
  execFileSync("go", ["build", "-o", renderer, "./infra/helm/render"], {
    cwd: root,
    env: {
      ...process.env,
      GO111MODULE: "off",
      GOPATH: "/usr/share/gocode",
      GOCACHE: path.join(workDir, "cache"),
    },
    stdio: "pipe",
  });
});
afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function render(files: string[], set: string[]) {
  const args = [
    chart,
    ...files.flatMap((f) => ["-f", path.join(chart, f)]),
    ...set.flatMap((s) => ["--set", s]),
  ];
  return spawnSync(renderer, ["--name", "cpd", "--namespace", "cpd", ...args], { encoding: "utf8" });
}

function renderDocs(files: string[], set: string[]): Doc[] {
  const out = render(files, set);
  expect(out.stderr).toBe("");
  expect(out.status).toBe(0);
  return parseAllDocuments(out.stdout).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as Doc;
  });
}

const find = (docs: Doc[], kind: string, name: string) => {
  const doc = docs.find((d) => d.kind === kind && d.metadata?.name === name);
  if (!doc) throw new Error(`${kind} ${name} was not rendered`);
  return doc;
};
const podSpecs = (docs: Doc[]) =>
  docs.filter((d) => d.kind === "Deployment" || d.kind === "Job").map((d) => d.spec.template.spec as Doc);

/** The health routes as the server registers them: define.ts puts its prefix before each contract path. */
function healthPaths() {
  const define = readFileSync(path.join(root, "packages/server/src/routes/define.ts"), "utf8");
  const prefix = /url: `([^`$]*)\$\{e\.path\}`/.exec(define)?.[1];
  expect(prefix).toBe("/api");
  const routes = readFileSync(path.join(root, "packages/server/src/routes/health.ts"), "utf8");
  expect(routes).toContain("define(app, deps, api.healthLive,");
  expect(routes).toContain("define(app, deps, api.healthReady,");
  return { live: `${prefix}${api.healthLive.path}`, ready: `${prefix}${api.healthReady.path}` };
}

/** The Secret's keys as values.yaml lists them (DATABASE_URL, REDIS_URL, JWT_SECRET, ...). */
const secretKeys = Object.keys(
  (parse(readFileSync(path.join(chart, "values.yaml"), "utf8")) as Doc).secretKeys,
);

const cases = [
  { name: "values.yaml defaults", files: [], hpa: { min: 2, max: 6 }, apiReplicas: undefined, workers: 1 },
  {
    name: "examples/small-trust.yaml",
    files: ["examples/small-trust.yaml"],
    hpa: null,
    apiReplicas: 2,
    workers: 1,
  },
  {
    name: "examples/national.yaml",
    files: ["examples/national.yaml"],
    hpa: { min: 3, max: 20 },
    apiReplicas: undefined,
    workers: 4,
  },
];

describe.each(cases)("chart with $name", ({ files, hpa, apiReplicas, workers }) => {
  let docs: Doc[] = [];
  beforeAll(() => {
    docs = renderDocs(files, files.length ? [] : BASE_SET);
  });

  it("renders only known kinds, each valid against the Kubernetes schemas", () => {
    expect(docs.length).toBeGreaterThan(8);
    const kinds = docs.map((d) => `${d.apiVersion}/${d.kind}`);
    expect(kinds.filter((k) => !(k in MODELS))).toEqual([]);
    for (const doc of docs) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}`] as (typeof MODELS)[string];
      expect(() => new Model(doc as never).validate(), `${doc.kind} ${doc.metadata?.name}`).not.toThrow();
    }
  });

  it("runs the API and the worker locked down, with resources on every container", () => {
    for (const spec of podSpecs(docs)) {
      expect(spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
        seccompProfile: { type: "RuntimeDefault" },
      });
      expect(spec.automountServiceAccountToken).toBe(false);
      for (const c of spec.containers) {
        expect(c.securityContext, c.name).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ["ALL"] },
          seccompProfile: { type: "RuntimeDefault" },
        });
        expect(c.resources.requests, c.name).toMatchObject({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        expect(c.resources.limits, c.name).toMatchObject({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
        // Node writes PDFs and exports to os.tmpdir(): an emptyDir, the only writable place.
        const tmp = c.volumeMounts.find((m: Doc) => m.mountPath === "/tmp");
        expect(tmp?.name, c.name).toEqual(expect.any(String));
        expect(
          spec.volumes.find((v: Doc) => v.name === tmp?.name),
          c.name,
        ).toMatchObject({
          name: tmp?.name,
          emptyDir: expect.any(Object),
        });
      }
    }
    expect(podSpecs(docs)).toHaveLength(3);
  });

  it("probes the API on the server's health routes and the worker on its heartbeat", () => {
    const { live, ready } = healthPaths();
    const apiPod = find(docs, "Deployment", "cpd-api").spec.template.spec;
    const [container] = apiPod.containers;
    expect(container.args).toEqual(["api"]);
    expect(container.readinessProbe.httpGet).toEqual({ path: ready, port: "http" });
    expect(container.livenessProbe.httpGet).toEqual({ path: live, port: "http" });
    const worker = find(docs, "Deployment", "cpd-worker");
    expect(worker.spec.template.spec.containers[0].args).toEqual(["worker"]);
    expect(worker.spec.template.spec.containers[0].livenessProbe.exec.command).toEqual([
      "cpd-entrypoint",
      "worker-health",
    ]);
  });

  it("scales the API and the worker as the values say, with a disruption budget", () => {
    const deployment = find(docs, "Deployment", "cpd-api");
    const hpas = docs.filter((d) => d.kind === "HorizontalPodAutoscaler");
    if (hpa) {
      expect(deployment.spec.replicas).toBeUndefined();
      expect(hpas).toHaveLength(1);
      expect(hpas[0]?.spec).toMatchObject({
        scaleTargetRef: { kind: "Deployment", name: "cpd-api" },
        minReplicas: hpa.min,
        maxReplicas: hpa.max,
        metrics: [{ type: "Resource", resource: { name: "cpu" } }],
      });
    } else {
      expect(hpas).toEqual([]);
      expect(deployment.spec.replicas).toBe(apiReplicas);
    }
    expect(find(docs, "Deployment", "cpd-worker").spec.replicas).toBe(workers);
    const pdb = find(docs, "PodDisruptionBudget", "cpd-api");
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  it("migrates in a pre-install and pre-upgrade hook that needs only the database URL", () => {
    const job = find(docs, "Job", "cpd-migrate");
    expect(job.metadata.annotations).toEqual({
      "helm.sh/hook": "pre-install,pre-upgrade",
      "helm.sh/hook-weight": "0",
      "helm.sh/hook-delete-policy": "before-hook-creation",
    });
    const [container] = job.spec.template.spec.containers;
    expect(container.args).toEqual(["migrate"]);
    expect(container.image).toMatch(/cpd-platform-migrate:/);
    // Hooks run before the release's other objects exist: no ConfigMap, no chart ServiceAccount.
    expect(container.envFrom).toBeUndefined();
    expect(job.spec.template.spec.serviceAccountName).toBeUndefined();
    expect(container.env.find((e: Doc) => e.name === "DATABASE_URL").valueFrom.secretKeyRef).toEqual({
      name: SECRET,
      key: "DATABASE_URL",
    });
  });

  it("takes secrets only from the existing Secret, by reference", () => {
    expect(docs.filter((d) => d.kind === "Secret")).toEqual([]);
    expect(secretKeys).toEqual(
      expect.arrayContaining([
        "DATABASE_URL",
        "DATABASE_READ_URL",
        "REDIS_URL",
        "JWT_SECRET",
        "S3_SECRET_ACCESS_KEY",
      ]),
    );
    const configMap = find(docs, "ConfigMap", "cpd");
    for (const key of secretKeys) expect(Object.keys(configMap.data)).not.toContain(key);
    for (const spec of podSpecs(docs)) {
      for (const c of spec.containers) {
        for (const e of c.env ?? []) {
          if (secretKeys.includes(e.name)) expect(e.valueFrom?.secretKeyRef?.name, e.name).toBe(SECRET);
          if (e.valueFrom?.secretKeyRef) expect(e.valueFrom.secretKeyRef.name).toBe(SECRET);
          if (e.value !== undefined) expect(secretKeys).not.toContain(e.name);
        }
        for (const from of c.envFrom ?? []) {
          if (from.secretRef) expect(from.secretRef.name).toBe(SECRET);
          else expect(from.configMapRef.name).toBe("cpd");
        }
      }
    }
  });

  it("configures every server setting from values, in a form the server accepts", () => {
    const data = find(docs, "ConfigMap", "cpd").data as Record<string, string>;
    const envNames = Object.keys(Env.properties);
    // OIDC_ALLOW_HTTP is refused in production (config.ts), so the chart never sets it.
    for (const name of envNames) {
      if (name !== "OIDC_ALLOW_HTTP") expect([...Object.keys(data), ...secretKeys], name).toContain(name);
    }
    for (const name of [...Object.keys(data), ...secretKeys]) expect(envNames, name).toContain(name);
    const secrets = {
      DATABASE_URL: "postgresql://cpd:pw@cpd-db-rw:5432/cpd",
      REDIS_URL: "redis://cpd-redis:6379/0",
      JWT_SECRET: randomBytes(48).toString("base64"),
      SUPPORT_CHAT_SECRET: randomBytes(32).toString("base64"),
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    const config = loadConfig({ ...data, ...secrets });
    expect(config.env).toBe("production");
    expect(config.webDist).toBe("/app/packages/web/dist");
  });

  it("lets only the API, worker and migration pods reach PostgreSQL and Redis", () => {
    const policies = docs.filter((d) => d.kind === "NetworkPolicy");
    const egress = find(docs, "NetworkPolicy", "cpd-egress");
    expect(egress.spec.policyTypes).toEqual(["Egress"]);
    expect(egress.spec.podSelector.matchExpressions).toEqual([
      { key: "app.kubernetes.io/component", operator: "In", values: ["api", "worker", "migrate"] },
    ]);
    expect(egress.spec.egress.some((r: Doc) => r.ports?.some((p: Doc) => p.port === 5432))).toBe(true);
    expect(egress.spec.egress.some((r: Doc) => r.ports?.some((p: Doc) => p.port === 6379))).toBe(true);
    expect(find(docs, "NetworkPolicy", "cpd-no-ingress").spec.ingress).toBeUndefined();
    const database = policies.find((p) => p.metadata.name === "cpd-database");
    if (files.includes("examples/national.yaml")) {
      expect(database?.spec.podSelector.matchLabels).toEqual({ "cnpg.io/cluster": "cpd-db" });
      expect(database?.spec.ingress[0].from[0].podSelector).toEqual(egress.spec.podSelector);
      expect(find(docs, "NetworkPolicy", "cpd-redis").spec.ingress[0].ports).toEqual([
        { port: 6379, protocol: "TCP" },
      ]);
    } else {
      expect(database).toBeUndefined();
    }
  });
});

describe("chart values that must be given", () => {
  it("fails without existingSecret", () => {
    const out = render([], ["publicUrl=https://cpd.example.org"]);
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain("existingSecret is required");
    expect(out.stdout).toBe("");
  });

  it("fails without publicUrl", () => {
    const out = render([], [`existingSecret=${SECRET}`]);
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain("publicUrl is required");
  });

  it("renders the read replica's URL from the Secret in the national example", () => {
    const docs = renderDocs(["examples/national.yaml"], []);
    const env = find(docs, "Deployment", "cpd-api").spec.template.spec.containers[0].env as Doc[];
    expect(env.find((e) => e.name === "DATABASE_READ_URL")?.valueFrom.secretKeyRef).toEqual({
      name: SECRET,
      key: "DATABASE_READ_URL",
      optional: true,
    });
  });
});

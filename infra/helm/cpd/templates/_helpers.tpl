{{/* Chart name, cut to the 63 characters a label value allows. */}}
{{- define "cpd.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name; the release name alone when it already holds the chart name. */}}
{{- define "cpd.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "cpd.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "cpd.labels" -}}
helm.sh/chart: {{ include "cpd.chart" . }}
{{ include "cpd.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "cpd.selectorLabels" -}}
app.kubernetes.io/name: {{ include "cpd.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Selector of one part (api, worker, migrate): the NetworkPolicies key on these labels. */}}
{{- define "cpd.componentSelector" -}}
{{ include "cpd.selectorLabels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "cpd.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "cpd.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret holding every secret; the chart never creates it. */}}
{{- define "cpd.secretName" -}}
{{- required "existingSecret is required: create a Secret with DATABASE_URL, REDIS_URL, JWT_SECRET, SUPPORT_CHAT_SECRET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (see values.yaml) and name it here" .Values.existingSecret }}
{{- end }}

{{- define "cpd.image" -}}
{{- printf "%s:%s" .image.repository (default .root.Chart.AppVersion .image.tag | toString) }}
{{- end }}

{{/* Pod and container security: the image's `node` user (uid 1000), nothing writable but /tmp. */}}
{{- define "cpd.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.securityContext.runAsUser }}
runAsGroup: {{ .Values.securityContext.runAsGroup }}
fsGroup: {{ .Values.securityContext.runAsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "cpd.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.securityContext.runAsUser }}
runAsGroup: {{ .Values.securityContext.runAsGroup }}
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
Secrets, each by key from existingSecret (values.yaml lists them). Optional keys may be absent
from the Secret: the variable is then unset and the server applies its default (config.ts).
*/}}
{{- define "cpd.secretEnv" -}}
{{- $secret := include "cpd.secretName" . }}
{{- range $key, $optional := .Values.secretKeys }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
      optional: {{ $optional }}
{{- end }}
{{- end }}

{{/* The API and worker containers' environment: the ConfigMap, then the secrets. */}}
{{- define "cpd.appEnv" -}}
envFrom:
  - configMapRef:
      name: {{ include "cpd.fullname" . }}
env:
{{- include "cpd.secretEnv" . | trim | nindent 2 }}
{{- end }}

{{/* The pods that may reach PostgreSQL and Redis: the API, the worker and the migration Job. */}}
{{- define "cpd.appPods" -}}
matchLabels:
  {{- include "cpd.selectorLabels" . | nindent 2 }}
matchExpressions:
  - key: app.kubernetes.io/component
    operator: In
    values: [api, worker, migrate]
{{- end }}

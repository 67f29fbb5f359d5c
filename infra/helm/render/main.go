// Command render prints a Helm chart's manifests like `helm template`, for the chart test
// (packages/server/test/chart/): this machine has no helm binary and cannot install one, so this
// runs the same engine Helm does (Go text/template, sprig v3 and Helm's own include, tpl, required,
// toYaml, fromYaml, toJson, fromJson, lookup) over the same values, release and chart objects.
//
//	render [--name R] [--namespace N] [-f values.yaml]... [--set a.b=c]... <chart-dir>
//
// Built in GOPATH mode from Debian's packages (golang-go, golang-github-masterminds-sprig-dev,
// golang-k8s-sigs-yaml-dev): GO111MODULE=off GOPATH=/usr/share/gocode go build -o <tmp> ./infra/helm/render
// --set takes dotted keys only (no list indexes); hooks print in place, not sorted by kind.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig" // sprig v3 (Debian installs it without the /v3 suffix)
	"sigs.k8s.io/yaml"
)

type values = map[string]interface{}

// chartMeta is Chart.yaml as Helm's templates see it (.Chart.Name, .Chart.AppVersion, ...).
type chartMeta struct {
	APIVersion  string `json:"apiVersion"`
	Name        string `json:"name"`
	Version     string `json:"version"`
	AppVersion  string `json:"appVersion"`
	Description string `json:"description"`
	Type        string `json:"type"`
	KubeVersion string `json:"kubeVersion"`
}

type kubeVersion struct{ Version, Major, Minor, GitVersion string }

func (k kubeVersion) String() string { return k.Version }

type apiVersions []string

// Has is .Capabilities.APIVersions.Has, answered for the APIs this chart uses.
func (a apiVersions) Has(v string) bool {
	for _, x := range a {
		if x == v {
			return true
		}
	}
	return false
}

type capabilities struct {
	KubeVersion kubeVersion
	APIVersions apiVersions
}

type multiFlag []string

func (m *multiFlag) add(v string) { *m = append(*m, v) }

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	name, namespace, chartDir := "release-name", "default", ""
	var files, sets multiFlag
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", a)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch a {
		case "-f", "--values":
			v, err = next()
			files.add(v)
		case "--set":
			v, err = next()
			sets.add(v)
		case "--name":
			name, err = next()
		case "-n", "--namespace":
			namespace, err = next()
		default:
			if strings.HasPrefix(a, "-") {
				return fmt.Errorf("unknown flag %s", a)
			}
			chartDir = a
		}
		if err != nil {
			return err
		}
	}
	if chartDir == "" {
		return errors.New("usage: render [--name R] [--namespace N] [-f values.yaml]... [--set k=v]... <chart>")
	}

	var meta chartMeta
	if err := readYAML(filepath.Join(chartDir, "Chart.yaml"), &meta); err != nil {
		return err
	}
	vals := values{}
	if err := readYAML(filepath.Join(chartDir, "values.yaml"), &vals); err != nil {
		return err
	}
	for _, f := range files {
		override := values{}
		if err := readYAML(f, &override); err != nil {
			return err
		}
		vals = merge(vals, override)
	}
	for _, s := range sets {
		if err := setValue(vals, s); err != nil {
			return err
		}
	}

	top := map[string]interface{}{
		"Values": vals,
		"Release": map[string]interface{}{
			"Name": name, "Namespace": namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Chart": meta,
		"Capabilities": capabilities{
			KubeVersion: kubeVersion{Version: "v1.36.0", Major: "1", Minor: "36", GitVersion: "v1.36.0"},
			APIVersions: apiVersions{"v1", "apps/v1", "batch/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1"},
		},
	}
	return render(chartDir, meta.Name, top)
}

func readYAML(file string, into interface{}) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(data, into); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// merge is Helm's coalescing of values: maps merge key by key, anything else is replaced, and a
// null in the override removes the key.
func merge(base, override values) values {
	out := values{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range override {
		if v == nil {
			delete(out, k)
			continue
		}
		bm, bok := out[k].(map[string]interface{})
		om, ook := v.(map[string]interface{})
		if bok && ook {
			out[k] = merge(bm, om)
		} else {
			out[k] = v
		}
	}
	return out
}

var intRE = regexp.MustCompile(`^[-+]?[0-9]+$`)

// setValue applies one --set a.b.c=v (commas separate several), typed as Helm's strvals does.
func setValue(vals values, expr string) error {
	for _, pair := range strings.Split(expr, ",") {
		eq := strings.Index(pair, "=")
		if eq < 1 {
			return fmt.Errorf("--set %q: expected key=value", pair)
		}
		keys := strings.Split(pair[:eq], ".")
		raw := pair[eq+1:]
		var v interface{} = raw
		switch {
		case raw == "true" || raw == "false":
			v = raw == "true"
		case raw == "null":
			v = nil
		case intRE.MatchString(raw) && !(len(raw) > 1 && raw[0] == '0'):
			n, err := strconv.ParseInt(raw, 10, 64)
			if err == nil {
				v = n
			}
		}
		m := vals
		for _, k := range keys[:len(keys)-1] {
			child, ok := m[k].(map[string]interface{})
			if !ok {
				child = values{}
				m[k] = child
			}
			m = child
		}
		last := keys[len(keys)-1]
		if v == nil {
			delete(m, last)
		} else {
			m[last] = v
		}
	}
	return nil
}

func toYAML(v interface{}) string {
	data, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(data), "\n")
}

func fromYAML(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func toJSON(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

func fromJSON(s string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

// render parses every file under templates/ as one set (helpers included), as Helm does, and
// prints each non-partial file's documents; NOTES.txt is rendered (its errors count) but not printed.
func render(chartDir, chartName string, top map[string]interface{}) error {
	root := filepath.Join(chartDir, "templates")
	var names []string
	sources := map[string]string{}
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(chartDir, p)
		name := path.Join(chartName, filepath.ToSlash(rel))
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		names = append(names, name)
		sources[name] = string(data)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(names)

	t := template.New("gotpl").Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	extra := template.FuncMap{
		"toYaml": toYAML, "fromYaml": fromYAML, "toJson": toJSON, "fromJson": fromJSON,
		"lookup": func(string, string, string, string) (map[string]interface{}, error) {
			return map[string]interface{}{}, nil
		},
		"required": func(warn string, val interface{}) (interface{}, error) {
			if val == nil {
				return val, errors.New(warn)
			}
			if s, ok := val.(string); ok && s == "" {
				return val, errors.New(warn)
			}
			return val, nil
		},
		"include": func(name string, data interface{}) (string, error) {
			var buf bytes.Buffer
			err := t.ExecuteTemplate(&buf, name, data)
			return buf.String(), err
		},
		"tpl": func(text string, data interface{}) (string, error) {
			clone, err := t.Clone()
			if err != nil {
				return "", err
			}
			parsed, err := clone.New("tpl").Parse(text)
			if err != nil {
				return "", err
			}
			var buf bytes.Buffer
			err = parsed.Execute(&buf, data)
			return strings.ReplaceAll(buf.String(), "<no value>", ""), err
		},
	}
	for k, v := range extra {
		funcs[k] = v
	}
	t.Funcs(funcs)
	for _, name := range names {
		if _, err := t.New(name).Parse(sources[name]); err != nil {
			return err
		}
	}

	docSep := regexp.MustCompile(`(?m)^---[ \t]*$`)
	var out strings.Builder
	for _, name := range names {
		base := path.Base(name)
		if strings.HasPrefix(base, "_") {
			continue
		}
		dot := map[string]interface{}{}
		for k, v := range top {
			dot[k] = v
		}
		dot["Template"] = map[string]interface{}{"Name": name, "BasePath": path.Join(path.Dir(name))}
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, name, dot); err != nil {
			return err
		}
		if base == "NOTES.txt" {
			continue
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		for _, doc := range docSep.Split(text, -1) {
			if strings.TrimSpace(doc) == "" {
				continue
			}
			fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", name, strings.Trim(doc, "\n"))
		}
	}
	_, err = os.Stdout.WriteString(out.String())
	return err
}

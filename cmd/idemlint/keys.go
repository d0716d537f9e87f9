package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/passes/selectinsert"
)

// saltOf hashes what every key shares: the binary, the go command's
// version and target, the flags that change what the analyzers report.
func saltOf(opts *options) ([]byte, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	if err := hashFile(h, exe); err != nil {
		return nil, err
	}
	env, err := exec.Command("go", "env", "GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED", "GOEXPERIMENT").Output()
	if err != nil {
		return nil, err
	}
	h.Write(env)
	fmt.Fprintf(h, "tags=%s test=%v\n", opts.tags, opts.tests)
	for _, a := range opts.analyzers {
		if a == selectinsert.Analyzer {
			fmt.Fprintf(h, "schema %s\n", selectinsert.SchemaKey(""))
		}
		fmt.Fprintf(h, "analyzer %s\n", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s=%s\n", f.Name, f.Value) })
	}
	return h.Sum(nil), nil
}

func hashFile(h hash.Hash, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}

// hashFiles hashes the files of every package in the graph, in parallel.
func hashFiles(roots []*packages.Package) map[string]string {
	var names []string
	seen := map[string]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		for _, f := range filesOf(p) {
			if !seen[f] {
				seen[f] = true
				names = append(names, f)
			}
		}
	})
	sums := make([]string, len(names))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				h := sha256.New()
				if hashFile(h, names[i]) != nil {
					sums[i] = "unreadable"
					continue
				}
				sums[i] = hex.EncodeToString(h.Sum(nil))
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	out := make(map[string]string, len(names))
	for i, n := range names {
		out[n] = sums[i]
	}
	return out
}

// filesOf lists the files a package's analysis reads. Embedded files are
// not among them (no analyzer reads them; selectinsert's DDL is keyed on
// its own): listing them makes go list report an embed pattern that
// matches nothing, which the loading does not, and the keys of a run that
// listed and of one that loaded must agree.
func filesOf(p *packages.Package) []string {
	return append(append([]string(nil), p.GoFiles...), p.OtherFiles...)
}

// A keyer computes the packages' keys, each once.
type keyer struct {
	salt   []byte
	schema bool   // selectinsert runs: it reads the module's DDL
	stdSrc string // GOROOT/src: see key
	keys   map[*packages.Package]string
	files  map[string]string // file name -> content hash
}

// schemaDir is where selectinsert looks for p's DDL from: its module's
// directory. A test's main package has its one file in the build cache,
// outside any module, and looking for a go.mod above it walked a
// directory of the build cache for every test of the module (4 s of a
// run on lego).
func schemaDir(p *packages.Package) string {
	if p.Module != nil && p.Module.Dir != "" {
		return p.Module.Dir
	}
	return filepath.Dir(p.GoFiles[0])
}

// goSrc returns GOROOT/src as the go command sees it, or "" if unknown.
func goSrc() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil || len(strings.TrimSpace(string(out))) == 0 {
		return ""
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src")
}

// inStd reports whether p is a package of the standard library, by where
// its files are.
func (k *keyer) inStd(p *packages.Package) bool {
	return k.stdSrc != "" && len(p.GoFiles) > 0 && under(p.GoFiles[0], []string{k.stdSrc})
}

func (k *keyer) key(p *packages.Package) string {
	if key, ok := k.keys[p]; ok {
		return key
	}
	h := sha256.New()
	h.Write(k.salt)
	fmt.Fprintf(h, "package %s %s %s\n", p.ID, p.PkgPath, p.Name)
	if p.Module != nil {
		fmt.Fprintf(h, "go %s\n", p.Module.GoVersion)
		// Modules in the module cache do not change; the user's do.
		if k.schema && p.Module.Main && len(p.GoFiles) > 0 {
			fmt.Fprintf(h, "schema %s\n", selectinsert.SchemaKey(schemaDir(p)))
		}
	}
	for _, f := range filesOf(p) {
		fmt.Fprintf(h, "file %s %s\n", f, k.files[f])
	}
	paths := make([]string, 0, len(p.Imports))
	for path, imp := range p.Imports {
		// The standard library is keyed by the go command's version and
		// target, in the salt. Its packages are left out of the imports
		// hashed because what a package imports of it depends on how it
		// was listed: the loader runs cgo (`go list -compiled`), whose
		// generated files import runtime/cgo, syscall and unsafe, and
		// the listing that plans a run does not; the keys of a run that
		// loaded and of one that only listed must agree (coldcache.go).
		if k.inStd(imp) {
			continue
		}
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		fmt.Fprintf(h, "import %s %s\n", path, k.key(p.Imports[path]))
	}
	key := hex.EncodeToString(h.Sum(nil))
	k.keys[p] = key
	return key
}

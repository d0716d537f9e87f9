package sitespage

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// root is the idemlint repository, two directories up.
var root, _ = filepath.Abs(filepath.Join("..", ".."))

// browser returns the Chromium the test drives, or skips the test.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no Chromium installed (apt-get install chromium): the retry map's page is not tested in a browser")
	return ""
}

// page runs idemlint -sites on a module of testdata and returns the page
// it wrote and the map it printed as JSON.
func page(t *testing.T, bin, module string) (string, siteMap) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "sites.html")
	cmd := exec.Command(bin, "-sites", "-json", "-html="+file, "./...")
	cmd.Dir = filepath.Join(root, module)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("idemlint -sites on %s: %v", module, err)
	}
	var m siteMap
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return file, m
}

type siteMap struct {
	Sites []struct {
		ID       string `json:"id"`
		Package  string `json:"package"`
		Category string `json:"category"`
		Attempts struct {
			Count int    `json:"count"`
			Bound string `json:"bound"`
		} `json:"attempts"`
		Chain []struct{ Site string } `json:"chain"`
	} `json:"sites"`
}

func build(t *testing.T) string {
	bin := filepath.Join(t.TempDir(), "idemlint")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/idemlint")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building idemlint: %v\n%s", err, out)
	}
	return bin
}

// TestPage opens the demo's and the end-to-end module's maps in headless
// Chromium and uses them as a reviewer does: one row per site of the
// JSON, sorting by a column, filtering by package and by kind, following
// a chain to its row; and checks that the page asks for nothing over the
// network and logs no error.
func TestPage(t *testing.T) {
	exe := browser(t)
	bin := build(t)
	for _, module := range []string{"testdata/demo", "testdata/e2e"} {
		t.Run(filepath.Base(module), func(t *testing.T) {
			file, m := page(t, bin, module)
			testPage(t, exe, "file://"+file, m)
		})
	}
}

func testPage(t *testing.T, exe, url string, m siteMap) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Flag("headless", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	var mu sync.Mutex
	var requests, problems []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, ev.Request.URL)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeWarning {
				problems = append(problems, string(ev.Type)+": "+args(ev.Args))
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+ev.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded: // a blocked request, a policy violation
			if ev.Entry.Level == cdplog.LevelError || ev.Entry.Level == cdplog.LevelWarning {
				problems = append(problems, string(ev.Entry.Source)+": "+ev.Entry.Text)
			}
		}
	})

	var rows, shown int
	run(t, ctx, network.Enable(), runtime.Enable(), cdplog.Enable(),
		chromedp.Navigate(url),
		chromedp.WaitReady(`#sites tbody tr.site`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#sites tbody tr.site").length`, &rows))
	if rows != len(m.Sites) {
		t.Errorf("the table has %d rows, the map %d sites", rows, len(m.Sites))
	}
	for i, s := range m.Sites {
		var id string
		run(t, ctx, chromedp.Evaluate(`document.querySelectorAll("#sites tbody tr.site")[`+itoa(i)+`].dataset.id`, &id))
		if id != s.ID {
			t.Errorf("row %d is %s, the map's site %d is %s", i, id, i, s.ID)
			break
		}
	}

	// Sorting by attempts: the fewest first, then, clicked again, the
	// most (an unbounded site) first.
	var first, most string
	run(t, ctx, chromedp.Click(`#sites th[data-key="attempts"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#sites tbody tr.site").dataset.id`, &first),
		chromedp.Click(`#sites th[data-key="attempts"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#sites tbody tr.site").dataset.id`, &most))
	least, greatest := 1<<31, -1
	orders := map[string]int{}
	for _, s := range m.Sites {
		o := order(s.Attempts.Count, s.Attempts.Bound)
		orders[s.ID] = o
		least, greatest = min(least, o), max(greatest, o)
	}
	if orders[first] != least {
		t.Errorf("sorting by attempts put %s first, not a site with the fewest", first)
	}
	if orders[most] != greatest {
		t.Errorf("sorting by attempts the other way put %s first, not a site with the most", most)
	}

	// Filtering by package, then by kind.
	pkg, category := m.Sites[len(m.Sites)-1].Package, m.Sites[0].Category
	run(t, ctx, chromedp.SetValue("#f-package", pkg, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("f-package").dispatchEvent(new Event("change"))`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll("#sites tbody tr.site")].filter(r => !r.hidden).length`, &shown))
	if want := count(m, func(p, _ string) bool { return p == pkg }); shown != want {
		t.Errorf("filtering by package %s shows %d rows, want %d", pkg, shown, want)
	}
	run(t, ctx, chromedp.SetValue("#f-package", "", chromedp.ByQuery),
		chromedp.SetValue("#f-category", category, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("f-category").dispatchEvent(new Event("change"))`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll("#sites tbody tr.site")].filter(r => !r.hidden).length`, &shown))
	if want := count(m, func(_, c string) bool { return c == category }); shown != want {
		t.Errorf("filtering by kind %s shows %d rows, want %d", category, shown, want)
	}

	// Following the worst chain to the row it starts from, then opening
	// that row's source lines.
	var chained string
	for _, s := range m.Sites {
		if len(s.Chain) > 0 {
			chained = s.ID
			break
		}
	}
	if chained != "" {
		var target string
		var source int
		run(t, ctx, chromedp.Click(`#chains a.goto`, chromedp.ByQuery),
			chromedp.Evaluate(`(document.querySelector("#sites tr.site.target:not([hidden])") || {dataset: {}}).dataset.id || ""`, &target),
			chromedp.Click(`#sites tr.site.target a.place`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelectorAll("#sites tr.detail pre.source span").length`, &source))
		if target == "" {
			t.Error("following a chain shows no row")
		}
		if source == 0 {
			t.Error("a site's place opens no source lines")
		}
	} else if len(m.Sites) > 1 {
		t.Error("no chain in the map: the test follows one")
	}

	mu.Lock()
	defer mu.Unlock()
	for _, r := range requests {
		if r != url {
			t.Errorf("the page asked for %s", r)
		}
	}
	for _, p := range problems {
		t.Errorf("console: %s", p)
	}
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

func order(n int, bound string) int {
	if bound == "unbounded" {
		return 1 << 30
	}
	return n
}

func count(m siteMap, keep func(pkg, category string) bool) int {
	n := 0
	for _, s := range m.Sites {
		if keep(s.Package, s.Category) {
			n++
		}
	}
	return n
}

func args(as []*runtime.RemoteObject) string {
	var parts []string
	for _, a := range as {
		parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
	}
	return strings.Join(parts, " ")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

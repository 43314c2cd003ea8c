"""Opens an executed notebook's HTML (nbconvert --to html --execute) and every offline 3D view
it shows inline (iframe srcdoc) in headless Chromium with the network cut off: `unshare -n`
when the system allows it, and a dead proxy for every request in any case (as lab/tests/html.rs
does). Fails unless each view's script ran to its end (data-ready="true") and the notebook page
holds its plots and views.

    python .ci/notebook_check.py NOTEBOOK.html CHROMIUM [MIN_VIEWS]
"""

import html
import pathlib
import re
import subprocess
import sys
import tempfile


def chromium_dom(chromium, page):
    with tempfile.TemporaryDirectory() as profile:
        args = [
            chromium, "--headless", "--no-sandbox", "--use-gl=angle", "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--proxy-server=127.0.0.1:9", "--virtual-time-budget=10000",
            f"--user-data-dir={profile}", "--window-size=800,600", "--dump-dom", f"file://{page}",
        ]
        isolated = subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0
        if isolated:
            args = ["unshare", "-n"] + args
        else:
            print("note: `unshare -n` is not allowed here; Chromium runs behind a dead proxy only")
        r = subprocess.run(args, capture_output=True, text=True, timeout=180)
        if r.returncode != 0:
            sys.exit(f"Chromium failed on {page}: {r.stderr[-2000:]}")
        return r.stdout


def main():
    notebook, chromium = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2]
    min_views = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    text = notebook.read_text(encoding="utf-8")
    views = [html.unescape(m) for m in re.findall(r'<iframe[^>]*?srcdoc="([^"]*)"', text)]
    if len(views) < min_views:
        sys.exit(f"{notebook.name}: {len(views)} inline views, expected at least {min_views}")
    if "data:image/png" not in text:
        sys.exit(f"{notebook.name}: no plot in the executed notebook")
    dom = chromium_dom(chromium, notebook)
    if dom.count("<iframe") < min_views:
        sys.exit(f"{notebook.name}: Chromium shows {dom.count('<iframe')} iframes")
    for i, view in enumerate(views):
        if re.search(r'(src|href)="https?://', view):
            sys.exit(f"view {i} of {notebook.name} loads something from the network")
        page = notebook.with_name(f"{notebook.stem}_view{i}.html")
        page.write_text(view, encoding="utf-8")
        if 'data-ready="true"' not in chromium_dom(chromium, page):
            sys.exit(f"view {i} of {notebook.name} did not finish loading offline")
        print(f"view {i} of {notebook.name}: drawn offline ({len(view)} bytes)")
    print(f"{notebook.name}: {len(views)} views and its plots open offline")


if __name__ == "__main__":
    main()

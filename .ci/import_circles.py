#!/usr/bin/env python3
"""Import circles between the files of each crate: a file that names an item of another file
(`crate::a::b`, `super::x`, `self::y` in `use` lines and paths) depends on it; a strongly
connected group of two or more files is a circle. Prints each and exits 1 when there is one.

Usage: .ci/import_circles.py [CRATE_DIR ...]   (default: every crate of the workspace and python/)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = ["geometry", "kinematics", "sensing", "stability", "jointspace", "lab", "shell", "python"]


def module_of(src, path):
    """Module path (list) of a source file under src/."""
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return rel


def files_of(src):
    out = {}
    for d, _, fs in os.walk(src):
        for f in fs:
            if f.endswith(".rs"):
                p = os.path.join(d, f)
                out[tuple(module_of(src, p))] = p
    return out


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def references(text):
    """Paths named in the text, with `use` groups expanded one level."""
    text = strip_comments(text)
    paths = []
    for m in re.finditer(r"\buse\s+([^;]+);", text, flags=re.S):
        body = re.sub(r"\s+", "", m.group(1))
        g = re.match(r"^(.*?)::\{(.*)\}$", body)
        if g:
            prefix, items = g.group(1), g.group(2)
            depth, cur, parts = 0, "", []
            for ch in items:
                if ch == "," and depth == 0:
                    parts.append(cur)
                    cur = ""
                    continue
                depth += ch == "{"
                depth -= ch == "}"
                cur += ch
            parts.append(cur)
            paths += [prefix + "::" + re.sub(r"::\{.*", "", p) for p in parts if p]
        else:
            paths.append(body)
    paths += re.findall(r"\b((?:crate|super|self)(?:::\w+)+)", text)
    return paths


def resolve(path, here, modules):
    parts = path.split("::")
    if parts[0] == "crate":
        base, rest = [], parts[1:]
    elif parts[0] in ("super", "self"):
        base = list(here)
        rest = parts
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                base = base[:-1]
            rest = rest[1:]
    else:
        return None
    # The longest prefix that is a file module.
    best = None
    for k in range(len(rest) + 1):
        cand = tuple(base + rest[:k])
        if cand in modules:
            best = cand
    return best


def circles(crate):
    src = os.path.join(ROOT, crate, "src")
    modules = files_of(src)
    graph = {m: set() for m in modules}
    for m, p in modules.items():
        for r in references(open(p).read()):
            t = resolve(r, list(m), modules)
            if t is not None and t != m:
                graph[m].add(t)
    # Parents re-export children: edges from a mod file to its own children are declarations.
    for m in graph:
        graph[m] = {t for t in graph[m] if not (len(t) == len(m) + 1 and t[: len(m)] == m)}
    return sccs(graph)


def sccs(graph):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main():
    crates = sys.argv[1:] or DEFAULT
    found = False
    for c in crates:
        for comp in circles(c):
            found = True
            print(f"{c}: " + " <-> ".join("::".join(m) or "(root)" for m in comp))
    if not found:
        print("no import circles in " + ", ".join(crates))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

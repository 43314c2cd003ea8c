// Validates each glTF file named on the command line with the Khronos glTF validator
// (npm `gltf-validator`). Prints one line per file; exits 1 when any file has an error.
// Installed next to node_modules/gltf-validator by .ci/gltf.sh.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function main() {
    let failed = 0;
    for (const file of process.argv.slice(2)) {
        const bytes = new Uint8Array(fs.readFileSync(file));
        const report = await validator.validateBytes(bytes, {
            uri: path.basename(file),
            maxIssues: 50,
            externalResourceFunction: (uri) =>
                Promise.reject(new Error(`external resource ${uri} (Morsel files embed everything)`)),
        });
        const i = report.issues;
        console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos, ${i.numHints} hints`);
        for (const m of i.messages.filter((m) => m.severity === 0)) {
            console.log(`  error ${m.code} at ${m.pointer}: ${m.message}`);
        }
        for (const m of i.messages.filter((m) => m.severity === 1)) {
            console.log(`  warning ${m.code} at ${m.pointer}: ${m.message}`);
        }
        if (i.numErrors > 0) failed += 1;
    }
    process.exit(failed > 0 ? 1 : 0);
}
main().catch((e) => { console.error(e); process.exit(2); });

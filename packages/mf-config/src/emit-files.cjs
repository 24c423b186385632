// @ts-check
const fs = require('node:fs');
const path = require('node:path');

/**
 * Copies static files into the build output: every file of `dir` (the shell's public/ folder, e.g.
 * under-construction.json) and/or a list of single files (a remote's routes.json) or texts (shared-deps.json). Written here because
 * the copy is two lines and not worth another dependency.
 */
class EmitFilesPlugin {
  /** @param {{ dir?: string, files?: Array<{ from: string, to: string } | { text: string, to: string }> }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of this.list()) {
            if ('text' in file) {
              compilation.emitAsset(file.to, new RawSource(file.text));
              continue;
            }
            compilation.fileDependencies.add(file.from);
            compilation.emitAsset(file.to, new RawSource(fs.readFileSync(file.from)));
          }
        },
      );
    });
  }

  list() {
    /** @type {Array<{ from: string, to: string } | { text: string, to: string }>} */
    const out = [...(this.options.files ?? [])];
    const { dir } = this.options;
    if (dir && fs.existsSync(dir)) {
      const walk = (/** @type {string} */ d) => {
        for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
          const full = path.join(d, entry.name);
          if (entry.isDirectory()) walk(full);
          else out.push({ from: full, to: path.relative(dir, full).split(path.sep).join('/') });
        }
      };
      walk(dir);
    }
    return out;
  }
}

module.exports = { EmitFilesPlugin };

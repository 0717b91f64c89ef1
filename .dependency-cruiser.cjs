// The server's module folders (server/src/modules/*) depend on one another in one direction only:
// a cycle between two of them fails `make lint` (issue 33). The folders inside staff/ are one
// module, so a cycle among them is not reported; one through another module is.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-folder-cycle',
      comment:
        'Two module folders import each other, directly or through others. Move the shared code to the folder it belongs to (or to one both may import) so the dependency runs one way.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/modules/([^/]+)' },
      to: { pathNot: '^server/src/modules/$1(/|$)', circular: true },
    },
  ],
  options: {
    includeOnly: '^server/src/modules/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};

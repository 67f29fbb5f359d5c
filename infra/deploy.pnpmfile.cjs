// Used only by `pnpm deploy` for the image: @prisma/client's optional peers (the prisma CLI and
// TypeScript) are build tools; linking them into the runtime would ship ~90 MB nobody loads.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === "@prisma/client") {
        delete pkg.peerDependencies;
        delete pkg.peerDependenciesMeta;
      }
      return pkg;
    },
  },
};

// Points git at the repository's hooks (.githooks) on `npm install`. Does nothing, successfully,
// where there is no git work tree (a Docker build, an unpacked tarball) or in CI.
import { execFileSync } from 'node:child_process';

if (process.env.CI === 'true') process.exit(0);
try {
  execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { stdio: 'ignore' });
  execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' });
} catch {
  // no git, or not a repository: nothing to install
}

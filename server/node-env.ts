/**
 * React, React Router and Express choose between their development and
 * production code by NODE_ENV when they are first loaded. config.ts treats an
 * unset NODE_ENV as production, so the process says so before any of them
 * loads: server.ts imports this module first. (Left unset, every page was
 * rendered by React's development build, several times slower.)
 */
process.env.NODE_ENV ??= "production";

// The real redis-server the fleet tooling installs and runs (apt, free loopback port, stopped on exit): the
// package's tests start theirs through this one file, so the path into tooling/ is written once.
export { killAllRedis, runRedisServer, type RunningRedis } from '../../../../tooling/fleet/src/redis/run-redis-server';

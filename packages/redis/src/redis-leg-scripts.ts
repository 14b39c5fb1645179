import { RedisScript } from './redis-script';

/*
 * Idempotent legs in the single-use record itself (one key per nonce, so a cluster keeps it in one slot):
 *   '1'                                a token consumed without a key (plain single use)
 *   'r|<key>|<owner>|<lease until>'    a leg running; the lease in ms on Redis's own clock (TIME)
 *   'd|<key>|<sealed answer>'          a leg finished
 * Keys and owners are base64url, so '|' only ever separates. Every write keeps the record's PXAT (KEEPTTL).
 */

const NOW = `redis.replicate_commands()
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** Splits a record into its tag and the fields after it. */
const PARSE = `local function fields(v)
  local out = {}
  local tag = string.sub(v, 1, 1)
  local rest = string.sub(v, 3)
  for i = 1, 2 do
    local bar = string.find(rest, '|', 1, true)
    if not bar then break end
    out[i] = string.sub(rest, 1, bar - 1)
    rest = string.sub(rest, bar + 1)
  end
  out[#out + 1] = rest
  return tag, out
end
`;

/** KEYS: record. ARGV: key, owner, leaseMs, expiresAtMs. Replies {'run', '0'|'1'}, {'running'}, {'done', answer}, {'replayed'}. */
export const CLAIM_LEG = new RedisScript(`${NOW}${PARSE}
local lease = string.format('%d', now + tonumber(ARGV[3]))
local v = redis.call('GET', KEYS[1])
if not v then
  redis.call('SET', KEYS[1], 'r|' .. ARGV[1] .. '|' .. ARGV[2] .. '|' .. lease, 'PXAT', ARGV[4])
  return {'run', '0'}
end
local tag, f = fields(v)
if string.sub(v, 2, 2) ~= '|' or f[1] ~= ARGV[1] then return {'replayed'} end
if tag == 'd' then
  local bar = string.find(v, '|', 3, true)
  return {'done', string.sub(v, bar + 1)}
end
if tag ~= 'r' then return {'replayed'} end
if tonumber(f[3]) > now then return {'running'} end
redis.call('SET', KEYS[1], 'r|' .. ARGV[1] .. '|' .. ARGV[2] .. '|' .. lease, 'KEEPTTL')
return {'run', '1'}
`);

/** KEYS: record. ARGV: owner, leaseMs. Replies 1 when the owner still held the lease (now extended), else 0. */
export const RENEW_LEG = new RedisScript(`${NOW}${PARSE}
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local tag, f = fields(v)
if tag ~= 'r' or f[2] ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], 'r|' .. f[1] .. '|' .. ARGV[1] .. '|' .. string.format('%d', now + tonumber(ARGV[2])), 'KEEPTTL')
return 1
`);

/** KEYS: record. ARGV: key, sealed answer. The first answer wins; replies 1 when this one was stored. */
export const FINISH_LEG = new RedisScript(`${PARSE}
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local tag, f = fields(v)
if tag ~= 'r' or f[1] ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], 'd|' .. ARGV[1] .. '|' .. ARGV[2], 'KEEPTTL')
return 1
`);

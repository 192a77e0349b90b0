// The merge rules of `mergeClaim` (src/core/store.ts), run by Redis as one script so that a
// claim is checked and applied atomically. KEYS: names (canonical → wire), wires (wire →
// canonical), meta (profile, epoch, version, updated). Every value goes back as a string.

/** ARGV: ttl in ms (0: none). Returns {epoch, version, profile, {canonical, wire, ...}}. */
export const LOAD_SCRIPT = `
local held = redis.call('HMGET', KEYS[3], 'profile', 'epoch', 'version')
local ttl = tonumber(ARGV[1])
if ttl > 0 and held[2] then
  for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ttl) end
end
return {held[2] or '', held[3] or '0', held[1] or '', redis.call('HGETALL', KEYS[1])}
`;

/**
 * ARGV: profile, epoch, version (informational), ttl in ms, then canonical, wire, ... Returns
 * {'claimed', epoch, version}, {'stale', epoch, version, profile, {pairs}} or
 * {'profile-mismatch', profile}.
 */
export const CLAIM_SCRIPT = `
local held = redis.call('HMGET', KEYS[3], 'profile', 'epoch', 'version')
local profile, epoch, version = held[1] or '', held[2] or '', held[3] or '0'
local ttl = tonumber(ARGV[4])
local function touch()
  if ttl > 0 and epoch ~= '' then
    for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, ttl) end
  end
end
local function stale()
  touch()
  return {'stale', epoch, version, profile, redis.call('HGETALL', KEYS[1])}
end
if profile ~= '' and profile ~= ARGV[1] then return {'profile-mismatch', profile} end
if epoch ~= ARGV[2] then return stale() end
local byWire, byName = {}, {}
for i = 5, #ARGV, 2 do
  local canonical, wire = ARGV[i], ARGV[i + 1]
  local current = redis.call('HGET', KEYS[1], canonical)
  if current ~= wire then
    if current or redis.call('HEXISTS', KEYS[2], wire) == 1 then return stale() end
    if (byWire[wire] and byWire[wire] ~= canonical) or (byName[canonical] and byName[canonical] ~= wire) then
      return stale()
    end
    byWire[wire], byName[canonical] = canonical, wire
  end
end
local added = 0
for i = 5, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i + 1], ARGV[i])
    added = added + 1
  end
end
local now = redis.call('TIME')
if epoch == '' then epoch = now[1] .. '.' .. now[2] end
if added > 0 then version = tostring(tonumber(version) + 1) end
redis.call('HSET', KEYS[3], 'profile', ARGV[1], 'epoch', epoch, 'version', version, 'updated', now[1])
touch()
return {'claimed', epoch, version}
`;

-- write_rows: the writes a money transaction deferred (deferred-writes.ts), in order, in one call. Each is a
-- table, its rows as JSON (the table's own column names; bigint as strings, read by the column's type) and,
-- for an update, the columns that pick the row. The columns written are the first row's keys, so a column a
-- row leaves out keeps its default. An update that does not find each of its rows is an error: a deferred
-- update is always of a row this transaction made or locked.
create or replace function write_rows(p_writes jsonb) returns void language plpgsql as $fn$
declare
  v_write jsonb;
  v_row jsonb;
  v_columns text[];
  v_match text[];
  v_set text[];
  v_count bigint;
begin
  for v_write in select value from jsonb_array_elements(p_writes) loop
    -- Every payment writes these two: static statements, whose plans PL/pgSQL keeps, where the general case
    -- below is planned again on each EXECUTE (measured: 329 -> 105 µs a transfer).
    if v_write->>'table' = 'notifications' and not v_write ? 'match' then
      insert into notifications (id, user_id, category, type, title, message, action_url, action_text, created_at)
        select r.id, r.user_id, r.category, r.type, r.title, r.message, r.action_url, r.action_text, r.created_at
        from jsonb_populate_recordset(null::notifications, v_write->'rows') r;
      continue;
    end if;
    if v_write->>'table' = 'idempotency_keys' and v_write->'match' = '["user_id", "key"]'
        and jsonb_array_length(v_write->'rows') = 1 then
      update idempotency_keys k
        set response_status = (v_write->'rows'->0->>'response_status')::integer,
            response_body = v_write->'rows'->0->>'response_body'
        where k.user_id = v_write->'rows'->0->>'user_id' and k.key = v_write->'rows'->0->>'key';
      get diagnostics v_count = row_count;
      if v_count <> 1 then
        raise exception 'write_rows: no idempotency key %', v_write->'rows'->0;
      end if;
      continue;
    end if;
    select array_agg(key) into v_columns from jsonb_object_keys(v_write->'rows'->0) key;
    if v_write ? 'match' then
      select array_agg(value) into v_match from jsonb_array_elements_text(v_write->'match');
      select array_agg(c) into v_set from unnest(v_columns) c where not c = any(v_match);
      -- One row at a time: from a recordset the planner expects 100 rows and hash-joins them against a
      -- sequential scan of the table (measured: 586 µs a call at 20,000 keys); one row is one index probe.
      for v_row in select value from jsonb_array_elements(v_write->'rows') loop
        execute format(
          'update %1$I t set (%2$s) = row(%3$s) from jsonb_populate_record(null::%1$I, $1) r where %4$s',
          v_write->>'table',
          (select string_agg(format('%I', c), ', ') from unnest(v_set) c),
          (select string_agg(format('r.%I', c), ', ') from unnest(v_set) c),
          (select string_agg(format('t.%1$I = r.%1$I', c), ' and ') from unnest(v_match) c)
        ) using v_row;
        get diagnostics v_count = row_count;
        if v_count <> 1 then
          raise exception 'write_rows: no row of % matches %', v_write->>'table', v_row;
        end if;
      end loop;
    else
      execute format(
        'insert into %1$I (%2$s) select %2$s from jsonb_populate_recordset(null::%1$I, $1)',
        v_write->>'table',
        (select string_agg(format('%I', c), ', ') from unnest(v_columns) c)
      ) using v_write->'rows';
    end if;
  end loop;
end
$fn$
